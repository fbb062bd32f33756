"""Faces per language, the pure part (issue 28, item 5): a template's labels and fixed words in each
language, a face whose labels never mix languages, the mark of a face printed in its source texts,
and the template checks that keep a translation complete. No database."""

from __future__ import annotations

import dataclasses
import io
import re
import xml.etree.ElementTree as ET

import pdfplumber
import pytest

from faces.render import FaceCard, render_back, render_face, text_findings
from faces.sheet import write_print_sheet
from faces.template import template_for, validate_template
from rules.face_template import TEXT_OVERFLOW, has_letters, localized, template_languages
from rules.registry import registry
from tests.seeds import SEED_GAMES

from .helpers import demo_cards

SVG = "{http://www.w3.org/2000/svg}"
# The games with demo cards to draw (a game registered for a run, such as CI's sixth, has none).
GAMES = sorted(SEED_GAMES)
LANGUAGES = ("en", "fr", "ru")


def texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


def printed_words(template: dict, language: str, game: str) -> set[str]:
    """Every label and word with letters a face in ``language`` may print."""
    shown = localized(template, language, default=registry.get(game).language)
    assert shown["language"] == language
    words = {w for w in shown["words"].values() if has_letters(w)}
    for values in shown["labels"].values():
        words |= {v for v in values.values() if has_letters(v)}
    return words


def foreign_words(template: dict, language: str, game: str) -> set[str]:
    """The labels and words of the other languages that this language does not print as well."""
    own = printed_words(template, language, game)
    others = set()
    for other in LANGUAGES:
        if other != language:
            others |= printed_words(template, other, game)
    return {w for w in others - own if w.upper() not in {o.upper() for o in own}}


def found(words: set[str], text: str) -> set[str]:
    """The words of ``words`` in ``text``, whole (Unit is not in Unité), case-insensitively."""
    return {w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.IGNORECASE)}


def neutral(card: FaceCard, language: str) -> FaceCard:
    """The card's face in ``language`` with neutral texts (its translation's would be in it): what is
    left in a language are the template's labels and words."""
    return dataclasses.replace(card, name="X-1", text="", archetypes=(), lang=language)


def sample(game: str) -> list[FaceCard]:
    """A few demo cards of the game: one of each type, and its flags (trigger, sentinel, faction...)."""
    cards = demo_cards(game)
    picked: dict[object, FaceCard] = {}
    for card in cards:
        key = (card.type, tuple(sorted(k for k, v in card.fields.items() if v not in (None, "", [], False))))
        picked.setdefault(key, card)
    return list(picked.values())[:12]


# --- each game speaks three languages ----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_game_template_prints_its_labels_in_en_fr_and_ru(game):
    template = template_for(game)
    assert validate_template(template, game=game) == []
    assert set(template_languages(template, registry.get(game).language)) == set(LANGUAGES)


def test_a_vanguard_face_in_english_says_power_grade_and_its_type_in_english():
    card = next(c for c in demo_cards("vanguard") if c.type == "NORMAL_UNIT" and c.fields.get("shield"))
    en = " | ".join(
        texts(render_face(dataclasses.replace(card, lang="en"), template_for("vanguard"), fonts="none").svg)
    )
    ru = " | ".join(
        texts(render_face(dataclasses.replace(card, lang="ru"), template_for("vanguard"), fonts="none").svg)
    )
    assert "POWER" in en and "GRADE" in en and "SHIELD" in en and "Normal Unit" in en
    assert "СИЛА" not in en and "ГРЕЙД" not in en and "Обычный юнит" not in en
    assert "СИЛА" in ru and "ГРЕЙД" in ru and "Обычный юнит" in ru and "POWER" not in ru


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_faces_labels_never_mix_languages(game, language):
    """Every demo card type's face in each language: no label or word of another language."""
    template = template_for(game)
    foreign = foreign_words(template, language, game)
    own = printed_words(template, language, game)
    seen_own = set()
    for card in sample(game):
        face = render_face(neutral(card, language), template, fonts="none")
        shown = " | ".join(texts(face.svg))
        assert found(foreign, shown) == set(), (card.stable_id, shown)
        seen_own |= found(own, shown)
    assert seen_own, "the faces print labels of their language"
    back = " | ".join(texts(render_back(game, template, fonts="none", lang=language).svg))
    assert found(foreign, back) == set(), back


@pytest.mark.parametrize("game", GAMES)
def test_a_russian_print_sheet_holds_no_label_of_another_language(game):
    """The PDF's own text (pdfplumber), as a printer reads it: Russian labels only."""
    template = template_for(game)
    faces = [render_face(neutral(card, "ru"), template, fonts="none") for card in sample(game)]
    out = io.BytesIO()
    write_print_sheet(iter(faces), out, paper="a4", back=render_back(game, template, fonts="none", lang="ru"))
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert found(foreign_words(template, "ru", game), text) == set()
    assert re.search("[А-Яа-яЁё]", text), "the Russian labels are in the PDF"


# --- the mark of a face printed in its source texts --------------------------------------------------------
def test_a_face_in_another_language_without_its_translation_carries_the_source_language_mark():
    card = demo_cards("darkrow")[0]
    template = template_for("darkrow")
    marked = render_face(dataclasses.replace(card, lang="ru", text_lang="fr"), template, fonts="none")
    plain = render_face(card, template, fonts="none")
    assert "FR" in texts(marked.svg) and "FR" not in texts(plain.svg)
    assert card.name in " ".join(texts(marked.svg))  # the source's name, as it is
    assert (marked.lang, marked.fallback_lang) == ("ru", "fr")
    assert (plain.lang, plain.fallback_lang) == ("fr", "")
    translated = render_face(
        dataclasses.replace(card, name="Джин", lang="ru", translated=True), template, fonts="none"
    )
    assert "FR" not in texts(translated.svg) and "Джин" in texts(translated.svg)


def test_text_overflow_of_a_translation_names_its_language():
    card = demo_cards("darkrow")[0]
    template = template_for("darkrow")
    long = "Очень длинный текст перевода, который не помещается. " * 40
    [finding] = [
        f
        for f in text_findings(dataclasses.replace(card, text=long, lang="ru", translated=True), template)
        if f.code == TEXT_OVERFLOW
    ]
    assert finding.params["language"] == "ru" and finding.field == "text"
    assert "ru translation" in finding.message
    [source] = [
        f for f in text_findings(dataclasses.replace(card, text=long), template) if f.code == TEXT_OVERFLOW
    ]
    assert "language" not in (source.params or {})


# --- templates: words, translations, and the ones teams stored before ------------------------------------
def test_a_translation_that_leaves_out_a_label_or_a_word_is_refused_where_it_is():
    template = template_for("vanguard")
    del template["translations"]["en"]["labels"]["type"]["NORMAL_UNIT"]
    del template["translations"]["fr"]["words"]["power"]
    template["translations"]["en"]["words"]["nope"] = "NOPE"
    template["regions"][-1]["content"] = "{@missing} {set}"
    errors = {(e.path, e.message) for e in validate_template(template, game="vanguard")}
    paths = {path for path, _m in errors}
    assert "translations.en.labels" in paths and "translations.fr.words" in paths
    assert "translations.en.words.nope" in paths
    assert any("{@missing}" in m for _p, m in errors)
    assert any("would mix languages" in m for _p, m in errors)


def test_symbols_need_no_translation_and_a_language_code_is_checked():
    template = template_for("vanguard")
    assert "triggerIcon" not in template["translations"]["en"]["labels"]  # ★ is no language
    template["language"] = "Russian"
    [error] = validate_template(template, game="vanguard")
    assert error.path == "language" and "language code" in error.message


def test_a_template_stored_before_languages_still_validates_and_draws_its_own_words():
    """A team's template saved without words nor translations (its fixed words in content)."""
    template = template_for("vanguard")
    for key in ("language", "words", "translations"):
        template.pop(key)
    for region in template["regions"]:
        if region["id"] == "power":
            region["content"] = "СИЛА {power}"
        if region["id"] == "shield":
            region["content"] = "ЩИТ {shield}"
        if region["id"] == "gradeCaption":
            region["content"] = "ГРЕЙД"
    assert validate_template(template, game="vanguard") == []
    card = next(c for c in demo_cards("vanguard") if c.type == "NORMAL_UNIT")
    shown = texts(render_face(dataclasses.replace(card, lang="en"), template, fonts="none").svg)
    assert any(t.startswith("СИЛА") for t in shown) and "Обычный юнит" in shown  # as it was
