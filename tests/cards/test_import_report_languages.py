"""A card-set import's report in the reader's language: what it stored as Needs review and why, the
conflicts it kept, the summary's plurals, on the page in place and in a job's stored report; the
API's codes and keys stay as they are."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape

from cards.imports import cards_import
from cards.services import card_update
from tests.cards.test_import_conflicts import payload as conflicts_payload

pytestmark = pytest.mark.django_db

IMPORT = "/cards/sets/import/"
HTMX = {"HTTP_HX_REQUEST": "true"}


def payload(**changes) -> dict:
    """test_import_conflicts' card, VALIDATED in the file."""
    return conflicts_payload(**{"status": "VALIDATED", **changes})


def a_conflict(designer):
    cards_import(payload=payload(status="DRAFT"))
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    return cards_import(payload=payload(status="DRAFT"))


@pytest.mark.parametrize(
    ("language", "expected", "english"),
    [
        (
            "fr",
            "carte 0 (DR-U01)\u00a0: DR-U01 (Vodka) enregistrée en NEEDS_REVIEW, pas en VALIDATED\u00a0: "
            "seul un relecteur valide une carte",
            "only a reviewer",
        ),
        (
            "ru",
            "карта 0 (DR-U01): DR-U01 (Vodka) сохранена как NEEDS_REVIEW, а не VALIDATED: "
            "утверждает карты только проверяющий",
            "only a reviewer",
        ),
    ],
)
def test_a_card_stored_as_needs_review_is_said_in_the_readers_language(designer, language, expected, english):
    report = cards_import(payload=payload(), user=designer)  # a designer may not validate
    [note] = report.needs_review
    with translation.override(language):
        assert note.describe() == expected
        data = report.to_dict()
    # The API's keys and codes are the contract's; only the message is in the reader's language.
    assert (
        data["needsReview"][0]["message"] == expected and data["needsReview"][0]["where"] == "card 0 (DR-U01)"
    )
    with translation.override("en"):
        assert note.describe().startswith("card 0 (DR-U01): DR-U01 (Vodka) stored as NEEDS_REVIEW")
        assert english in note.describe()


def test_the_rules_refusals_are_said_in_the_readers_language():
    report = cards_import(
        payload=payload(stableCardId="DR-X", name="Sans stats", atk=None, pv=None, cost=None)
    )
    [note] = report.needs_review
    assert note.findings
    with translation.override("fr"):
        text = note.describe()
    assert text.startswith("carte 0 (DR-X)\u00a0: DR-X (Sans stats) enregistrée en NEEDS_REVIEW")
    assert "les règles de son jeu la refusent\u00a0: " in text
    assert "its rules refuse it" not in text and note.findings[0].message not in text


def test_a_kept_conflict_is_said_in_the_readers_language(designer):
    report = a_conflict(designer)
    [conflict] = report.conflicts
    with translation.override("ru"):
        assert conflict.describe() == (
            f"конфликт № {conflict.conflict_id} (записан): DR-U01 (Vodka) изменена в студии после последнего "
            "импорта; оставлена версия студии; в файле отличаются поля: atk"
        )
    again = cards_import(payload=payload(status="DRAFT"))
    with translation.override("fr"):
        assert (
            again.conflicts[0]
            .describe()
            .startswith(
                f"conflit n° {conflict.conflict_id} (déjà enregistré)\u00a0: DR-U01 (Vodka) a été modifiée"
            )
        )


@pytest.mark.parametrize(
    ("count", "language", "expected"),
    [
        (1, "fr", "1 carte enregistrée en NEEDS_REVIEW au lieu de VALIDATED"),
        (2, "fr", "2 cartes enregistrées en NEEDS_REVIEW au lieu de VALIDATED"),
        (1, "ru", "1 карта сохранена как NEEDS_REVIEW вместо VALIDATED"),
        (3, "ru", "3 карты сохранены как NEEDS_REVIEW вместо VALIDATED"),
        (5, "ru", "5 карт сохранено как NEEDS_REVIEW вместо VALIDATED"),
    ],
)
def test_the_summary_counts_the_cards_in_the_readers_plural(designer, count, language, expected):
    cards = [
        {**payload()["cards"][0], "stableCardId": f"DR-U{n:02}", "name": f"Vodka {n}"} for n in range(count)
    ]
    report = cards_import(payload={"game": "darkrow", "cards": cards}, user=designer)
    with translation.override(language):
        assert expected in report.summary()


def test_the_page_says_the_report_in_russian(client_as, designer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {
        "file": SimpleUploadedFile("set.csv", b"name,type,cost,atk,pv,status\nVodka,UNIT,6,6,6,VALIDATED\n"),
        "game": "darkrow",
    }
    answer = client_as(designer).post(IMPORT, data, HTTP_ACCEPT_LANGUAGE="ru", **HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Darkrow: создано 1, обновлено 0, без изменений 0." in html
    assert escape("строка 2 (Vodka): ") in html and "сохранена как NEEDS_REVIEW, а не VALIDATED" in html
    assert "stored as NEEDS_REVIEW" not in html and "row 2" not in html


def test_a_jobs_stored_report_is_said_in_the_readers_language(designer):
    """A job stores its report as the API writes it (in the language the task ran in); its page says it
    again in the reader's."""
    report = a_conflict(designer)
    with translation.override("en"):
        stored = report.to_dict()
    job = {"pk": 1, "state": "DONE", "name": "set.json", "report": stored}
    with translation.override("fr"):
        html = render_to_string("cards/_import_job.html", {"job": job, "running": False})
    assert escape("a été modifiée dans le studio depuis son dernier import") in html
    assert "was changed in the studio" not in html
    assert "Darkrow" in html and "darkrow" not in html


def test_a_refused_file_says_each_refusal_in_the_readers_language(client_as, designer):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    sheet = SimpleUploadedFile("set.csv", b"name,type,cost,atk,pv\nVodka,UNIT,six,6,6\n")
    answer = client_as(designer).post(
        IMPORT, {"file": sheet, "game": "darkrow"}, HTTP_ACCEPT_LANGUAGE="fr", **HTMX
    )
    html = answer.content.decode()
    assert answer.status_code == 400
    assert "<li>ligne 2 (Vodka), colonne cost (C)\u00a0: " in html and "n’est pas un nombre entier" in html
    assert "row 2" not in html and "is not a whole number" not in html
    cards = {"game": "darkrow", "cards": [{**payload()["cards"][0], "cost": "six"}]}
    data = SimpleUploadedFile("set.json", json.dumps(cards).encode())
    answer = client_as(designer).post(
        IMPORT, {"file": data, "game": "darkrow"}, HTTP_ACCEPT_LANGUAGE="ru", **HTMX
    )
    html = answer.content.decode()
    assert answer.status_code == 400
    assert "<li>карта 0 (DR-U01): cost: должно быть целым числом" in html and "card 0" not in html


def test_a_failed_jobs_stored_refusals_are_said_in_the_readers_language():
    from common.errors import InvalidInput

    with pytest.raises(InvalidInput) as refused, translation.override("en"):
        cards_import(payload=payload(cost="six"))
    stored = [f.to_dict() for f in refused.value.findings]  # as a job stores them
    job = {"pk": 1, "state": "FAILED", "name": "set.json", "errors": stored}
    with translation.override("ru"):
        html = render_to_string("cards/_import_job.html", {"job": job, "running": False})
    assert "<li>карта 0 (DR-U01): cost: должно быть целым числом" in html
    assert stored[0]["message"].startswith("card 0 (DR-U01): ") and "card 0" not in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "'deux' n’est pas un nombre entier\u202f; permis\u00a0: un nombre entier de 0 à 3, ou vide"),
        ("ru", "'deux' — не целое число; допустимо: целое число от 0 до 3 или пусто"),
    ],
)
def test_what_a_sheets_cell_allows_is_said_in_the_readers_language(language, words):
    """A job stores a refused sheet's findings as the task wrote them (in English): what the field
    allows is stored as its bounds, and said in the language of whoever reads the job's page."""
    from cards.imports import cards_import_file
    from common.errors import InvalidInput

    sheet = b"name,type,grade,power,set\nBad Grade,NORMAL_UNIT,deux,9000,TD01\n"
    with pytest.raises(InvalidInput) as refused, translation.override("en"):
        cards_import_file(data=sheet, name="set.csv", game="vanguard")
    stored = [f.to_dict() for f in refused.value.findings]
    [finding] = stored
    assert finding["params"]["problemParams"] == {"value": "'deux'", "minimum": 0, "maximum": 3}
    job = {"pk": 1, "state": "FAILED", "name": "set.csv", "errors": stored}
    with translation.override(language):
        html = render_to_string("cards/_import_job.html", {"job": job, "running": False})
    assert escape(words) in html
    assert "allowed" not in html and "integer" not in html and "or empty" not in html


@pytest.mark.parametrize(
    ("language", "kept", "new", "expected"),
    [
        ("fr", 2, 1, "2 conflits ont gardé la version de l’utilisateur (1 nouveau)"),
        ("fr", 3, 2, "3 conflits ont gardé la version de l’utilisateur (2 nouveaux)"),
        ("ru", 2, 1, "2 конфликта: оставлена версия пользователя (1 новый)"),
        ("ru", 5, 5, "5 конфликтов: оставлена версия пользователя (5 новых)"),
        ("en", 2, 1, "2 conflicts kept the user's version (1 new)"),
    ],
)
def test_the_new_conflicts_are_counted_in_their_own_plural(language, kept, new, expected):
    from types import SimpleNamespace

    from cards.imports import ImportReport

    report = ImportReport(game="darkrow", conflicts=[SimpleNamespace(new=n < new) for n in range(kept)])
    with translation.override(language):
        assert report.summary().endswith(", " + expected)
