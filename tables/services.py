"""Writes of playtest tables: open one, sit at one, and append an event.

Each write locks the table's row (``select_for_update``): two moves sent at once are played
one after the other, and the second, sent against the old seq, is refused (409). An event is
checked by replaying the table (:func:`tables.replay.state_of`: from the state this process keeps,
one query for the events stored since) and applying it with the pure engine
(:func:`rules.tables.apply`); a refused event changes nothing. Once committed, the new state is
kept for the next reads (:func:`tables.replay.keep`) and ``tables.realtime.announce`` tells the
table's connections.

Refusals are the studio's error types (:mod:`common.errors`), each with its ``TABLE_*`` finding:
:class:`~common.errors.InvalidInput` (a move or a field the table refuses), :class:`~common.errors.Forbidden`
(not seated), :class:`~common.errors.Conflict` (the table moved on, or is not waiting: with the
table's ``seq`` in its ``context`` when the client catches up from it). The API and the pages map
them (common.api); nothing here knows of HTTP.
"""

from __future__ import annotations

import json
import logging
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.enqueue import enqueue_on_commit
from common.errors import Conflict, Forbidden, InvalidInput, StudioError
from common.finding_messages import message as finding_message
from decks.models import Deck
from decks.selectors import deck_list, fresh_result
from rules import Finding, registry
from rules.findings import error
from rules.i18n import N_
from rules.problems import invalid, problem
from rules.tables import Applied, Event, Refusal, TableState, apply
from rules.tables.bots import POLICIES, bot_intents, bot_to_move, choose_seen
from rules.tables.engine import SERVER_KINDS
from rules.tables.state import FINISHED, rng_for

from . import replay, snapshot
from .models import Seat, Table, TableEvent, new_token
from .signals import table_finished

# Seeds a JSON number carries exactly.
MAX_SEED = 2**53 - 1
# The most characters an event's payload may take, as JSON (a mulligan of 100 instances fits).
MAX_PAYLOAD = 8_000
MAX_KIND = 32

log = logging.getLogger(__name__)


# What every refusal of these services is (each a common.errors type with its finding): the name
# callers catch.
TableRefused = StudioError


def _refusal(
    finding: Finding, raised_as: type[StudioError] = InvalidInput, *, seq: int | None = None
) -> StudioError:
    """``finding`` as the studio's error type ``raised_as``; ``seq``: the table's, to catch up from."""
    context = {"seq": seq} if seq is not None else None
    if raised_as is InvalidInput:
        return InvalidInput([finding], context=context)
    # Their message is the reader's at once (InvalidInput makes its own again for each reader).
    return raised_as(finding_message(finding), [finding], context=context)


def _refused(
    code: str, *, raised_as: type[StudioError] = InvalidInput, hint: str = "", **params: Any
) -> StudioError:
    return _refusal(error(code, params=params, hint=hint), raised_as)


@dataclass(frozen=True)
class Played:
    """An event a seat played and the table stored: the row, the state before it and the engine's
    answer (its new state, the cards it moved), for the mover's answer without a replay."""

    event: TableEvent
    move: Event
    before: TableState
    applied: Applied
    # What each audience was told of the move (tables.selectors.table_news), once it is worked out.
    news: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def seq(self) -> int:
        return self.event.seq

    @property
    def seat(self) -> int:
        return self.event.seat


def _check_may_play(user) -> None:
    if not user.is_authenticated or not user.has_perm("tables.add_table"):
        raise PermissionDenied("your role does not sit at playtest tables")


def _own_deck(user, deck: Deck | None, field: str) -> Deck:
    """The deck, with its entries' cards, when it is the user's own (a player plays their own decks)."""
    if deck is None or deck.owner_id != user.pk:
        raise _refused(
            "TABLE_DECK_NOT_YOURS",
            deck=getattr(deck, "pk", None),
            field=field,
            hint=N_("sit with one of your own decks"),
        )
    return Deck.objects.select_related("format").prefetch_related("entries__card").get(pk=deck.pk)


def _verdict(deck: Deck) -> dict[str, Any]:
    """The deck's verdict now (a stale deck's is computed, not taken from its old result)."""
    legal, ready, violations = deck.legal, deck.ready_to_play, deck.violations or []
    if deck.stale or legal is None:
        result = fresh_result(deck=Deck.objects.select_related("owner").get(pk=deck.pk))
        if result is not None:
            data = result.to_dict()
            legal = data.get("legal")
            ready = data.get("readyToPlay", legal)
            violations = data.get("violations") or []
    return {
        "format": deck.format.key if deck.format_id else "",
        "legal": bool(legal),
        "readyToPlay": bool(ready),
        "violations": len([v for v in violations if v.get("severity", "error") == "error"]),
        "warnings": len([v for v in violations if v.get("severity") == "warning"]),
    }


def _seat(table: Table, index: int, user, deck: Deck, *, bot: str = "") -> Seat:
    return Seat.objects.create(
        table=table,
        index=index,
        user=user,
        bot=bot,
        deck=deck,
        deck_name=deck.name,
        verdict=_verdict(deck),
        cards=snapshot.freeze(deck),
    )


def _deal(table: Table, seats: list[Seat]) -> None:
    """Both seats taken: the setup is dealt (seq 0); the table's status follows the state."""
    state = replay.deal_for(table, [snapshot.thaw(table.game, s.cards) for s in seats])
    table.status = state.phase
    table.started_at = timezone.now()
    table.save(update_fields=["status", "started_at"])


def _announce(table_id: int, seq: int, news_of: Callable[[], dict[str, Any]] | None = None) -> None:
    """Once committed, announce ``seq`` with ``news_of()``: what each audience receives (worked
    out after the commit, out of the table's lock). Should that fail, the move is announced bare
    and each socket reads it from the database."""
    try:
        from . import realtime
    except ImportError:  # the real time is not installed: clients catch up from their last seq
        return

    def send() -> None:
        news = None
        if news_of is not None:
            try:
                news = news_of()
            except Exception:
                log.exception("could not work out the news of table %s at seq %s", table_id, seq)
        realtime.announce(table_id, seq, news=news)

    transaction.on_commit(send)


def _seed(seed, *, hot_seat: bool) -> int:
    """The table's seed: drawn here (``secrets``) unless the one user of a hot seat gives it.

    At a table of two users no player chooses the luck: a seed the creator knows, with a hot seat of
    the same decks, would show them the other player's hidden hand (FORMATS.md v1.3, "Randomness no
    player chooses"). The view shows its commitment (:func:`seed_hash`) and, once the game is over,
    the seed itself, so that anyone can replay every shuffle."""
    if seed is None:
        return secrets.randbelow(MAX_SEED + 1)
    if not hot_seat:
        raise InvalidInput([invalid("seed", problem("SEED_SERVER_DRAWN"))])
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidInput([invalid("seed", problem("COUNT_FROM_TO", minimum=0, maximum=MAX_SEED))])
    return seed


def _same_game(game: str, deck: Deck, field: str) -> None:
    if deck.game != game:
        raise _refused(
            "TABLE_WRONG_GAME",
            deck=deck.pk,
            game=deck.game,
            expected=game,
            field=field,
            hint=N_("choose a deck of the table's game"),
        )


def _mode(game: str, mode) -> str:
    """The table's mode: ``mode`` ("rules" or "free"), or the game's default (rules where it declares
    its moves)."""
    ruleset = registry.get(game)
    if mode is None:
        return ruleset.table_mode()
    expected = ["rules", "free"] if ruleset.has_rules_mode() else ["free"]
    if mode not in expected:
        raise InvalidInput([invalid("mode", problem("NOT_ALLOWED", value=str(mode)[:16], expected=expected))])
    return mode


def _timer(game: str, mode: str, hot_seat: bool, timer) -> bool:
    """Whether the table's turn timer runs: the game's (RuleSet.table_timer) in rules mode, on at a
    table of two users and off at a hot seat unless asked for (``timer``: true or false)."""
    offered = registry.get(game).table_timer is not None and mode == "rules"
    if timer is None:
        return offered and not hot_seat
    if not isinstance(timer, bool):
        raise InvalidInput([invalid("timer", problem("NOT_YES_NO"))])
    if timer and not offered:
        raise InvalidInput([invalid("timer", problem("NOT_ALLOWED", value="true", expected=["false"]))])
    return timer


def _bot_deck(user, deck: Deck | None, game: str) -> Deck:
    """The bot's deck: any deck ``user`` may see (it is frozen at the table as a person's is)."""
    if deck is None or not deck_list(user=user).filter(pk=deck.pk).exists():
        raise InvalidInput(
            [invalid("opponentDeck", problem("NO_DECK_TO_SEE", value=repr(getattr(deck, "pk", None))))]
        )
    _same_game(game, deck, "opponentDeck")
    return Deck.objects.select_related("format").prefetch_related("entries__card").get(pk=deck.pk)


def _bot_policy(game: str, bot, mode) -> str:
    """A bot's policy (rules.tables.bots.POLICIES); a bot plays only by the rules (it picks among the
    intents the engine offers)."""
    if bot not in POLICIES:
        raise InvalidInput(
            [invalid("bot", problem("NOT_ALLOWED", value=str(bot)[:16], expected=list(POLICIES)))]
        )
    rules_games = [r.key for r in registry if r.has_rules_mode()]
    if game not in rules_games:
        raise InvalidInput([invalid("bot", problem("NO_RULES_MODE", game=game, expected=rules_games))])
    if mode not in (None, "rules"):
        raise InvalidInput(
            [invalid("mode", problem("NOT_ALLOWED", value=str(mode)[:16], expected=["rules"]))]
        )
    return bot


@transaction.atomic
def table_create(
    *, user, deck, opponent_deck=None, seed=None, public=False, invite=None, mode=None, timer=None, bot=None
) -> Table:
    """Open a table with ``deck`` at seat 1 (``mode``: "rules" or "free"; None: the game's default).

    With ``opponent_deck`` (another deck of the caller, of the same game) both seats are the
    caller's (hot seat) and the setup is dealt at once; without it the table waits for a second
    player (``invite``: a user of the studio invited by name; anyone with the link's token may sit).
    ``seed``: only at a hot seat or a bot's table (at a table of two users the server draws it:
    FIELD_INVALID).

    With ``bot`` ("random" or "greedy": solo play) a bot of that policy takes seat 2 with
    ``opponent_deck`` (any deck the caller may see), in rules mode; the setup is dealt at once and
    the bot plays whenever the table waits for it (:func:`table_bot_play`).
    """
    _check_may_play(user)
    deck = _own_deck(user, deck, "deck")
    if invite is not None and (opponent_deck is not None or bot is not None or invite.pk == user.pk):
        raise InvalidInput([invalid("invite", problem("INVITE"))])
    second = None
    if bot is not None:
        bot = _bot_policy(deck.game, bot, mode)
        if opponent_deck is None:
            raise InvalidInput([invalid("opponentDeck", problem("REQUIRED"))])
        second = _bot_deck(user, opponent_deck, deck.game)
    elif opponent_deck is not None:
        second = _own_deck(user, opponent_deck, "opponentDeck")
        _same_game(deck.game, second, "opponentDeck")
    mode = _mode(deck.game, mode)
    # One person at the table (a hot seat, or against a bot): their seed, and no timer unless asked for.
    alone = second is not None
    table = Table.objects.create(
        game=deck.game,
        mode=mode,
        rules_version=registry.get(deck.game).rules_version(mode),
        seed=_seed(seed, hot_seat=alone),
        created_by=user,
        public=bool(public),
        hot_seat=second is not None and bot is None,
        invited=invite,
        timer=_timer(deck.game, mode, alone, timer),
    )
    seats = [_seat(table, 1, user, deck)]
    if bot is not None:
        seats.append(_seat(table, 2, None, second, bot=bot))
        _deal(table, seats)
        enqueue_on_commit(BOT_TASK, table.pk, table.seq)
    elif second is not None:
        seats.append(_seat(table, 2, user, second))
        _deal(table, seats)
    return table


@transaction.atomic
def table_join(*, user, table, deck) -> Table:
    """``user`` sits at seat 2 of a waiting table with one of their decks of its game; the setup is dealt."""
    _check_may_play(user)
    table = Table.objects.select_for_update().get(pk=table.pk)
    seats = list(table.seats.all())
    if table.status != Table.Status.WAITING or len(seats) != 1:
        raise _refused(
            "TABLE_NOT_WAITING",
            raised_as=Conflict,
            table=table.pk,
            hint=N_("open a table of your own"),
        )
    if seats[0].user_id == user.pk:
        raise _refused(
            "TABLE_ALREADY_SEATED",
            table=table.pk,
            hint=N_("open a hot-seat table with two of your decks"),
        )
    deck = _own_deck(user, deck, "deck")
    _same_game(table.game, deck, "deck")
    seats.append(_seat(table, 2, user, deck))
    _deal(table, seats)
    _announce(table.pk, 0)
    return table


def table_join_by_token(*, user, token, deck) -> Table:
    """Sit at the table whose invitation link carries ``token`` (Table.DoesNotExist if none, or revoked)."""
    if not isinstance(token, str) or not token or len(token) > 64:
        raise Table.DoesNotExist("no table has this invitation")
    table = Table.objects.get(invite_token=token, invite_open=True)
    return table_join(user=user, table=table, deck=deck)


@transaction.atomic
def table_invitation_set(*, user, table, open: bool) -> Table:
    """The creator of a waiting table revokes its invitation link (``open=False``) or re-issues it
    (``open=True``): either way the old link's token is no longer the table's, so a link sent
    before leads nowhere; a re-issued link has a new token. A user invited by name stays invited."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.created_by_id is None or table.created_by_id != user.pk:
        raise PermissionDenied(gettext("only the table's creator revokes or re-issues its invitation link"))
    if table.status != Table.Status.WAITING:
        raise _refused("TABLE_NOT_WAITING", raised_as=Conflict, table=table.pk)
    table.invite_token = new_token()
    table.invite_open = bool(open)
    table.save(update_fields=["invite_token", "invite_open"])
    return table


def _payload(kind, payload) -> dict[str, Any]:
    if not isinstance(kind, str) or not kind or len(kind) > MAX_KIND:
        raise _refused(
            "TABLE_EVENT_INVALID",
            kind=str(kind)[:MAX_KIND],
            problem="kind",
            hint=N_("send one of the kinds the contract lists (draw, move, step, endTurn...)"),
        )
    if not isinstance(payload, dict):
        raise _refused(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem="payload",
            hint=N_("send the field as the contract describes it"),
        )
    try:
        size = len(json.dumps(payload, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        size = MAX_PAYLOAD + 1
    if size > MAX_PAYLOAD:
        raise _refused(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem="size",
            hint=N_("send only the fields the contract lists for this kind"),
        )
    odd = _odd_character(payload)
    if odd is not None:
        raise _refused(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem=f"U+{ord(odd):04X}",
            hint=N_("remove control and direction characters from the text"),
        )
    return payload


# Direction overrides and isolates: a note holding them would show the log's words in another order.
_BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def _odd_character(value: Any) -> str | None:
    """The first control character (but a line break or a tab) or direction override of a text in ``value``."""
    if isinstance(value, str):
        for char in value:
            if char in _BIDI or (unicodedata.category(char) == "Cc" and char not in "\n\t"):
                return char
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _odd_character(key) if isinstance(key, str) else None
        found = found or _odd_character(item)
        if found is not None:
            return found
    return None


def _playing_seat(table: Table, seats: list[Seat], user, seat, state) -> int:
    """The engine's seat (0 or 1) ``user`` plays this event from."""
    mine = [s.index for s in seats if s.user_id == user.pk]
    if seat is not None:
        if isinstance(seat, bool) or seat not in mine:
            raise _refused(
                "TABLE_NOT_YOUR_SEAT",
                seat=str(seat)[:8],
                expected=mine,
                hint=N_("play from your own seat"),
            )
        return seat - 1
    if len(mine) == 1:
        return mine[0] - 1
    # Hot seat: the active seat plays; in the setup, the seat that still has a decision to make.
    if state.active is not None:
        return state.active
    waiting = [i for i in (0, 1) if state.seats[i].pending]
    if len(waiting) == 1:
        return waiting[0]
    raise _refused(
        "TABLE_EVENT_INVALID",
        problem="seat",
        hint=N_("send the seat that plays (1 or 2)"),
    )


@transaction.atomic
def table_event_append(*, user, table, kind, expected_seq, payload, seat=None) -> Played:
    """Play one event at ``table`` from ``user``'s seat (``seat``: 1 or 2, needed only in a hot seat).

    Refused (nothing changes): :class:`~common.errors.Conflict` when ``expected_seq`` is not the
    table's seq (its context the current one), :class:`~common.errors.InvalidInput` with the finding
    the engine gives for a move it refuses, :class:`~common.errors.Forbidden` for a user not seated.
    At a bot's table, the bot's answer is asked for once the move commits (:func:`table_bot_play`).
    """
    locked = Table.objects.select_for_update().get(pk=table.pk)
    # Seats never change once both are taken: the caller's (prefetched) seats serve then.
    seats = replay.seats_of(table)
    if len(seats) != 2:
        seats = list(locked.seats.all())
    payload = _checked(
        locked, seats, kind, expected_seq, payload, seated=any(s.user_id == user.pk for s in seats)
    )
    state = replay.state_of(locked, seats=seats, committed=True)
    engine_seat = _playing_seat(locked, seats, user, seat, state)
    played = _applied(table, locked, state, engine_seat, kind, payload, by=user)
    if any(s.bot for s in seats) and played.applied.state.phase != FINISHED:
        enqueue_on_commit(BOT_TASK, locked.pk, played.seq)
    return played


def _checked(
    locked: Table, seats: list[Seat], kind, expected_seq, payload, *, seated: bool
) -> dict[str, Any]:
    """The payload of an event sent to the (locked) table, once its envelope is checked: its kind and
    payload, the mover ``seated``, the table dealt and at ``expected_seq``. A person's and a bot's."""
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        raise _refused(
            "TABLE_EVENT_INVALID",
            kind=str(kind)[:MAX_KIND],
            problem="expectedSeq",
            hint=N_("send the seq of the table you see"),
        )
    payload = _payload(kind, payload)
    if kind in SERVER_KINDS:
        raise _refused(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem="kind",
            hint=N_("send one of the kinds the contract lists (draw, move, step, endTurn...)"),
        )
    if not seated:
        raise _refused(
            "TABLE_NOT_SEATED",
            raised_as=Forbidden,
            table=locked.pk,
        )
    if locked.status == Table.Status.WAITING:
        raise _refused(
            "TABLE_WAITING",
            raised_as=Conflict,
            table=locked.pk,
            hint=N_("wait until the second player sits down"),
        )
    if expected_seq != locked.seq:
        raise _refusal(
            error(
                "TABLE_STALE_SEQ",
                params={"expected": expected_seq, "current": locked.seq},
                hint=N_("read the events since your last seq, then play again"),
            ),
            Conflict,
            seq=locked.seq,
        )
    return payload


def _applied(
    table: Table, locked: Table, state: TableState, engine_seat: int, kind: str, payload, *, by
) -> Played:
    """The event applied by the engine to the table's ``state`` (a refusal changes nothing) and stored."""
    event = Event(locked.seq + 1, engine_seat, kind, payload)
    try:
        applied = apply(state, event)
    except Refusal as refusal:
        raise _refusal(refusal.finding, seq=locked.seq) from None
    return _store(table, locked, state, event, applied, by=by)


def _store(table: Table, locked: Table, state: TableState, event: Event, applied: Applied, *, by) -> Played:
    """Store an applied event (under the table's lock), the table's status and result, announce it."""
    from .selectors import table_news

    stored = TableEvent.objects.create(
        table=locked, seq=event.seq, seat=event.seat + 1, kind=event.kind, payload=dict(event.payload), by=by
    )
    after = applied.state
    changes: dict[str, Any] = {"seq": event.seq, "status": after.phase}
    finished = after.result is not None and locked.finished_at is None
    if finished:
        winner, reason = after.result
        changes.update(
            finished_at=timezone.now(), winner=None if winner is None else winner + 1, result_reason=reason
        )
        # The game enters the play statistics once it is over (idempotent; the sweep catches a miss).
        enqueue_on_commit("playstats.count_table", locked.pk)
    Table.objects.filter(pk=locked.pk).update(**changes)
    for key, value in changes.items():
        setattr(table, key, value)
        setattr(locked, key, value)
    if finished:
        table_finished.send(sender=Table, table=locked, by=by)
    # The next move starts from this state, once it is stored for good.
    transaction.on_commit(lambda: _kept(locked, after, event.seq, stored.created_at))
    played = Played(stored, event, state, applied)

    def news_of() -> dict[str, Any]:
        played.news.update(table_news(table, state, event, applied, stored.created_at))
        return played.news

    _announce(locked.pk, event.seq, news_of)
    return played


def _kept(table: Table, state: TableState, seq: int, created_at) -> None:
    """Keep the state an event made and its time (committed: the turn timer's clock reads it)."""
    replay.keep(table, state)
    replay.keep_stamps(table, {seq: created_at})


def table_clock_check(table: Table, *, now=None) -> Played | None:
    """The turn timer, checked (on each read and move of the table, and by the periodic task
    ``tables.check_clocks``): when the seat to act has spent its turn and its bank, the server records
    its loss (the event ``timeout``, result TIME) and returns it; else None. Idempotent."""
    from .selectors import table_clock

    if not table.timer or table.status != Table.Status.PLAYING:
        return None
    found = table_clock(table, replay.state_of(table), now)
    if found is None or found.out is None:
        return None
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if locked.status != Table.Status.PLAYING:
            return None
        state = replay.state_of(locked, committed=True)
        found = table_clock(locked, state, now)
        if found is None or found.out is None:
            return None
        event = Event(locked.seq + 1, found.out, "timeout", {})
        return _store(table, locked, state, event, apply(state, event), by=None)


def tables_clocks_check(table_ids=None, *, now=None) -> list[int]:
    """Check the clocks of the tables being played with a timer (``table_ids``: only those): the ids
    of the tables a seat lost on time."""
    tables = Table.objects.filter(status=Table.Status.PLAYING, timer=True)
    if table_ids is not None:
        tables = tables.filter(pk__in=table_ids)
    return [table.pk for table in tables.order_by("pk") if table_clock_check(table, now=now) is not None]


# --- solo play: a bot at the table ----------------------------------------------------------------
# The task that plays a table's bot (tables.tasks.bot_play), asked for with the table's id and seq.
BOT_TASK = "tables.bot_play"
# The moves a bot plays in a row in one run at most: a turn takes a few dozen; a game's defect that
# would offer it moves for ever stops here (the run is logged, and a retry goes on).
BOT_MOVES = 300


@dataclass(frozen=True)
class BotRun:
    """What a run of a table's bot did: the seqs of the moves it played and, when a move failed, the
    failure's code (the finding's, or ``BOT_ERROR``); the table stays as the last good move left it."""

    played: tuple[int, ...] = ()
    failed: str = ""


def table_bot_play(*, table_id: int, seq: int) -> BotRun:
    """The bot of the table plays as long as the table waits for its seat, each move one of the
    intents its seat is offered, chosen on what its seat may see only (rules.tables.bots.choose_seen:
    never the person's hidden cards), and played through the checks, the log and the announce of a
    person's move (:func:`_checked`, :func:`_applied`), one transaction a move.

    Idempotent: ``seq`` is the table's seq when the run was asked for; a run that finds the table
    moved on plays nothing (another run played, or the person moved and asked for its own run). A
    move that fails is logged, never raised: the table stays as it was and a retry
    (:func:`table_bot_retry`) asks again."""
    played: list[int] = []
    expected = seq
    for _ in range(BOT_MOVES):
        try:
            with transaction.atomic():
                move = _bot_move(table_id, expected)
        except StudioError as refused:
            code = refused.finding.code if refused.finding is not None else type(refused).__name__
            log.warning("the bot of table %s could not play at seq %s: %s", table_id, expected, code)
            return BotRun(tuple(played), code)
        except Exception:
            log.exception("the bot of table %s failed at seq %s", table_id, expected)
            return BotRun(tuple(played), "BOT_ERROR")
        if move is None:
            break
        played.append(move.seq)
        expected = move.seq
    else:
        log.warning(
            "the bot of table %s played %s moves in a row: stopped at seq %s", table_id, BOT_MOVES, expected
        )
    return BotRun(tuple(played))


def _bot_move(table_id: int, expected: int) -> Played | None:
    """One move of the table's bot (under the table's lock), or None when the table does not wait for it."""
    locked = Table.objects.select_for_update().filter(pk=table_id).first()
    if locked is None or locked.seq != expected or locked.mode != "rules":
        return None
    if locked.status not in (Table.Status.SETUP, Table.Status.PLAYING):
        return None
    seats = list(locked.seats.all())
    bot = next((s for s in seats if s.bot), None)
    if bot is None or len(seats) != 2:
        return None
    state = replay.state_of(locked, seats=seats, committed=True)
    seat = bot.index - 1
    offered = bot_intents(state, seat)
    if not bot_to_move(state, seat, offered):
        return None
    # Its own luck, from the table's seed and the move's place: a retry makes the same choice.
    rng = rng_for(locked.seed, "bot", locked.seq)
    move, payload = choose_seen(state, seat, offered, bot.bot, rng, registry.get(locked.game).bot_evaluate)
    payload = _checked(locked, seats, move.kind, locked.seq, dict(payload), seated=True)
    return _applied(locked, locked, state, seat, move.kind, payload, by=None)


def table_bot_retry(*, user, table: Table) -> int:
    """A player of a bot's table asks the bot to play again (its last run failed, or was lost): its run
    is asked for at the table's seq, once this commits. The seq it is asked at."""
    seats = replay.seats_of(table)
    if not any(s.user_id == user.pk for s in seats):
        raise _refused("TABLE_NOT_SEATED", raised_as=Forbidden, table=table.pk)
    if not any(s.bot for s in seats):
        raise _refused("TABLE_NO_BOT", table=table.pk, hint=N_("open a table against a bot"))
    enqueue_on_commit(BOT_TASK, table.pk, table.seq)
    return table.seq
