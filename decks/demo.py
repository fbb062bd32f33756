"""The demo decks (``manage.py loaddemo``): the deck files of ``cards/demo/decks``.

The Vanguard trial decks TD01 and TD02 belong to the demo ``playtester``, whose
collection holds their cards (Classic allows only owned cards); the other decks
have no owner. Idempotent: a second run finds the decks by game and name and
leaves them as the files say.
"""

from __future__ import annotations

import json
from collections import Counter

from django.contrib.auth import get_user_model

from cards.demo import DEMO_DIR

from .models import Deck
from .services import collection_set, deck_create, deck_update

DECKS_DIR = DEMO_DIR / "decks"
PLAYTESTER_DECKS = ("vanguard-td01.deck.json", "vanguard-td02.deck.json")


def load_demo(stdout) -> None:
    playtester = get_user_model().objects.filter(username="playtester").first()
    files = {path.name: _read(path) for path in sorted(DECKS_DIR.glob("*.deck.json"))}
    if playtester is not None:
        owned: Counter[str] = Counter()
        for name in PLAYTESTER_DECKS:
            for entry in files[name]["sections"]["main"]:
                owned[entry["card"]] += entry.get("count", 1)
        collection_set(owner=playtester, counts=dict(owned))
    for name, data in files.items():
        owner = playtester if name in PLAYTESTER_DECKS else None
        if owner is not None:
            data["owner"] = owner.get_username()
        existing = Deck.objects.filter(game=data["game"], name=data["name"], owner=owner).first()
        deck = deck_update(deck=existing, data=data) if existing else deck_create(data=data)
        verdict = "legal" if deck.legal else "NOT legal"
        stdout.write(
            f"  decks  {deck.game}: {deck.name} ({verdict}{', owner ' + owner.get_username() if owner else ''})"
        )


def _read(path) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)
