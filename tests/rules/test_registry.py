"""The one registry of rule sets: autodiscovery, lookups, clear messages for unknown games."""

import pytest

from rules import UnknownGame, get_ruleset, registry
from rules.registry import AlreadyRegistered, RuleSetRegistry
from rules.ruleset import RuleSet
from tests.seeds import SEED_GAMES  # more games may be added as one module each in rules/games/


def test_the_games_of_the_seeds_are_registered_in_order():
    assert set(registry.keys()) >= SEED_GAMES
    assert [rs.key for rs in registry] == registry.keys() == sorted(registry.keys())
    assert all(isinstance(rs, RuleSet) for rs in registry)


class Throwaway(RuleSet):
    key = "throwaway"
    name = "Throwaway"
    card_types = ("CARD",)
    id_prefix = "TW"
    default_format = "x"


def test_a_game_registered_for_a_block_only_is_gone_afterwards():
    before = registry.keys()
    with registry.registered(Throwaway) as ruleset:
        assert ruleset.key == "throwaway" and get_ruleset("throwaway") is ruleset
        assert registry.keys() == sorted([*before, "throwaway"])
    assert registry.keys() == before and "throwaway" not in registry
    with pytest.raises(RuntimeError), registry.registered(Throwaway):
        raise RuntimeError("the block failed")
    assert "throwaway" not in registry


def test_unregister_removes_a_game_and_refuses_an_unknown_one():
    fresh = RuleSetRegistry()
    fresh.register(Throwaway)
    fresh.unregister("throwaway")
    assert "throwaway" not in fresh
    with pytest.raises(UnknownGame):
        fresh.unregister("throwaway")


def test_autodiscover_imports_every_module_of_the_package(tmp_path, monkeypatch):
    package = tmp_path / "somegames"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "_private.py").write_text("raise RuntimeError('modules starting with _ are skipped')\n")
    (package / "tiny.py").write_text(
        "from rules.ruleset import RuleSet\n"
        "import somegames\n"
        "@somegames.REGISTRY.register\n"
        "class Tiny(RuleSet):\n"
        "    key = 'tiny'\n    name = 'Tiny'\n    card_types = ('CARD',)\n    id_prefix = 'TI'\n    default_format = 'x'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh = RuleSetRegistry("somegames")
    import somegames

    somegames.REGISTRY = fresh
    assert fresh.keys() == ["tiny"]
    assert fresh.get("tiny").card_types == ("CARD",)
    assert "tiny" in fresh


def test_registering_a_game_twice_is_refused():
    fresh = RuleSetRegistry()
    darkrow = type(get_ruleset("darkrow"))
    fresh.register(darkrow)
    with pytest.raises(AlreadyRegistered, match="already registered for 'darkrow'"):
        fresh.register(darkrow)


@pytest.mark.parametrize("key", ["pokemon", "", None, ["darkrow"], "DARKROW", 3])
def test_an_unknown_game_names_the_known_ones(key):
    with pytest.raises(UnknownGame) as caught:
        get_ruleset(key)
    assert str(caught.value) == f"unknown game {key!r}; the games are: {', '.join(registry.keys())}"
    assert isinstance(caught.value, KeyError)


def test_membership():
    assert "vanguard" in registry
    assert "pokemon" not in registry
    assert ["darkrow"] not in registry


def test_every_rule_set_declares_what_the_studio_needs():
    for ruleset in registry:
        assert ruleset.name and ruleset.card_types and ruleset.id_prefix and ruleset.default_format, ruleset
        # The seed its rules come from (a file of /work/shared/seeds); a game added without one says "".
        assert ruleset.seed.endswith(".txt") or (ruleset.seed == "" and ruleset.key not in SEED_GAMES), (
            ruleset
        )
        assert len(set(ruleset.field_names())) == len(ruleset.fields), ruleset
        for spec in ruleset.fields:
            assert spec.types is None or spec.types <= set(ruleset.card_types), (ruleset, spec.name)
            assert spec.required_for <= set(ruleset.card_types), (ruleset, spec.name)
    assert len({rs.id_prefix for rs in registry}) == len(registry.keys())
