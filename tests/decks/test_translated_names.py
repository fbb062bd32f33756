"""The deck builder and deck page in the reader's language: each card named by its current (VALIDATED, not
stale) translation, the source name one click away; never a draft, a translation waiting for review or a
stale one; the page's translations read in one query."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from cards import demo
from cards.models import Card, CardTranslation, TranslationStatus
from cards.translations import mark_stale
from decks.services import deck_create
from tests import module_data

from .conftest import DECKS, own_everything

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo's TD01 with the demo's translations (every TD01 card in Russian), the Russian
    playtester's own; built once for the module (tests/module_data.py: each test starts from it in a
    savepoint of its own; built for each of its tests it was most of the module's setup)."""
    from cards.imports import cards_import
    from studio.models import Preference

    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        cards_import(payload=demo.card_set("vanguard"))
        demo.load_translations()
        playtester = module_data.make_user("playtester", username="paula")
        Preference.objects.create(user=playtester, language="ru")  # reads Russian, as the demo's
        td01 = json.loads((DECKS / "vanguard-td01.deck.json").read_text(encoding="utf-8"))
        own_everything(playtester, td01)
        yield {"playtester": playtester, "deck": deck_create(data=td01, user=playtester)}


@pytest.fixture
def russian_playtester(built, db):
    return module_data.fresh(built["playtester"])


@pytest.fixture
def td01_deck(built, db):
    return module_data.fresh(built["deck"])


def names(page: str) -> list[str]:
    """The card names of the deck's entries, as the page shows them."""
    return re.findall(r'class="cardname"[^>]*>([^<]+)<', page)


def test_the_russian_playtester_reads_td01_in_russian_with_the_source_one_click_away(
    client_as, russian_playtester, td01_deck
):
    page = client_as(russian_playtester).get(reverse("decks:detail", args=[td01_deck.pk])).content.decode()
    shown = names(page)
    assert len(shown) == 16
    assert "Бластер Блейд" in shown and "Blaster Blade" not in shown
    assert all(re.search("[а-яА-Я]", name) for name in shown), shown
    # The translated name says its language; the source name is in the title and behind "source".
    assert re.search(r'lang="ru" class="cardname"[^>]*title="Blaster Blade"[^>]*>Бластер Блейд<', page)
    assert re.search(
        r'<details class="source-name"><summary[^>]*>[^<]+</summary> <span lang="en">Blaster Blade</span></details>',
        page,
    )
    # The interface's words around it stay Russian, the labels of the buttons name the Russian card.
    assert "Рыцарь розы, Моргана" in page


def test_the_decks_statistics_name_its_cards_in_russian_too(client_as, russian_playtester, td01_deck):
    page = client_as(russian_playtester).get(reverse("decks:stats", args=[td01_deck.pk])).content.decode()
    composition = page[page.index('class="composition"') :]
    assert re.search(r'<span lang="ru" title="Blaster Blade">Бластер Блейд</span>', composition)
    assert '<span lang="en">Blaster Blade</span>' in composition  # behind the "source" toggle
    assert "Knight of Rose, Morgana" not in composition.replace(
        'title="Knight of Rose, Morgana"', ""
    ).replace('<span lang="en">Knight of Rose, Morgana</span>', "")


def test_the_builders_search_results_name_cards_in_russian_too(client_as, russian_playtester, td01_deck):
    client = client_as(russian_playtester)
    for url in (
        reverse("decks:detail", args=[td01_deck.pk]) + "?q=blaster",
        reverse("decks:search", args=[td01_deck.pk]) + "?q=blaster",
    ):
        page = client.get(url).content.decode()
        results = page[page.index('class="results"') :]
        assert re.search(r'<span lang="ru"[^>]*title="Blaster Blade">Бластер Блейд</span>', results), url
        assert '<span lang="en">Blaster Blade</span>' in results
        assert 'aria-label="Добавить Бластер Блейд' in results or "Бластер Блейд" in results


@pytest.mark.parametrize(
    "change",
    ["draft", "needs_review", "stale"],
)
def test_a_playtester_never_reads_a_translation_that_is_not_current(
    client_as, russian_playtester, td01_deck, change
):
    blade = Card.objects.get(stable_id="TD01-005")
    if change == "stale":
        mark_stale([blade.pk])
    else:
        CardTranslation.objects.filter(card=blade, language="ru").update(
            status=TranslationStatus.DRAFT if change == "draft" else TranslationStatus.NEEDS_REVIEW
        )
    client = client_as(russian_playtester)
    page = client.get(reverse("decks:detail", args=[td01_deck.pk])).content.decode()
    assert "Blaster Blade" in names(page) and "Бластер Блейд" not in names(page)
    assert "Рыцарь розы, Моргана" in names(page)  # the others are still read in Russian
    results = client.get(reverse("decks:search", args=[td01_deck.pk]) + "?q=blaster").content.decode()
    # TD01's print is named as written; BT01's print of the same name keeps its current translation.
    assert "Бластер Блейд" not in result_of(results, "TD01-005") and "Blaster Blade" in result_of(
        results, "TD01-005"
    )
    assert "Бластер Блейд" in result_of(results, "BT01-002")


def result_of(page: str, stable_id: str) -> str:
    return re.search(rf'<li class="result[^"]*" data-card="{stable_id}".*?</li>', page, re.S).group(0)


def test_a_reader_of_the_cards_own_language_reads_the_source(client_as, make_user, load_cards, demo_deck):
    # The chess cards are written in French: a French reader reads them as written, a Russian one in Russian.
    load_cards("chesscards")
    demo.load_translations()
    designer = make_user("designer", username="dana")
    deck = deck_create(data=demo_deck("chesscards-default"), user=designer)
    url = reverse("decks:detail", args=[deck.pk])
    client = client_as(designer)
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Marche arrière" in names(french) and 'class="source-name"' not in french
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Шаг назад" in names(russian) and '<span lang="fr">Marche arrière</span>' in russian
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Step back" in names(english) and "Шаг назад" not in english


def test_the_translations_of_a_deck_page_are_read_in_one_query(
    django_assert_max_num_queries, client_as, russian_playtester, td01_deck
):
    client = client_as(russian_playtester)
    url = reverse("decks:detail", args=[td01_deck.pk])

    def translation_queries(limit: int, target: str) -> int:
        with django_assert_max_num_queries(limit) as captured:
            page = client.get(target).content.decode()
        assert "Бластер Блейд" in page
        return sum('"cards_cardtranslation"' in q["sql"] for q in captured.captured_queries)

    # The pins of the other decks' pages (tests/decks/test_views.py), + the cards the player owns (Classic
    # plays owned cards only) where the search shows them: the entries, the picks, the printings and the
    # search results are named by one query, whatever their number; + the deck's comment threads; +
    # whether the reader watches the deck (its Watch button).
    assert translation_queries(16, url) == 1
    assert translation_queries(15, url + "?q=t:normal_unit") == 1
    assert translation_queries(11, reverse("decks:panel", args=[td01_deck.pk])) == 1
    assert translation_queries(12, reverse("decks:search", args=[td01_deck.pk]) + "?q=blade") == 1
    assert translation_queries(11, reverse("decks:stats", args=[td01_deck.pk])) == 1


# --- test draws and odds -----------------------------------------------------------------------------------
def playcard_names(page: str) -> list[str]:
    """The names of the dealt cards (the starter, the hand), as the page shows them."""
    return re.findall(r'<span class="name"><span lang="[a-z]+"[^>]*>([^<]+)</span>', page)


def test_the_test_draws_name_the_dealt_cards_in_russian_with_the_source_one_click_away(
    client_as, russian_playtester, td01_deck
):
    client = client_as(russian_playtester)
    page = client.get(reverse("decks:draws", args=[td01_deck.pk]) + "?seed=4").content.decode()
    shown = playcard_names(page)
    assert len(shown) >= 6, shown  # the starter and the opening hand
    assert all(re.search("[а-яА-Я]", name) for name in shown), shown
    # The mulligan's checkboxes name the cards in Russian too.
    put_back = re.findall(r'aria-label="Вернуть (.+?) \(карта \d+\)"', page)
    assert put_back and all(re.search("[а-яА-Я]", name) for name in put_back), put_back
    # The deck's order (behind its toggle) and the odds' choices too, each source behind "source".
    decklist = page[page.index('class="decklist"') :]
    assert re.search(
        r'<li><span lang="ru" title="[^"]+">[^<]+</span> <details class="source-name">', decklist
    )
    odds = page[page.index('class="oddsform"') :]
    assert re.search(r'<span lang="ru" title="Blaster Blade">Бластер Блейд</span>', odds)
    assert '<span lang="en">Blaster Blade</span>' in odds
    answer = client.get(
        reverse("decks:odds", args=[td01_deck.pk]) + "?cards=TD01-005&copies=1&turn=3"
    ).content.decode()
    assert re.search(r'<span lang="ru" title="Blaster Blade">Бластер Блейд</span>', answer)


@pytest.mark.parametrize("change", ["draft", "needs_review", "stale"])
def test_the_test_draws_never_show_a_translation_that_is_not_current(
    client_as, russian_playtester, td01_deck, change
):
    blade = Card.objects.get(stable_id="TD01-005")
    if change == "stale":
        mark_stale([blade.pk])
    else:
        CardTranslation.objects.filter(card=blade, language="ru").update(
            status=TranslationStatus.DRAFT if change == "draft" else TranslationStatus.NEEDS_REVIEW
        )
    page = client_as(russian_playtester).get(reverse("decks:draws", args=[td01_deck.pk]) + "?seed=4")
    page = page.content.decode()
    assert "Бластер Блейд" not in page
    odds = page[page.index('class="oddsform"') :]
    assert '<span lang="en">Blaster Blade</span>' in odds and "Рыцарь розы, Моргана" in odds


def test_the_test_draws_read_their_translations_in_one_query(
    django_assert_max_num_queries, client_as, russian_playtester, td01_deck
):
    client = client_as(russian_playtester)
    # The pins of tests/decks/test_views.py (8), + the cards the player owns, + the deck's translations.
    for url in (
        reverse("decks:draws", args=[td01_deck.pk]) + "?seed=4&mulligan=1&draws=2",
        reverse("decks:odds", args=[td01_deck.pk]) + "?cards=TD01-005&copies=1&turn=3",
    ):
        with django_assert_max_num_queries(10) as captured:
            page = client.get(url).content.decode()
        assert "Бластер Блейд" in page
        assert sum('"cards_cardtranslation"' in q["sql"] for q in captured.captured_queries) == 1
