"""The pure deck core: resolution of references, size bounds, results, and properties of every game."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_ruleset
from rules.decks import DeckData, Entry
from rules.formats import FormatData, SizeBound, size_bound_errors
from rules.pool import CardPool
from tests.seeds import SEED_GAMES

from .deckkit import DEMO, card, deck_file, deck_from_file, demo_cards, validate

GIN_LEADER = card("darkrow", "DR-L01", "Gin", "LEADER")
GIN_LEGENDARY = card("darkrow", "DR-G01", "Gin", "LEGENDARY", cost=8, atk=8, pv=8)
KAZUHA = card("darkrow", "DR-U02", "Toyama Kazuha", "UNIT", cost=3, atk=4, pv=3)


def test_resolution_by_id_exact_name_then_folded_name():
    pool = CardPool([GIN_LEADER, GIN_LEGENDARY, KAZUHA])
    assert pool.resolve("DR-U02") == (KAZUHA, ())
    assert pool.resolve("Toyama Kazuha") == (KAZUHA, ())
    assert pool.resolve("toyama  KAZUHA") == (KAZUHA, ())
    assert pool.resolve("Gin") == (None, (GIN_LEGENDARY, GIN_LEADER))
    assert pool.resolve("Ran") == (None, ())


@pytest.mark.parametrize(
    "bound, count, problem",
    [
        (SizeBound(exact=40), 40, None),
        (SizeBound(exact=40), 41, "it must have exactly 40"),
        (SizeBound(minimum=1, maximum=5), 0, "it must have from 1 to 5"),
        (SizeBound(minimum=1, maximum=5), 5, None),
        (SizeBound(minimum=60), 59, "it must have at least 60"),
        (SizeBound(maximum=3), 4, "it must have at most 3"),
        (SizeBound(), 1000, None),
    ],
)
def test_size_bounds(bound, count, problem):
    assert bound.problem(count) == problem
    assert SizeBound.from_dict(bound.to_dict()) == bound


def test_size_bound_errors_name_the_section():
    assert size_bound_errors("main", {"exact": 40}) == []
    said = lambda section, data: [str(why) for why in size_bound_errors(section, data)]
    assert said("main", {"min": 5, "max": 1}) == ["sections.main has its min (5) above its max (1)"]
    assert said("main", {"exact": -1, "size": 3}) == [
        "sections.main has the unknown key 'size'; use exact, or min and max",
        "sections.main.exact must be a whole number, 0 or more",
    ]


def test_a_format_refuses_an_unknown_identity():
    with pytest.raises(ValueError):
        FormatData(game="darkrow", key="x", identity="colour")


def test_the_result_is_the_formats_md_json():
    d = deck_from_file(deck_file(DEMO / "decks" / "duel-example.deck.json"))
    d = DeckData(d.game, d.format, d.name, {"main": d.sections["main"][:-1]})
    data = validate("duel", d, demo_cards("duel")).to_dict()
    assert data == {
        "legal": False,
        "game": "duel",
        "format": "standard",
        "counts": {"main": 38},
        "violations": [
            {
                "code": "DECK_SIZE",
                "severity": "error",
                "section": "main",
                "card": None,
                "message": "main has 38 cards; it must have exactly 40",
                # Optional keys the contract allows: the message's numbers, and how to fix it.
                "params": {
                    "section": "main",
                    "observed": 38,
                    "expected": 40,
                    "minimum": None,
                    "maximum": None,
                },
                "hint": "the section must have exactly 40 cards",
            }
        ],
        "readyToPlay": False,
        "resolved": {},
        "suggestions": {},
    }
    json.dumps(data)


def test_default_formats_of_the_rule_sets():
    assert {g: get_ruleset(g).default_format_data().key for g in SEED_GAMES} == {
        "darkrow": "standard",
        "riftbound": "constructed",
        "vanguard": "classic",
        "chesscards": "default",
        "duel": "standard",
    }
    classic = get_ruleset("vanguard").default_format_data()
    assert (
        classic.allowed_sets == {"BT01", "TD01", "TD02"}
        and classic.owned_only
        and classic.identity == "nameId"
    )
    assert get_ruleset("duel").default_format_data().copy_limit is None
    assert get_ruleset("duel").default_format_data().banlist == {}
    assert get_ruleset("chesscards").default_format_data().sections == {}


# --- properties ----------------------------------------------------------------------------------
DECK_FILES = {
    "riftbound": "riftbound-example.deck.json",
    "vanguard": "vanguard-td01.deck.json",
    "duel": "duel-example.deck.json",
    "chesscards": "chesscards-default.deck.json",
}
POOLS = {game: demo_cards(game) for game in DECK_FILES}


@st.composite
def decks(draw):
    """A demo deck, randomly damaged (counts changed, entries dropped or added), then shuffled."""
    game = draw(st.sampled_from(sorted(DECK_FILES)))
    base = deck_from_file(deck_file(DEMO / "decks" / DECK_FILES[game]), owner="paula")
    ids = [c.stable_id for c in POOLS[game]] + ["NOPE-1", POOLS[game][0].name]
    sections = {}
    for name, entries in base.sections.items():
        entries = [e for e in entries if draw(st.integers(0, 9))]  # drop about one in ten
        entries += [
            Entry(draw(st.sampled_from(ids)), draw(st.integers(1, 5))) for _ in range(draw(st.integers(0, 3)))
        ]
        sections[name] = entries
    return game, DeckData(game, base.format, base.name, sections, base.picks, base.owner)


@settings(max_examples=100, deadline=None)
@given(decks(), st.randoms(use_true_random=False))
def test_the_verdict_does_not_depend_on_entry_order(game_deck, random):
    game, d = game_deck
    shuffled = {}
    for name in random.sample(list(d.sections), len(d.sections)):
        entries = list(d.sections[name])
        random.shuffle(entries)
        shuffled[name] = entries
    other = DeckData(d.game, d.format, d.name, shuffled, d.picks, d.owner)
    collection = {c.stable_id: 3 for c in POOLS[game]}
    first, second = (
        validate(game, d, POOLS[game], collection=collection),
        validate(game, other, POOLS[game], collection=collection),
    )
    assert first.legal == second.legal
    assert dict(first.counts) == dict(second.counts)
    key = lambda f: (f.code, f.severity, f.section or "", f.card or "", f.message)
    assert sorted(map(key, first.violations)) == sorted(map(key, second.violations))
