"""The card browser in the reader's language: each card of the list and the grid named by its current
(VALIDATED, not stale) translation, the source name one click away; never a draft, a translation
waiting for review or a stale one; the page's translations read in one query, whatever their number."""

from __future__ import annotations

import re

import pytest

from cards import demo
from cards.demo import card_set
from cards.imports import cards_import
from cards.models import Card, CardTranslation, TranslationStatus
from cards.translations import mark_stale

pytestmark = pytest.mark.django_db


@pytest.fixture
def vanguard(db):
    """The demo's Vanguard cards (written in English) with the demo's translations (TD01 in Russian)."""
    cards_import(payload=card_set("vanguard"))
    demo.load_translations()


def card_names(page: str, view: str) -> list[str]:
    """The names the list's rows (or the grid's tiles) show, in order."""
    pattern = r'<td class="cardname"><a [^>]*>([^<]+)</a>' if view == "list" else r"<h3><a [^>]*>([^<]+)</a>"
    return re.findall(pattern, page)


@pytest.mark.parametrize("view", ["list", "grid"])
def test_the_russian_playtester_reads_the_card_list_in_russian_with_the_source_one_click_away(
    client_as, russian_playtester, vanguard, view
):
    page = client_as(russian_playtester).get("/cards/", {"q": "set:TD01", "view": view}).content.decode()
    names = card_names(page, view)
    assert names and "Бластер Блейд" in names and "Blaster Blade" not in names
    # The translated name says its language and carries the source in its title; the source is behind "source".
    assert re.search(r'lang="ru" title="Blaster Blade">Бластер Блейд</a>', page)
    assert re.search(
        r'<details class="source-name"><summary[^>]*>[^<]+</summary> <span lang="en">Blaster Blade</span></details>',
        page,
    )
    if view == "list":  # a card without a picture yet: the initial of the name the reader reads
        row = re.search(r"<tr>(?:(?!</tr>).)*Бластер Блейд.*?</tr>", page, re.S).group(0)
        assert '<div class="noimage" data-game="vanguard"><span>Б</span>' in row


def test_the_htmx_results_and_a_search_by_name_name_cards_in_russian_too(
    client_as, russian_playtester, vanguard
):
    page = (
        client_as(russian_playtester)
        .get("/cards/", {"q": "blaster", "view": "list"}, HTTP_HX_REQUEST="true")
        .content.decode()
    )
    assert "Бластер Блейд" in card_names(page, "list")
    assert '<span lang="en">Blaster Blade</span>' in page


@pytest.mark.parametrize("change", ["draft", "needs_review", "stale"])
def test_the_list_never_shows_a_translation_that_is_not_current(
    client_as, russian_playtester, vanguard, change
):
    blade = Card.objects.get(stable_id="TD01-005")
    if change == "stale":
        mark_stale([blade.pk])
    else:
        CardTranslation.objects.filter(card=blade, language="ru").update(
            status=TranslationStatus.DRAFT if change == "draft" else TranslationStatus.NEEDS_REVIEW
        )
    page = client_as(russian_playtester).get("/cards/", {"q": "set:TD01", "view": "list"}).content.decode()
    names = card_names(page, "list")
    assert "Blaster Blade" in names and "Бластер Блейд" not in names
    assert "Рыцарь розы, Моргана" in names  # the others are still read in Russian


def test_a_reader_of_the_cards_own_language_reads_the_source(client_as, playtester, vanguard):
    page = client_as(playtester).get("/cards/", {"q": "set:TD01", "view": "list"}, HTTP_ACCEPT_LANGUAGE="en")
    page = page.content.decode()
    assert "Blaster Blade" in card_names(page, "list") and 'class="source-name"' not in page


def test_the_lists_translations_are_read_in_one_query(
    django_assert_max_num_queries, client_as, russian_playtester, vanguard
):
    client = client_as(russian_playtester)

    def translation_queries(url: str) -> tuple[int, int]:
        # The pins of tests/cards/test_views.py (8), + the reader's translations of the page's cards.
        with django_assert_max_num_queries(9) as captured:
            page = client.get(url).content.decode()
        assert "Бластер Блейд" in page
        return sum('"cards_cardtranslation"' in q["sql"] for q in captured.captured_queries), len(
            card_names(page, "list" if "list" in url else "grid")
        )

    for url in ("/cards/", "/cards/?view=list", "/cards/?q=set:TD01&view=list"):
        queries, shown = translation_queries(url)
        assert queries == 1 and shown > 10, url
