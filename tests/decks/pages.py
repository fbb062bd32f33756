"""Helpers of the deck page tests: the page as text, a small duel deck."""

from __future__ import annotations

import html
import re

from decks import services

HTMX = {"HTTP_HX_REQUEST": "true"}


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def small_duel(user, name="Petit deck", **counts):
    sections = {"main": [{"card": card, "count": n} for card, n in (counts or {"DU-EX-001": 3}).items()]}
    return services.deck_create(data={"game": "duel", "name": name, "sections": sections}, user=user)
