import pytest

from faces.template import template_for, validate_template
from rules.registry import registry


def errors_at(template):
    return {e.path: e for e in validate_template(template)}


@pytest.mark.parametrize("game", registry.keys())
def test_every_default_template_is_valid(game):
    assert validate_template(template_for(game)) == []


def test_template_for_gives_a_copy():
    a = template_for("darkrow")
    a["regions"].clear()
    assert template_for("darkrow")["regions"]


def test_an_unknown_key_is_reported_at_its_path_with_the_keys_allowed():
    t = template_for("darkrow")
    t["regions"][2]["colour"] = "#fff"
    t["bogus"] = 1
    errors = errors_at(t)
    assert "unknown key 'colour'" in errors["regions[2].colour"].message
    assert "color" in errors["regions[2].colour"].allowed and "fill" in errors["regions[2].colour"].allowed
    assert "regions" in errors["bogus"].allowed


def test_a_region_outside_the_card_is_refused():
    t = template_for("riftbound")
    t["regions"][3]["box"] = {"x": 50, "y": 80, "w": 20, "h": 10}
    error = errors_at(t)["regions[3].box"]
    assert "outside the card" in error.message
    assert any("63" in a for a in error.allowed) and any("88" in a for a in error.allowed)


def test_a_bigger_card_allows_bigger_regions():
    t = template_for("riftbound")
    t["size"] = {"width": 70, "height": 120}
    t["regions"][3]["box"] = {"x": 50, "y": 80, "w": 20, "h": 10}
    assert validate_template(t) == []


def test_an_unknown_font_lists_the_shipped_families():
    t = template_for("duel")
    t["fonts"]["title"] = {"family": "Comic Sans MS"}
    t["fonts"]["body"] = {"family": "Noto Serif", "style": "italic"}
    errors = errors_at(t)
    assert "Comic Sans MS" in errors["fonts.title.family"].message
    assert set(errors["fonts.title.family"].allowed) == {"Noto Sans", "Noto Serif", "DejaVu Sans"}
    assert "no normal italic face" in errors["fonts.body"].message


def test_a_colour_that_is_not_a_colour():
    t = template_for("vanguard")
    t["palette"]["frame"] = "blue-ish"
    t["regions"][0]["fill"] = "#12345"
    t["regions"][1]["stroke"] = "@nothere"
    errors = errors_at(t)
    assert (
        "is not a colour" in errors["palette.frame"].message and "#rrggbb" in errors["palette.frame"].allowed
    )
    assert "is not a colour" in errors["regions[0].fill"].message
    assert (
        "no colour 'nothere'" in errors["regions[1].stroke"].message
        and "accent" in errors["regions[1].stroke"].allowed
    )


def test_placeholders_must_name_fields_of_the_game():
    t = template_for("darkrow")
    t["regions"][-1]["content"] = "{might} {name|sparkle}"
    t["regions"][-2]["when"] = {"field": "grade", "types": ["MONSTER"]}
    errors = validate_template(t)
    paths = {(e.path, e.message) for e in errors}
    assert any("{might} names no field" in m for _, m in paths)
    assert any("no such filter" in m for _, m in paths)
    assert any(p.endswith("when.field") for p, _ in paths)
    assert any(p.endswith("when.types[0]") for p, _ in paths)
    allowed = next(e.allowed for e in errors if "{might}" in e.message)
    assert "atk" in allowed and "pv" in allowed


def test_wrong_kinds_and_unknown_game():
    assert errors_at({"game": "poker", "fonts": {}, "palette": {}, "regions": []})["game"].allowed == tuple(
        registry.keys()
    )
    t = template_for("chesscards")
    t["regions"][0]["box"]["w"] = "wide"
    t["regions"][1]["kind"] = "sticker"
    errors = errors_at(t)
    assert "is not a number" in errors["regions[0].box.w"].message
    assert "panel" in errors["regions[1].kind"].allowed
    assert errors_at("nope")[""].message


def test_the_game_given_must_be_the_templates():
    t = template_for("duel")
    errors = validate_template(t, game="darkrow")
    assert any(e.path == "game" for e in errors)
