"""Fixing an import in a few clicks (issue 29): a suggestion replaces the line's card, an entry moves
to another section (the format's sideboard included), a count is typed; a stale page changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.errors import Conflict, InvalidInput
from decks import services
from decks.models import Deck

IMPORTED = """Legend:
1 Example Hero Legend
Main deck:
3 Example Fury Recrut
6 Example Fury Rune
3 Example Calm Guardian
"""


@pytest.fixture
def imported(load_cards, playtester, client_as):
    load_cards("riftbound")
    response = client_as(playtester).post(reverse("decks:import"), {"game": "riftbound", "text": IMPORTED})
    assert response.status_code == 302
    return Deck.objects.get()


def _rows(deck: Deck) -> list[tuple[str, str, int]]:
    deck = Deck.objects.prefetch_related("entries__card").get(pk=deck.pk)
    return sorted(
        (e.section, e.card.stable_id if e.card_id else e.ref, e.count)
        for e in deck.entries.all()
        if e.kind == "CARD"
    )


def test_a_suggestion_replaces_the_lines_card_and_keeps_its_copies(imported, client_as, playtester):
    page = client_as(playtester).get(reverse("decks:detail", args=[imported.pk])).content.decode()
    assert 'aria-label="Replace Example Fury Recrut with Example Fury Recruit"' in page
    response = client_as(playtester).post(
        reverse("decks:replace", args=[imported.pk]),
        {
            "version": imported.version,
            "section": "main",
            "position": 0,
            "ref": "Example Fury Recrut",
            "card": "Example Fury Recruit",
        },
    )
    assert response.status_code == 302
    assert ("main", "RB-EX-003", 3) in _rows(imported)
    assert "UNKNOWN_CARD" not in {v["code"] for v in Deck.objects.get().violations}


def test_an_entry_moves_to_another_section_and_joins_the_same_card_there(imported, playtester):
    deck = services.deck_entry_move(
        deck=imported, section="main", position=1, ref="Example Fury Rune", to="runes", user=playtester
    )
    assert ("runes", "RB-EX-017", 6) in _rows(deck)
    assert "WRONG_SECTION" not in {v["code"] for v in deck.violations}
    # To the format's sideboard (riftbound's constructed declares one), and back to main, merged.
    deck = services.deck_entry_move(
        deck=deck, section="main", position=1, ref="Example Calm Guardian", to="sideboard", user=playtester
    )
    assert ("sideboard", "RB-EX-007", 3) in _rows(deck)
    deck = services.deck_entry_move(
        deck=deck, section="sideboard", position=0, ref="Example Calm Guardian", to="main", user=playtester
    )
    assert ("main", "RB-EX-007", 3) in _rows(deck)


def test_a_move_from_a_stale_page_or_to_no_section_changes_nothing(imported, playtester):
    before = _rows(imported)
    with pytest.raises(Conflict):
        services.deck_entry_move(
            deck=imported,
            section="main",
            position=1,
            ref="Example Calm Guardian",
            to="runes",
            user=playtester,
        )
    with pytest.raises(InvalidInput):
        services.deck_entry_move(
            deck=imported,
            section="main",
            position=1,
            ref="Example Fury Rune",
            to="graveyard",
            user=playtester,
        )
    assert _rows(imported) == before


def test_a_vanguard_deck_cannot_move_a_card_to_a_sideboard(load_cards, td01, playtester):
    load_cards("vanguard")
    deck = services.deck_create(data=td01, user=playtester)
    with pytest.raises(InvalidInput):
        services.deck_entry_move(
            deck=deck, section="main", position=0, ref="TD01-001", to="sideboard", user=playtester
        )


def test_the_builder_offers_each_section_to_move_to(imported, client_as, playtester):
    page = client_as(playtester).get(reverse("decks:detail", args=[imported.pk])).content.decode()
    assert 'name="to"' in page and '<option value="runes">Rune deck</option>' in page
    assert '<option value="sideboard">Sideboard</option>' in page


def test_the_import_result_lists_each_finding_with_its_fix_button(imported, client_as, playtester):
    page = client_as(playtester).get(reverse("decks:detail", args=[imported.pk])).content.decode()
    violations = page[
        page.index('class="findings violations"') : page.index(
            "</ol>", page.index('class="findings violations"')
        )
    ]
    assert ">Use Example Fury Recruit</button>" in violations  # UNKNOWN_CARD: each suggestion
    assert '<input type="hidden" name="to" value="runes">' in violations  # WRONG_SECTION: to its home
    assert ">Move to Rune deck</button>" in violations


def test_a_line_is_looked_up_again_once_its_card_exists(imported, client_as, playtester, reviewer):
    from cards import services as card_services

    page = client_as(playtester).get(reverse("decks:detail", args=[imported.pk])).content.decode()
    assert "Look it up again" in page
    card = card_services.card_create(
        game="riftbound",
        data={
            "name": "Example Fury Recrut",
            "type": "UNIT",
            "set": "EXAMPLE",
            "domains": ["FURY"],
            "might": 1,
            "energy": 1,
        },
    )
    card_services.card_set_status(
        stable_id=card.stable_id, status="VALIDATED", user=reviewer, note="for the test"
    )
    deck = Deck.objects.get()
    response = client_as(playtester).post(
        reverse("decks:replace", args=[deck.pk]),
        {
            "version": deck.version,
            "section": "main",
            "position": 0,
            "ref": "Example Fury Recrut",
            "card": "Example Fury Recrut",
        },
    )
    assert response.status_code == 302
    entry = Deck.objects.get().entries.get(section="main", position=0)
    assert entry.card is not None and entry.card.name == "Example Fury Recrut"


def test_a_pasted_vanguard_sideboard_can_be_moved_into_the_main_deck(load_cards, playtester, client_as):
    load_cards("vanguard")
    text = "MAIN DECK\n4 Blaster Blade\nSideboard\n2 Wingal\n"
    client_as(playtester).post(reverse("decks:import"), {"game": "vanguard", "text": text})
    deck = Deck.objects.get()
    assert [v["code"] for v in deck.violations].count("NO_SIDEBOARD") == 1
    page = client_as(playtester).get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert 'id="move-s1-e0"' in page  # the sideboard's row has the menu, main its one choice
    deck = services.deck_entry_move(
        deck=deck, section="sideboard", position=0, ref="Wingal", to="main", user=playtester
    )
    assert "NO_SIDEBOARD" not in {v["code"] for v in deck.violations}
    assert ("main", "Wingal", 2) in _rows(deck)  # a name of two printings: played by identity
