"""The card admin: writes through the services (revisions, workflow), errors as form errors."""

import pytest
from django.contrib.auth.models import Permission

from cards import services
from cards.models import Card, CardRevision

pytestmark = pytest.mark.django_db

ADD = "/admin/cards/card/add/"
LIST = "/admin/cards/card/"
INLINE = {
    "revisions-TOTAL_FORMS": "0",
    "revisions-INITIAL_FORMS": "0",
    "revisions-MIN_NUM_FORMS": "0",
    "revisions-MAX_NUM_FORMS": "1000",
}


def change_url(card):
    return f"/admin/cards/card/{card.pk}/change/"


def form_data(**fields):
    data = {
        "game": "darkrow",
        "name": "Toyama Kazuha",
        "type": "UNIT",
        "set_code": "",
        "text": "",
        "archetypes": '["Lycéenne"]',
        "game_fields": '{"cost": 3, "atk": 4, "pv": 3}',
        "effects": "[]",
        "origin": "USER",
        "creation_method": "MANUAL",
        **INLINE,
    }
    data.update(fields)
    return data


def change_data(card, **fields):
    data = form_data(**fields)
    for key in ("game", "origin", "creation_method"):
        data.pop(key)
    data.setdefault("expected_version", str(card.version))
    return data


@pytest.fixture
def superuser(make_user):
    return make_user(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def staff(make_user):
    """A staff user with one role: staff("designer") or staff("reviewer")."""

    def make(role):
        user = make_user(role, username=f"staff-{role}", is_staff=True)
        return user

    return make


def errors_of(response) -> dict:
    form = response.context["adminform"].form
    return {field: list(messages) for field, messages in form.errors.items()}


def test_the_add_and_change_pages_open(client, superuser, make_card):
    client.force_login(superuser)
    assert client.get(ADD).status_code == 200
    card = make_card()
    page = client.get(change_url(card))
    assert page.status_code == 200
    assert b"DR-" in page.content and b"FIELD_REQUIRED" not in page.content
    assert client.get(LIST).status_code == 200
    assert client.get(LIST, {"q": "kazuha"}).status_code == 200
    assert client.get("/admin/cards/cardrevision/").status_code == 200


def test_adding_a_card_goes_through_the_services(client, superuser):
    client.force_login(superuser)
    response = client.post(ADD, form_data())
    assert response.status_code == 302, errors_of(response)
    card = Card.objects.get()
    assert card.stable_id.startswith("DR-") and card.version == 1 and card.status == "DRAFT"
    assert card.game_fields == {"cost": 3, "atk": 4, "pv": 3, "behavior": None}
    assert card.archetype_index == "|LYCEENNE|"
    (revision,) = CardRevision.objects.filter(card=card)
    assert (revision.action, revision.author, revision.note) == ("CREATE", superuser, "from the admin")


def test_a_change_through_the_admin_writes_a_revision_and_follows_the_workflow(
    client, superuser, reviewer, make_card
):
    card = make_card(creationMethod="IMPORTED")
    card = services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    client.force_login(superuser)
    response = client.post(
        change_url(card), change_data(card, text="Rapide.", game_fields='{"cost": 3, "atk": 5, "pv": 3}')
    )
    assert response.status_code == 302, errors_of(response)
    card.refresh_from_db()
    assert (card.text, card.game_fields["atk"], card.version) == ("Rapide.", 5, 3)
    assert (card.status, card.user_modified) == ("NEEDS_REVIEW", True)  # edited when VALIDATED; imported
    revision = CardRevision.objects.filter(card=card).order_by("version").last()
    assert (revision.action, revision.author_name, revision.note) == ("UPDATE", "root", "from the admin")
    assert revision.changes["atk"] == {"before": 4, "after": 5}
    assert revision.changes["status"] == {"before": "VALIDATED", "after": "NEEDS_REVIEW"}


def test_saving_an_unchanged_card_writes_nothing(client, superuser, make_card):
    card = make_card()
    client.force_login(superuser)
    assert client.post(change_url(card), change_data(card, archetypes="[]")).status_code == 302
    assert CardRevision.objects.filter(card=card).count() == 1


def test_a_game_field_left_out_of_the_json_is_emptied(client, superuser, make_card):
    card = make_card()
    client.force_login(superuser)
    response = client.post(
        change_url(card), change_data(card, archetypes="[]", game_fields='{"cost": 3, "atk": 4}')
    )
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.game_fields["pv"] is None


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"type": "BOSS"}, {"type"}),
        ({"name": ""}, {"name"}),
        ({"game_fields": '{"cost": "trois"}'}, {"game_fields"}),
        ({"game_fields": '{"hp": 3}'}, {"game_fields"}),
        ({"game_fields": "[1, 2]"}, {"game_fields"}),
        ({"game_fields": "{not json"}, {"game_fields"}),
        ({"archetypes": '"Lycéenne"'}, {"archetypes"}),
        ({"archetypes": "[1]"}, {"archetypes"}),
        ({"effects": '{"id": 1}'}, {"effects"}),
        ({"game": "pokemon"}, {"game"}),
        ({"text": "a\x00b"}, {"text"}),
        ({"game_fields": '{"behavior": "a\\u0000b"}'}, {"game_fields"}),
    ],
)
def test_bad_input_is_shown_as_form_errors_and_stores_nothing(client, superuser, fields, expected):
    client.force_login(superuser)
    response = client.post(ADD, form_data(**fields))
    assert response.status_code == 200
    assert set(errors_of(response)) == expected
    assert not Card.objects.exists() and not CardRevision.objects.exists()


def test_a_stale_change_is_a_form_error(client, superuser, designer, make_card):
    card = make_card()
    stale = change_data(card, text="Mon édition.")
    services.card_update(stable_id=card.stable_id, data={"text": "Édition concurrente."}, user=designer)
    client.force_login(superuser)
    response = client.post(change_url(card), stale)
    assert response.status_code == 200
    assert "the card changed since you read it" in errors_of(response)["__all__"][0]
    card.refresh_from_db()
    assert (card.text, card.version) == ("Édition concurrente.", 2)


def test_a_change_that_the_rules_refuse_is_a_form_error_on_the_field(client, superuser, make_card):
    card = make_card()
    client.force_login(superuser)
    response = client.post(
        change_url(card), change_data(card, type="PLACE", game_fields='{"cost": 1, "atk": "x"}')
    )
    assert errors_of(response) == {"game_fields": ['atk must be a whole number, not "x"']}
    assert Card.objects.get().type == "UNIT"


def test_the_admin_search_ignores_case_and_accents(client, superuser, make_card):
    make_card("chesscards", name="Échange équivalent", stableCardId="CC-019")
    make_card("chesscards", name="Mur", stableCardId="CC-005")
    client.force_login(superuser)
    for term in ("echange EQUIVALENT", "Échange", "cc-019"):
        found = client.get(LIST, {"q": term}).context["cl"].result_list
        assert [card.stable_id for card in found] == ["CC-019"], term


def test_cards_are_never_deleted_from_the_admin(client, superuser, make_card):
    card = make_card()
    client.force_login(superuser)
    assert client.post(f"/admin/cards/card/{card.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Card.objects.exists()


# --- workflow actions ---------------------------------------------------------------------------


def run_action(client, action, *cards):
    return client.post(LIST, {"action": action, "_selected_action": [c.pk for c in cards]}, follow=True)


def test_a_designer_staff_user_submits_but_cannot_validate(client, staff, make_card):
    card = make_card()
    designer = staff("designer")
    client.force_login(designer)
    page = client.get(LIST)
    offered = [value for value, _ in page.context["action_form"].fields["action"].choices]
    assert (
        "move_to_needs_review" in offered
        and "move_to_validated" not in offered
        and "move_to_disabled" not in offered
    )
    run_action(client, "move_to_validated", card)
    card.refresh_from_db()
    assert card.status == "DRAFT"
    run_action(client, "move_to_needs_review", card)
    card.refresh_from_db()
    assert card.status == "NEEDS_REVIEW"
    revision = CardRevision.objects.filter(card=card).order_by("version").last()
    assert (revision.action, revision.author_name, revision.note) == (
        "STATUS",
        "staff-designer",
        "from the admin",
    )


def test_a_reviewer_staff_user_validates_through_the_workflow(client, staff, make_card):
    good = make_card(stableCardId="DR-U01")
    client.force_login(staff("reviewer"))
    response = run_action(client, "move_to_validated", good)
    assert "1 card(s) moved to VALIDATED." in response.content.decode()
    good.refresh_from_db()
    assert good.status == "VALIDATED"


def test_an_action_refused_for_one_card_changes_none_and_names_it(client, staff, make_card):
    good = make_card(stableCardId="DR-U01")
    bad = make_card(
        stableCardId="DR-O01", name="Uniforme", type="OBJECT", cost=1, atk=None, pv=None
    )  # no behavior
    client.force_login(staff("reviewer"))
    response = run_action(client, "move_to_validated", good, bad)
    text = response.content.decode()
    assert "Nothing changed." in text and "Uniforme (DR-O01)" in text and "behavior" in text
    assert set(Card.objects.values_list("status", flat=True)) == {"DRAFT"}


def test_a_staff_user_without_a_card_role_sees_no_card(client, make_user):
    user = make_user(username="clerk", is_staff=True)
    client.force_login(user)
    assert client.get(LIST).status_code == 403
    user.user_permissions.add(Permission.objects.get(codename="view_card"))
    assert client.get(LIST).status_code == 200
