"""The header's links (studio.context): their addresses are reversed once a URL resolver and script
prefix, and a studio served under a prefix links under it."""

from __future__ import annotations

import re

import pytest
from django.test.utils import override_script_prefix

pytestmark = pytest.mark.django_db


def nav_links(html: str) -> list[str]:
    nav = html[html.index('<nav aria-label="Main">') : html.index("</nav>")]
    return re.findall(r'<a href="([^"]+)"', nav)


def test_the_header_links_under_the_studios_prefix_and_without_one(client_as, designer):
    client = client_as(designer)
    plain = nav_links(client.get("/cards/").content.decode())
    assert "/cards/" in plain and "/decks/" in plain and "/faces/" in plain
    with override_script_prefix("/studio/"):  # what a WSGI server's SCRIPT_NAME sets
        prefixed = nav_links(client.get("/cards/").content.decode())
    assert prefixed == ["/studio" + url for url in plain]
    assert nav_links(client.get("/cards/").content.decode()) == plain
