"""What a role may not see, it cannot learn through decks: a card hidden from a playtester is
UNKNOWN_CARD exactly like one that does not exist, and nobody reads another's collection."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks import services
from decks.models import Deck, OwnedCard
from decks.services import decks as deck_writes

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(make_card, designer):
    """A DRAFT card (playtesters may not see it) and a VALIDATED one."""
    draft = make_card("darkrow", name="Secret Draft", user=designer)
    shown = make_card("darkrow", name="Public Card", user=designer)
    Card.objects.filter(pk=shown.pk).update(status="VALIDATED")
    return draft, shown


def codes(body) -> list[tuple[str, str]]:
    return [(v["code"], v.get("card")) for v in body["violations"]]


def validate(api, user, ref):
    deck = {"game": "darkrow", "name": "probe", "sections": {"main": [{"card": ref, "count": 1}]}}
    return api(user).post("/api/decks/validate/", deck, format="json")


@pytest.mark.parametrize("status", ["DRAFT", "NEEDS_REVIEW", "DISABLED"])
def test_a_hidden_card_is_unknown_exactly_like_a_missing_one(api, playtester, hidden, status):
    draft, _ = hidden
    Card.objects.filter(pk=draft.pk).update(status=status)
    by_id, by_name = validate(api, playtester, draft.stable_id), validate(api, playtester, "Secret Draft")
    missing = validate(api, playtester, "DR-NOPE-999")
    assert by_id.status_code == by_name.status_code == missing.status_code == 200
    assert ("UNKNOWN_CARD", draft.stable_id) in codes(by_id.json())
    assert ("UNKNOWN_CARD", "Secret Draft") in codes(by_name.json())
    # Nothing in the answer tells the hidden card from one that does not exist.
    strip = lambda body, ref: str(body).replace(ref, "REF")
    assert strip(by_id.json(), draft.stable_id) == strip(missing.json(), "DR-NOPE-999")
    assert "Secret" not in str(by_id.json()) and status not in str(by_id.json())


def test_a_designer_still_sees_the_draft(api, designer, hidden):
    draft, _ = hidden
    assert ("UNKNOWN_CARD", draft.stable_id) not in codes(validate(api, designer, draft.stable_id).json())


def test_adding_a_hidden_card_in_the_builder_is_unknown(playtester, hidden):
    from common.errors import InvalidInput

    draft, shown = hidden
    deck = services.deck_create(data={"game": "darkrow", "name": "d", "sections": {}}, user=playtester)
    with pytest.raises(InvalidInput) as refused:
        services.deck_card_add(deck=deck, stable_id=draft.stable_id, user=playtester)
    assert refused.value.findings[0].code == "UNKNOWN_CARD"
    services.deck_card_add(deck=deck, stable_id=shown.stable_id, user=playtester)


def test_a_hidden_card_cannot_enter_a_collection(api, playtester, hidden):
    draft, _ = hidden
    response = api(playtester).patch("/api/me/collection/", {draft.stable_id: 1}, format="json")
    assert response.status_code == 400 and "UNKNOWN_CARD" in str(response.json())
    assert not OwnedCard.objects.exists()


def test_owner_in_validation_is_the_caller_unless_reviewer(api, make_user, playtester, reviewer, monkeypatch):
    other = make_user("playtester", username="olga")
    read = []
    real = services.check_input
    monkeypatch.setattr(
        deck_writes,  # where deck_check looks it up
        "check_input",
        lambda deck_input, user=None: read.append(deck_input.owner) or real(deck_input, user),
    )
    deck = {"game": "darkrow", "name": "probe", "owner": other.username, "sections": {"main": []}}
    assert api(playtester).post("/api/decks/validate/", deck, format="json").status_code == 200
    assert api(reviewer).post("/api/decks/validate/", deck, format="json").status_code == 200
    assert read == [playtester.username, other.username]  # olga's collection only for the reviewer


# --- stored decks: validated against the cards their owner may see ------------------------------------
def stored(api, user, refs):
    deck = {"game": "darkrow", "name": "probe", "sections": {"main": [{"card": r, "count": 1} for r in refs]}}
    response = api(user).post("/api/decks/", deck, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def stored_validation(api, user, pk):
    body = api(user).get(f"/api/decks/{pk}/").json()["validation"]
    body.pop("validatedAt")
    return body


def test_a_stored_deck_never_names_a_hidden_card_nor_its_status(api, playtester, reviewer, hidden):
    draft, _ = hidden
    pk = stored(api, playtester, [draft.stable_id, "Secret Draft"])
    missing = stored(api, playtester, ["DR-NOPE-999", "Qwxz Jkvb"])
    for when in ("stored", "revalidated"):
        if when == "revalidated":
            services.decks_revalidate(decks=Deck.objects.all())
        body = stored_validation(api, playtester, pk)
        assert codes(body)[:2] == [("UNKNOWN_CARD", draft.stable_id), ("UNKNOWN_CARD", "Secret Draft")], when
        assert "DRAFT" not in str(body) and "CARD_NOT_VALIDATED" not in str(body), when
        # Exactly the answer for cards that do not exist.
        other = stored_validation(api, playtester, missing)
        same = str(body).replace(draft.stable_id, "A").replace("Secret Draft", "B")
        assert same == str(other).replace("DR-NOPE-999", "A").replace("Qwxz Jkvb", "B"), when
        # A reviewer reads the deck as its owner's cards judge it.
        assert stored_validation(api, reviewer, pk) == body


def test_a_card_a_deck_held_stays_named_but_a_new_reference_to_it_is_unknown(
    api, playtester, reviewer, hidden, django_capture_on_commit_callbacks
):
    from cards import services as card_services

    _, shown = hidden
    held = stored(api, playtester, [shown.stable_id])
    assert "UNKNOWN_CARD" not in str(stored_validation(api, playtester, held))
    # The change marks the deck stale; its revalidation (a task, in-process here) runs at commit.
    with django_capture_on_commit_callbacks(execute=True):
        card_services.card_set_status(stable_id=shown.stable_id, status="DISABLED", user=reviewer)
    assert not Deck.objects.get(pk=held).stale
    # The player had the card: they are told why their deck no longer plays.
    assert codes(stored_validation(api, playtester, held))[0] == ("CARD_NOT_VALIDATED", shown.stable_id)
    # Naming it now (a new deck, a revalidation of a deck that never held it) learns nothing.
    fresh = stored(api, playtester, [shown.stable_id, "Public Card"])
    services.decks_revalidate(decks=Deck.objects.all())
    body = stored_validation(api, playtester, fresh)
    assert codes(body)[:2] == [("UNKNOWN_CARD", shown.stable_id), ("UNKNOWN_CARD", "Public Card")]
    assert "DISABLED" not in str(body) and "CARD_NOT_VALIDATED" not in str(body)


def test_the_fresh_result_of_a_stale_deck_hides_them_too(playtester, hidden):
    from decks.validation import fresh_results

    _draft, _ = hidden
    deck = services.deck_create(
        data={"game": "darkrow", "name": "d", "sections": {"main": [{"card": "Secret Draft", "count": 1}]}},
        user=playtester,
    )
    [result] = fresh_results([deck]).values()
    assert next(v.code for v in result.violations) == "UNKNOWN_CARD" and "DRAFT" not in str(result)


def test_a_designers_deck_still_sees_its_drafts(api, designer, hidden):
    draft, _ = hidden
    pk = stored(api, designer, [draft.stable_id])
    services.decks_revalidate(decks=Deck.objects.all())
    assert ("CARD_NOT_VALIDATED", draft.stable_id) in codes(stored_validation(api, designer, pk))


def test_a_deck_imported_for_a_playtester_is_judged_by_the_playtesters_cards(playtester, hidden):
    draft, _ = hidden
    deck = services.deck_create(
        data={
            "game": "darkrow",
            "name": "d",
            "owner": playtester.username,
            "sections": {"main": [{"card": draft.stable_id, "count": 1}]},
        },
    )  # a command: no user, the file names the owner
    assert next(v["code"] for v in Deck.objects.get(pk=deck.pk).violations) == "UNKNOWN_CARD"


def test_card_scopes_agree_with_card_list(make_user):
    from cards.selectors import card_list, card_scope, card_scopes

    users = [
        make_user("playtester"),
        make_user("designer"),
        make_user("reviewer"),
        make_user("playtester", "reviewer"),
        make_user(),
        make_user(is_superuser=True),
        make_user("reviewer", is_active=False),
    ]
    scopes = card_scopes(u.pk for u in users)
    assert [scopes[u.pk] for u in users] == [card_scope(u) for u in users]
    # Asked again of other users: the query is built once a process, each call reads its own users.
    later = [make_user("designer"), users[0], users[6]]
    assert card_scopes(u.pk for u in later) == {
        later[0].pk: "all",
        users[0].pk: "validated",
        users[6].pk: "none",
    }
    assert [card_scope(u) for u in users] == ["validated", "all", "all", "all", "none", "all", "none"]
    Card.objects.create(game="darkrow", stable_id="DR-X", name="x", type="UNIT", status="DRAFT")
    Card.objects.create(game="darkrow", stable_id="DR-Y", name="y", type="UNIT", status="VALIDATED")
    seen = {"all": {"DR-X", "DR-Y"}, "validated": {"DR-Y"}, "none": set()}
    for user in users:
        assert set(card_list(user=user).values_list("stable_id", flat=True)) == seen[card_scope(user)]


# --- pages and exports of a deck: what its reader may not see, they do not learn --------------------
DECK_PAGES = [
    ("decks:detail", ""),
    ("decks:panel", ""),
    ("decks:export", "?as=json&download=0"),
    ("decks:export", "?download=0"),
    ("decks:stats", ""),
    ("decks:draws", ""),
]


@pytest.mark.parametrize("status", ["DRAFT", "NEEDS_REVIEW", "DISABLED"])
def test_the_pages_and_exports_of_a_deck_never_show_a_hidden_card(
    client_as, api, playtester, designer, hidden, status, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    draft, shown = hidden
    Card.objects.filter(pk=draft.pk).update(status=status, text="Secret rules text")
    # The playtester names it by id and by a name another card shares nothing with.
    pk = stored(api, playtester, [draft.stable_id, shown.stable_id])
    by_name = stored(api, playtester, ["Secret Draft"])
    for deck_pk, leak in ((pk, "Secret Draft"), (by_name, draft.stable_id)):
        for route, query in DECK_PAGES:
            body = client_as(playtester).get(reverse(route, args=[deck_pk]) + query).content.decode()
            assert leak not in body, (route, query)
            assert "Secret rules text" not in body and f">{status}<" not in body, (route, query)
        api_body = str(api(playtester).get(f"/api/decks/{deck_pk}/").json())
        assert leak not in api_body and "Secret rules text" not in api_body
    # Its sheet and its Tabletop Simulator export draw only the cards the reader may see.
    from faces.printing import deck_copies

    assert [card.stable_id for card, _ in deck_copies(Deck.objects.get(pk=pk), user=playtester)] == [
        shown.stable_id
    ]
