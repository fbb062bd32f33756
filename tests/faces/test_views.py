"""The face pages: template editor (save, errors at their path, history, going back), live previews."""

import json

import pytest
from django.urls import reverse

from faces import selectors
from faces.models import FaceTemplateVersion
from faces.template import template_for

pytestmark = pytest.mark.django_db


def _first_colour_row(game):
    from faces.editor import rows

    return next(r for r in rows(template_for(game)) if r.kind == "colour")


def test_the_editor_shows_the_template_samples_and_history(
    client_as, designer, make_card, django_assert_num_queries
):
    for name in ("Un", "Deux", "Trois"):
        make_card("darkrow", name=name)
    client = client_as(designer)
    url = reverse("faces:template", args=["darkrow"])
    client.get(url)  # warm the session and the permission caches (kept: studio.permissions)
    # (the header's unread count among them: comments)
    with django_assert_num_queries(8):
        page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert _first_colour_row("darkrow").name in html
    assert html.count('<svg class="face"') >= 3
    assert "Never edited" in html


def test_a_designer_saves_a_change_as_a_new_version(client_as, designer):
    row = _first_colour_row("darkrow")
    response = client_as(designer).post(
        reverse("faces:template", args=["darkrow"]),
        {"mode": "fields", "version": "0", row.name: "#102030", "note": "darker"},
    )
    assert response.status_code == 302
    current = selectors.template_current("darkrow")
    assert current.version == 1
    page = client_as(designer).get(reverse("faces:template", args=["darkrow"])).content.decode()
    assert "v1" in page and "dana" in page and "darker" in page


def test_a_bad_template_is_shown_at_its_path_and_nothing_is_stored(client_as, designer):
    data = {**template_for("darkrow"), "bogus": 1}
    response = client_as(designer).post(
        reverse("faces:template", args=["darkrow"]),
        {"mode": "json", "version": "0", "template_json": json.dumps(data)},
    )
    assert response.status_code == 400
    assert "bogus" in response.content.decode()
    assert not FaceTemplateVersion.objects.exists()


def test_a_designer_goes_back_to_an_older_version(client_as, designer):
    row = _first_colour_row("darkrow")
    client = client_as(designer)
    url = reverse("faces:template", args=["darkrow"])
    client.post(url, {"mode": "fields", "version": "0", row.name: "#102030"})
    client.post(url, {"mode": "fields", "version": "1", row.name: "#405060"})
    response = client.post(
        reverse("faces:template-restore", args=["darkrow"]), {"version": "2", "restore": "1"}
    )
    assert response.status_code == 302
    current = selectors.template_current("darkrow")
    assert current.version == 3
    assert selectors.template_version_get(game="darkrow", version=1).data == current.data


def test_a_reviewer_reads_the_editor_but_cannot_save(client_as, reviewer):
    client = client_as(reviewer)
    assert client.get(reverse("faces:template", args=["darkrow"])).status_code == 200
    row = _first_colour_row("darkrow")
    response = client.post(
        reverse("faces:template", args=["darkrow"]), {"mode": "fields", row.name: "#000000"}
    )
    assert response.status_code == 403
    assert not FaceTemplateVersion.objects.exists()


def test_a_playtester_has_no_template_editor(client_as, playtester):
    assert client_as(playtester).get(reverse("faces:template", args=["darkrow"])).status_code == 403


def test_an_unknown_game_is_404(client_as, designer):
    assert client_as(designer).get(reverse("faces:template", args=["nogame"])).status_code == 404


def test_the_template_preview_draws_what_is_typed_and_stores_nothing(client_as, designer, make_card):
    make_card("darkrow", name="Aperçu")
    row = _first_colour_row("darkrow")
    response = client_as(designer).post(
        reverse("faces:template-preview", args=["darkrow"]), {"mode": "fields", row.name: "#ff0000"}
    )
    assert response.status_code == 200
    assert "<svg" in response.content.decode()
    assert not FaceTemplateVersion.objects.exists()
    bad = client_as(designer).post(
        reverse("faces:template-preview", args=["darkrow"]), {"mode": "json", "template_json": '{"bogus": 1}'}
    )
    assert "bogus" in bad.content.decode() and "<svg" not in bad.content.decode()


def _decoded_face(html: str) -> str:
    import html as entities
    import re

    return entities.unescape(re.search(r"<svg.*</svg>", html, re.S).group(0))


def test_the_card_editor_preview_draws_the_unsaved_form(
    client_as, designer, make_card, django_assert_num_queries
):
    card = make_card("darkrow")
    client = client_as(designer)
    form = {
        "game": "darkrow",
        "stableCardId": card.stable_id,
        "name": "Nom pas encore enregistré",
        "type": "UNIT",
        "cost": "3",
        "atk": "4",
        "pv": "3",
        "text": "",
        "archetypes": "",
        "effects": "[]",
    }
    client.post(reverse("faces:card-preview"), form)
    # session (and the permissions stamp), user, the card, its artwork, the template (a fragment: no
    # header, so no query of the menu's roles)
    with django_assert_num_queries(5):
        response = client.post(reverse("faces:card-preview"), form)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="face-findings" hx-swap-oob="true"' in html
    assert "Nom pas encore" in _decoded_face(html) or "NOM PAS ENCORE" in _decoded_face(html)
    card.refresh_from_db()
    assert card.name != "Nom pas encore enregistré"


def test_the_card_editor_preview_shows_the_overflow_finding(client_as, designer):
    response = client_as(designer).post(
        reverse("faces:card-preview"),
        {
            "game": "darkrow",
            "name": "Trop",
            "type": "UNIT",
            "text": "Beaucoup trop de texte. " * 80,
            "effects": "[]",
        },
    )
    assert "TEXT_OVERFLOW" in response.content.decode()


def test_a_playtester_gets_no_editor_preview(client_as, playtester):
    response = client_as(playtester).post(reverse("faces:card-preview"), {"game": "darkrow", "name": "x"})
    assert response.status_code == 403


def test_the_card_page_shows_the_face(client_as, designer, playtester, make_card):
    card = make_card("darkrow")
    page = client_as(designer).get(reverse("cards:detail", args=[card.stable_id])).content.decode()
    assert reverse("faces-api:card-face-svg", args=[card.stable_id]) in page
    assert reverse("faces:card-preview") in page  # the editor's live face
    assert reverse("faces-api:card-face-png", args=[card.stable_id]) in page  # the download


def test_the_stored_cards_face_partial_follows_visibility(client_as, playtester, designer, make_card):
    card = make_card("darkrow")  # a draft
    url = reverse("faces:card-face", args=[card.stable_id])
    assert client_as(playtester).get(url).status_code == 404
    assert client_as(designer).get(url).status_code == 200


def test_the_deck_faces_page_shows_the_verdict_computed_now_for_a_stale_deck(
    client_as, playtester, duel_deck
):
    """The verdict comes through decks.selectors.deck_verdict, as on the deck's own pages: a stale
    deck's stored result is not shown, what validating it now says is."""
    import re

    from decks.models import Deck

    legal = Deck.objects.get(pk=duel_deck.pk).legal
    assert legal is not None
    Deck.objects.filter(pk=duel_deck.pk).update(stale=True, legal=not legal)  # an old, wrong result
    client = client_as(playtester)

    def verdict(url):
        html = client.get(url).content.decode()
        return re.search(r'<span id="head-verdict">(.*?)</p>', html, re.S).group(1)

    faces = verdict(reverse("faces:deck", args=[duel_deck.pk]))
    assert faces == verdict(reverse("decks:detail", args=[duel_deck.pk]))
    assert "badge stale" in faces and (">Legal<" in faces) == legal
