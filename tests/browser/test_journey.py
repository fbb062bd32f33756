"""One card's life across the three roles, each in their own browser session, every step through the pages:
a designer creates a card, uploads its image and submits it; a reviewer approves it from the review queue,
then reads the diff of the designer's next edit and approves that too; a playtester builds a legal deck with
it, and sees that deck become illegal, itemized, when the reviewer disables the card."""

import re

import pytest
from playwright.sync_api import expect

from cards import imports as card_imports
from cards.demo import card_set
from cards.models import Card, Status
from decks.models import Deck, DeckFormat
from tests.artwork.pictures import make_image
from tests.browser.helpers import add_from_search, settles, wait_loaded

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]

NAME = "Chevalier d’Écume"


def nav(page, name: str):
    page.get_by_role("navigation", name="Main").get_by_role("link", name=name, exact=True).click()
    page.wait_for_load_state()  # htmx wires the page's forms on load


def approve_in_queue(page, card: Card, note: str):
    item = page.locator(f'.reviewitem[data-card="{card.stable_id}"]')
    item.get_by_label(f"Note for {card.name}").fill(note)
    item.get_by_role("button", name="Approve").click()
    expect(page.locator("#notice")).to_contain_text(f"1 card now Validated: {card.name}")
    expect(page.locator(f'.reviewitem[data-card="{card.stable_id}"]')).to_have_count(0)


@pytest.mark.slow
def test_a_card_from_its_creation_to_a_deck_that_it_makes_illegal(session, make_user, screenshot, settings):
    settings.DECKS_PANEL_POLL_SECONDS = 1
    card_imports.cards_import(payload=card_set("duel"))
    designer = session(make_user("designer", username="dana"))
    reviewer = session(make_user("reviewer", username="remi"))
    playtester = session(make_user("playtester", username="paula"))

    # The designer creates the card with the game's own fields, adds its image and submits it.
    nav(designer, "Cards")
    designer.get_by_role("link", name="New card").click()
    designer.get_by_role("link", name="Duel").click()
    # The form is there once the HTML is parsed; htmx wires its live check only after "load".
    designer.wait_for_load_state()
    designer.get_by_label("Name").fill(NAME)
    designer.get_by_label("Type", exact=True).select_option("MONSTER")
    designer.get_by_label("Level (stars)").fill("4")
    designer.get_by_label("ATK").fill("1600")
    designer.get_by_label("DEF").fill("1000")
    with settles(designer, "findings"):
        designer.get_by_label("Text", exact=True).fill("Une fois par tour : piochez 1 carte.")
    expect(designer.locator("#findings")).to_contain_text("No problem found")
    designer.get_by_role("button", name="Create card").click()
    expect(designer.get_by_role("heading", name=NAME, level=1)).to_be_visible()
    designer.wait_for_load_state()
    card = Card.objects.get(name=NAME)

    gallery = designer.locator("#artwork")
    designer.get_by_label("Image file").set_input_files(
        {"name": "chevalier.png", "mimeType": "image/png", "buffer": make_image("PNG", (300, 420))}
    )
    gallery.get_by_role("button", name="Upload").click()
    expect(gallery.get_by_role("status").first).to_contain_text(
        "chevalier.png was added; it is now the card's primary image"
    )
    wait_loaded(gallery.locator('.artgroup[data-kind="HD"] .arttile img'))

    designer.get_by_label("Note (kept in the history)").fill("Prêt pour la relecture")
    designer.get_by_role("button", name="Submit for review").click()
    expect(designer.locator("#status-title .badge")).to_have_text("Needs review")

    # The reviewer finds it in the queue as a new card and approves it.
    nav(reviewer, "Review")
    reviewer.get_by_role("link", name=re.compile("^Duel")).click()
    item = reviewer.locator(f'.reviewitem[data-card="{card.stable_id}"]')
    expect(item).to_contain_text("New card")
    approve_in_queue(reviewer, card, "Conforme")
    card.refresh_from_db()
    assert card.status == Status.VALIDATED

    # The designer's next edit sends it back to review; the reviewer sees exactly what changed.
    designer.reload()
    designer.get_by_label("ATK").fill("1700")
    designer.get_by_label("Note for the history").fill("un peu plus fort")
    designer.once("dialog", lambda dialog: dialog.accept())  # it asks first: the card goes back to review
    designer.get_by_role("button", name="Save changes").click()
    expect(designer.get_by_role("status").first).to_contain_text("version")
    expect(designer.locator("#status-title .badge")).to_have_text("Needs review")

    reviewer.reload()
    item = reviewer.locator(f'.reviewitem[data-card="{card.stable_id}"]')
    expect(item).to_contain_text(re.compile("Changes since validated version \\d+"))
    atk = item.locator("tr", has_text="atk")
    expect(atk.locator("del")).to_have_text("1600")
    expect(atk.locator("ins")).to_have_text("1700")
    screenshot(reviewer, "journey-review-diff")
    approve_in_queue(reviewer, card, "Relu")

    # The playtester builds a legal deck with it.
    nav(playtester, "Decks")
    playtester.get_by_label("Game and format").select_option(
        str(DeckFormat.objects.get(game="duel", key="standard").pk)
    )
    playtester.get_by_label("Name").fill("Écume et ténèbres")
    playtester.get_by_role("button", name="Create deck").click()
    playtester.wait_for_url(re.compile(r"/decks/\d+/"))
    playtester.wait_for_load_state()
    add_from_search(playtester, "squire", "Example Light Squire", 20)
    add_from_search(playtester, "imp", "Example Dark Imp", 10)
    add_from_search(playtester, "chevalier ecume", NAME, 10)
    verdict = playtester.locator("#verdict")
    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text("Construction valid")
    assert Deck.objects.get(name="Écume et ténèbres").legal

    # The reviewer disables the card from its page; the playtester's open builder turns illegal by itself.
    reviewer.goto(f"/cards/{card.stable_id}/")
    reviewer.get_by_label("Note (kept in the history)").fill("doublon du Paladin")
    # The studio first warns that one legal deck turns illegal; the reviewer confirms.
    asked = []
    reviewer.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    with settles(playtester, "deck"):  # the builder's refresh, its panel swapped
        reviewer.get_by_role("button", name="Disable").click()
        expect(reviewer.locator("#status-title .badge")).to_have_text("Disabled")
    assert asked and "1 legal deck" in asked[0]

    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text(
        "Construction not valid", timeout=15_000
    )
    violation = verdict.locator('li[data-code="CARD_NOT_VALIDATED"]')
    expect(violation).to_have_count(1)
    expect(violation).to_have_attribute("data-card", card.stable_id)
    expect(violation).to_contain_text(f"{NAME} ({card.stable_id}) is Disabled")
    screenshot(playtester, "journey-deck-illegal")
    deck = Deck.objects.get(name="Écume et ténèbres")
    assert not deck.legal and deck.counts == {"main": 40}
    assert [r.note for r in card.revisions.order_by("-version")[:1]] == ["doublon du Paladin"]
