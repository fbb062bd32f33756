"""Which Chromium the browser tests drive (tests/browser/conftest.py): the one CHROMIUM names, else
Debian's old headless shell, else Debian's Chromium. No browser here: a ``which`` that knows a list."""

import pytest

from .conftest import chromium_path


def installed(*names):
    return lambda name: f"/usr/bin/{name}" if name in names else None


@pytest.mark.parametrize(
    "environ, names, chosen",
    [
        ({}, ("chromium", "chromium-headless-shell"), "/usr/bin/chromium-headless-shell"),
        ({}, ("chromium",), "/usr/bin/chromium"),
        ({}, ("chromium-headless-shell",), "/usr/bin/chromium-headless-shell"),
        (
            {"CHROMIUM": "/opt/chromium/chrome"},
            ("chromium", "chromium-headless-shell"),
            "/opt/chromium/chrome",
        ),
        ({"CHROMIUM": ""}, ("chromium",), "/usr/bin/chromium"),
        ({}, (), None),
    ],
)
def test_the_browser_is_chromium_or_its_headless_shell_or_the_one_named(environ, names, chosen):
    assert chromium_path(environ, installed(*names)) == chosen
