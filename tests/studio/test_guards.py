"""The one reader of client JSON: depth, size, NUL characters, 64-bit integers, NaN."""

import json

import pytest

from common import guards


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [33, 500, 5000, 100_000])
def test_a_document_nested_too_deep_is_refused_with_a_message(depth):
    with pytest.raises(guards.BadInput, match="nested too deeply"):
        guards.loads(nested(depth))


def test_a_document_within_the_depth_limit_is_read():
    assert guards.loads(nested(32)) == json.loads(nested(32))


@pytest.mark.parametrize(
    "document, where",
    [
        ('{"name": "a\\u0000b"}', "['name']"),
        ('{"sections": {"main": [{"card": "\\u0000"}]}}', "['sections']['main'][0]['card']"),
        ('["ok", "x\\u0000"]', "[1]"),
    ],
)
def test_a_nul_character_is_refused_and_located(document, where):
    with pytest.raises(guards.BadInput) as refused:
        guards.loads(document)
    assert where in str(refused.value) and "NUL" in str(refused.value)


def test_a_nul_character_in_a_key_is_refused():
    with pytest.raises(guards.BadInput, match="key"):
        guards.loads('{"banlist": {"DU\\u0000": 1}}')


def test_whole_numbers_are_left_to_where_they_are_stored():
    assert guards.loads(json.dumps({"cost": 10**30})) == {"cost": 10**30}


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(constant):
    with pytest.raises(guards.BadInput, match="not a JSON number"):
        guards.loads(f'{{"cost": {constant}}}')


def test_malformed_json_keeps_its_line_and_column():
    with pytest.raises(json.JSONDecodeError) as refused:
        guards.loads('{\n  "a": }')
    assert refused.value.lineno == 2


def test_a_document_over_the_size_limit_is_refused(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    with pytest.raises(guards.BadInput, match="larger than 100 bytes"):
        guards.loads(json.dumps(["x" * 200]))


def test_bytes_that_are_not_utf8_are_refused():
    with pytest.raises(guards.BadInput, match="UTF-8"):
        guards.loads(b'"\xff"')
