"""The clients generated from /api/schema/ work against a live server (issue 40, item 1).

``make clients`` (scripts/generate-clients) builds, in var/clients/ (``CLIENTS_DIR``), a Python
client with openapi-python-client and a TypeScript one with openapi-typescript (type-checked), in
a tool environment of their own. This test then runs clients/run_python_client.py with that
environment's Python: it imports every generated module, lists and searches cards, creates a
card, validates a deck by sections and by decklist, opens a table, posts a move and reads the view,
all through the generated modules.

Without generated clients the test skips; ``REQUIRE_CLIENTS=1`` (.ci/run) makes it fail instead.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENTS_DIR = Path(os.environ.get("CLIENTS_DIR") or ROOT / "var" / "clients")
PYTHON = CLIENTS_DIR / "venv" / "bin" / "python"
PACKAGE = CLIENTS_DIR / "python" / "cardstudio_client"
SCRIPT = ROOT / "clients" / "run_python_client.py"

pytestmark = [
    pytest.mark.clients,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.fixture
def generated_client():
    if not (PYTHON.exists() and (PACKAGE / "__init__.py").exists()):
        reason = f"no generated client in {CLIENTS_DIR} (make clients)"
        if os.environ.get("REQUIRE_CLIENTS"):
            pytest.fail(reason)
        pytest.skip(reason)
    return PYTHON


def demo_deck() -> tuple[dict, str]:
    from cards.demo import DEMO_DIR

    deck = json.loads((DEMO_DIR / "decks" / "vanguard-td01.deck.json").read_text(encoding="utf-8"))
    lines = []
    for section, entries in deck["sections"].items():
        lines.append(f"{section}:")
        lines += [f"{entry.get('count', 1)} {entry['card']}" for entry in entries]
    return deck["sections"], "\n".join(lines)


def test_the_generated_python_client_tours_the_api(generated_client, live_server, make_user):
    from rest_framework.authtoken.models import Token

    from cards.models import Card
    from tests.tables.live_kit import import_cards

    import_cards("vanguard")
    user = make_user("designer", "playtester", username="generated")
    sections, decklist = demo_deck()
    card = Card.objects.filter(game="vanguard").order_by("stable_id").first()
    cards = Card.objects.filter(game="vanguard").count()
    plan = {
        "baseUrl": live_server.url,
        "token": Token.objects.create(user=user).key,
        "search": card.name,
        "newCard": {"name": "Generated Knight", "type_": "NORMAL_UNIT", "set_": "GEN", "grade": 1},
        "sections": sections,
        "decklist": decklist,
        "faceOf": card.stable_id,
    }
    run = subprocess.run(
        [str(generated_client), str(SCRIPT)],
        input=json.dumps(plan),
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(PACKAGE.parent)},
    )
    assert run.returncode == 0, run.stderr[-4000:]
    out = json.loads(run.stdout)
    assert out["modules"] > 100  # every operation and model module imported
    assert out["listed"] == cards  # before the one it created
    assert card.name in out["found"]
    assert Card.objects.get(stable_id=out["created"]).name == "Generated Knight"
    assert out["bySections"] == out["byDecklist"]
    assert sum(out["byDecklist"]["counts"].values()) == sum(
        entry.get("count", 1) for entries in sections.values() for entry in entries
    )
    assert out["view"]["game"] == "vanguard"
    assert out["posted"] == out["view"]["seq"] == out["view"]["seqBefore"] + 1
    assert out["facePng"] == b"\x89PNG\r\n\x1a\n".hex()
