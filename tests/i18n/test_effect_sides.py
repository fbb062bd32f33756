"""An effect target's side in the reader's words (issue 45 item 6): the effect editor offered
"Ally / Opponent / Any" on French pages."""

import json

from django.utils import translation

from studio.templatetags.labels import effect_labels


def sides(language: str) -> dict:
    with translation.override(language):
        html = effect_labels("labels", "darkrow")
    return json.loads(html.split(">", 1)[1].rsplit("</script>", 1)[0])["side"]


def test_the_effect_editor_names_a_targets_side_in_french_and_russian():
    assert sides("fr") == {"ALLY": "Allié", "OPPONENT": "Adversaire", "ANY": "L’un ou l’autre camp"}
    assert sides("ru") == {"ALLY": "Свои", "OPPONENT": "Соперника", "ANY": "Любая сторона"}
    assert sides("en")["ANY"] == "Either side"


def zone_codes(schema) -> set[str]:
    """Every value of an effect's zone ("zone", an action's "to" and "from") in a game's schema."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                for name, prop in value.items():
                    if name in ("zone", "to", "from") and isinstance(prop, dict) and "enum" in prop:
                        found |= set(prop["enum"])
            found |= zone_codes(value)
    elif isinstance(schema, list):
        for item in schema:
            found |= zone_codes(item)
    return found


def test_the_effect_editor_names_every_games_zones_in_french_and_russian():
    """The target's zone offered "Hand, Banished, Field" in English on French pages, and DISCARD as the
    action « Défausser »: each zone has its label, in the reader's words."""
    from rules import registry

    codes = set().union(*(zone_codes(ruleset.effect_schema) for ruleset in registry))
    assert {"HAND", "DISCARD", "BANISHED", "FIELD", "GRAVEYARD", "VC", "BATTLEFIELD"} <= codes
    with translation.override("fr"):
        html = effect_labels("labels", "darkrow")
    french = json.loads(html.split(">", 1)[1].rsplit("</script>", 1)[0])["zone"]
    assert codes <= set(french), codes - set(french)
    assert (french["HAND"], french["DISCARD"], french["FIELD"], french["BANISHED"]) == (
        "Main",
        "Défausse",
        "Terrain",
        "Bannis",
    )
    with translation.override("ru"):
        html = effect_labels("labels", "darkrow")
    russian = json.loads(html.split(">", 1)[1].rsplit("</script>", 1)[0])["zone"]
    assert (russian["HAND"], russian["FIELD"], russian["DISCARD"]) == ("Рука", "Поле", "Сброс")


def test_each_games_effect_words_are_its_own_and_its_readers_whichever_came_first():
    """The editor's words are kept for each game and language (studio.templatetags.labels): every game
    reads its own help lines and references, in the reader's language, on the first page and the next."""
    from common.effect_words import words
    from rules import registry

    for _ in range(2):
        for language in ("fr", "ru", "en"):
            for ruleset in registry:
                with translation.override(language):
                    html = effect_labels("labels", ruleset.key)
                    expected = json.loads(json.dumps(words(ruleset)))
                shown = json.loads(html.split(">", 1)[1].rsplit("</script>", 1)[0])
                assert {key[1:]: shown[key] for key in ("$keys", "$help", "$references")} == expected, (
                    language,
                    ruleset.key,
                )
