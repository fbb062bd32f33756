"""POST /api/card-sets/import/ and GET /api/card-sets/export/: the commands' import and export, over HTTP."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.demo import card_set
from cards.imports import cards_import
from cards.models import Card
from cards.selectors import card_export
from cards.spreadsheets import read_card_set

pytestmark = pytest.mark.django_db
IMPORT, EXPORT = "/api/card-sets/import/", "/api/card-sets/export/"


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data)


def test_a_designer_imports_a_csv_upload_and_gets_the_report(api, designer):
    data = b"name;type;cost;atk;pv\nVodka;UNIT;6;6;6\n"
    answer = api(designer).post(
        IMPORT, {"file": upload("set.csv", data), "game": "darkrow"}, format="multipart"
    )
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["game"] == "darkrow" and len(body["created"]) == 1 and body["needsReview"] == []
    again = api(designer).post(
        IMPORT, {"file": upload("set.csv", data), "game": "darkrow"}, format="multipart"
    )
    assert again.json()["unchanged"] == body["created"]


def test_a_json_body_is_a_card_set(api, designer):
    answer = api(designer).post(IMPORT, card_set("duel"), format="json")
    assert answer.status_code == 200 and len(answer.json()["created"]) == len(card_set("duel")["cards"])


def test_a_bad_row_is_a_400_naming_row_and_column_and_nothing_is_stored(api, designer):
    data = b"name,type,cost,atk,pv\nVodka,UNIT,six,6,6\n"
    answer = api(designer).post(
        IMPORT, {"file": upload("set.csv", data), "game": "darkrow"}, format="multipart"
    )
    assert answer.status_code == 400
    [finding] = answer.json()["errors"]
    assert finding["message"].startswith(
        "row 2 (Vodka), column cost (C): 'six' is not a whole number; allowed:"
    )
    assert finding["code"] == "FIELD_INVALID" and finding["field"] == "cost"
    assert not Card.objects.exists()


@pytest.mark.parametrize(
    "name, data, status",
    [("cards.png", b"\x89PNG\r\n\x1a\n", 400), ("cards.xlsx", b"PK\x03\x04broken", 400)],
)
def test_a_file_that_is_no_card_set_is_refused_with_one_message(api, designer, name, data, status):
    answer = api(designer).post(IMPORT, {"file": upload(name, data)}, format="multipart")
    assert answer.status_code == status and "\n" not in answer.json()["detail"]


def test_a_file_over_the_limit_is_413(api, designer, settings):
    settings.CARDSETS_MAX_BYTES = 10
    answer = api(designer).post(IMPORT, {"file": upload("set.csv", b"name,type\n" * 5)}, format="multipart")
    assert answer.status_code == 413


def test_who_may_import_and_export(api, playtester, reviewer, designer):
    assert api().post(IMPORT, card_set("duel"), format="json").status_code == 401
    assert api(playtester).post(IMPORT, card_set("duel"), format="json").status_code == 403
    assert api(reviewer).post(IMPORT, card_set("duel"), format="json").status_code == 403
    assert api(playtester).get(EXPORT, {"game": "duel"}).status_code == 403
    assert api(reviewer).get(EXPORT, {"game": "duel"}).status_code == 200


def test_a_designer_imports_validated_cards_as_needs_review(api, designer):
    payload = {
        "game": "darkrow",
        "cards": [{"name": "Vodka", "type": "UNIT", "cost": 6, "atk": 6, "pv": 6, "status": "VALIDATED"}],
    }
    body = api(designer).post(IMPORT, payload, format="json").json()
    [note] = body["needsReview"]
    assert "only a reviewer validates" in note["message"] and note["findings"] == []
    assert Card.objects.get().status == "NEEDS_REVIEW"
    again = api(designer).post(IMPORT, payload, format="json").json()
    assert again["unchanged"] == body["created"]
    payload["cards"][0]["status"] = "DISABLED"
    assert api(designer).post(IMPORT, payload, format="json").status_code == 403


@pytest.mark.parametrize("fmt", ["json", "csv", "xlsx"])
def test_export_in_each_format_reads_back_unchanged(api, designer, fmt):
    cards_import(payload=card_set("vanguard"))
    answer = api(designer).get(EXPORT, {"game": "vanguard", "format": fmt})
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == f'attachment; filename="vanguard-cards.{fmt}"'
    assert read_card_set(answer.content, name=f"x.{fmt}").errors == []
    reimport = api(designer).post(IMPORT, {"file": upload(f"x.{fmt}", answer.content)}, format="multipart")
    assert reimport.json()["created"] == reimport.json()["updated"] == []
    assert len(reimport.json()["unchanged"]) == len(card_export(game="vanguard")["cards"])


def test_export_refuses_an_unknown_game_or_format(api, designer):
    assert api(designer).get(EXPORT, {"game": "poker"}).status_code == 400
    assert api(designer).get(EXPORT).status_code == 400
    answer = api(designer).get(EXPORT, {"game": "duel", "format": "pdf"})
    assert answer.status_code == 400 and "format" in answer.json()
