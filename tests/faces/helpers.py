"""Faces of the demo cards, read from the shipped demo files (no database)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from faces.render import FaceCard

DEMO = Path(__file__).resolve().parents[2] / "cards" / "demo"


def demo_cards(game: str) -> list[FaceCard]:
    data = json.loads((DEMO / f"{game}.json").read_text(encoding="utf-8"))
    return [FaceCard.from_data(game, c) for c in data["cards"]]


def demo_card(game: str, stable_id: str) -> FaceCard:
    return next(c for c in demo_cards(game) if c.stable_id == stable_id)


def image_bytes(size=(400, 300), color=(200, 40, 40), fmt="JPEG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, fmt)
    return out.getvalue()
