"""The default formats come from the rule sets, stored after migrate; reviewers' edits are never overwritten."""

import pytest
from django.core.management.sql import emit_post_migrate_signal

from decks.defaults import store_default_formats
from decks.models import DeckFormat
from rules import registry
from rules.formats import FormatData, SizeBound
from rules.ruleset import RuleSet

pytestmark = pytest.mark.django_db


class Extra(RuleSet):
    key = "extra"
    name = "Extra"
    card_types = ("CARD",)
    id_prefix = "EX"
    default_format = "standard"
    default_formats = (
        FormatData(game="extra", key="casual", name="Casual", description="anything goes"),
        FormatData(
            game="extra",
            key="standard",
            name="Standard",
            sections={"main": SizeBound(exact=30)},
            copy_limit=2,
        ),
    )


def test_a_new_game_gets_its_formats_after_migrate_and_its_default_is_the_declared_one():
    with registry.registered(Extra):
        emit_post_migrate_signal(verbosity=0, interactive=False, db="default")
        stored = {f.key: f for f in DeckFormat.objects.filter(game="extra")}
        assert set(stored) == {"casual", "standard"}
        assert stored["standard"].is_default and not stored["casual"].is_default
        assert stored["standard"].data() == Extra().default_format_data()
        assert stored["casual"].description == "anything goes"


def test_storing_twice_changes_nothing_and_edits_stay():
    assert store_default_formats() == []
    darkrow = DeckFormat.objects.get(game="darkrow", key="standard")
    darkrow.copy_limit, darkrow.description = 2, "our house rule"
    darkrow.save()
    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")
    darkrow.refresh_from_db()
    assert (darkrow.copy_limit, darkrow.description, darkrow.is_default) == (2, "our house rule", True)


def test_a_game_whose_reviewers_chose_another_default_keeps_it():
    with registry.registered(Extra):
        DeckFormat.objects.create(game="extra", key="house", name="House", is_default=True)
        assert sorted(store_default_formats()) == ["extra/casual", "extra/standard"]
        assert list(
            DeckFormat.objects.filter(game="extra", is_default=True).values_list("key", flat=True)
        ) == ["house"]


def test_a_deleted_default_format_comes_back_on_the_next_migrate():
    DeckFormat.objects.filter(game="duel").delete()
    assert store_default_formats() == ["duel/standard"]
    assert (
        DeckFormat.objects.get(game="duel", is_default=True).data()
        == registry.get("duel").default_format_data()
    )


@pytest.mark.parametrize("game", registry.keys())
def test_after_migrate_every_games_formats_are_the_ones_its_rule_set_declares(game):
    """The rule set is the formats' one source: no migration writes a copy of them."""
    ruleset = registry.get(game)
    stored = {f.key: f.data() for f in DeckFormat.objects.filter(game=game)}
    assert stored == {fmt.key: fmt for fmt in ruleset.default_formats}
    assert DeckFormat.objects.get(game=game, is_default=True).key == ruleset.default_format
