"""Artwork fixtures: a card (the temporary media directory is the suite's, tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def card(make_card):
    return make_card("darkrow", name="Toyama Kazuha", type="UNIT", cost=3, atk=4, pv=3)
