"""One resolution of a deck's entries for every reader (issue 47, item 1).

A Vanguard list pasted by names (TD02 under ``Grade 3:`` headings, one typo fixed by a click)
names nine cards printed in TD02 and BT01: those entries name an identity, any printing, and
hold no card; the deck plays the printing its validation picks (FORMATS.md, "Deck file": one
the owner owns, else one the format allows, else the first). The builder's verdict counted 50;
the statistics, draws, odds, faces, print sheets, Tabletop Simulator, tables, play statistics
and site exports saw the 20 copies of the entries that hold their card. Every reader now reads
the deck through ``decks.selectors.played_entries`` (``rules.decks.played_id``): each sees 50.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from django.urls import reverse

from cards.demo import card_set
from cards.imports import cards_import
from cards.models import Card
from common.errors import InvalidInput
from decks.models import Deck
from decks.selectors import deck_get
from decks.services import collection_set, deck_create, deck_entry_replace
from faces import printing
from faces.adapters import deck_card_counts
from faces.tts_export import deck_tts_zip
from playstats.models import PaperSeat
from playstats.services import paper_game_record
from tables import selectors as table_selectors
from tables import services as table_services
from tables.models import Seat

pytestmark = pytest.mark.django_db

# TD02 as deck sites list it (decks/demo: cards/demo/decks/vanguard-td02.deck.json), by grade.
TD02 = {
    "TD02-001": 2,
    "TD02-002": 1,
    "TD02-003": 4,
    "TD02-004": 4,
    "TD02-005": 4,
    "TD02-006": 4,
    "TD02-007": 4,
    "TD02-008": 2,
    "TD02-009": 4,
    "TD02-010": 2,
    "TD02-011": 2,
    "TD02-012": 1,
    "TD02-013": 4,
    "TD02-014": 4,
    "TD02-015": 4,
    "TD02-016": 4,
}
TYPO = ("Berserk Dragn", "Berserk Dragon")  # TD02-005, fixed by the builder's suggestion


def _decklist(cards: dict[str, Card]) -> str:
    by_grade: dict[int, list[str]] = defaultdict(list)
    for stable_id, count in TD02.items():
        card = cards[stable_id]
        name = TYPO[0] if card.name == TYPO[1] else card.name
        by_grade[card.game_fields["grade"]].append(f"{count} {name}")
    lines = ["// TD02 pasted"]
    for grade in sorted(by_grade, reverse=True):
        lines += [f"Grade {grade}:", *by_grade[grade]]
    return "\n".join(lines) + "\n"


@pytest.fixture
def pasted(playtester):
    """TD02 pasted by names by its owner, who owns the TD02 printings (Classic allows only owned cards)."""
    cards_import(payload=card_set("vanguard"))
    cards = {c.stable_id: c for c in Card.objects.filter(game="vanguard")}
    collection_set(owner=playtester, counts=dict(TD02))
    deck = deck_create(
        data={"game": "vanguard", "format": "classic", "name": "TD02 pasted", "decklist": _decklist(cards)},
        user=playtester,
    )
    assert not deck.legal and TYPO[0] in deck.suggestions
    position = next(e.position for e in deck.entries.all() if e.ref == TYPO[0])
    deck = deck_entry_replace(
        deck=deck, section="main", position=position, ref=TYPO[0], card=TYPO[1], user=playtester
    )
    deck = deck_get(user=playtester, pk=deck.pk)
    # Nine names printed in TD02 and BT01 (30 copies) name an identity and hold no card.
    identity_entries = [e for e in deck.entries.all() if e.card_id is None]
    assert len(identity_entries) == 9 and sum(e.count for e in identity_entries) == 30
    return deck


def _copies(pairs) -> int:
    return sum(n for _card, n in pairs)


def seen_by_every_reader(deck: Deck, user, client) -> dict[str, int]:
    """How many cards of the deck each reader sees (copies whose card it knows)."""
    client.force_login(user)
    seen: dict[str, int] = {}
    deck.refresh_from_db()
    seen["validation"] = deck.counts["main"] if deck.legal else 0

    stats = client.get(reverse("decks:stats", args=[deck.pk])).context["stats"]
    seen["statistics"] = stats.total - stats.unknown
    seen["statistics: grade curve"] = sum(bar.count for bar in stats.curve)

    draws = client.get(reverse("decks:draws", args=[deck.pk]) + "?seed=47").context
    seen["draws"] = len([c for c in draws["cards"] if c.stable_id])
    # Every card dealt is named (not an "unresolved reference" tile).
    seen["draws: named"] = len([c for c in draws["cards"] if c.stable_id in draws["named"]])
    odds = client.get(reverse("decks:odds", args=[deck.pk])).context
    seen["odds"] = sum(c.copies for c in odds["options"] if not c.key.startswith("ref:"))

    seen["faces tab"] = client.get(reverse("faces:deck", args=[deck.pk])).context["total"]
    seen["print sheet"] = _copies(printing.deck_copies(deck, user=user))
    seen["printsheet and exporttts commands"] = _copies(deck_card_counts(deck))
    _zip, export = deck_tts_zip(deck, user=user, absolute=lambda path: f"http://testserver{path}")
    seen["Tabletop Simulator zip"] = export.total
    seen["Tabletop Simulator faces"] = len(export.counts)

    other = deck_create(
        data={"game": "vanguard", "format": "classic", "name": "Opponent", "sections": {"main": []}},
        user=user,
    )
    table = table_services.table_create(user=user, deck=deck, opponent_deck=other, seed=47)
    frozen = Seat.objects.get(table=table, index=1).cards
    seen["table"] = len([1 for _section, i in frozen["cards"] if frozen["pool"][i]["stableCardId"]])
    view = table_selectors.table_view_for(user, table_selectors.table_get_for(user, table.pk))
    hand = [c for z in view["seats"][0]["zones"] if z["key"] == "hand" for c in z["cards"]]
    seen["table: hand of 5, named"] = len([c for c in hand if c.get("stableCardId") and c.get("name")])

    overlord = deck.resolved["main"]["Dragonic Overlord"]  # the printing the deck plays
    try:  # a card drawn that is a card of the deck
        paper = paper_game_record(
            user=user, decks=[deck, other], winner=1, drawn=[[overlord], []], played=[[], []]
        )
    except InvalidInput:
        seen["play statistics"] = 0
    else:
        cards = PaperSeat.objects.get(game=paper, index=1).cards
        seen["play statistics"] = sum(copies for _version, copies in cards.values())

    site = client.get(reverse("decks:export", args=[deck.pk]) + "?as=site").content.decode()
    printed = re.findall(r"^(\d+) .+ \[[A-Z0-9]+-\d+\]$", site, flags=re.M)
    seen["site export"] = sum(int(n) for n in printed) if "Other:" not in site else 0
    api = client.get(f"/api/decks/{deck.pk}/").json()
    seen["API: card versions"] = len(api["validation"]["cardVersions"])
    return seen


EVERY_READER = {
    "validation": 50,
    "statistics": 50,
    "statistics: grade curve": 50,
    "draws": 50,
    "draws: named": 50,
    "odds": 50,
    "faces tab": 50,
    "print sheet": 50,
    "printsheet and exporttts commands": 50,
    "Tabletop Simulator zip": 50,
    "Tabletop Simulator faces": 16,
    "table": 50,
    "table: hand of 5, named": 5,
    "play statistics": 50,
    "site export": 50,
    "API: card versions": 16,
}


def test_every_reader_sees_the_fifty_cards_of_a_deck_pasted_by_names(pasted, playtester, client):
    assert seen_by_every_reader(pasted, playtester, client) == EVERY_READER


def test_a_stale_deck_is_read_as_its_verdict_reads_it_now(pasted, playtester):
    """The owner now owns BT01's Dragonic Overlord rather than TD02's: the deck, stale, plays it in
    every reader before it is validated again (the resolution computed now, as the verdict is)."""
    old = pasted.resolved
    owned = {sid: n for sid, n in TD02.items() if sid != "TD02-001"}
    collection_set(owner=playtester, counts={**owned, "BT01-004": 2}, replace=True)
    # Its stored result still the one before (a revalidation not run yet).
    Deck.objects.filter(pk=pasted.pk).update(stale=True, resolved=old)
    deck = deck_get(user=playtester, pk=pasted.pk)
    assert deck.stale and deck.resolved["main"]["Dragonic Overlord"] == "TD02-001"  # the old result
    assert _copies(deck_card_counts(deck)) == 50
    assert {c.stable_id for c, _n in printing.deck_copies(deck, user=playtester)} == (
        set(TD02) - {"TD02-001"}
    ) | {"BT01-004"}
