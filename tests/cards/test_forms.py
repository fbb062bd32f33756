"""The editor's form: from what a browser sends to the card interchange format."""

import pytest
from django.http import QueryDict

from cards.forms import CardForm, split_list
from rules import get_ruleset


def form(game, card=None, **data):
    query = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            query.setlist(key, value)
        else:
            query[key] = value
    return CardForm(get_ruleset(game), query, card=card)


@pytest.mark.parametrize(
    "text, items",
    [
        ("", []),
        ("Lycéenne", ["Lycéenne"]),
        ("Lycéenne, Gadgets ,", ["Lycéenne", "Gadgets"]),
        ("Jinx, la gâchette folle\nTANK\n\n", ["Jinx, la gâchette folle", "TANK"]),
    ],
)
def test_lists_are_one_per_line_or_comma_separated(text, items):
    assert split_list(text) == items


def test_each_kind_of_field_is_read():
    data, findings = form(
        "riftbound",
        name=" Jinx ",
        type="CHAMPION_UNIT",
        energy="3",
        might="",
        domains=["FURY", "CHAOS"],
        power=["RAINBOW"],
        tags="Jinx",
        keywords="ASSAULT 1\nTANK",
        unique="on",
        effects="[]",
    ).to_data()
    assert findings == []
    assert data["name"] == "Jinx"
    assert (data["energy"], data["might"], data["domains"], data["power"]) == (
        3,
        None,
        ["FURY", "CHAOS"],
        ["RAINBOW"],
    )
    assert (data["tags"], data["keywords"], data["unique"], data["signature"]) == (
        ["Jinx"],
        ["ASSAULT 1", "TANK"],
        True,
        False,
    )
    assert data["effects"] == []


def test_fields_the_type_does_not_have_are_sent_empty():
    data, findings = form(
        "darkrow", name="Gin", type="LEADER", cost="3", atk="4", pv="5", behavior="EQUIPMENT"
    ).to_data()
    assert findings == []
    assert (data["cost"], data["atk"], data["pv"], data["behavior"]) == (None, None, None, None)


def test_line_breaks_are_kept_as_typed_without_the_browsers_cr():
    data, _ = form("chesscards", name="Mur", type="CARD", text="  Pose un mur.\r\nPuis pioche.\r\n").to_data()
    assert data["text"] == "  Pose un mur.\nPuis pioche.\n"


def test_what_cannot_be_read_is_a_finding_at_its_field():
    _data, findings = form("darkrow", name="X", type="UNIT", cost="3.5", effects='{"oops": ').to_data()
    assert [(f.field, f.code) for f in findings] == [("effects", "FIELD_INVALID"), ("cost", "FIELD_TYPE")]
    assert findings[1].message == "cost must be a whole number, not 3.5"


def test_the_form_is_built_from_the_rule_set():
    vanguard = CardForm(get_ruleset("vanguard"))
    assert (
        vanguard["grade"].field.widget.attrs["min"] == 0 and vanguard["grade"].field.widget.attrs["max"] == 3
    )
    assert vanguard["set"].label == "Set (required)"
    layout = {g["spec"].name: g for g in vanguard.game_fields()}
    assert layout["trigger"]["types"] == "TRIGGER_UNIT" and not layout["trigger"]["applies"]
    assert layout["grade"]["required_for"] == "NORMAL_UNIT TRIGGER_UNIT" and layout["grade"]["required"]
    assert [c for c, _ in vanguard["trigger"].field.widget.choices] == [
        "",
        "CRITICAL",
        "DRAW",
        "STAND",
        "HEAL",
    ]
    assert not CardForm(get_ruleset("chesscards")).game_fields()


@pytest.mark.django_db
def test_a_stored_card_fills_the_form_and_comes_back_unchanged(make_card):
    from cards.interchange import card_to_dict

    card = make_card(
        "riftbound",
        name="Jinx",
        type="CHAMPION_UNIT",
        domains=["FURY"],
        tags=["Jinx"],
        keywords=["TANK"],
        might=2,
        archetypes=["Zaunite"],
        effects=[
            {
                "effectId": "RB-T.jinx",
                "kind": "triggered",
                "timing": "ON_PLAY",
                "actions": [{"do": "DRAW", "count": 1}],
            }
        ],
    )
    initial = CardForm.initial_for(card)
    assert (initial["tags"], initial["domains"], initial["archetypes"]) == ("Jinx", ["FURY"], "Zaunite")
    query = {k: v for k, v in initial.items() if v not in (None, False)}
    data, findings = form(
        "riftbound", card=card, **{k: str(v) if not isinstance(v, list) else v for k, v in query.items()}
    ).to_data()
    assert findings == []
    stored = card_to_dict(card)
    assert all(stored[key] == value for key, value in data.items()), {
        k: (stored[k], v) for k, v in data.items() if stored[k] != v
    }
