"""The exports deck sites and tools read back (issue 29): each game's deck-site text (sections,
counts, set codes) and riftbound's Tabletop Simulator code line; a round trip through each export
form gives the same deck (what it plays, section by section, and its picks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from decks import selectors, services
from decks.exports import site_text, tts_line
from decks.interchange import deck_to_dict, parse_decklist
from decks.models import Deck
from rules.formats import SIDEBOARD

from .conftest import own_everything
from .test_commands import run


def _stored(pk: int) -> Deck:
    return Deck.objects.select_related("format", "owner").prefetch_related("entries__card").get(pk=pk)


def _plays(deck: Deck) -> tuple:
    data = deck_to_dict(deck)
    picks = {k: v for k, v in data.items() if k not in ("name", "owner", "sections", "format", "game")}
    sections = {}
    for section, entries in data["sections"].items():
        counts: dict[str, int] = {}
        for entry in entries:
            counts[entry["card"]] = counts.get(entry["card"], 0) + entry["count"]
        if counts:
            sections[section] = counts
    return data["format"], picks, sections


def _again(text: str, game: str, user) -> Deck:
    raw, findings = parse_decklist(text, game=game)
    assert findings == [], [f.message for f in findings]
    return _stored(services.deck_create(data=raw, user=user).pk)


@pytest.fixture
def riftbound_deck(load_cards, demo_deck, playtester):
    load_cards("riftbound")
    data = demo_deck("riftbound-example")
    # A sideboard of cards the main deck could hold (the domains of the Legend), within copy limits.
    data["sections"][SIDEBOARD] = [{"card": "RB-EX-002", "count": 2}]
    deck = _stored(services.deck_create(data=data, user=playtester).pk)
    assert deck.legal, deck.violations
    assert sum(e.count for e in deck.entries.all() if e.section == SIDEBOARD) == 2
    return deck


def test_the_riftbound_site_text_round_trips_with_its_sideboard(riftbound_deck, playtester):
    text = site_text(deck_to_dict(riftbound_deck), selectors.export_printings(riftbound_deck))
    assert text.startswith("// Example deck (Fureur + Calme)\nLegend:\n1 Example Hero Legend (EXAMPLE) 001\n")
    assert "\nChampion:\n1 Example Hero Champion (EXAMPLE) 002\nMainDeck:\n" in text
    assert text.endswith("\nSideboard:\n2 Example Hero Champion (EXAMPLE) 002\n")
    again = _again(text, "riftbound", playtester)
    assert _plays(again) == _plays(riftbound_deck)
    assert again.legal and again.name == riftbound_deck.name


def test_the_tabletop_simulator_line_round_trips(riftbound_deck, playtester):
    line = tts_line(deck_to_dict(riftbound_deck), selectors.export_printings(riftbound_deck))
    assert line.startswith("EXAMPLE-001-1 EXAMPLE-002-1 ")
    assert len(line.split()) == 1 + 40 + 12 + 3  # the Legend, main, runes, battlefields: one code a copy
    again = _again(line, "riftbound", playtester)
    format_, picks, sections = _plays(riftbound_deck)
    sections.pop(SIDEBOARD)  # Tabletop Simulator has no sideboard
    assert _plays(again) == (format_, picks, sections)
    assert again.legal, again.violations


@pytest.mark.parametrize("name", ["vanguard-td01", "vanguard-td02"])
def test_the_vanguard_site_text_round_trips(name, load_cards, demo_deck, playtester):
    load_cards("vanguard")
    data = demo_deck(name)
    own_everything(playtester, data)
    deck = _stored(services.deck_create(data=data, user=playtester).pk)
    text = site_text(deck_to_dict(deck), selectors.export_printings(deck))
    assert "\nMAIN DECK\nGrade 3:\n" in text and "\nTriggers:\n4 " in text and "[TD0" in text
    again = _again(text, "vanguard", playtester)
    assert _plays(again) == _plays(deck)
    assert again.legal, again.violations


def test_the_duel_site_text_round_trips(load_cards, demo_deck, playtester):
    load_cards("duel")
    deck = _stored(services.deck_create(data=demo_deck("duel-example"), user=playtester).pk)
    text = site_text(deck_to_dict(deck), selectors.export_printings(deck))
    assert _plays(_again(text, "duel", playtester)) == _plays(deck)


def test_the_export_page_and_command_write_each_form(riftbound_deck, client_as, playtester):
    client = client_as(playtester)
    url = reverse("decks:export", args=[riftbound_deck.pk])
    site = client.get(url, {"as": "site"})
    assert site.status_code == 200 and site.content.decode().startswith("// Example deck")
    tts = client.get(url, {"as": "tts"})
    assert tts.status_code == 200 and tts.content.decode().startswith("EXAMPLE-001-1 ")
    page = client.get(reverse("decks:detail", args=[riftbound_deck.pk]))
    assert b"?as=tts" in page.content and b"?as=site" in page.content
    status, out, _ = run("exportdeck", str(riftbound_deck.pk), "--tts")
    assert status == 0 and out == tts.content.decode()
    status, out, _ = run("exportdeck", str(riftbound_deck.pk), "--site")
    assert status == 0 and out == site.content.decode()


def test_a_vanguard_deck_has_no_tabletop_simulator_line(load_cards, td01, playtester, client_as):
    load_cards("vanguard")
    deck = _stored(services.deck_create(data=td01, user=playtester).pk)
    assert not deck.has_tts_code
    status, _, err = run("exportdeck", str(deck.pk), "--tts")
    assert status == 2 and "no Tabletop Simulator code line" in err


def test_the_darkrow_site_text_round_trips(load_cards, playtester):
    load_cards("darkrow")
    from cards.models import Card

    leaders = list(
        Card.objects.filter(game="darkrow", type="LEADER", status="VALIDATED").order_by("stable_id")[:2]
    )
    units = list(Card.objects.filter(game="darkrow", type="UNIT").order_by("stable_id")[:3])
    data = {
        "game": "darkrow",
        "name": "Osaka",
        "activeLeader": leaders[0].stable_id,
        "sections": {
            "leaders": [{"card": c.stable_id, "count": 1} for c in leaders],
            "main": [{"card": c.stable_id, "count": 2} for c in units],
        },
    }
    deck = _stored(services.deck_create(data=data, user=playtester).pk)
    text = site_text(deck_to_dict(deck), selectors.export_printings(deck))
    assert _plays(_again(text, "darkrow", playtester)) == _plays(deck)


DEMO_DECKS = sorted(
    p.name.removesuffix(".deck.json")
    for p in (Path(__file__).resolve().parents[2] / "cards" / "demo" / "decks").glob("*.deck.json")
)


@pytest.mark.parametrize("name", DEMO_DECKS)
def test_every_demo_deck_round_trips_through_the_site_text(name, load_cards, demo_deck, playtester):
    data = demo_deck(name)
    load_cards(data["game"])
    own_everything(playtester, data)
    deck = _stored(services.deck_create(data=data, user=playtester).pk)
    text = site_text(deck_to_dict(deck), selectors.export_printings(deck))
    again = _again(text, data["game"], playtester)
    assert _plays(again) == _plays(deck)
    assert again.legal == deck.legal
