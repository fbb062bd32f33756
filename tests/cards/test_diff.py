"""Card diffs: every kind of field, effects as structured JSON matched by effectId, "new card";
and a revision's changes as the rows of the card history."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from cards.diff import (
    ChangeRow,
    Segment,
    card_diff,
    change_rows,
    effects_diff,
    json_diff,
    show,
    text_ops,
    text_segments,
)

GAME_FIELDS = ("cost", "atk", "pv", "behavior")


def card(**kw) -> dict:
    base = {
        "stableCardId": "DR-U02",
        "name": "Toyama Kazuha",
        "type": "UNIT",
        "set": "",
        "text": "Rapide une fois par tour.",
        "archetypes": ["Lycéenne", "Amie d’enfance"],
        "effects": [],
        "origin": "USER",
        "creationMethod": "IMPORTED",
        "userModified": False,
        "status": "VALIDATED",
        "cost": 3,
        "atk": 4,
        "pv": 3,
        "behavior": None,
    }
    return {**base, **kw}


def entries(diff) -> dict:
    return {e["key"]: e for e in diff["fields"]}


def test_never_validated_is_a_new_card():
    assert card_diff(None, card()) == {"newCard": True, "changed": True, "fields": []}


def test_no_change():
    assert card_diff(card(), card(), game_fields=GAME_FIELDS) == {
        "newCard": False,
        "changed": False,
        "fields": [],
    }


def test_card_and_game_fields():
    diff = card_diff(card(), card(name="Kazuha", set="S1", atk=5, pv=None), game_fields=GAME_FIELDS)
    found = entries(diff)
    assert found["name"] == {"key": "name", "kind": "card", "before": "Toyama Kazuha", "after": "Kazuha"}
    assert found["set"]["kind"] == "card"
    assert found["atk"] == {"key": "atk", "kind": "game", "before": 4, "after": 5}
    assert found["pv"] == {"key": "pv", "kind": "game", "before": 3, "after": None}
    assert "cost" not in found
    # Card keys first, then game fields in the rule set's order.
    assert [e["key"] for e in diff["fields"]] == ["name", "set", "atk", "pv"]


def test_list_valued_game_fields_get_structured_changes():
    diff = card_diff(card(domains=["FURY"]), card(domains=["FURY", "CALM"]), game_fields=("domains",))
    entry = entries(diff)["domains"]
    assert entry["kind"] == "game"
    assert entry["changes"] == [{"path": "[1]", "change": "added", "before": None, "after": "CALM"}]


def test_text_has_word_operations():
    diff = card_diff(card(text="Piochez 1 carte."), card(text="Piochez 2 cartes."))
    entry = entries(diff)["text"]
    assert entry["kind"] == "text"
    assert entry["before"] == "Piochez 1 carte." and entry["after"] == "Piochez 2 cartes."
    assert entry["ops"] == [
        {"op": "equal", "text": "Piochez "},
        {"op": "delete", "text": "1"},
        {"op": "insert", "text": "2"},
        {"op": "equal", "text": " "},
        {"op": "delete", "text": "carte"},
        {"op": "insert", "text": "cartes"},
        {"op": "equal", "text": "."},
    ]


def test_text_ops_rebuild_both_texts():
    old, new = "Défaussez une Arme, puis piochez 2.", "Défaussez une Arme de votre main, puis piochez 1."
    ops = text_ops(old, new)
    assert "".join(o["text"] for o in ops if o["op"] != "insert") == old
    assert "".join(o["text"] for o in ops if o["op"] != "delete") == new


def test_archetypes_added_and_removed_as_printed():
    diff = card_diff(card(archetypes=["Lycéen", "Gadget"]), card(archetypes=["Lycéen(ne)", "Gadget"]))
    entry = entries(diff)["archetypes"]
    assert entry == {
        "key": "archetypes",
        "kind": "archetypes",
        "before": ["Lycéen", "Gadget"],
        "after": ["Lycéen(ne)", "Gadget"],
        "added": ["Lycéen(ne)"],
        "removed": ["Lycéen"],
    }


def test_effects_are_matched_by_effect_id_with_structured_changes():
    e1 = {
        "effectId": "E1",
        "timing": "ON_DEPLOY",
        "limit": {"per": "TURN", "count": 1},
        "actions": [{"atk": 2}],
    }
    e2 = {"effectId": "E2", "timing": "QUICK"}
    e3 = {"effectId": "E3", "timing": "PASSIVE"}
    changed = copy.deepcopy(e1)
    changed["limit"]["count"] = 2
    changed["actions"].append({"pv": 1})
    changed["duration"] = "END_OF_TURN"
    # E3 removed, E1 changed and moved after a new E4, E2 unchanged.
    e4 = {"effectId": "E4", "timing": "ON_ATTACK"}
    diff = card_diff(card(effects=[e1, e2, e3]), card(effects=[e4, changed, e2]))
    effects = entries(diff)["effects"]
    assert effects["kind"] == "effects"
    by_id = {e["effectId"]: e for e in effects["effects"]}
    assert set(by_id) == {"E1", "E2", "E3", "E4"}
    assert by_id["E4"]["change"] == "added" and by_id["E4"]["after"] == e4
    assert by_id["E3"]["change"] == "removed" and by_id["E3"]["before"] == e3
    assert by_id["E2"] == {**by_id["E2"], "change": "moved", "fromIndex": 1, "index": 2, "changes": []}
    assert by_id["E1"]["change"] == "changed"
    assert by_id["E1"]["changes"] == [
        {"path": "limit.count", "change": "changed", "before": 1, "after": 2},
        {"path": "actions[1]", "change": "added", "before": None, "after": {"pv": 1}},
        {"path": "duration", "change": "added", "before": None, "after": "END_OF_TURN"},
    ]


def test_effects_without_ids_are_matched_by_position():
    diff = effects_diff(
        [{"timing": "ON_DEPLOY", "atk": 1}], [{"timing": "ON_DEPLOY", "atk": 2}, {"timing": "QUICK"}]
    )
    assert [(e["index"], e["change"]) for e in diff] == [(0, "changed"), (1, "added")]
    assert diff[0]["effectId"] is None
    assert diff[0]["changes"] == [{"path": "atk", "change": "changed", "before": 1, "after": 2}]


def test_duplicate_effect_ids_fall_back_to_position():
    old = [{"id": "A", "x": 1}, {"id": "A", "x": 2}]
    new = [{"id": "A", "x": 1}, {"id": "A", "x": 3}]
    diff = effects_diff(old, new)
    assert [(e["index"], e["change"]) for e in diff] == [(1, "changed")]


def test_workflow_fields_come_last():
    diff = card_diff(card(), card(status="NEEDS_REVIEW", userModified=True, atk=5), game_fields=GAME_FIELDS)
    assert [(e["key"], e["kind"]) for e in diff["fields"]] == [
        ("atk", "game"),
        ("status", "workflow"),
        ("userModified", "workflow"),
    ]


def test_other_keys_such_as_artwork_are_structured():
    before = card(artwork={"main": {"id": 1, "kind": "HD"}, "variants": []})
    after = card(artwork={"main": {"id": 2, "kind": "HD"}, "variants": [{"id": 1, "kind": "LEGACY_HD"}]})
    entry = entries(card_diff(before, after, game_fields=GAME_FIELDS))["artwork"]
    assert entry["kind"] == "other"
    assert entry["changes"] == [
        {"path": "main.id", "change": "changed", "before": 1, "after": 2},
        {"path": "variants[0]", "change": "added", "before": None, "after": {"id": 1, "kind": "LEGACY_HD"}},
    ]
    # A key that appears for the first time.
    assert entries(card_diff(card(), after, game_fields=GAME_FIELDS))["artwork"]["before"] is None


def test_true_is_not_one():
    assert json_diff({"a": True}, {"a": 1}) == [
        {"path": "a", "change": "changed", "before": True, "after": 1}
    ]
    assert card_diff(card(atk=1), card(atk=True), game_fields=GAME_FIELDS)["changed"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=10,
)


@given(JSON, JSON)
def test_json_diff_is_empty_exactly_when_equal(a, b):
    assert (json_diff(a, b) == []) == (_strict(a) == _strict(b))


@given(
    st.lists(st.fixed_dictionaries({"effectId": st.sampled_from("ABCD"), "v": st.integers(0, 2)}), max_size=4)
)
def test_effects_diff_of_a_list_with_itself_is_empty(effects):
    assert effects_diff(effects, copy.deepcopy(effects)) == []


def _strict(value):
    """A comparable form where true and 1 differ."""
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _strict(v)) for k, v in value.items())))
    if isinstance(value, list):
        return ("list", tuple(_strict(v) for v in value))
    return (type(value).__name__, value)


# --- the card history's rows ----------------------------------------------------------------------
def test_history_values_read_as_people_write_them():
    assert show(None) == show("") == show([]) == "—"
    assert (show(True), show(False), show(3)) == ("yes", "no", "3")
    assert show(["Lycéenne", "Gadgets"]) == "Lycéenne, Gadgets"
    assert show([{"effet": "piocher"}]) == '[\n {\n  "effet": "piocher"\n }\n]'


def test_history_short_values_are_before_and_after():
    rows = change_rows(
        {"cost": {"before": 3, "after": 4}, "archetypes": {"before": [], "after": ["Gadgets"]}}
    )
    assert rows == [ChangeRow("cost", "3", "4"), ChangeRow("archetypes", "—", "Gadgets")]
    assert not rows[0].inline


def test_history_shows_statuses_and_provenance_in_words_with_their_code():
    rows = change_rows(
        {
            "status": {"before": "NEEDS_REVIEW", "after": "VALIDATED"},
            "creationMethod": {"before": None, "after": "IMPORTED"},
        }
    )
    assert rows == [
        ChangeRow("status", "Needs review (NEEDS_REVIEW)", "Validated (VALIDATED)"),
        ChangeRow("creationMethod", "—", "Imported (IMPORTED)"),
    ]


def test_history_long_texts_are_one_text_with_the_edits_marked():
    before = "Rapide : déployer une unité citant Hattori Heiji ou Mouri Ran depuis votre main."
    after = "Rapide : déployer une unité citant Hattori Heiji depuis votre main ou votre défausse."
    (row,) = change_rows({"text": {"before": before, "after": after}})
    assert row.inline
    deleted = "".join(s.text for s in row.segments if s.op == "delete")
    inserted = "".join(s.text for s in row.segments if s.op == "insert")
    assert "Mouri" in deleted and "défausse" in inserted
    # Keeping the equal and inserted pieces gives the new text back; equal and deleted, the old one.
    assert "".join(s.text for s in row.segments if s.op != "delete") == after
    assert "".join(s.text for s in row.segments if s.op != "insert") == before


def test_text_segments_keep_spaces():
    assert text_segments("a b", "a c") == (
        Segment("equal", "a "),
        Segment("delete", "b"),
        Segment("insert", "c"),
    )


def test_history_creation_lists_only_the_values_given():
    changes = {
        "name": {"before": None, "after": "Mur"},
        "text": {"before": None, "after": ""},
        "userModified": {"before": None, "after": False},
        "cost": {"before": None, "after": 0},
    }
    assert [r.field for r in change_rows(changes, created=True)] == ["name", "cost"]
