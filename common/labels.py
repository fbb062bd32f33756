"""One place that turns the values people read into words: statuses, provenance, review lists,
severities and the effect vocabularies' codes (kinds, timings, durations, targets, actions, costs,
conditions). Pages, messages and the effect editor use it; a code keeps its code beside the words
where people need both (``label_with_code``). Every label is translatable.

The effect vocabulary's entries were written from the five games' vocabularies
(``rules/games/*``); a value missing here reads as its code in words (``UNTIL_END_OF_TURN``:
"Until the end of the turn"), never as the bare code.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

LABELS: dict[str, dict[str, str]] = {
    "status": {
        "DRAFT": _("Draft"),
        "NEEDS_REVIEW": _("Needs review"),
        "VALIDATED": _("Validated"),
        "DISABLED": _("Disabled"),
    },
    "origin": {
        "USER": _("User"),
        "AI": _("AI"),
    },
    "creationMethod": {
        "IMPORTED": _("Imported"),
        "MANUAL": _("Manual"),
        "AI_GENERATED": _("AI generated"),
    },
    # Who started an audit (Audit.trigger), as "Latest audit #3, finished ... (scheduled)." says it.
    "auditTrigger": {
        "api": _("started through the API"),
        "command": _("started by a command"),
        "schedule": _("scheduled"),
    },
    "severity": {
        "error": _("Error"),
        "warning": _("Warning"),
        "info": _("Note"),
    },
    "list": {
        "BONUS_DURATION_REVIEW": _("Bonus duration review"),
        "OBJECT_BEHAVIOR_REVIEW": _("Object behavior review"),
        "NEEDS_REVIEW": _("Needs review"),
        "NEW_MECHANIC_REQUIRED": _("New mechanic required"),
        "VERSION_CONFLICTS": _("Version conflicts"),
    },
    "timing": {
        "ON_PLAY": _("When played"),
        "ON_DEPLOY": _("When deployed"),
        "ON_ENTER_FIELD": _("When it enters the field"),
        "ON_RESOLVE": _("When it resolves"),
        "ACTIVATED": _("Activated"),
        "CONTINUOUS": _("Continuous"),
        "DRAW_PHASE": _("Draw phase"),
        "START_OF_TURN": _("At the start of the turn"),
        "END_OF_TURN": _("At the end of the turn"),
        "ON_ATTACK": _("When it attacks"),
        "ON_BLOCK": _("When it blocks"),
        "ON_DAMAGE_DEALT": _("On damage dealt"),
        "ON_DAMAGE_TAKEN": _("On damage taken"),
        "ON_DESTROYED": _("When destroyed"),
        "ON_LEAVE_FIELD": _("When it leaves the field"),
        "BEFORE_SENT_TO_DISCARD": _("Before it goes to the discard"),
        "ON_SENT_TO_DISCARD": _("When sent to the discard"),
        "ON_UNEQUIP": _("When unequipped"),
        "ON_SUMMON": _("When summoned"),
        "ON_FLIP": _("When flipped"),
        "ON_ATTACK_DECLARED": _("On attack declared"),
        "ON_CONDITION": _("On condition"),
        "ON_CONQUER": _("On conquer"),
        "ON_HOLD": _("On hold"),
        "ON_DEFEND": _("On defend"),
        "ON_COMBAT": _("On combat"),
        "ON_SPELL_CAST": _("On spell cast"),
        "DEATHKNELL": _("Deathknell"),
        "BEGINNING_PHASE": _("Beginning phase"),
        "MAIN_PHASE": _("Main phase"),
        "ON_PLACE": _("On place"),
        "ON_RIDE": _("On ride"),
        "ON_BOOST": _("On boost"),
        "ON_ATTACK_HITS": _("On attack hits"),
        "ON_DRIVE_CHECK": _("On drive check"),
        "ON_DAMAGE_CHECK": _("On damage check"),
        "ON_GUARD": _("On guard"),
        "ON_INTERCEPT": _("On intercept"),
        "ON_LEAVE_GUARDIAN": _("When it leaves the guardian circle"),
        "END_OF_BATTLE": _("At the end of the battle"),
    },
    "duration": {
        "INSTANT": _("Instant"),
        "UNTIL_END_OF_NEXT_OPPONENT_TURN": _("Until the end of the next opponent turn"),
        "PERMANENT": _("Permanent"),
        "UNTIL_END_OF_TURN": _("Until the end of the turn"),
        "THIS_PRESENCE": _("For this presence on the field"),
        "WHILE_ATTACHED": _("While attached"),
        "WHILE_ACTIVE": _("While active"),
        "WHILE_EQUIPPED": _("While equipped"),
        "THIS_COMBAT": _("For this combat"),
        "UNTIL_END_OF_BATTLE": _("Until the end of the battle"),
        "UNTIL_OWNER_NEXT_STAND": _("Until its owner's next stand"),
    },
    # A zone an effect names (a target's zone, an action's "to" and "from"), in the words of the
    # games' tables; the French « Life » is darkrow's seed's own word.
    "zone": {
        "HAND": _("Hand"),
        "DECK": _("Deck"),
        "RUNE_DECK": _("Rune deck"),
        "DISCARD": _("Discard pile"),
        "GRAVEYARD": _("Graveyard"),
        "BANISHED": _("Banished"),
        "FIELD": pgettext_lazy("a zone of a card game", "Field"),
        "LIFE": _("Life"),
        "PRISON": _("Prison"),
        "BASE": _("Base"),
        "BATTLEFIELD": _("Battlefield"),
        "VC": _("Vanguard circle"),
        "RC": pgettext_lazy("a zone of a card game", "Rear-guard circle"),
        "GC": _("Guardian circle"),
        "DAMAGE": pgettext_lazy("a zone of a card game", "Damage zone"),
        "DROP": pgettext_lazy("a zone of a card game", "Drop zone"),
        "SOUL": _("Soul"),
        "TRIGGER": _("Trigger zone"),
        "ORIGIN_COLUMN": pgettext_lazy("a zone of a card game", "Origin column"),
        "ORIGIN_SQUARE": pgettext_lazy("a zone of a card game", "Origin square"),
    },
    # A target's side (rules.effects.schema): whose cards it picks.
    "side": {
        "ALLY": pgettext_lazy("an effect target's side", "Ally"),
        "OPPONENT": pgettext_lazy("an effect target's side", "Opponent"),
        "ANY": pgettext_lazy("an effect target's side", "Either side"),
    },
    "kind": {
        "activated": _("Activated"),
        "passive": _("Passive"),
        "quick": _("Quick"),
        "triggered": _("Triggered"),
    },
    "target": {
        "PIECE": _("Piece"),
        "CAPTURED_PIECE": _("Captured piece"),
        "SQUARE": _("Square"),
        "ROW": _("Row"),
        "EFFECT": _("Effect"),
        "UNIT": _("Unit"),
        "LEADER": _("Leader"),
        "CARD": _("Card"),
        "PLAYER": _("Player"),
        "MONSTER": _("Monster"),
        "DUELIST": _("Duelist"),
        "BATTLEFIELD": _("Battlefield"),
        "RUNE": _("Rune"),
    },
    "action": {
        "MOVE_PIECE": _("Move piece"),
        "PLAY_MOVE": _("Play move"),
        "PLACE_MARKER": _("Place marker"),
        "PROTECT": _("Protect"),
        "SUPPRESS_ATTACKS": _("Suppress attacks"),
        "FREEZE": _("Freeze"),
        "SUPPRESS_CAPTURES": _("Suppress captures"),
        "SACRIFICE": _("Sacrifice"),
        "CAPTURE": _("Capture"),
        "CAPTURE_LINE": _("Capture line"),
        "CREATE_PIECE": _("Create piece"),
        "RETURN_CAPTURED": _("Return captured"),
        "TRANSFORM": _("Transform"),
        "SWAP_SQUARES": _("Swap squares"),
        "PUSH": _("Push"),
        "PULL": _("Pull"),
        "SHIFT_ROW": _("Shift row"),
        "PUSH_AWAY": _("Push away"),
        "REMOVE_EFFECT": _("Remove effect"),
        "REVEAL_DECK": _("Reveal deck"),
        "SWAP_HAND_AND_DECK": _("Swap hand and deck"),
        "NEW_MECHANIC": _("New mechanic"),
        "DRAW": _("Draw"),
        "DEPLOY": _("Deploy"),
        "SEARCH": _("Search"),
        "REVEAL": _("Reveal"),
        "DISCARD": _("Discard"),
        "SEND_TO_DISCARD": _("Send to discard"),
        "DEAL_DAMAGE": _("Deal damage"),
        "HEAL": _("Heal"),
        "MODIFY_STAT": _("Modify stat"),
        "MODIFY_COST": _("Modify cost"),
        "MODIFY_DAMAGE": _("Modify damage"),
        "GRANT_KEYWORD": _("Grant keyword"),
        "REACTIVATE_INDICES": _("Reactivate indices"),
        "EXHAUST": _("Exhaust"),
        "READY": _("Ready"),
        "RETURN_TO_HAND": _("Return to hand"),
        "RETURN_TO_DECK": _("Return to deck"),
        "MOVE_TO_ZONE": _("Move to zone"),
        "BANISH": _("Banish"),
        "DESTROY": _("Destroy"),
        "REDIRECT_DAMAGE": _("Redirect damage"),
        "COPY_ABILITIES": _("Copy abilities"),
        "REPLACE_ATTACKER": _("Replace attacker"),
        "CANCEL": _("Cancel"),
        "CHOOSE_BLOCKER": _("Choose blocker"),
        "EQUIP": _("Equip"),
        "UNEQUIP": _("Unequip"),
        "SHUFFLE": _("Shuffle"),
        "NEGATE_ATTACK": _("Negate attack"),
        "GAIN_LP": _("Gain lp"),
        "SPECIAL_SUMMON": _("Special summon"),
        "CHANGE_POSITION": _("Change position"),
        "SEND_TO_GRAVEYARD": _("Send to graveyard"),
        "GAIN_XP": _("Gain xp"),
        "CHANNEL": _("Channel"),
        "ADD_RESOURCE": _("Add resource"),
        "MOVE_UNIT": _("Move unit"),
        "RECALL": _("Recall"),
        "KILL": _("Kill"),
        "RECYCLE": _("Recycle"),
        "PLAY": _("Play"),
        "CALL": _("Call"),
        "RETIRE": _("Retire"),
        "STAND": _("Stand"),
        "REST": _("Rest"),
        "SOUL_CHARGE": _("Soul charge"),
        "COUNTER_CHARGE": _("Counter charge"),
        "ADD_TO_HAND": _("Add to hand"),
        "NULLIFY_ATTACK": _("Nullify attack"),
        "RESTRICT": _("Restrict"),
    },
    "cost": {
        "PAY_INDICES": _("Pay indices"),
        "EXHAUST_SELF": _("Exhaust self"),
        "EXHAUST": _("Exhaust"),
        "DISCARD": _("Discard"),
        "BANISH_SELF": _("Banish self"),
        "DEAL_DAMAGE": _("Deal damage"),
        "SEND_TO_DISCARD": _("Send to discard"),
        "TRIBUTE": _("Tribute"),
        "PAY_LP": _("Pay lp"),
        "PAY_ENERGY": _("Pay energy"),
        "PAY_POWER": _("Pay power"),
        "RECYCLE": _("Recycle"),
        "KILL_SELF": _("Kill self"),
        "COUNTER_BLAST": _("Counter blast"),
        "COUNTER_CHARGE": _("Counter charge"),
        "SOUL_BLAST": _("Soul blast"),
        "SOUL_CHARGE": _("Soul charge"),
        "REST_SELF": _("Rest self"),
        "RETIRE_SELF": _("Retire self"),
    },
    "condition": {
        "UNAVAILABLE_UNDER": _("Unavailable under"),
        "RESTRICTED_UNDER": _("Restricted under"),
        "UNAVAILABLE_IF": _("Unavailable if"),
        "REQUIRES": _("Requires"),
        "OWN_TURN": _("Own turn"),
        "OPPONENT_TURN": _("Opponent turn"),
        "SOURCE_READY": _("Source ready"),
        "OUT_OF_COMBAT": _("Out of combat"),
        "CONTROLS": _("Controls"),
        "DISTINCT_NAMES_AT_LEAST": _("Distinct names at least"),
        "EVENT_THIS_TURN": _("Event this turn"),
        "STAT_BELOW": _("Stat below"),
        "OPPONENT_ATTACKS": _("Opponent attacks"),
        "LEVEL_AT_LEAST": _("Level at least"),
        "CONTROLS_BATTLEFIELD": _("Controls battlefield"),
        "AT_BATTLEFIELD": _("At battlefield"),
        "SOURCE_ON": _("Source on"),
        "VANGUARD_IS": _("Vanguard is"),
        "DAMAGE_AT_LEAST": _("Damage at least"),
        "UNITS_AT_LEAST": _("Units at least"),
    },
}


def humanize(code: str) -> str:
    """``UNTIL_END_OF_TURN`` -> "Until the end of the turn" (for a value no table knows)."""
    words = str(code).replace("_", " ").strip().lower()
    return words[:1].upper() + words[1:]


def label(value, kind: str | None = None) -> str:
    """The words for ``value`` (of ``kind``: status, timing, duration...; any kind when None)."""
    if value is None or value == "":
        return ""
    value = str(value)
    if kind is not None and value in LABELS.get(kind, {}):
        return str(LABELS[kind][value])
    if kind is None:
        for table in LABELS.values():
            if value in table:
                return str(table[value])
    if value.isupper() or "_" in value:
        return humanize(value)
    return value


def label_with_code(value, kind: str | None = None) -> str:
    """ "Until end of turn (UNTIL_END_OF_TURN)": the words, and the code people may search or type."""
    words = label(value, kind)
    return f"{words} ({value})" if words and words != value else str(value)


def labels_for(kinds: Iterable[str]) -> dict[str, dict[str, str]]:
    """The tables of ``kinds``, as plain strings (for the effect editor's JSON)."""
    return {kind: {code: str(text) for code, text in LABELS.get(kind, {}).items()} for kind in kinds}


def without_path(message: str, where: str | None) -> str:
    """A message without its leading "where: " (a page that shows the field or path already)."""
    message = str(message)
    if not where:
        return message
    # "where: ", and the French "where : " (a space or a non-breaking one before the colon).
    prefixes = tuple(f"{where}{space}: " for space in ("", " ", "\u00a0", "\u202f"))
    while message.startswith(prefixes):
        message = message[len(next(p for p in prefixes if message.startswith(p))) :]
    return message


EFFECT_KINDS = ("kind", "timing", "duration", "target", "side", "zone", "action", "cost", "condition")
