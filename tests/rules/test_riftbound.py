"""Riftbound's rule set (seed 001): domains, Legends, champions, power costs, tags, flags."""

import pytest

from rules import get_ruleset

from .helpers import check, errors, shape

RIFTBOUND = get_ruleset("riftbound")


def test_card_types_and_fields():
    assert RIFTBOUND.card_types == ("LEGEND", "CHAMPION_UNIT", "UNIT", "SPELL", "GEAR", "RUNE", "BATTLEFIELD")
    assert RIFTBOUND.field_names() == (
        "domains",
        "energy",
        "power",
        "might",
        "tags",
        "keywords",
        "unique",
        "signature",
    )


def test_a_legend_sets_a_two_domain_identity():
    assert check("riftbound", "LEGEND", "Légende", domains=["FURY", "CHAOS"], tags=["Jinx"]) == []
    for domains in ([], ["FURY"], ["FURY", "CALM", "MIND"]):
        found = check("riftbound", "LEGEND", "Légende", domains=domains, tags=["Jinx"])
        assert errors(found) == [("DOMAINS", "domains")], domains
        assert found[0].message.endswith("; a card has at most two, a Legend exactly two"), found[0].message


def test_a_legend_needs_its_tag():
    assert errors(check("riftbound", "LEGEND", "Légende", domains=["FURY", "CHAOS"])) == [
        ("FIELD_REQUIRED", "tags")
    ]


def test_other_cards_have_zero_one_or_two_domains():
    assert check("riftbound", "SPELL", "Neutre", energy=1) == []
    assert check("riftbound", "SPELL", "Bi", energy=1, domains=["FURY", "MIND"]) == []
    assert errors(check("riftbound", "SPELL", "Tri", energy=1, domains=["FURY", "MIND", "BODY"])) == [
        ("DOMAINS", "domains")
    ]


def test_a_domain_listed_twice_is_reported():
    assert errors(check("riftbound", "SPELL", "Double", domains=["FURY", "FURY"])) == [("DOMAINS", "domains")]


def test_units_need_might_and_champions_their_tag():
    assert errors(check("riftbound", "UNIT", "Unité")) == [("FIELD_REQUIRED", "might")]
    assert errors(check("riftbound", "CHAMPION_UNIT", "Champion")) == [
        ("FIELD_REQUIRED", "might"),
        ("FIELD_REQUIRED", "tags"),
    ]
    assert check("riftbound", "CHAMPION_UNIT", "Champion", might=3, tags=["Jinx"]) == []


def test_runes_and_battlefields_have_no_costs():
    assert errors(check("riftbound", "RUNE", "Rune", domains=["FURY"], energy=1, power=["FURY"])) == [
        ("FIELD_NOT_ALLOWED", "energy"),
        ("FIELD_NOT_ALLOWED", "power"),
    ]


def test_a_signature_card_needs_a_tag():
    assert errors(check("riftbound", "SPELL", "Signature", signature=True)) == [("SIGNATURE_TAG", "tags")]
    assert check("riftbound", "SPELL", "Signature", signature=True, tags=["Jinx"]) == []


def test_power_is_a_list_of_domains_or_rainbow_and_a_lone_symbol_is_accepted():
    fields, found = RIFTBOUND.clean_fields("SPELL", "Arc-en-ciel", {"power": "RAINBOW"})
    assert found == [] and fields["power"] == ["RAINBOW"]
    fields, found = RIFTBOUND.clean_fields("SPELL", "Deux", {"power": ["FURY", "FURY"]})
    assert found == [] and fields["power"] == ["FURY", "FURY"]
    assert [f.field for f in shape("riftbound", "SPELL", power="GOLD")] == ["power"]


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"domains": "FURY"}, "domains"),
        ({"domains": ["EARTH"]}, "domains"),
        ({"tags": "Jinx"}, "tags"),
        ({"keywords": [1]}, "keywords"),
        ({"unique": "yes"}, "unique"),
        ({"signature": 1}, "signature"),
        ({"might": "3"}, "might"),
    ],
)
def test_shape_errors(fields, field):
    assert [(f.code, f.field) for f in shape("riftbound", "UNIT", **fields)] == [("FIELD_TYPE", field)]


def test_lists_and_flags_default_to_empty_and_false():
    fields, found = RIFTBOUND.clean_fields("UNIT", "Unité", {"might": 2})
    assert found == []
    assert (fields["domains"], fields["tags"], fields["keywords"], fields["unique"], fields["signature"]) == (
        [],
        [],
        [],
        False,
        False,
    )


def test_the_face_colours_every_domain_and_only_them():
    """The face layout (rules/games/riftbound/face.py) names the domains by its colours, apart
    from the rule set: a domain added to one and not the other would draw in no colour."""
    from rules.games.riftbound import face, ruleset

    assert tuple(face.DOMAIN_COLORS) == ruleset.DOMAINS
