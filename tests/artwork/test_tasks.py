"""Artwork tasks: named, routed to the images queue, and run by a real worker in CI."""

import io
import time

import pytest
from django.core.files.storage import default_storage

from artwork import services, tasks  # noqa: F401 (registers the tasks, as a worker's autodiscovery does)
from artwork.models import ArtworkVariant, BatchState, ImageBatch, Rendition, RenditionState
from artwork.renditions import SPECS
from studio.celery import app

from .pictures import make_image


def test_every_artwork_task_is_named_and_goes_to_the_images_queue():
    names = sorted(name for name in app.tasks if name.startswith("artwork."))
    assert names == ["artwork.render", "artwork.sweep"]
    for name in names:
        assert app.amqp.router.route({}, name)["queue"].name == "images"
    assert app.amqp.router.route({}, "studio.ping")["queue"].name == "celery"


def test_the_sweep_runs_on_a_schedule(settings):
    assert settings.CELERY_BEAT_SCHEDULE["artwork-sweep"]["task"] == "artwork.sweep"


def wait_for(condition, timeout=60.0, every=0.25):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return False


def _card():
    from cards import services as card_services

    return card_services.card_create(game="darkrow", data={"name": "Sato", "type": "UNIT"})


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_makes_the_renditions_of_an_upload():
    assert not app.conf.task_always_eager
    variant = services.artwork_upload(card=_card(), file=io.BytesIO(make_image("JPEG", (600, 840))))
    ready = Rendition.objects.filter(variant=variant, state=RenditionState.READY)
    assert wait_for(lambda: ready.count() == len(SPECS)), list(
        variant.renditions.values("spec", "state", "error")
    )
    for rendition in ready:
        # Written by the worker, read here: one shared storage.
        assert default_storage.exists(rendition.file.name)
        assert rendition.attempts == 1


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_batch_progresses_in_the_worker_and_can_be_polled():
    card = _card()
    for seed in range(4):
        services.artwork_upload(card=card, file=io.BytesIO(make_image("PNG", seed=seed)))
    ids = list(ArtworkVariant.objects.values_list("pk", flat=True))
    assert wait_for(
        lambda: (
            Rendition.objects.filter(variant__in=ids, state=RenditionState.READY).count() == 4 * len(SPECS)
        )
    )
    batch = services.image_batch_start(game="darkrow", only_missing=False)
    assert batch.total == 4
    finished = ImageBatch.objects.filter(pk=batch.pk, state=BatchState.DONE)
    assert wait_for(finished.exists), ImageBatch.objects.filter(pk=batch.pk).values().first()
    batch.refresh_from_db()
    assert (batch.done, batch.failed) == (4, 0)
    assert set(Rendition.objects.filter(variant__in=ids).values_list("attempts", flat=True)) == {2}
