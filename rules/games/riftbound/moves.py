"""Riftbound's table moves (seed 001, "Règles & lexique"): its rules mode.

Each rule quotes the seed line it enforces; where the seed is silent the table leaves it free and
says so (the step notes of the rule set's table).

What the table keeps of its own: in ``game_state``, ``control`` (battlefield zone -> seat) and
``xp`` (seat -> XP); in ``turn_state`` (cleared when a turn begins), ``pool`` (seat -> the rune
pool's floating Energy and Power by domain: "Le Rune Pool ... se vide en fin de tour"), ``scored``
(the battlefields each seat scored this turn) and ``might`` (Might changes an effect made this
turn). Damage is not kept: a showdown resolves at once and "Après le combat (et à chaque fin de
tour), toutes les unités sont soignées".

Card effects are not executed (the seed keeps them declarative): a player applies an effect's
outcome by hand, as a logged move the opponent sees (``addResource``, ``gainXp``, ``kill``,
``recall``, ``changeMight``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from rules.i18n import N_
from rules.tables.common_moves import (
    CHOOSE_MOVE,
    CONCEDE_MOVE,
    END_TURN_MOVE,
    FAIR_MOVES,
    FIRST_MOVE,
    MULLIGAN_MOVE,
    NOTE_MOVE,
    STEP_MOVE,
)
from rules.tables.coverage import EngineReads
from rules.tables.engine import (
    Applied,
    Moved,
    end_turn_handler,
    int_param,
    is_tapped,
    mandatory_draw,
    move_card,
    only_fields,
    refuse,
    require_turn,
    set_tapped,
    shared_handler,
    step_handler,
    text_param,
)
from rules.tables.moves import (
    GameMoves,
    Move,
    Param,
    Payload,
    checked,
    rule_refusal,
    with_game_state,
    with_turn_state,
)
from rules.tables.state import PLAYING, TableState, evolve, frozen

# The rules version a table records (rulesVersion): change it when a rule changes a replay.
VERSION = "riftbound-1"
CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD = (
    "CHAMPION_UNIT",
    "UNIT",
    "SPELL",
    "GEAR",
    "RUNE",
    "BATTLEFIELD",
)
UNITS = (CHAMPION_UNIT, UNIT)
PLAYABLE = (CHAMPION_UNIT, UNIT, SPELL, GEAR)
RAINBOW = "RAINBOW"
BASE, RUNES, RUNE_DECK, TRASH, HAND, CHAMPION = "base", "runes", "runeDeck", "discard", "hand", "champion"
FIELDS = ("battlefield1", "battlefield2")
# "Premier joueur à 8 points gagne." (the rule set's table ends the game at 8 points)
WINNING_POINTS = 8
_KEYWORD = re.compile(r"^\s*([A-Za-z]+)(?:\s+(\d{1,2}))?\s*$")
_ENTER_READY = re.compile(r"\b(?:enters? ready|entre(?:nt)? prête?s?)\b", re.IGNORECASE)
MAX_ADJUST = 99


# --- the cards -------------------------------------------------------------------------------------
def _int(state: TableState, instance: str, key: str) -> int | None:
    value = state.card(instance).get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def keyword(state: TableState, instance: str, word: str) -> int | None:
    """The value of ``word`` among the card's keywords ("SHIELD 2" -> 2, "TANK" -> 1), or among those
    its LEVEL bonuses give now; None when it has none."""
    for raw in state.card(instance).get("keywords") or ():
        match = _KEYWORD.match(str(raw))
        if match and match.group(1).upper() == word:
            return int(match.group(2)) if match.group(2) else 1
    for action in level_bonuses(state, instance):
        if action.get("do") == "GRANT_KEYWORD" and action.get("keyword") == word:
            value = action.get("value")
            return value if isinstance(value, int) else 1
    return None


def level_bonuses(state: TableState, instance: str) -> list[Mapping[str, Any]]:
    """The actions of the card's LEVEL bonuses that hold now: "LEVEL n : tant que tu as n+ XP, le champion
    bénéficie d'un bonus (Might, mots-clés, réduction de coût)". A bonus is a CONTINUOUS effect of the card
    whose conditions are all LEVEL_AT_LEAST (its ``xp``), met by its controller's XP; of its actions, those
    on the card itself (no target): a MIGHT change (MODIFY_STAT), a keyword (GRANT_KEYWORD) or its
    Energy cost (MODIFY_COST without a filter)."""
    effects = state.card(instance).effects
    if not effects:
        return []
    levels = xp(state, state.owner(instance))
    found: list[Mapping[str, Any]] = []
    for effect in effects:
        # A bonus lasts "tant que tu as n+ XP": an aura (CONTINUOUS), not an effect that triggers.
        if effect.get("timing") != "CONTINUOUS":
            continue
        conditions = effect.get("conditions") or ()
        if not conditions or not all(
            c.get("check") == "LEVEL_AT_LEAST" and isinstance(c.get("xp"), int) and levels >= c["xp"]
            for c in conditions
        ):
            continue
        found += [a for a in effect.get("actions") or () if not a.get("target")]
    return found


def xp(state: TableState, seat: int) -> int:
    return state.game_state.get("xp", {}).get(seat, 0)


def might(state: TableState, instance: str, *, attacking: bool = False, defending: bool = False) -> int:
    """A unit's current Might: printed, the turn's changes, and in a showdown "SHIELD ajoute du Might en
    défense, ASSAULT en attaque — y compris pour encaisser"."""
    value = (_int(state, instance, "might") or 0) + state.turn_state.get("might", {}).get(instance, 0)
    value += sum(
        a["amount"]
        for a in level_bonuses(state, instance)
        if a.get("do") == "MODIFY_STAT" and a.get("stat") == "MIGHT" and isinstance(a.get("amount"), int)
    )
    if attacking:
        value += keyword(state, instance, "ASSAULT") or 0
    if defending:
        value += keyword(state, instance, "SHIELD") or 0
    return max(0, value)


def controller(state: TableState, field: str) -> int | None:
    return state.game_state.get("control", {}).get(field)


def units_at(state: TableState, field: str, seat: int) -> list[str]:
    """The instances of ``seat``'s units at a battlefield (a shared zone), in the order they arrived."""
    return [
        card.instance
        for owner, card in state.shared.get(field, ())
        if owner == seat and state.card(card.instance).type in UNITS
    ]


def card_stats(state: TableState, instance: str, zone: str) -> Mapping[str, Any]:
    """What the table shows: a unit's Might, a battlefield's controller, the Legend's XP."""
    card_type = state.card(instance).type
    if card_type in UNITS and zone in (BASE, *FIELDS):
        return {"might": might(state, instance)}
    if card_type == BATTLEFIELD and zone in FIELDS:
        seat = controller(state, zone)
        return {"controller": None if seat is None else seat + 1}
    if zone == "legend":
        return {"xp": xp(state, state.owner(instance))}
    return {}


# --- shared checks ----------------------------------------------------------------------------------
def _step_key(state: TableState) -> str:
    return state.spec.steps[state.step].key


def _action_phase(state: TableState, seat: int, kind: str) -> None:
    """ "5. Action — joue des cartes, déplace tes unités, lance des showdowns." (the active player's)"""
    if state.phase != PLAYING:
        raise refuse("TABLE_SETUP_PENDING", kind=kind, decisions=[])
    require_turn(state, seat, kind)
    if _step_key(state) != "action":
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            "riftbound.action-phase",
            kind=kind,
            step=_step_key(state),
            expected="action",
            hint=N_("play this move in its step"),
        )


def _own(state: TableState, seat: int, instance: str, zones: tuple[str, ...], kind: str, rule: str):
    where = state.locate(instance)
    if where is None or state.owner(instance) != seat or where[1] not in zones:
        raise rule_refusal(
            "TABLE_RIFT_NOT_HERE",
            rule,
            kind=kind,
            instance=instance[:40],
            expected=list(zones),
            hint=N_("choose a card of yours in the zone this move takes it from"),
        )
    return where


def _counter(state: TableState, seat: int, key: str, change: int) -> TableState:
    current = state.seats[seat]
    counters = dict(current.counters)
    counters[key] = counters.get(key, 0) + change
    return state.with_seat(seat, evolve(current, counters=frozen(counters)))


# --- the rune pool and payments ("Ressources : runes, Énergie, Power") -------------------------------
def _pool(state: TableState, seat: int) -> dict[str, int]:
    return dict(state.turn_state.get("pool", {}).get(seat, {}))


def _with_pool(state: TableState, seat: int, pool: Mapping[str, int]) -> TableState:
    pools = dict(state.turn_state.get("pool", {}))
    pools[seat] = {k: v for k, v in pool.items() if v}
    state = with_turn_state(state, pool=pools)
    # The seat's counters show the pool: Energy, and Power of every domain together.
    current = state.seats[seat]
    counters = dict(current.counters)
    counters["energy"] = pool.get("energy", 0)
    counters["power"] = sum(v for k, v in pool.items() if k != "energy")
    return state.with_seat(seat, evolve(current, counters=frozen(counters)))


def rune_domain(state: TableState, instance: str) -> str | None:
    domains = state.card(instance).get("domains") or ()
    return str(domains[0]) if domains else None


def cost_of(state: TableState, instance: str) -> tuple[int, tuple[str, ...]]:
    """(Energy, Power symbols): "Énergie paie le coût en chiffre ... Power paie les symboles colorés"."""
    energy = _int(state, instance, "energy") or 0
    # "LEVEL n : ... bonus (Might, mots-clés, réduction de coût)": a MODIFY_COST of its own (no filter).
    energy += sum(
        a["amount"]
        for a in level_bonuses(state, instance)
        if a.get("do") == "MODIFY_COST" and not a.get("filter") and isinstance(a.get("amount"), int)
    )
    power = tuple(str(p) for p in state.card(instance).get("power") or ())
    return max(0, energy), power


def _accepts(state: TableState, instance: str, symbol: str) -> frozenset[str] | None:
    """The domains that pay one Power ``symbol`` of the card (None: any): "Un coût Power [A] (arc-en-ciel)
    se paie avec un Power de n'importe quel domaine ; les cartes bi-domaines acceptent un mix libre de
    leurs domaines"."""
    if symbol == RAINBOW:
        return None
    domains = [str(d) for d in state.card(instance).get("domains") or ()]
    if len(domains) == 2:
        return frozenset(domains)
    return frozenset({symbol})


def _match_power(state: TableState, instance: str, available: list[str]) -> list[int] | None:
    """Which of the ``available`` Power (domains) pay the card's symbols: their indexes, or None."""
    _energy, symbols = cost_of(state, instance)
    wanted = sorted(
        (_accepts(state, instance, s) for s in symbols),
        key=lambda accepted: 99 if accepted is None else len(accepted),
    )
    used: list[int] = []

    def fit(i: int) -> bool:
        if i == len(wanted):
            return True
        for index, domain in enumerate(available):
            # A rainbow Power in the pool (an «Add [A]») is of any domain: it pays any symbol.
            if index in used or (wanted[i] is not None and domain != RAINBOW and domain not in wanted[i]):  # type: ignore[operator]
                continue
            used.append(index)
            if fit(i + 1):
                return True
            used.pop()
        return False

    return used if fit(0) else None


def _payment(state: TableState, seat: int, instance: str, payload: Payload, kind: str):
    """The runes the payload exhausts and recycles, checked: "Exhaust une rune (la coucher) → +1 Énergie";
    "Recycle une rune → +1 Power de son domaine ... Le recycle marche même sur une rune déjà épuisée";
    "une même rune peut payer les deux". Returns (exhausted, recycled, the pool after paying)."""
    rule = "riftbound.payment"
    exhausted: list[str] = []
    recycled: list[str] = []
    for key, into in (("exhaust", exhausted), ("recycle", recycled)):
        raw = payload.get(key, [])
        if not isinstance(raw, list) or len(raw) > 24 or not all(isinstance(i, str) for i in raw):
            raise refuse(
                "TABLE_EVENT_INVALID", kind=kind, problem=key, hint=N_("send a list of your runes' instances")
            )
        if len(set(raw)) != len(raw):
            raise rule_refusal(
                "TABLE_RIFT_RUNE_USED",
                rule,
                kind=kind,
                instance=raw[0][:40],
                hint=N_("name each rune once"),
            )
        for rune in raw:
            _own(state, seat, rune, (RUNES,), kind, rule)
            into.append(rune)
    for rune in exhausted:
        if is_tapped(state, rune):
            raise rule_refusal(
                "TABLE_RIFT_RUNE_USED",
                rule,
                kind=kind,
                instance=rune,
                hint=N_("an exhausted rune gives no more Energy this turn; recycle it for Power"),
            )
    pool = _pool(state, seat)
    energy, symbols = cost_of(state, instance)
    have_energy = pool.get("energy", 0) + len(exhausted)
    floating = [d for d, n in pool.items() if d != "energy" for _ in range(n)]
    produced = [rune_domain(state, r) or "" for r in recycled]
    matched = _match_power(state, instance, floating + produced)
    if have_energy < energy or matched is None:
        raise rule_refusal(
            "TABLE_RIFT_PAYMENT",
            rule,
            kind=kind,
            energy=energy,
            power=list(symbols),
            paid=have_energy,
            paidPower=floating + produced,
            hint=N_("exhaust runes for Energy and recycle runes of the card's domains for its Power"),
        )
    after = dict(pool)
    after["energy"] = have_energy - energy
    left = [d for i, d in enumerate(floating + produced) if i not in matched]
    for domain in set(floating):
        after[domain] = 0
    for domain in left:
        after[domain] = after.get(domain, 0) + 1
    return exhausted, recycled, after


def _pay(state: TableState, seat: int, exhausted, recycled, pool) -> tuple[TableState, list[Moved]]:
    moved: list[Moved] = []
    for rune in exhausted:
        state = set_tapped(state, rune, True)
    for rune in recycled:
        # "La rune part au fond du rune deck (elle quitte le plateau ; reviendra par un futur channel)."
        where = state.locate(rune)
        assert where is not None
        state, more = move_card(state, seat, where, RUNE_DECK, face_down=True, bottom=True, kind="play")
        moved += more
    return _with_pool(state, seat, pool), moved


def auto_payment(state: TableState, seat: int, instance: str) -> dict[str, list[str]] | None:
    """A payment the seat's runes and pool make for the card (the intents offer it), or None: the
    Power from runes recycled (an exhausted rune first: it gives no more Energy), then the Energy
    from ready runes (a rune being recycled first: it leaves anyway)."""
    energy, symbols = cost_of(state, instance)
    pool = _pool(state, seat)
    runes = list(state.seats[seat].zones.get(RUNES, ()))
    floating = [d for d, n in pool.items() if d != "energy" for _ in range(n)]
    recycled: list[str] = []
    if symbols and _match_power(state, instance, floating) is None:
        by_use = sorted(runes, key=lambda c: not c.tapped)
        chosen: list[str] = []
        for card in by_use:
            chosen.append(card.instance)
            domains = floating + [rune_domain(state, r) or "" for r in chosen]
            if _match_power(state, instance, domains) is not None:
                # Keep only the runes the match needs.
                recycled = [
                    r
                    for r in chosen
                    if _match_power(state, instance, floating + _without(state, chosen, r)) is None
                ]
                if (
                    _match_power(state, instance, floating + [rune_domain(state, r) or "" for r in recycled])
                    is None
                ):
                    recycled = chosen
                break
        else:
            return None
    need = max(0, energy - pool.get("energy", 0))
    ready = [c.instance for c in runes if not c.tapped]
    ready.sort(key=lambda r: r not in recycled)
    if len(ready) < need:
        return None
    return {"exhaust": ready[:need], "recycle": recycled}


def _without(state: TableState, chosen: list[str], rune: str) -> list[str]:
    return [rune_domain(state, r) or "" for r in chosen if r != rune]


# --- control and scoring ("Battlefields & scoring") -----------------------------------------------
def _settle_control(state: TableState) -> TableState:
    """ "Le contrôle exige des unités (règle 185.2) : si tu n'as plus aucune unité sur un battlefield,
    tu en perds le contrôle immédiatement"."""
    control = dict(state.game_state.get("control", {}))
    changed = False
    for field, seat in list(control.items()):
        if seat is not None and not units_at(state, field, seat):
            control[field] = None
            changed = True
    return with_game_state(state, control=control) if changed else state


def _scored(state: TableState, seat: int) -> tuple[str, ...]:
    return tuple(state.turn_state.get("scored", {}).get(seat, ()))


def _score(state: TableState, seat: int, field: str, how: str):
    """One point for ``field`` by ``seat`` (``how``: "hold" or "conquer"), with "Un battlefield ne peut
    être scoré qu'une fois par tour" and the last point's rule (règle 451): "ton 8ᵉ point doit venir
    d'un hold ... ou de conquérir en ayant scoré tous les battlefields le même tour ... Si le point
    final t'est refusé, tu pioches 1 carte en compensation". Also XP: "gagné via HUNT (conquérir/tenir)"."""
    did: list[tuple[str, Mapping[str, Any]]] = []
    moved: list[Moved] = []
    # HUNT's XP comes with the conquest or the hold itself, scored or not: the seed limits the points.
    hunt = sum(keyword(state, u, "HUNT") or 0 for u in units_at(state, field, seat))
    if hunt:
        levels = dict(state.game_state.get("xp", {}))
        levels[seat] = levels.get(seat, 0) + hunt
        state = with_game_state(state, xp=levels)
        did.append(("xp", {"seat": seat + 1, "value": hunt}))
    if field in _scored(state, seat):
        return state, moved, did
    points = state.seats[seat].counters.get("points", 0)
    last = points + 1 >= WINNING_POINTS
    others = [f for f in FIELDS if f != field and _in_play(state, f)]
    if last and how == "conquer" and not all(f in _scored(state, seat) for f in others):
        # A refused point scores nothing: the battlefield is not "scoré" this turn.
        state, moved, more = mandatory_draw(state, seat, 1)
        did.append(("lastPointRefused", {"seat": seat + 1, "zone": field}))
        return state, moved, did + list(more)
    scored = dict(state.turn_state.get("scored", {}))
    scored[seat] = (*scored.get(seat, ()), field)
    state = with_turn_state(state, scored=scored)
    state = _counter(state, seat, "points", 1)
    did.append((how, {"seat": seat + 1, "zone": field, "points": points + 1}))
    return state, moved, did


def _in_play(state: TableState, field: str) -> bool:
    return any(state.card(c.instance).type == BATTLEFIELD for _o, c in state.shared.get(field, ()))


def _hold(state: TableState, seat: int):
    """ "2. Beginning — scoring : +1 point par battlefield que tu tiens." """
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    for field in FIELDS:
        if controller(state, field) == seat and units_at(state, field, seat):
            state, more, done = _score(state, seat, field, "hold")
            moved += more
            did += done
    return state, moved, did


# --- the turn ------------------------------------------------------------------------------------------
def _step(state: TableState, seat: int, payload: dict) -> Applied:
    applied = step_handler(state, seat, payload)
    state = applied.state
    if _step_key(state) != "beginning":
        return applied
    state, moved, did = _hold(state, seat)
    return Applied(state, (*applied.moved, *moved), (*applied.did, *did))


# The phases in which the player decides nothing: the table takes them by itself, in their order,
# up to the Action phase ("1. Awaken ... 2. Beginning ... 3. Channel ... 4. Draw").
AUTOMATIC = ("awaken", "beginning", "channel", "draw")


def _advance(applied: Applied) -> Applied:
    """After a move that began a turn: its automatic phases, taken up to the Action phase."""
    state = applied.state
    moved, did = list(applied.moved), list(applied.did)
    while state.phase == PLAYING and state.active is not None and _step_key(state) in AUTOMATIC:
        stepped = _step(state, state.active, {})
        state = stepped.state
        moved += stepped.moved
        did += stepped.did
    return Applied(state, tuple(moved), tuple(did))


def _then_advance(kind: str):
    def reduce(state: TableState, seat: int, payload: dict) -> Applied:
        return _advance(shared_handler(kind)(state, seat, payload))

    return reduce


RIFT_STEP = evolve(STEP_MOVE, reduce=_step)
RIFT_MULLIGAN = evolve(MULLIGAN_MOVE, reduce=_then_advance("mulligan"))
RIFT_CHOOSE = evolve(CHOOSE_MOVE, reduce=_then_advance("choose"))


def _end_turn_check(state: TableState, seat: int, payload: Payload) -> None:
    # The six phases in their order: the turn's procedure (Awaken, Beginning, Channel, Draw) is taken
    # before the turn ends; "6. End — fin du tour ; le pool de ressources se vide".
    only_fields(payload, "endTurn")
    require_turn(state, seat, "endTurn")
    if state.step < [s.key for s in state.spec.steps].index("action"):
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            "riftbound.turn-phases",
            kind="endTurn",
            step=_step_key(state),
            expected="action",
            hint=N_("take the turn's phases in their order, up to the Action phase"),
        )


def _end_turn(state: TableState, seat: int, payload: dict) -> Applied:
    # "Après le combat (et à chaque fin de tour), toutes les unités sont soignées": no damage is kept.
    # The pool (turn_state) empties when the next turn begins, its counters with the End step.
    return _advance(end_turn_handler(state, seat, payload))


RIFT_END_TURN = evolve(END_TURN_MOVE, condition=checked(_end_turn_check), reduce=_end_turn)


# --- playing a card ------------------------------------------------------------------------------
def _destinations(state: TableState, seat: int, instance: str) -> tuple[str, ...]:
    card_type = state.card(instance).type
    if card_type in UNITS:
        # "Tu peux jouer une unité directement sur un battlefield que tu contrôles (une de tes unités y
        # est déjà, ou tu le tiens) ... Sinon, elle entre à ta base".
        return (BASE, *(f for f in FIELDS if controller(state, f) == seat or units_at(state, f, seat)))
    if card_type == GEAR:
        return (BASE,)
    return (TRASH,)


def _play_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "play", "instance", "to", "exhaust", "recycle")
    _action_phase(state, seat, "play")
    instance = text_param(payload, "instance", "play")
    # The Chosen Champion waits in its zone and is played from there like a card of the hand.
    _own(state, seat, instance, (HAND, CHAMPION), "play", "riftbound.play-from-hand")
    card_type = state.card(instance).type
    if card_type not in PLAYABLE:
        raise rule_refusal(
            "TABLE_RIFT_CARD_TYPE",
            "riftbound.playable",
            kind="play",
            type=card_type,
            expected=list(PLAYABLE),
            hint=N_("play a unit, a spell or a gear"),
        )
    if card_type in UNITS and _int(state, instance, "might") is None:
        raise rule_refusal(
            "TABLE_RIFT_INCOMPLETE",
            "riftbound.might",
            kind="play",
            field="might",
            hint=N_("give the card its Might in the studio"),
        )
    allowed = _destinations(state, seat, instance)
    to = payload.get("to", allowed[0])
    if to not in allowed:
        raise rule_refusal(
            "TABLE_RIFT_WHERE",
            "riftbound.play-where",
            kind="play",
            zone=str(to)[:40],
            expected=list(allowed),
            hint=N_("play a unit at your base or on a battlefield you control"),
        )
    _payment(state, seat, instance, payload, "play")


def _enters_ready(state: TableState, instance: str) -> bool:
    """ "Les unités entrent épuisées (sauf ACCELERATE, AMBUSH, « enter ready » ...)"."""
    if keyword(state, instance, "ACCELERATE") or keyword(state, instance, "AMBUSH"):
        return True
    return _ENTER_READY.search(state.card(instance).text or "") is not None


def _play(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    to = payload.get("to", _destinations(state, seat, instance)[0])
    exhausted, recycled, pool = _payment(state, seat, instance, payload, "play")
    state, moved = _pay(state, seat, exhausted, recycled, pool)
    where = state.locate(instance)
    assert where is not None
    state, more = move_card(state, seat, where, to, face_down=False, kind="play")
    moved += more
    did: list[tuple[str, Mapping[str, Any]]] = [("play", {"zone": to})]
    if state.card(instance).type in UNITS and not _enters_ready(state, instance):
        state = set_tapped(state, instance, True)
    return Applied(state, tuple(moved), tuple(did))


def _plays(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING or state.active != seat or _step_key(state) != "action":
        return
    for zone in (HAND, CHAMPION):
        for card in state.seats[seat].zones.get(zone, ()):
            if state.card(card.instance).type not in PLAYABLE:
                continue
            payment = auto_payment(state, seat, card.instance)
            if payment is None:
                continue
            if state.card(card.instance).type == SPELL:
                yield {"instance": card.instance, **payment}  # to the trash once played
                continue
            for to in _destinations(state, seat, card.instance):
                yield {"instance": card.instance, "to": to, **payment}


PLAY = Move(
    "play",
    N_("Play"),
    (
        Param("instance", "instance", N_("a unit, spell or gear of your hand (or your Chosen Champion)")),
        Param("to", "zone", N_("where a unit goes: your base or a battlefield you control"), required=False),
        Param("exhaust", "instances", N_("the runes exhausted for Energy"), required=False),
        Param("recycle", "instances", N_("the runes recycled for Power"), required=False),
    ),
    condition=checked(_play_check),
    enumerate=_plays,
    reduce=_play,
    plays=True,
    log=N_("%(who)s played %(card)s"),
)


# --- runes by themselves (an effect's cost, Energy kept in the pool) --------------------------------
def _rune_check(kind: str):
    def check(state: TableState, seat: int, payload: Payload) -> None:
        only_fields(payload, kind, "instance")
        _action_phase(state, seat, kind)
        rune = text_param(payload, "instance", kind)
        _own(state, seat, rune, (RUNES,), kind, "riftbound.runes")
        if kind == "exhaustRune" and is_tapped(state, rune):
            raise rule_refusal(
                "TABLE_RIFT_RUNE_USED",
                "riftbound.runes",
                kind=kind,
                instance=rune,
                hint=N_("an exhausted rune gives no more Energy this turn; recycle it for Power"),
            )

    return check


def _exhaust_rune(state: TableState, seat: int, payload: dict) -> Applied:
    pool = _pool(state, seat)
    pool["energy"] = pool.get("energy", 0) + 1
    state = _with_pool(set_tapped(state, payload["instance"], True), seat, pool)
    return Applied(state, (), (("energy", {"value": 1}),))


def _recycle_rune(state: TableState, seat: int, payload: dict) -> Applied:
    rune = payload["instance"]
    domain = rune_domain(state, rune) or RAINBOW
    pool = _pool(state, seat)
    state, moved = _pay(state, seat, [], [rune], pool)
    pool[domain] = pool.get(domain, 0) + 1
    return Applied(_with_pool(state, seat, pool), tuple(moved), (("power", {"domain": domain}),))


def _runes(tapped_ok: bool):
    def enumerate_(state: TableState, seat: int) -> Iterable[Payload]:
        if state.phase != PLAYING or state.active != seat or _step_key(state) != "action":
            return
        for card in state.seats[seat].zones.get(RUNES, ()):
            if tapped_ok or not card.tapped:
                yield {"instance": card.instance}

    return enumerate_


EXHAUST_RUNE = Move(
    "exhaustRune",
    N_("Exhaust a rune for 1 Energy"),
    (Param("instance", "instance", N_("a ready rune of yours")),),
    condition=checked(_rune_check("exhaustRune")),
    enumerate=_runes(False),
    reduce=_exhaust_rune,
    log=N_("%(who)s exhausted %(card)s for 1 Energy"),
)
RECYCLE_RUNE = Move(
    "recycleRune",
    N_("Recycle a rune for 1 Power"),
    (Param("instance", "instance", N_("a rune of yours")),),
    condition=checked(_rune_check("recycleRune")),
    enumerate=_runes(True),
    reduce=_recycle_rune,
    log=N_("%(who)s recycled %(card)s for 1 Power"),
)


# --- moving units ----------------------------------------------------------------------------------
def _move_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "moveUnit", "instance", "to")
    _action_phase(state, seat, "moveUnit")
    instance = text_param(payload, "instance", "moveUnit")
    where = _own(state, seat, instance, (BASE, *FIELDS), "moveUnit", "riftbound.move")
    if state.card(instance).type not in UNITS:
        raise rule_refusal(
            "TABLE_RIFT_CARD_TYPE",
            "riftbound.move",
            kind="moveUnit",
            type=state.card(instance).type,
            expected=list(UNITS),
            hint=N_("move a unit"),
        )
    # "épuisées, elles ne peuvent pas se déplacer ce tour-ci"
    if is_tapped(state, instance):
        raise rule_refusal(
            "TABLE_RIFT_EXHAUSTED",
            "riftbound.exhausted-units",
            kind="moveUnit",
            instance=instance,
            hint=N_("an exhausted unit moves on a later turn"),
        )
    to = text_param(payload, "to", "moveUnit")
    if to not in (BASE, *FIELDS) or to == where[1] or (to != BASE and not _in_play(state, to)):
        raise rule_refusal(
            "TABLE_RIFT_WHERE",
            "riftbound.move",
            kind="moveUnit",
            zone=to[:40],
            expected=[z for z in (BASE, *FIELDS) if z != where[1]],
            hint=N_("move a unit between your base and the battlefields"),
        )


def _move_unit(state: TableState, seat: int, payload: dict) -> Applied:
    # The seed does not say that moving exhausts a unit: the table leaves it as it was.
    where = state.locate(payload["instance"])
    assert where is not None
    tapped = is_tapped(state, payload["instance"])
    state, moved = move_card(state, seat, where, payload["to"], face_down=False, kind="moveUnit")
    state = _settle_control(set_tapped(state, payload["instance"], tapped))
    return Applied(state, tuple(moved), (("moveUnit", {"zone": payload["to"]}),))


def _moves(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING or state.active != seat or _step_key(state) != "action":
        return
    for zone in (BASE, *FIELDS):
        if zone == BASE:
            cards = list(state.seats[seat].zones.get(BASE, ()))
        else:
            cards = [c for o, c in state.shared.get(zone, ()) if o == seat]
        for card in cards:
            if state.card(card.instance).type in UNITS and not card.tapped:
                for to in (BASE, *FIELDS):
                    if to != zone:
                        yield {"instance": card.instance, "to": to}


MOVE_UNIT = Move(
    "moveUnit",
    N_("Move a unit"),
    (
        Param("instance", "instance", N_("a ready unit of yours")),
        Param("to", "zone", N_("your base or a battlefield")),
    ),
    condition=checked(_move_check),
    enumerate=_moves,
    reduce=_move_unit,
    log=N_("%(who)s moved %(card)s to %(to)s"),
)


# --- showdowns ("Combat (showdown)") --------------------------------------------------------------
def _showdown_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "showdown", "zone")
    _action_phase(state, seat, "showdown")
    field = text_param(payload, "zone", "showdown")
    if field not in FIELDS or not units_at(state, field, seat):
        raise rule_refusal(
            "TABLE_RIFT_NO_SHOWDOWN",
            "riftbound.showdown",
            kind="showdown",
            zone=field[:40],
            hint=N_("move a unit of yours to the battlefield first"),
        )
    if not units_at(state, field, 1 - seat) and controller(state, field) == seat:
        raise rule_refusal(
            "TABLE_RIFT_NO_SHOWDOWN",
            "riftbound.showdown",
            kind="showdown",
            zone=field,
            hint=N_("you already control this battlefield and no opposing unit is there"),
        )


def _deal(state: TableState, victims: list[str], amount: int, *, defending: bool) -> dict[str, int]:
    """ "Chaque camp inflige des dégâts ; TANK encaisse en premier": the damage goes to the TANK units
    first, then to the others in the order they arrived, each taking lethal damage before the next
    (the seed does not say who orders the damage: the table assigns it so)."""
    order = sorted(victims, key=lambda u: keyword(state, u, "TANK") is None)
    taken: dict[str, int] = {}
    for unit in order:
        if amount <= 0:
            break
        lethal = max(1, might(state, unit, attacking=not defending, defending=defending))
        hit = min(lethal, amount)
        taken[unit] = hit
        amount -= hit
    if amount > 0 and order:
        taken[order[-1]] = taken.get(order[-1], 0) + amount
    return taken


def _showdown(state: TableState, seat: int, payload: dict) -> Applied:
    field = payload["zone"]
    other = 1 - seat
    attackers, defenders = units_at(state, field, seat), units_at(state, field, other)
    before = controller(state, field)
    strike = sum(might(state, u, attacking=True) for u in attackers)
    riposte = sum(might(state, u, defending=True) for u in defenders)
    hurt = {
        **_deal(state, defenders, strike, defending=True),
        **_deal(state, attackers, riposte, defending=False),
    }
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = [
        ("showdown", {"zone": field, "attack": strike, "defence": riposte})
    ]
    # "une unité meurt si ses dégâts ≥ sa Might courante, déclenchant son DEATHKNELL"
    dead = [
        u
        for u in (*attackers, *defenders)
        if hurt.get(u, 0) >= might(state, u, attacking=u in attackers, defending=u in defenders) and u in hurt
    ]
    for unit in dead:
        owner = state.owner(unit)
        where = state.locate(unit)
        assert where is not None
        state, more = move_card(state, owner, where, TRASH, face_down=False, kind="showdown")
        moved += more
        did.append(("dies", {"seat": owner + 1}))
        if keyword(state, unit, "DEATHKNELL") is not None:
            did.append(("deathknell", {"seat": owner + 1}))
    attackers = [u for u in attackers if u not in dead]
    defenders = [u for u in defenders if u not in dead]
    control = dict(state.game_state.get("control", {}))
    if attackers and defenders:
        # "Si des défenseurs survivent, les attaquants restants sont rappelés à leur base"
        for unit in attackers:
            where = state.locate(unit)
            assert where is not None
            tapped = is_tapped(state, unit)
            state, more = move_card(state, seat, where, BASE, face_down=False, kind="showdown")
            state = set_tapped(state, unit, tapped)
            moved += more
        did.append(("recalled", {"seat": seat + 1, "count": len(attackers)}))
        winner: int | None = other
    elif attackers:
        winner = seat
    elif defenders:
        winner = other
    else:
        winner = None  # "si tout le monde meurt, le battlefield devient incontrôlé"
    control[field] = winner
    state = with_game_state(state, control=control)
    if winner is not None and winner != before:
        # "Conquérir ... → +1 point immédiat. Le défenseur peut aussi conquérir en repoussant une
        # attaque sur un battlefield qu'il ne contrôlait pas."
        state, more, done = _score(state, winner, field, "conquer")
        moved += more
        did += done
    return Applied(state, tuple(moved), tuple(did))


def _showdowns(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING or state.active != seat or _step_key(state) != "action":
        return
    for field in FIELDS:
        yield {"zone": field}


SHOWDOWN = Move(
    "showdown",
    N_("Showdown"),
    (Param("zone", "zone", N_("a battlefield where your units are")),),
    condition=checked(_showdown_check),
    enumerate=_showdowns,
    reduce=_showdown,
    log=N_("%(who)s launched a showdown"),
)


# --- an effect's outcome, applied by hand ---------------------------------------------------------
def _playing_check(state: TableState, kind: str) -> None:
    if state.phase != PLAYING:
        raise refuse("TABLE_SETUP_PENDING", kind=kind, decisions=[])


def _field_unit(state: TableState, payload: Payload, kind: str) -> str:
    instance = text_param(payload, "instance", kind)
    where = state.locate(instance)
    if where is None or where[1] not in (BASE, *FIELDS) or state.card(instance).type not in UNITS:
        raise rule_refusal(
            "TABLE_RIFT_NOT_HERE",
            "riftbound.manual-adjustment",
            kind=kind,
            instance=instance[:40],
            expected=[BASE, *FIELDS],
            hint=N_("choose a unit in play"),
        )
    return instance


def _amount(payload: Payload, key: str, kind: str, low: int) -> int:
    return int_param(payload, key, kind, low=low, high=MAX_ADJUST, default=1)


def _kill_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "kill", "instance")
    _playing_check(state, "kill")
    _field_unit(state, payload, "kill")


def _kill(state: TableState, seat: int, payload: dict) -> Applied:
    unit = payload["instance"]
    owner = state.owner(unit)
    where = state.locate(unit)
    assert where is not None
    state, moved = move_card(state, owner, where, TRASH, face_down=False, kind="kill")
    did: list[tuple[str, Mapping[str, Any]]] = [("dies", {"seat": owner + 1})]
    if keyword(state, unit, "DEATHKNELL") is not None:
        did.append(("deathknell", {"seat": owner + 1}))
    return Applied(_settle_control(state), tuple(moved), tuple(did))


def _recall_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "recall", "instance")
    _playing_check(state, "recall")
    instance = _field_unit(state, payload, "recall")
    if state.locate(instance)[1] == BASE:  # type: ignore[index]
        raise rule_refusal(
            "TABLE_RIFT_WHERE",
            "riftbound.manual-adjustment",
            kind="recall",
            zone=BASE,
            expected=list(FIELDS),
            hint=N_("recall a unit that is on a battlefield"),
        )


def _recall(state: TableState, seat: int, payload: dict) -> Applied:
    unit = payload["instance"]
    owner = state.owner(unit)
    where = state.locate(unit)
    assert where is not None
    tapped = is_tapped(state, unit)
    state, moved = move_card(state, owner, where, BASE, face_down=False, kind="recall")
    state = _settle_control(set_tapped(state, unit, tapped))
    return Applied(state, tuple(moved), (("recalled", {"seat": owner + 1, "count": 1}),))


def _field_units(state: TableState, seat: int, *, fields_only: bool = False) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for owner in (seat, 1 - seat):
        zones = FIELDS if fields_only else (BASE, *FIELDS)
        for zone in zones:
            if zone == BASE:
                cards = state.seats[owner].zones.get(BASE, ())
            else:
                cards = tuple(c for o, c in state.shared.get(zone, ()) if o == owner)
            for card in cards:
                if state.card(card.instance).type in UNITS:
                    yield {"instance": card.instance}


def _might_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "changeMight", "instance", "amount")
    _playing_check(state, "changeMight")
    _field_unit(state, payload, "changeMight")
    _amount(payload, "amount", "changeMight", -MAX_ADJUST)


def _change_might(state: TableState, seat: int, payload: dict) -> Applied:
    unit, amount = payload["instance"], payload.get("amount", 1)
    changes = dict(state.turn_state.get("might", {}))
    changes[unit] = changes.get(unit, 0) + amount
    return Applied(with_turn_state(state, might=changes), (), (("might", {"value": amount}),))


def _xp_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "gainXp", "amount")
    _playing_check(state, "gainXp")
    _amount(payload, "amount", "gainXp", 1)


def _gain_xp(state: TableState, seat: int, payload: dict) -> Applied:
    amount = payload.get("amount", 1)
    levels = dict(state.game_state.get("xp", {}))
    levels[seat] = levels.get(seat, 0) + amount
    return Applied(with_game_state(state, xp=levels), (), (("xp", {"seat": seat + 1, "value": amount}),))


def _resource_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "addResource", "energy", "domain")
    _playing_check(state, "addResource")
    domain = payload.get("domain")
    if domain is None:
        _amount(payload, "energy", "addResource", 1)
    elif domain not in (*_DOMAINS, RAINBOW) or "energy" in payload:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="addResource",
            problem="domain",
            hint=N_("send either energy (a number) or one domain of Power"),
        )


_DOMAINS = ("FURY", "CALM", "MIND", "BODY", "CHAOS", "ORDER")


def _add_resource(state: TableState, seat: int, payload: dict) -> Applied:
    pool = _pool(state, seat)
    if "domain" in payload:
        pool[payload["domain"]] = pool.get(payload["domain"], 0) + 1
        did = ("power", {"domain": payload["domain"]})
    else:
        pool["energy"] = pool.get("energy", 0) + payload.get("energy", 1)
        did = ("energy", {"value": payload.get("energy", 1)})
    return Applied(_with_pool(state, seat, pool), (), (did,))


# "Légende : en jeu dès le départ ... activable"; "auras d'entrée prête"; the READY and EXHAUST of an
# effect: a card in play (the Legend, a unit, a gear, a rune) exhausted or readied by hand.
_TAPPABLE = ("legend", BASE, RUNES, *FIELDS)


def _tap_check(kind: str, tapped: bool):
    def check(state: TableState, seat: int, payload: Payload) -> None:
        only_fields(payload, kind, "instance")
        _playing_check(state, kind)
        instance = text_param(payload, "instance", kind)
        where = state.locate(instance)
        if where is None or where[1] not in _TAPPABLE or state.card(instance).type == BATTLEFIELD:
            raise rule_refusal(
                "TABLE_RIFT_NOT_HERE",
                "riftbound.manual-adjustment",
                kind=kind,
                instance=instance[:40],
                expected=list(_TAPPABLE),
                hint=N_("choose a card in play: the Legend, a unit, a gear or a rune"),
            )
        if is_tapped(state, instance) == tapped:
            raise rule_refusal(
                "TABLE_RIFT_TAPPED",
                "riftbound.manual-adjustment",
                kind=kind,
                instance=instance,
                hint=N_("choose a ready card in play") if tapped else N_("choose an exhausted card in play"),
            )

    return check


def _tap(tapped: bool):
    def reduce(state: TableState, seat: int, payload: dict) -> Applied:
        state = set_tapped(state, payload["instance"], tapped)
        return Applied(state, (), (("exhaust" if tapped else "ready", {}),))

    return reduce


def _tappable(tapped: bool):
    def enumerate_(state: TableState, seat: int) -> Iterable[Payload]:
        if state.phase != PLAYING:
            return
        for owner in (seat, 1 - seat):
            for zone in _TAPPABLE:
                if zone in FIELDS:
                    cards = tuple(c for o, c in state.shared.get(zone, ()) if o == owner)
                else:
                    cards = state.seats[owner].zones.get(zone, ())
                for card in cards:
                    if card.tapped != tapped and state.card(card.instance).type != BATTLEFIELD:
                        yield {"instance": card.instance}

    return enumerate_


EXHAUST = Move(
    "exhaust",
    N_("Exhaust"),
    (Param("instance", "instance", N_("a card in play")),),
    condition=checked(_tap_check("exhaust", True)),
    enumerate=_tappable(True),
    reduce=_tap(True),
    log=N_("%(who)s exhausted %(card)s (a card's effect)"),
    manual=True,
)
READY = Move(
    "ready",
    N_("Ready"),
    (Param("instance", "instance", N_("a card in play")),),
    condition=checked(_tap_check("ready", False)),
    enumerate=_tappable(False),
    reduce=_tap(False),
    log=N_("%(who)s readied %(card)s (a card's effect)"),
    manual=True,
)


def _count_check(kind: str):
    def check(state: TableState, seat: int, payload: Payload) -> None:
        only_fields(payload, kind, "count")
        _playing_check(state, kind)
        _amount(payload, "count", kind, 1)

    return check


def _draw_cards(state: TableState, seat: int, payload: dict) -> Applied:
    # An effect's "pioche": with an empty deck, Burn Out (règle 418) as for the Draw phase's card.
    count = payload.get("count", 1)
    state, moved, did = mandatory_draw(state, seat, count)
    return Applied(state, tuple(moved), (("draw", {"count": count}), *did))


def _channel_runes(state: TableState, seat: int, payload: dict) -> Applied:
    # "Channel : prendre des runes du dessus de ton rune deck ... et les poser sur le plateau."
    count = payload.get("count", 1)
    moved: list[Moved] = []
    for _ in range(count):
        pile = state.seats[seat].zones.get(RUNE_DECK, ())
        if not pile:
            break
        state, more = move_card(
            state, seat, (seat, RUNE_DECK, len(pile) - 1), RUNES, face_down=False, kind="step"
        )
        moved += more
    return Applied(state, tuple(moved), (("channel", {"count": count}),))


DRAW_CARDS = Move(
    "drawCards",
    N_("Draw cards"),
    (Param("count", "int", N_("how many (default 1)"), required=False),),
    condition=checked(_count_check("drawCards")),
    reduce=_draw_cards,
    log=N_("%(who)s drew cards (a card's effect)"),
    manual=True,
)
CHANNEL_RUNES = Move(
    "channelRunes",
    N_("Channel runes"),
    (Param("count", "int", N_("how many (default 1)"), required=False),),
    condition=checked(_count_check("channelRunes")),
    reduce=_channel_runes,
    log=N_("%(who)s channelled runes (a card's effect)"),
    manual=True,
)
KILL = Move(
    "kill",
    N_("Kill a unit"),
    (Param("instance", "instance", N_("a unit in play")),),
    condition=checked(_kill_check),
    enumerate=_field_units,
    reduce=_kill,
    log=N_("%(who)s killed %(card)s (a card's effect)"),
    manual=True,
)
RECALL = Move(
    "recall",
    N_("Recall a unit to its base"),
    (Param("instance", "instance", N_("a unit on a battlefield")),),
    condition=checked(_recall_check),
    enumerate=lambda state, seat: _field_units(state, seat, fields_only=True),
    reduce=_recall,
    log=N_("%(who)s recalled %(card)s to its base (a card's effect)"),
    manual=True,
)
CHANGE_MIGHT = Move(
    "changeMight",
    N_("Change Might this turn"),
    (
        Param("instance", "instance", N_("a unit in play")),
        Param("amount", "int", N_("the change of its Might, such as 2 or -1"), required=False),
    ),
    condition=checked(_might_check),
    reduce=_change_might,
    log=N_("%(who)s changed the Might of %(card)s this turn (a card's effect)"),
    manual=True,
)
GAIN_XP = Move(
    "gainXp",
    N_("Gain XP"),
    (Param("amount", "int", N_("how much XP (default 1)"), required=False),),
    condition=checked(_xp_check),
    reduce=_gain_xp,
    log=N_("%(who)s gained XP (a card's effect)"),
    manual=True,
)
ADD_RESOURCE = Move(
    "addResource",
    N_("Add to the rune pool"),
    (
        Param("energy", "int", N_("Energy added (default 1)"), required=False),
        Param("domain", "text", N_("or one Power of this domain"), required=False),
    ),
    condition=checked(_resource_check),
    reduce=_add_resource,
    log=N_("%(who)s added to the rune pool (a card's effect)"),
    manual=True,
)

MOVES = GameMoves(
    game="riftbound",
    version=VERSION,
    moves=(
        FIRST_MOVE,
        RIFT_MULLIGAN,
        RIFT_CHOOSE,
        RIFT_STEP,
        PLAY,
        EXHAUST_RUNE,
        RECYCLE_RUNE,
        MOVE_UNIT,
        SHOWDOWN,
        RIFT_END_TURN,
        EXHAUST,
        READY,
        DRAW_CARDS,
        CHANNEL_RUNES,
        KILL,
        RECALL,
        CHANGE_MIGHT,
        GAIN_XP,
        ADD_RESOURCE,
        CONCEDE_MOVE,
        NOTE_MOVE,
        *FAIR_MOVES,
    ),
    card_view=card_stats,
)

__all__ = ["MOVES", "VERSION", "auto_payment", "card_stats", "cost_of", "keyword", "might"]


def _level_bonus(effect: Mapping[str, Any]) -> bool:
    """An effect ``level_bonuses`` executes: LEVEL conditions only, its actions on the card itself a
    Might change or a keyword."""
    conditions = effect.get("conditions") or ()
    actions = effect.get("actions") or ()
    return (
        bool(conditions)
        and all(isinstance(c, Mapping) and c.get("check") == "LEVEL_AT_LEAST" for c in conditions)
        and bool(actions)
        and all(
            isinstance(a, Mapping)
            and not a.get("target")
            and (
                (a.get("do") == "MODIFY_STAT" and a.get("stat") == "MIGHT") or a.get("do") == "GRANT_KEYWORD"
            )
            for a in actions
        )
    )


# What the moves above read of a card (rules.tables.coverage): its costs, Might and domains, the
# keywords ``keyword`` is asked for, and its LEVEL bonuses; its other effects are only logged.
ENGINE_READS = EngineReads(
    fields=("energy", "power", "might", "domains"),
    keywords=("TANK", "SHIELD", "ASSAULT", "ACCELERATE", "AMBUSH", "HUNT", "DEATHKNELL"),
    executes=_level_bonus,
)
