"""The effect editor's words (common.effect_words) in French and Russian: the issue's English labels and
every help line of every registered game's effect schema are translated (issue 25, item 5)."""

import pytest
from django.utils import translation

from common.effect_words import KEY_LABELS, descriptions, untranslated, words
from common.labels import without_path
from rules import registry
from rules.effects.schema import build_schema
from rules.effects.vocabulary import EffectVocabulary, variant
from rules.i18n import N_
from rules.ruleset import RuleSet


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


def test_every_key_of_every_schema_has_a_label():
    _, keys = _schema_texts()
    assert keys <= set(KEY_LABELS), sorted(keys - set(KEY_LABELS))


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_every_help_line_of_every_game_is_translated(language):
    """Every description of every registered game's schema (a sixth game's too: ``-p tests.sixth_game``
    registers one without effects, whose one line is a template of the catalogue) reads in the language:
    each text the game marks N_ has its entry, and each line of the schema has its translated form."""
    for ruleset in registry:
        with translation.override(language):
            missing = untranslated(ruleset)
            shown = words(ruleset)["help"]
        assert not missing, (language, ruleset.key, missing)
        lines = descriptions(ruleset)
        assert lines, ruleset.key
        assert not lines - set(shown), (language, ruleset.key, sorted(lines - set(shown)))


def test_a_help_line_no_catalogue_has_is_found():
    """What the test above guards against: a game's text written without a catalogue entry."""

    class Untold(RuleSet):
        key = "untold"
        name = "Untold"
        card_types = ("UNIT",)
        effect_vocabulary = EffectVocabulary(
            timings={"ON_PLAY": N_("when the card is played"), "ON_NAP": "when nobody looks"},
            durations={},
            actions=(variant("NAP", "take a long nap"),),
        )

    with translation.override("fr"):
        assert untranslated(Untold()) == ["take a long nap", "when nobody looks"]
        shown = words(Untold())["help"]
    assert "take a long nap" not in shown
    assert shown["ON_PLAY: when the card is played; ON_NAP: when nobody looks"] == (
        "ON_PLAY\u00a0: quand la carte est jouée; ON_NAP\u00a0: when nobody looks"
    )


def test_per_value_meanings_keep_their_codes_and_the_references_come_structured():
    darkrow = registry.get("darkrow")
    timings = darkrow.effect_schema["$defs"]["effect"]["properties"]["timing"]["description"]
    with translation.override("fr"):
        french = words(darkrow)
    line = french["help"][timings]
    assert line.startswith("ON_DEPLOY\u00a0: quand la carte est déployée; ON_ENTER_FIELD\u00a0: ")
    assert "; END_OF_TURN\u00a0: à la fin du tour de son contrôleur" in line
    assert ["OWN_LEADER", "le Leader de son contrôleur"] in french["references"]
    with translation.override("ru"):
        russian = words(darkrow)
    assert russian["help"][timings].startswith("ON_DEPLOY: когда карта развёрнута; ")
    assert ["SELF", "эта карта"] in russian["references"]
    assert words()["references"] == []  # no game: no references


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


def test_a_french_message_loses_its_path_once_not_twice():
    assert without_path("effects[0].actions\u00a0: obligatoire", "effects[0].actions") == "obligatoire"
    assert without_path("effects[0].actions : obligatoire", "effects[0].actions") == "obligatoire"
    assert without_path("effects[0].actions: required", "effects[0].actions") == "required"
