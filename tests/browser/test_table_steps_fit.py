"""The steps of the turn read whole on a phone (the Russian table at 390 px showed «Взят…»: the
steps were one line scrolling sideways, cut at its edge), in each language and at the desktop's
width too (tests/browser/test_tables.py's server and helpers; screenshots under
test-output/screenshots/)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_tables import asgi_server, open_hot_seat, player, shoot  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

# Each step of #turnbar (its label, or the button of the next one) cut by its own box, by the list's
# visible box, or by the window: the labels the reader cannot read whole.
CUT_STEPS = """() => {
  const list = document.querySelector('#turnbar .steps');
  const box = list.getBoundingClientRect();
  return [...list.querySelectorAll('li > span, li > button')].filter((step) => {
    const r = step.getBoundingClientRect();
    return step.scrollWidth > step.clientWidth || r.right > box.right + 0.5 || r.left < box.left - 0.5
      || r.right > window.innerWidth;
  }).map((step) => step.textContent);
}"""


def cut_steps(page) -> list[str]:
    return page.evaluate(CUT_STEPS)


@pytest.mark.parametrize(("language", "width"), [("ru", 390), ("fr", 390), ("en", 390), ("ru", 1280)])
def test_the_steps_of_the_turn_are_read_whole(player, make_user, language, width):  # noqa: F811
    from studio.models import Preference

    alice = make_user("playtester", username="alice")
    Preference.objects.update_or_create(user=alice, defaults={"language": language})
    page, _table = open_hot_seat(player, alice, "vanguard", width=width)
    expect(page.locator("#turnbar .steps li")).to_have_count(6)
    assert cut_steps(page) == []
    # Both hands kept, the turn begins: the next step is a button (vanguard's Draw, «Взять»).
    for seat in (1, 2):
        keep = page.locator(f".decision[data-seat='{seat}'] [data-decision='mulligan']")
        keep.click()
        expect(keep).to_have_count(0)  # the move is taken before the other seat's
    expect(page.locator("#turnbar .steps li > button")).to_have_count(1)
    assert cut_steps(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(page, f"table-steps-{language}-{width}")
