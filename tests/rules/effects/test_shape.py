"""The effect schema of every game: closed objects, errors that name their JSON path."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from rules import registry
from rules.codes import CODES, EFFECT, REVIEW_LISTS, list_for
from rules.effects.shape import effect_id_changes, json_path
from rules.findings import Finding, Severity

ONCE_PER_TURN = {
    "per": "turn",
    "count": 1,
    "scope": "player",
    "key": ["player", "turn", "effectId"],
    "sharedByCopies": True,
}

# One valid effect per game, from each seed's vocabulary.
VALID = {
    "darkrow": {
        "effectId": "DR-U02.arrival",
        "kind": "quick",
        "timing": "ON_ENTER_FIELD",
        "limit": ONCE_PER_TURN,
        "targets": [
            {
                "id": "unit",
                "what": "CARD",
                "zone": "HAND",
                "filter": {"cardTypes": ["UNIT"], "cites": ["Hattori Heiji", "Mouri Ran"]},
            }
        ],
        "actions": [{"do": "DEPLOY", "from": ["HAND"], "free": True, "target": "unit"}],
        "implemented": False,
    },
    "vanguard": {
        "effectId": "VG-TD01-005.cb",
        "kind": "activated",
        "timing": "MAIN_PHASE",
        "costs": [{"pay": "COUNTER_BLAST", "count": 1}, {"pay": "RETIRE_SELF"}],
        "conditions": [{"check": "SOURCE_ON", "circle": "RC"}],
        "targets": [
            {"id": "unit", "what": "UNIT", "side": "OPPONENT", "circles": ["RC"], "filter": {"grades": ["2"]}}
        ],
        "actions": [{"do": "RETIRE", "target": "unit"}],
        "limit": {
            "per": "turn",
            "scope": "player",
            "key": ["player", "turn", "effectId", "cardInstance"],
            "sharedByCopies": False,
        },
    },
    "riftbound": {
        "effectId": "RB-EX-012.ward",
        "kind": "triggered",
        "timing": "ON_PLAY",
        "targets": [{"id": "ally", "what": "UNIT", "side": "ALLY"}],
        "actions": [
            {
                "do": "GRANT_KEYWORD",
                "keyword": "SHIELD",
                "value": 1,
                "target": "ally",
                "duration": "UNTIL_END_OF_TURN",
            }
        ],
    },
    "duel": {
        "effectId": "DU-EX-010.trap",
        "kind": "triggered",
        "timing": "ON_CONDITION",
        "conditions": [{"check": "OPPONENT_ATTACKS"}],
        "actions": [{"do": "NEGATE_ATTACK"}],
    },
    "chesscards": {
        "effectId": "CC-035.gel",
        "kind": "activated",
        "timing": "ON_PLAY",
        "targets": [{"id": "piece", "what": "PIECE", "side": "OPPONENT", "excludeKing": True}],
        "actions": [{"do": "FREEZE", "target": "piece"}],
        "duration": "UNTIL_END_OF_NEXT_OPPONENT_TURN",
        "visibility": "PUBLIC",
        "followUpMove": {"piece": "ANY_ALLY", "kingAllowed": True, "capture": "ALLOWED"},
        "breachRemovable": True,
    },
}


def errors(game: str, effects) -> dict[str, str]:
    """{path: message} of every shape error."""
    return {f.field: f.message for f in registry.get(game).effect_errors(effects, card_ref="X")}


# The games with an example effect above: the examples are per game, the checks hold for each.
GAMES = sorted(VALID)


def broken(game: str, edit) -> list[dict]:
    """The edited example (after the valid one, for most games: paths then index 1)."""
    effect = copy.deepcopy(VALID[game])
    if game != "darkrow":
        effect["effectId"] += ".b"
    edit(effect)
    return [VALID[game], effect] if game != "darkrow" else [effect]


@pytest.mark.parametrize("ruleset", list(registry), ids=lambda rs: rs.key)
def test_every_schema_is_a_valid_draft_2020_12_schema(ruleset):
    schema = ruleset.effect_schema
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    if ruleset.effect_vocabulary is None:
        assert schema["maxItems"] == 0
    else:
        assert schema["$defs"]["effect"]["additionalProperties"] is False


def test_every_example_is_of_a_registered_game_with_an_effect_vocabulary():
    assert [rs.key for rs in registry if rs.effect_vocabulary is not None and rs.key in VALID] == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_valid_example_passes(game):
    assert errors(game, [VALID[game]]) == {}
    assert errors(game, []) == {}


@pytest.mark.parametrize("game", GAMES)
def test_unknown_keys_are_refused_at_every_level_with_their_path(game):
    def edit(effect):
        effect["bogus"] = 1
        effect["actions"][0]["power2"] = 3
        if effect.get("targets"):
            effect["targets"][0]["colour"] = "red"
            effect["targets"][0]["filter"] = {"shinyness": 1}
        if effect.get("limit"):
            effect["limit"]["resetsAt"] = "dawn"

    effects = broken(game, edit)
    index = len(effects) - 1
    found = errors(game, effects)
    expected = {json_path([index, "bogus"]), json_path([index, "actions", 0, "power2"])}
    if VALID[game].get("targets"):
        expected |= {
            json_path([index, "targets", 0, "colour"]),
            json_path([index, "targets", 0, "filter", "shinyness"]),
        }
    if VALID[game].get("limit"):
        expected.add(json_path([index, "limit", "resetsAt"]))
    assert expected <= set(found), found
    assert 'unknown key "bogus"' in found[json_path([index, "bogus"])]


@pytest.mark.parametrize("game", GAMES)
def test_unknown_values_are_refused_with_their_path(game):
    def edit(effect):
        effect["kind"] = "instantaneous"
        effect["timing"] = "WHENEVER"
        effect["actions"].append({"do": "SUMMON_DRAGONS"})

    effects = broken(game, edit)
    index = len(effects) - 1
    found = errors(game, effects)
    assert set(found) == {
        f"effects[{index}].kind",
        f"effects[{index}].timing",
        f"effects[{index}].actions[{len(effects[index]['actions']) - 1}].do",
    }
    assert '"instantaneous" is not allowed; use one of' in found[f"effects[{index}].kind"]


@pytest.mark.parametrize("game", GAMES)
def test_required_keys_and_wrong_types_name_their_path(game):
    def edit(effect):
        del effect["effectId"]
        effect["actions"] = []
        effect["implemented"] = "yes"

    effects = broken(game, edit)
    index = len(effects) - 1
    found = errors(game, effects)
    assert found[f"effects[{index}].effectId"].endswith("required")
    assert "at least 1" in found[f"effects[{index}].actions"]
    assert "must be of the JSON type boolean" in found[f"effects[{index}].implemented"]


@pytest.mark.parametrize(
    "game, edit, path, words",
    [
        (
            "darkrow",
            lambda e: e["actions"].append({"do": "MODIFY_STAT", "stat": "MANA", "amount": 2}),
            "effects[0].actions[1].stat",
            '"MANA" is not allowed',
        ),
        (
            "darkrow",
            lambda e: e["limit"].update(sharedByCopies=False),
            "effects[0].limit.sharedByCopies",
            "must be true",
        ),
        (
            "darkrow",
            lambda e: e["limit"].update(key=["player", "effectId"]),
            "effects[0].limit.key",
            'must be ["player", "turn", "effectId"]',
        ),
        (
            "vanguard",
            lambda e: e["costs"].append({"pay": "COUNTER_BLAST", "count": 0}),
            "effects[1].costs[2].count",
            "minimum",
        ),
        (
            "vanguard",
            lambda e: e["limit"].update(key=["player", "turn", "effectId"]),
            "effects[1].limit.key",
            "cardInstance",
        ),
        (
            "riftbound",
            lambda e: e["actions"][0].update(keyword="FLYING"),
            "effects[1].actions[0].keyword",
            '"FLYING" is not allowed',
        ),
        (
            "duel",
            lambda e: e["conditions"].append({"check": "FULL_MOON"}),
            "effects[1].conditions[1].check",
            '"FULL_MOON" is not allowed',
        ),
        (
            "chesscards",
            lambda e: e.update(visibility="HIDDEN"),
            "effects[1].visibility",
            '"HIDDEN" is not allowed',
        ),
        (
            "chesscards",
            lambda e: e["followUpMove"].update(capture="SOMETIMES"),
            "effects[1].followUpMove.capture",
            '"SOMETIMES"',
        ),
        ("chesscards", lambda e: e.pop("breachRemovable"), "effects[1].breachRemovable", "required"),
        ("chesscards", lambda e: e.update(limit=ONCE_PER_TURN), "effects[1].limit", 'unknown key "limit"'),
    ],
)
def test_game_specific_errors_name_their_path(game, edit, path, words):
    found = errors(game, broken(game, edit))
    assert path in found, found
    assert words in found[path]
    assert found[path].startswith(f"{path}: ")


def test_a_chess_card_may_say_it_has_no_follow_up_move():
    effect = copy.deepcopy(VALID["chesscards"])
    effect["followUpMove"] = None
    assert errors("chesscards", [effect]) == {}


def test_effect_ids_are_unique_in_the_card():
    first = copy.deepcopy(VALID["duel"])
    second = copy.deepcopy(VALID["duel"])
    found = registry.get("duel").effect_errors([first, second], card_ref="DU-1")
    assert [(f.code, f.field) for f in found] == [("EFFECT_ID_DUPLICATE", "effects[1].effectId")]
    assert found[0].card == "DU-1"


def test_an_effect_id_has_a_safe_shape():
    effect = copy.deepcopy(VALID["duel"])
    effect["effectId"] = "has spaces"
    assert "is not valid" in errors("duel", [effect])["effects[0].effectId"]


def test_references_must_name_a_target_of_the_effect_or_a_fixed_reference():
    effect = copy.deepcopy(VALID["darkrow"])
    effect["actions"] = [
        {"do": "DEPLOY", "from": ["HAND"], "target": "unit"},
        {"do": "DEAL_DAMAGE", "amount": 1, "target": "OPPONENT_LEADER"},
        {"do": "DEAL_DAMAGE", "amount": 1, "target": "victim"},
        {"do": "DEAL_DAMAGE", "amount": 1, "target": "NOBODY"},
    ]
    found = errors("darkrow", [effect])
    assert set(found) == {"effects[0].actions[2].target", "effects[0].actions[3].target"}
    assert '"victim" names no target of this effect' in found["effects[0].actions[2].target"]


def test_target_ids_are_unique_in_the_effect():
    effect = copy.deepcopy(VALID["chesscards"])
    effect["targets"].append({"id": "piece", "what": "SQUARE"})
    assert "already the id of targets[0]" in errors("chesscards", [effect])["effects[0].targets[1].id"]


def test_a_discriminator_of_the_wrong_kind_is_an_error_not_a_crash():
    effect = copy.deepcopy(VALID["darkrow"])
    effect["actions"] = [{"do": ["DRAW"]}, {"do": {"x": 1}}, {"do": None}]
    effect["costs"] = [{"pay": 3}]
    found = errors("darkrow", [effect])
    assert {
        "effects[0].actions[0].do",
        "effects[0].actions[1].do",
        "effects[0].actions[2].do",
        "effects[0].costs[0].pay",
    } <= set(found)


def test_effects_must_be_a_list_of_objects():
    assert errors("duel", {"effectId": "x"}) == {"effects": "effects: must be of the JSON type array"}
    assert errors("duel", ["x"]) == {"effects[0]": "effects[0]: must be of the JSON type object"}


@pytest.mark.parametrize("game", GAMES)
def test_the_fast_validator_reports_what_the_exported_schema_says(game):
    """The exported schema dispatches variants with if/then; the studio's validator dispatches first."""

    def edit(effect):
        effect["actions"].append({"do": effect["actions"][0]["do"], "nonsense": True})
        effect["actions"].append({"do": "NEW_MECHANIC"})

    effects = broken(game, edit)
    exported = Draft202012Validator(registry.get(game).effect_schema)
    expected = set()
    for err in exported.iter_errors(effects):
        if err.validator == "additionalProperties":
            expected |= {
                json_path([*err.absolute_path, key])
                for key in set(err.instance) - set(err.schema["properties"])
            }
        elif err.validator == "required":
            expected |= {
                json_path([*err.absolute_path, key]) for key in err.validator_value if key not in err.instance
            }
        else:
            expected.add(json_path(err.absolute_path))
    assert expected
    assert set(errors(game, effects)) == expected


def test_an_edit_may_not_rename_an_effect():
    before = [VALID["darkrow"]]
    renamed = [{**VALID["darkrow"], "effectId": "DR-U02.renamed"}]
    found = effect_id_changes(before, renamed, card_ref="DR-U02")
    assert [(f.code, f.field, f.is_error) for f in found] == [
        ("EFFECT_ID_CHANGED", "effects[0].effectId", True)
    ]
    assert found[0].message.endswith("effect ids never change: keep DR-U02.arrival")
    # Editing an effect under its id, removing one, adding a different one: ordinary edits.
    edited = [{**VALID["darkrow"], "implemented": True}]
    assert effect_id_changes(before, edited) == []
    assert effect_id_changes(before, []) == []
    assert (
        effect_id_changes(
            before, [*before, {**VALID["darkrow"], "effectId": "DR-U02.other", "kind": "passive"}]
        )
        == []
    )


def test_a_game_without_vocabulary_accepts_no_effect():
    from rules.ruleset import RuleSet

    class Bare(RuleSet):
        key = "bare"
        name = "Bare"
        card_types = ("CARD",)

    assert Bare().effect_errors([]) == []
    assert [f.field for f in Bare().effect_errors([{"effectId": "x"}])] == ["effects"]
    assert Bare().effect_schema["maxItems"] == 0


def test_every_effect_finding_code_feeds_an_audit_list():
    effect_codes = [code for code in CODES.values() if code.topic == EFFECT and not code.neutral]
    assert effect_codes and all(code.list_for(code.severity) in REVIEW_LISTS for code in effect_codes)
    chess = registry.get("chesscards")
    assert list_for(Finding("CHESS_BREACH_UNSTATED", "m", Severity.WARNING), chess) == "NEEDS_REVIEW"
    assert list_for(Finding("EFFECT_BONUS_NO_DURATION", "m", Severity.ERROR)) == "BONUS_DURATION_REVIEW"
    assert list_for(Finding("EFFECT_DURATION_MISSING", "m", Severity.WARNING)) == "BONUS_DURATION_REVIEW"
    assert list_for(Finding("EFFECT_NEW_MECHANIC", "m", Severity.ERROR)) == "NEW_MECHANIC_REQUIRED"
    assert list_for(Finding("OWNERSHIP_NOT_CHECKED", "m", Severity.WARNING)) is None


@pytest.mark.parametrize("game", GAMES)
def test_reference_parameters_are_declared_as_references(game):
    """Reference checks find refs by parameter name: every such parameter must be a reference, and only those."""
    from rules.effects.vocabulary import REF_KEYS, REF_PATTERN

    vocabulary = registry.get(game).effect_vocabulary
    for family in (vocabulary.actions, vocabulary.costs, vocabulary.conditions):
        for variant in family:
            for name, schema in variant.params.items():
                is_ref = schema.get("pattern") == REF_PATTERN
                assert is_ref == (name in REF_KEYS), f"{game} {variant.name}.{name}"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=8)
    | st.sampled_from(["DRAW", "SELF", "unit", "ON_PLAY", "MODIFY_STAT"]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(["do", "pay", "check", "target", "id", "of", "amount", "kind", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=30, deadline=None)
@given(
    key=st.sampled_from(
        ["actions", "targets", "costs", "conditions", "limit", "kind", "followUpMove", "text", "effectId"]
    ),
    value=JSON,
)
def test_any_json_gives_findings_never_a_crash(game, key, value):
    from rules import CardData

    effect = {**copy.deepcopy(VALID[game]), key: value}
    rules = registry.get(game)
    found = rules.effect_errors([effect])
    card = CardData(
        game=game, name="x", type=rules.card_types[0], text="une fois par tour", effects=(effect,)
    )
    rules.check_card(card)
    assert all(f.field.startswith("effects") for f in found)
