"""renderface, printsheet and exporttts take --lang (issue 28, item 5): the faces in that language, a
card without a validated translation in its source texts (marked), said in the summary."""

from __future__ import annotations

import json

import pdfplumber
import pytest

from tests.decks.test_commands import run

from .test_face_languages_routes import RU, translate

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(make_card, designer, reviewer):
    """Two darkrow cards (French): the first translated into Russian and VALIDATED, the second not."""
    first = make_card("darkrow", user=designer, name="Kazuha", set="DR1")
    second = make_card("darkrow", user=designer, name="Genta", set="DR1")
    translate(first, "ru", RU, designer, reviewer)
    return first, second


def test_printsheet_in_russian_prints_the_translation_and_names_the_untranslated_cards(cards, tmp_path):
    first, second = cards
    out = tmp_path / "ru.pdf"
    status, stdout, _ = run("printsheet", "--game", "darkrow", "--out", str(out), "--lang", "ru", "--backs")
    assert status == 0
    with pdfplumber.open(out) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert RU["name"] in text and "Genta" in text and "Kazuha" not in text
    assert "Юнит" in text and "Unité" not in text  # the labels in Russian only
    assert "Каждый индекс на счету" in text  # the backs too
    [line] = [line for line in stdout.splitlines() if second.stable_id in line]
    assert line.startswith("1 ") and first.stable_id not in line


def test_printsheet_without_lang_is_as_before(cards, tmp_path):
    out = tmp_path / "fr.pdf"
    status, stdout, _ = run("printsheet", "--game", "darkrow", "--out", str(out))
    assert status == 0 and len(stdout.strip().splitlines()) == 1
    with pdfplumber.open(out) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "Kazuha" in text and RU["name"] not in text and "Unité" in text


def test_renderface_in_english_marks_the_source_texts(cards, tmp_path):
    first, _second = cards
    out = tmp_path / "en.svg"
    status, stdout, _ = run("renderface", first.stable_id, "--out", str(out), "--lang", "en")
    svg = out.read_text(encoding="utf-8")
    assert status == 0 and "Kazuha" in svg and ">FR<" in svg and ">Unit<" in svg.replace(" ", "")
    assert first.stable_id in stdout.splitlines()[-1]
    status, *_ = run("renderface", first.stable_id, "--out", str(tmp_path / "ru.svg"), "--lang", "ru")
    assert RU["name"] in (tmp_path / "ru.svg").read_text(encoding="utf-8")


def test_exporttts_in_russian_names_the_cards_in_russian(cards, designer, tmp_path):
    from decks.services import deck_create

    first, second = cards
    deck = deck_create(
        data={
            "game": "darkrow",
            "name": "Deux",
            "sections": {
                "main": [{"card": first.stable_id, "count": 2}, {"card": second.stable_id, "count": 1}]
            },
        },
        user=designer,
    )
    status, stdout, _ = run("exporttts", str(deck.pk), "--out", str(tmp_path / "tts"), "--lang", "ru")
    assert status == 0
    state = json.loads((tmp_path / "tts" / "deck.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert {o["Nickname"] for o in state["ContainedObjects"]} == {RU["name"], "Genta"}
    assert second.stable_id in stdout


def test_an_unknown_lang_is_a_usage_error(cards, tmp_path):
    status, _out, err = run(
        "printsheet", "--game", "darkrow", "--out", str(tmp_path / "x.pdf"), "--lang", "de"
    )
    assert status == 2 and "--lang de" in err
