"""The deck pages in a real browser: build a legal deck, see it become illegal when a card is disabled,
import and export a text decklist, statistics and test draws; screenshots of each page."""

import re
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from cards import imports as card_imports
from cards import services as card_services
from cards.demo import card_set
from cards.models import Status
from decks import services
from decks.models import Deck, DeckFormat
from tests.browser.helpers import HTMX_LOG, add_from_search, settles

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]


@pytest.fixture
def cards(db):
    def load(*games):
        for game in games:
            card_imports.cards_import(payload=card_set(game))

    return load


def test_a_playtester_builds_a_legal_deck_that_becomes_illegal_when_a_card_is_disabled(
    page, login, make_user, cards, screenshot, settings
):
    settings.DECKS_PANEL_POLL_SECONDS = 1
    cards("duel")
    playtester = make_user("playtester", username="paula")
    reviewer = make_user("reviewer", username="remi")
    login(page, playtester)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Decks").click()
    expect(page.get_by_role("heading", name="Decks", level=1)).to_be_visible()
    page.get_by_label("Game and format").select_option(
        str(DeckFormat.objects.get(game="duel", key="standard").pk)
    )
    page.get_by_label("Name").fill("Échange tempo")
    page.get_by_role("button", name="Create deck").click()

    expect(page.get_by_role("heading", name="Échange tempo", level=1)).to_be_visible()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Main deck has 0 cards; it must have exactly 40")
    add_from_search(page, "t:monster level<=4", "Example Light Squire", 20)
    expect(verdict).to_contain_text("Main deck has 20 cards; it must have exactly 40")
    add_from_search(page, "imp", "Example Dark Imp", 10)
    expect(page.locator(".result", has_text="Example Dark Imp")).to_contain_text("10 in deck")
    add_from_search(page, "t:spell", "Example Spell", 8)
    expect(verdict).to_contain_text("Main deck has 38 cards; it must have exactly 40")
    expect(page.locator("#s0 .size")).to_contain_text("38 / 40")
    page.get_by_role("button", name="One copy more of Example Spell").click()
    expect(page.get_by_label("Copies of Example Spell")).to_have_value("9")
    page.get_by_role("button", name="One copy more of Example Spell").click()

    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text("Construction valid")
    expect(verdict).to_contain_text("No problem found")
    expect(page.locator("#s0 .size")).to_contain_text("40 / 40")
    screenshot(page, "deck-builder")
    deck = Deck.objects.get(name="Échange tempo")
    assert deck.legal and deck.owner == playtester and deck.counts == {"main": 40}

    # A reviewer disables one of its cards; the open builder shows the deck illegal, itemized, by itself
    # (its refresh, the panel swapped: waited for as it settles, not by polls half a second apart).
    with settles(page, "deck"):
        card_services.card_set_status(
            stable_id="DU-EX-001", status=Status.DISABLED, user=reviewer, note="doublon"
        )
    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text(
        "Construction not valid", timeout=15_000
    )
    violation = verdict.locator('li[data-code="CARD_NOT_VALIDATED"]')
    expect(violation).to_have_count(1)
    expect(violation).to_contain_text(
        "Main deck: Example Light Squire (DU-EX-001) is Disabled; only validated cards may be played"
    )
    expect(violation).to_have_attribute("data-section", "main")
    expect(violation).to_have_attribute("data-card", "DU-EX-001")
    violation.get_by_role("link", name="→ Main deck · Example Light Squire").click()
    row = page.locator("tr:target")
    expect(row).to_have_attribute("data-card", "DU-EX-001")
    expect(row).to_contain_text("CARD_NOT_VALIDATED")
    expect(row).to_contain_text("Disabled")
    screenshot(page, "deck-builder-illegal")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Decks").click()
    expect(page.locator("tr", has_text="Échange tempo").locator(".badge.illegal")).to_be_visible()


def test_importing_and_exporting_a_text_decklist(page, login, make_user, cards, screenshot):
    cards("duel", "vanguard")
    playtester = make_user("playtester", username="paula")
    services.deck_create(
        data={
            "game": "vanguard",
            "name": "Royal Paladin",
            "sections": {"main": [{"card": "Blaster Blade", "count": 4}]},
        },
        user=playtester,
    )
    login(page, playtester, "/decks/")
    box = page.get_by_label("Or paste it")
    box.fill("main:\n3 Example Light Squire\n")
    page.get_by_role("button", name="Import").click()
    errors = page.locator("#import-errors")
    expect(errors).to_contain_text("Nothing was imported")
    expect(errors).to_contain_text("game is required: write a header line such as 'game: vanguard'")
    assert Deck.objects.count() == 1

    page.get_by_label("Or paste it").fill(
        "game: duel\nname: Cour des Damnés\n\nmain:\n20 Example Light Squire\n20x Example Dark Imp\n"
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Cour des Damnés", level=1)).to_be_visible()
    expect(page.get_by_role("status").first).to_contain_text("Imported Cour des Damnés (legal)")
    expect(page.locator("#verdict")).to_contain_text("Construction valid")

    with page.expect_download() as download:
        page.get_by_role("link", name="text decklist").click()
    path = download.value.path()
    exported = Path(path).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "cour-des-damnes.txt"
    assert exported.splitlines()[:3] == ["game: duel", "format: standard", "name: Cour des Damnés"]
    assert "20 Example Light Squire" in exported and "20 Example Dark Imp" in exported
    with page.expect_download() as download:
        page.get_by_role("link", name="JSON deck file").click()
    assert download.value.suggested_filename == "cour-des-damnes.deck.json"

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Decks").click()
    expect(page.locator("table.decktable tbody tr")).to_have_count(2)
    screenshot(page, "deck-list")


def test_statistics_and_test_draws(page, login, make_user, cards, screenshot):
    from decks.demo import DECKS_DIR, _read

    cards("vanguard")
    playtester = make_user("playtester", username="paula")
    data = _read(DECKS_DIR / "vanguard-td01.deck.json")
    services.collection_set(
        owner=playtester, counts={e["card"]: e["count"] for e in data["sections"]["main"]}
    )
    deck = services.deck_create(data=data, user=playtester)
    assert deck.legal
    login(page, playtester, f"/decks/{deck.pk}/")
    page.get_by_role("link", name="Statistics", exact=True).click()  # not the header's "Play statistics"
    expect(page.get_by_role("heading", name="Grade curve")).to_be_visible()
    expect(page.get_by_role("heading", name="Triggers")).to_be_visible()
    expect(page.locator("figure.chart svg")).to_have_count(3)
    screenshot(page, "deck-stats")

    page.get_by_role("link", name="Test draws").click()
    expect(page).to_have_url(re.compile(r"/draws/\?seed=\d+"))
    expect(page.locator("#starter-title")).to_contain_text("Starting vanguard")
    starter = page.locator("#starter-title + ul .playcard .name")
    expect(starter).to_have_text("Stardust Trumpeter")  # the first grade 0 unit without trigger of the list
    opening = page.locator("form[data-mulligan] .playcard .name").all_inner_texts()
    assert len(opening) == 5
    page.get_by_label(re.compile(r"Put back .* \(card 1\)")).check(force=True)
    page.get_by_label(re.compile(r"Put back .* \(card 3\)")).check(force=True)
    page.get_by_role("button", name="Mulligan the ticked cards").click()
    hand = page.locator("#hand-title + ul .playcard")
    expect(hand).to_have_count(5)
    expect(page.locator("#hand-title + ul .tag", has_text="new")).to_have_count(2)
    expect(page.locator("#hand-title")).to_contain_text("mulligan: 2 put back")
    kept = page.locator("#hand-title + ul .playcard .name").all_inner_texts()[:3]
    assert kept == [opening[1], opening[3], opening[4]]
    page.get_by_role("link", name="Draw a card").click()
    expect(page.locator("#hand-title + ul .playcard")).to_have_count(6)
    # The same address deals the same cards.
    shown = page.locator("#hand-title + ul .playcard .name").all_inner_texts()
    page.reload()
    assert page.locator("#hand-title + ul .playcard .name").all_inner_texts() == shown

    odds = page.locator("#odds-panel")
    odds.get_by_label("Blaster Blade").check()
    odds.get_by_label("By your turn").fill("1")
    odds.get_by_role("button", name="Compute").click()
    # One copy among the 49 cards left once the starting vanguard is aside; 6 cards seen by turn 1: 6/49.
    expect(page.locator("#odds .answer")).to_have_attribute("data-percent", "12.2%")
    expect(page.locator("#odds .answer")).to_contain_text("exactly 6/49")
    expect(page.locator("#odds tr.asked")).to_contain_text("Turn 1")
    screenshot(page, "deck-draws")


def test_adding_a_card_never_cancels_a_copy_count_still_being_saved(page, login, make_user, cards, settings):
    settings.DECKS_PANEL_POLL_SECONDS = 1
    cards("duel")
    playtester = make_user("playtester", username="paula")
    deck = services.deck_create(
        data={"game": "duel", "name": "Rapide", "sections": {"main": [{"card": "DU-EX-001", "count": 1}]}},
        user=playtester,
    )
    login(page, playtester, f"/decks/{deck.pk}/")
    held = []
    page.route("**/entry/", lambda route: held.append(route))
    page.get_by_label("Copies of Example Light Squire").fill("20")
    page.get_by_label("Copies of Example Light Squire").press("Tab")
    page.wait_for_timeout(200)
    assert len(held) == 1  # the count is on its way (held in the network)
    # Meanwhile the playtester adds another card: that must wait for the count, not cancel it.
    page.get_by_role("searchbox", name=re.compile("Search .* cards")).fill("imp")
    page.locator(".result", has_text="Example Dark Imp").get_by_role(
        "button", name="Add Example Dark Imp to Main deck"
    ).click()
    held[0].continue_()
    expect(page.get_by_label("Copies of Example Dark Imp")).to_have_value("1")
    expect(page.get_by_label("Copies of Example Light Squire")).to_have_value("20")
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-001": 20, "DU-EX-002": 1}


# The deck panel's refreshes (its polls) the page has come to since the htmx log began (helpers.HTMX_LOG).
REFRESHES = """() => window.__htmxLog.filter(([, name, elt, verb]) => elt === "deck" && verb === "get")"""


def test_the_deck_refresh_never_replaces_a_count_being_typed(page, login, make_user, cards, settings):
    settings.DECKS_PANEL_POLL_SECONDS = 0.5  # the two refreshes the test waits for come in a second
    cards("duel")
    playtester = make_user("playtester", username="paula")
    deck = services.deck_create(
        data={"game": "duel", "name": "Lent", "sections": {"main": [{"card": "DU-EX-001", "count": 1}]}},
        user=playtester,
    )
    login(page, playtester, f"/decks/{deck.pk}/")
    box = page.get_by_label("Copies of Example Light Squire")
    box.fill("7")  # typing, not done yet
    page.evaluate(HTMX_LOG)
    # Meanwhile the deck changes elsewhere (another tab): the refresh would bring the new panel.
    services.deck_card_add(deck=deck, stable_id="DU-EX-002", count=1, user=playtester)
    # Two refreshes come while the count is being typed (counted, not a fixed 2.5 s, which a loaded
    # machine may pass with none): the page asks for neither (studio.js holds a poll back while the
    # person types in its region), so nothing replaces the panel.
    page.wait_for_function(REFRESHES + ".length >= 2")
    assert {entry[1] for entry in page.evaluate(REFRESHES)} == {"beforeRequest"}, page.evaluate(REFRESHES)
    expect(box).to_have_value("7")
    expect(box).to_be_focused()
    box.press("Tab")
    # The count was typed on the deck as it was before the other change: refused (412), said where the
    # player typed it, and kept there; nothing lost on either side.
    expect(page.locator("[data-refusal]")).to_contain_text("changed elsewhere")
    expect(page.get_by_label("Copies of Example Light Squire")).to_have_value("7")
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-001": 1, "DU-EX-002": 1}
    page.reload()
    expect(page.get_by_label("Copies of Example Dark Imp")).to_have_value("1")  # the other change shows now
    page.get_by_label("Copies of Example Light Squire").fill("7")
    page.get_by_label("Copies of Example Light Squire").press("Tab")
    expect(page.get_by_label("Copies of Example Light Squire")).to_have_attribute("value", "7")
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-001": 7, "DU-EX-002": 1}


@pytest.mark.slow
def test_an_edit_from_a_stale_tab_is_refused_in_place_and_the_input_kept(
    page, login, make_user, cards, settings
):
    settings.DECKS_PANEL_POLL_SECONDS = 3600  # the stale tab does not refresh itself during the test
    cards("duel")
    playtester = make_user("playtester", username="paula")
    deck = services.deck_create(
        data={
            "game": "duel",
            "name": "Deux onglets",
            "sections": {"main": [{"card": "DU-EX-001", "count": 3}]},
        },
        user=playtester,
    )
    login(page, playtester)
    first = page
    second = page.context.new_page()
    for tab in (first, second):
        tab.goto(f"/decks/{deck.pk}/")
        expect(tab.get_by_label("Copies of Example Light Squire")).to_have_value("3")
    # The second tab adds a copy: the deck is now at version 2.
    second.get_by_role("button", name="One copy more of Example Light Squire").click()
    expect(second.get_by_label("Copies of Example Light Squire")).to_have_attribute("value", "4")
    assert Deck.objects.get(pk=deck.pk).version == 2

    # The first tab still shows version 1: what the player types there is refused, in place, and kept.
    # The player goes back to it (a tab behind another has no animation frames: each click would
    # wait two seconds for Playwright's stable-position check).
    first.bring_to_front()
    copies = first.get_by_label("Copies of Example Light Squire")
    copies.fill("7")
    copies.press("Tab")
    refusal = first.locator("#s0-e0 [data-refusal]")
    expect(refusal).to_contain_text("changed elsewhere (another tab or window)")
    expect(refusal).to_contain_text("Your input is kept")
    expect(copies).to_have_value("7")
    assert Deck.objects.get(pk=deck.pk).entries.get().count == 4
    assert Deck.objects.get(pk=deck.pk).version == 2

    # Reloaded, the first tab shows the deck as it is and its changes go through again. From now on it
    # refreshes itself every second (as an open builder does, every DECKS_PANEL_POLL_SECONDS).
    settings.DECKS_PANEL_POLL_SECONDS = 1
    first.reload()
    sent = []
    first.on("request", lambda r: sent.append(parse_qs(r.post_data or "")) if r.method == "POST" else None)
    copies = first.get_by_label("Copies of Example Light Squire")
    expect(copies).to_have_value("4")
    first.get_by_role("button", name="One copy more of Example Light Squire").click()
    expect(first.get_by_label("Copies of Example Light Squire")).to_have_attribute("value", "5")
    add_from_search(first, "imp", "Example Dark Imp", 2)  # an add (a submit), then a count typed (a change)
    assert Deck.objects.get(pk=deck.pk).version == 5

    # Then the deck changes elsewhere (the API, a script): the page's refresh shows it, while the search
    # results stay as they were drawn, their forms at version 5.
    with settles(first, "deck"):
        services.deck_entry_change(
            deck=Deck.objects.get(pk=deck.pk),
            section="main",
            position=0,
            ref="DU-EX-001",
            delta=1,
            user=playtester,
        )
    expect(first.get_by_label("Copies of Example Light Squire")).to_have_attribute("value", "6")
    expect(first.locator("#deck")).to_have_attribute("data-version", "6")
    expect(
        first.locator(".result", has_text="Example Dark Imp").locator("input[name=version]")
    ).to_have_value("5")
    # Their add button sends the version the panel shows (6), not the one they were drawn at: not stale.
    first.locator(".result", has_text="Example Dark Imp").get_by_role(
        "button", name="Add Example Dark Imp to Main deck"
    ).click()
    expect(first.get_by_label("Copies of Example Dark Imp")).to_have_attribute("value", "3")
    expect(first.locator("[data-refusal]")).to_have_count(0)
    assert Deck.objects.get(pk=deck.pk).version == 7
    # So does a plain form outside the panel (the deck's settings: no htmx, drawn at version 2).
    first.locator(".decksettings summary").click()
    first.locator(".decksettings").get_by_label("Name").fill("Deux onglets, renommé")
    first.get_by_role("button", name="Save settings").click()
    expect(first.get_by_role("heading", level=1)).to_contain_text("Deux onglets, renommé")
    assert Deck.objects.get(pk=deck.pk).name == "Deux onglets, renommé"

    # Every change this page sent carried the version its panel showed then and the page's own id (with
    # which the studio tells this page's crossing changes from another's), whatever triggered it: a
    # button, a submit, a count typed (htmx's change trigger fires no submit event).
    assert [int(params["version"][0]) for params in sent] == [2, 3, 4, 6, 7]
    assert len({params.get("tab", [""])[0] for params in sent}) == 1 and sent[0].get("tab", [""])[0]
    second.close()
