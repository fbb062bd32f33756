"""A broker or result backend that is down costs a write nothing: it answers fast, commits, and the
work is recorded as not enqueued, then sent again by the sweeps.

The broker here is a loopback port nobody listens on (connection refused at once); the timeouts in
settings bound the other kind of outage (a host that does not answer). The bound asserted is generous
(a loaded CI machine); bench/ has the figures.
"""

from __future__ import annotations

import socket
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from artwork.models import ImageBatch
from common.enqueue import breaker, send
from reviews.models import Audit
from studio.celery import app
from tests.artwork.pictures import make_image

pytestmark = pytest.mark.django_db

# Seconds: generous for a loaded CI machine (a write answers in well under 1 s, bench/outage.py);
# without the timeouts a write took about 20 s.
BOUND = 3.0


def dead_port() -> int:
    """A loopback port that was free a moment ago: connecting to it is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dead_broker():
    """The app talks to a broker and a result backend on a dead loopback port, not in-process."""
    url = f"redis://127.0.0.1:{dead_port()}/0"
    saved = {key: app.conf[key] for key in ("broker_url", "result_backend", "task_always_eager")}
    app.conf.update(broker_url=url, result_backend=url, task_always_eager=False)
    _forget_connections()
    breaker.reset()
    yield url
    app.conf.update(saved)
    _forget_connections()
    breaker.reset()


def _forget_connections():
    app._pool = None
    app.amqp._producer_pool = None
    app._local.__dict__.pop("backend", None)
    app.__dict__.pop("backend_cls", None)


def timed(action):
    start = time.monotonic()
    result = action()
    return result, time.monotonic() - start


def test_the_result_backend_is_the_dead_one_too(dead_broker):
    assert app.backend.__class__.__name__ == "RedisBackend"
    assert str(app.conf.result_backend) == dead_broker


def test_an_audit_started_while_the_broker_is_down_answers_at_once_and_is_recorded(
    dead_broker, api, reviewer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response, took = timed(lambda: api(reviewer).post("/api/audits/", {"game": "darkrow"}, format="json"))
    assert response.status_code == 202, response.content
    assert took < BOUND, f"the write took {took:.2f} s with the broker down"
    audit = Audit.objects.get(pk=response.json()["id"])
    assert audit.status == "PENDING" and audit.enqueue_failed_at is not None


def test_an_audit_never_enqueued_does_not_block_its_game(
    dead_broker, api, reviewer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = api(reviewer).post("/api/audits/", {"game": "darkrow"}, format="json")
    # The broker is back: starting again sends the same audit instead of answering 409.
    app.conf.task_always_eager = True
    breaker.reset()
    with django_capture_on_commit_callbacks(execute=True):
        again = api(reviewer).post("/api/audits/", {"game": "darkrow"}, format="json")
    assert again.status_code == 202, again.content
    assert again.json()["id"] == first.json()["id"]
    audit = Audit.objects.get(pk=first.json()["id"])
    assert audit.status == "DONE" and audit.enqueue_failed_at is None


def test_the_sweep_sends_again_an_audit_the_broker_could_not_take(
    dead_broker, api, reviewer, django_capture_on_commit_callbacks
):
    from reviews import tasks

    with django_capture_on_commit_callbacks(execute=True):
        pk = api(reviewer).post("/api/audits/", {"game": "duel"}, format="json").json()["id"]
    app.conf.task_always_eager = True
    breaker.reset()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue() == {"requeued": [pk]}
    assert Audit.objects.get(pk=pk).status == "DONE"


def test_a_card_patch_with_decks_to_revalidate_answers_at_once(
    dead_broker, api, designer, make_card, django_capture_on_commit_callbacks
):
    from decks import services as deck_services
    from decks.models import Deck

    card = make_card("darkrow", user=designer)
    deck = deck_services.deck_create(
        data={"game": "darkrow", "name": "d", "sections": {"main": [{"card": card.stable_id, "count": 1}]}},
        user=designer,
    )
    with django_capture_on_commit_callbacks(execute=True):
        response, took = timed(
            lambda: api(designer).patch(f"/api/cards/{card.stable_id}/", {"cost": 4}, format="json")
        )
    assert response.status_code == 200, response.content
    assert took < BOUND, f"the write took {took:.2f} s with the broker down"
    assert api(designer).get(f"/api/cards/{card.stable_id}/").json()["cost"] == 4
    assert Deck.objects.get(pk=deck.pk).stale  # not enqueued: the stale sweep catches it up


def test_an_upload_and_an_image_batch_answer_at_once_and_the_batch_is_swept(
    dead_broker, api, designer, reviewer, make_card, settings, tmp_path, django_capture_on_commit_callbacks
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from artwork import services

    settings.MEDIA_ROOT = str(tmp_path / "media")
    cards = [make_card("darkrow", name=f"Art {i}", user=designer) for i in range(3)]
    for i, card in enumerate(cards):
        upload = SimpleUploadedFile("a.png", make_image("PNG", (40 + i, 56)), content_type="image/png")
        with django_capture_on_commit_callbacks(execute=True):
            response, took = timed(
                lambda card=card, upload=upload: api(designer).post(
                    f"/api/cards/{card.stable_id}/artwork/", {"file": upload}, format="multipart"
                )
            )
        assert response.status_code == 201, response.content
        assert took < BOUND
    with django_capture_on_commit_callbacks(execute=True):
        response, took = timed(lambda: api(reviewer).post("/api/artwork/batches/", {}, format="json"))
    assert response.status_code in (201, 202), response.content
    assert took < BOUND
    batch = ImageBatch.objects.get(pk=response.json()["id"])
    assert batch.enqueue_failed_at is not None and batch.state == "QUEUED" and batch.total == 3

    app.conf.task_always_eager = True
    breaker.reset()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.image_batches_requeue() == 3
    batch.refresh_from_db()
    assert (batch.state, batch.done, batch.enqueue_failed_at) == ("DONE", 3, None)


def test_after_a_failure_the_next_enqueues_are_not_even_tried(dead_broker, monkeypatch):
    from celery.canvas import Signature

    tried = []
    real = Signature.apply_async
    monkeypatch.setattr(
        Signature, "apply_async", lambda self, *a, **k: tried.append(1) or real(self, *a, **k)
    )
    failures = []
    assert send("studio.ping", on_failure=failures.append) is None
    assert send("studio.ping", on_failure=failures.append) is None
    assert len(tried) == 1 and len(failures) == 2


def test_a_batch_left_queued_long_ago_is_swept(db):
    from artwork import services

    batch = ImageBatch.objects.create(total=0)
    ImageBatch.objects.filter(pk=batch.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert services.image_batches_requeue() == 0  # nothing pending in it, and no error


# --- the cache (CACHE_URL, Redis) down: the throttles fail open (issue 24) ---------------------------
@pytest.fixture
def dead_cache(settings):
    """Throttling on, its counts in a Redis nobody listens to (connection refused at once)."""
    from studio.throttling import outage

    settings.API_THROTTLING = True
    settings.API_THROTTLE_RATES = {"anon": "3/min", "user": "5/min", "token_failure": "3/hour"}
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{dead_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    outage.reset()
    yield outage
    outage.reset()


def test_token_requests_and_writes_go_on_unthrottled_when_the_cache_is_down(dead_cache, designer, client):
    from rest_framework.authtoken.models import Token

    from cards.models import Card

    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=designer).key}"}
    (read, took) = timed(lambda: client.get("/api/cards/", **auth))
    assert read.status_code == 200, read.content
    assert took < BOUND
    card = {"game": "darkrow", "name": "Kazuha", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3}
    written = client.post("/api/cards/", card, content_type="application/json", **auth)
    assert written.status_code == 201, written.content
    assert Card.objects.filter(name="Kazuha").exists()
    # more than the user's 5 a minute: nothing counts them while the cache is down
    assert {client.get("/api/games/", **auth).status_code for _ in range(6)} == {200}
    assert client.get("/api/games/", HTTP_AUTHORIZATION="Token " + "0" * 40).status_code == 401
    assert client.get("/api/schema/").status_code == 200  # anonymous
    assert dead_cache.failures == 1  # then not tried again for CACHE_BACKOFF_SECONDS
    assert dead_cache.unthrottled > 8


def test_the_cache_is_tried_again_after_its_backoff(dead_cache, designer, api, settings):
    settings.CACHE_BACKOFF_SECONDS = 0
    for _ in range(3):
        assert api(designer).get("/api/games/").status_code == 200
    assert dead_cache.failures == 3


def test_healthz_says_the_cache_is_down_and_counts_but_stays_up(dead_cache, designer, api, client):
    api(designer).get("/api/games/")
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["degraded"] == ["cache"]
    assert body["checks"]["cache"].startswith("ConnectionError")
    assert body["counters"]["cacheFailures"] >= 1 and body["counters"]["unthrottledRequests"] >= 1
