"""Test draws: each game's setup as data, and a seeded simulation of it.

A rule set declares its :class:`DrawSetup` (``RuleSet.draw_setup``), written
from its seed's setup: the opening hand, the mulligan, cards set apart (the
darkrow Life, the vanguard starting vanguard), the draw of each turn. Nothing
is played: :func:`simulate` shuffles a deck with a seeded random generator and
deals it as the setup says, so that the same seed and the same choices give the
same cards (a draw can be shared, replayed, tested). :func:`cards_seen` says
how many cards a player holds by a turn, for the exact odds of :mod:`rules.odds`.

Pure: plain values in, plain values out, no Django, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from .i18n import N_, NP_, Plural
from .odds import at_least

T = TypeVar("T")

MAX_SEED = 2**63 - 1


class DrawError(ValueError):
    """A choice the setup does not allow (too many cards put back, a position outside the hand...).

    ``template`` (marked N_) and ``params`` let the pages say it in the reader's language;
    ``str()`` is the English sentence."""

    def __init__(self, template: str, **params):
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


@dataclass(frozen=True, slots=True)
class Mulligan:
    """One mulligan of the opening hand.

    ``max_cards``: how many cards may be put back (None: any number).
    ``to_bottom``: the cards go under the deck and as many are drawn from the
    top (they cannot come back in that draw); otherwise they are shuffled back
    into the deck before drawing as many (the same cards may come back).
    ``shuffle_after``: the deck is shuffled once the new cards are drawn.
    """

    max_cards: int | None
    to_bottom: bool
    shuffle_after: bool = False

    def description(self) -> tuple[str | Plural, ...]:
        """The rule as sentences marked for the pages to translate (``%(n)s``: the most cards put
        back, which chooses the plural form)."""
        if self.to_bottom:
            text: str | Plural = (
                N_("put any number of cards under the deck, draw as many from the top")
                if self.max_cards is None
                else NP_(
                    "put 0 to %(n)s card under the deck, draw as many from the top",
                    "put 0 to %(n)s cards under the deck, draw as many from the top",
                    "n",
                )
            )
        else:
            text = (
                N_("put any number of cards back, shuffle, draw as many (the same cards may come back)")
                if self.max_cards is None
                else NP_(
                    "put 0 to %(n)s card back, shuffle, draw as many (the same card may come back)",
                    "put 0 to %(n)s cards back, shuffle, draw as many (the same cards may come back)",
                    "n",
                )
            )
        return (text, N_("then shuffle the deck")) if self.shuffle_after else (text,)

    def describe(self) -> str:
        params = {"n": self.max_cards}
        parts = (p.form(self.max_cards) if isinstance(p, Plural) else p for p in self.description())
        return ", ".join(part % params if "%(" in part else part for part in parts)


@dataclass(frozen=True, slots=True)
class DrawSetup:
    """How a game deals a deck at the start, and how many cards a turn draws.

    ``hand``: the opening hand (None: the game states none; the user chooses).
    ``life``: after the mulligan, the next ``life`` cards are set apart face
    down (darkrow's Life). ``starter``: a card set aside before shuffling, the
    first of the deck list that matches (vanguard's starting vanguard: "the
    engine takes the first one"). ``draw_per_turn``: None when the game states
    no draw. ``first_player_skips_first_draw``: the first player does not draw
    on the very first turn.
    """

    section: str = "main"
    hand: int | None = None
    mulligan: Mulligan | None = None
    life: int = 0
    starter: Callable[[object], bool] | None = None
    starter_label: str = ""
    draw_per_turn: int | None = None
    first_player_skips_first_draw: bool = False
    # The setup as the game's source states it, and how "seen by turn t" counts, for people.
    summary: str = ""
    seen_by_turn: str = ""

    @property
    def has_turns(self) -> bool:
        return self.draw_per_turn is not None


def unstated_setup(section: str = "main") -> DrawSetup:
    """The setup of a game that states none: a shuffled deck, and as many cards as the user chooses."""
    return DrawSetup(
        section=section,
        summary=N_("The game states no opening hand and no draw rule: choose how many cards to draw."),
        seen_by_turn=N_(
            "the game states no draw per turn: the odds are for the number of cards you choose to draw."
        ),
    )


# --- the simulation -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dealt(Generic[T]):
    """A deck dealt by a setup: what is where, and what happened."""

    seed: int
    starter: T | None
    # The hand as first drawn, and the positions (in it) the player put back; None: not decided yet.
    opening: tuple[T, ...]
    put_back: tuple[int, ...] | None
    # The hand after the mulligan (kept cards in their order, then the new ones), then the turn draws.
    hand: tuple[T, ...]
    new_in_hand: frozenset[int]
    life: tuple[T, ...]
    drawn: tuple[T, ...]
    # The rest of the deck, top first.
    deck: tuple[T, ...]
    # Turn draws asked for beyond the end of the deck.
    missed_draws: int = 0

    @property
    def mulligan_pending(self) -> bool:
        return self.put_back is None


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh seed for a new shuffle (the caller's generator, or the system's)."""
    return (rng or random.SystemRandom()).randrange(1, 10**9)


def simulate(
    setup: DrawSetup,
    cards: Sequence[T],
    *,
    seed: int,
    put_back: Sequence[int] | None = None,
    draws: int = 0,
    hand: int | None = None,
) -> Dealt[T]:
    """Deal ``cards`` (the section in deck-list order, one item per copy) as ``setup`` says.

    ``put_back``: the positions in the opening hand the player puts back at the
    mulligan (``()`` keeps the hand; None: the mulligan is not decided yet, and
    the setup stops before it). ``draws``: cards drawn after the setup (the
    draws of the turns). ``hand``: the opening hand when the setup gives none.
    The same arguments always give the same result.
    """
    if not 0 <= seed <= MAX_SEED:
        raise DrawError(N_("the seed is a whole number from 0 to %(max)s"), max=MAX_SEED)
    if draws < 0:
        raise DrawError(N_("draws: a number of cards, 0 or more"))
    rng = random.Random(seed)
    deck = list(cards)
    index = starter_index(setup, deck)
    starter = deck.pop(index) if index is not None else None
    rng.shuffle(deck)
    size = setup.hand if setup.hand is not None else (hand or 0)
    if size < 0:
        raise DrawError(N_("the hand is a number of cards, 0 or more"))
    opening = deck[:size]
    deck = deck[size:]

    if setup.mulligan is None:
        put_back = ()
    elif put_back is not None:
        put_back = _check_put_back(setup.mulligan, put_back, len(opening))
    if put_back is None:
        return Dealt(seed, starter, tuple(opening), None, tuple(opening), frozenset(), (), (), tuple(deck))

    kept = [card for position, card in enumerate(opening) if position not in put_back]
    returned = [opening[position] for position in put_back]
    rule = setup.mulligan
    if returned and rule is not None:  # cards are put back only under a mulligan rule
        if rule.to_bottom:
            new, deck = deck[: len(returned)], deck[len(returned) :] + returned
        else:
            deck += returned
            rng.shuffle(deck)
            new, deck = deck[: len(returned)], deck[len(returned) :]
        if rule.shuffle_after:
            rng.shuffle(deck)
    else:
        new = []
    in_hand = kept + new
    new_in_hand = frozenset(range(len(kept), len(in_hand)))
    life, deck = deck[: setup.life], deck[setup.life :]
    drawn, deck = deck[:draws], deck[draws:]
    return Dealt(
        seed,
        starter,
        tuple(opening),
        tuple(put_back),
        tuple(in_hand),
        new_in_hand,
        tuple(life),
        tuple(drawn),
        tuple(deck),
        missed_draws=draws - len(drawn),
    )


def starter_index(setup: DrawSetup, cards: Sequence[T]) -> int | None:
    """The position of the card the setup sets aside (the first that matches), or None."""
    if setup.starter is None:
        return None
    return next((index for index, card in enumerate(cards) if setup.starter(card)), None)


def _check_put_back(rule: Mulligan, put_back: Sequence[int], hand: int) -> tuple[int, ...]:
    positions = tuple(put_back)
    if len(set(positions)) != len(positions):
        raise DrawError(N_("a card of the hand is put back once"))
    outside = [p for p in positions if not 0 <= p < hand]
    if outside:
        raise DrawError(
            N_("the hand has %(hand)s cards; position %(position)s is not one of them"),
            hand=hand,
            position=outside[0] + 1,
        )
    if rule.max_cards is not None and len(positions) > rule.max_cards:
        raise DrawError(
            N_("a mulligan puts back at most %(most)s cards; %(chosen)s were chosen"),
            most=rule.max_cards,
            chosen=len(positions),
        )
    return positions


# --- how many cards a player has seen -------------------------------------------------------------------
def cards_seen(setup: DrawSetup, turn: int, *, first_player: bool = True, hand: int | None = None) -> int:
    """Cards drawn into the hand by the player's own turn ``turn`` (0: the opening hand).

    Counts the opening hand (before any mulligan) and the normal draw of each of
    the player's turns, after that turn's draw; cards set apart (Life, the
    starting vanguard) are not in the hand, and card effects are not counted.
    """
    if turn < 0:
        raise DrawError(N_("turn: 0 (the opening hand) or more"))
    size = setup.hand if setup.hand is not None else (hand or 0)
    if turn == 0 or not setup.has_turns:
        return size
    per_turn = setup.draw_per_turn or 0
    draws = turn * per_turn
    if first_player and setup.first_player_skips_first_draw:
        draws -= per_turn
    return size + draws


def chance_by_turn(
    setup: DrawSetup,
    cards: Sequence[T],
    wanted: Callable[[T], bool],
    *,
    copies: int,
    turn: int,
    first_player: bool = True,
    hand: int | None = None,
) -> tuple[Fraction, int, int, int]:
    """The exact chance to hold at least ``copies`` of the ``wanted`` cards by the player's turn ``turn``.

    ``cards`` is the section the setup deals (one item per copy). A card the
    setup sets aside (the starting vanguard) is out of the deck. Returns the
    chance, and the deck size, wanted copies and cards seen it was computed from.
    """
    deck = list(cards)
    index = starter_index(setup, deck)
    if index is not None:
        deck.pop(index)
    successes = sum(1 for card in deck if wanted(card))
    seen = min(cards_seen(setup, turn, first_player=first_player, hand=hand), len(deck))
    return at_least(len(deck), successes, seen, copies), len(deck), successes, seen
