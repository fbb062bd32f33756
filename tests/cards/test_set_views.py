"""/cards/sets/: designers import a card-set file in place and export a game's set."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Card

pytestmark = pytest.mark.django_db
PAGE, IMPORT = "/cards/sets/", "/cards/sets/import/"
HTMX = {"HTTP_HX_REQUEST": "true"}


def csv_file(text: str, name: str = "set.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode())


def test_the_page_is_in_the_nav_for_designers_and_reviewers_only(client_as, designer, reviewer, playtester):
    page = client_as(designer).get(PAGE)
    html = page.content.decode()
    assert page.status_code == 200
    assert 'href="/cards/sets/" aria-current="page"' in html and 'id="set-import"' in html
    assert 'href="/cards/" aria-current="page"' not in html
    reviewer_page = client_as(reviewer).get(PAGE).content.decode()
    assert 'id="set-export"' in reviewer_page and 'id="set-import"' not in reviewer_page
    assert client_as(playtester).get(PAGE).status_code == 403
    assert "/cards/sets/" not in client_as(playtester).get("/cards/").content.decode()


def test_an_import_reports_in_place(client_as, designer):
    data = {"file": csv_file("name,type,cost,atk,pv,status\nVodka,UNIT,6,6,6,DRAFT\n"), "game": "darkrow"}
    answer = client_as(designer).post(IMPORT, data, **HTMX)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith("{% load") is False and 'id="set-report"' in html
    assert "Darkrow: 1 created, 0 updated, 0 unchanged." in html
    assert Card.objects.filter(name="Vodka").exists()


def test_a_refused_import_stays_in_place_with_every_row_and_imports_nothing(client_as, designer):
    data = {
        "file": csv_file("name,type,cost,atk,pv\nVodka,UNIT,six,6,6\nGin,LEADER,,,x\n"),
        "game": "darkrow",
    }
    answer = client_as(designer).post(IMPORT, data, **HTMX)
    assert answer.status_code == 400 and answer["X-Refusal"] == "swap"
    html = answer.content.decode()
    assert "Nothing was imported" in html
    assert "row 2 (Vodka), column cost (C): &#x27;six&#x27; is not a whole number" in html
    assert "row 3 (Gin), column pv (E)" in html
    assert not Card.objects.exists()


def test_a_file_that_is_no_card_set_is_one_message(client_as, designer):
    data = {"file": SimpleUploadedFile("art.png", b"\x89PNG\r\n\x1a\n")}
    answer = client_as(designer).post(IMPORT, data, **HTMX)
    assert answer.status_code == 400 and "is no card set" in answer.content.decode()


def test_validated_rows_their_rules_refuse_are_listed(client_as, make_user):
    admin = make_user("designer", "reviewer", username="ada")
    rows = "name,type,cost,atk,pv,status\nSans ATK,UNIT,3,,3,VALIDATED\n"
    answer = client_as(admin).post(IMPORT, {"file": csv_file(rows), "game": "darkrow"}, **HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200 and "1 card stored as Needs review, not VALIDATED" in html
    assert "row 2 (Sans ATK)" in html and Card.objects.get().status == "NEEDS_REVIEW"


def test_without_htmx_the_page_is_rendered_with_the_report(client_as, designer):
    answer = client_as(designer).post(
        IMPORT, {"file": csv_file("name,type\nMur,CARD\n"), "game": "chesscards"}
    )
    assert answer.status_code == 200 and "Chess cards: 1 created" in answer.content.decode()
    assert client_as(designer).post(IMPORT, {}).status_code == 400
