"""Documented limits: entries per section, copies per entry, decks per user; a 400 names each."""

import pytest

from decks import services
from decks.models import Deck

pytestmark = pytest.mark.django_db


def deck(entries: int, name="big") -> dict:
    return {
        "game": "darkrow",
        "name": name,
        "sections": {"main": [{"card": f"DR-X{i}"} for i in range(entries)]},
    }


def test_a_deck_of_ten_thousand_entries_is_refused_naming_the_limit(api, playtester):
    response = api(playtester).post("/api/decks/", deck(10_000), format="json")
    assert response.status_code == 400
    assert "DECKS_MAX_ENTRIES_PER_SECTION" in str(response.json()) and "10000 entries" in str(response.json())
    assert not Deck.objects.exists()
    assert api(playtester).post("/api/decks/validate/", deck(10_000), format="json").status_code == 400


def test_a_section_at_the_limit_is_taken(api, playtester, settings):
    settings.DECKS_MAX_ENTRIES_PER_SECTION = 5
    assert api(playtester).post("/api/decks/", deck(5), format="json").status_code == 201
    assert api(playtester).post("/api/decks/", deck(6), format="json").status_code == 400


def test_copies_per_entry_are_bounded(api, playtester):
    body = {"game": "darkrow", "name": "x", "sections": {"main": [{"card": "DR-X", "count": 1001}]}}
    response = api(playtester).post("/api/decks/", body, format="json")
    assert response.status_code == 400 and "1000" in str(response.json())


def test_decks_per_user_are_bounded(api, playtester, settings):
    settings.DECKS_MAX_PER_USER = 2
    for i in range(2):
        services.deck_create(data=deck(0, name=f"d{i}"), user=playtester)
    response = api(playtester).post("/api/decks/", deck(0, name="third"), format="json")
    assert response.status_code == 400 and "DECKS_MAX_PER_USER" in str(response.json())
    assert Deck.objects.filter(owner=playtester).count() == 2
