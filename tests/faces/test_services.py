"""Stored templates: validated edits, an append-only history, going back as a new version; cached faces."""

import pytest

from common.errors import InvalidInput, StaleVersion
from common.history import AppendOnlyError
from faces import selectors, services
from faces.inputs import face_inputs
from faces.models import FaceRendition, FaceTemplate, FaceTemplateVersion
from faces.template import template_for

pytestmark = pytest.mark.django_db


def _colour_path(data, prefix=()):
    """The path (keys) of the first colour in a template."""
    for key, value in data.items():
        if isinstance(value, dict):
            found = _colour_path(value, (*prefix, key))
            if found:
                return found
        elif isinstance(value, str) and value.startswith("#"):
            return (*prefix, key)
    return None


def _with(data, path, value):
    import copy

    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def test_a_game_starts_from_its_rule_sets_default():
    current = selectors.template_current("darkrow")
    assert current.version == 0
    assert current.data == template_for("darkrow")
    assert current.stored is None


@pytest.mark.parametrize("game", ["darkrow", "vanguard", "chesscards"])
def test_the_default_is_built_once_and_each_caller_changes_only_its_own_copy(game, monkeypatch):
    """The default (version 0) is the rule set's template and its digest, built once a process, not
    for each face drawn or card page; each call gets a copy of its own to change."""
    from faces import template as template_module

    expected = template_for(game)
    selectors._default(game)
    built = []
    real = template_module.template_for
    monkeypatch.setattr(template_module, "template_for", lambda g: built.append(g) or real(g))
    first, second = selectors._default(game), selectors._default(game)
    assert built == []
    assert first.data == second.data == expected and first.data is not second.data
    assert first.digest == selectors.template_digest(expected) and first.version == 0
    first.data["regions"].clear()
    first.data["changed"] = True
    assert selectors._default(game).data == expected
    assert selectors.template_current(game).data == expected


def test_the_default_follows_the_rule_set_registered_and_the_renderer_revision(monkeypatch):
    """A game registered again under its key is served its own default, never the one before it; a
    new renderer revision is a new digest."""
    from faces import render
    from rules import RuleSet, registry

    class Slate(RuleSet):
        # Not the sixth game's key (tests/sixth_game.py, registered in .ci/run's first pass).
        key = "slate"
        name = "Slate"
        card_types = ("CARD",)
        id_prefix = "SL"
        default_format = "x"
        face_template = {"regions": [], "marker": 1}

    class SlateAgain(Slate):
        face_template = {"regions": [], "marker": 2}

    with registry.registered(Slate):
        before = selectors._default("slate")
        assert before.data == {"regions": [], "marker": 1}
    with registry.registered(SlateAgain):
        again = selectors._default("slate")
        assert again.data == {"regions": [], "marker": 2}
        assert again.digest == selectors.template_digest(again.data) != before.digest
        monkeypatch.setattr(render, "RENDERER_REVISION", "2", raising=False)
        redrawn = selectors._default("slate")
        assert redrawn.digest == selectors.template_digest(again.data) != again.digest


def test_an_edit_is_a_new_version_with_who_and_the_whole_data(designer):
    base = template_for("darkrow")
    path = _colour_path(base)
    edited = _with(base, path, "#123456")
    template = services.template_save(game="darkrow", data=edited, user=designer, note="darker")
    assert template.version == 1
    assert selectors.template_current("darkrow").data == edited
    (v1,) = selectors.template_versions(game="darkrow")
    assert (v1.version, v1.author_name, v1.note, v1.data) == (1, "dana", "darker", edited)
    again = services.template_save(game="darkrow", data=_with(base, path, "#654321"), user=designer)
    assert again.version == 2
    assert [v.version for v in selectors.template_versions(game="darkrow")] == [2, 1]


def test_saving_the_same_data_stores_no_version(designer):
    data = _with(template_for("vanguard"), _colour_path(template_for("vanguard")), "#abcdef")
    services.template_save(game="vanguard", data=data, user=designer)
    services.template_save(game="vanguard", data=data, user=designer)
    assert FaceTemplateVersion.objects.filter(template__game="vanguard").count() == 1


def test_a_bad_template_is_refused_at_its_path_and_nothing_is_stored(designer):
    base = template_for("darkrow")
    path = _colour_path(base)
    bad = _with({**base, "bogusKey": 1}, path, "not a colour")
    with pytest.raises(InvalidInput) as refused:
        services.template_save(game="darkrow", data=bad, user=designer)
    fields = {f.field for f in refused.value.findings}
    assert any("bogusKey" in f for f in fields)
    assert any(path[-1] in f for f in fields)
    assert all(f.code == "TEMPLATE_INVALID" for f in refused.value.findings)
    assert not FaceTemplate.objects.exists()
    assert not FaceTemplateVersion.objects.exists()


def test_a_stale_edit_changes_nothing(designer):
    base = template_for("darkrow")
    path = _colour_path(base)
    services.template_save(game="darkrow", data=_with(base, path, "#111111"), user=designer)
    with pytest.raises(StaleVersion):
        services.template_save(
            game="darkrow", data=_with(base, path, "#222222"), user=designer, expected_version=0
        )
    assert selectors.template_current("darkrow").version == 1


def test_going_back_is_a_new_version_and_history_stays(designer):
    base = template_for("darkrow")
    path = _colour_path(base)
    services.template_save(game="darkrow", data=_with(base, path, "#111111"), user=designer)
    services.template_save(game="darkrow", data=_with(base, path, "#222222"), user=designer)
    restored = services.template_restore(game="darkrow", version=1, user=designer)
    assert restored.version == 3
    assert selectors.template_current("darkrow").data == _with(base, path, "#111111")
    v3 = selectors.template_version_get(game="darkrow", version=3)
    assert v3.restored_from == 1
    default = services.template_restore(game="darkrow", version=0, user=designer)
    assert default.version == 4 and selectors.template_current("darkrow").data == base


def test_versions_are_append_only(designer):
    services.template_save(
        game="darkrow",
        data=_with(template_for("darkrow"), _colour_path(template_for("darkrow")), "#101010"),
        user=designer,
    )
    version = FaceTemplateVersion.objects.get()
    with pytest.raises(AppendOnlyError):
        version.save()
    with pytest.raises(AppendOnlyError):
        version.delete()


# --- cached renditions ---------------------------------------------------------------------------
def test_a_face_is_made_once_per_key(make_card, django_assert_num_queries):
    card = make_card("darkrow")
    first = services.face_png(face_inputs(card), dpi=100)
    assert FaceRendition.objects.count() == 1
    assert (first.width, first.height) == (248, 346)
    inputs = face_inputs(card)
    with django_assert_num_queries(1):  # the lookup only: nothing drawn, nothing stored
        second = services.face_png(inputs, dpi=100)
    assert second.pk == first.pk
    assert FaceRendition.objects.count() == 1


def test_a_face_drawn_is_stored_with_one_insert_and_two_workers_store_it_once(
    make_card, django_assert_num_queries
):
    card = make_card("darkrow")
    inputs = face_inputs(card)
    # Drawn: the lookup, then the row (in its savepoint): no second look before the insert.
    with django_assert_num_queries(4):  # SELECT, SAVEPOINT, INSERT, RELEASE
        first = services.face_png(inputs, dpi=100)
    # Another worker drew the same key before it was stored: its row is found, not a second one.
    key = services.face_key(inputs, dpi=100, bleed_mm=0)
    again = services._store_png(key, first.file.open("rb").read(), services.render_inputs(inputs).face)
    assert again.pk == first.pk and FaceRendition.objects.count() == 1


def test_a_new_card_version_or_template_makes_a_new_face(make_card, designer):
    from cards.services import card_update

    card = make_card("darkrow")
    services.face_png(face_inputs(card), dpi=100)
    card = card_update(stable_id=card.stable_id, data={"text": "Une ligne de plus."}, user=designer)
    services.face_png(face_inputs(card), dpi=100)
    assert FaceRendition.objects.count() == 2
    base = template_for("darkrow")
    services.template_save(game="darkrow", data=_with(base, _colour_path(base), "#0a0a0a"), user=designer)
    inputs = face_inputs(card)
    made = services.face_png(inputs, dpi=100)
    assert made.template_version == 1
    assert FaceRendition.objects.count() == 3
    assert services.face_key(inputs, dpi=100, bleed_mm=0).template_digest == inputs.template.digest


def test_the_key_holds_size_and_bleed(make_card):
    card = make_card("darkrow")
    inputs = face_inputs(card)
    keys = {services.face_key(inputs, dpi=d, bleed_mm=b) for d, b in [(100, 0), (300, 0), (300, 3)]}
    assert len(keys) == 3
    bled = services.face_png(inputs, dpi=300, bleed_mm=3)
    assert (bled.width, bled.height) == (815, 1110)


def test_the_task_makes_the_precomputed_faces_once(make_card):
    from faces.tasks import render_cards

    card = make_card("darkrow")
    assert render_cards.delay([card.pk]).get() == {"made": 2, "cached": 0, "failed": 0}
    assert render_cards.delay([card.pk]).get() == {"made": 0, "cached": 2, "failed": 0}


def test_a_card_change_enqueues_its_faces_on_commit(
    make_card, designer, settings, django_capture_on_commit_callbacks
):
    from cards.services import card_update

    settings.FACES_PRECOMPUTE = True
    card = make_card("darkrow")
    with django_capture_on_commit_callbacks(execute=True):
        card_update(stable_id=card.stable_id, data={"text": "Nouveau texte."}, user=designer)
    assert FaceRendition.objects.filter(card=card, card_version=card.version + 1).count() == 2


def test_a_template_change_renders_the_games_faces_again(
    make_card, designer, settings, django_capture_on_commit_callbacks
):
    settings.FACES_PRECOMPUTE = True
    card = make_card("darkrow")
    base = template_for("darkrow")
    with django_capture_on_commit_callbacks(execute=True):
        services.template_save(game="darkrow", data=_with(base, _colour_path(base), "#0b0b0b"), user=designer)
    assert FaceRendition.objects.filter(card=card, template_version=1).count() == 2


@pytest.mark.parametrize("value", ["-1", "11", "x", "nan"])
def test_a_bleed_out_of_range_is_refused(value):
    with pytest.raises(InvalidInput):
        services.read_bleed(value)


@pytest.mark.parametrize("value", ["0", "10000", "dpi"])
def test_a_dpi_out_of_range_is_refused(value):
    with pytest.raises(InvalidInput):
        services.read_dpi(value)
