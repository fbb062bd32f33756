"""What no player decides alone at a table (FORMATS.md v1.3; issue 46, items 5 and 7).

- **The luck**: ``roll`` (``sides``, 6 by default) and ``coin`` are drawn by the table from its seed
  and the event's seq: no player chooses them, every replay draws the same.
- **A result**: the engine's own end (a proposal of the seed's end condition, ``state.proposal``)
  confirmed as it stands ends the game at once, as does a concession; any other result a seat
  claims (``result``) is a proposal the other seat accepts (``acceptResult``) or refuses
  (``refuseResult``). No result during the setup (the engine refuses it: TABLE_SETUP_PENDING).
- **An undo**: ``undo`` asks to take back the last event (the state before it is kept:
  ``state.undo_point``); the other seat accepts (``acceptUndo``: the table is as it was, its notes
  kept) or refuses (``refuseUndo``). One event at a time.
- **A hidden card**: ``search`` opens one's own deck to oneself (the other seat reads that it was
  searched and its count) until it is shuffled or the turn ends; ``reveal`` with ``zone`` and
  ``count`` shows the top cards of one's own hidden pile to both (until they move or the pile is
  shuffled); a card a player may not see is never named by its instance
  (:func:`rules.tables.engine._own_card`: TABLE_CARD_HIDDEN): the rules take the top card.

A proposal (a claimed result, an undo) stands until the other seat answers it or a move is played.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..i18n import N_
from .events import Applied, int_param, only_fields, refuse, text_param, zone_key
from .spec import HIDDEN
from .state import FINISHED, Card, TableState, evolve, frozen, rng_for

# A die has from 2 to MAX_SIDES sides (6 unless the player says).
MAX_SIDES = 100
RESULT_REASONS = ("RECORDED", "DECK_OUT", "DAMAGE", "LIFE_POINTS", "POINTS", "NO_LIFE", "DRAW")
# The kinds that answer or make a proposal: they neither end one nor may be undone.
NEGOTIATION = frozenset({"result", "acceptResult", "refuseResult", "undo", "acceptUndo", "refuseUndo"})
# The kinds that leave a proposal standing (talk and luck: nothing on the table changes).
KEEP_PROPOSALS = NEGOTIATION | {"note", "roll", "coin"}
# The kinds an undo never takes back: the talk and the luck (a note stays in the log; a die is not
# rolled again by agreement). A proposal standing, the event it would undo stays the same.
NOT_UNDONE = KEEP_PROPOSALS
SEARCHED = ("deck",)


def _done(state: TableState, winner: int | None, reason: str) -> TableState:
    return evolve(
        state, phase=FINISHED, result=(winner, reason), proposal=None, claim=None, undo_request=None
    )


def _result_words(winner: int | None, reason: str) -> dict[str, Any]:
    return {"winner": None if winner is None else winner + 1, "reason": reason}


# --- the luck ---------------------------------------------------------------------------------------
def roll(state: TableState, seat: int, payload: dict) -> Applied:
    """A die the table rolls: from the table's seed and the event's seq; the log says the value."""
    only_fields(payload, "roll", "sides")
    sides = int_param(payload, "sides", "roll", low=2, high=MAX_SIDES, default=6)
    value = rng_for(state.start.seed, "roll", state.seq + 1, seat).randint(1, sides)
    return Applied(state, (), (("roll", {"sides": sides, "value": value}),))


def coin(state: TableState, seat: int, payload: dict) -> Applied:
    """A coin the table tosses, as the die: heads or tails."""
    only_fields(payload, "coin")
    side = ("heads", "tails")[rng_for(state.start.seed, "coin", state.seq + 1, seat).randrange(2)]
    return Applied(state, (), (("coin", {"side": side}),))


# --- a result ---------------------------------------------------------------------------------------
def claim_result(state: TableState, seat: int, payload: dict) -> Applied:
    """``{"winner"?: 1|2, "reason"?}``: the engine's proposed end confirmed as it stands ends the game;
    any other result is a claim the other seat answers."""
    only_fields(payload, "result", "winner", "reason")
    winner = payload.get("winner")
    if winner is not None:
        winner = int_param(payload, "winner", "result", low=1, high=2) - 1
    reason = payload.get("reason", "DRAW" if winner is None else "RECORDED")
    if reason not in RESULT_REASONS:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="result",
            problem="reason",
            hint=N_("send the contract's values"),
        )
    if state.start.legacy:  # a table of before: the result ended the game at once
        return Applied(_done(state, winner, reason), (), (("result", _result_words(winner, reason)),))
    proposal = state.proposal
    if proposal is not None:
        proposer, proposed, wins = proposal
        if (proposer if wins else 1 - proposer) == winner and proposed == reason:
            # The seed's end condition happened: the game ends as the engine proposed it.
            return Applied(_done(state, winner, reason), (), (("result", _result_words(winner, reason)),))
    claimed = evolve(state, claim=(seat, winner, reason))
    return Applied(claimed, (), (("claim", _result_words(winner, reason)),))


def _other_seats(state: TableState, seat: int, kind: str, pending: tuple | None) -> tuple:
    """The proposal ``seat`` answers: the other seat's (TABLE_NO_PROPOSAL otherwise)."""
    if pending is None or pending[0] == seat:
        raise refuse(
            "TABLE_NO_PROPOSAL",
            kind=kind,
            hint=N_("only the other player's proposal can be accepted or refused"),
        )
    return pending


def accept_result(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "acceptResult")
    _claimant, winner, reason = _other_seats(state, seat, "acceptResult", state.claim)
    return Applied(_done(state, winner, reason), (), (("result", _result_words(winner, reason)),))


def refuse_result(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "refuseResult")
    _other_seats(state, seat, "refuseResult", state.claim)
    return Applied(evolve(state, claim=None), (), (("refused", {"what": "result"}),))


# --- an undo ----------------------------------------------------------------------------------------
def ask_undo(state: TableState, seat: int, payload: dict) -> Applied:
    """Ask to take back the last event (the other seat answers)."""
    only_fields(payload, "undo")
    if state.undo_point is None:
        raise refuse(
            "TABLE_NOTHING_TO_UNDO",
            kind="undo",
            hint=N_("an undo takes back the last move, once; there is none to take back"),
        )
    seq = state.undo_point[0]
    return Applied(evolve(state, undo_request=(seat, seq)), (), (("undoAsked", {"seq": seq}),))


def accept_undo(state: TableState, seat: int, payload: dict) -> Applied:
    """The table as it was before the event undone (the notes said since stay in the log)."""
    only_fields(payload, "acceptUndo")
    _asker, seq = _other_seats(state, seat, "acceptUndo", state.undo_request)
    if state.undo_point is None or state.undo_point[0] != seq:  # never: a move ends the request
        raise refuse("TABLE_NOTHING_TO_UNDO", kind="acceptUndo")
    before = state.undo_point[1]
    back = evolve(before, notes=state.notes, undo_point=None, undo_request=None, claim=None)
    return Applied(back, (), (("undo", {"seq": seq}),))


def refuse_undo(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "refuseUndo")
    _other_seats(state, seat, "refuseUndo", state.undo_request)
    return Applied(evolve(state, undo_request=None), (), (("refused", {"what": "undo"}),))


def bookkeeping(before: TableState, kind: str, seq: int, after: TableState) -> dict[str, Any]:
    """After an accepted event of ``kind``: the state it may be undone to, and the proposals it ends
    (the changes to make to ``after``; the engine makes them with the event's seq, in one copy)."""
    if kind in NEGOTIATION:
        return {}
    changes: dict[str, Any] = {}
    if kind not in NOT_UNDONE and after.phase != FINISHED:
        kept = before
        if before.undo_point is not None or before.undo_request is not None or before.claim is not None:
            kept = evolve(before, undo_point=None, undo_request=None, claim=None)
        changes["undo_point"] = (seq, kept)
    if kind not in KEEP_PROPOSALS and (after.claim is not None or after.undo_request is not None):
        changes.update(claim=None, undo_request=None)
    return changes


# --- a hidden card ----------------------------------------------------------------------------------
def search(state: TableState, seat: int, payload: dict) -> Applied:
    """``{"zone": "deck"}``: the seat looks through its own deck (the opponent reads that it did, and
    the count) until it shuffles it or the turn ends; meanwhile it may take a card of it by name."""
    only_fields(payload, "search", "zone")
    zone = zone_key(state, text_param(payload, "zone", "search"), "search")
    if zone not in SEARCHED:
        raise refuse(
            "TABLE_UNKNOWN_ZONE",
            kind="search",
            zone=zone,
            expected=list(SEARCHED),
            hint=N_("search your own deck"),
        )
    count = len(state.seats[seat].zones.get(zone, ()))
    opened = evolve(state, searching=state.searching | {(seat, zone)})
    return Applied(opened, (), (("search", {"zone": zone, "count": count}),))


def reveal_top(state: TableState, seat: int, payload: Mapping[str, Any]) -> Applied:
    """``{"zone", "count"}``: the top cards of one of the seat's own hidden piles, shown to both."""
    only_fields(payload, "reveal", "zone", "count")
    zone = zone_key(state, text_param(payload, "zone", "reveal"), "reveal")
    spec = state.spec.zone(zone)
    own_hidden = [z.key for z in state.spec.own_zones if z.visibility == HIDDEN]
    if spec is None or spec.shared or spec.visibility != HIDDEN:
        raise refuse(
            "TABLE_UNKNOWN_ZONE",
            kind="reveal",
            zone=zone,
            expected=own_hidden,
            hint=N_("reveal the top of one of your own hidden piles (your deck)"),
        )
    pile = list(state.seats[seat].zones.get(zone, ()))
    if not pile:
        raise refuse("TABLE_ZONE_EMPTY", kind="reveal", zone=zone, hint=N_("choose a zone that holds a card"))
    count = int_param(payload, "count", "reveal", low=1, high=len(pile), default=1)
    top = len(pile) - count
    pile[top:] = [Card(c.instance, c.face_down, c.tapped, True) for c in pile[top:]]
    current = state.seats[seat]
    zones = dict(current.zones)
    zones[zone] = tuple(pile)
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    return Applied(state, (), (("revealTop", {"zone": zone, "count": count}),))


def closed_search(state: TableState, seat: int, zone: str) -> TableState:
    """The seat's zone no longer open to it (shuffled)."""
    if (seat, zone) not in state.searching:
        return state
    return evolve(state, searching=state.searching - {(seat, zone)})


def open_to(state: TableState, seat: int, zone: str) -> bool:
    """Whether ``seat`` is looking through its own ``zone`` now (a search)."""
    return (seat, zone) in state.searching


HANDLERS: dict[str, Callable[[TableState, int, dict], Applied]] = {
    "roll": roll,
    "coin": coin,
    "result": claim_result,
    "acceptResult": accept_result,
    "refuseResult": refuse_result,
    "undo": ask_undo,
    "acceptUndo": accept_undo,
    "refuseUndo": refuse_undo,
    "search": search,
}
