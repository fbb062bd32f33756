"""The print page at 390 px (issue 40, item 2): the layout, the file (PDF or a print shop's zip of
card images) and CMYK fit the narrow screen in English, French and Russian; a zip of card images is
started from it and downloaded from the job's page. The template editor's card size in words."""

import io
import zipfile

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.browser.conftest import save_screenshot
from tests.decks.conftest import load_cards  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_the_print_page_makes_a_print_shops_zip_at_390_px(page, login, make_user, load_cards, settings):  # noqa: F811
    load_cards("darkrow")
    page.set_viewport_size({"width": 390, "height": 844})
    designer = make_user("designer", username="dora")
    login(page, designer)
    for language, code in (("Français", "fr"), ("Русский", "ru"), ("English", "en")):
        page.get_by_role("button", name=language).click()
        expect(page.locator("html")).to_have_attribute("lang", code)
        page.goto("/faces/darkrow/print/")
        assert page.evaluate(FITS), code
        save_screenshot(page, f"print-page-390-{code}")
    page.locator("select[name=layout]").select_option("mpc-poker")
    page.locator("select[name=format]").select_option("zip")
    page.locator("input[name=backs]").check()
    page.get_by_role("button", name="Make the file").click()
    link = page.get_by_role("link", name="Download the zip of card images")
    expect(link).to_be_visible(timeout=60_000)
    assert page.evaluate(FITS)
    save_screenshot(page, "print-job-zip-390-en")
    with page.expect_download() as caught:
        link.click()
    data = caught.value.path().read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert len(names) == 14 and names[-1] == "back.png"
        assert Image.open(io.BytesIO(archive.read(names[0]))).size == (822, 1122)


def test_the_template_editor_says_the_card_size_at_390_px(page, login, make_user):
    page.set_viewport_size({"width": 390, "height": 844})
    designer = make_user("designer", username="dora")
    login(page, designer)
    page.get_by_role("button", name="Русский").click()
    page.goto("/faces/darkrow/template/")
    size = page.get_by_label("Размер карты")
    expect(size).to_be_visible()
    assert "Таро, 70 × 120 мм" in size.inner_text()
    size.scroll_into_view_if_needed()
    save_screenshot(page, "template-card-size-390-ru", full_page=False)
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391)"
        ".slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"
    )
    assert page.evaluate(FITS), wide
