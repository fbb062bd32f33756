"""The one catalogue of finding codes: every code emitted is in it, with its severity and params; docs/codes.md agrees."""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
from pathlib import Path

import pytest

from rules import CardData, messages, registry
from rules.audit import identity_collisions
from rules.codes import ENTRIES, INPUT, REVIEW_LISTS, TOPICS, Severity, catalogue, markdown_table
from rules.decks import DeckData, Entry
from tests.sources import nodes, python_files

from .deckkit import COMMON
from .effects.test_shape import VALID

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "cards" / "demo"
# Where findings are made: the core, and the apps' parsers and services.
SOURCES = ("rules", "cards", "decks", "reviews", "corrections", "artwork", "common", "tables")
CATALOGUE = catalogue(registry)


def test_every_entry_is_complete():
    assert len({c.key for c in ENTRIES}) == len(ENTRIES)
    for code in CATALOGUE.values():
        assert code.key.isupper() and code.help and code.topic in TOPICS, code
        assert code.list_for(code.severity) in (None, *REVIEW_LISTS), code
        assert len(set(code.severities)) == len(code.severities), code
        if code.blocks_ready:
            assert Severity.WARNING in code.severities, f"{code.key}: an error already makes a deck illegal"


def test_the_codes_table_of_the_docs_is_the_catalogues():
    readme = (ROOT / "docs" / "codes.md").read_text(encoding="utf-8")
    begin = readme.index("<!-- codes:begin")
    table = readme[readme.index("\n", begin) + 1 : readme.index("<!-- codes:end -->")]
    assert table == markdown_table(CATALOGUE), "run `python manage.py codes --readme`"


# --- statically: every code written in a call that makes a finding -----------------------------------------------
def _literal_codes() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for root in SOURCES:
        for path in python_files(ROOT / root, skip={"migrations"}):
            names = {
                target.id: node.value.value
                for node in nodes(path)
                if isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
                for target in node.targets
                if isinstance(target, ast.Name)
            }
            for node in nodes(path):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if called not in ("error", "warning", "Finding", "Listing", "report", "refuse", "_refused"):
                    continue
                for arg in node.args[:3]:
                    value = arg.value if isinstance(arg, ast.Constant) else names.get(getattr(arg, "id", ""))
                    if isinstance(value, str) and value.isupper() and value.replace("_", "").isalnum():
                        found.setdefault(value, set()).add(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_code_written_in_the_code_is_in_the_catalogue():
    written = _literal_codes()
    assert {"DECK_SIZE", "EFFECT_SCHEMA", "FIELD_INVALID", "CHESS_BREACH_UNSTATED", "TABLE_ZONE_FULL"} <= set(
        written
    )
    unknown = {code: sorted(places) for code, places in written.items() if code not in CATALOGUE}
    assert unknown == {}, "add these codes to rules/codes/<topic>.py (one entry each)"


# --- dynamically: every rule set over the demo data, and the demo data broken on purpose --------------------------
def _cards(game: str) -> list[CardData]:
    """The game's demo cards as its rule set sees them (effects included)."""
    demo = registry.get(game).demo_card_set
    if not demo or not (DEMO / demo).exists():
        return []
    return [
        CardData(
            game=game,
            name=raw["name"],
            type=raw["type"],
            stable_id=raw.get("stableCardId"),
            set=raw.get("set") or "",
            text=raw.get("text") or "",
            archetypes=tuple(raw.get("archetypes") or ()),
            fields={k: v for k, v in raw.items() if k not in COMMON},
            effects=tuple(raw.get("effects") or ()),
            status=raw.get("status", "DRAFT"),
        )
        for raw in json.loads((DEMO / demo).read_text(encoding="utf-8"))["cards"]
    ]


def _effect_cards(game: str) -> list[CardData]:
    """Cards whose text and effects disagree in every way the effect checks know (from the effect tests' examples)."""
    example = VALID.get(game)
    if example is None:
        return []
    ruleset = registry.get(game)
    twin = {**copy.deepcopy(example)}
    lasting = {**copy.deepcopy(example), "effectId": f"{example['effectId']}.bonus", "text": "jamais écrit"}
    lasting.pop("duration", None)
    lasting["actions"] = [
        {"do": "MODIFY_STAT", "stat": "ATK", "amount": 1, "target": "SELF"},
        {"do": "NEW_MECHANIC", "description": "something new"},
    ]
    texts = ("", "Rapide. Une fois par tour. Jusqu'à la fin du tour. Activable. Passif.", "the King excepted")
    return [
        CardData(game=game, name="x", type=ruleset.card_types[0], stable_id="X-1", text=text, effects=effects)
        for text in texts
        for effects in (
            (example,),
            (example, twin),
            (lasting,),
            ({**example, "limit": None, "kind": "passive"},),
        )
    ]


def _broken(card: CardData, ruleset) -> list[CardData]:
    """The card with each field emptied, out of range or wrong, its name gone, its type unknown, effects mangled."""
    variants = [
        card.__class__(**{**_as_kwargs(card), "name": ""}),
        card.__class__(**{**_as_kwargs(card), "type": "NOPE"}),
    ]
    for spec in ruleset.fields:
        for value in (None, -5, 10**6, "x", ["x"]):
            variants.append(
                card.__class__(**{**_as_kwargs(card), "fields": {**card.fields, spec.name: value}})
            )
    if card.effects:
        effects = copy.deepcopy(list(card.effects))
        effects[0] = {**effects[0], "bogus": 1, "duration": None, "limit": None}
        variants.append(
            card.__class__(**{**_as_kwargs(card), "effects": tuple(effects), "text": "une fois par tour"})
        )
    return variants


def _as_kwargs(card: CardData) -> dict:
    return {f.name: getattr(card, f.name) for f in dataclasses.fields(card) if f.init}


def _decks(ruleset, cards: list[CardData]) -> list[DeckData]:
    """A deck of every card, one over-full, one naming unknown and ambiguous cards in sections the game lacks."""
    refs = [c.stable_id for c in cards if c.stable_id]
    names = [c.name for c in cards]
    picks = dict.fromkeys(ruleset.deck_picks, refs[0] if refs else None)
    return [
        DeckData(
            game=ruleset.key,
            sections={s: (Entry(r, 9) for r in refs) for s in ruleset.deck_sections},
            picks=picks,
        ),
        DeckData(game=ruleset.key, sections={"main": (Entry(r) for r in refs[:3])}),
        DeckData(
            game=ruleset.key,
            sections={"nowhere": (Entry("NO-SUCH-CARD"), *(Entry(n) for n in names[:5]), Entry("INDICE"))},
            picks=dict.fromkeys(ruleset.deck_picks, "NO-SUCH-CARD"),
            owner="someone",
        ),
    ]


@pytest.mark.parametrize("ruleset", list(registry), ids=lambda rs: rs.key)
def test_every_finding_a_rule_set_emits_is_in_the_catalogue_with_its_severity_and_params(ruleset):
    cards = _cards(ruleset.key)
    findings = []
    for card in _effect_cards(ruleset.key):
        findings += ruleset.check_card(card) + ruleset.effect_errors(list(card.effects), card_ref=card.ref)
    for card in cards:
        findings += ruleset.check_card(card)
        for variant in _broken(card, ruleset):
            cleaned, errors = ruleset.clean_fields(variant.type, variant.name, dict(variant.fields))
            findings += errors
            if not errors:  # only what can be stored is checked for content
                findings += ruleset.check_card(
                    variant.__class__(**{**_as_kwargs(variant), "fields": cleaned})
                )
            findings += ruleset.effect_errors(list(variant.effects), card_ref=variant.ref)
    strict = [
        dataclasses.replace(fmt, banlist=dict.fromkeys(refs[:2], 0), allowed_sets=frozenset({"NOPE"}))
        for fmt in ruleset.default_formats
        for refs in [[c.stable_id for c in cards]]
    ]
    findings += identity_collisions([dataclasses.replace(c, text=str(i)) for i, c in enumerate(cards[:2])])
    for card in cards[:1]:
        findings += ruleset.shape_errors(card.type, {"no_such_field": 1}, card_ref=card.ref)
    for fmt in [*ruleset.default_formats, *strict]:
        for collection in (None, {}):
            for deck in _decks(ruleset, cards):
                findings += ruleset.validate_deck(deck, cards, fmt, collection).violations
    assert findings or not cards
    problems = []
    for finding in findings:
        code = CATALOGUE.get(finding.code)
        if code is None:
            problems.append(f"{finding.code}: not in the catalogue ({finding.message})")
            continue
        if finding.message != messages.message(finding.code, finding.params):
            # written once: a finding's message is its code's template filled with its params
            problems.append(f"{finding.code}: no template its params {sorted(finding.params)} fill")
        if finding.severity not in code.severities:
            problems.append(f"{finding.code}: {finding.severity} is not one of {code.severities}")
        if code.topic == INPUT:
            continue
        extra = set(finding.params) - set(code.params)
        if extra:
            problems.append(f"{finding.code}: params {sorted(extra)} are not declared ({finding.message})")
        if code.params and not finding.params:
            problems.append(f"{finding.code}: no params ({finding.message})")
    assert sorted(set(problems)) == []
