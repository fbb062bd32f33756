"""The test-draw and odds pages: seeded shuffles, mulligans, exact odds."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from decks import services

from .pages import small_duel, text

pytestmark = pytest.mark.django_db


def test_draws_get_a_seed_in_their_address_and_replay_the_same_cards(client_as, playtester, duel_deck):
    client = client_as(playtester)
    response = client.get(reverse("decks:draws", args=[duel_deck.pk]))
    assert response.status_code == 302 and "seed=" in response["Location"]
    first = client.get(response["Location"])
    again = client.get(response["Location"])
    hand = lambda r: re.findall(r'<span class="name"><span lang="fr">(.*?)</span>', r.content.decode())
    assert len(hand(first)) == 5 and hand(first) == hand(again)


def test_a_mulligan_beyond_the_rule_is_refused(client_as, playtester, load_cards):
    load_cards("riftbound")
    deck = services.deck_create(
        data={
            "game": "riftbound",
            "name": "R",
            "sections": {"main": [{"card": "RB-EX-003", "count": 3}, {"card": "RB-EX-004", "count": 3}]},
        },
        user=playtester,
    )
    url = reverse("decks:draws", args=[deck.pk])
    page = text(client_as(playtester).get(url, {"seed": 3, "mulligan": 1, "put": [0, 1, 2]}))
    assert "a mulligan puts back at most 2 cards; 3 were chosen" in page
    kept = text(client_as(playtester).get(url, {"seed": 3, "mulligan": 1, "put": [0, 1]}))
    assert "mulligan: 2 put back" in kept


def test_odds_are_exact(client_as, playtester, duel, reviewer):
    deck = small_duel(playtester, **{"DU-EX-001": 3, "DU-EX-002": 37})
    response = client_as(playtester).get(
        reverse("decks:odds", args=[deck.pk]), {"cards": "DU-EX-001", "copies": 1, "turn": 0}
    )
    page = text(response)
    # 1 - C(37,5)/C(40,5) = 222111/658008 = 667/1976.
    assert 'data-percent="33.8%"' in page and "exactly 667/1976" in page
    second = text(
        client_as(playtester).get(
            reverse("decks:odds", args=[deck.pk]),
            {"cards": "DU-EX-001", "copies": 1, "turn": 1, "order": "second"},
        )
    )
    assert "6 seen" in second
    none = text(client_as(playtester).get(reverse("decks:odds", args=[deck.pk]), {"copies": 1, "turn": 1}))
    assert "Choose one or more cards of the deck" in none


def test_the_opening_hand_reads_as_such_in_every_language(client_as, playtester, duel):
    deck = small_duel(playtester, **{"DU-EX-001": 3, "DU-EX-002": 37})
    url = reverse("decks:odds", args=[deck.pk])
    asked = {"cards": "DU-EX-001", "copies": 1, "turn": 0}
    assert "in the opening hand" in text(client_as(playtester).get(url, asked))
    french = text(client_as(playtester).get(url, asked, headers={"Accept-Language": "fr"}))
    assert "dans la main de départ" in french and "d’ici votre" not in french


def test_chesscards_draws_show_the_shuffled_deck_and_a_chosen_number(
    client_as, playtester, load_cards, demo_deck
):
    load_cards("chesscards")
    deck = services.deck_create(data=demo_deck("chesscards-default"), user=playtester)
    page = text(client_as(playtester).get(reverse("decks:draws", args=[deck.pk]), {"seed": 8, "n": 6}))
    assert "Shuffled deck" in page and "35 cards left of 41" in page
    assert page.count('<li class="hand"') == 6
