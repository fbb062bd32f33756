"""The card editor's fields read as a card, for the pages of other apps that show a card as it is
being typed (the live face preview): they use this, not the editor's form (:mod:`cards.forms`)."""

from __future__ import annotations

from typing import Any

from rules import Finding, get_ruleset

from .forms import CardForm


def card_typed(game: str, fields) -> tuple[dict[str, Any], list[Finding]]:
    """The card the editor's ``fields`` (a POST of the card editor) describe, in the interchange
    format, and what could not be read (``game`` must be a known game: cards.interchange.check_game)."""
    return CardForm(get_ruleset(game), fields).to_data()
