"""The audit's structural scans of effects: stat changes without duration, unknown vocabulary."""

from __future__ import annotations

import pytest

from rules import CardData
from rules.effect_scan import stat_changes_without_duration, unknown_vocabulary


def card(*effects, game="darkrow") -> CardData:
    return CardData(game=game, name="X", type="UNIT", stable_id="X-1", effects=effects)


@pytest.mark.parametrize(
    "effect",
    [
        {"atk": 2},
        {"pv": "+2"},
        {"might": -1},
        {"power": 5000},
        {"stat": "ATK", "amount": 2},
        {"stat": "pv", "value": "-1"},
        {"stats": ["ATK", "PV"], "delta": 1},
        {"actions": [{"then": {"atk": 1}}]},
    ],
)
def test_stat_changes_without_duration_are_found(effect):
    findings = stat_changes_without_duration(card(effect))
    assert [f.code for f in findings] == ["EFFECT_STAT_WITHOUT_DURATION"]
    assert findings[0].field == "effects" and not findings[0].is_error


@pytest.mark.parametrize(
    "effect",
    [
        {"atk": 2, "duration": "END_OF_TURN"},
        {"duration": "THIS_PRESENCE", "actions": [{"atk": 2}, {"pv": 2}]},
        {"condition": {"atk": 5}},  # describes, does not change
        {"target": {"pv": 1}, "damage": 2},
        {"cost": {"pv": 2}},
        {"stat": "ATK"},  # no amount
        {"stat": "cost", "amount": -1},  # not a statistic
        {"atk": {"lt": 5}},
        {"atk": True},
        {"text": "+2 ATK"},
    ],
)
def test_dated_or_descriptive_stats_are_not(effect):
    assert stat_changes_without_duration(card(effect)) == []


def test_an_empty_duration_is_no_duration():
    assert len(stat_changes_without_duration(card({"atk": 2, "duration": ""}))) == 1


def test_each_undated_change_is_reported_with_its_effect_and_path():
    findings = stat_changes_without_duration(card({"effectId": "E7", "actions": [{"atk": 2}, {"pv": 2}]}, {"might": 1}))
    messages = [f.message for f in findings]
    assert len(findings) == 3
    assert "effect E7" in messages[0] and "effects[0].actions[0]" in messages[0]
    assert "effects[0].actions[1]" in messages[1]
    assert "effect #2" in messages[2]


def test_unknown_vocabulary():
    effect = {"effectId": "E1", "timing": "ON_SUNRISE", "action": "TELEPORT", "keywords": ["SHIELD 2", "FLY"]}
    findings = unknown_vocabulary(card(effect), timings=("ON_DEPLOY",), actions=("DRAW",), keywords=("SHIELD",))
    assert sorted(f.code for f in findings) == ["EFFECT_UNKNOWN_ACTION", "EFFECT_UNKNOWN_KEYWORD", "EFFECT_UNKNOWN_TIMING"]
    assert any("'FLY'" in f.message for f in findings)


def test_known_vocabulary_and_undeclared_vocabularies_pass():
    effect = {"timing": "ON_DEPLOY", "action": "DRAW", "keyword": "shield 3", "then": [{"timing": "ON_DEPLOY"}]}
    assert unknown_vocabulary(card(effect), timings=("ON_DEPLOY",), actions=("DRAW",), keywords=("SHIELD",)) == []
    # Nothing declared: nothing checked.
    assert unknown_vocabulary(card({"timing": "WHENEVER", "action": "ANY"})) == []


def test_nested_vocabulary_is_checked():
    effect = {"actions": [{"then": {"timing": "LATER"}}]}
    findings = unknown_vocabulary(card(effect), timings=("ON_DEPLOY",))
    assert [f.code for f in findings] == ["EFFECT_UNKNOWN_TIMING"]
    assert "effects[0].actions[0].then.timing" in findings[0].message
