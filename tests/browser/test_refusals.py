"""Refusals stay in place (issue 17): a refused htmx request shows its message where the user acted,
keeps the page and its unsaved input, and takes the focus to the message, with DEBUG on as with it off."""

import pytest
from playwright.sync_api import expect

from artwork.models import ArtworkVariant
from tests.artwork.pictures import make_image

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _in_view(page, selector: str) -> bool:
    return page.evaluate(
        """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                    return r.top >= 0 && r.bottom <= window.innerHeight; }""",
        selector,
    )


@pytest.mark.parametrize("debug", [True, False], ids=["DEBUG=1", "DEBUG=0"])
def test_a_refused_upload_keeps_the_page_and_the_unsaved_edit(
    debug, settings, page, login, make_user, make_card, screenshot
):
    settings.DEBUG = debug  # with DEBUG on, django-htmx's debug script is on the page too
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, name="Toyama Kazuha")
    login(page, designer, f"/cards/{card.stable_id}/")
    page.evaluate("window.__samePage = true")
    page.get_by_label("Name").fill("Toyama Kazuha (unsaved)")
    gallery = page.locator("#artwork")

    # A text file named .png.
    page.get_by_label("Image file").set_input_files(
        {"name": "notes.png", "mimeType": "image/png", "buffer": b"just some text, not a picture\n"}
    )
    gallery.get_by_role("textbox", name="Note (optional)").fill("first try")
    gallery.get_by_role("button", name="Upload").click()
    alert = gallery.locator("[data-refusal]")
    expect(alert).to_contain_text("Not added: the file is not a JPEG, PNG or WebP image")
    expect(alert).to_be_focused()
    assert _in_view(page, "#artwork [data-refusal]")
    assert page.evaluate("window.__samePage") is True
    expect(page.get_by_label("Name")).to_have_value("Toyama Kazuha (unsaved)")
    expect(gallery.get_by_role("textbox", name="Note (optional)")).to_have_value("first try")
    if debug:
        screenshot(page, "refusal-upload-debug")

    # A truncated JPEG, after the first refusal: the same page again, the new message in view.
    jpeg = make_image("JPEG", (300, 420), seed=4)
    page.get_by_label("Image file").set_input_files(
        {"name": "cut.jpg", "mimeType": "image/jpeg", "buffer": jpeg[: len(jpeg) // 2]}
    )
    gallery.get_by_role("button", name="Upload").click()
    expect(alert).to_contain_text("Not added")
    expect(alert).not_to_contain_text("not a JPEG, PNG or WebP")
    expect(alert).to_be_focused()
    assert _in_view(page, "#artwork [data-refusal]")
    assert page.evaluate("window.__samePage") is True
    assert not ArtworkVariant.objects.filter(card=card).exists()

    # And a good image after the refusals: added in place, the edit still unsaved on the page.
    page.get_by_label("Image file").set_input_files(
        {"name": "kazuha.png", "mimeType": "image/png", "buffer": make_image("PNG", (300, 420), seed=5)}
    )
    gallery.get_by_role("button", name="Upload").click()
    expect(gallery.get_by_role("status").first).to_contain_text("kazuha.png was added")
    expect(gallery.locator("[data-refusal]")).to_have_count(0)
    assert page.evaluate("window.__samePage") is True
    expect(page.get_by_label("Name")).to_have_value("Toyama Kazuha (unsaved)")
    assert ArtworkVariant.objects.filter(card=card).count() == 1


@pytest.mark.parametrize("debug", [True, False], ids=["DEBUG=1", "DEBUG=0"])
def test_a_forbidden_htmx_request_shows_its_reason_beside_the_form(
    debug, settings, page, login, make_user, make_card
):
    """A 403 from PermissionDenied (a designer deleting an image, once the button is forced on the page)."""
    settings.DEBUG = debug
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, name="Mouri Ran")
    login(page, designer, f"/cards/{card.stable_id}/")
    page.evaluate("window.__samePage = true")
    page.get_by_label("Name").fill("Mouri Ran (unsaved)")
    # A form the page would not offer a designer: htmx posts it, the studio answers 403.
    page.evaluate(
        """url => { const f = document.createElement('form');
                    f.setAttribute('hx-post', url); f.setAttribute('hx-target', '#artwork'); f.id = 'forced';
                    f.innerHTML = '<button type=submit>Delete it</button>';
                    document.querySelector('#artwork').append(f); htmx.process(f); }""",
        f"/cards/{card.stable_id}/artwork/999/delete/",
    )
    page.get_by_role("button", name="Delete it").click()
    message = page.locator("[data-refusal]")
    expect(message).to_contain_text("Not done: only a reviewer may delete artwork")
    expect(message).to_be_focused()
    assert page.evaluate("window.__samePage") is True
    expect(page.get_by_label("Name")).to_have_value("Mouri Ran (unsaved)")


def test_a_refused_copy_count_is_explained_on_its_row_and_kept(page, login, make_user):
    from cards.demo import card_set
    from cards.imports import cards_import
    from decks import services as deck_services

    cards_import(payload=card_set("duel"))
    playtester = make_user("playtester", username="paula")
    deck = deck_services.deck_create(
        data={
            "game": "duel",
            "name": "Petit deck",
            "sections": {"main": [{"card": "DU-EX-001", "count": 3}, {"card": "DU-EX-002", "count": 2}]},
        },
        user=playtester,
    )
    login(page, playtester, f"/decks/{deck.pk}/")
    row = page.locator('#deck tr[data-card="DU-EX-001"]')
    count = row.get_by_role("spinbutton")
    # Meanwhile, in another tab, the section changes: this page is out of date.
    deck_services.deck_entry_change(
        deck=deck, section="main", position=0, ref="DU-EX-001", count=0, user=playtester
    )
    count.fill("4")
    count.press("Tab")
    message = row.locator("[data-refusal]")
    # The page sent the deck's version it shows: the studio refuses the stale change (412).
    expect(message).to_contain_text("Not changed: this deck was changed elsewhere")
    expect(message).to_be_focused()
    expect(count).to_have_value("4")  # what was typed stays
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-002": 2}
    page.reload()
    row = page.locator('#deck tr[data-card="DU-EX-002"]')
    count = row.get_by_role("spinbutton")
    count.fill("3")
    count.press("Tab")
    expect(row.get_by_role("spinbutton")).to_have_attribute("value", "3")
    expect(page.locator("#deck [data-refusal]")).to_have_count(0)
