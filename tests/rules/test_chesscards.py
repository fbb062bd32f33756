"""Chess cards' rule set (seed 003): one card type, no game field, no invented rule."""

from rules import get_ruleset

from .helpers import check, errors, shape


def test_one_card_type_and_no_field():
    ruleset = get_ruleset("chesscards")
    assert ruleset.card_types == ("CARD",)
    assert ruleset.field_names() == ()


def test_a_card_with_a_name_has_no_finding():
    assert check("chesscards", "CARD", "Mur") == []
    assert errors(check("chesscards", "CARD", "")) == [("NAME_REQUIRED", "name")]


def test_any_game_field_is_unknown():
    found = shape("chesscards", "CARD", "Mur", cost=1)
    assert [(f.code, f.field) for f in found] == [("FIELD_UNKNOWN", "cost")]
    assert found[0].message == "cost is not a field of chesscards cards"


def test_other_card_types_are_refused():
    assert [(f.code, f.field) for f in shape("chesscards", "PIECE")] == [("CARD_TYPE", "type")]
