"""The template editor's rows: every leaf by its path, read back with its type."""

from faces import editor

TEMPLATE = {
    "game": "x",
    "palette": {"frame": "#abc", "ink": "#112233"},
    "regions": [
        {"id": "name", "kind": "text", "box": {"x": 4, "y": 4.5, "w": 55, "h": 8}, "size": 9, "upper": False},
        {"id": "art", "kind": "art", "box": {"x": 4, "y": 14, "w": 55, "h": 40}, "fit": "cover"},
    ],
    "labels": {"types": ["a", "b"]},
}


def test_rows_name_every_leaf_by_its_path_and_kind():
    rows = {r.path: r for r in editor.rows(TEMPLATE)}
    assert rows["palette.frame"].kind == "colour"
    assert rows["palette.frame"].input_value == "#aabbcc"
    assert rows["regions.0.box.y"].kind == "number"
    assert rows["regions.1.box.w"].kind == "integer"
    assert rows["regions.0.upper"].kind == "switch"
    assert rows["labels.types"].kind == "json"
    assert rows["regions.1.fit"].section == "regions · art"


def test_the_form_changes_only_what_it_sends_and_keeps_types():
    post = {
        "t:palette.frame": "#000000",
        "t:regions.0.box.y": "5,5",
        "t:regions.1.box.w": "50",
        "t:regions.0.upper": "on",
    }
    data, problems = editor.from_form(TEMPLATE, post)
    assert problems == []
    assert data["palette"] == {"frame": "#000000", "ink": "#112233"}
    assert data["regions"][0]["box"]["y"] == 5.5
    assert data["regions"][1]["box"]["w"] == 50 and isinstance(data["regions"][1]["box"]["w"], int)
    assert data["regions"][0]["upper"] is True
    assert TEMPLATE["palette"]["frame"] == "#abc"  # the base is not changed


def test_a_value_that_cannot_be_read_is_named_by_its_path():
    data, problems = editor.from_form(TEMPLATE, {"t:regions.0.size": "big"})
    assert [p.field for p in problems] == ["regions.0.size"]
    assert data["regions"][0]["size"] == 9


def test_json_is_read_or_refused_with_where():
    assert editor.from_json('{"a": 1}') == ({"a": 1}, [])
    data, problems = editor.from_json('{"a": ')
    assert data is None and "line 1" in problems[0].message
    assert editor.from_json("[1]")[0] is None


def test_validator_paths_are_matched_to_rows():
    assert editor.normal_path("$.regions[2].box.x") == "regions.2.box.x"
    assert editor.normal_path("/palette/frame") == "palette.frame"
