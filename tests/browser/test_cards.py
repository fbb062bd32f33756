"""The card pages in a real browser: search, the editor with live validation, a stale save, screenshots."""

import re

import pytest
from playwright.sync_api import expect

from cards import services
from cards.models import Card, Status
from tests.browser.helpers import HTMX_LOG, settles

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]


@pytest.fixture
def catalogue(make_card, make_user):
    reviewer = make_user("reviewer", username="remi")
    cards = [
        make_card(
            "chesscards",
            name="Échange équivalent",
            text="Échange une de tes Pièces contre une Pièce adverse de même valeur.",
        ),
        make_card("chesscards", name="Mur", text="Pose un mur."),
        make_card(
            "darkrow",
            name="Toyama Kazuha",
            archetypes=["Lycéenne", "Amie d’enfance"],
            text="Rapide : déployer une unité citant Hattori Heiji.",
        ),
        make_card("darkrow", name="Agasa", cost=2, atk=1, pv=2, archetypes=["Gadgets"]),
        make_card("darkrow", name="Gin", type="LEADER", cost=None, atk=None, pv=None),
        make_card("vanguard", name="Blaster Blade"),
        make_card(
            "riftbound",
            name="Jinx",
            type="CHAMPION_UNIT",
            domains=["FURY", "CHAOS"],
            tags=["Jinx"],
            energy=3,
            might=2,
        ),
    ]
    for card in cards[:4]:
        services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)
    services.card_set_status(
        stable_id=cards[4].stable_id, status=Status.DISABLED, user=reviewer, note="doublon"
    )
    return cards


def test_searching_echange_equivalent_finds_the_accented_card(page, login, make_user, catalogue, screenshot):
    login(page, make_user("playtester", username="paula"))
    screenshot(page, "dashboard")
    page.get_by_role("link", name="Cards", exact=True).click()
    expect(page.locator(".cardtile")).to_have_count(4)  # a playtester sees the VALIDATED cards only
    screenshot(page, "browser-grid")
    box = page.get_by_role("searchbox", name="Search cards")
    with settles(page, "results"):
        box.press_sequentially("echange equivalent", delay=20)
    expect(page.locator(".cardtile")).to_have_count(1)
    expect(page.locator(".cardtile h3")).to_have_text("Échange équivalent")
    expect(page).to_have_url(re.compile(r"q=echange\+equivalent"))
    # A query that cannot be read says why, next to the box, and nothing breaks.
    with settles(page, "results"):
        box.fill("cost<=")
    expect(page.get_by_role("alert")).to_contain_text("cost<= needs a value")
    with settles(page, "results"):
        box.fill('cites:"Hattori Heiji"')
    expect(page.get_by_role("alert")).to_be_hidden()
    expect(page.locator(".cardtile h3")).to_have_text("Toyama Kazuha")
    page.get_by_role("link", name="List").click()
    expect(page.locator("table.cardtable tbody tr")).to_have_count(1)
    box = page.get_by_role("searchbox", name="Search cards")
    box.fill("")
    box.press("Enter")
    expect(page.locator("table.cardtable tbody tr")).to_have_count(4)
    screenshot(page, "browser-list")
    page.get_by_role("link", name="Search help").click()
    expect(page.get_by_role("heading", name="Searching cards")).to_be_visible()
    screenshot(page, "help")


def test_facets_and_the_game_selector_narrow_the_results(page, login, make_user, catalogue):
    login(page, make_user("designer", username="dana"), "/cards/")
    page.get_by_label("Game").select_option("darkrow")
    expect(page.locator(".cardtile")).to_have_count(3)
    # The facet shows the archetype as printed ("Gadgets"); the query names its key.
    expect(page.locator(".facets")).not_to_contain_text("GADGET")
    page.locator(".facets").get_by_role("link", name=re.compile("Gadgets")).click()
    expect(page.locator(".cardtile h3")).to_have_text("Agasa")
    expect(page.get_by_role("searchbox", name="Search cards")).to_have_value("arch:GADGET")


def test_a_designer_creates_a_card_with_live_validation_then_submits_it(page, login, make_user, screenshot):
    login(page, make_user("designer", username="dana"))
    page.get_by_role("link", name="Cards", exact=True).click()
    page.get_by_role("link", name="New card").click()
    page.get_by_role("link", name="Darkrow").click()
    expect(page.get_by_role("heading", name="New Darkrow card")).to_be_visible()
    # The heading is there once the HTML is parsed; htmx wires the live check only after "load".
    page.wait_for_load_state()
    page.evaluate(HTMX_LOG)
    page.get_by_label("Name").fill("Mouri Ran")
    with settles(page, "findings"):
        page.get_by_label("Type", exact=True).select_option("UNIT")
    # The UNIT fields appear; the rule set asks for their values as the designer goes.
    cost = page.get_by_label("Cost (Indices)")
    expect(cost).to_be_visible()
    expect(page.get_by_label("Object behaviour")).to_be_hidden()
    findings = page.locator("#findings")
    # The live check answers after htmx's delay, from the live server: more than 5 s on a loaded machine.
    try:
        expect(findings).to_contain_text("UNIT cards need a value for cost", timeout=20_000)
    except AssertionError as failure:
        raise AssertionError(f"{failure}\nhtmx log: {page.evaluate('window.__htmxLog')}") from None
    expect(page.locator("#errors-cost")).to_have_text("UNIT cards need a value for cost")
    with settles(page, "findings"):
        cost.fill("3")
    expect(findings).not_to_contain_text("need a value for cost")
    expect(page.locator("#errors-cost")).to_be_empty()
    page.get_by_label("ATK").fill("4")
    page.get_by_label("Archetypes").fill("Lycéenne\nKaraté")
    with settles(page, "findings"):
        page.get_by_label("Text", exact=True).fill("Quand Mouri Ran attaque, piochez 1 carte.")
    expect(page.locator("#archetype-keys")).to_contain_text("KARATE")
    with settles(page, "findings"):
        page.get_by_label("PV").fill("0")
    expect(page.locator("#errors-pv")).to_have_text("pv is 0; it must be at least 1")
    screenshot(page, "editor")
    with settles(page, "findings"):
        page.get_by_label("PV").fill("4")
    expect(findings).to_contain_text("No problem found")
    expect(page.locator("#errors-pv")).to_be_empty()
    page.get_by_role("button", name="Create card").click()

    expect(page.get_by_role("heading", name="Mouri Ran", level=1)).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("as a draft")
    card = Card.objects.get(name="Mouri Ran")
    assert (card.type, card.game_fields["cost"], card.archetypes) == ("UNIT", 3, ["Lycéenne", "Karaté"])
    page.get_by_label("Note (kept in the history)").fill("Prête pour la relecture")
    page.get_by_role("button", name="Submit for review").click()
    expect(page.get_by_role("status")).to_contain_text("Mouri Ran is now Needs review")
    expect(page.locator("#status-title .badge")).to_have_text("Needs review")
    expect(page.get_by_role("button", name="Validate")).to_have_count(0)
    card.refresh_from_db()
    assert card.status == Status.NEEDS_REVIEW
    # An edit shows up in the history as before -> after.
    page.get_by_label("Cost (Indices)").fill("2")
    page.get_by_label("Note for the history").fill("un peu moins chère")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_role("status")).to_contain_text("version 3")
    history = page.locator("#history")
    expect(history).to_contain_text("un peu moins chère")
    latest = history.locator(".timeline > li").first
    expect(latest.locator("tr", has_text="cost").locator("del")).to_have_text("3")
    expect(latest.locator("tr", has_text="cost").locator("ins")).to_have_text("2")
    expect(history).to_contain_text("Prête pour la relecture")
    screenshot(page, "detail-history")


def test_a_stale_save_is_refused_with_a_reload_and_keeps_the_input(page, login, make_user, make_card):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer)
    login(page, designer, f"/cards/{card.stable_id}/")
    page.get_by_label("Name").fill("Kazuha, version Dana")
    # Meanwhile, someone else saves the card.
    services.card_update(
        stable_id=card.stable_id,
        data={"cost": 5},
        user=make_user("designer", username="olga"),
        note="plus chère",
    )
    page.get_by_role("button", name="Save changes").click()
    alert = page.locator("#stale")
    expect(alert).to_contain_text("Not saved: this card changed while you were editing it")
    expect(alert).to_contain_text("plus chère")
    expect(page.get_by_label("Name")).to_have_value("Kazuha, version Dana")
    card.refresh_from_db()
    assert card.name == "Toyama Kazuha"
    page.get_by_role("link", name="Reload the current card").click()
    expect(page.get_by_label("Name")).to_have_value("Toyama Kazuha")
    expect(page.get_by_label("Cost (Indices)")).to_have_value("5")


def test_a_reviewer_reads_the_card_and_validates_it(page, login, make_user, make_card):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, archetypes=["Gadgets"])
    services.card_set_status(stable_id=card.stable_id, status=Status.NEEDS_REVIEW, user=designer)
    login(page, make_user("reviewer", username="remi"), f"/cards/{card.stable_id}/")
    expect(page.locator("#card-editor")).to_have_count(0)
    expect(page.locator("#archetype-keys")).to_contain_text("GADGET")
    page.get_by_label("Note (kept in the history)").fill("Relu, rien à redire")
    page.get_by_role("button", name="Validate").click()
    expect(page.get_by_role("status")).to_contain_text("is now Validated")
    expect(page.locator("#history")).to_contain_text("Relu, rien à redire")
