"""The deck admin pages render, and a format edited there revalidates its decks."""

import pytest

from decks import services
from decks.models import DeckFormat, NamedCardList, OwnedCard


@pytest.fixture
def admin_client_with_deck(client, make_user, load_cards, demo_deck, playtester):
    load_cards("duel")
    deck = services.deck_create(data=demo_deck("duel-example"), user=playtester)
    services.collection_set(owner=playtester, counts={"DU-EX-001": 2})
    admin = make_user(username="boss", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return client, deck


def test_admin_pages_render(admin_client_with_deck):
    client, deck = admin_client_with_deck
    pages = [
        "/admin/decks/deck/",
        f"/admin/decks/deck/{deck.pk}/change/",
        "/admin/decks/deckformat/",
        f"/admin/decks/deckformat/{DeckFormat.objects.first().pk}/change/",
        "/admin/decks/namedcardlist/",
        f"/admin/decks/namedcardlist/{NamedCardList.objects.first().pk}/change/",
        "/admin/decks/ownedcard/",
        f"/admin/decks/ownedcard/{OwnedCard.objects.first().pk}/change/",
    ]
    for page in pages:
        assert client.get(page).status_code == 200, page


def test_a_format_edited_in_the_admin_revalidates_its_decks(
    admin_client_with_deck, django_capture_on_commit_callbacks
):
    client, deck = admin_client_with_deck
    fmt = DeckFormat.objects.get(game="duel", key="standard")
    form = {
        "name": fmt.name,
        "description": fmt.description,
        "is_default": "on",
        "sections": '{"main": {"exact": 40}}',
        "copy_limit": "3",
        "identity": "name",
        "allowed_sets": "[]",
        "banlist": "{}",
        "exceptions": "{}",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/decks/deckformat/{fmt.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    deck.refresh_from_db()
    assert {v["code"] for v in deck.violations} == {"COPY_LIMIT"}
    bad = client.post(
        f"/admin/decks/deckformat/{fmt.pk}/change/", {**form, "sections": '{"main": {"exact": -1}}'}
    )
    assert bad.status_code == 200 and "exact must be a whole number" in bad.content.decode()
