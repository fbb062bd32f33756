"""What a rule set may declare wrongly, found before any card or deck meets it.

A game is one module: its :class:`~rules.ruleset.RuleSet` declares card types,
fields, deck sections and picks, where each card type goes, the formats it
starts with, its draws and statistics. Declarations that contradict each other
(a ``deck_home`` that is no section, a default format that is not among the
default formats...) would fail far from their cause, on a page or in a deck;
:func:`declaration_problems` names them at start-up instead. The Django system
check framework reports them (``manage.py check``) under the ids below, which
never change.

Pure: a rule set in, a list of problems out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .codes import conflicts as code_conflicts
from .formats import SIDEBOARD

if TYPE_CHECKING:
    from .ruleset import RuleSet

REQUIRED = ("key", "name", "card_types", "id_prefix", "default_format")
# A game's hue is a CSS hex colour (#rgb, #rrggbb, with or without alpha); it is written into the pages.
HUE_PATTERN = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
KEY_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,31}")

# id -> what it says; the ids are stable (tools and people silence or look them up).
PROBLEMS = {
    "rules.E001": "a required declaration is missing",
    "rules.E002": "deck_home sends a card type to something that is no section or pick",
    "rules.E003": "deck_home names a card type the game does not have",
    "rules.E004": "a pick choice names an unknown pick or section, or unknown card types",
    "rules.E005": "default_format is not among default_formats",
    "rules.E006": "a default format belongs to another game, repeats a key, or sizes an unknown section",
    "rules.E007": "copy_limit_sections names an unknown section",
    "rules.E008": "the draw setup draws from an unknown section",
    "rules.E009": "curve_field or breakdown_fields names an unknown field",
    "rules.E010": "a field is declared twice, or for card types the game does not have",
    "rules.E011": "deck_labels, deck_help or deck_aliases names an unknown section or pick",
    "rules.E012": "deck_sections is empty, or a pick has the name of a section",
    "rules.E013": "two games share an id prefix",
    "rules.E014": "the game's key or hue is not written as the studio needs",
    "rules.E015": "a game declares a finding code that clashes with the catalogue or another game's",
    "rules.E016": "type_labels or value_labels name an unknown card type, field or value",
}


@dataclass(frozen=True, slots=True)
class DeclarationProblem:
    """One inconsistent declaration: a stable id, what is wrong, and how to fix it."""

    id: str
    message: str
    hint: str = ""
    game: str = ""


def declaration_problems(ruleset: RuleSet) -> list[DeclarationProblem]:
    """Every inconsistent declaration of ``ruleset`` (empty when it is sound)."""
    game = getattr(ruleset, "key", "") or type(ruleset).__name__
    problems: list[DeclarationProblem] = []

    def declare(id: str, message: str, hint: str = "") -> None:
        problems.append(DeclarationProblem(id, f"{game}: {message}", hint, game))

    missing = [name for name in REQUIRED if not getattr(ruleset, name, None)]
    if missing:
        declare("rules.E001", f"declares no {', '.join(missing)}", "declare them on the RuleSet subclass")
        return problems

    if not KEY_PATTERN.fullmatch(ruleset.key):
        declare(
            "rules.E014",
            f"the key {ruleset.key!r} is not 1 to 32 lower-case letters, digits or _ starting with a letter",
            "the key names the game in files, addresses and the database; write it like darkrow",
        )
    if ruleset.hue is not None and not HUE_PATTERN.fullmatch(str(ruleset.hue)):
        declare("rules.E014", f"hue {ruleset.hue!r} is not a CSS hex colour", 'write it like "#3d3a5c"')

    types = set(ruleset.card_types)
    sections = tuple(ruleset.deck_sections)
    picks = tuple(ruleset.deck_picks)
    places = (*sections, *picks, SIDEBOARD)  # a format may declare a sideboard (rules.formats)
    fields = set(ruleset.field_names())

    if not sections:
        declare("rules.E012", "deck_sections is empty", 'declare at least one section, e.g. ("main",)')
    for name in set(sections) & set(picks):
        declare("rules.E012", f"{name!r} is both a section and a pick", "rename one of them")

    for card_type, home in ruleset.deck_home.items():
        if home not in places:
            declare(
                "rules.E002",
                f"deck_home sends {card_type} to {home!r}, which is no section or pick",
                f"use one of {', '.join(places)}",
            )
        if card_type not in types:
            declare(
                "rules.E003",
                f"deck_home names {card_type!r}, which is not a card type",
                f"card types: {', '.join(ruleset.card_types)}",
            )

    for pick, (section, pick_types) in ruleset.deck_pick_choices.items():
        if pick not in picks:
            declare("rules.E004", f"deck_pick_choices names {pick!r}, which is not a pick", _one_of(picks))
        if section not in sections:
            declare(
                "rules.E004",
                f"deck_pick_choices offers {pick!r} from {section!r}, which is not a section",
                _one_of(sections),
            )
        unknown = sorted(set(pick_types or ()) - types)
        if unknown:
            declare(
                "rules.E004",
                f"deck_pick_choices offers {pick!r} among unknown card types {', '.join(unknown)}",
                f"card types: {', '.join(ruleset.card_types)}",
            )

    keys = [fmt.key for fmt in ruleset.default_formats]
    if ruleset.default_format not in keys:
        declare(
            "rules.E005",
            f"default_format {ruleset.default_format!r} is not among default_formats "
            f"({', '.join(keys) or 'none'})",
            "add a FormatData with that key to default_formats, or name one of them",
        )
    for key, n in Counter(keys).items():
        if n > 1:
            declare("rules.E006", f"default_formats declares {key!r} {n} times", "keep one")
    for fmt in ruleset.default_formats:
        if fmt.game != ruleset.key:
            declare(
                "rules.E006",
                f"default format {fmt.key!r} is for game {fmt.game!r}",
                f"write game={ruleset.key!r}",
            )
        for section in fmt.sections:
            if section not in sections and section != SIDEBOARD:  # a format may declare a sideboard
                declare(
                    "rules.E006",
                    f"default format {fmt.key!r} sizes {section!r}, which is not a section",
                    _one_of(sections),
                )

    for section in _unknown(ruleset.copy_limit_sections, sections):
        declare(
            "rules.E007", f"copy_limit_sections names {section!r}, which is not a section", _one_of(sections)
        )

    setup = ruleset.draw_setup
    if setup is not None and setup.section not in sections:
        declare(
            "rules.E008",
            f"draw_setup draws from {setup.section!r}, which is not a section",
            _one_of(sections),
        )

    stat_fields = [ruleset.curve_field] if ruleset.curve_field else []
    for name in _unknown([*stat_fields, *ruleset.breakdown_fields], fields):
        declare(
            "rules.E009",
            f"statistics name the field {name!r}, which the game does not declare",
            _one_of(sorted(fields)) if fields else "declare the field, or name none",
        )

    for name, n in Counter(ruleset.field_names()).items():
        if n > 1:
            declare("rules.E010", f"the field {name!r} is declared {n} times", "keep one")
    for spec in ruleset.fields:
        unknown = sorted((set(spec.types or ()) | set(spec.required_for)) - types)
        if unknown:
            declare(
                "rules.E010",
                f"the field {spec.name!r} is for unknown card types {', '.join(unknown)}",
                f"card types: {', '.join(ruleset.card_types)}",
            )

    for what, names in (
        ("deck_labels", ruleset.deck_labels),
        ("deck_help", ruleset.deck_help),
        ("deck_aliases", {v: k for k, v in getattr(ruleset, "deck_aliases", {}).items()}),
    ):
        for name in _unknown(names, places):
            declare("rules.E011", f"{what} names {name!r}, which is no section or pick", _one_of(places))

    for card_type in _unknown(ruleset.type_labels, types):
        declare("rules.E016", f"type_labels names {card_type!r}, which is no card type", _one_of(types))
    for name, labels in ruleset.value_labels.items():
        labelled = ruleset.field_spec(name)
        if labelled is None or not labelled.choices:
            declare(
                "rules.E016",
                f"value_labels names {name!r}, which is no field with a fixed list of values",
                "label the values of an enum field",
            )
            continue
        for value in _unknown(labels, labelled.choices):
            declare(
                "rules.E016",
                f"value_labels names {value!r}, which {name} does not allow",
                _one_of(labelled.choices),
            )
    return problems


def registry_problems(rulesets: Iterable[RuleSet]) -> list[DeclarationProblem]:
    """Every game's declaration problems, and those between games (a shared id prefix)."""
    rulesets = list(rulesets)
    problems = [p for ruleset in rulesets for p in declaration_problems(ruleset)]
    by_prefix: dict[str, list[str]] = {}
    for ruleset in rulesets:
        prefix = getattr(ruleset, "id_prefix", "")
        if prefix:
            by_prefix.setdefault(prefix, []).append(ruleset.key)
    for clash in code_conflicts(rulesets):
        problems.append(
            DeclarationProblem(
                "rules.E015", clash, "use the catalogue's entry (rules/codes/), or another key"
            )
        )
    for prefix, games in by_prefix.items():
        if len(games) > 1:
            problems.append(
                DeclarationProblem(
                    "rules.E013",
                    f"{', '.join(games)} share the id prefix {prefix!r}",
                    "give each game its own id_prefix: it starts the stable ids the studio assigns",
                )
            )
    return problems


def _unknown(names: Iterable[str], known: Iterable[str]) -> list[str]:
    known = set(known)
    return [name for name in names if name not in known]


def _one_of(names: Iterable[str]) -> str:
    return f"use one of {', '.join(names)}"
