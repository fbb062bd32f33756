"""A tour of the API with the generated Python client (openapi-python-client), as a client would do it.

Run by tests/studio/test_generated_clients.py with the clients' own Python (var/clients/venv, which
has httpx and attrs; the studio's does not), the generated package on ``sys.path``: it reads a plan
(JSON on stdin: the server's address, a token, cards and a decklist to use), makes every call through
the generated modules only, and prints what it got (JSON on stdout) for the test to check.

It also imports every generated module first: a module that fails to import (issue 40: 19 of 96
did, ``NameError: Unset``) fails the tour.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys


def import_every_module(package: str) -> int:
    root = importlib.import_module(package)
    count = 0
    for module in pkgutil.walk_packages(root.__path__, f"{package}."):
        importlib.import_module(module.name)
        count += 1
    return count


def expect(response, status: int):
    if response.status_code != status:
        raise SystemExit(f"{response.status_code} where {status} was expected: {response.content[:2000]!r}")
    return response.parsed


def main() -> None:
    plan = json.load(sys.stdin)
    modules = import_every_module("cardstudio_client.api") + import_every_module("cardstudio_client.models")

    from cardstudio_client import AuthenticatedClient
    from cardstudio_client.api.cards import cards_create, cards_face_png_retrieve, cards_list
    from cardstudio_client.api.decks import decks_create, decks_validate_create
    from cardstudio_client.api.tables import tables_create, tables_events_create, tables_retrieve
    from cardstudio_client.models import (
        CardCreateDocRequest,
        CardsListGame,
        DeckByDecklistRequest,
        DeckBySectionsRequest,
        GameEnum,
        ModeEnum,
        TableCreateDocRequest,
        TableEventInDocRequest,
    )

    client = AuthenticatedClient(base_url=plan["baseUrl"], token=plan["token"], prefix="Token", timeout=60)
    out: dict = {"modules": modules}
    with client as c:
        listed = expect(cards_list.sync_detailed(client=c, game=CardsListGame.VANGUARD, page_size=100), 200)
        out["listed"] = listed.count
        found = expect(cards_list.sync_detailed(client=c, game=CardsListGame.VANGUARD, q=plan["search"]), 200)
        out["found"] = [card.name for card in found.results]

        card = CardCreateDocRequest(game=GameEnum.VANGUARD, **plan["newCard"])
        created = expect(cards_create.sync_detailed(client=c, body=card), 201)
        out["created"] = created.stable_card_id

        by_sections = DeckBySectionsRequest.from_dict({"game": "vanguard", "sections": plan["sections"]})
        checked = expect(decks_validate_create.sync_detailed(client=c, body=by_sections), 200)
        out["bySections"] = {"legal": checked.legal, "counts": checked.counts.to_dict()}
        by_decklist = DeckByDecklistRequest(game=GameEnum.VANGUARD, decklist=plan["decklist"])
        checked = expect(decks_validate_create.sync_detailed(client=c, body=by_decklist), 200)
        out["byDecklist"] = {"legal": checked.legal, "counts": checked.counts.to_dict()}

        deck = expect(decks_create.sync_detailed(client=c, body=by_decklist), 201)
        other = expect(decks_create.sync_detailed(client=c, body=by_sections), 201)
        opened = expect(
            tables_create.sync_detailed(
                client=c,
                body=TableCreateDocRequest(deck=deck.id, opponent_deck=other.id, mode=ModeEnum.FREE, seed=7),
            ),
            201,
        )
        out["table"] = opened.id
        before = expect(tables_retrieve.sync_detailed(opened.id, client=c), 200).to_dict()
        seat = (before.get("turn") or {}).get("seat") or 1  # both seats are ours: say which plays
        move = TableEventInDocRequest(kind="note", expected_seq=before["seq"], seat=seat)
        move["text"] = "played through the generated client"
        posted = expect(tables_events_create.sync_detailed(opened.id, client=c, body=move), 201)
        out["posted"] = posted.seq
        after = expect(tables_retrieve.sync_detailed(opened.id, client=c), 200).to_dict()
        out["view"] = {"seqBefore": before["seq"], "seq": after["seq"], "game": after["game"]}

        face = expect(cards_face_png_retrieve.sync_detailed(plan["faceOf"], client=c), 200)
        out["facePng"] = face.payload.read(8).hex()
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
