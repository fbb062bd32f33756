"""NOT_OWNED says the deck's copies and the collection's copies where they belong, in every language
(the French and Russian messages once swapped them: "в колоде 1 копия ...; в коллекции — 4" for a deck
of 4 and a collection of 1)."""

from __future__ import annotations

import pytest
from django.utils import translation

from common import finding_messages as fm
from rules import CardData, get_ruleset
from rules.decks import DeckData, Entry, validate_deck
from rules.formats import FormatData


def _not_owned():
    card = CardData(game="vanguard", name="Wingal", type="NORMAL_UNIT", set="TD01", stable_id="TD01-009")
    deck = DeckData(
        game="vanguard", format="classic", sections={"main": (Entry("TD01-009", 4),)}, owner="paula"
    )
    fmt = FormatData(game="vanguard", key="classic", owned_only=True)
    result = validate_deck(get_ruleset("vanguard"), deck, [card], fmt, collection={"TD01-009": 1})
    (finding,) = [f for f in result.violations if f.code == "NOT_OWNED"]
    return finding


@pytest.mark.parametrize(
    ("language", "deck_says", "collection_says"),
    [
        ("en", "the deck uses 4 copies of", "collection has 1"),
        ("fr", "le deck utilise 4 exemplaires de", "en a 1"),
        ("ru", "в колоде 4 копии", "— 1"),
    ],
)
def test_the_deck_holds_four_and_the_collection_one(language, deck_says, collection_says):
    finding = _not_owned()
    with translation.override(language):
        text = fm.message(finding)
        api = fm.localize(finding.to_dict())["message"] if language != "en" else finding.message
    for shown in (text, api):
        assert deck_says in shown, shown
        assert shown.endswith(collection_says), shown
