"""The corrections layer: corrections stored apart from the imported card, applied on top of it.

Covers the seed's one correction (Kojima Genta's quick deploy effect, once per
player per turn, shared by copies): applied when such a card exists, surviving
a re-import, with the imported text and effects untouched.
"""

from __future__ import annotations

import copy
from io import StringIO

import pytest
from django.core.management import call_command

from cards import imports, services
from cards.models import Card
from common.errors import Conflict, InvalidInput
from corrections.models import AppendOnlyError, EffectCorrection
from corrections.selectors import effective_card
from corrections.services import correction_create, correction_withdraw

ONCE = {
    "per": "turn",
    "count": 1,
    "scope": "player",
    "key": ["player", "turn", "effectId"],
    "sharedByCopies": True,
}
GENTA_TEXT = "Rapide à l’arrivée : déployez gratuitement depuis votre main une unité Détective Boys."
GENTA_EFFECTS = [
    {
        "effectId": "DR-U90.quick-deploy",
        "kind": "quick",
        "timing": "ON_DEPLOY",
        "actions": [{"do": "DEPLOY", "from": ["HAND"], "free": True, "filter": {"cardTypes": ["UNIT"]}}],
    },
    {
        "effectId": "DR-U90.bonus",
        "kind": "passive",
        "timing": "CONTINUOUS",
        "actions": [
            {"do": "MODIFY_STAT", "stat": "PV", "amount": 1, "target": "SELF", "duration": "WHILE_ACTIVE"}
        ],
    },
]
CANONICAL = "canonical:darkrow-kojima-genta-quick-deploy-limit"


def genta_file(text=GENTA_TEXT, effects=GENTA_EFFECTS):
    card = {
        "stableCardId": "DR-U90",
        "name": "Kojima Genta",
        "type": "UNIT",
        "text": text,
        "effects": effects,
        "cost": None,
        "atk": None,
        "pv": None,
    }
    return {"game": "darkrow", "cards": [card]}


@pytest.fixture
def genta(db):
    imports.cards_import(payload=genta_file())
    return Card.objects.get(stable_id="DR-U90")


# --- the seed's correction -----------------------------------------------------------------------
def test_the_kojima_genta_correction_applies_when_the_card_exists(genta):
    effective = effective_card(card=genta)
    assert effective["effects"][0]["limit"] == ONCE
    assert "limit" not in effective["effects"][1]
    [provenance] = effective["provenance"]
    assert provenance["path"] == "effects[0].limit"
    assert provenance["correction"] == CANONICAL and provenance["canonical"] is True
    assert provenance["before"] is None and provenance["after"] == ONCE
    assert "une utilisation par joueur et par tour" in provenance["why"]
    [report] = effective["corrections"]
    assert (report["outcome"], report["effectId"], report["id"]) == ("APPLIED", "DR-U90.quick-deploy", None)
    # The imported card itself is untouched.
    genta.refresh_from_db()
    assert genta.effects == GENTA_EFFECTS and genta.text == GENTA_TEXT
    assert effective["importedEffects"] == GENTA_EFFECTS and effective["text"] == GENTA_TEXT


def test_the_kojima_genta_correction_survives_a_re_import_with_the_imported_text_unchanged(genta):
    assert imports.cards_import(payload=genta_file()).unchanged == ["DR-U90"]
    new_text = GENTA_TEXT + " (réimpression)"
    assert imports.cards_import(payload=genta_file(text=new_text)).updated == ["DR-U90"]
    genta.refresh_from_db()
    assert genta.text == new_text, "the import's text, not a corrected one"
    assert genta.effects == GENTA_EFFECTS, "the import's effects, without the limit"
    effective = effective_card(card=genta)
    assert effective["effects"][0]["limit"] == ONCE
    assert effective["text"] == new_text


def test_the_kojima_genta_correction_is_pending_without_a_structured_quick_deploy_effect(db):
    imports.cards_import(payload=genta_file(effects=[]))
    [report] = effective_card(card=Card.objects.get(stable_id="DR-U90"))["corrections"]
    assert report["outcome"] == "NO_MATCH"
    assert "quick effect" in report["reason"]


def test_loaddemo_reports_the_correction_pending_then_applied(db):
    out = StringIO()
    call_command("loaddemo", "--no-users", stdout=out)
    assert (
        "darkrow: the rules correction for « Kojima Genta » waits for a darkrow card of that name (none yet)"
        in out.getvalue()
    )
    assert "Phase 6.2.2" not in out.getvalue(), "no internal jargon in what loaddemo prints"
    imports.cards_import(payload=genta_file())
    out = StringIO()
    call_command("loaddemo", "--no-users", stdout=out)
    assert "applied to DR-U90, effect DR-U90.quick-deploy" in out.getvalue()


# --- stored corrections ----------------------------------------------------------------------------
def correct_bonus(card, user=None, amount=2):
    return correction_create(
        stable_id=card.stable_id,
        data={
            "effectId": "DR-U90.bonus",
            "change": [{"op": "replace", "path": "/actions/0/amount", "value": amount}],
            "why": "ruling of 12 October",
        },
        user=user,
    )


def test_a_stored_correction_applies_on_top_with_who_when_why(genta, reviewer):
    stored = correct_bonus(genta, reviewer)
    assert (stored.author_name, stored.why, stored.card_id) == ("remi", "ruling of 12 October", "DR-U90")
    effective = effective_card(card=genta)
    assert effective["effects"][1]["actions"][0]["amount"] == 2
    entry = next(p for p in effective["provenance"] if p["correction"] == f"#{stored.pk}")
    assert (entry["path"], entry["before"], entry["after"], entry["by"]) == (
        "effects[1].actions[0].amount",
        1,
        2,
        "remi",
    )
    assert entry["at"] == stored.created_at.isoformat()
    genta.refresh_from_db()
    assert genta.effects == GENTA_EFFECTS and genta.version == 1


def test_a_stored_correction_survives_a_re_import_and_reports_when_its_effect_is_gone(genta):
    correct_bonus(genta)
    imports.cards_import(payload=genta_file(text="Texte réimporté."))
    genta.refresh_from_db()
    assert effective_card(card=genta)["effects"][1]["actions"][0]["amount"] == 2
    imports.cards_import(payload=genta_file(effects=GENTA_EFFECTS[:1]))
    genta.refresh_from_db()
    reports = {r["ref"]: r for r in effective_card(card=genta)["corrections"]}
    orphaned = next(r for ref, r in reports.items() if ref.startswith("#"))
    assert orphaned["outcome"] == "ORPHANED"
    assert reports[CANONICAL]["outcome"] == "APPLIED"


@pytest.mark.parametrize(
    "data, field",
    [
        (
            {
                "effectId": "DR-U90.nope",
                "change": [{"op": "add", "path": "/limit", "value": ONCE}],
                "why": "x",
            },
            "effectId",
        ),
        (
            {"effectId": "DR-U90.bonus", "change": [{"op": "move", "path": "/limit"}], "why": "x"},
            "change[0].op",
        ),
        (
            {
                "effectId": "DR-U90.bonus",
                "change": [{"op": "replace", "path": "/limit", "value": ONCE}],
                "why": "x",
            },
            "change",
        ),
        (
            {
                "effectId": "DR-U90.bonus",
                "change": [{"op": "replace", "path": "/actions/0/stat", "value": "MANA"}],
                "why": "x",
            },
            "change",
        ),
        (
            {
                "effectId": "DR-U90.bonus",
                "change": [{"op": "replace", "path": "/effectId", "value": "y"}],
                "why": "x",
            },
            "change[0].path",
        ),
        (
            {
                "effectId": "DR-U90.bonus",
                "change": [{"op": "add", "path": "/limit", "value": ONCE}],
                "why": "  ",
            },
            "why",
        ),
        (
            {
                "effectId": "DR-U90.bonus",
                "change": [{"op": "add", "path": "/limit", "value": ONCE}],
                "why": "x",
                "who": "me",
            },
            "who",
        ),
    ],
)
def test_a_correction_that_cannot_apply_is_refused(genta, data, field):
    with pytest.raises(InvalidInput) as caught:
        correction_create(stable_id="DR-U90", data=data)
    assert field in [f.field for f in caught.value.findings]
    assert not EffectCorrection.objects.exists()


def test_a_correction_is_checked_against_the_effect_as_corrected_so_far(genta):
    # The canonical correction already added the limit: replacing it is possible, adding a second effect id is not.
    correction_create(
        stable_id="DR-U90",
        data={
            "effectId": "DR-U90.quick-deploy",
            "change": [{"op": "replace", "path": "/limit/count", "value": 2}],
            "why": "errata",
        },
    )
    assert effective_card(card=genta)["effects"][0]["limit"]["count"] == 2


def test_withdrawing_keeps_the_correction_in_the_history(genta, reviewer):
    stored = correct_bonus(genta)
    correction_withdraw(
        stable_id="DR-U90", correction_id=stored.pk, why="the ruling was reverted", user=reviewer
    )
    effective = effective_card(card=genta)
    assert effective["effects"][1]["actions"][0]["amount"] == 1
    withdrawn = next(r for r in effective["corrections"] if r["id"] == stored.pk)
    assert (withdrawn["outcome"], withdrawn["withdrawnBy"], withdrawn["reason"]) == (
        "WITHDRAWN",
        "remi",
        "the ruling was reverted",
    )
    with pytest.raises(Conflict):
        correction_withdraw(stable_id="DR-U90", correction_id=stored.pk, why="again", user=reviewer)


def test_corrections_are_append_only(genta):
    stored = correct_bonus(genta)
    stored.why = "rewritten"
    with pytest.raises(AppendOnlyError):
        stored.save()
    with pytest.raises(AppendOnlyError):
        stored.delete()


def test_reading_the_effective_card_costs_a_fixed_number_of_queries(genta, django_assert_max_num_queries):
    for amount in range(2, 7):
        correct_bonus(genta, amount=amount)
    with django_assert_max_num_queries(1):
        effective = effective_card(card=genta)
    assert effective["effects"][1]["actions"][0]["amount"] == 6


# --- API -------------------------------------------------------------------------------------------
def test_the_api_lists_and_stores_corrections(genta, api, designer):
    client = api(designer)
    assert [r["ref"] for r in client.get("/api/cards/DR-U90/corrections/").json()] == [CANONICAL]
    body = {
        "effectId": "DR-U90.bonus",
        "change": [{"op": "replace", "path": "/actions/0/amount", "value": 3}],
        "why": "errata of 3 November",
    }
    response = client.post("/api/cards/DR-U90/corrections/", body, format="json")
    assert response.status_code == 201, response.json()
    created = response.json()
    assert (created["effectId"], created["by"], created["withdrawnAt"]) == ("DR-U90.bonus", "dana", None)
    listed = client.get("/api/cards/DR-U90/corrections/").json()
    assert [(r["ref"], r["outcome"]) for r in listed] == [
        (CANONICAL, "APPLIED"),
        (f"#{created['id']}", "APPLIED"),
    ]


def test_the_api_refuses_a_bad_correction_with_the_path(genta, api, designer):
    body = {
        "effectId": "DR-U90.bonus",
        "change": [{"op": "replace", "path": "/actions/0/stat", "value": "MANA"}],
        "why": "x",
    }
    response = api(designer).post("/api/cards/DR-U90/corrections/", body, format="json")
    assert response.status_code == 400
    assert "effects[1].actions[0].stat" in response.json()["change"][0]


def test_the_effective_card_route(genta, api, reviewer):
    correct_bonus(genta)
    body = api(reviewer).get("/api/cards/DR-U90/effective/").json()
    assert body["effects"][0]["limit"] == ONCE
    assert body["effects"][1]["actions"][0]["amount"] == 2
    assert body["importedEffects"] == GENTA_EFFECTS
    assert {p["path"] for p in body["provenance"]} == {"effects[0].limit", "effects[1].actions[0].amount"}
    assert {"code", "severity", "message"} <= set(body["findings"][0])


def test_the_withdraw_route(genta, api, reviewer):
    stored = correct_bonus(genta)
    client = api(reviewer)
    assert (
        client.post(f"/api/cards/DR-U90/corrections/{stored.pk}/withdraw/", {}, format="json").status_code
        == 400
    )
    response = client.post(
        f"/api/cards/DR-U90/corrections/{stored.pk}/withdraw/", {"why": "reverted"}, format="json"
    )
    assert response.status_code == 200 and response.json()["withdrawnBy"] == "remi"
    assert (
        client.post(
            f"/api/cards/DR-U90/corrections/{stored.pk}/withdraw/", {"why": "again"}, format="json"
        ).status_code
        == 409
    )
    assert (
        client.post("/api/cards/DR-U90/corrections/999/withdraw/", {"why": "x"}, format="json").status_code
        == 404
    )


def test_who_may_read_and_write_corrections(genta, api, playtester, reviewer, make_card):
    body = {
        "effectId": "DR-U90.bonus",
        "change": [{"op": "replace", "path": "/actions/0/amount", "value": 3}],
        "why": "x",
    }
    assert api().get("/api/cards/DR-U90/corrections/").status_code == 401
    # Playtesters see VALIDATED cards only, and never write corrections.
    assert api(playtester).get("/api/cards/DR-U90/effective/").status_code == 404
    validated = make_card("darkrow", name="Validated", status="DRAFT")
    services.card_set_status(stable_id=validated.stable_id, status="VALIDATED", user=reviewer)
    assert api(playtester).get(f"/api/cards/{validated.stable_id}/effective/").status_code == 200
    assert (
        api(playtester)
        .post(f"/api/cards/{validated.stable_id}/corrections/", body, format="json")
        .status_code
        == 403
    )
    assert api(reviewer).get("/api/cards/DR-NONE/corrections/").status_code == 404
    assert api(reviewer).post("/api/cards/DR-U90/effective/", {}, format="json").status_code == 405


# --- admin -----------------------------------------------------------------------------------------
def test_the_admin_stores_a_correction_through_the_service(genta, admin_client, admin_user):
    data = {
        "card": "DR-U90",
        "effect_id": "DR-U90.bonus",
        "change": '[{"op": "replace", "path": "/actions/0/amount", "value": 4}]',
        "why": "from the admin",
    }
    response = admin_client.post("/admin/corrections/effectcorrection/add/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    stored = EffectCorrection.objects.get()
    assert stored.author_name == admin_user.username
    bad = {**data, "change": '[{"op": "replace", "path": "/nothing", "value": 4}]'}
    response = admin_client.post("/admin/corrections/effectcorrection/add/", bad)
    assert response.status_code == 200
    assert "change" in response.context["adminform"].form.errors
    assert EffectCorrection.objects.count() == 1
    assert copy.deepcopy(genta.effects) == GENTA_EFFECTS
