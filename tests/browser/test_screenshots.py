"""Screenshots are taken only by a run that asks for them (``SCREENSHOTS=1``: ``make screenshots``, CI's
SQLite run): nothing in the suite reads them back, and each costs Chromium a third of a core-second.
No browser here: a page that records what it is asked."""

import pytest

from . import conftest


class Page:
    def __init__(self):
        self.shots = []

    def screenshot(self, path, full_page=False):
        self.shots.append((path, full_page))


def test_without_screenshots_asked_for_the_page_is_not_shot(monkeypatch):
    monkeypatch.setattr(conftest, "SCREENSHOTS_TAKEN", False)
    page = Page()
    assert conftest.save_screenshot(page, "deck") is None
    assert page.shots == []


@pytest.mark.parametrize("full_page", [True, False])
def test_asked_for_a_screenshot_is_saved_under_its_name(monkeypatch, tmp_path, full_page):
    monkeypatch.setattr(conftest, "SCREENSHOTS_TAKEN", True)
    monkeypatch.setattr(conftest, "SCREENSHOTS", tmp_path / "screenshots")
    page = Page()
    path = conftest.save_screenshot(page, "deck-390", full_page=full_page)
    assert path == tmp_path / "screenshots" / "deck-390.png"
    assert path.parent.is_dir()
    assert page.shots == [(str(path), full_page)]


@pytest.mark.parametrize(("value", "taken"), [(None, False), ("", False), ("0", False), ("1", True)])
def test_the_switch_is_the_environments_screenshots(value, taken):
    environ = {} if value is None else {"SCREENSHOTS": value}
    assert conftest.screenshots_asked(environ) is taken
