"""Rule sets that declare something inconsistent are named with a stable id before any card or deck meets them."""

import pytest

from rules import registry
from rules.declarations import PROBLEMS, declaration_problems, registry_problems
from rules.draws import DrawSetup
from rules.fields import enum_field, int_field
from rules.formats import FormatData, SizeBound
from rules.ruleset import RuleSet


@pytest.mark.parametrize("ruleset", list(registry), ids=lambda rs: rs.key)
def test_every_registered_game_declares_itself_soundly(ruleset):
    assert declaration_problems(ruleset) == []


def test_the_registry_as_a_whole_is_sound():
    assert registry_problems(registry) == []


class Sound(RuleSet):
    key = "sound"
    name = "Sound"
    card_types = ("HERO", "SPELL")
    id_prefix = "SO"
    default_format = "standard"
    fields = (int_field("power", types=frozenset({"HERO"})),)
    deck_sections = ("main", "side")
    deck_picks = ("captain",)
    deck_home = {"SPELL": "side", "HERO": "captain"}
    deck_pick_choices = {"captain": ("main", frozenset({"HERO"}))}
    default_formats = (FormatData(game="sound", key="standard", sections={"main": SizeBound(exact=30)}),)
    curve_field = "power"
    deck_labels = {"main": "Main deck", "captain": "Captain"}
    hue = "#123456"


def ids(ruleset_class) -> list[str]:
    return sorted({p.id for p in declaration_problems(ruleset_class())})


def variant(**declarations) -> type[RuleSet]:
    return type("Variant", (Sound,), declarations)


def test_a_sound_declaration_has_no_problem():
    assert ids(Sound) == []


@pytest.mark.parametrize(
    "declarations, expected",
    [
        ({"id_prefix": ""}, "rules.E001"),
        ({"deck_home": {"SPELL": "graveyard"}}, "rules.E002"),
        ({"deck_home": {"TRAP": "main"}}, "rules.E003"),
        ({"deck_pick_choices": {"captain": ("bench", None)}}, "rules.E004"),
        ({"deck_pick_choices": {"mascot": ("main", None)}}, "rules.E004"),
        ({"deck_pick_choices": {"captain": ("main", frozenset({"DRAGON"}))}}, "rules.E004"),
        ({"default_format": "casual"}, "rules.E005"),
        ({"default_formats": ()}, "rules.E005"),
        (
            {"default_formats": (FormatData(game="other", key="standard"),)},
            "rules.E006",
        ),
        (
            {
                "default_formats": (
                    FormatData(game="sound", key="standard", sections={"bench": SizeBound(exact=1)}),
                )
            },
            "rules.E006",
        ),
        ({"copy_limit_sections": ("main", "bench")}, "rules.E007"),
        ({"draw_setup": DrawSetup(section="bench")}, "rules.E008"),
        ({"curve_field": "cost"}, "rules.E009"),
        ({"breakdown_fields": ("colour",)}, "rules.E009"),
        ({"fields": (int_field("power"), int_field("power"))}, "rules.E010"),
        ({"fields": (int_field("power", types=frozenset({"DRAGON"})),)}, "rules.E010"),
        ({"deck_labels": {"bench": "Bench"}}, "rules.E011"),
        ({"deck_help": {"mascot": "?"}}, "rules.E011"),
        ({"deck_aliases": {"bench": "bench"}}, "rules.E011"),
        ({"deck_sections": ()}, "rules.E012"),
        ({"deck_picks": ("main",)}, "rules.E012"),
        ({"key": "Sound Game"}, "rules.E014"),
        ({"hue": "red; } body { display: none"}, "rules.E014"),
        ({"type_labels": {"DRAGON": "Dragon"}}, "rules.E016"),
        ({"value_labels": {"power": {"HIGH": "High"}}}, "rules.E016"),
        ({"value_labels": {"colour": {"RED": "Red"}}}, "rules.E016"),
        (
            {
                "fields": (enum_field("colour", ("RED", "BLUE")),),
                "curve_field": None,
                "value_labels": {"colour": {"GREEN": "Green"}},
            },
            "rules.E016",
        ),
    ],
)
def test_each_inconsistency_has_its_stable_id_a_message_and_a_hint(declarations, expected):
    problems = declaration_problems(variant(**declarations)())
    assert expected in {p.id for p in problems}, problems
    assert all(p.id in PROBLEMS and p.message and p.hint for p in problems)


def test_two_games_with_one_id_prefix():
    twin = type("Twin", (Sound,), {"key": "twin"})
    twin.default_formats = (FormatData(game="twin", key="standard"),)
    [problem] = registry_problems([Sound(), twin()])
    assert problem.id == "rules.E013" and "sound, twin share the id prefix 'SO'" in problem.message


def test_a_game_may_declare_its_own_codes_but_not_redefine_the_catalogues():
    from rules.codes import CODES, DECK, Code, catalogue, code_of

    own = Code(
        "SOUND_LIMIT", DECK, "too many sound cards", params=("observed", "expected"), blocks_ready=True
    )
    with_code = type("WithCode", (Sound,), {"codes": (own,)})()
    assert code_of("SOUND_LIMIT", with_code) is own and catalogue([with_code])["SOUND_LIMIT"] is own
    assert registry_problems([with_code]) == []
    clash = Code("DECK_SIZE", DECK, "something else")
    [problem] = registry_problems([type("Clash", (Sound,), {"codes": (clash,)})()])
    assert problem.id == "rules.E015" and "DECK_SIZE" in problem.message
    assert CODES["DECK_SIZE"].help != clash.help
