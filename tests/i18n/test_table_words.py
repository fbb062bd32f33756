"""A table's steps and moves in the reader's words (issue 45, item 6): on Russian pages vanguard's
table said "Stand" and "Draw", the words its DRAW and STAND triggers keep (the game's context)."""

from django.utils import translation

from common import i18n
from tables.selectors import rules_for
from tables.views import table_labels


def words(language: str) -> tuple[dict, dict]:
    with translation.override(language):
        labels = table_labels("vanguard")
        moves = rules_for("vanguard")["moves"]
    return {s["key"]: s["label"] for s in labels["steps"]}, {m["kind"]: m["label"] for m in moves}


def test_vanguards_steps_and_draw_are_russian_and_its_triggers_keep_their_names():
    steps, moves = words("ru")
    assert steps["stand"] == "Поднять (Stand)" and steps["draw"] == "Взять"
    assert moves["driveCheck"] == "Драйв-чек"
    with translation.override("ru"):  # the card values keep the seed's names
        assert i18n.value_label("vanguard", "trigger", "STAND") == "Stand"
        assert i18n.value_label("vanguard", "trigger", "DRAW") == "Draw"
    steps, moves = words("en")
    assert (steps["stand"], steps["draw"]) == ("Stand", "Draw")


def test_every_games_steps_have_their_french_and_russian_words():
    from rules import registry

    for language in ("fr", "ru"):
        with translation.override(language):
            for ruleset in registry:
                for step in ruleset.table_spec().steps:
                    assert i18n.has_entry(step.label), (language, ruleset.key, step.label)
