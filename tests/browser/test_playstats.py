"""The play statistics as a designer reads them (issue 26): the card page of a played card shows its
figures by version with a chart, and the game's statistics page ranks it, at 1280 and 390 px."""

import pytest
from playwright.sync_api import expect

from playstats import services
from tests.playstats.test_services import finished_vanguard_game, games_of_7_8_and_unknown_turns
from tests.tables import conftest as table_fixtures

# The table tests' fixtures: demo cards in the database, decks of them.
load_cards, make_deck, opponent = table_fixtures.load_cards, table_fixtures.make_deck, table_fixtures.opponent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_played_cards_figures_on_its_page_and_the_games_ranking(
    page, login, playtester, make_deck, make_user, screenshot
):
    table, card, _first = finished_vanguard_game(playtester, make_deck)
    services.playstats_count_table(table_id=table.pk)
    designer = make_user("designer", username="dina")
    login(page, designer, f"/cards/{card.stable_id}/")
    figures = page.locator(".playfigures")
    expect(figures).to_contain_text("Play figures")
    expect(figures.locator("tbody tr").first).to_contain_text(f"v{card.version}")
    expect(figures.locator("svg.ratechart").first).to_be_visible()
    expect(figures).to_contain_text("too few to read")
    figures.scroll_into_view_if_needed()
    screenshot(page, "playstats-card-figures")

    page.goto("/stats/vanguard/")
    expect(page.locator("#by-play + ol.ranking li").first).to_contain_text(card.name)
    expect(page.locator("table.matchups")).to_contain_text("Royal Paladin")
    screenshot(page, "playstats-game-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the statistics page is {width} px wide at 390 px"
    screenshot(page, "playstats-game-390")


def test_a_decks_record_in_russian_at_390_px(page, login, playtester, opponent, make_deck, screenshot):
    """A deck's statistics tab in its player's language on a phone: the record's figures, the average
    length a decimal number of turns (a game recorded without its length left out of it)."""
    from studio.models import Preference

    Preference.objects.update_or_create(user=playtester, defaults={"language": "ru"})
    mine, _theirs = games_of_7_8_and_unknown_turns(playtester, opponent, make_deck)
    page.set_viewport_size({"width": 390, "height": 900})
    login(page, playtester, f"/decks/{mine.pk}/stats/")
    record = page.locator(".playrecord")
    expect(record.locator("dt", has_text="средняя длина, в ходах").locator("+ dd")).to_have_text("7,5")
    expect(record.locator("dt", has_text="партии")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    record.scroll_into_view_if_needed()
    screenshot(page, "playstats-deck-record-ru-390")


def test_a_player_confirms_a_game_recorded_against_their_deck_in_russian_at_390_px(
    page, login, playtester, opponent, make_deck, screenshot
):
    """Issue 47: a paper game recorded against another player's deck counts once they confirm it, on
    their page of games to confirm (in their language, on a phone)."""
    from playstats.models import PaperGame
    from studio.models import Preference

    Preference.objects.update_or_create(user=opponent, defaults={"language": "ru"})
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    paper = services.paper_game_record(
        user=playtester,
        decks=[mine, theirs],
        winner=1,
        turns=9,
        notes="Клуб, второй раунд: " + "долгая " * 12,
    )
    page.set_viewport_size({"width": 390, "height": 900})
    login(page, opponent, "/stats/paper/proposals/")
    card = page.locator(f"#paper-{paper.pk}")
    expect(page.locator("h1")).to_have_text("Партии на бумаге для подтверждения")
    expect(card).to_contain_text("9 ходов")
    expect(card).to_contain_text("paula")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "playstats-proposals-ru-390")
    card.get_by_role("button", name="Подтвердить: мы её сыграли").click()
    expect(page.locator(".messages")).to_contain_text("подтверждена")
    expect(page.locator("#asked-none")).to_be_visible()
    assert PaperGame.objects.get(pk=paper.pk).status == PaperGame.Status.COUNTED
