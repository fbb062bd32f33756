"""Faces of the demo cards, read from the shipped demo files (no database)."""

from __future__ import annotations

import io

from PIL import Image

from cards.demo import card_set
from faces.render import FaceCard


def demo_cards(game: str) -> list[FaceCard]:
    """The game's demo cards (``RuleSet.demo_card_set``; see ``cards.demo.demo_games``)."""
    return [FaceCard.from_data(game, c) for c in card_set(game)["cards"]]


def demo_card(game: str, stable_id: str) -> FaceCard:
    return next(c for c in demo_cards(game) if c.stable_id == stable_id)


def image_bytes(size=(400, 300), color=(200, 40, 40), fmt="JPEG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, fmt)
    return out.getvalue()
