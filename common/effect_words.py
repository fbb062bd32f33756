"""The effect editor's words in the reader's language: each key of an effect (``effectId``: "Effect id")
and the effect schema's help lines (rules/effects/schema.py writes them in English, the contract's
words). The editor (cards/static/cards/effects.js) reads both from the page (``effect_words``), so that a
French or Russian designer reads the form in their language; the schema the API serves is unchanged.

Every help line of every game's schema is marked N_ where the game declares it (rules/games/<game>/,
rules/effects/); the lines made of several texts (a choice's "KEY: meaning; ..." and the references)
are written again here in the reader's language from the same vocabulary, with the codes as they are.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.i18n import game_name, has_entry, tr
from rules import registry
from rules.effects.schema import meanings_line, references_line
from rules.ruleset import RuleSet

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

# The lines the web layer writes again from the vocabulary (rules.effects.schema writes them in English).
MEANING = pgettext_lazy(
    "a code of the effect form and what it means (French: a non-breaking space before the colon)",
    "%(key)s: %(meaning)s",
)
REFERENCE = pgettext_lazy("a fixed reference of the effect form and what it means", "%(key)s (%(meaning)s)")
REFERENCES = _("A card's structured effects. References: %(references)s; or a target id of the same effect.")
NO_VOCABULARY = _("%(game)s declares no effect vocabulary: cards have no structured effects")


def _descriptions(node: object, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                found.add(value)
            else:
                _descriptions(value, found)
    elif isinstance(node, list):
        for value in node:
            _descriptions(value, found)
    return found


def descriptions(ruleset: RuleSet) -> set[str]:
    """Every help line (``description``) of the game's effect schema, in English."""
    return _descriptions(ruleset.effect_schema, set())


def _composed(ruleset: RuleSet) -> dict[str, str]:
    """The lines made of several marked texts, by their English words, in the active language."""
    vocabulary = ruleset.effect_vocabulary
    if vocabulary is None:
        return {ruleset.effect_schema["description"]: str(NO_VOCABULARY) % {"game": game_name(ruleset)}}
    lines = {}
    for meanings in (vocabulary.timings, vocabulary.durations, vocabulary.target_kinds):
        if meanings:
            lines[meanings_line(meanings)] = "; ".join(
                str(MEANING) % {"key": key, "meaning": tr(meaning, ruleset.key)}
                for key, meaning in meanings.items()
            )
    listed = ", ".join(str(REFERENCE) % {"key": k, "meaning": m} for k, m in references(ruleset))
    lines[references_line(vocabulary.references)] = str(REFERENCES) % {"references": listed}
    return lines


def references(ruleset: RuleSet) -> list[tuple[str, str]]:
    """The game's fixed references (SELF, CONTROLLER...) and their meanings in the active language."""
    vocabulary = ruleset.effect_vocabulary
    if vocabulary is None:
        return []
    return [(key, tr(meaning, ruleset.key)) for key, meaning in vocabulary.references.items()]


def help_lines(ruleset: RuleSet) -> dict[str, str]:
    """Every help line of the game's effect schema: English -> the active language (a line no
    catalogue translates reads as it is)."""
    composed = _composed(ruleset)
    return {
        text: composed[text] if text in composed else tr(text, ruleset.key) for text in descriptions(ruleset)
    }


def untranslated(ruleset: RuleSet) -> list[str]:
    """The English texts of the game's help lines that the active language's catalogue lacks."""
    vocabulary = ruleset.effect_vocabulary
    parts = {text for text in descriptions(ruleset) if text not in _composed(ruleset)}
    if vocabulary is not None:
        for meanings in (
            vocabulary.timings,
            vocabulary.durations,
            vocabulary.target_kinds,
            vocabulary.references,
        ):
            parts.update(meanings.values())
    # The templates of the composed lines (MEANING...) are entries like any other: tests/i18n/test_catalogues.py.
    # A text is translated when the catalogue has it, even as the same words (« Permanent »).
    return sorted(text for text in parts if not has_entry(text, ruleset.key))


def words(ruleset: RuleSet | None = None) -> dict[str, object]:
    """The editor's words in the active language: ``keys`` (key -> label), ``help`` (English help
    line -> translated; a line the catalogue does not translate is left out) and ``references`` (the
    game's fixed references and their meanings, so that the editor need not read them from English)."""
    games = [ruleset] if ruleset is not None else list(registry)
    help: dict[str, str] = {}
    for game in games:
        help.update({text: shown for text, shown in help_lines(game).items() if shown != text})
    return {
        "keys": {key: str(label) for key, label in KEY_LABELS.items()},
        "help": help,
        "references": [list(pair) for pair in references(ruleset)] if ruleset is not None else [],
    }
