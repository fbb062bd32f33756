"""One event at a time: what a table's state becomes, or why the event is refused.

:func:`apply` takes a state and an event (seq, seat, kind, payload) and returns the next state
with the cards the event moved, or raises :class:`Refusal` with a finding (a stable code of the
catalogue, params, a hint) and changes nothing. :func:`replay` folds a list of events over the
dealt table: the state is a pure function of the seed, the decks and the events.

What the engine enforces is what the seeds state: whose turn it is, whose cards they are, which
zones exist and how many cards they hold, the setup's decisions (mulligan, first player, chosen
battlefield), the steps' own actions (ready, draw, Indices, channel). A game's own moves and rules
are declared in its package (rules.tables.moves, rules/games/<game>/moves.py): in rules mode the
table plays only those, each checked by its condition (:func:`intents` lists the legal ones); in
free mode everything else is free, as at a real table. No card effect is executed.

The engine is the top of the table's rules: what an event makes or why it is refused
(rules.tables.events), the moves (rules.tables.moves, rules.tables.common_moves), what no player
decides alone (rules.tables.fairness) and the state lie below it, and none imports it back
(pyproject.toml's import contracts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..i18n import N_
from . import fairness
from .common_moves import FREE_MOVES
from .events import (
    Applied,
    Event,
    Moved,
    Refusal,
    int_param,
    only_fields,
    refuse,
    text_param,
    zone_key,
)
from .moves import RULES, Move, rule_refusal
from .spec import HIDDEN, Channel, Draw, Reset, Schedule, Untap
from .state import (
    FINISHED,
    FIRST,
    MULLIGAN,
    PLAYING,
    SETUP,
    Card,
    TableState,
    deal_life,
    derived,
    evolve,
    frozen,
    rng_for,
)

MAX_NOTE = 500
MAX_DRAW = 60
# The kinds every table shares (a game adds its own: rules.tables.moves; in rules mode a table
# plays only the kinds its game declares).
KINDS = (
    "mulligan",
    "first",
    "choose",
    "draw",
    "move",
    "tap",
    "untapAll",
    "flip",
    "reveal",
    "shuffle",
    "counter",
    "note",
    "step",
    "endTurn",
    "concede",
    # What no player decides alone (rules.tables.fairness): the luck, a result, an undo, a search.
    "result",
    "acceptResult",
    "refuseResult",
    "undo",
    "acceptUndo",
    "refuseUndo",
    "search",
    "roll",
    "coin",
)
# The kinds only the server records (never a player: tables.services refuses them from a client),
# played in every mode: "timeout", the seat to act ran out of time (rules.tables.clock).
SERVER_KINDS = ("timeout",)
# The kinds a player may send before the setup is done (the rest wait for it: a result among them).
SETUP_KINDS = frozenset({"mulligan", "first", "choose", "note", "concede", "roll", "coin"})


# --- replay ---------------------------------------------------------------------------------------
def replay(state: TableState, events: Iterable[Event], *, at: int | None = None) -> TableState:
    """The state after every event (``at``: after event ``at`` only); events are applied in order."""
    for event in events:
        if at is not None and event.seq > at:
            break
        state = apply(state, event).state
    return state


def table_kinds(state: TableState) -> tuple[str, ...]:
    """The kinds this table plays: in rules mode its game's moves; in free mode the shared kinds and
    the game's free ones."""
    moves = state.start.moves
    if moves is None:
        return KINDS
    if state.start.mode == RULES:
        return moves.kinds(RULES)
    return KINDS + tuple(k for k in moves.kinds(state.start.mode) if k not in KINDS)


def _declared(state: TableState, kind: str) -> Move | None:
    moves = state.start.moves
    return None if moves is None else moves.get(kind, state.start.mode)


def apply(state: TableState, event: Event) -> Applied:
    """The state after ``event``, or :class:`Refusal` (the state unchanged)."""
    start = state.start
    declared = _declared(state, event.kind)
    rules = start.mode == RULES and start.moves is not None
    if declared is None and (rules or event.kind not in KINDS) and event.kind not in SERVER_KINDS:
        declared_kinds = () if start.moves is None else tuple(m.kind for m in start.moves.moves)
        known = event.kind in KINDS or event.kind in declared_kinds
        if not rules or not known:
            raise refuse(
                "TABLE_EVENT_INVALID",
                kind=str(event.kind)[:40],
                problem="unknown kind",
                hint=N_("send one of the kinds the contract lists (draw, move, step, endTurn...)"),
            )
        raise rule_refusal(
            "TABLE_MOVE_NOT_ALLOWED",
            f"{start.game}.moves",
            kind=event.kind,
            hint=N_("play one of the moves the table offers (its intents)"),
        )
    if state.phase == FINISHED:
        raise refuse("TABLE_FINISHED", kind=event.kind)
    seat = event.seat
    if seat not in (0, 1):
        raise refuse("TABLE_EVENT_INVALID", kind=event.kind, problem="seat")
    setup_kind = declared.setup if declared is not None else event.kind in SETUP_KINDS
    if state.phase == SETUP and not (setup_kind or (start.legacy and event.kind == "result")):
        pending = sorted(state.seats[0].pending | state.seats[1].pending)
        raise refuse(
            "TABLE_SETUP_PENDING",
            kind=event.kind,
            decisions=pending,
            hint=N_("finish the setup first (mulligan, first player, choices)"),
        )
    payload = dict(event.payload)
    try:
        if declared is not None and declared.condition is not None:
            refusal = declared.condition(state, seat, payload)
            if refusal is not None:
                raise refusal
        reduce = declared.reduce if declared is not None and declared.reduce is not None else None
        applied = (
            reduce(state, seat, payload)
            if reduce is not None
            else _HANDLERS[event.kind](state, seat, payload)
        )
    except Refusal as refusal:
        if rules and "rule" not in refusal.finding.params:
            # In rules mode every refusal names its rule: the shared ones, the table's own.
            finding = refusal.finding
            rule = "table." + finding.code.removeprefix("TABLE_").lower().replace("_", "-")
            raise Refusal(evolve(finding, params={**finding.params, "rule": rule})) from None
        raise
    new = evolve(
        applied.state, seq=event.seq, **fairness.bookkeeping(state, event.kind, event.seq, applied.state)
    )
    # A turn began (an undo back to an earlier turn brings that turn's own record back with it).
    if new.turn > state.turn and new.active is not None:
        new = evolve(new, turns_began=(*new.turns_began, (new.active, event.seq)))
    applied = _propose_end(evolve(applied, state=new))
    return _end_by_rules(applied) if rules else applied


def _end_by_rules(applied: Applied) -> Applied:
    """Rules mode: what the seed says ends the game ends it (no proposal to confirm)."""
    state = applied.state
    if state.phase != PLAYING or state.proposal is None:
        return applied
    seat, reason, wins = state.proposal
    winner = seat if wins else 1 - seat
    state = evolve(state, phase=FINISHED, result=(winner, reason), proposal=None)
    return evolve(
        applied, state=state, did=(*applied.did, ("result", {"winner": winner + 1, "reason": reason}))
    )


def intents(state: TableState, seat: int) -> list[tuple[Move, dict[str, Any]]]:
    """Every move the rules allow ``seat`` now, with its payload (each accepted by :func:`apply` as is).

    A table without the game's rules (free mode, or a game without moves) offers the shared moves
    that need no choice (the setup's, the next step, the end of the turn, a draw, conceding)."""
    if state.phase == FINISHED or seat not in (0, 1):
        return []
    moves = state.start.moves
    if moves is not None and state.start.mode == RULES:
        declared = moves.declared(RULES)
    else:
        declared = FREE_MOVES
    # Every candidate is checked on this state: what they derive of it is kept (its cards' places).
    derived(state)
    found: list[tuple[Move, dict[str, Any]]] = []
    for move in declared:
        if state.phase == SETUP and not move.setup:
            continue
        condition = move.condition
        for payload in move.enumerate(state, seat):
            if condition is None or condition(state, seat, payload) is None:
                found.append((move, dict(payload)))
    return found


# --- helpers --------------------------------------------------------------------------------------
def _require_turn(state: TableState, seat: int, kind: str) -> None:
    if state.active != seat:
        raise refuse(
            "TABLE_NOT_YOUR_TURN",
            kind=kind,
            seat=seat + 1,
            hint=N_("wait for your turn, or end the other player's turn from their seat"),
        )


def _own_card(state: TableState, seat: int, instance: str, kind: str) -> tuple[int | None, str, int]:
    where = state.locate(instance)
    if where is None:
        raise refuse(
            "TABLE_UNKNOWN_CARD",
            kind=kind,
            instance=instance[:40],
            hint=N_("use the instance of a card you can see"),
        )
    if state.owner(instance) != seat:
        raise refuse(
            "TABLE_NOT_YOUR_CARD",
            kind=kind,
            instance=instance,
            seat=seat + 1,
            hint=N_("only a card's owner moves it"),
        )
    at_seat, zone, position = where
    spec = state.spec.zone(zone)
    # A card its owner may not see (the deck's, the Life's) is not named: the rules take the top card
    # (a move "from" the zone), or the owner searches the zone first.
    hidden = spec is not None and spec.visibility == HIDDEN and not fairness.open_to(state, seat, zone)
    hidden = hidden and not state.start.legacy
    if hidden and not _cards(state, at_seat, zone)[position].revealed:
        raise refuse(
            "TABLE_CARD_HIDDEN",
            kind=kind,
            zone=zone,
            hint=N_("take the top card (a move from the zone), or search the zone first"),
        )
    return where


def _cards(state: TableState, seat: int | None, zone: str) -> tuple[Card, ...]:
    if seat is None:
        return tuple(card for _owner, card in state.shared[zone])
    return state.seats[seat].zones.get(zone, ())


def _take(state: TableState, seat: int | None, zone: str, position: int) -> tuple[TableState, Card]:
    if seat is None:
        pairs = list(state.shared[zone])
        _owner, card = pairs.pop(position)
        shared = dict(state.shared)
        shared[zone] = tuple(pairs)
        return evolve(state, shared=frozen(shared)), card
    current = state.seats[seat]
    cards = list(current.zones[zone])
    card = cards.pop(position)
    zones = dict(current.zones)
    zones[zone] = tuple(cards)
    return state.with_seat(seat, evolve(current, zones=frozen(zones))), card


def _put(state: TableState, owner: int, zone: str, card: Card, *, bottom: bool = False) -> TableState:
    """A card into a zone (its owner's, or the shared one): on top (the end of the list), or under."""
    spec = state.spec.zone(zone)
    assert spec is not None
    if spec.shared:
        pairs = list(state.shared[zone])
        pairs.insert(0, (owner, card)) if bottom else pairs.append((owner, card))
        shared = dict(state.shared)
        shared[zone] = tuple(pairs)
        return evolve(state, shared=frozen(shared))
    current = state.seats[owner]
    cards = list(current.zones.get(zone, ()))
    cards.insert(0, card) if bottom else cards.append(card)
    zones = dict(current.zones)
    zones[zone] = tuple(cards)
    return state.with_seat(owner, evolve(current, zones=frozen(zones)))


def _move(
    state: TableState,
    owner: int,
    where: tuple[int | None, str, int],
    target: str,
    *,
    face_down: bool | None = None,
    bottom: bool = False,
    kind: str = "move",
) -> tuple[TableState, list[Moved]]:
    """Move one card of ``owner`` from ``where`` to ``target``; a full zone refuses, or sends its card on."""
    seat, source, position = where
    spec = state.spec.zone(target)
    assert spec is not None
    moved: list[Moved] = []
    state, card = _take(state, seat, source, position)
    if spec.shared:
        held = tuple(c for _o, c in state.shared[target])
    else:
        held = state.seats[owner].zones.get(target, ())
    if spec.capacity is not None and len(held) >= spec.capacity:
        if spec.replaced_to is None:
            raise refuse(
                "TABLE_ZONE_FULL",
                kind=kind,
                zone=target,
                capacity=spec.capacity,
                hint=N_("move a card out of that zone first"),
            )
        # The card already there goes where the seed says (a ride: the soul; a call: the drop).
        old = held[0].instance
        old_where = state.locate(old)
        assert old_where is not None
        state, moved = _move(state, state.owner(old), old_where, spec.replaced_to, face_down=False, kind=kind)
    down = spec.face_down if face_down is None else face_down
    public = spec.visibility == "public"
    placed = Card(card.instance, face_down=down, tapped=card.tapped and public, revealed=False)
    state = _put(state, owner, target, placed, bottom=bottom)
    moved.append(
        Moved(
            card.instance,
            owner,
            source,
            seat is None,
            card.face_down,
            card.revealed,
            target,
            spec.shared,
            down,
        )
    )
    return state, moved


def _draw(state: TableState, seat: int, count: int, kind: str) -> tuple[TableState, list[Moved]]:
    moved: list[Moved] = []
    for _ in range(count):
        deck = state.seats[seat].zones["deck"]
        if not deck:
            break
        state, step = _move(state, seat, (seat, "deck", len(deck) - 1), "hand", face_down=False, kind=kind)
        moved += step
    return state, moved


# --- setup ----------------------------------------------------------------------------------------
def _decided(state: TableState, seat: int, decision: str) -> TableState:
    current = state.seats[seat]
    state = state.with_seat(seat, evolve(current, pending=current.pending - {decision}))
    return begin_if_ready(state)


def dealt(laid_out: TableState) -> TableState:
    """The table as dealt, before any event: the one laid out (rules.tables.state.lay_out), its first
    turn begun when the setup leaves nothing to decide."""
    state = begin_if_ready(laid_out)
    if state.active is not None:
        state = evolve(state, turns_began=((state.active, 0),))
    return state


def begin_if_ready(state: TableState) -> TableState:
    """When no setup decision is left: starters face up, the first player's first turn begins."""
    if state.phase != SETUP or state.seats[0].pending or state.seats[1].pending or state.first is None:
        return state
    zone = state.spec.setup.starter_zone
    if zone:
        for seat in (0, 1):
            current = state.seats[seat]
            zones = dict(current.zones)
            zones[zone] = tuple(evolve(c, face_down=False) for c in zones.get(zone, ()))
            state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    first = state.first
    assert first is not None
    state = evolve(state, phase=PLAYING, turn=0)
    return _begin_turn(state, first).state


def _mulligan(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "mulligan", "cards")
    rule = state.spec.setup.mulligan
    current = state.seats[seat]
    if rule is None or MULLIGAN not in current.pending:
        raise refuse(
            "TABLE_SETUP_DONE",
            kind="mulligan",
            decision="mulligan",
            hint=N_("a game has one mulligan, before the first turn"),
        )
    chosen = payload.get("cards", [])
    if not isinstance(chosen, list) or not all(isinstance(i, str) for i in chosen) or len(chosen) > 100:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="mulligan",
            problem="cards",
            hint=N_("send the instances of the cards you put back ([] keeps the hand)"),
        )
    hand = current.zones["hand"]
    in_hand = {c.instance: i for i, c in enumerate(hand)}
    if len(set(chosen)) != len(chosen) or any(i not in in_hand for i in chosen):
        raise refuse(
            "TABLE_NOT_IN_HAND",
            kind="mulligan",
            hint=N_("choose cards of your own hand, once each"),
        )
    if rule.max_cards is not None and len(chosen) > rule.max_cards:
        raise refuse(
            "TABLE_MULLIGAN_TOO_MANY",
            kind="mulligan",
            maximum=rule.max_cards,
            observed=len(chosen),
            hint=N_("choose fewer cards"),
        )
    rng = rng_for(state.start.seed, "mulligan", seat)
    kept = [c for c in hand if c.instance not in chosen]
    back = [hand[in_hand[i]] for i in chosen]
    deck = list(current.zones["deck"])  # top is the end
    if rule.to_bottom:
        new = [deck.pop() for _ in range(min(len(back), len(deck)))]
        deck = list(reversed(back)) + deck
    else:
        deck += back
        rng.shuffle(deck)
        new = [deck.pop() for _ in range(min(len(back), len(deck)))]
    if rule.shuffle_after:
        rng.shuffle(deck)
    zones = dict(current.zones)
    zones["hand"] = tuple(kept + new)
    zones["deck"] = tuple(deck)
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    moved = [Moved(c.instance, seat, "hand", False, False, False, "deck", False, False) for c in back]
    moved += [Moved(c.instance, seat, "deck", False, False, False, "hand", False, False) for c in new]
    state = deal_life(state, seat)
    return Applied(_decided(state, seat, MULLIGAN), tuple(moved), (("mulligan", {"count": len(back)}),))


def _first(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "first", "first")
    if FIRST not in state.seats[seat].pending:
        raise refuse(
            "TABLE_NOT_COIN_WINNER",
            kind="first",
            hint=N_("the coin toss winner chooses to play first or second"),
        )
    first = int_param(payload, "first", "first", low=1, high=2) - 1
    state = evolve(state, first=first)
    return Applied(_decided(state, seat, FIRST), (), (("first", {"seat": first + 1}),))


def _choose(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "choose", "instance")
    instance = text_param(payload, "instance", "choose")
    where = _own_card(state, seat, instance, "choose")
    for choice in state.spec.setup.choices:
        if choice.decision in state.seats[seat].pending and where[1] == choice.source:
            target = choice.targets[seat]
            state, moved = _move(state, seat, where, target, face_down=False, kind="choose")
            spec = state.spec.zone(target)
            if spec is not None and spec.shared:
                placed = [c for o, c in state.shared.get(target, ()) if o == seat]
            else:
                placed = list(state.seats[seat].zones.get(target, ()))
            if len(placed) >= choice.count:
                state = _decided(state, seat, choice.decision)
            return Applied(state, tuple(moved), (("choose", {"zone": target}),))
    raise refuse(
        "TABLE_SETUP_DONE",
        kind="choose",
        decision="choose",
        hint=N_("choose a card of the zone the setup offers"),
    )


# --- turns and steps ------------------------------------------------------------------------------
def _begin_turn(state: TableState, seat: int) -> Applied:
    current = state.seats[seat]
    state = state.with_seat(seat, evolve(current, turns=current.turns + 1))
    state = evolve(state, active=seat, turn=state.turn + 1, step=0)
    if state.turn_state:
        state = evolve(state, turn_state=frozen({}))
    if state.searching:  # a search lasts the turn at most
        state = evolve(state, searching=frozenset())
    return _enter_step(state, seat)


def _enter_step(state: TableState, seat: int) -> Applied:
    spec = state.spec
    step = spec.steps[state.step]
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    own_turns = state.seats[seat].turns
    is_second = seat != state.first
    for action in step.actions:
        if isinstance(action, Untap):
            state = _untap_all(state, seat)
            did.append(("untap", {}))
        elif isinstance(action, Draw):
            if action.skip_first_turn and state.turn == 1:
                did.append(("noDraw", {}))
                continue
            state, more, extra = _mandatory_draw(state, seat, action.count)
            moved += more
            did += extra
        elif isinstance(action, Schedule):
            values = action.second if is_second else action.first
            value = values[min(own_turns, len(values)) - 1]
            current = state.seats[seat]
            counters = dict(current.counters)
            for key in (action.counter, *action.also):
                counters[key] = value
            state = state.with_seat(seat, evolve(current, counters=frozen(counters)))
            did.append(("schedule", {"counter": action.counter, "value": value}))
        elif isinstance(action, Channel):
            count = action.count
            if is_second and own_turns == 1 and action.second_player_first_turn is not None:
                count = action.second_player_first_turn
            for _ in range(count):
                pile = state.seats[seat].zones.get(action.source, ())
                if not pile:
                    break
                state, more = _move(
                    state,
                    seat,
                    (seat, action.source, len(pile) - 1),
                    action.target,
                    face_down=False,
                    kind="step",
                )
                moved += more
            did.append(("channel", {"count": count}))
        elif isinstance(action, Reset):
            current = state.seats[seat]
            counters = dict(current.counters)
            for key in action.counters:
                counter = spec.counter(key)
                if counter is not None:
                    counters[key] = counter.initial
            state = state.with_seat(seat, evolve(current, counters=frozen(counters)))
    return Applied(state, tuple(moved), tuple(did))


def _mandatory_draw(state: TableState, seat: int, count: int):
    spec = state.spec
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    for _ in range(count):
        if not state.seats[seat].zones["deck"]:
            burn = spec.burn_out
            # Rules mode: a burn out even from an empty trash ("Un deck vide n'est pas une défaite
            # directe, c'est une horloge pour l'adversaire"); the free table proposes a deck out.
            burns = burn is not None and (
                state.start.mode == RULES or state.seats[seat].zones.get(burn.source)
            )
            if burn is not None and burns:
                current = state.seats[seat]
                zones = dict(current.zones)
                pile = [evolve(c, face_down=False, tapped=False) for c in zones[burn.source]]
                rng_for(state.start.seed, "burn-out", state.seq, seat).shuffle(pile)
                zones["deck"] = tuple(pile)
                zones[burn.source] = ()
                state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
                other = state.seats[1 - seat]
                counters = dict(other.counters)
                counters[burn.counter] = counters.get(burn.counter, 0) + burn.points
                state = state.with_seat(1 - seat, evolve(other, counters=frozen(counters)))
                did.append(("burnOut", {"seat": seat + 1}))
                if not state.seats[seat].zones["deck"]:
                    continue  # nothing to draw: the point went to the opponent, the game goes on
            else:
                did.append(("deckOut", {"seat": seat + 1}))
                state = evolve(state, proposal=(seat, "DECK_OUT", False))
                break
        state, more = _draw(state, seat, 1, "step")
        moved += more
    return state, moved, did


def _untap_all(state: TableState, seat: int) -> TableState:
    current = state.seats[seat]
    if any(c.tapped for v in current.zones.values() for c in v):
        zones = {k: _untapped(v) for k, v in current.zones.items()}
        state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    if any(o == seat and c.tapped for pairs in state.shared.values() for o, c in pairs):
        shared = {
            k: tuple((o, _stand(c)) if o == seat and c.tapped else (o, c) for o, c in v)
            for k, v in state.shared.items()
        }
        state = evolve(state, shared=frozen(shared))
    return state


def _stand(card: Card) -> Card:
    return Card(card.instance, card.face_down, False, card.revealed)


def _untapped(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if not any(c.tapped for c in cards):
        return cards
    return tuple(_stand(c) if c.tapped else c for c in cards)


def _step(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "step")
    _require_turn(state, seat, "step")
    if state.step + 1 >= len(state.spec.steps):
        raise refuse(
            "TABLE_LAST_STEP",
            kind="step",
            hint=N_("end the turn to pass it to the other player"),
        )
    return _enter_step(evolve(state, step=state.step + 1), seat)


def _end_turn(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "endTurn")
    _require_turn(state, seat, "endTurn")
    did: list[tuple[str, Mapping[str, Any]]] = []
    # The steps not taken still do what they do by themselves (the end step's reset).
    for index in range(state.step + 1, len(state.spec.steps)):
        entered = _enter_step(evolve(state, step=index), seat)
        state = entered.state
        did += entered.did
    began = _begin_turn(state, 1 - seat)
    return Applied(began.state, began.moved, tuple(did) + began.did)


# --- free moves ---------------------------------------------------------------------------------
def _move_event(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "move", "instance", "from", "to", "faceDown", "bottom")
    target = zone_key(state, text_param(payload, "to", "move"), "move")
    face_down = payload.get("faceDown")
    bottom = payload.get("bottom", False)
    if (face_down is not None and not isinstance(face_down, bool)) or not isinstance(bottom, bool):
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="move",
            problem="faceDown",
            hint=N_("send true or false"),
        )
    instance = payload.get("instance")
    if instance is None:
        # A card nobody sees: the top of one of the mover's hidden piles (the deck, the Life).
        source = zone_key(state, text_param(payload, "from", "move"), "move")
        pile = _cards(state, seat, source) if not state.spec.zone(source).shared else ()  # type: ignore[union-attr]
        if not pile:
            raise refuse(
                "TABLE_ZONE_EMPTY",
                kind="move",
                zone=source,
                hint=N_("choose a zone that holds a card"),
            )
        where: tuple[int | None, str, int] = (seat, source, len(pile) - 1)
    else:
        where = _own_card(state, seat, text_param({"i": instance}, "i", "move"), "move")
    state, moved = _move(state, seat, where, target, face_down=face_down, bottom=bottom)
    return Applied(state, tuple(moved))


def _draw_event(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "draw", "count")
    count = int_param(payload, "count", "draw", low=1, high=MAX_DRAW, default=1)
    if len(state.seats[seat].zones["deck"]) < count:
        raise refuse(
            "TABLE_ZONE_EMPTY",
            kind="draw",
            zone="deck",
            hint=N_("draw fewer cards, or record the game's result"),
        )
    state, moved = _draw(state, seat, count, "draw")
    return Applied(state, tuple(moved), (("draw", {"count": count}),))


def _card_flag(flag: str):
    def handler(state: TableState, seat: int, payload: dict) -> Applied:
        kind = {"tapped": "tap", "face_down": "flip", "revealed": "reveal"}[flag]
        only_fields(payload, kind, "instance")
        instance = text_param(payload, "instance", kind)
        where = _own_card(state, seat, instance, kind)
        at_seat, zone, position = where
        before = _cards(state, at_seat, zone)[position]
        after = evolve(before, **{flag: not getattr(before, flag)})
        if at_seat is None:
            pairs = list(state.shared[zone])
            pairs[position] = (seat, after)
            shared = dict(state.shared)
            shared[zone] = tuple(pairs)
            state = evolve(state, shared=frozen(shared))
        else:
            current = state.seats[seat]
            cards = list(current.zones[zone])
            cards[position] = after
            zones = dict(current.zones)
            zones[zone] = tuple(cards)
            state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
        moved = (
            Moved(
                instance,
                seat,
                zone,
                at_seat is None,
                before.face_down,
                before.revealed,
                zone,
                at_seat is None,
                after.face_down,
                after.revealed,
            ),
        )
        return Applied(state, moved, ((kind, {"on": getattr(after, flag)}),))

    return handler


def _reveal(state: TableState, seat: int, payload: dict) -> Applied:
    """``{"instance"}``: one's own card shown to both, or hidden again; ``{"zone", "count"}``: the top
    cards of one's own hidden pile shown to both (rules.tables.fairness)."""
    if "zone" in payload or "count" in payload:
        return fairness.reveal_top(state, seat, payload)
    return _reveal_card(state, seat, payload)


_reveal_card = _card_flag("revealed")


def _untap_event(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "untapAll")
    return Applied(_untap_all(state, seat), (), (("untap", {}),))


def _shuffle(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "shuffle", "zone")
    zone = zone_key(state, text_param(payload, "zone", "shuffle"), "shuffle")
    spec = state.spec.zone(zone)
    if spec is None or spec.shared:
        raise refuse(
            "TABLE_UNKNOWN_ZONE",
            kind="shuffle",
            zone=zone,
            expected=[z.key for z in state.spec.own_zones],
            hint=N_("shuffle one of your own zones"),
        )
    current = state.seats[seat]
    cards = [evolve(c, revealed=False) for c in current.zones.get(zone, ())]
    rng_for(state.start.seed, "shuffle", state.seq + 1, seat).shuffle(cards)
    zones = dict(current.zones)
    zones[zone] = tuple(cards)
    state = fairness.closed_search(state.with_seat(seat, evolve(current, zones=frozen(zones))), seat, zone)
    return Applied(state, (), (("shuffle", {"zone": zone}),))


def _counter(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "counter", "key", "value")
    key = text_param(payload, "key", "counter")
    spec = state.spec.counter(key)
    if spec is None:
        known = [c.key for c in state.spec.counters]
        raise refuse(
            "TABLE_UNKNOWN_COUNTER",
            kind="counter",
            counter=key[:40],
            expected=known,
            hint=N_("use one of the table's counters"),
        )
    value = payload.get("value")
    low = spec.minimum if spec.minimum is not None else -(10**9)
    high = spec.maximum if spec.maximum is not None else 10**9
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise refuse(
            "TABLE_COUNTER_RANGE",
            kind="counter",
            counter=key,
            minimum=low,
            maximum=high,
            hint=N_("send a whole number within the counter's bounds"),
        )
    current = state.seats[seat]
    counters = dict(current.counters)
    before = counters.get(key, spec.initial)
    counters[key] = value
    state = state.with_seat(seat, evolve(current, counters=frozen(counters)))
    return Applied(state, (), (("counter", {"key": key, "value": value, "before": before}),))


def _note(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "note", "text")
    text = text_param(payload, "text", "note", limit=MAX_NOTE)
    return Applied(evolve(state, notes=(*state.notes, (seat, text))), (), (("note", {"text": text}),))


def _concede(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "concede")
    state = evolve(state, phase=FINISHED, result=(1 - seat, "CONCEDED"), proposal=None)
    return Applied(state, (), (("concede", {"seat": seat + 1}),))


def _timeout(state: TableState, seat: int, payload: dict) -> Applied:
    """The server records that ``seat``, to act, ran out of time (rules.tables.clock): it loses."""
    only_fields(payload, "timeout")
    if state.phase != PLAYING or state.active != seat:
        raise refuse("TABLE_EVENT_INVALID", kind="timeout", problem="seat")
    state = evolve(state, phase=FINISHED, result=(1 - seat, "TIME"), proposal=None)
    return Applied(state, (), (("result", {"winner": 2 - seat, "reason": "TIME"}),))


def _propose_end(applied: Applied) -> Applied:
    """What the seed says ends the game, proposed (a player confirms it with a result)."""
    state = applied.state
    if state.phase != PLAYING:
        return applied
    for end in state.spec.ends:
        for seat in (0, 1):
            if end.counter is not None:
                value = state.seats[seat].counters.get(end.counter, 0)
            elif end.zone is not None:
                value = len(state.seats[seat].zones.get(end.zone, ()))
            else:
                continue
            if (end.at_least is not None and value >= end.at_least) or (
                end.at_most is not None and value <= end.at_most
            ):
                proposal = (seat, end.reason, end.wins)
                if state.proposal != proposal:
                    state = evolve(state, proposal=proposal)
                    return evolve(applied, state=state, did=(*applied.did, ("proposal", {"seat": seat + 1})))
                return applied
    if state.proposal is not None and state.proposal[1] != "DECK_OUT":
        return evolve(applied, state=evolve(state, proposal=None))
    return applied


_HANDLERS = {
    "mulligan": _mulligan,
    "first": _first,
    "choose": _choose,
    "draw": _draw_event,
    "move": _move_event,
    "tap": _card_flag("tapped"),
    "untapAll": _untap_event,
    "flip": _card_flag("face_down"),
    "reveal": _reveal,
    "shuffle": _shuffle,
    "counter": _counter,
    "note": _note,
    "step": _step,
    "endTurn": _end_turn,
    "concede": _concede,
    "timeout": _timeout,
    # What no player decides alone (rules.tables.fairness).
    **fairness.HANDLERS,
}


def events_from(rows: Sequence[Mapping[str, Any]]) -> list[Event]:
    """Events from their stored form ({"seq", "seat", "kind", "payload"}; seats counted from 0)."""
    return [Event(r["seq"], r["seat"], r["kind"], r.get("payload") or {}) for r in rows]


# --- the engine's helpers a game's moves use (rules/games/<game>/moves.py) ------------------------
# (with the payload's readers only_fields, text_param, int_param: rules.tables.events)
move_card = _move
require_turn = _require_turn
own_card = _own_card
# The shared engine's step and end of turn, for a game's own declaration that adds to what they do.
step_handler = _step
end_turn_handler = _end_turn


def shared_handler(kind: str):
    """The shared engine's handler of ``kind`` (a game's declaration that adds to what it does)."""
    return _HANDLERS[kind]


def is_tapped(state: TableState, instance: str) -> bool:
    """Whether the card ``instance`` lies tapped (exhausted), in a seat's zone or a shared one."""
    where = state.locate(instance)
    assert where is not None
    seat, zone, position = where
    return _cards(state, seat, zone)[position].tapped


def set_tapped(state: TableState, instance: str, tapped: bool) -> TableState:
    """The state with the card ``instance`` tapped or not, where it lies (a seat's zone or a shared one)."""
    where = state.locate(instance)
    assert where is not None
    seat, zone, position = where
    if seat is None:
        pairs = list(state.shared[zone])
        owner, card = pairs[position]
        pairs[position] = (owner, evolve(card, tapped=tapped))
        shared = dict(state.shared)
        shared[zone] = tuple(pairs)
        return evolve(state, shared=frozen(shared))
    current = state.seats[seat]
    cards = list(current.zones[zone])
    cards[position] = evolve(cards[position], tapped=tapped)
    zones = dict(current.zones)
    zones[zone] = tuple(cards)
    return state.with_seat(seat, evolve(current, zones=frozen(zones)))


def mandatory_draw(state: TableState, seat: int, count: int):
    """``seat`` draws ``count`` as the rules make it (an empty deck: the game's burn out, else deck
    out): (state, moved, did)."""
    return _mandatory_draw(state, seat, count)


def card_in_hand(state: TableState, seat: int, payload: Mapping[str, Any], kind: str, rule: str):
    """The ``instance`` of the payload, a card of the seat's own hand: (instance, where), or the
    refusal of ``rule`` (a ride, a call, a deployment, a discard all play a card from the hand)."""
    instance = text_param(payload, "instance", kind)
    where = _own_card(state, seat, instance, kind)
    if where[1] != "hand":
        raise rule_refusal("TABLE_NOT_IN_HAND", rule, kind=kind, hint=N_("choose a card of your hand"))
    return instance, where
