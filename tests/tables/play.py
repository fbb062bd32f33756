"""Playing a table through the API in tests: the setup's decisions, and a few moves of each kind."""

from __future__ import annotations

from typing import Any


def fix_seed(table_id: int, seed: int) -> None:
    """The seed of a table of two users that waits for its second player: the server drew it (no
    player chooses the luck); a test fixes it, before the deal, to play the same game every run."""
    from tables.models import Table

    assert Table.objects.filter(pk=table_id, status=Table.Status.WAITING).update(seed=seed) == 1


def view(client, table_id: int, **query) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/", query)
    assert response.status_code == 200, response.content
    return response.json()


def post(client, table_id: int, kind: str, seq: int, seat: int | None = None, **payload):
    body = {"kind": kind, "expectedSeq": seq, **payload}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/api/tables/{table_id}/events/", body, format="json")


def play(client, table_id: int, kind: str, seat: int | None = None, **payload) -> dict[str, Any]:
    """One event from the table's current seq; it must be accepted. Returns the answer's body."""
    seq = view(client, table_id)["seq"]
    response = post(client, table_id, kind, seq, seat, **payload)
    assert response.status_code == 201, response.content
    assert response.json()["seq"] == seq + 1
    return response.json()


def zone(seat_view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(z for z in seat_view["zones"] if z["key"] == key)


def finish_setup(clients: dict[int, Any], table_id: int) -> None:
    """Every setup decision, seat by seat: keep the hand, choose the first offered card, play first."""
    for _ in range(12):
        for seat, client in clients.items():
            data = view(client, table_id)
            if data["status"] != "setup":
                return
            mine = data["seats"][seat - 1]
            for decision in mine["pending"]:
                if decision == "mulligan":
                    play(client, table_id, "mulligan", seat, cards=[])
                elif decision == "first":
                    play(client, table_id, "first", seat, first=seat)
                elif decision.startswith("choose:"):
                    offered = zone(mine, decision.split(":", 1)[1])["cards"]
                    play(client, table_id, "choose", seat, instance=offered[0]["instance"])
                break
    assert view(clients[1], table_id)["status"] == "playing"
