"""Audit entries, hints and problems in the reader's language: stored and sent as codes with params,
rendered per code (common/finding_messages.py) with the real catalogues."""

from __future__ import annotations

import ast
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from common import finding_messages as fm
from decks.interchange import parse_decklist
from reviews.models import Audit, AuditEntry
from rules import get_ruleset, registry
from rules.codes import catalogue
from rules.findings import error

ROOT = Path(__file__).resolve().parents[2]
CODES = catalogue(registry)

pytestmark = pytest.mark.django_db


# --- the tables ------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", sorted(c.key for c in CODES.values() if c.hints))
def test_a_hints_placeholders_are_its_codes_declared_params(code):
    assert fm.hint_templates(code)
    for template in fm.hint_templates(code):
        assert fm.placeholders(template) <= set(CODES[code].params), (code, fm.msgids(template))


def _problem_keys():
    """Every problem key written in the sources (problem("KEY", ...) and problemKey="KEY")."""
    keys = set()
    for folder in ("rules", "cards", "decks", "reviews", "common"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "declarations.py":  # its problem() names system checks
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", "") == "problem"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    keys.add(node.args[0].value)
                if (
                    isinstance(node, ast.keyword)
                    and node.arg == "problemKey"
                    and isinstance(node.value, ast.Constant)
                ):
                    keys.add(node.value.value)
                if isinstance(node, ast.Dict):
                    for k, v in zip(node.keys, node.values):
                        if (
                            isinstance(k, ast.Constant)
                            and k.value == "problemKey"
                            and isinstance(v, ast.Constant)
                        ):
                            keys.add(v.value)
    return keys


def test_every_problem_key_has_a_template():
    keys = _problem_keys()
    assert len(keys) >= 10
    # SCHEMA: a JSON Schema error the studio has no words for (it keeps the validator's own).
    assert sorted(keys - set(fm.PROBLEMS) - {"SCHEMA"}) == []


# --- problems --------------------------------------------------------------------------------------
def test_a_decklists_problem_is_translated_inside_its_message():
    _deck, findings = parse_decklist("0 Blaster Blade\n", game="vanguard")
    [finding] = findings
    assert (
        finding.params["problemKey"] == "COUNT_RANGE" and finding.params["problemParams"]["maximum"] == 1000
    )
    with translation.override("en"):
        assert "the count must be from 1 to 1000" in fm.message(finding)
    with translation.override("fr"):
        french = fm.message(finding)
    assert (
        french.startswith("la ligne 1 de la decklist")
        and "le nombre d’exemplaires va de 1 à 1\xa0000" in french
    )
    assert "the count" not in french
    with translation.override("ru"):
        russian = fm.message(finding)
    assert "число копий — от 1 до 1\xa0000" in russian and "the count" not in russian


def test_a_field_of_the_wrong_kind_says_so_in_french():
    [finding] = get_ruleset("vanguard").shape_errors("NORMAL_UNIT", {"grade": "two"})
    assert finding.code == "FIELD_TYPE" and finding.params["problemKey"] == "NOT_WHOLE_NUMBER"
    with translation.override("fr"):
        assert fm.message(finding) == 'grade doit être un nombre entier, pas «\xa0"two"\xa0»'
    with translation.override("ru"):
        assert fm.message(finding) == 'grade: должно быть целым числом, а не «"two"»'


def test_an_uncoded_problem_keeps_the_cores_words():
    finding = error("DECKLIST_INVALID", params={"line": 3, "text": "x", "problem": "something new"})
    with translation.override("fr"):
        assert "something new" in fm.message(finding)


# --- hints -----------------------------------------------------------------------------------------
def test_fixed_and_filled_hints_in_the_readers_language():
    ruleset = get_ruleset("vanguard")
    [missing] = [f for f in ruleset.check_card(_card(name="")) if f.code == "NAME_REQUIRED"]
    with translation.override("fr"):
        assert fm.hint(missing) == "donnez à la carte son nom imprimé"
    sentinels = error(
        "SENTINEL_LIMIT",
        section="main",
        params={"section": "main", "observed": 5, "expected": 4},
        hint="keep at most 4 Sentinels",
    )
    with translation.override("ru"):
        assert fm.hint(sentinels) == "оставьте не больше 4 Sentinel"
    with translation.override("en"):
        assert fm.hint(sentinels) == "keep at most 4 Sentinels"


def test_the_api_gives_hints_in_the_readers_language(api, playtester):
    deck = {"game": "vanguard", "name": "probe", "sections": {"main": [{"card": "NO-SUCH-CARD", "count": 1}]}}
    answers = {
        lang: api(playtester)
        .post("/api/decks/validate/", deck, format="json", HTTP_ACCEPT_LANGUAGE=lang)
        .json()
        for lang in ("en", "fr", "ru")
    }
    hints = {lang: {v["code"]: v.get("hint") for v in body["violations"]} for lang, body in answers.items()}
    assert hints["en"]["UNKNOWN_CARD"] == "check the stableCardId or the name"
    assert hints["fr"]["UNKNOWN_CARD"] == "vérifiez le stableCardId ou le nom"
    assert hints["ru"]["UNKNOWN_CARD"] == "проверьте stableCardId или название"
    assert hints["en"]["DECK_SIZE"] == "the section must have exactly 50 cards"
    assert hints["fr"]["DECK_SIZE"] == "la section doit contenir exactement 50 cartes"
    assert hints["ru"]["DECK_SIZE"] == "в разделе должно быть ровно 50 карт"
    # Codes and params do not change.
    strip = [
        {k: v for k, v in row.items() if k not in ("message", "hint")} for row in answers["en"]["violations"]
    ]
    assert strip == [
        {k: v for k, v in row.items() if k not in ("message", "hint")} for row in answers["fr"]["violations"]
    ]


def _card(**fields):
    from rules.cards import CardData

    data = {"name": "Blaster Blade", "type": "NORMAL_UNIT", "set": "TD01"}
    data.update(fields)
    return CardData(
        game="vanguard",
        stable_id="VG-X",
        name=data["name"],
        type=data["type"],
        set=data["set"],
        fields={"grade": 2, "power": 9000, "nameId": "Blaster Blade", "sentinel": False},
    )


# --- audits ----------------------------------------------------------------------------------------
@pytest.fixture
def audited(make_card, reviewer):
    from reviews import audits

    card = make_card("darkrow", name="Casque de moto", type="OBJECT", cost=1)  # no behaviour
    audit = audits.audit_start(game="darkrow", user=reviewer, enqueue=False)
    audit = audits.audit_run(audit_id=audit.pk)
    assert audit.status == "DONE", audit.error
    return audit, card


def test_audit_entries_keep_code_and_params_and_read_in_the_readers_language(audited, client_as, reviewer):
    audit, card = audited
    entry = AuditEntry.objects.get(audit=audit, card=card, code="FIELD_REQUIRED")
    assert entry.params["field"] == "behavior"
    assert entry.reason.startswith("OBJECT cards need a value")
    with translation.override("fr"):
        assert entry.message != entry.reason
        # The game's words for its type and field, not their keys.
        assert "Objet" in entry.message and "Comportement de l’Objet" in entry.message
        assert "OBJECT" not in entry.message and "behavior" not in entry.message
    page = client_as(reviewer).get(
        reverse("reviews:audits"),
        {"game": "darkrow", "list": "OBJECT_BEHAVIOR_REVIEW"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    text = page.content.decode()
    assert entry.message in text.replace("&#x27;", "'").replace("&quot;", '"')
    assert "OBJECT cards need a value" not in text


def test_an_entry_stored_before_params_reads_as_its_english_reason(audited):
    audit, card = audited
    old = AuditEntry.objects.create(
        audit=audit,
        list="NEEDS_REVIEW",
        stable_id=card.stable_id,
        name=card.name,
        code="FIELD_RANGE",
        reason="cost is -1; it must be at least 0",
    )
    with translation.override("fr"):
        assert old.message == "cost is -1; it must be at least 0"
    # A code whose template needs no param reads translated even without them.
    named = AuditEntry.objects.create(
        audit=audit,
        list="NEEDS_REVIEW",
        stable_id=card.stable_id,
        name=card.name,
        code="NAME_REQUIRED",
        reason="a card needs a name",
    )
    with translation.override("fr"):
        assert named.message == "une carte doit avoir un nom"


def test_the_audit_api_and_command_follow_the_language(audited, api, reviewer):
    audit, _card = audited
    entries = api(reviewer).get(f"/api/audits/{audit.pk}/entries/", HTTP_ACCEPT_LANGUAGE="ru").json()
    rows = entries.get("results", entries)
    row = next(r for r in rows if r["code"] == "FIELD_REQUIRED")
    assert row["params"]["field"] == "behavior" and "OBJECT cards need" not in row["reason"]
    assert Audit.objects.filter(pk=audit.pk).exists()
    out = StringIO()
    call_command("audit", "darkrow", "--lang", "fr", "--no-progress", stdout=out)
    assert "Casque de moto" in out.getvalue() and "OBJECT cards need a value" not in out.getvalue()


def test_an_effects_shape_problems_are_coded_and_translated():
    findings = get_ruleset("darkrow").effect_errors([{"bogus": 1}], card_ref="DR-X")
    keys = {f.params.get("problemKey") for f in findings}
    assert {"UNKNOWN_KEY", "REQUIRED"} <= keys
    with translation.override("fr"):
        messages = [fm.message(f) for f in findings]
    assert any(
        m.startswith('effects[0].bogus\xa0: clé inconnue "bogus"\u202f; les clés ici sont\xa0:')
        for m in messages
    ), messages
    assert any(m.endswith("\xa0: obligatoire") for m in messages), messages
    assert not any("unknown key" in m or m.endswith("required") for m in messages)
