"""Findings in the reader's language: one template per code of the catalogue, its placeholders
the code's declared params, and every emitter's params enough to fill one of its templates."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from common import finding_messages as fm
from rules import registry
from rules.codes import catalogue
from rules.findings import Finding, error

ROOT = Path(__file__).resolve().parents[2]
CODES = catalogue(registry)


def test_every_code_of_the_catalogue_has_a_template():
    assert sorted(code for code in CODES if not fm.templates(code)) == []
    # written once: in the code's entry (rules.codes, a game's codes.py), nowhere else
    assert not hasattr(fm, "MESSAGES") and not hasattr(fm, "HINTS")
    assert fm.templates("NO_SUCH_CODE") == ()


@pytest.mark.parametrize("code", sorted(CODES))
def test_a_templates_placeholders_are_the_codes_declared_params(code):
    declared = set(CODES[code].params)
    for template in fm.templates(code):
        assert fm.placeholders(template) <= declared, (code, fm.msgids(template))
        for text in fm.msgids(template):
            # Only %(name)s: numbers are shown in the reader's locale, never with %d.
            assert text.count("%") == text.count("%(") == text.count(")s"), text


def _emitted(path: Path):
    """(code, param names or None when not written out, line) of each error()/warning() call."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in ("error", "warning") or not node.args:
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value in CODES):
            continue
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        if "params" in keywords:
            value = keywords["params"]
            if not isinstance(value, ast.Dict) or any(k is None for k in value.keys):
                yield first.value, None, node.lineno
                continue
            keys = {k.value for k in value.keys if isinstance(k, ast.Constant)}
            # A value written None is not a param the template may use.
            keys -= {
                k.value
                for k, v in zip(value.keys, value.values)
                if isinstance(k, ast.Constant) and isinstance(v, ast.Constant) and v.value is None
            }
        else:
            keys = {k for k in ("section", "card", "field") if k in keywords}
        yield first.value, keys, node.lineno


SOURCES = (
    "rules",
    "cards",
    "decks",
    "reviews",
    "faces",
    "artwork",
    "corrections",
    "common",
    "tables",
    "playstats",
)


def _sources():
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_every_emitter_gives_the_params_its_template_needs():
    """A finding whose params fill no template of its code would be shown in English: none does."""
    incomplete = []
    for path in _sources():
        for code, keys, line in _emitted(path):
            if keys is None:
                continue  # params built elsewhere: checked by the rendering tests
            if fm.choose(code, dict.fromkeys(keys, 1)) is None:
                incomplete.append(f"{path.relative_to(ROOT)}:{line} {code} {sorted(keys)}")
    assert incomplete == []


def test_english_readers_get_the_cores_message():
    finding = error(
        "DECK_SIZE",
        section="main",
        params={"section": "main", "observed": 39, "expected": 40},
    )
    with translation.override("en"):
        assert fm.message(finding) == finding.message


def test_a_template_is_chosen_by_the_params_it_can_fill():
    params = {"section": "main", "observed": 39, "expected": None, "minimum": 40, "maximum": 60}
    with translation.override("fr"):
        text = fm.render("DECK_SIZE", params, "fallback")
    assert "39" in text and "40" in text and "60" in text
    assert fm.render("DECK_SIZE", {"section": "main"}, "the core's words") == "the core's words"
    assert fm.render("NO_SUCH_CODE", {}, "as it is") == "as it is"


def test_messages_in_french_and_russian_with_plural_forms(test_catalogue):
    def deck_size(n):
        return error(
            "DECK_SIZE",
            section="main",
            params={"section": "main", "observed": n, "expected": 50},
        )

    with translation.override("fr"):
        # The section by its label ("main" is the main deck), numbers in the reader's locale.
        assert fm.message(deck_size(1)) == "Deck principal : 1 carte ; il en faut exactement 50"
        assert fm.message(deck_size(1201)) == "Deck principal : 1\xa0201 cartes ; il en faut exactement 50"
    with translation.override("ru"):
        assert fm.message(deck_size(21)).startswith("в разделе «Основная колода» 21 карта;")
        assert fm.message(deck_size(23)).startswith("в разделе «Основная колода» 23 карты;")
        assert fm.message(deck_size(25)).startswith("в разделе «Основная колода» 25 карт;")
    as_dict = deck_size(3).to_dict()
    with translation.override("fr"):
        out = fm.localize({"violations": [as_dict], "legal": False})
    assert out["violations"][0]["message"] == "Deck principal : 3 cartes ; il en faut exactement 50"
    assert {k: v for k, v in out["violations"][0].items() if k != "message"} == {
        k: v for k, v in as_dict.items() if k != "message"
    }
    assert as_dict["message"] == "main has 3 cards; it must have exactly 50"  # the original is not changed


def test_params_are_shown_as_people_read_them():
    shown = fm.shown_params({"expected": ["a", "b"], "observed": 2.5, "status": "DRAFT", "card": None})
    with translation.override("fr"):
        assert (shown["expected"], str(shown["observed"]), str(shown["status"])) == ("a, b", "2,5", "Draft")
    assert "card" not in shown
    # A section by its label; a key no game labels stays as it is.
    with translation.override("fr"):
        assert fm.shown_params({"section": "runes"})["section"] == "Deck de runes"
        assert fm.shown_params({"section": "sideboard"})["section"] == "Réserve"  # riftbound's (v1.2)
        assert fm.shown_params({"section": "maybeboard"})["section"] == "maybeboard"


def test_a_games_own_code_carries_its_templates(api, designer):
    """A game added as one module may declare its own codes, with their templates: nothing else changes."""
    from rules.codes import CARD, Code
    from rules.ruleset import RuleSet

    class Heavy(RuleSet):
        key = "heavygame"
        name = "Heavy"
        card_types = ("CARD",)
        id_prefix = "HV"
        default_format = "standard"
        codes = (
            Code(
                "HEAVY_CARD",
                CARD,
                "a card heavier than the game allows",
                params=("card", "observed"),
                messages=("%(card)s is too heavy", "%(card)s weighs %(observed)s"),
            ),
        )

    finding = Finding("HEAVY_CARD", "HV-1 weighs 12", card="HV-1", params={"card": "HV-1", "observed": 1200})
    with registry.registered(Heavy):
        assert fm.templates("HEAVY_CARD")
        with translation.override("fr"):
            # no French for it yet: its English template, with French numbers
            assert fm.message(finding) == "HV-1 weighs 1\xa0200"
            assert fm.localize({"code": "HEAVY_CARD", "message": "x", "params": {"card": "HV-1"}})[
                "message"
            ] == ("HV-1 is too heavy")
        codes = {c["code"]: c for c in api(designer).get("/api/codes/").json()}
        assert codes["HEAVY_CARD"]["params"] == ["card", "observed"]
    assert fm.templates("HEAVY_CARD") == ()


# --- written once: no English words at the emit sites --------------------------------------------
EMITTERS = ("error", "warning", "refuse", "report", "_refused")
# The folders whose emit sites give no words of their own (the others follow, one app at a time).
WRITTEN_ONCE = SOURCES


def _written_messages(path: Path):
    """(line, code) of each finding made with words of its own: a message beside its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in EMITTERS:
            continue
        codes = [
            i
            for i, arg in enumerate(node.args)
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value in CODES
        ]
        if not codes:
            continue
        # where its message was: after the code (report(severity, code, field, message): after the field)
        at = codes[0] + (2 if name == "report" else 1)
        if len(node.args) > at or any(k.arg == "message" for k in node.keywords):
            yield node.lineno, node.args[codes[0]].value


def test_no_finding_is_raised_with_words_of_its_own():
    """A finding's text is its code's template (rules.codes) filled with its params: an emit site
    gives the code and the params, never an English sentence beside them."""
    written = [
        f"{path.relative_to(ROOT)}:{line} {code}"
        for path in _sources()
        if path.relative_to(ROOT).parts[0] in WRITTEN_ONCE
        for line, code in _written_messages(path)
    ]
    assert written == [], "drop the message: error(CODE, params={...}) renders the code's template"


def test_a_finding_raised_without_a_template_fails_the_suite(monkeypatch):
    """error() renders the code's template; under the suite (tests/conftest.py turns
    rules.findings.STRICT on) a finding or a problem whose params fill none of its templates raises
    MissingTemplate, so its emit site fails its tests. In production it shows its code (or key)."""
    from rules import findings
    from rules.problems import problem

    assert findings.STRICT
    assert error(
        "DECK_SIZE", section="main", params={"section": "main", "observed": 39, "expected": 40}
    ).message == ("main has 39 cards; it must have exactly 40")
    with pytest.raises(findings.MissingTemplate, match="DECK_SIZE"):
        error("DECK_SIZE", params={"section": "main"})
    with pytest.raises(findings.MissingTemplate, match="NO_SUCH_CODE"):
        error("NO_SUCH_CODE")
    with pytest.raises(findings.MissingTemplate, match="COUNT_RANGE"):
        problem("COUNT_RANGE", minimum=1)
    with pytest.raises(findings.MissingTemplate, match="NO_SUCH_PROBLEM"):
        problem("NO_SUCH_PROBLEM")
    monkeypatch.setattr(findings, "STRICT", False)
    assert error("DECK_SIZE", params={"section": "main"}).message == "DECK_SIZE"
    assert error("NO_SUCH_CODE").message == "NO_SUCH_CODE"
    assert str(problem("NO_SUCH_PROBLEM")) == "NO_SUCH_PROBLEM"
