"""The face template editor in French (issue 45 item 5): each colour and region by its label in the
reader's language, the path beside it; a click on a region of a sample face opens that region in the
form; a change previews at once."""

import pytest
from playwright.sync_api import expect

from faces import selectors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "fr-FR"


def test_the_template_editor_speaks_french_and_a_click_selects_a_region(
    page, login, make_user, make_card, screenshot
):
    designer = make_user("designer", username="dana")
    make_card("darkrow", name="Agasa", cost=2, atk=1, pv=2)
    login(page, designer, "/faces/darkrow/template/")
    form = page.locator("#template-form")
    # Labels in French, the path kept beside them; no section named by its key.
    expect(form.get_by_label("Encre sur les bandeaux palette.panelInk")).to_be_visible()
    expect(form.locator('details[data-section="palette"] > summary')).to_contain_text("Couleurs (")
    expect(form.locator("summary", has_text="Zone : Bandeau du nom")).to_have_count(1)
    summaries = form.locator("details.template-section > summary").all_inner_texts()
    assert not any(s.startswith(("palette", "regions ·", "fonts")) for s in summaries), summaries

    # A click on the name bar of the sample face opens its region's section, its left edge focused.
    template = selectors.template_current("darkrow").data
    region = next(r for r in template["regions"] if r["id"] == "nameBar")
    width, height = template["size"]["width"], template["size"]["height"]
    svg = page.locator("#template-preview svg").first
    expect(svg).to_be_visible()
    bbox = svg.bounding_box()
    box = region["box"]
    x, y = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
    svg.click(position={"x": x / width * bbox["width"], "y": y / height * bbox["height"]})
    # The smallest region under the pointer: the name written on the bar, or the bar itself.
    under = [
        (r["box"]["w"] * r["box"]["h"], i, r["id"])
        for i, r in enumerate(template["regions"])
        if r["box"]["x"] <= x <= r["box"]["x"] + r["box"]["w"]
        and r["box"]["y"] <= y <= r["box"]["y"] + r["box"]["h"]
    ]
    _area, index, region_id = min(under, key=lambda u: (u[0], -u[1]))
    assert region_id in ("name", "nameBar", "nameNoCost"), region_id
    section = form.locator(f'details[data-section="regions · {region_id}"]')
    expect(section).to_have_attribute("open", "")
    expect(section).to_have_class("template-section picked")
    expect(page.locator(f'[name="t:regions.{index}.box.x"]')).to_be_focused()
    screenshot(page, "template-editor-fr")
