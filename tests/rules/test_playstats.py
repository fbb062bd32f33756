"""Play statistics from table logs (rules.playstats, pure): counting on hand-made games, Wilson
intervals against known values, and incremental sums equal to a rebuild."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.playstats import (
    DECK_COUNTS,
    CardFacts,
    GameFacts,
    SeatFacts,
    add,
    card_rates,
    contribution,
    paper_facts,
    rebuild,
    table_facts,
    wilson,
)
from rules.tables import Event, apply

from .tables.kit import dealt


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (81, 263, 0.2553, 0.3662)],
)
def test_wilson_interval_against_known_values(successes, trials, low, high):
    rate = wilson(successes, trials)
    assert rate.low == pytest.approx(low, abs=1e-4) and rate.high == pytest.approx(high, abs=1e-4)


def test_a_rate_under_10_games_is_too_few_to_read():
    assert wilson(3, 9).too_few and not wilson(3, 10).too_few
    assert wilson(0, 0).value is None and wilson(0, 0).to_dict()["tooFew"]


def vanguard_game():
    """Seat 1 mulligans two cards, plays one card on its first turn, and wins; seat 2 concedes."""
    state = start = dealt("vanguard", 5)
    events = []

    def play(seat, kind, **payload):
        nonlocal state
        event = Event(state.seq + 1, seat, kind, payload)
        state = apply(state, event).state
        events.append(event)

    hand = [c.instance for c in state.seats[0].zones["hand"]]
    play(0, "mulligan", cards=hand[:2])
    play(1, "mulligan", cards=[])
    if state.active != 0:
        play(1, "endTurn")
    kept = state.seats[0].zones["hand"][0].instance
    play(0, "move", instance=kept, to="rc3")
    play(0, "endTurn")
    play(1, "endTurn")
    play(1, "concede")
    return start, events, state, hand, kept


def test_counting_a_hand_made_table_game():
    start, events, end, hand, kept = vanguard_game()
    facts = table_facts(start, events, format="classic", day="2026-12-02", decks=("1", "2"))
    # A free table's game: its source keeps it apart from the games played by the rules.
    assert facts.source == "free" and facts.turns == end.turn
    mine, theirs = facts.seats
    assert mine.won is True and theirs.won is False
    key_of = lambda instance: (start.card(instance).stable_id, start.card(instance).version)
    played = mine.cards[key_of(kept)]
    assert kept == hand[2]  # the kept cards come first
    assert played.played and played.seen and played.opening
    assert played.first_played_turn == 1
    for instance in hand[:2]:
        assert mine.cards[key_of(instance)].mulligan
    assert sum(f.copies for f in mine.cards.values()) == 50
    assert not any(f.played for f in theirs.cards.values())
    # The cards never drawn stay unseen.
    assert any(not f.seen for f in mine.cards.values())
    counts = rebuild([facts])
    card = counts[("card", "vanguard", "classic", "free", "2026-12-02", *key_of(kept))]
    assert card["games"] == 1 and card["played"] == 1 and card["winsPlayed"] == 1
    assert counts[("deck", "vanguard", "classic", "free", "2026-12-02", "1")]["wins"] == 1
    assert counts[("matchup", "vanguard", "classic", "free", "2026-12-02", "2", "1")]["losses"] == 1


def test_only_what_was_public_counts():
    """A card drawn and never shown is not seen, whoever held it (the other seat's hand of five,
    never revealed, counted seen before); a revealed card is seen; a card played face down and never
    turned up is neither seen nor played; the starter turned up by the setup is seen. Every copy
    is a card of its own here, so that each fact is the card's, not another copy's."""
    from dataclasses import replace

    from rules import get_ruleset
    from rules.tables import SeatDeck, deal_table

    from .tables.kit import decks

    def unique(deck: SeatDeck, seat: int) -> SeatDeck:
        return SeatDeck(
            tuple(
                (sec, replace(c, stable_id=f"{c.stable_id}#{seat}.{n}"))
                for n, (sec, c) in enumerate(deck.cards)
            ),
            deck.picks,
        )

    one, two = decks("vanguard")
    state = start = deal_table(get_ruleset("vanguard"), 5, (unique(one, 1), unique(two, 2)), mode="free")
    events = []

    def play(seat, kind, **payload):
        nonlocal state
        event = Event(state.seq + 1, seat, kind, payload)
        state = apply(state, event).state
        events.append(event)

    play(0, "mulligan", cards=[])
    play(1, "mulligan", cards=[])
    if state.active != 0:
        play(1, "endTurn")
    hand = [c.instance for c in state.seats[0].zones["hand"]]
    play(0, "move", instance=hand[0], to="rc3")
    play(0, "move", instance=hand[1], to="rc1", faceDown=True)
    play(0, "reveal", instance=hand[2])
    play(0, "endTurn")
    theirs = [c.instance for c in state.seats[1].zones["hand"]]
    play(1, "concede")
    facts = table_facts(start, events, format="", day="2026-12-06", decks=("1", "2"))
    of = lambda seat, instance: facts.seats[seat].cards[
        (start.card(instance).stable_id, start.card(instance).version)
    ]
    assert of(0, hand[0]).seen and of(0, hand[0]).played and of(0, hand[0]).first_played_turn == 1
    assert not of(0, hand[1]).seen and not of(0, hand[1]).played and of(0, hand[1]).first_played_turn is None
    assert of(0, hand[2]).seen and not of(0, hand[2]).played
    assert not any(of(0, i).seen for i in hand[3:]) and all(of(0, i).opening for i in hand[:5])
    assert len(theirs) >= 5 and not any(of(1, i).seen for i in theirs)
    for seat in (0, 1):
        starter = state.seats[seat].zones["vc"][0].instance
        assert of(seat, starter).seen
    # Nothing else was ever public: the decks and the other hands stay unseen in the figures.
    assert sum(f.seen for s in facts.seats for f in s.cards.values()) == 4
    counts = rebuild([facts])
    assert (
        counts[
            (
                "card",
                "vanguard",
                "",
                "free",
                "2026-12-06",
                start.card(theirs[0]).stable_id,
                start.card(theirs[0]).version,
            )
        ]["seen"]
        == 0
    )


def test_figures_are_split_by_the_card_version_that_was_dealt():
    def game(version: int, won: bool) -> GameFacts:
        seat = SeatFacts("1", won=won, cards={("VG-1", version): CardFacts(copies=1, seen=True, played=True)})
        other = SeatFacts("2", won=not won, cards={})
        return GameFacts("vanguard", "classic", "table", "2026-12-02", 4, (seat, other))

    counts = rebuild([game(3, False), game(3, False), game(4, True)])
    v3 = card_rates(counts[("card", "vanguard", "classic", "table", "2026-12-02", "VG-1", 3)])
    v4 = card_rates(counts[("card", "vanguard", "classic", "table", "2026-12-02", "VG-1", 4)])
    assert v3["winPlayed"].successes == 0 and v3["games"] == 2
    assert v4["winPlayed"].successes == 1 and v4["games"] == 1


def test_a_paper_game_counts_as_paper():
    facts = paper_facts(
        game="duel",
        format="standard",
        day="2026-12-01",
        decks=("7", "8"),
        cards=({("DU-1", 1): 3}, {("DU-2", 2): 1}),
        winner=1,
        played=({("DU-1", 1)}, ()),
    )
    counts = contribution(facts)
    key = ("card", "duel", "standard", "paper", "2026-12-01", "DU-1", 1)
    assert counts[key]["played"] == 1 and counts[key]["seen"] == 1 and counts[key]["wins"] == 0


card_facts = st.builds(
    CardFacts,
    copies=st.integers(1, 4),
    opening=st.booleans(),
    seen=st.booleans(),
    played=st.booleans(),
    mulligan=st.booleans(),
    first_played_turn=st.one_of(st.none(), st.integers(1, 12)),
)
seat_facts = st.builds(
    SeatFacts,
    deck=st.sampled_from(["1", "2", "3"]),
    label=st.sampled_from(["", "Royal Paladin", "Kagero"]),
    won=st.one_of(st.none(), st.booleans()),
    cards=st.dictionaries(
        st.tuples(st.sampled_from(["A", "B", "C"]), st.integers(1, 3)), card_facts, max_size=4
    ),
)
games = st.builds(
    GameFacts,
    game=st.just("vanguard"),
    format=st.sampled_from(["classic", "open"]),
    source=st.sampled_from(["table", "paper"]),
    day=st.sampled_from(["2026-12-01", "2026-12-02"]),
    turns=st.integers(0, 30),
    seats=st.tuples(seat_facts, seat_facts),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(games, max_size=12))
def test_incremental_figures_equal_a_rebuild(history):
    figures: dict = {}
    for game in history:
        figures = add(figures, game)
    assert figures == rebuild(history)


def test_a_deck_counts_the_games_whose_length_is_known():
    """A game of no turn (a paper game recorded without its turns, a table ended during its setup)
    is a game, not a timed one: the deck's average length is its turns over its timed games."""

    def game(turns: int) -> GameFacts:
        return GameFacts(
            "duel", "", "paper", "2026-12-02", turns, (SeatFacts("1", won=True), SeatFacts("2", won=False))
        )

    deck = rebuild([game(7), game(8), game(0)])[("deck", "duel", "", "paper", "2026-12-02", "1")]
    assert (deck["games"], deck["wins"], deck["turns"], deck["timed"]) == (3, 3, 15, 2)
    assert set(deck) <= set(DECK_COUNTS)
