"""Coverage on the pages: each card says what the engine plays of it; a simulation's report says how
many of the cards dealt have effects the bots could not execute."""

from __future__ import annotations

import pytest

from rules import registry
from rules.tables.coverage import card_coverage
from simulations import services
from simulations.selectors import simulation_summary
from tables import snapshot

pytestmark = pytest.mark.django_db


def test_a_simulation_says_how_many_cards_dealt_the_bots_could_not_fully_play(playtester, make_deck):
    from cards.models import Card

    decks = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    # Two cards of the first deck say an ability no structured effect declares: the bots never play it.
    ids = list(decks[0].entries.filter(card__isnull=False).values_list("card", flat=True)[:2])
    Card.objects.filter(pk__in=ids).update(text="[AUTO]: when this unit attacks, draw a card.")
    simulation = services.simulation_create(
        user=playtester, deck=decks[0].pk, opponent_deck=decks[1].pk, games=1, seed=1
    )
    reads = registry.get("vanguard").engine_reads
    expected = {
        (c["stableCardId"], c["version"])
        for frozen in (simulation.cards, simulation.opponent_cards)
        for c in frozen["pool"]
        if card_coverage(reads, snapshot.thaw_card("vanguard", c)).partial
    }
    coverage = simulation_summary(simulation)["coverage"]
    assert coverage["partial"] == len(expected) == 2 and coverage["cards"] > 2
    assert coverage["copies"] == sum(
        len(f["cards"]) + len(f["picks"]) for f in (simulation.cards, simulation.opponent_cards)
    )


def test_the_card_page_says_what_the_engine_plays_of_it(client_as, playtester, make_deck):
    from cards.models import Card

    deck = make_deck(playtester, "vanguard")
    card = Card.objects.filter(game="vanguard", status="VALIDATED").exclude(game_fields__power=None).first()
    Card.objects.filter(pk=card.pk).update(text="[CONT]: this unit gets +2000 power.")
    html = client_as(playtester).get(f"/cards/{card.stable_id}/").content.decode()
    section = html[html.index('id="coverage-title"') :]
    assert "What the engine plays of this card" in section
    assert f"{card.game_fields['power']}" in section.split('data-field="stats">')[1].split("</dd>")[0]
    logged = section.split('data-field="logged">')[1].split("</dd>")[0]
    assert logged != "—" and 'data-field="partial"' in section
    assert deck
