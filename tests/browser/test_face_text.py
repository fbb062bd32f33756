"""A long Russian Vanguard name shrinks, then wraps, and is cut only when nothing fits; the rules panel
never says "no problem" right above the face's TEXT_OVERFLOW (issue 25). Screenshots under test-output/."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

NAME = "Королевский рыцарь-защитник Серебряного пламени, Альфред"
TEXT = (
    "[АВТО] Когда эта единица выходит на круг авангарда, если у вас есть другая единица с «Королевский рыцарь» "
    "в имени, посмотрите пять верхних карт колоды, выберите до одной единицы ранга 2 или меньше, покажите её и "
    "положите на круг арьергарда, перемешайте колоду. "
)


def test_a_long_name_wraps_and_the_panel_does_not_say_no_problem_above_an_overflow(
    page, login, make_user, make_card, screenshot
):
    designer = make_user("designer", username="dana")
    card = make_card("vanguard", user=designer, name=NAME, text="Короткий текст.")
    login(page, designer, f"/cards/{card.stable_id}/")
    face = page.locator("#face-preview svg")
    expect(face).to_be_visible()
    shown = " ".join(face.locator("text").all_text_contents())
    assert "…" not in shown and "Альфред" in shown  # wrapped onto a second line, not cut
    expect(page.locator("#face-findings li")).to_have_count(0)
    expect(page.locator("#findings .allgood")).to_be_visible()
    screenshot(page, "face-long-russian-name")

    page.locator("#id_text").fill(TEXT * 4)  # far too long for the rules box
    expect(page.locator("#face-findings li")).to_contain_text("TEXT_OVERFLOW")
    expect(page.locator("#findings .allgood")).to_be_hidden()
    expect(page.locator("#findings .allgood-but-face")).to_be_visible()
    screenshot(page, "face-text-overflow-panel")
