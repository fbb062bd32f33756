"""Playtest tables, pure: each game's table as data (:mod:`.spec`), its state dealt from a seed and
two frozen decks (:mod:`.state`), one event at a time (:mod:`.engine`), and what each seat may see
(:mod:`.views`). No Django, no I/O: the same seed and events always give the same table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .engine import Applied, Event, Refusal, apply, dealt, intents, replay, table_kinds
from .moves import FREE, MODES, RULES, GameMoves, Move, Param, rule_refusal
from .spec import TableSpec, plain_table
from .state import SeatDeck, TableState, lay_out
from .views import event_view, table_view

if TYPE_CHECKING:
    from ..ruleset import RuleSet

__all__ = [
    "FREE",
    "MODES",
    "RULES",
    "Applied",
    "Event",
    "GameMoves",
    "Move",
    "Param",
    "Refusal",
    "SeatDeck",
    "TableSpec",
    "TableState",
    "apply",
    "deal_table",
    "event_view",
    "intents",
    "is_legacy",
    "plain_table",
    "replay",
    "replay_recorded",
    "replay_table",
    "rule_refusal",
    "table_kinds",
    "table_view",
]


def deal_table(
    ruleset: RuleSet,
    seed: int,
    decks: Sequence[SeatDeck],
    *,
    mode: str | None = None,
    legacy: bool = False,
    rules_version: str | None = None,
) -> TableState:
    """The table of ``ruleset``'s game dealt for two decks, before any event (``mode``: "rules" or
    "free"; None: the game's default, rules where it declares its moves; ``legacy``: a free table of
    moves.LEGACY_FREE_VERSION, replayed as it was played; ``rules_version``: in rules mode, the
    version whose moves it plays by, GameMoves.for_version; None: the current one)."""
    mode = ruleset.table_mode(mode)
    if mode not in MODES or (mode == RULES and not ruleset.has_rules_mode()):
        raise ValueError(f"{ruleset.key} has no {mode!r} table")
    moves = ruleset.table_moves
    if mode == RULES and rules_version is not None and moves is not None:
        moves = moves.for_version(rules_version)
        if moves is None:
            raise ValueError(f"{ruleset.key} does not know the rules {rules_version!r}")
    laid_out = lay_out(
        ruleset.key,
        ruleset.table_spec(),
        ruleset.draws(),
        seed,
        decks,
        ruleset.deck_sections[0],
        moves=moves,
        mode=mode,
        legacy=legacy and mode != RULES,
    )
    return dealt(laid_out)


def replay_table(
    ruleset: RuleSet,
    seed: int,
    decks: Sequence[SeatDeck],
    events: Iterable[Event],
    *,
    at: int | None = None,
    mode: str | None = None,
) -> TableState:
    """The table after ``events`` (``at``: after event ``at``)."""
    return replay(deal_table(ruleset, seed, decks, mode=mode), events, at=at)


def is_legacy(mode: str, rules_version: str) -> bool:
    """A free table of moves.LEGACY_FREE_VERSION (before rules.tables.fairness): replayed as it was played."""
    from .moves import LEGACY_FREE_VERSION

    return mode == FREE and rules_version == LEGACY_FREE_VERSION


def rules_unknown(ruleset: RuleSet, mode: str, rules_version: str, *, table: object = "") -> Refusal | None:
    """None when ``ruleset`` knows the rules ``rules_version`` of a table of ``mode``; else the
    refusal TABLE_RULES_UNKNOWN (a table is only ever replayed under the rules it was dealt under)."""
    from ..findings import error
    from ..i18n import N_

    known = mode in MODES and (mode != RULES or ruleset.has_rules_mode())
    expected = ruleset.rules_version(mode) if known else None
    # An older version the game's moves still replay: the same (GameMoves.replays: moves only added),
    # or under that version's own moves (GameMoves.previous: a rule changed).
    replays = ruleset.table_moves.versions() if mode == RULES and ruleset.table_moves is not None else ()
    if expected is not None and (rules_version in (expected, *replays) or is_legacy(mode, rules_version)):
        return None
    return Refusal(
        error(
            "TABLE_RULES_UNKNOWN",
            params={"table": table or ruleset.key, "rulesVersion": rules_version, "expected": expected},
            hint=N_("replay it with the version of the studio that knows its rules"),
        )
    )


def replay_recorded(
    ruleset: RuleSet,
    rules_version: str,
    seed: int,
    decks: Sequence[SeatDeck],
    events: Iterable[Event],
    *,
    mode: str,
    table: object = "",
) -> TableState:
    """A recorded game (a stored table, an example log) replayed under the rules it was dealt under
    (``rules_version``; a free table of LEGACY_FREE_VERSION as it was played), or :class:`Refusal`
    TABLE_RULES_UNKNOWN when this studio does not know them."""
    refusal = rules_unknown(ruleset, mode, rules_version, table=table)
    if refusal is not None:
        raise refusal
    legacy = is_legacy(mode, rules_version)
    version = rules_version if mode == RULES else None
    return replay(deal_table(ruleset, seed, decks, mode=mode, legacy=legacy, rules_version=version), events)
