"""The effect editor's words in the reader's language: each key of an effect (``effectId``: "Effect id")
and the effect schema's shared help lines (rules/effects/schema.py writes them in English, the contract's
words). The editor (cards/static/cards/effects.js) reads both from the page (``effect_words``), so that a
French or Russian designer reads the form in their language; the schema the API serves is unchanged.

A game's own help lines (its actions' and parameters' descriptions) are not here yet: they show as the
rule set writes them.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# An effect's keys, as the form's labels say them (the key itself stays beside the label).
KEY_LABELS = {
    "effectId": pgettext_lazy("a key of a card effect", "Effect id"),
    "kind": pgettext_lazy("a key of a card effect", "Kind"),
    "timing": pgettext_lazy("a key of a card effect", "Timing"),
    "duration": pgettext_lazy("a key of a card effect", "Duration"),
    "text": pgettext_lazy("a key of a card effect", "Text excerpt"),
    "targets": pgettext_lazy("a key of a card effect", "Targets"),
    "actions": pgettext_lazy("a key of a card effect", "Actions"),
    "costs": pgettext_lazy("a key of a card effect", "Costs"),
    "conditions": pgettext_lazy("a key of a card effect", "Conditions"),
    "limit": pgettext_lazy("a key of a card effect", "Use limit"),
    "implemented": pgettext_lazy("a key of a card effect", "Implemented"),
    "notes": pgettext_lazy("a key of a card effect", "Notes"),
    "id": pgettext_lazy("a key of a card effect", "Id"),
    "what": pgettext_lazy("a key of a card effect", "What"),
    "side": pgettext_lazy("a key of a card effect", "Side"),
    "count": pgettext_lazy("a key of a card effect", "Count"),
    "upTo": pgettext_lazy("a key of a card effect", "Up to"),
    "filter": pgettext_lazy("a key of a card effect", "Filter"),
    "per": pgettext_lazy("a key of a card effect", "Per"),
    "scope": pgettext_lazy("a key of a card effect", "Scope"),
    "key": pgettext_lazy("a key of a card effect", "Key"),
    "sharedByCopies": pgettext_lazy("a key of a card effect", "Shared by copies"),
    "do": pgettext_lazy("a key of a card effect", "Action"),
    "pay": pgettext_lazy("a key of a card effect", "Cost"),
    "check": pgettext_lazy("a key of a card effect", "Condition"),
    "description": pgettext_lazy("a key of a card effect", "Description"),
    "target": pgettext_lazy("a key of a card effect", "Target"),
    "of": pgettext_lazy("a key of a card effect", "Of"),
    "with": pgettext_lazy("a key of a card effect", "With"),
    "by": pgettext_lazy("a key of a card effect", "By"),
    "toward": pgettext_lazy("a key of a card effect", "Toward"),
    "source": pgettext_lazy("a key of a card effect", "Source"),
    "amount": pgettext_lazy("a key of a card effect", "Amount"),
    "value": pgettext_lazy("a key of a card effect", "Value"),
    "stat": pgettext_lazy("a key of a card effect", "Stat"),
    "zone": pgettext_lazy("a key of a card effect", "Zone"),
    "from": pgettext_lazy("a key of a card effect", "From"),
    "to": pgettext_lazy("a key of a card effect", "To"),
    "into": pgettext_lazy("a key of a card effect", "Into"),
    "as": pgettext_lazy("a key of a card effect", "As"),
    "names": pgettext_lazy("a key of a card effect", "Names"),
    "cites": pgettext_lazy("a key of a card effect", "Cites"),
    "archetypes": pgettext_lazy("a key of a card effect", "Archetypes"),
    "cardTypes": pgettext_lazy("a key of a card effect", "Card types"),
    "keywords": pgettext_lazy("a key of a card effect", "Keywords"),
    "keyword": pgettext_lazy("a key of a card effect", "Keyword"),
    "maxCost": pgettext_lazy("a key of a card effect", "Highest cost"),
    "maxLevel": pgettext_lazy("a key of a card effect", "Highest level"),
    "minLevel": pgettext_lazy("a key of a card effect", "Lowest level"),
    "maxMight": pgettext_lazy("a key of a card effect", "Highest might"),
    "grades": pgettext_lazy("a key of a card effect", "Grades"),
    "clans": pgettext_lazy("a key of a card effect", "Clans"),
    "domains": pgettext_lazy("a key of a card effect", "Domains"),
    "factions": pgettext_lazy("a key of a card effect", "Factions"),
    "monsterTypes": pgettext_lazy("a key of a card effect", "Monster types"),
    "tags": pgettext_lazy("a key of a card effect", "Tags"),
    "state": pgettext_lazy("a key of a card effect", "State"),
    "visible": pgettext_lazy("a key of a card effect", "Visible"),
    "visibility": pgettext_lazy("a key of a card effect", "Visibility"),
    "reveal": pgettext_lazy("a key of a card effect", "Reveal"),
    "whose": pgettext_lazy("a key of a card effect", "Whose"),
    "relation": pgettext_lazy("a key of a card effect", "Relation"),
    "relativeTo": pgettext_lazy("a key of a card effect", "Relative to"),
    "position": pgettext_lazy("a key of a card effect", "Position"),
    "circle": pgettext_lazy("a key of a card effect", "Circle"),
    "circles": pgettext_lazy("a key of a card effect", "Circles"),
    "power": pgettext_lazy("a key of a card effect", "Power"),
    "energy": pgettext_lazy("a key of a card effect", "Energy"),
    "xp": pgettext_lazy("a key of a card effect", "XP"),
    "marker": pgettext_lazy("a key of a card effect", "Marker"),
    "modifiers": pgettext_lazy("a key of a card effect", "Modifiers"),
    "factor": pgettext_lazy("a key of a card effect", "Factor"),
    "split": pgettext_lazy("a key of a card effect", "Split"),
    "free": pgettext_lazy("a key of a card effect", "Free"),
    "temporary": pgettext_lazy("a key of a card effect", "Temporary"),
    "simultaneous": pgettext_lazy("a key of a card effect", "Simultaneous"),
    "event": pgettext_lazy("a key of a card effect", "Event"),
    "effect": pgettext_lazy("a key of a card effect", "Effect"),
    "other": pgettext_lazy("a key of a card effect", "Other"),
    "restriction": pgettext_lazy("a key of a card effect", "Restriction"),
    "against": pgettext_lazy("a key of a card effect", "Against"),
    "attacked": pgettext_lazy("a key of a card effect", "Attacked"),
    "sacrificed": pgettext_lazy("a key of a card effect", "Sacrificed"),
    "includesOwn": pgettext_lazy("a key of a card effect", "Includes own"),
    "atLeast": pgettext_lazy("a key of a card effect", "At least"),
    "distinctNames": pgettext_lazy("a key of a card effect", "Distinct names"),
    "triggers": pgettext_lazy("a key of a card effect", "Triggers"),
    "breachRemovable": pgettext_lazy("a key of a card effect", "Breach removable"),
    "piece": pgettext_lazy("a key of a card effect", "Piece"),
    "role": pgettext_lazy("a key of a card effect", "Role"),
    "roles": pgettext_lazy("a key of a card effect", "Roles"),
    "ranks": pgettext_lazy("a key of a card effect", "Ranks"),
    "capture": pgettext_lazy("a key of a card effect", "Capture"),
    "capturedRoles": pgettext_lazy("a key of a card effect", "Captured roles"),
    "direction": pgettext_lazy("a key of a card effect", "Direction"),
    "directions": pgettext_lazy("a key of a card effect", "Directions"),
    "geometries": pgettext_lazy("a key of a card effect", "Geometries"),
    "followUpMove": pgettext_lazy("a key of a card effect", "Follow-up move"),
    "excludeKing": pgettext_lazy("a key of a card effect", "Excluding the king"),
    "kingAllowed": pgettext_lazy("a key of a card effect", "King allowed"),
    "hasPiece": pgettext_lazy("a key of a card effect", "Holds a piece"),
    "ignoreObstacles": pgettext_lazy("a key of a card effect", "Ignores obstacles"),
    "stopsAt": pgettext_lazy("a key of a card effect", "Stops at"),
    "path": pgettext_lazy("a key of a card effect", "Path"),
    "BLACK": pgettext_lazy("a key of a card effect", "Black"),
    "WHITE": pgettext_lazy("a key of a card effect", "White"),
}

# The shared help lines of the effect schema, by their English words.
HELP = {
    "a target id of this effect, or a fixed reference": _("a target id of this effect, or a fixed reference"),
    "how many (default 1)": _("how many (default 1)"),
    "how many": _("how many"),
    "what the mechanic does, in words": _("what the mechanic does, in words"),
    "the card, unit or player it applies to": _("the card, unit or player it applies to"),
    "the piece, square or effect it applies to": _("the piece, square or effect it applies to"),
    "what the effect does": _("what the effect does"),
    "a action the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED": _(
        "a action the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED"
    ),
    "a condition the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED": _(
        "a condition the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED"
    ),
    "a cost the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED": _(
        "a cost the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED"
    ),
    "lower camelCase, unique in the effect": _("lower camelCase, unique in the effect"),
    "up to count (as many as possible)": _("up to count (as many as possible)"),
    "what the effect chooses; actions refer to it by its id": _(
        "what the effect chooses; actions refer to it by its id"
    ),
    "which cards, pieces or squares qualify": _("which cards, pieces or squares qualify"),
    "when the effect is available or applies": _("when the effect is available or applies"),
    "unique in the game, never changes (1 to 80 letters, digits, '.', '_', ':' or '-', starting with a letter or digit)": _(
        "unique in the game, never changes (1 to 80 letters, digits, '.', '_', ':' or '-', starting with a letter or digit)"
    ),
    "passive, activated, quick or triggered (as the game has them)": _(
        "passive, activated, quick or triggered (as the game has them)"
    ),
    "the excerpt of the card text this effect structures (optional)": _(
        "the excerpt of the card text this effect structures (optional)"
    ),
    "whether the engine runs this effect (NOT_IMPLEMENTED reopens no ambiguity); default false": _(
        "whether the engine runs this effect (NOT_IMPLEMENTED reopens no ambiguity); default false"
    ),
    "for people": _("for people"),
    "one effect": _("one effect"),
    "draw cards": _("draw cards"),
    "discard cards": _("discard cards"),
    "positive: a bonus, negative: a malus": _("positive: a bonus, negative: a malus"),
    "what is paid before the effect resolves": _("what is paid before the effect resolves"),
    "during its controller's turn": _("during its controller's turn"),
    "the period the limit counts in": _("the period the limit counts in"),
    "uses per period (default 1)": _("uses per period (default 1)"),
    "limits are counted per player": _("limits are counted per player"),
    "the unit, card, battlefield or player it applies to": _(
        "the unit, card, battlefield or player it applies to"
    ),
    "the zones it is taken from": _("the zones it is taken from"),
    "whether all copies share the limit": _("whether all copies share the limit"),
    "a use limit (per player and turn)": _("a use limit (per player and turn)"),
    "a use limit, keyed by player + turn + effectId, shared by all copies": _(
        "a use limit, keyed by player + turn + effectId, shared by all copies"
    ),
    "player + turn + effectId": _("player + turn + effectId"),
    "all copies share the limit": _("all copies share the limit"),
    "deal damage": _("deal damage"),
    "banish a card": _("banish a card"),
    "during the opponent's turn": _("during the opponent's turn"),
    "the monster, card or duelist it applies to": _("the monster, card or duelist it applies to"),
    "exact names": _("exact names"),
}


def words() -> dict[str, dict[str, str]]:
    """The editor's words in the active language: ``keys`` (key -> label) and ``help`` (English help
    line -> translated; a line the catalogue does not translate is left out)."""
    return {
        "keys": {key: str(label) for key, label in KEY_LABELS.items()},
        "help": {text: str(words) for text, words in HELP.items() if str(words) != text},
    }
