"""Spreadsheets as design tools save them (issue 40, item 4): a title row above the header, columns
the card set does not know (nanDECK's and Component.studio's Notes, quantity, image) left out with
one warning, and a set code a spreadsheet turned into a date flagged. The files in ``sheets/`` were
written for these tests in the shape those tools save (not copied); the XLSX is written here."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from cards.imports import cards_import_file
from cards.models import Card
from cards.spreadsheets import read_card_set
from common.errors import InvalidInput
from common.finding_messages import message

pytestmark = pytest.mark.django_db
SHEETS = Path(__file__).parent / "sheets"


def test_a_nandeck_sheet_with_a_title_row_and_its_own_columns_imports_with_two_warnings():
    data = (SHEETS / "nandeck-title-row.csv").read_bytes()
    report = cards_import_file(data=data, name="nandeck-title-row.csv", game="vanguard")
    assert sorted(report.created) == ["SH-001", "SH-002", "SH-003"]
    codes = [f.code for f in report.warnings]
    assert codes == ["SHEET_HEADER_ROW", "SHEET_COLUMNS_LEFT_OUT"]
    header, left_out = report.warnings
    assert header.message == "row 3 was taken as the header row: the rows above it name no column"
    assert left_out.message == (
        "columns left out (no key of vanguard cards, header row 3): Notes (L), quantity (M), image (N)"
    )
    knight = Card.objects.get(stable_id="SH-001")
    assert knight.name == "Sheet Knight" and knight.game_fields["power"] == 10000
    assert not {"Notes", "quantity", "image"} & set(knight.game_fields)
    assert report.to_dict()["warnings"][1]["code"] == "SHEET_COLUMNS_LEFT_OUT"


def test_the_rows_under_a_title_are_numbered_as_the_file_numbers_them():
    sheet = read_card_set((SHEETS / "nandeck-title-row.csv").read_bytes(), name="x.csv", game="vanguard")
    assert sheet.rows == [4, 5, 6]


def test_the_command_prints_the_warnings_and_imports(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "importcards", str(SHEETS / "nandeck-title-row.csv"), "--game", "vanguard", stdout=out, stderr=err
    )
    assert "warning: row 3 was taken as the header row" in err.getvalue()
    assert "warning: columns left out (no key of vanguard cards, header row 3): Notes (L)" in err.getvalue()
    assert "3 created" in out.getvalue()


def test_a_set_code_turned_into_a_date_is_flagged_by_row_and_column():
    data = (SHEETS / "set-code-as-date.csv").read_bytes()
    with pytest.raises(InvalidInput) as caught:
        cards_import_file(data=data, name="set-code-as-date.csv", game="vanguard")
    [finding] = caught.value.findings
    assert finding.code == "FIELD_INVALID"
    assert finding.message.startswith(
        "row 2 (Dated Knight), column set (C): '05-Jan' is a date a spreadsheet made of a code such as 1-5"
    )
    assert not Card.objects.exists()


def _component_studio_xlsx() -> bytes:
    """A sheet as Component.studio's Google Sheets export saves it: a title row, then the header
    with its quantity and image columns; one set code typed as 1-5 and stored as a date."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["Royal Paladin — Component.studio data"])
    sheet.append(["name", "type", "set", "grade", "power", "shield", "critical", "clan", "quantity", "image"])
    sheet.append(["Studio Knight", "NORMAL_UNIT", "SC1", 3, 10000, 0, 1, "Royal Paladin", 3, "knight.png"])
    sheet.append(
        [
            "Dated Squire",
            "NORMAL_UNIT",
            datetime.datetime(2026, 1, 5),
            0,
            5000,
            10000,
            1,
            "Royal Paladin",
            4,
            "",
        ]
    )
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_a_component_studio_xlsx_finds_its_header_and_flags_its_dated_set_code():
    sheet = read_card_set(_component_studio_xlsx(), name="cs.xlsx", game="vanguard")
    assert [f.code for f in sheet.warnings] == ["SHEET_HEADER_ROW", "SHEET_COLUMNS_LEFT_OUT"]
    assert sheet.warnings[1].params["columns"] == "quantity (I), image (J)"
    [error] = sheet.errors
    assert error.params["row"] == 4 and "'05-Jan' is a date" in error.message


def test_the_warnings_and_the_date_speak_french_and_russian():
    sheet = read_card_set(_component_studio_xlsx(), name="cs.xlsx", game="vanguard")
    findings = [*sheet.warnings, *sheet.errors]
    with translation.override("fr"):
        said = [message(f) for f in findings]
    assert said[0].startswith("la ligne 2 a été prise pour la ligne d’en-tête")
    assert "colonnes laissées de côté" in said[1]
    assert "une date qu’un tableur a faite" in said[2]
    with translation.override("ru"):
        said = [message(f) for f in findings]
    assert said[0].startswith("строка 2 взята за строку заголовков")
    assert "столбцы пропущены" in said[1]
    assert "дата, в которую электронная таблица превратила код" in said[2]


def test_a_sheet_whose_first_row_is_its_header_says_nothing_more():
    data = b"name,type\nMur,CARD\n"
    sheet = read_card_set(data, name="s.csv", game="chesscards")
    assert sheet.warnings == [] and sheet.errors == []


def test_the_import_page_shows_the_warnings_in_the_readers_language(client_as, designer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("nandeck.csv", (SHEETS / "nandeck-title-row.csv").read_bytes())
    answer = client_as(designer).post(
        "/cards/sets/import/",
        {"file": upload, "game": "vanguard"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    html = answer.content.decode()
    assert answer.status_code == 200 and "data-warnings" in html
    assert "la ligne 3 a été prise pour la ligne d’en-tête" in html
    assert Card.objects.filter(stable_id="SH-001").exists()
