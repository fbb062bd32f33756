"""The Russian playtester reads the card browser and a playtest table in Russian where the cards have
validated translations (the demo's Vanguard cards are printed in English), the English name one click
away; the browser at 390 px without sideways scrolling. Screenshots in test-output/screenshots/."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tables.models import Table
from tests.browser.helpers import FITS
from tests.tables.live_kit import deck_for

from .test_tables import asgi_server, player, shoot  # noqa: F401 (the table's fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_the_russian_playtester_browses_the_cards_in_russian_at_390(page, login, screenshot):
    from django.contrib.auth import get_user_model

    call_command("loaddemo", verbosity=0)
    playtester = get_user_model().objects.get(username="playtester")
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, playtester, "/cards/?q=set:TD01")  # the demo's playtester reads Russian
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    tiles = page.locator(".cardtile h3 > a")
    expect(tiles.filter(has_text="Бластер Блейд")).to_have_attribute("lang", "ru")
    expect(tiles.filter(has_text="Blaster Blade")).to_have_count(0)
    assert page.evaluate(FITS), "the card browser scrolls sideways at 390 px"
    screenshot(page, "translated-cards-browser-ru-390")
    # The English name, one click away.
    tile = page.locator(".cardtile", has=page.locator("h3 > a", has_text="Бластер Блейд"))
    source = tile.locator("details.source-name")
    expect(source.locator("span[lang=en]")).to_be_hidden()
    source.locator("summary").click()
    expect(source.locator("span[lang=en]")).to_have_text("Blaster Blade")
    assert page.evaluate(FITS), "the open source name makes the page scroll sideways"
    # The list view too.
    page.goto("/cards/?q=set:TD01&view=list")
    expect(page.locator("td.cardname > a", has_text="Бластер Блейд")).to_have_count(1)
    assert page.evaluate(FITS)
    screenshot(page, "translated-cards-list-ru-390")

    # The test draws of TD01: the dealt cards in Russian, at 390 px too.
    from decks.models import Deck

    deck = Deck.objects.filter(owner=playtester, name="Trial Deck Vol.01: Blaster Blade").first()
    assert deck is not None
    page.goto(f"/decks/{deck.pk}/draws/?seed=4")
    names = page.locator("form[data-mulligan] .playcard .name > span[lang]")
    expect(names).to_have_count(5)
    assert all(re.search("[а-яА-Я]", name) for name in names.all_inner_texts()), names.all_inner_texts()
    assert page.evaluate(FITS), "the test draws scroll sideways at 390 px"
    screenshot(page, "translated-draws-ru-390")


def test_a_hot_seat_of_vanguard_names_the_cards_in_russian(player, make_user):  # noqa: F811
    from cards import demo
    from studio.models import Preference

    alice = make_user("playtester", username="alice")
    Preference.objects.update_or_create(user=alice, defaults={"language": "ru"})
    first, second = deck_for("vanguard", alice), deck_for("vanguard", alice, which=0, name="TD01 (2)")
    demo.load_translations()
    page = player(alice, 1280)
    page.goto(f"/tables/?deck={first.pk}")
    page.locator("#opponent_deck").select_option(str(second.pk))
    page.get_by_role("button", name="Открыть стол").click()
    assert Table.objects.get().hot_seat
    names = page.locator(".side[data-seat='1'] .zone[data-zone='hand'] .tcard .cardname")
    expect(names.first).to_have_attribute("lang", "ru")
    shown = names.all_inner_texts()
    assert shown and all(re.search("[а-яА-Я]", name) for name in shown), shown
    # The zoom: the Russian name, the English one below it.
    page.locator(".side[data-seat='1'] .zone[data-zone='hand'] .tcard .face").first.dblclick()
    expect(page.locator("#zoom-title")).to_have_text(shown[0])
    expect(page.locator("#zoom-source")).to_be_visible()
    expect(page.locator("#zoom-source-name")).to_have_attribute("lang", "en")
    assert not re.search("[а-яА-Я]", page.locator("#zoom-source-name").inner_text())
    shoot(page, "translated-table-vanguard-ru-1280")
