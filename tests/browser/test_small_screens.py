"""Small screens, print and the small things of issue 17 (items 5 and 6), in a real browser: at 390 px the
builder shows the deck and its verdict first (search one tab away), the deck list and the card browser
fit (no horizontal overflow) and the facets fold away; the printed deck is a clean list; Enter, the
Game menu, printed archetype labels, the favicon and the login title."""

import re

import pytest
from playwright.sync_api import expect

from cards.demo import card_set
from cards.imports import cards_import
from cards.models import Card
from decks import services as deck_services

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


@pytest.fixture
def duel_deck(make_user):
    cards_import(payload=card_set("duel"))
    playtester = make_user("playtester", username="paula")
    deck = deck_services.deck_create(
        data={
            "game": "duel",
            "name": "Un deck au nom assez long pour un petit écran",
            "sections": {"main": [{"card": "DU-EX-001", "count": 3}, {"card": "DU-EX-002", "count": 2}]},
        },
        user=playtester,
    )
    return playtester, deck


def test_at_390_px_the_builder_deck_list_and_card_browser_fit(page, login, duel_deck, screenshot):
    playtester, deck = duel_deck
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, playtester, f"/decks/{deck.pk}/")
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    assert verdict.bounding_box()["y"] < 700  # the verdict in the first screen, not below the search
    expect(page.locator(".addcards")).to_be_hidden()
    assert page.evaluate(FITS)
    screenshot(page, "builder-390")
    page.get_by_role("tab", name="Add cards").click()
    expect(page.get_by_role("searchbox", name=re.compile("Search .* cards"))).to_be_visible()
    expect(verdict).to_be_hidden()
    assert page.evaluate(FITS)
    page.get_by_role("tab", name="Add cards").press("ArrowLeft")
    expect(page.get_by_role("tab", name="Deck and verdict")).to_be_focused()
    expect(verdict).to_be_visible()

    page.goto("/decks/")
    expect(page.locator(".decktable tbody tr")).to_have_count(1)
    assert page.evaluate(FITS)
    screenshot(page, "deck-list-390")

    page.goto("/cards/")
    fold = page.locator("details.facetfold")
    expect(fold).not_to_have_attribute("open", "")
    first = page.locator(".cardtile, .result").first
    expect(first).to_be_visible()
    assert first.bounding_box()["y"] < 844  # the cards in the first screen, the facets folded away
    assert page.evaluate(FITS)
    screenshot(page, "card-browser-390")
    fold.locator("summary").click()
    expect(fold.get_by_role("link", name=re.compile("Duel"))).to_be_visible()

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/cards/")
    expect(page.locator("details.facetfold")).to_have_attribute("open", "")


def test_the_printed_deck_is_a_clean_list_with_its_verdict(page, login, duel_deck, screenshot):
    playtester, deck = duel_deck
    login(page, playtester, f"/decks/{deck.pk}/")
    page.emulate_media(media="print")
    expect(page.locator("#verdict")).to_be_visible()
    expect(page.locator(".decksection").first).to_contain_text("DU-EX-001")
    expect(page.locator(".addcards")).to_be_hidden()
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator(".step").first).to_be_hidden()
    expect(page.locator("td.remove").first).to_be_hidden()
    expect(page.locator(".decksettings")).to_be_hidden()
    screenshot(page, "deck-print")


def test_a_copy_count_typed_and_entered_sends_one_request(page, login, duel_deck):
    playtester, deck = duel_deck
    login(page, playtester, f"/decks/{deck.pk}/")
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    box = page.get_by_role("spinbutton").first
    box.fill("5")
    box.press("Enter")
    expect(page.get_by_role("spinbutton").first).to_have_attribute("value", "5")
    page.wait_for_timeout(500)
    assert len(posts) == 1, posts
    expect(page.get_by_role("spinbutton").first).to_be_focused()


def test_enter_does_not_create_a_card_but_ctrl_enter_does(page, login, make_user):
    designer = make_user("designer", username="dana")
    login(page, designer, "/cards/new/?game=darkrow")
    page.get_by_label("Name").fill("Carte par erreur")
    page.get_by_label("Name").press("Enter")
    page.wait_for_timeout(500)
    assert not Card.objects.filter(name="Carte par erreur").exists()
    expect(page).to_have_url(re.compile(r"/cards/new/"))
    page.get_by_label("Name").press("Control+Enter")
    page.wait_for_url(re.compile(r"/cards/DR-"))
    assert Card.objects.filter(name="Carte par erreur").exists()


def test_the_game_menu_follows_the_query_and_facets_show_printed_labels(page, login, make_user, make_card):
    designer = make_user("designer", username="dana")
    make_card("darkrow", name="Kazuha", archetypes=["Lycéenne"])
    make_card("duel")
    login(page, designer, "/cards/")
    menu = page.locator("#id_game")
    expect(menu).to_have_value("")
    page.get_by_role("searchbox", name="Search cards").fill("game:darkrow ")
    expect(menu).to_have_value("darkrow")
    page.get_by_role("searchbox", name="Search cards").fill("kazuha")
    expect(menu).to_have_value("")
    page.goto("/cards/?q=g%3Adarkrow")
    expect(menu).to_have_value("darkrow")
    facets = page.locator(".facets")
    expect(facets.get_by_role("link", name=re.compile("Lycéenne"))).to_be_visible()
    expect(facets).not_to_contain_text("lyceenne")


def test_no_console_404_and_the_login_title(page, login, make_user):
    failures = []
    page.on("response", lambda r: failures.append(r.url) if r.status >= 400 else None)
    page.goto("/accounts/login/")
    expect(page).to_have_title("Log in · Card Studio")
    login(page, make_user("designer", username="dana"))
    page.goto("/cards/")
    page.wait_for_load_state("networkidle")
    assert failures == []
    icon = page.locator("link[rel=icon]")
    assert page.request.get(icon.get_attribute("href")).status == 200
    assert page.request.get("/favicon.ico").status == 200
