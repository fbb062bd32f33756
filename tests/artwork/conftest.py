"""Artwork fixtures: a temporary media directory, a card."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def media_root(request, settings, tmp_path):
    """Files go to a temporary MEDIA_ROOT, never the project's media/.

    Tests marked ``worker`` keep the MEDIA_ROOT of the environment: the real
    worker is another process and must write where the test reads (.ci/run
    exports one for both).
    """
    if "worker" in request.keywords:
        yield settings.MEDIA_ROOT
        return
    settings.MEDIA_ROOT = str(tmp_path / "media")
    yield settings.MEDIA_ROOT


@pytest.fixture
def card(make_card):
    return make_card("darkrow", name="Toyama Kazuha", type="UNIT", cost=3, atk=4, pv=3)
