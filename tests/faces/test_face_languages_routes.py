"""Faces, print sheets and Tabletop Simulator exports per language, from the database (issue 28,
item 5): only a VALIDATED, current translation is printed, a card without one is printed in its
source texts with a mark, the cache and the ETag are per language, a bad language is a clear 400.
Faces are drawn at 50 dpi wherever the size does not matter."""

from __future__ import annotations

import io
import json
import re
import zipfile
from xml.etree import ElementTree as ET

import pdfplumber
import pytest
from django.urls import reverse

from cards import services as card_services
from cards.translations import translation_save, translation_set_status
from faces.inputs import face_inputs, render_inputs
from faces.models import FaceRendition, PrintJob

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
RU = {"name": "Пример монстра", "text": "Пример текста карты."}


def texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


def translate(card, language, data, designer, reviewer=None):
    """The card's translation into ``language``; VALIDATED when a reviewer is given."""
    translation = translation_save(stable_id=card.stable_id, language=language, data=data, user=designer)
    if reviewer is not None:
        translation_set_status(
            stable_id=card.stable_id, language=language, status="NEEDS_REVIEW", user=designer
        )
        translation = translation_set_status(
            stable_id=card.stable_id, language=language, status="VALIDATED", user=reviewer
        )
    return translation


@pytest.fixture
def monster(make_card, designer, reviewer):
    """A French duel monster (the game's language), VALIDATED so that playtesters see it."""
    card = make_card("duel", user=designer, text="Texte d’exemple.")
    card_services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    card.refresh_from_db()
    return card


def face_texts(card, lang):
    return " | ".join(texts(render_inputs(face_inputs(card, lang=lang)).face.svg))


def png(api, user, card, etag=None, **params):
    url = reverse("faces-api:card-face-png", args=[card.stable_id])
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return api(user).get(url, {"dpi": "50", **params}, **headers)


# --- what a face in a language prints --------------------------------------------------------------------
def test_a_validated_russian_translation_is_printed_with_russian_labels(monster, designer, reviewer):
    translate(monster, "ru", RU, designer, reviewer)
    ru = face_texts(monster, "ru")
    assert RU["name"] in ru and RU["text"] in ru
    assert "Монстр" in ru and "Monstre" not in ru  # the type's label in Russian, never French
    assert not re.search(r"(?<!\w)FR(?!\w)", ru)  # translated: no mark
    source = face_texts(monster, None)
    assert monster.name in source and "Monstre" in source and RU["name"] not in source


def test_a_face_in_english_without_a_translation_prints_the_source_with_its_mark(monster):
    inputs = face_inputs(monster, lang="en")
    shown = " | ".join(texts(render_inputs(inputs).face.svg))
    assert monster.name in shown and "Texte d’exemple." in shown  # the source texts, as they are
    assert "FR" in texts(render_inputs(inputs).face.svg)  # marked with their language
    assert "Monster" in shown and "Monstre" not in shown  # the labels in English all the same
    assert (inputs.lang, inputs.fallback_lang, inputs.translation_version) == ("en", "fr", 0)


def test_a_draft_or_stale_translation_is_never_printed(monster, designer, reviewer):
    translate(monster, "ru", RU, designer)  # DRAFT
    assert RU["name"] not in face_texts(monster, "ru") and "FR" in face_texts(monster, "ru")
    translate(monster, "en", {"name": "Example Monster EN"}, designer, reviewer)
    assert "Example Monster EN" in face_texts(monster, "en")
    card_services.card_update(
        stable_id=monster.stable_id, data={"text": "Un autre texte."}, user=designer
    )  # the source changes: the English translation is STALE
    monster.refresh_from_db()
    english = face_texts(monster, "en")
    assert "Example Monster EN" not in english and "Un autre texte." in english and "FR" in english


# --- the routes --------------------------------------------------------------------------------------------
def test_the_png_and_svg_say_their_language_and_the_fallback(api, playtester, monster, designer, reviewer):
    translate(monster, "ru", RU, designer, reviewer)
    ru = png(api, playtester, monster, lang="ru")
    assert ru.status_code == 200 and ru["X-Face-Language"] == "ru" and "X-Face-Untranslated" not in ru
    en = png(api, playtester, monster, lang="en")
    assert en["X-Face-Language"] == "en" and en["X-Face-Untranslated"] == "fr"
    assert png(api, playtester, monster)["X-Face-Language"] == "fr"  # no lang: the card's own
    svg = api(playtester).get(reverse("faces-api:card-face-svg", args=[monster.stable_id]), {"lang": "ru"})
    assert svg.status_code == 200 and RU["name"] in " ".join(texts(b"".join(svg.streaming_content).decode()))


def test_the_cache_keys_and_etags_differ_per_language_and_a_validation_makes_a_new_one(
    api, playtester, monster, designer, reviewer
):
    etags = {lang: png(api, playtester, monster, lang=lang)["ETag"] for lang in ("en", "fr", "ru")}
    assert len(set(etags.values())) == 3
    assert png(api, playtester, monster)["ETag"] == etags["fr"]  # the default is the source's face
    rows = FaceRendition.objects.filter(card=monster)
    assert sorted(rows.values_list("lang", "translation_version")) == [("en", 0), ("fr", 0), ("ru", 0)]
    assert len({r.file.name for r in rows}) == 3
    cached = png(api, playtester, monster, lang="ru", etag=etags["ru"])
    assert cached.status_code == 304
    translation = translate(monster, "ru", RU, designer, reviewer)
    after = png(api, playtester, monster, lang="ru", etag=etags["ru"])
    assert after.status_code == 200 and after["ETag"] != etags["ru"]  # the validation: a new face
    assert FaceRendition.objects.filter(
        card=monster, lang="ru", translation_version=translation.version
    ).exists()
    assert png(api, playtester, monster, lang="fr")["ETag"] == etags["fr"]  # the others are kept


@pytest.mark.parametrize("route", ["face", "sheet", "tts"])
def test_an_unknown_language_is_a_clear_400(api, playtester, monster, route):
    if route == "face":
        response = png(api, playtester, monster, lang="de")
    elif route == "sheet":
        response = api(playtester).get(
            reverse("faces-api:cards-sheet"), {"cards": monster.stable_id, "lang": "xx"}
        )
    else:
        response = api(playtester).get(reverse("faces-api:deck-tts", args=[999999]), {"lang": "klingon"})
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "FIELD_INVALID" and error["field"] == "lang"
    assert "en, fr, ru" in error["message"].replace("'", "")


def test_a_sheet_in_russian_prints_the_translations_and_says_which_cards_are_not(
    api, playtester, make_card, monster, designer, reviewer
):
    translate(monster, "ru", RU, designer, reviewer)
    other = make_card("duel", user=designer, name="Autre monstre")
    card_services.card_set_status(stable_id=other.stable_id, status="VALIDATED", user=reviewer)
    response = api(playtester).get(
        reverse("faces-api:cards-sheet"), {"cards": f"{monster.stable_id},{other.stable_id}", "lang": "ru"}
    )
    assert response.status_code == 200
    assert response["X-Faces-Language"] == "ru" and response["X-Faces-Untranslated"] == "1"
    assert response["X-Faces-Untranslated-Cards"] == other.stable_id
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert RU["name"] in text and "Autre monstre" in text and "Монстр" in text
    assert "Monstre" not in text.replace("Autre monstre", "")  # no French label on a Russian sheet


def test_a_print_job_keeps_its_language(api, designer):
    response = api(designer).post(
        reverse("faces-api:print-jobs"), {"game": "duel", "lang": "ru"}, format="json"
    )
    assert response.status_code == 202 and response.json()["lang"] == "ru"
    assert PrintJob.objects.get(pk=response.json()["id"]).lang == "ru"
    refused = api(designer).post(
        reverse("faces-api:print-jobs"), {"game": "duel", "lang": "de"}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "lang"


@pytest.fixture
def small_deck(monster, playtester):
    from decks import services

    data = {
        "game": "duel",
        "name": "Deux cartes",
        "sections": {"main": [{"card": monster.stable_id, "count": 2}]},
    }
    return services.deck_create(data=data, user=playtester)


def test_a_tabletop_simulator_export_in_russian_names_the_cards_in_russian(
    api, playtester, small_deck, monster, designer, reviewer
):
    translate(monster, "ru", RU, designer, reviewer)
    response = api(playtester).get(reverse("faces-api:deck-tts", args=[small_deck.pk]), {"lang": "ru"})
    assert response.status_code == 200 and response["X-Faces-Untranslated"] == "0"
    assert "-ru" in response["Content-Disposition"]
    state = json.loads(zipfile.ZipFile(io.BytesIO(response.content)).read("deck.json"))["ObjectStates"][0]
    assert {o["Nickname"] for o in state["ContainedObjects"]} == {RU["name"]}
    english = api(playtester).get(reverse("faces-api:deck-tts", args=[small_deck.pk]), {"lang": "en"})
    assert (
        english["X-Faces-Untranslated"] == "1" and english["X-Faces-Untranslated-Cards"] == monster.stable_id
    )


# --- the translation's text on the face in its language ------------------------------------------------------
def test_a_translation_whose_text_overflows_is_told_in_its_editor_and_api(api, client_as, monster, designer):
    translate(monster, "ru", {"name": "Длинный", "text": "Очень длинный текст. " * 80}, designer)
    detail = api(designer).get(f"/api/cards/{monster.stable_id}/translations/ru/")
    overflow = [f for f in detail.json()["findings"] if f["code"] == "TEXT_OVERFLOW"]
    assert overflow and overflow[0]["params"]["language"] == "ru" and overflow[0]["field"] == "text"
    page = client_as(designer).get(reverse("cards:translation", args=[monster.stable_id, "ru"]))
    assert "TEXT_OVERFLOW" in page.content.decode()
    assert not [
        f for f in detail.json()["findings"] if f["code"] == "TEXT_OVERFLOW" and "language" not in f["params"]
    ]


def test_the_translation_queue_reads_each_games_face_template_once(client_as, make_card, designer, reviewer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queue_queries():
        with CaptureQueriesContext(connection) as queries:
            page = client_as(reviewer).get(reverse("cards:translation-review"))
        assert page.status_code == 200
        return [q["sql"] for q in queries.captured_queries if "faces_facetemplate" in q["sql"]]

    for n in range(2):
        translate(
            make_card("duel", user=designer, name=f"Monstre {n}"), "ru", {"name": f"Монстр {n}"}, designer
        )
    few = queue_queries()
    for n in range(2, 7):
        translate(
            make_card("duel", user=designer, name=f"Monstre {n}"), "ru", {"name": f"Монстр {n}"}, designer
        )
    assert len(queue_queries()) == len(few) == 1


def test_the_deck_pages_faces_are_in_the_readers_language_only_where_translated(
    api, playtester, monster, designer, reviewer
):
    """``fallback=source``: a card without a current translation keeps its own face (unmarked)."""
    from django.utils import translation

    from faces.templatetags.faces import reader_face_png_url

    with translation.override("ru"):
        url = reader_face_png_url(monster, 100)
    with translation.override("fr"):
        assert "lang=" not in reader_face_png_url(monster, 100)  # the card's own language
    assert url.endswith("&lang=ru&fallback=source")
    own = png(api, playtester, monster)
    untranslated = png(api, playtester, monster, lang="ru", fallback="source")
    assert untranslated["X-Face-Language"] == "fr" and "X-Face-Untranslated" not in untranslated
    assert untranslated["ETag"] == own["ETag"]  # the very same face, cached once
    translate(monster, "ru", RU, designer, reviewer)
    translated = png(api, playtester, monster, lang="ru", fallback="source")
    assert translated["X-Face-Language"] == "ru" and translated["ETag"] != own["ETag"]
    refused = png(api, playtester, monster, lang="ru", fallback="maybe")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "fallback"


def test_the_template_editor_previews_a_language_and_its_words_as_typed(client_as, designer, make_card):
    """A designer types the English word of Vanguard's power and sees it on the English preview."""
    import json as json_module

    from faces.template import template_for

    make_card("vanguard", user=designer)
    template = template_for("vanguard")
    template["translations"]["en"]["words"]["power"] = "MIGHT"
    url = reverse("faces:template-preview", args=["vanguard"])
    english = (
        client_as(designer)
        .post(url, {"mode": "json", "template_json": json_module.dumps(template), "preview_lang": "en"})
        .content.decode()
    )
    assert "MIGHT 9000" in english and "СИЛА" not in english
    russian = client_as(designer).post(url, {"mode": "json", "template_json": json_module.dumps(template)})
    assert "СИЛА 9000" in russian.content.decode()  # each card's own: Vanguard's Russian
    del template["translations"]["en"]["words"]["power"]  # a face in English would mix languages
    refused = client_as(designer).post(url, {"mode": "json", "template_json": json_module.dumps(template)})
    assert "would mix languages" in refused.content.decode() and "<svg" not in refused.content.decode()
