"""Card types, fields and enum values in the reader's language, as each game names them.

The rule sets declare English labels (``type_labels``, ``value_labels``, marked ``NC_(game, ...)``);
pages, the API and the faces' deck view translate them with the real catalogues. English stays as
it was (keys read as words).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from cards.demo import DEMO_DIR, card_set
from cards.forms import CardForm
from common import i18n
from rules import get_ruleset, registry

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def page(client, url, language, **params) -> str:
    response = client.get(url, params, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return re.sub(r"\s+", " ", response.content.decode())


# --- the rule sets -------------------------------------------------------------------------------
def test_every_type_and_value_label_is_marked_with_its_games_context():
    """A label written without NC_(key, ...) would never reach a catalogue, or another game's word."""
    wrong = []
    games = ROOT / "rules" / "games"
    paths = sorted(path for path in games.rglob("*.py") if path.parent != games)
    assert paths, "no game package in rules/games/"
    for path in paths:
        key = path.relative_to(games).parts[0]  # rules/games/<game>/...: the game's key
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Dict) or not node.values:
                continue
            calls = [v for v in node.values if isinstance(v, ast.Call) and getattr(v.func, "id", "") == "NC_"]
            for call in calls:
                context = call.args[0]
                if not (isinstance(context, ast.Constant) and context.value == key):
                    wrong.append(f"{path.relative_to(games)}:{call.lineno}")
    assert wrong == []
    for ruleset in registry:
        assert set(ruleset.type_labels) <= set(ruleset.card_types)
        assert ruleset.declaration_problems() == []


def test_english_labels_read_as_before():
    darkrow, vanguard = get_ruleset("darkrow"), get_ruleset("vanguard")
    with translation.override("en"):
        assert i18n.type_label(vanguard, "NORMAL_UNIT") == "Normal unit"
        assert i18n.type_label(darkrow, "OBJECT") == "Object"
        assert i18n.value_label(vanguard, "trigger", "HEAL") == "Heal"
        assert i18n.field_label(vanguard, "critical") == "Critical"


def test_each_game_has_its_own_words_in_french_and_russian():
    darkrow, duel, riftbound, vanguard = (
        get_ruleset(k) for k in ("darkrow", "duel", "riftbound", "vanguard")
    )
    with translation.override("fr"):
        assert i18n.type_label(darkrow, "OBJECT") == "Objet"
        assert i18n.type_label(darkrow, "PLACE") == "Lieu"
        assert i18n.type_label(darkrow, "LEGENDARY") == "Légendaire"
        assert i18n.value_label(darkrow, "behavior", "CONSUMABLE") == "Consommable"
        # One English word, two games, two French words.
        assert i18n.type_label(duel, "SPELL") == "Magie"
        assert i18n.type_label(riftbound, "SPELL") == "Sort"
        # no game given: the words of every game with a SPELL (another game's may come too)
        assert {"Magie", "Sort"} <= set(i18n.type_label(None, "SPELL").split(" / "))
        assert i18n.value_label(duel, "faction", "DARKNESS") == "Ténèbre"
        # Issue 45: the types riftbound's seed writes in English have their French words.
        assert i18n.type_label(riftbound, "BATTLEFIELD") == "Champ de bataille"
        assert i18n.type_label(riftbound, "GEAR") == "Équipement"
        assert i18n.type_label(riftbound, "CHAMPION_UNIT") == "Unité Champion"
        assert i18n.field_label(riftbound, "tags") == "Étiquettes"
        assert i18n.value_label(riftbound, "power", "RAINBOW") == "Arc-en-ciel"
        assert i18n.field_label(riftbound, "might") == "Might"
    with translation.override("ru"):
        assert i18n.type_label(vanguard, "TRIGGER_UNIT") == "Триггер-юнит"
        assert i18n.type_label(vanguard, "NORMAL_UNIT") == "Обычный юнит"
        # The seed keeps the triggers' names; the critical field is «крит».
        assert i18n.value_label(vanguard, "trigger", "CRITICAL") == "Critical"
        assert i18n.field_label(vanguard, "critical") == "Крит"
        assert i18n.field_label(vanguard, "grade") == "Грейд"


# --- the pages ---------------------------------------------------------------------------------
def test_a_french_card_page_of_darkrow_shows_the_french_type_and_behaviour(
    client_as, designer, reviewer, make_card
):
    card = make_card("darkrow", name="Casque de moto", type="OBJECT", cost=1, behavior="EQUIPMENT")
    text = page(client_as(reviewer), reverse("cards:detail", args=[card.stable_id]), "fr")
    assert "<span>Objet</span>" in text
    assert '<dd>Objet <code class="muted">OBJECT</code></dd>' in text
    assert "<dd>Équipement</dd>" in text
    # The editor: the type menu and the behaviour's choices.
    text = page(client_as(designer), reverse("cards:detail", args=[card.stable_id]), "fr")
    assert '<option value="OBJECT" selected>Objet</option>' in text
    assert '<option value="EQUIPMENT" selected>Équipement</option>' in text
    assert '<option value="CONSUMABLE">Consommable</option>' in text
    assert '<option value="LEADER">Leader</option>' in text


def test_a_russian_vanguard_tile_shows_russian_field_labels(client_as, designer, make_card):
    make_card("vanguard")
    text = page(client_as(designer), reverse("cards:browse"), "ru", q="game:vanguard")
    assert '<p class="meta">Обычный юнит · TD01</p>' in text
    assert '<span title="Грейд">Грейд <b>2</b></span><span title="Сила">Сила <b>9000</b></span>' in text
    assert "grade" not in re.sub(r"<[^>]+>", " ", text.split('class="cardgrid"')[1]).lower()
    # The Type facet, by the game's word.
    assert re.search(r'<span class="facet-value">Обычный юнит</span>', text)
    listed = page(client_as(designer), reverse("cards:browse"), "ru", q="game:vanguard", view="list")
    assert '<td data-label="Тип">Обычный юнит</td>' in listed and "<span>Грейд <b>2</b></span>" in listed
    # Each cell of a row says its column's name (a row is a block on a phone), as the header does.
    header = re.findall(r'<th scope="col">([^<]+)</th>', listed)
    cells = re.findall(r'<td[^>]* data-label="([^"]*)"', listed)
    assert len(cells) == 6 and set(cells) <= set(header), (cells, header)


def test_english_tiles_are_as_before(client_as, designer, make_card):
    make_card("vanguard")
    text = page(client_as(designer), reverse("cards:browse"), "en", q="game:vanguard")
    assert '<p class="meta">Normal unit · TD01</p>' in text
    assert '<span title="Grade">Grade <b>2</b></span>' in text


def test_the_status_facet_is_found_by_its_key_in_every_language(client_as, designer, make_card):
    make_card("darkrow")
    for language in ("en", "fr", "ru"):
        text = page(client_as(designer), reverse("cards:browse"), language)
        assert re.search(r'<span class="facet-value"><span class="badge DRAFT">', text), language


def test_the_editor_names_riftbound_domains_in_french(designer):
    riftbound = get_ruleset("riftbound")
    with translation.override("fr"):
        form = CardForm(riftbound)
        assert dict(form.fields["domains"].widget.choices)["FURY"] == "Fureur"
        assert dict(form.fields["type"].widget.choices)["CHAMPION_UNIT"] == "Unité Champion"
        assert form.fields["might"].label == "Might"


def test_the_games_api_keeps_keys_and_gives_labels_in_the_readers_language(api, designer):
    french = {g["key"]: g for g in api(designer).get("/api/games/", HTTP_ACCEPT_LANGUAGE="fr").json()}
    assert french["duel"]["cardTypes"][1] == "SPELL"
    assert french["duel"]["cardTypeLabels"]["SPELL"] == "Magie"
    assert french["riftbound"]["cardTypeLabels"]["SPELL"] == "Sort"
    behaviour = next(f for f in french["darkrow"]["fields"] if f["name"] == "behavior")
    assert behaviour["choices"] == ["CONSUMABLE", "EQUIPMENT"]
    assert behaviour["choiceLabels"] == {"CONSUMABLE": "Consommable", "EQUIPMENT": "Équipement"}
    english = {g["key"]: g for g in api(designer).get("/api/games/", HTTP_ACCEPT_LANGUAGE="en").json()}
    assert english["vanguard"]["cardTypeLabels"] == {
        "NORMAL_UNIT": "Normal unit",
        "TRIGGER_UNIT": "Trigger unit",
    }


# --- decks: statistics, builder, faces ------------------------------------------------------------------
@pytest.fixture
def vanguard_deck(playtester):
    from cards.imports import cards_import
    from decks.services import deck_create

    cards_import(payload=card_set("vanguard"))
    with open(DEMO_DIR / "decks" / "vanguard-td01.deck.json", encoding="utf-8") as handle:
        return deck_create(data=json.load(handle), user=playtester)


def test_russian_statistics_name_types_and_triggers_and_write_a_decimal_comma(
    client_as, playtester, vanguard_deck
):
    client = client_as(playtester)
    url = reverse("decks:stats", args=[vanguard_deck.pk])
    russian = page(client, url, "ru")
    average = re.search(r"<dt>среднее: грейд</dt><dd>([^<]+)</dd>", russian)
    assert average and re.fullmatch(r"\d,\d\d", average.group(1))
    assert '<th scope="row">Триггер-юнит</th><td>16</td>' in russian
    assert '<th scope="row">Heal</th>' in russian
    assert "Trigger unit" not in russian
    french = page(client, url, "fr")
    assert re.search(r"<dd>\d,\d\d</dd>", french)
    assert '<th scope="row">Unité trigger</th><td>16</td>' in french
    english = page(client, url, "en")
    assert re.search(r"<dd>\d\.\d\d</dd>", english)
    assert '<th scope="row">Trigger unit</th><td>16</td>' in english


def test_the_builder_and_the_faces_view_name_types_in_russian(client_as, playtester, vanguard_deck):
    client = client_as(playtester)
    builder = page(client, reverse("decks:detail", args=[vanguard_deck.pk]), "ru")
    assert re.search(r'<span class="meta">Триггер-юнит · Грейд 0', builder)
    faces = page(client, reverse("faces:deck", args=[vanguard_deck.pk]), "ru")
    assert "<h3>Триггер-юнит <span" in faces
    assert "по: тип" in faces
    by_grade = page(client, reverse("faces:deck", args=[vanguard_deck.pk]), "ru", by="grade")
    assert "<h3>Грейд 0 <span" in by_grade


# --- findings name the game's fields and types by their labels ------------------------------------------
def test_a_findings_fields_and_types_read_as_the_game_names_them(client_as, reviewer, make_card):
    from common import finding_messages as fm

    card = make_card("darkrow", name="Casque de moto", type="OBJECT", cost=1, behavior="EQUIPMENT")
    text = page(client_as(reviewer), reverse("cards:detail", args=[card.stable_id]), "fr")
    assert "les cartes Objet n’ont pas de ATK" in text
    assert "les cartes OBJECT" not in text
    finding = {"code": "FIELD_RANGE", "message": "power is -1", "field": "power"}
    finding["params"] = {"field": "power", "observed": -1, "minimum": 0}
    with translation.override("ru"):
        assert fm.message(finding, "vanguard").startswith("Сила ")
        assert fm.message(finding).startswith("power ")  # no game: the key
    with translation.override("en"):
        assert fm.message(finding, "vanguard") == "power is -1"  # English readers: the core's words


# --- formats -------------------------------------------------------------------------------------
def test_a_rule_sets_format_reads_in_the_readers_language_and_a_reviewers_name_as_written():
    from common.finding_messages import format_label
    from decks.models import DeckFormat

    constructed = DeckFormat.objects.get(game="riftbound", key="constructed")
    classic = DeckFormat.objects.get(game="vanguard", key="classic")
    with translation.override("fr"):
        assert (constructed.label, format_label("constructed")) == ("Construit", "Construit")
    with translation.override("ru"):
        assert (classic.label, format_label("classic")) == ("Классический", "Классический")
    with translation.override("en"):
        assert constructed.label == "Constructed"
    constructed.name = "Constructed 2027"  # a reviewer's own name: nobody translates it
    with translation.override("fr"):
        assert constructed.label == "Constructed 2027"
        assert format_label("no-such-format") == "no-such-format"


def test_the_search_help_says_what_each_field_accepts_in_the_readers_words(client_as, designer):
    french = page(client_as(designer), reverse("cards:help"), "fr")
    assert "or null" not in french and "integer" not in french
    assert "un nombre entier de 0 à 3, ou vide" in french  # vanguard's grade
    assert "Cartes d’échecs" in french and "Chess cards" not in french
    russian = page(client_as(designer), reverse("cards:help"), "ru")
    assert "целое число от 0 до 3 или пусто" in russian and "Шахматные карты" in russian
    english = page(client_as(designer), reverse("cards:help"), "en")
    assert "a whole number from 0 to 3, or empty" in english and "Chess cards" in english


def test_no_template_shows_a_rule_sets_english_name():
    """A page names a game with ``|game_name`` (its name in the reader's language): a template that
    shows ``ruleset.name`` puts "Chess cards" on French pages again."""
    from pathlib import Path

    from django.conf import settings

    roots = [Path(settings.BASE_DIR) / "templates"]
    found = [
        f"{path.relative_to(settings.BASE_DIR)}:{number}"
        for root in roots
        for path in root.rglob("*.html")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bruleset\.name\b", line)
    ]
    assert found == []
