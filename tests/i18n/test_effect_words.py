"""The effect editor's words (common.effect_words) in French and Russian: the issue's English labels and
help lines are translated, and every help line listed is one the schemas really use (kept in step)."""

from django.utils import translation

from common.effect_words import HELP, KEY_LABELS, words
from common.labels import without_path
from rules import registry
from rules.effects.schema import build_schema


def _schema_texts() -> tuple[set[str], set[str]]:
    descriptions, keys = set(), set()
    stack = [
        build_schema(r.effect_vocabulary, game=r.key, title=r.name)
        for r in registry
        if r.effect_vocabulary is not None
    ]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("description"), str):
                descriptions.add(node["description"])
            if isinstance(node.get("properties"), dict):
                keys.update(node["properties"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return descriptions, keys


def test_every_key_of_every_schema_has_a_label_and_every_help_line_is_used():
    descriptions, keys = _schema_texts()
    assert keys <= set(KEY_LABELS), sorted(keys - set(KEY_LABELS))
    assert set(HELP) <= descriptions, sorted(set(HELP) - descriptions)


def test_the_issues_english_words_read_in_french_and_russian():
    with translation.override("fr"):
        french = words()
    assert french["keys"]["effectId"] == "Identifiant de l’effet"
    assert french["keys"]["kind"] == "Nature" and french["keys"]["timing"] == "Moment"
    assert french["help"]["what the effect does"] == "ce que fait l’effet"
    assert french["help"]["a use limit, keyed by player + turn + effectId, shared by all copies"].startswith(
        "une limite d’utilisation"
    )
    with translation.override("ru"):
        russian = words()
    assert russian["keys"]["effectId"] == "Идентификатор эффекта"
    assert russian["help"]["what the effect does"] == "что делает эффект"
    # Every help line listed has its French and Russian words.
    for language, table in (("fr", french), ("ru", russian)):
        missing = sorted(set(HELP) - set(table["help"]))
        assert not missing, (language, missing)


def test_a_french_message_loses_its_path_once_not_twice():
    assert without_path("effects[0].actions\u00a0: obligatoire", "effects[0].actions") == "obligatoire"
    assert without_path("effects[0].actions : obligatoire", "effects[0].actions") == "obligatoire"
    assert without_path("effects[0].actions: required", "effects[0].actions") == "required"
