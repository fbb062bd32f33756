"""Test draws: each game's setup as its seed states it, seeded and reproducible."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import CardData, get_ruleset, registry
from rules.draws import DrawError, DrawSetup, Mulligan, cards_seen, simulate
from rules.ruleset import RuleSet
from tests.seeds import SEED_GAMES

DECK = tuple(f"c{i:02}" for i in range(40))


def setup_of(game: str) -> DrawSetup:
    return get_ruleset(game).draws()


def everything(dealt) -> Counter:
    return Counter(
        [
            *([dealt.starter] if dealt.starter is not None else []),
            *dealt.hand,
            *dealt.life,
            *dealt.drawn,
            *dealt.deck,
        ]
    )


# --- each game's setup -------------------------------------------------------------------------------
def test_darkrow_draws_5_then_after_the_mulligan_5_cards_become_life():
    pending = simulate(setup_of("darkrow"), DECK, seed=7)
    assert len(pending.opening) == 5 and pending.mulligan_pending
    assert pending.life == () and len(pending.deck) == 35  # Life comes after the mulligan
    kept = simulate(setup_of("darkrow"), DECK, seed=7, put_back=())
    assert kept.hand == pending.opening
    assert len(kept.life) == 5 and kept.life == pending.deck[:5]
    assert len(kept.deck) == 30
    assert everything(kept) == Counter(DECK)


def test_darkrow_mulligan_shuffles_the_cards_back_and_redraws_as_many():
    opening = simulate(setup_of("darkrow"), DECK, seed=11).opening
    dealt = simulate(setup_of("darkrow"), DECK, seed=11, put_back=(0, 2, 4))
    assert dealt.put_back == (0, 2, 4)
    assert dealt.hand[:2] == (opening[1], opening[3])  # the kept cards first, in their order
    assert dealt.new_in_hand == frozenset({2, 3, 4})
    assert len(dealt.hand) == 5 and len(dealt.life) == 5
    assert everything(dealt) == Counter(DECK)
    # Put back, then shuffled: over many seeds, a card put back sometimes comes straight back.
    came_back = 0
    for seed in range(200):
        first = simulate(setup_of("darkrow"), DECK, seed=seed).opening
        again = simulate(setup_of("darkrow"), DECK, seed=seed, put_back=(0, 1, 2, 3, 4))
        came_back += bool(set(first) & set(again.hand))
    assert came_back > 0


def test_darkrow_mulligan_of_all_five_is_allowed_but_not_six():
    assert len(simulate(setup_of("darkrow"), DECK, seed=1, put_back=range(5)).hand) == 5
    with pytest.raises(DrawError, match="position 6"):
        simulate(setup_of("darkrow"), DECK, seed=1, put_back=range(6))


def test_riftbound_hand_of_4_and_a_mulligan_of_up_to_2_under_the_deck():
    setup = setup_of("riftbound")
    opening = simulate(setup, DECK, seed=3).opening
    assert len(opening) == 4
    dealt = simulate(setup, DECK, seed=3, put_back=(1, 3))
    assert dealt.deck[-2:] == (opening[1], opening[3])  # under the deck, in that order
    assert not {opening[1], opening[3]} & set(dealt.hand)  # never drawn straight back
    assert len(dealt.hand) == 4 and dealt.life == ()
    with pytest.raises(DrawError, match="at most 2 cards; 3 were chosen"):
        simulate(setup, DECK, seed=3, put_back=(0, 1, 2))


def vanguard_deck() -> list[CardData]:
    unit = lambda i, grade: CardData(
        "vanguard", f"Unit {i}", "NORMAL_UNIT", stable_id=f"VG-{i:02}", fields={"grade": grade}
    )
    trigger = lambda i: CardData(
        "vanguard",
        f"Trigger {i}",
        "TRIGGER_UNIT",
        stable_id=f"VG-T{i:02}",
        fields={"grade": 0, "trigger": "DRAW"},
    )
    # A trigger (grade 0) first: it is not a starting vanguard; the first grade 0 unit is.
    return (
        [trigger(0), unit(1, 2), unit(2, 0), unit(3, 0)]
        + [unit(10 + i, 1 + i % 3) for i in range(30)]
        + [trigger(i) for i in range(1, 17)]
    )


def test_vanguard_sets_the_first_starting_vanguard_aside_then_draws_5():
    deck = vanguard_deck()
    dealt = simulate(setup_of("vanguard"), deck, seed=5)
    assert dealt.starter.stable_id == "VG-02"
    assert len(dealt.opening) == 5 and len(dealt.deck) == 50 - 1 - 5
    assert "VG-02" not in {card.stable_id for card in dealt.opening + dealt.deck}


def test_vanguard_mulligan_any_number_to_the_bottom_then_shuffle():
    deck = vanguard_deck()
    opening = simulate(setup_of("vanguard"), deck, seed=9).opening
    dealt = simulate(setup_of("vanguard"), deck, seed=9, put_back=range(5))
    assert len(dealt.hand) == 5 and dealt.new_in_hand == frozenset(range(5))
    ids = lambda cards: [card.stable_id for card in cards]
    assert not set(ids(opening)) & set(ids(dealt.hand))  # the cards put back cannot come back in that draw
    assert sorted(ids((dealt.starter, *dealt.hand, *dealt.deck))) == sorted(ids(deck))
    # Shuffled afterwards: the cards put back are not simply the bottom of the deck.
    assert ids(dealt.deck[-5:]) != ids(opening)


def test_duel_draws_5_without_mulligan():
    dealt = simulate(setup_of("duel"), DECK, seed=2)
    assert not dealt.mulligan_pending and dealt.put_back == ()
    assert len(dealt.hand) == 5 and len(dealt.deck) == 35


def test_chesscards_shows_the_shuffled_deck_and_a_draw_of_the_chosen_size():
    setup = setup_of("chesscards")
    assert setup.hand is None and not setup.has_turns
    whole = simulate(setup, DECK, seed=4)
    assert whole.hand == () and len(whole.deck) == 40 and Counter(whole.deck) == Counter(DECK)
    seven = simulate(setup, DECK, seed=4, hand=7)
    assert seven.hand + seven.deck == whole.deck  # the same order, the first 7 drawn


def test_turn_draws_come_after_the_setup_and_stop_at_the_end_of_the_deck():
    dealt = simulate(setup_of("darkrow"), DECK, seed=8, put_back=(), draws=3)
    assert dealt.drawn == simulate(setup_of("darkrow"), DECK, seed=8, put_back=()).deck[:3]
    assert len(dealt.deck) == 27
    short = simulate(setup_of("duel"), DECK[:8], seed=8, draws=5)
    assert len(short.drawn) == 3 and short.missed_draws == 2 and short.deck == ()


# --- reproducible ------------------------------------------------------------------------------------------
@given(
    seed=st.integers(0, 2**63 - 1),
    game=st.sampled_from([rs.key for rs in registry]),
    put=st.sets(st.integers(0, 3), max_size=2),
)
def test_the_same_seed_and_choices_give_the_same_cards(seed, game, put):
    a = simulate(setup_of(game), DECK, seed=seed, put_back=sorted(put), draws=2)
    b = simulate(setup_of(game), DECK, seed=seed, put_back=sorted(put), draws=2)
    assert a == b
    assert everything(a) == Counter(DECK)


def test_different_seeds_give_different_shuffles():
    assert len({simulate(setup_of("duel"), DECK, seed=seed).hand for seed in range(20)}) > 15


@pytest.mark.parametrize(
    "kwargs, message",
    [({"seed": -1}, "seed"), ({"seed": 1, "draws": -1}, "draws"), ({"seed": 1, "put_back": (0, 0)}, "once")],
)
def test_bad_choices_are_refused(kwargs, message):
    with pytest.raises(DrawError, match=message):
        simulate(setup_of("darkrow"), DECK, **kwargs)


# --- cards seen by a turn ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game, turn, first, seen",
    [
        ("darkrow", 0, True, 5),
        ("darkrow", 1, True, 5),  # the first player does not draw on the very first turn
        ("darkrow", 1, False, 6),
        ("darkrow", 3, True, 7),
        ("riftbound", 0, True, 4),
        ("riftbound", 1, True, 5),
        ("riftbound", 3, False, 7),
        ("vanguard", 2, True, 7),
        ("duel", 1, True, 5),
        ("duel", 1, False, 6),
        ("duel", 4, True, 8),
    ],
)
def test_cards_seen_by_turn(game, turn, first, seen):
    assert cards_seen(setup_of(game), turn, first_player=first) == seen


def test_chesscards_seen_is_the_chosen_draw_whatever_the_turn():
    assert cards_seen(setup_of("chesscards"), 3, hand=6) == 6


def test_a_setup_describes_its_mulligan():
    assert "0 to 2 cards under the deck" in Mulligan(max_cards=2, to_bottom=True).describe()
    assert "shuffle the deck" in Mulligan(max_cards=None, to_bottom=True, shuffle_after=True).describe()
    assert "the same cards may come back" in setup_of("darkrow").mulligan.describe()


@pytest.mark.parametrize("game", sorted(SEED_GAMES))
def test_the_five_games_of_the_seeds_declare_their_setup(game):
    assert (
        get_ruleset(game).draw_setup is not None and get_ruleset(game).draws() is get_ruleset(game).draw_setup
    )


def test_every_game_has_a_setup_to_draw_with_even_when_it_states_none():
    from rules import registry

    for ruleset in registry:
        setup = ruleset.draws()
        assert setup.summary and setup.seen_by_turn and setup.section in ruleset.deck_sections, ruleset


def test_a_game_that_states_no_setup_draws_as_many_cards_as_the_user_chooses():
    class NoSetup(RuleSet):
        key, name, card_types, id_prefix, default_format = "nosetup", "No setup", ("CARD",), "NS", "x"
        deck_sections = ("pile",)

    setup = NoSetup().draws()
    assert (setup.section, setup.hand, setup.draw_per_turn, setup.has_turns) == ("pile", None, None, False)
    assert "choose how many cards" in setup.summary
    assert len(simulate(setup, list(range(10)), seed=3, hand=4).hand) == 4


def test_where_the_builder_puts_cards():
    assert get_ruleset("darkrow").section_for("LEADER") == "leaders"
    assert get_ruleset("darkrow").section_for("UNIT") == "main"
    assert get_ruleset("riftbound").section_for("RUNE") == "runes"
    assert get_ruleset("riftbound").section_for("LEGEND") == "legend"  # a pick
    assert get_ruleset("vanguard").section_for("TRIGGER_UNIT") == "main"


# --- the chance to hold cards by a turn ---------------------------------------------------------------
def test_chance_of_one_of_three_copies_in_the_darkrow_opening_hand():
    from fractions import Fraction
    from math import comb

    from rules.draws import chance_by_turn

    deck = ["wanted"] * 3 + [f"c{i}" for i in range(37)]
    chance, population, successes, seen = chance_by_turn(
        setup_of("darkrow"), deck, lambda c: c == "wanted", copies=1, turn=0
    )
    assert (population, successes, seen) == (40, 3, 5)
    assert chance == 1 - Fraction(comb(37, 5), comb(40, 5))
    # Turn 1: the first player has not drawn yet; the second player has 6 cards.
    assert chance_by_turn(setup_of("darkrow"), deck, lambda c: c == "wanted", copies=1, turn=1)[0] == chance
    second = chance_by_turn(
        setup_of("darkrow"), deck, lambda c: c == "wanted", copies=1, turn=1, first_player=False
    )
    assert second[0] == 1 - Fraction(comb(37, 6), comb(40, 6))


def test_chance_leaves_the_starting_vanguard_out_of_the_deck():
    from fractions import Fraction
    from math import comb

    from rules.draws import chance_by_turn

    deck = vanguard_deck()
    starter = lambda card: card.stable_id == "VG-02"  # the starting vanguard itself: 1 copy, set aside
    assert chance_by_turn(setup_of("vanguard"), deck, starter, copies=1, turn=3)[:3] == (0, 49, 0)
    triggers = lambda card: card.type == "TRIGGER_UNIT"
    chance, population, successes, seen = chance_by_turn(
        setup_of("vanguard"), deck, triggers, copies=1, turn=1
    )
    assert (population, successes, seen) == (49, 17, 6)
    assert chance == 1 - Fraction(comb(32, 6), comb(49, 6))


def test_chance_never_counts_more_cards_seen_than_the_deck_has():
    from rules.draws import chance_by_turn

    chance, population, _, seen = chance_by_turn(
        setup_of("duel"), ["a", "b", "c"], lambda c: c == "a", copies=1, turn=5
    )
    assert (population, seen, chance) == (3, 3, 1)
