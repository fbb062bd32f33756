"""Declarative corrections applied on top of imported effects (pure core)."""

from __future__ import annotations

import copy

import pytest

from rules import registry
from rules.corrections import (
    ChangeConflict,
    Correction,
    EffectSelector,
    Outcome,
    apply_change,
    apply_corrections,
    canonical_for,
    change_problems,
)

ONCE = {
    "per": "turn",
    "count": 1,
    "scope": "player",
    "key": ["player", "turn", "effectId"],
    "sharedByCopies": True,
}
GENTA_DEPLOY = {
    "effectId": "DR-U90.quick-deploy",
    "kind": "quick",
    "timing": "ON_ENTER_FIELD",
    "actions": [{"do": "DEPLOY", "from": ["HAND"], "free": True}],
}
BONUS = {
    "effectId": "DR-U90.bonus",
    "kind": "passive",
    "timing": "CONTINUOUS",
    "actions": [
        {"do": "MODIFY_STAT", "stat": "ATK", "amount": 1, "target": "SELF", "duration": "WHILE_ACTIVE"}
    ],
}
DARKROW = registry.get("darkrow")


def stored(effect_id, change, ref="#1"):
    return Correction(
        ref=ref,
        change=tuple(change),
        why="a ruling",
        author="remi",
        at="2026-10-01T00:00:00+00:00",
        effect_id=effect_id,
    )


# --- the change ----------------------------------------------------------------------------------
def test_add_replace_remove():
    effect = copy.deepcopy(BONUS)
    result, changes = apply_change(
        effect,
        [
            {"op": "add", "path": "/limit", "value": ONCE},
            {"op": "replace", "path": "/actions/0/amount", "value": 2},
            {"op": "remove", "path": "/actions/0/target"},
            {"op": "add", "path": "/actions/-", "value": {"do": "DRAW", "count": 1}},
        ],
    )
    assert result["limit"] == ONCE
    assert result["actions"][0] == {
        "do": "MODIFY_STAT",
        "stat": "ATK",
        "amount": 2,
        "duration": "WHILE_ACTIVE",
    }
    assert result["actions"][1] == {"do": "DRAW", "count": 1}
    assert [(c["op"], c["pointer"], c["before"], c["after"]) for c in changes] == [
        ("add", "/limit", None, ONCE),
        ("replace", "/actions/0/amount", 1, 2),
        ("remove", "/actions/0/target", "SELF", None),
        ("add", "/actions/1", None, {"do": "DRAW", "count": 1}),
    ]
    assert effect == BONUS, "the imported effect is never changed"


@pytest.mark.parametrize(
    "change, words",
    [
        ([{"op": "replace", "path": "/limit", "value": ONCE}], "no 'limit' to replace"),
        ([{"op": "remove", "path": "/actions/3"}], "past the end"),
        ([{"op": "add", "path": "/costs/0/pay", "value": "X"}], "no 'costs'"),
        ([{"op": "add", "path": "/kind/x", "value": 1}], "neither an object nor a list"),
    ],
)
def test_a_change_that_does_not_fit_the_effect_is_a_conflict(change, words):
    with pytest.raises(ChangeConflict, match=words):
        apply_change(BONUS, change)


@pytest.mark.parametrize(
    "change, where",
    [
        ([], "change"),
        ({"op": "add"}, "change"),
        (["x"], "change[0]"),
        ([{"op": "move", "path": "/limit", "from": "/x"}], "change[0].from"),
        ([{"op": "copy", "path": "/limit", "value": 1}], "change[0].op"),
        ([{"op": "add", "path": "limit", "value": 1}], "change[0].path"),
        ([{"op": "replace", "path": "/effectId", "value": "new"}], "change[0].path"),
        ([{"op": "add", "path": "/limit"}], "change[0].value"),
        ([{"op": "remove", "path": "/limit", "value": 1}], "change[0].value"),
    ],
)
def test_malformed_changes_are_refused_with_their_path(change, where):
    assert where in [path for path, _ in change_problems(change)]


def test_a_well_formed_change_has_no_problem():
    assert change_problems([{"op": "add", "path": "/limit", "value": ONCE}]) == []


# --- a card's corrections ---------------------------------------------------------------------------
def test_corrections_apply_in_order_with_their_provenance():
    imported = [copy.deepcopy(GENTA_DEPLOY), copy.deepcopy(BONUS)]
    effective = apply_corrections(
        imported,
        [
            stored("DR-U90.bonus", [{"op": "replace", "path": "/actions/0/amount", "value": 2}], "#1"),
            stored("DR-U90.bonus", [{"op": "replace", "path": "/actions/0/amount", "value": 3}], "#2"),
        ],
        check=DARKROW.effect_errors,
    )
    assert effective.effects[1]["actions"][0]["amount"] == 3
    assert effective.effects[0] == GENTA_DEPLOY
    assert [(p["path"], p["before"], p["after"], p["correction"]) for p in effective.provenance] == [
        ("effects[1].actions[0].amount", 1, 2, "#1"),
        ("effects[1].actions[0].amount", 2, 3, "#2"),
    ]
    assert effective.provenance[0]["why"] == "a ruling" and effective.provenance[0]["by"] == "remi"
    assert [r.outcome for r in effective.reports] == [Outcome.APPLIED, Outcome.APPLIED]
    assert imported == [GENTA_DEPLOY, BONUS]


def test_a_correction_never_half_applies():
    effective = apply_corrections(
        [copy.deepcopy(BONUS)],
        [
            stored(
                "DR-U90.bonus",
                [{"op": "add", "path": "/limit", "value": ONCE}, {"op": "remove", "path": "/duration"}],
            )
        ],
        check=DARKROW.effect_errors,
    )
    assert effective.effects == [BONUS]
    assert effective.provenance == []
    [report] = effective.reports
    assert report.outcome == Outcome.CONFLICT and "no 'duration' to remove" in report.reason


def test_a_correction_that_breaks_the_schema_is_left_out():
    effective = apply_corrections(
        [copy.deepcopy(BONUS)],
        [stored("DR-U90.bonus", [{"op": "replace", "path": "/actions/0/stat", "value": "MANA"}])],
        check=DARKROW.effect_errors,
    )
    assert effective.effects == [BONUS]
    [report] = effective.reports
    assert report.outcome == Outcome.INVALID
    assert "effects[0].actions[0].stat" in report.reason


def test_a_correction_of_an_effect_the_card_no_longer_has_is_orphaned():
    [report] = apply_corrections(
        [BONUS], [stored("DR-U90.gone", [{"op": "add", "path": "/limit", "value": ONCE}])]
    ).reports
    assert report.outcome == Outcome.ORPHANED


# --- canonical corrections: seed 000, Kojima Genta ---------------------------------------------------
def test_darkrow_states_the_kojima_genta_correction():
    [canonical] = DARKROW.canonical_corrections
    assert canonical.card_name == "Kojima Genta"
    assert canonical.change[0]["value"] == ONCE
    assert "une utilisation par joueur et par tour" in canonical.why
    assert "6.2.2" in canonical.source


def test_the_kojima_genta_correction_applies_to_his_quick_deploy_effect():
    corrections = canonical_for("Kojima Genta", DARKROW.canonical_corrections)
    effective = apply_corrections(
        [copy.deepcopy(BONUS), copy.deepcopy(GENTA_DEPLOY)], corrections, check=DARKROW.effect_errors
    )
    assert effective.effects[1]["limit"] == ONCE
    assert "limit" not in effective.effects[0]
    [entry] = effective.provenance
    assert (
        entry["path"] == "effects[1].limit"
        and entry["canonical"] is True
        and entry["correction"] == "canonical:darkrow-kojima-genta-quick-deploy-limit"
    )
    assert effective.reports[0].effect_id == "DR-U90.quick-deploy"


def test_the_kojima_genta_correction_names_only_kojima_genta():
    assert canonical_for("kojima genta", DARKROW.canonical_corrections)
    assert canonical_for("Kojima", DARKROW.canonical_corrections) == []
    assert canonical_for("Toyama Kazuha", DARKROW.canonical_corrections) == []


@pytest.mark.parametrize(
    "effects, outcome",
    [
        ([], Outcome.NO_MATCH),
        ([BONUS], Outcome.NO_MATCH),
        ([{**GENTA_DEPLOY, "kind": "activated", "timing": "ACTIVATED"}], Outcome.NO_MATCH),
        ([GENTA_DEPLOY, {**GENTA_DEPLOY, "effectId": "DR-U90.second"}], Outcome.AMBIGUOUS),
    ],
)
def test_the_canonical_correction_says_why_it_does_not_apply(effects, outcome):
    [report] = apply_corrections(
        effects, canonical_for("Kojima Genta", DARKROW.canonical_corrections)
    ).reports
    assert report.outcome == outcome
    assert report.reason


def test_a_selector_matches_the_timing_or_the_action():
    selector = EffectSelector(kind="quick", timings=("ON_DEPLOY",), actions=("DEPLOY",))
    assert selector.matches({"kind": "quick", "timing": "ON_DEPLOY", "actions": [{"do": "DRAW"}]})
    assert selector.matches({"kind": "quick", "timing": "ON_ATTACK", "actions": [{"do": "DEPLOY"}]})
    assert not selector.matches({"kind": "quick", "timing": "ON_ATTACK", "actions": [{"do": "DRAW"}]})
    assert not selector.matches({"kind": "passive", "timing": "ON_DEPLOY", "actions": []})
    assert EffectSelector().matches({})
