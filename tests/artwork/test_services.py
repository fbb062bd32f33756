"""Artwork writes: the seed's rules on variants, history, safe uploads, renditions made once, batches."""

import io
import os

import pytest
from django.core.files.storage import default_storage
from PIL import Image, PngImagePlugin

from artwork import services
from artwork.models import (
    ArtworkEvent,
    ArtworkVariant,
    BatchState,
    EventAction,
    ImageBatch,
    ImageBatchItem,
    Kind,
    Rendition,
    RenditionState,
)
from artwork.renditions import SPECS
from artwork.selectors import artwork_counts, artwork_expected_counts
from artwork.storage import rendition_name, variant_name
from cards import services as card_services
from cards.models import Card
from common.errors import Conflict, Forbidden, InvalidInput

from .pictures import make_image, png_with_declared_size

pytestmark = pytest.mark.django_db


@pytest.fixture
def upload(designer):
    seeds = iter(range(1, 10_000))

    def do(card, data=None, *, user=designer, **fields):
        data = data if data is not None else make_image("PNG", seed=next(seeds))
        return services.artwork_upload(card=card, file=io.BytesIO(data), user=user, **fields)

    return do


@pytest.fixture
def enqueued(monkeypatch):
    """The render tasks enqueued (recorded, not run)."""
    calls = []
    monkeypatch.setattr(services, "_enqueue_render", lambda ids, **kw: calls.append((list(ids), kw)))
    return calls


def media_files(root) -> list[str]:
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files)


def events(card) -> list[tuple[int, str]]:
    return list(ArtworkEvent.objects.filter(card=card).order_by("id").values_list("variant_id", "action"))


# --- the seed's rules ------------------------------------------------------------------
def test_the_first_hd_becomes_the_primary_and_later_ones_do_not(card, upload, enqueued):
    first, second = upload(card), upload(card)
    first.refresh_from_db()
    assert first.is_primary and not second.is_primary
    assert (first.kind, second.kind) == (Kind.HD, Kind.HD)


def test_replacing_the_primary_keeps_the_old_one_as_legacy_hd(card, upload, designer, enqueued):
    old = upload(card)
    new = upload(card, primary=True, note="corrected image")
    old.refresh_from_db()
    assert new.is_primary and new.kind == Kind.HD
    assert old.kind == Kind.LEGACY_HD and not old.is_primary and old.deleted_at is None
    assert default_storage.exists(old.file.name)
    assert events(card)[-2:] == [(old.pk, EventAction.REPLACED), (new.pk, EventAction.MADE_PRIMARY)]
    replaced = ArtworkEvent.objects.get(variant=old, action=EventAction.REPLACED)
    assert replaced.actor == designer and replaced.note == "corrected image"
    assert replaced.details == {"kind": {"before": "HD", "after": "LEGACY_HD"}, "replacedBy": new.pk}


@pytest.mark.parametrize("kind", [Kind.REFERENCE, Kind.FULL_ART])
def test_a_pk_reference_or_full_artwork_is_never_primary(card, upload, media_root, enqueued, kind):
    with pytest.raises(InvalidInput) as caught:
        upload(card, kind=kind, primary=True)
    assert caught.value.findings[0].code == "ARTWORK_PRIMARY_NOT_HD"
    assert f"a {kind} image cannot be a card's primary image; choose an HD one" == caught.value.message
    assert not ArtworkVariant.objects.exists() and media_files(media_root) == [] and enqueued == []
    # Uploaded without asking, on a card with no primary: it does not become one either.
    assert not upload(card, kind=kind).is_primary


def test_a_reference_cannot_be_made_primary_but_can_be_reclassified_as_hd(card, upload, enqueued):
    reference = upload(card, kind=Kind.REFERENCE)
    with pytest.raises(InvalidInput):
        services.artwork_update(variant=reference, primary=True)
    services.artwork_update(variant=reference, kind=Kind.HD, primary=True)
    reference.refresh_from_db()
    assert reference.is_primary and reference.kind == Kind.HD


def test_an_older_hd_made_primary_again_swaps_with_the_current_one(card, upload, enqueued):
    old = upload(card)
    new = upload(card, primary=True)
    old.refresh_from_db()
    services.artwork_update(variant=old, primary=True)
    old.refresh_from_db(), new.refresh_from_db()
    assert (old.kind, old.is_primary) == (Kind.HD, True)
    assert (new.kind, new.is_primary) == (Kind.LEGACY_HD, False)


def test_a_primary_whose_kind_changes_stops_being_primary(card, upload, enqueued):
    primary = upload(card)
    services.artwork_update(variant=primary, kind=Kind.REFERENCE)
    primary.refresh_from_db()
    assert (primary.kind, primary.is_primary) == (Kind.REFERENCE, False)
    assert [a for _, a in events(card)][-2:] == [EventAction.UNSET_PRIMARY, EventAction.KIND_CHANGED]


def test_deleting_is_a_reviewers_act_kept_in_history(card, upload, designer, reviewer, enqueued):
    primary = upload(card)
    with pytest.raises(Forbidden):
        services.artwork_delete(variant=primary, user=designer)
    services.artwork_delete(variant=primary, user=reviewer, note="wrong card")
    primary.refresh_from_db()
    assert primary.deleted_at is not None and primary.deleted_by == reviewer and not primary.is_primary
    assert default_storage.exists(primary.file.name)  # the file stays
    deleted = ArtworkEvent.objects.get(variant=primary, action=EventAction.DELETED)
    assert (deleted.actor, deleted.note, deleted.details) == (
        reviewer,
        "wrong card",
        {"kind": "HD", "wasPrimary": True},
    )
    assert artwork_counts("darkrow")[Kind.HD] == 0
    with pytest.raises(Conflict):
        services.artwork_update(variant=primary, primary=True)


def test_a_deleted_image_may_be_uploaded_again(card, upload, reviewer, enqueued):
    data = make_image("PNG", seed=42)
    services.artwork_delete(variant=upload(card, data), user=reviewer)
    again = upload(card, data)
    assert again.is_primary and ArtworkVariant.objects.filter(card=card).count() == 2


def test_the_same_image_twice_on_a_card_is_a_conflict_that_adds_nothing(card, upload, enqueued):
    data = make_image("JPEG", seed=7)
    first = upload(card, data)
    with pytest.raises(Conflict, match=f"already on card {card.stable_id} \\(variant {first.pk}, HD\\)"):
        upload(card, data, kind=Kind.REFERENCE)
    assert ArtworkVariant.objects.count() == 1 and len(enqueued) == 1


# --- counts ------------------------------------------------------------------------------
def test_a_full_artwork_is_never_counted_again_as_an_hd(card, upload, enqueued):
    upload(card)
    upload(card, kind=Kind.FULL_ART)
    upload(card, kind=Kind.REFERENCE)
    none = dict.fromkeys(Kind.values, 0)  # every kind, as many as there are
    assert artwork_counts("darkrow") == {**none, "HD": 1, "REFERENCE": 1, "FULL_ART": 1}
    assert artwork_counts("vanguard") == none


def test_darkrows_artwork_as_the_seed_counts_it(make_card, upload, enqueued, django_assert_max_num_queries):
    cards = Card.objects.bulk_create(
        [Card(game="darkrow", stable_id=f"DR-T{i:02}", name=f"Carte {i}", type="UNIT") for i in range(72)]
    )
    tiny = (make_image("PNG", (12, 16), seed=n) for n in range(1000))
    for card in cards:
        upload(card, next(tiny))
    for card in cards[:6]:  # six images revised: the older ones are kept
        upload(card, next(tiny), primary=True)
    for card in cards[:53]:
        upload(card, next(tiny), kind=Kind.REFERENCE)
    for card in cards[:3]:
        upload(card, next(tiny), kind=Kind.FULL_ART)
    with django_assert_max_num_queries(1):
        counts = artwork_counts("darkrow")
    seed = {"HD": 72, "REFERENCE": 53, "FULL_ART": 3, "LEGACY_HD": 6}
    assert artwork_expected_counts("darkrow") == seed
    assert counts == {**dict.fromkeys(Kind.values, 0), **seed}
    assert ArtworkVariant.objects.filter(is_primary=True).count() == 72


# --- safe uploads ---------------------------------------------------------------------------
def test_the_file_is_stored_under_its_content_hash_never_its_name(card, enqueued):
    variant = services.artwork_upload(
        card=card, file=io.BytesIO(make_image("PNG")), original_name="C:\\art\\kazuha final.jpg"
    )
    assert variant.file.name == variant_name(variant.sha256, "png")
    assert variant.file.name.startswith(f"artwork/{variant.sha256[:2]}/{variant.sha256}-")
    assert variant.original_name == "kazuha final.jpg"
    with default_storage.open(variant.file.name) as stored:
        assert stored.read() == default_storage.open(variant.file.name).read()
    assert (variant.format, variant.width, variant.height) == ("PNG", 60, 84)


def test_a_half_written_copy_of_the_same_image_is_replaced(card, enqueued):
    from artwork.images import clean_image

    data = make_image("PNG", seed=3)
    clean = clean_image(data, max_pixels=10**6)
    name = variant_name(clean.sha256, "png")
    default_storage.save(name, io.BytesIO(clean.data[:20]))  # a crash while it was written
    variant = services.artwork_upload(card=card, file=io.BytesIO(data))
    assert variant.file.name == name
    assert default_storage.open(name).read() == clean.data


def test_an_image_showing_numbers_and_text_never_changes_the_card(
    card, upload, enqueued, django_capture_on_commit_callbacks
):
    before = Card.objects.get(pk=card.pk)
    revisions = card.revisions.count()
    text = PngImagePlugin.PngInfo()
    text.add_text("Description", "Toyama Kazuha cost 9 ATK 12 PV 1")
    upload(card, make_image("PNG", (120, 168), pnginfo=text))  # "ATK 99" is drawn on it too
    upload(card, kind=Kind.FULL_ART, primary=None)
    after = Card.objects.get(pk=card.pk)
    assert (after.version, after.updated_at, after.game_fields, after.text, after.name) == (
        before.version,
        before.updated_at,
        before.game_fields,
        before.text,
        before.name,
    )
    assert after.game_fields["atk"] == 4 and card.revisions.count() == revisions


def test_a_refused_image_writes_nothing_and_enqueues_nothing(card, upload, media_root, enqueued, settings):
    settings.ARTWORK_MAX_PIXELS = 1_000_000
    for data in (b"not an image", png_with_declared_size(5000, 5000), make_image("JPEG", (300, 400))[:500]):
        with pytest.raises(InvalidInput):
            upload(card, data)
    assert not ArtworkVariant.objects.exists() and not ArtworkEvent.objects.exists()
    assert enqueued == [] and media_files(media_root) == []


# --- renditions -------------------------------------------------------------------------------
def test_an_upload_enqueues_its_renditions_after_the_commit(card, upload, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        variant = upload(card, make_image("JPEG", (900, 1260)))
    assert len(callbacks) == 1
    renditions = {r.spec: r for r in variant.renditions.all()}
    assert set(renditions) == set(SPECS)
    assert all(r.state == RenditionState.READY for r in renditions.values())
    thumb = Image.open(default_storage.open(renditions["thumb"].file.name))
    assert thumb.format == "WEBP" and thumb.size == (229, 320) == (
        renditions["thumb"].width,
        renditions["thumb"].height,
    )
    assert renditions["preview"].file.name == rendition_name(variant.sha256, SPECS["preview"])
    assert renditions["preview"].file.name.endswith("-preview-1280x1280.webp")


def test_renditions_are_made_once_when_the_task_runs_twice(card, upload, enqueued, monkeypatch):
    from artwork.tasks import render

    variant = upload(card)
    assert render([variant.pk]) == {"done": 1, "failed": 0}
    files = {r.spec: (r.file.name, os.path.getmtime(r.file.path)) for r in variant.renditions.all()}
    written = []
    monkeypatch.setattr(services, "save_replacing", lambda *args: written.append(args))
    monkeypatch.setattr(services, "make_renditions", lambda *args: written.append(args))
    assert render([variant.pk]) == {"done": 1, "failed": 0}
    assert written == []
    assert Rendition.objects.filter(variant=variant).count() == len(SPECS)
    assert all(r.attempts == 1 and r.state == RenditionState.READY for r in variant.renditions.all())
    assert {r.spec: (r.file.name, os.path.getmtime(r.file.path)) for r in variant.renditions.all()} == files


def test_a_half_written_rendition_is_replaced(card, upload, enqueued):
    from artwork.tasks import render

    variant = upload(card)
    name = rendition_name(variant.sha256, SPECS["thumb"])
    default_storage.save(name, io.BytesIO(b"RIFF\x00\x00"))  # the worker died while writing it
    render([variant.pk])
    thumb = variant.renditions.get(spec="thumb")
    assert thumb.file.name == name and thumb.state == RenditionState.READY
    assert Image.open(default_storage.open(name)).format == "WEBP"


def test_a_missing_image_file_fails_its_renditions_without_an_error(card, upload, enqueued):
    from artwork.tasks import render

    variant = upload(card)
    default_storage.delete(variant.file.name)
    assert render([variant.pk]) == {"done": 0, "failed": 1}
    for rendition in variant.renditions.all():
        assert rendition.state == RenditionState.FAILED
        assert "missing from storage" in rendition.error and rendition.attempts == 1


def test_a_missing_image_never_blocks_saving_the_card(card, upload, enqueued, designer):
    from artwork.tasks import render

    failed, pending = upload(card), upload(card)
    default_storage.delete(failed.file.name)
    render([failed.pk])
    updated = card_services.card_update(
        stable_id=card.stable_id, data={"atk": 5}, user=designer, expected_version=card.version
    )
    assert updated.game_fields["atk"] == 5 and updated.version == card.version + 1
    assert set(pending.renditions.values_list("state", flat=True)) == {RenditionState.PENDING}


def test_forcing_remakes_every_rendition(card, upload, enqueued):
    from artwork.tasks import render

    variant = upload(card)
    render([variant.pk])
    render([variant.pk], force=True)
    assert {r.attempts for r in variant.renditions.all()} == {2}


def test_the_sweep_enqueues_renditions_left_pending(card, upload, enqueued):
    ready, stuck = upload(card), upload(card)
    services.renditions_make(variant_ids=[ready.pk])
    ArtworkVariant.objects.update(created_at="2020-01-01T00:00:00Z")
    enqueued.clear()
    assert services.renditions_sweep() == 1
    assert enqueued == [([stuck.pk], {})]


# --- batches ------------------------------------------------------------------------------------
@pytest.fixture
def three_variants(card, make_card, upload, enqueued):
    other = make_card("vanguard")
    variants = [upload(card), upload(card, kind=Kind.REFERENCE), upload(other)]
    enqueued.clear()
    return variants


def test_a_batch_counts_its_items_and_finishes(three_variants, enqueued, designer):
    batch = services.image_batch_start(game="darkrow", user=designer)
    assert (batch.total, batch.state, batch.created_by) == (2, BatchState.QUEUED, designer)
    assert enqueued == [
        ([three_variants[0].pk, three_variants[1].pk], {"batch_id": batch.pk, "force": False})
    ]
    services.renditions_make(variant_ids=enqueued[0][0], batch_id=batch.pk)
    batch.refresh_from_db()
    assert (batch.state, batch.done, batch.failed) == (BatchState.DONE, 2, 0)
    assert batch.started_at and batch.finished_at


def test_an_item_is_counted_once_when_its_task_runs_again(three_variants):
    batch = services.image_batch_start(enqueue=False)
    ids = [v.pk for v in three_variants]
    services.renditions_make(variant_ids=ids[:2], batch_id=batch.pk)
    services.renditions_make(variant_ids=ids[:2], batch_id=batch.pk)  # redelivered after a crash
    batch.refresh_from_db()
    assert (batch.state, batch.done, batch.total) == (BatchState.RUNNING, 2, 3)
    services.renditions_make(variant_ids=ids, batch_id=batch.pk)
    batch.refresh_from_db()
    assert (batch.state, batch.done, batch.failed) == (BatchState.DONE, 3, 0)


def test_only_missing_skips_what_is_ready_and_failures_are_recorded(three_variants):
    services.renditions_make(variant_ids=[three_variants[0].pk])
    default_storage.delete(three_variants[1].file.name)
    batch = services.image_batch_run(services.image_batch_start(only_missing=True, enqueue=False))
    assert (batch.total, batch.done, batch.failed, batch.state) == (2, 1, 1, BatchState.DONE)
    failed = ImageBatchItem.objects.get(batch=batch, state="FAILED")
    assert failed.variant_id == three_variants[1].pk and "missing from storage" in failed.error


def test_an_empty_batch_is_done_at_once():
    batch = services.image_batch_start(only_missing=True, enqueue=False)
    assert (batch.total, batch.state) == (0, BatchState.DONE)


def test_an_unknown_game_is_refused():
    with pytest.raises(InvalidInput, match="chess is not a game; use one of chesscards"):
        services.image_batch_start(game="chess")
    assert not ImageBatch.objects.exists()


def test_batch_work_costs_a_fixed_number_of_queries_per_image(
    card, upload, enqueued, django_assert_max_num_queries
):
    ids = [upload(card).pk for _ in range(8)]
    batch = services.image_batch_start(enqueue=False)
    with django_assert_max_num_queries(3 + 8 * 14):
        services.renditions_make(variant_ids=ids, batch_id=batch.pk)
    assert ImageBatch.objects.get(pk=batch.pk).done == 8


def test_a_note_with_a_nul_character_is_refused_before_the_image_is_stored(card, upload, enqueued, settings):
    with pytest.raises(InvalidInput, match="NUL"):
        upload(card, note="a\x00b")
    assert not card.artwork.exists() and media_files(settings.MEDIA_ROOT) == [] and enqueued == []
