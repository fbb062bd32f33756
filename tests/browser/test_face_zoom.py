"""A face you can read (issue 25): the editor's face follows the window and is large enough to read,
zooms to its print size (one pixel of the 300 dpi face a screen pixel); the review queue's before and
after faces open full size, side by side or overlaid. Screenshots under test-output/."""

import pytest
from playwright.sync_api import expect

from cards.services import card_set_status, card_update

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_the_editors_face_is_large_and_zooms_to_print_size(page, login, make_user, make_card, screenshot):
    designer = make_user("designer", username="dana")
    card = make_card(
        "vanguard",
        user=designer,
        name="Blaster Blade",
        text="[AUTO] Quand cette unité est posée, retirez une unité.",
    )
    login(page, designer, f"/cards/{card.stable_id}/")
    face = page.locator("#face-preview svg")
    expect(face).to_be_visible()
    width = face.bounding_box()["width"]
    assert width >= 420, width  # was 240 px at 1280 px: its rules text unreadable
    screenshot(page, "editor-face-1280")
    page.set_viewport_size({"width": 1280, "height": 640})
    page.wait_for_timeout(200)
    smaller = face.bounding_box()
    assert smaller["width"] < width and smaller["height"] <= 640  # it follows the window: whole on screen
    page.set_viewport_size({"width": 1280, "height": 900})

    page.get_by_role("button", name="Zoom").click()
    dialog = page.locator("dialog.face-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Actual size (300 dpi)").click()
    zoomed = dialog.locator("svg")
    assert abs(zoomed.bounding_box()["width"] - 744) <= 2  # 63 mm at 300 dpi
    screenshot(page, "editor-face-zoom-300dpi")
    dialog.get_by_role("button", name="Fit to the window").click()
    assert zoomed.bounding_box()["height"] <= 1100
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


def test_the_review_queue_compares_the_faces_full_size(page, login, make_user, make_card, screenshot):
    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    card = make_card("darkrow", name="Toyama Kazuha", text="Rapide : piochez une carte.")
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    card_update(stable_id=card.stable_id, data={"text": "Rapide : piochez deux cartes."}, user=designer)
    login(page, reviewer, "/review/")
    item = page.locator(f'[data-card="{card.stable_id}"]')
    expect(item.locator(".face-compare a")).to_have_count(2)  # each face opens full size
    item.get_by_role("button", name="Compare full size").click()
    dialog = page.locator("dialog.face-dialog")
    before, after = dialog.locator("figure.before img"), dialog.locator("figure.after img")
    page.wait_for_function(
        "() => [...document.querySelectorAll('dialog img')].every(i => i.complete && i.naturalWidth)"
    )
    assert before.evaluate("i => i.naturalWidth") >= 740 and after.evaluate("i => i.naturalWidth") >= 740
    b, a = before.bounding_box(), after.bounding_box()
    assert a["x"] > b["x"] + b["width"] - 1  # side by side
    screenshot(page, "review-faces-side-by-side")
    dialog.get_by_role("button", name="Overlaid").click()
    page.wait_for_timeout(100)
    b, a = before.bounding_box(), after.bounding_box()
    assert abs(a["x"] - b["x"]) < 2 and abs(a["y"] - b["y"]) < 2  # one over the other
    dialog.get_by_role("slider").fill("80")
    assert dialog.locator("figure.after").evaluate("f => getComputedStyle(f).opacity") == "0.8"
    screenshot(page, "review-faces-overlaid")
