"""What the engine plays of a card (rules.tables.coverage): each game's stats and keywords read, the
effects only logged, chesscards' texts played as written or by hand."""

from __future__ import annotations

from rules import CardData, registry
from rules.tables.coverage import card_coverage


def cover(game, **kwargs):
    card = CardData(game=game, name=kwargs.pop("name", "X"), type=kwargs.pop("type", "Unit"), **kwargs)
    return card_coverage(registry.get(game).engine_reads, card)


def test_every_rules_game_declares_what_its_moves_read():
    for ruleset in registry:
        assert (ruleset.engine_reads is not None) == ruleset.has_rules_mode(), ruleset.key


def test_riftbound_keywords_played_and_not_and_its_level_bonuses_executed():
    level = {
        "id": "lvl",
        "conditions": [{"check": "LEVEL_AT_LEAST", "xp": 3}],
        "actions": [{"do": "GRANT_KEYWORD", "keyword": "TANK"}],
    }
    other = {"id": "draw", "actions": [{"do": "DRAW", "amount": 1}]}
    coverage = cover(
        "riftbound",
        fields={"might": 3, "energy": 2, "keywords": ["SHIELD 2", "TANK", "VISION"]},
        effects=(level, other),
    )
    assert dict(coverage.stats) == {"energy": 2, "might": 3}
    assert coverage.keywords == ("TANK", "SHIELD") and coverage.other_keywords == ("VISION",)
    assert coverage.executed == ("lvl",) and coverage.logged == ("draw",) and coverage.partial


def test_vanguard_stats_and_sentinel_read_and_every_effect_only_logged():
    coverage = cover(
        "vanguard", fields={"grade": 1, "power": 6000, "sentinel": True}, effects=({"id": "a"}, {})
    )
    assert dict(coverage.stats) == {"grade": 1, "power": 6000, "sentinel": True}
    assert coverage.logged == ("a", "#2") and coverage.partial
    assert not cover("vanguard", fields={"grade": 0, "power": 5000}).partial


def test_darkrow_rush_read_from_its_text_too():
    coverage = cover("darkrow", fields={"cost": 2, "atk": 3, "pv": 2}, text="Rush.")
    assert coverage.keywords == ("RUSH",) and not coverage.partial
    more = cover("darkrow", fields={"cost": 2}, text="Rush. Quand elle arrive, piochez une carte.")
    assert more.keywords == ("RUSH",) and more.logged == ("text",) and more.partial


def test_chesscards_texts_played_as_written_or_by_hand():
    assert cover("chesscards", name="Mur", type="Carte").text_played is True
    by_hand = cover("chesscards", name="Sacrifice", type="Carte")
    assert by_hand.text_played is False and by_hand.partial


def test_a_text_without_structured_effects_is_only_logged_unless_it_is_played_keywords():
    assert cover("vanguard", fields={"power": 1}, text="[AUTO]: draw a card.").logged == ("text",)
    assert cover("darkrow", fields={"atk": 1}, text="Rush.").logged == ()
    assert cover("duel", fields={"atk": 1}, text="").logged == ()
