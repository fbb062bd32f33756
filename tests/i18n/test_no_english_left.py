"""Issue 25's list of words left in English or raw on French and Russian pages: the test draws'
mulligan rule, "start" badge and refusal, a game named by its key in a finding, the review diff's
status codes and field keys, the studio's own revision notes, a colon after a label in French."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from decks import services

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


@pytest.fixture
def vanguard_deck(playtester, demo_deck):
    from cards.demo import card_set
    from cards.imports import cards_import

    cards_import(payload=card_set("vanguard"))
    return services.deck_create(data=demo_deck("vanguard-td01"), user=playtester)


@pytest.fixture
def demo_deck():
    import json

    from cards.demo import DEMO_DIR

    def read(name: str) -> dict:
        return json.loads((DEMO_DIR / "decks" / f"{name}.deck.json").read_text(encoding="utf-8"))

    return read


def test_the_draw_page_says_the_mulligan_and_the_start_badge_in_russian(client_as, playtester, vanguard_deck):
    client = client_as(playtester)
    url = reverse("decks:draws", args=[vanguard_deck.pk])
    page = text(client.get(url, {"seed": 5}, headers={"Accept-Language": "ru"}))
    assert "under the deck" not in page and "draw as many" not in page
    assert (
        "Положите сколько угодно карт под колоду, возьмите столько же сверху, затем перемешайте колоду."
        in page
    )
    assert '<span class="tag">старт</span>' in page and '<span class="tag">start</span>' not in page


def test_a_refused_mulligan_is_said_in_french(client_as, playtester, load_cards):
    load_cards("riftbound")
    deck = services.deck_create(
        data={
            "game": "riftbound",
            "name": "R",
            "sections": {"main": [{"card": "RB-EX-003", "count": 3}, {"card": "RB-EX-004", "count": 3}]},
        },
        user=playtester,
    )
    url = reverse("decks:draws", args=[deck.pk])
    page = text(
        client_as(playtester).get(
            url, {"seed": 3, "mulligan": 1, "put": [0, 1, 2]}, headers={"Accept-Language": "fr"}
        )
    )
    assert "The hand is shown as dealt" not in page and "were chosen" not in page
    assert "un mulligan remet au plus 2 cartes\u202f; 3 ont été choisies." in page
    assert "La main est montrée telle qu’elle a été distribuée" in page
    assert "Remettez de 0 à 2 cartes" in page or "Placez de 0 à 2 cartes sous le deck" in page


@pytest.fixture
def load_cards(db):
    from cards.demo import card_set
    from cards.imports import cards_import

    def load(*games: str):
        for game in games:
            cards_import(payload=card_set(game))

    return load


def test_a_finding_names_the_game_by_its_name_in_russian_not_its_key():
    from common.finding_messages import render

    params = {"section": "main", "ref": "'X'", "game": "vanguard"}
    with translation.override("ru"):
        russian = render("UNKNOWN_CARD", params)
    assert "в игре vanguard" not in russian and "Cardfight!! Vanguard" in russian
    with translation.override("en"):  # English keeps the contract's words
        assert render("UNKNOWN_CARD", params).endswith("'X' names no vanguard card")


def test_the_review_diff_names_fields_and_statuses_in_words():
    from cards.diff import card_diff

    before = {"name": "A", "type": "UNIT", "atk": 3, "text": "old", "status": "VALIDATED"}
    after = {"name": "A", "type": "UNIT", "atk": 4, "text": "new", "status": "NEEDS_REVIEW"}
    diff = card_diff(before, after, game_fields=["cost", "atk", "pv"])
    with translation.override("fr"):
        html = render_to_string("reviews/_diff.html", {"diff": diff, "game": "darkrow"})
    cells = re.sub(r'title="[^"]*"', "", html)  # the key stays in a tooltip for those who search by it
    assert "VALIDATED" not in cells and "NEEDS_REVIEW" not in cells
    assert "<code>atk</code>" not in html and "<code>text</code>" not in html and ">atk<" not in cells
    assert "Validée" in cells or "Validé" in cells
    assert "Texte" in cells and "Statut" in cells


def test_the_studios_own_notes_are_translated_and_a_persons_kept(client_as, designer, load_cards):
    load_cards("duel")  # each card's first revision: the note "imported"
    html = text(client_as(designer).get("/", headers={"Accept-Language": "fr"}))
    assert "“imported”" not in html and "«\xa0importée\xa0»" in html
    from common.notes import shown_note

    with translation.override("ru"):
        assert shown_note("re-imported") == "импортирована повторно"
        assert shown_note("my own words") == "my own words"


def test_a_colon_after_a_label_has_its_french_space():
    class Audit:
        pk = 1
        status = "DONE"
        done = total = 3
        step = ""

    with translation.override("fr"):
        html = render_to_string("reviews/_audit_progress.html", {"audit": Audit()})
    assert "Audit n° 1</strong>\xa0: <span" in html
