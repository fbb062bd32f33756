"""Derived keys of a card (folded name, nameId) are computed once per card, not per validation."""

import dataclasses

from rules import cards as cards_module
from rules import get_ruleset
from rules.cards import CardData
from rules.pool import CardPool

from .deckkit import ROOT, deck_file, deck_from_file, demo_cards

DATA_TD01 = deck_file(ROOT / "tests" / "data" / "vanguard" / "td01.deck.json")


def test_a_cards_folded_keys_are_computed_once(monkeypatch):
    calls = []
    real = cards_module.fold
    monkeypatch.setattr(cards_module, "fold", lambda text: calls.append(text) or real(text))
    card = CardData(
        game="vanguard", name="Блейд Бластер", type="NORMAL_UNIT", fields={"nameId": "Blaster Blade"}
    )
    assert card.folded() == real("Блейд Бластер")
    assert card.folded("nameId") == "blaster blade"
    for _ in range(3):
        card.folded(), card.folded("nameId")
    assert len(calls) == 2


def test_the_cache_is_no_part_of_the_value():
    a = CardData(game="duel", name="Épée", type="SPELL")
    b = CardData(game="duel", name="Épée", type="SPELL")
    a.folded()
    assert a == b and "folded" not in repr(a)
    assert dataclasses.replace(a, name="Bouclier").folded() == "bouclier"


def test_validating_again_folds_nothing_again(monkeypatch):
    ruleset = get_ruleset("vanguard")
    cards = demo_cards("vanguard")
    pool = CardPool(cards)
    deck = deck_from_file(DATA_TD01, owner="paula")
    collection = {c.stable_id: 99 for c in cards}
    fmt = ruleset.default_format_data()
    first = ruleset.validate_deck(deck, pool, fmt, collection)
    calls = []
    real = cards_module.fold
    monkeypatch.setattr(cards_module, "fold", lambda text: calls.append(text) or real(text))
    again = ruleset.validate_deck(deck, pool, fmt, collection)
    assert again == first and first.legal
    assert calls == []
