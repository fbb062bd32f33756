"""The index of codes: the shared ones declared once by rules.codes, a game's own added when its rule
set is registered and taken out when it is unregistered; the catalogue finds them there, without
the registry."""

from __future__ import annotations

import pytest

from rules import codes, registry
from rules.codes import CARD, CODES, ENTRIES, Code, CodeIndex, lookup
from rules.registry import RuleSetRegistry
from rules.ruleset import RuleSet

OWN = Code("THROWAWAY_HEAVY", CARD, "a card too heavy", params=("card",), messages=("%(card)s is too heavy",))


class Throwaway(RuleSet):
    key = "throwawaycodes"
    name = "Throwaway"
    card_types = ("CARD",)
    id_prefix = "TC"
    default_format = "x"
    codes = (OWN,)


def test_the_shared_codes_are_the_topics_in_order_each_once():
    topics = (
        codes.faces,
        codes.cards,
        codes.effects,
        codes.decks,
        codes.audits,
        codes.inputs,
        codes.artwork,
        codes.tables,
    )
    assert tuple(code for topic in topics for code in topic.CODES) == ENTRIES
    assert list(CODES) == [code.key for code in ENTRIES]
    assert codes.index.shared is CODES and lookup("DECK_SIZE") is CODES["DECK_SIZE"]


def test_every_game_registered_has_its_codes_in_the_index():
    for ruleset in registry:
        assert all(lookup(code.key) is code for code in ruleset.codes), ruleset.key
    assert set(codes.index.games()) == set(registry.keys())


def test_registering_a_game_adds_its_codes_and_unregistering_takes_them_out():
    assert lookup(OWN.key) is None
    with registry.registered(Throwaway):
        assert lookup(OWN.key) is OWN
        assert codes.index.games() == registry.keys()
    assert lookup(OWN.key) is None and Throwaway.key not in codes.index.games()
    registry.register(Throwaway)
    try:
        assert lookup(OWN.key) is OWN
    finally:
        registry.unregister(Throwaway.key)
    assert lookup(OWN.key) is None


def test_a_registry_of_its_own_leaves_the_studios_index_alone():
    fresh = RuleSetRegistry()
    fresh.register(Throwaway)
    assert Throwaway.key in fresh and lookup(OWN.key) is None
    own_index = CodeIndex()
    fresh = RuleSetRegistry(codes=own_index)
    fresh.register(Throwaway)
    assert own_index.get(OWN.key) is OWN and lookup(OWN.key) is None
    fresh.unregister(Throwaway.key)
    assert own_index.get(OWN.key) is None


def test_a_shared_code_wins_and_a_key_declared_twice_is_refused():
    index = CodeIndex()
    index.share([OWN])
    with pytest.raises(ValueError, match="THROWAWAY_HEAVY is declared twice"):
        index.share([OWN])
    other = Code(OWN.key, CARD, "another meaning")
    index.add("zeta", [other])
    assert index.get(OWN.key) is OWN
    # Two games declaring one key (rules.E015 says so): the first game by key is found.
    loose = CodeIndex()
    loose.add("zeta", [other])
    loose.add("alpha", [OWN])
    assert loose.get(OWN.key) is OWN
    loose.discard("alpha")
    assert loose.get(OWN.key) is other
