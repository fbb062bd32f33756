"""A card with invalid effects cannot be saved: API, import and admin refuse it, naming the path."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from cards import imports
from cards.effect_ids import EffectIdIndex
from cards.models import Card
from common.errors import InvalidInput

ONCE = {
    "per": "turn",
    "count": 1,
    "scope": "player",
    "key": ["player", "turn", "effectId"],
    "sharedByCopies": True,
}
DEPLOY = {
    "effectId": "DR-T01.arrival",
    "kind": "quick",
    "timing": "ON_ENTER_FIELD",
    "limit": ONCE,
    "actions": [{"do": "DEPLOY", "from": ["HAND"], "free": True}],
}
BAD_STAT = {
    **DEPLOY,
    "actions": [{"do": "MODIFY_STAT", "stat": "MANA", "amount": 2, "duration": "UNTIL_END_OF_TURN"}],
}
UNIT = {"name": "Test Unit", "type": "UNIT", "cost": 2, "atk": 2, "pv": 2}


def darkrow_file(*cards):
    return {
        "game": "darkrow",
        "cards": [{"type": "UNIT", "cost": 1, "atk": 1, "pv": 1, **card} for card in cards],
    }


# --- API -----------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_api_refuses_a_card_with_invalid_effects_naming_the_path(api, designer):
    response = api(designer).post(
        "/api/cards/", {"game": "darkrow", **UNIT, "effects": [BAD_STAT]}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["effects[0].actions[0].stat"] == [
        'effects[0].actions[0].stat: "MANA" is not allowed; use one of "ATK", "PV"'
    ]
    assert (
        body["errors"][0]["code"] == "EFFECT_SCHEMA"
        and body["errors"][0]["field"] == "effects[0].actions[0].stat"
    )
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_the_api_refuses_unknown_effect_keys(api, designer):
    response = api(designer).post(
        "/api/cards/", {"game": "darkrow", **UNIT, "effects": [{**DEPLOY, "speed": "fast"}]}, format="json"
    )
    assert response.status_code == 400
    assert 'unknown key "speed"' in response.json()["effects[0].speed"][0]


@pytest.mark.django_db
def test_the_api_stores_valid_effects(api, designer):
    response = api(designer).post(
        "/api/cards/", {"game": "darkrow", **UNIT, "effects": [DEPLOY]}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["effects"] == [DEPLOY]


@pytest.mark.django_db
def test_an_edit_with_invalid_effects_changes_nothing(api, designer, make_card):
    card = make_card("darkrow", effects=[DEPLOY])
    response = api(designer).patch(
        f"/api/cards/{card.stable_id}/", {"effects": [{**DEPLOY, "kind": "fast"}]}, format="json"
    )
    assert response.status_code == 400
    assert "effects[0].kind" in response.json()
    card.refresh_from_db()
    assert card.effects == [DEPLOY] and card.version == 1


@pytest.mark.django_db
def test_an_effect_id_is_unique_in_the_game(api, designer, make_card):
    first = make_card("darkrow", name="First", effects=[DEPLOY])
    response = api(designer).post(
        "/api/cards/", {"game": "darkrow", **UNIT, "effects": [DEPLOY]}, format="json"
    )
    assert response.status_code == 400
    [message] = response.json()["effects[0].effectId"]
    assert f"the effectId DR-T01.arrival is already used by {first.stable_id}" in message
    assert response.json()["errors"][0]["code"] == "EFFECT_ID_TAKEN"
    # Another game may use the same id; the card itself may keep it.
    assert (
        api(designer)
        .post(
            "/api/cards/",
            {
                "game": "duel",
                "name": "Spell",
                "type": "SPELL",
                "effects": [
                    {
                        **DEPLOY,
                        "kind": "triggered",
                        "timing": "ON_PLAY",
                        "limit": {**ONCE},
                        "actions": [{"do": "DRAW", "count": 1}],
                    }
                ],
            },
            format="json",
        )
        .status_code
        == 201
    )
    assert (
        api(designer)
        .patch(f"/api/cards/{first.stable_id}/", {"text": "new text", "effects": [DEPLOY]}, format="json")
        .status_code
        == 200
    )


@pytest.mark.django_db
def test_an_edit_may_not_rename_an_effect(api, designer, make_card):
    card = make_card("darkrow", effects=[DEPLOY])
    response = api(designer).patch(
        f"/api/cards/{card.stable_id}/",
        {"effects": [{**DEPLOY, "effectId": "DR-T01.renamed"}]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "EFFECT_ID_CHANGED"
    assert "effect ids never change: keep DR-T01.arrival" in response.json()["effects[0].effectId"][0]
    # Editing the effect under its id is an ordinary edit.
    edited = {**DEPLOY, "implemented": True}
    assert (
        api(designer).patch(f"/api/cards/{card.stable_id}/", {"effects": [edited]}, format="json").status_code
        == 200
    )


@pytest.mark.django_db
def test_the_effect_schema_route(api, playtester):
    response = api(playtester).get("/api/games/darkrow/effect-schema/")
    assert response.status_code == 200
    schema = response.json()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "ON_DEPLOY" in schema["$defs"]["effect"]["properties"]["timing"]["enum"]
    assert api(playtester).get("/api/games/nope/effect-schema/").status_code == 404
    assert api().get("/api/games/darkrow/effect-schema/").status_code == 401


@pytest.mark.django_db
def test_card_findings_include_the_text_and_structure_checks(api, designer, make_card):
    unlimited = {key: value for key, value in DEPLOY.items() if key != "limit"}
    card = make_card("darkrow", text="Rapide une fois par tour : déployer une unité.", effects=[unlimited])
    findings = api(designer).get(f"/api/cards/{card.stable_id}/").json()["findings"]
    assert [(f["code"], f["severity"], f["field"]) for f in findings] == [
        ("EFFECT_LIMIT_MISSING", "warning", "effects[0].limit")
    ]


# --- import ---------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_an_import_refuses_invalid_effects_naming_the_card_and_the_path():
    payload = darkrow_file(
        {"stableCardId": "DR-T01", "name": "Good", "effects": [DEPLOY]},
        {"stableCardId": "DR-T02", "name": "Bad", "effects": [{**BAD_STAT, "effectId": "DR-T02.x"}]},
    )
    with pytest.raises(InvalidInput) as caught:
        imports.cards_import(payload=payload)
    [finding] = caught.value.findings
    assert finding.field == "effects[0].actions[0].stat"
    assert finding.message.startswith("card 1 (DR-T02): effects[0].actions[0].stat: ")
    assert not Card.objects.exists(), "all or nothing"


@pytest.mark.django_db
def test_the_import_command_exits_2_naming_the_card_and_the_path(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            darkrow_file({"stableCardId": "DR-T02", "name": "Bad", "effects": [{**DEPLOY, "bogus": 1}]})
        ),
        encoding="utf-8",
    )
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(path))
    assert caught.value.returncode == 2
    assert 'error: card 0 (DR-T02): effects[0].bogus: unknown key "bogus"' in capsys.readouterr().err
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_an_import_refuses_an_effect_id_used_by_two_cards():
    payload = darkrow_file(
        {"stableCardId": "DR-T01", "name": "One", "effects": [DEPLOY]},
        {"stableCardId": "DR-T02", "name": "Two", "effects": [DEPLOY]},
    )
    with pytest.raises(InvalidInput) as caught:
        imports.cards_import(payload=payload)
    [finding] = caught.value.findings
    assert finding.code == "EFFECT_ID_TAKEN" and finding.card == "DR-T02"
    assert "the effectId DR-T01.arrival is already used by DR-T01" in finding.message
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_a_re_import_may_not_rename_an_effect_but_may_edit_it():
    imports.cards_import(payload=darkrow_file({"stableCardId": "DR-T01", "name": "One", "effects": [DEPLOY]}))
    with pytest.raises(InvalidInput) as caught:
        imports.cards_import(
            payload=darkrow_file(
                {"stableCardId": "DR-T01", "name": "One", "effects": [{**DEPLOY, "effectId": "DR-T01.new"}]}
            )
        )
    assert caught.value.findings[0].code == "EFFECT_ID_CHANGED"
    edited = copy.deepcopy(DEPLOY)
    edited["actions"][0]["free"] = False
    report = imports.cards_import(
        payload=darkrow_file({"stableCardId": "DR-T01", "name": "One", "effects": [edited]})
    )
    assert report.updated == ["DR-T01"]


@pytest.mark.django_db
def test_the_demo_chess_cards_import_with_their_effects_and_twice_changes_nothing():
    from cards.demo import card_set

    imports.cards_import(payload=card_set("chesscards"))
    assert Card.objects.get(stable_id="CC-036").effects[0]["visibility"] == "SECRET"
    report = imports.cards_import(payload=card_set("chesscards"))
    assert len(report.unchanged) == 41


@pytest.mark.django_db
def test_checking_the_effect_ids_of_an_import_costs_one_query(django_assert_num_queries):
    from cards.demo import card_set

    imports.cards_import(payload=card_set("chesscards"))
    cards = card_set("chesscards")["cards"]
    with django_assert_num_queries(1):
        index = EffectIdIndex.load("chesscards")
        for card in cards:
            assert (
                index.problems(
                    stable_id=card["stableCardId"],
                    name=card["name"],
                    before=card["effects"],
                    after=card["effects"],
                )
                == []
            )
            index.record(card["stableCardId"], card["effects"], card["effects"])


# --- admin ----------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_admin_puts_effect_errors_on_the_effects_field(admin_client):
    response = admin_client.post(
        "/admin/cards/card/add/",
        {
            "game": "darkrow",
            "name": "Admin Unit",
            "type": "UNIT",
            "set_code": "",
            "text": "",
            "archetypes": "[]",
            "game_fields": json.dumps({"cost": 1, "atk": 1, "pv": 1}),
            "effects": json.dumps([BAD_STAT]),
            "origin": "USER",
            "creation_method": "MANUAL",
        },
    )
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert any("effects[0].actions[0].stat" in message for message in form.errors["effects"])
    assert not Card.objects.exists()
