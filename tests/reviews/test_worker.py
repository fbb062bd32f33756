"""An audit started from the API runs in a real worker, and its progress can be followed while it runs."""

from __future__ import annotations

import os
import time

import pytest
from django.contrib.auth import get_user_model

CARDS = 4000
TIMEOUT = 180


@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_progress_of_an_audit_in_a_real_worker(api, bulk_cards):
    bulk_cards(CARDS, status=lambda i: "NEEDS_REVIEW" if i % 2 else "VALIDATED")
    admin = get_user_model().objects.create_superuser("auditor", "auditor@example.com", "secret-password")
    client = api(admin)

    response = client.post("/api/audits/", {"game": "darkrow"}, format="json")
    assert response.status_code == 202, response.content
    audit_id = response.json()["id"]
    # While it is pending or running, a second audit of the game is refused.
    second = client.post("/api/audits/", {"game": "darkrow"}, format="json")
    if second.status_code == 409:
        assert second.json()["runningAudit"] == audit_id
    else:  # only if the worker already finished it
        assert client.get(f"/api/audits/{audit_id}/").json()["status"] == "DONE"

    polls = []
    deadline = time.monotonic() + TIMEOUT
    while True:
        body = client.get(f"/api/audits/{audit_id}/").json()
        polls.append(
            (body["status"], body["progress"]["done"], body["progress"]["total"], body["progress"]["step"])
        )
        if body["status"] in ("DONE", "FAILED"):
            break
        assert time.monotonic() < deadline, f"the audit did not finish in {TIMEOUT}s: {polls[-5:]}"
        time.sleep(0.02)

    assert body["status"] == "DONE", body["error"]
    assert body["progress"] == {"done": CARDS, "total": CARDS, "step": "done"}
    assert body["lists"]["NEEDS_REVIEW"] == CARDS // 2
    assert body["lists"]["BONUS_DURATION_REVIEW"] == CARDS
    # It ran in the worker, another process, and reported progress while it ran.
    assert body["ranOn"] and not body["ranOn"].endswith(f":{os.getpid()}")
    running = [(done, total) for status, done, total, _ in polls if status == "RUNNING"]
    assert any(0 < done < total for done, total in running), polls[:20]
    dones = [done for _, done, _, _ in polls]
    assert dones == sorted(dones)
