"""The header at 390 px in every language (issues 14 and 45): a reviewer has the most links, and
Russian the longest words ("Наборы карт", "Проверка"); the header is one line (it took 200-350 px of a
phone's screen when its links wrapped) that scrolls sideways inside itself, the current page's link in
view; the page never scrolls sideways, and no button's label breaks over two lines."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_a_reviewers_header_fits_at_390_px_in_english_french_and_russian(page, login, make_user, screenshot):
    page.set_viewport_size({"width": 390, "height": 844})
    reviewer = make_user("reviewer", "designer", username="rita")
    login(page, reviewer)
    for language, code in (("English", "en"), ("Français", "fr"), ("Русский", "ru")):
        page.get_by_role("button", name=language).click()
        expect(page.locator("html")).to_have_attribute("lang", code)
        page.goto("/audits/")
        nav = page.get_by_role("navigation").first
        expect(nav.get_by_role("link").last).to_be_visible()
        assert page.evaluate(FITS), code
        height = page.evaluate("document.querySelector('header.top').getBoundingClientRect().height")
        assert height <= 56, (code, height)  # one line
        # The current page's link is in view; the last one is reached by scrolling the header.
        current = page.evaluate(
            "(() => { const r = document.querySelector('header nav a[aria-current=page]').getBoundingClientRect();"
            " return [r.left, r.right]; })()"
        )
        assert current[0] >= 0 and current[1] <= 390, (code, current)
        last = nav.get_by_role("link").last
        last.scroll_into_view_if_needed()
        box = last.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, code
        assert page.evaluate("window.scrollX") == 0, code
        # Each button's label is one line ("Log out" wrapped in English): one line box per label.
        lines = page.evaluate(
            """[...document.querySelectorAll('header.top .who button')].map(b => {
                const range = document.createRange(); range.selectNodeContents(b);
                return [b.textContent.trim(), range.getClientRects().length]; })"""
        )
        assert lines and all(count == 1 for _, count in lines), (code, lines)
        screenshot(page, f"header-reviewer-390-{code}")
