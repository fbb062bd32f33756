"""Writes to artwork: uploads, primary choice, kind changes, deletion, renditions and batches.

Each change of a card's variants is one transaction that locks the card's row
(so two people choosing a primary at once cannot both win) and appends an
``ArtworkEvent``. The card itself is never written: nothing an image shows,
numbers or text, ever changes the card's data.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from datetime import timedelta
from itertools import islice
from typing import BinaryIO

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext

from cards.interchange import check_game
from cards.models import Card
from common.enqueue import enqueue_on_commit
from common.errors import Conflict, Forbidden, InvalidInput
from common.notes import checked_note
from rules.findings import error
from rules.problems import invalid, problem

from .images import DECODE_ERRORS, CleanImage, ImageRefused, clean_image, read_limited, too_big
from .models import (
    PRIMARY_KINDS,
    ArtworkEvent,
    ArtworkVariant,
    BatchState,
    EventAction,
    ImageBatch,
    ImageBatchItem,
    ItemState,
    Kind,
    Rendition,
    RenditionState,
)
from .renditions import SPECS, RenditionSpec, make_renditions
from .storage import rendition_name, save_content_addressed, save_replacing, variant_name

logger = logging.getLogger("artwork")

# Room for the multipart boundaries and the other form fields around the image.
FORM_OVERHEAD = 64 * 1024
BATCH_CHUNK = 10  # variants per task: small enough to spread a batch over every worker


class ArtworkTooLarge(InvalidInput):
    """An upload over the byte or pixel limit (HTTP 413)."""

    status_code = 413


# --- small helpers ----------------------------------------------------------------------
def _actor(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def _event(variant: ArtworkVariant, action: str, user, note: str = "", **details) -> ArtworkEvent:
    actor = _actor(user)
    return ArtworkEvent.objects.create(
        card_id=variant.card_id,
        variant=variant,
        action=action,
        actor=actor,
        actor_name=actor.get_username() if actor else "",
        note=checked_note(note),
        details=details,
    )


def _lock_card(card_id: int) -> Card:
    return Card.objects.select_for_update().only("pk", "stable_id", "game").get(pk=card_id)


def _kind_findings(kind, primary) -> list:
    findings = []
    if kind not in Kind.values:
        findings.append(invalid("kind", problem("NOT_ALLOWED", value=repr(kind), expected=list(Kind.values))))
    if primary is not None and not isinstance(primary, bool):
        findings.append(invalid("primary", problem("NOT_YES_NO")))
    if primary is True and kind in Kind.values and kind not in PRIMARY_KINDS:
        findings.append(error("ARTWORK_PRIMARY_NOT_HD", field="primary", params={"kind": kind}))
    return findings


# --- uploads ----------------------------------------------------------------------------
def artwork_check_upload(fileobj: BinaryIO, *, size: int | None = None) -> CleanImage:
    """The upload, checked and re-encoded without metadata; refused with 400 or 413 and a clear message."""
    try:
        data = read_limited(fileobj, max_bytes=settings.ARTWORK_MAX_BYTES, size=size)
        return clean_image(data, max_pixels=settings.ARTWORK_MAX_PIXELS)
    except ImageRefused as exc:
        raise artwork_refusal(exc) from None


def artwork_check_request_length(content_length) -> None:
    """413 from the request's Content-Length alone, before a byte of a too-big body is read or spooled to disk."""
    try:
        length = int(content_length or 0)
    except (TypeError, ValueError):
        length = 0
    limit = settings.ARTWORK_MAX_BYTES
    if length > limit + FORM_OVERHEAD:
        raise artwork_refusal(too_big(length, limit, what="upload"))


def artwork_refusal(exc: ImageRefused) -> InvalidInput:
    """The service error for a refused image: 413 for a limit, 400 otherwise, on the field ``file``."""
    refusal = ArtworkTooLarge if exc.too_large else InvalidInput
    return refusal([error(exc.code, field="file", params={"problem": exc.message})])


def artwork_upload(
    *,
    card: Card,
    file: BinaryIO,
    kind: str = Kind.HD,
    primary: bool | None = None,
    user=None,
    note: str = "",
    original_name: str = "",
    size: int | None = None,
) -> ArtworkVariant:
    """Add an image to ``card``.

    ``primary``: True makes it the card's main artwork (the current one is kept
    as LEGACY_HD); None makes an HD primary when the card has none yet. The
    image is checked before anything is written; its renditions are made by a
    task after the commit.
    """
    findings = _kind_findings(kind, primary)
    if findings:
        raise InvalidInput(findings)
    checked_note(note)  # before the image is stored
    image = artwork_check_upload(file, size=size)
    with transaction.atomic():
        card = _lock_card(card.pk)
        same = card.artwork.live().filter(sha256=image.sha256).first()
        if same is not None:
            raise Conflict(
                gettext(
                    "this image is already on card %(stable_id)s (variant %(pk)s, %(kind)s); nothing was added"
                )
                % {"stable_id": card.stable_id, "pk": same.pk, "kind": same.kind}
            )
        storage = ArtworkVariant._meta.get_field("file").storage
        name = save_content_addressed(storage, variant_name(image.sha256, image.extension), image.data)
        variant = ArtworkVariant.objects.create(
            card=card,
            kind=kind,
            file=name,
            sha256=image.sha256,
            width=image.width,
            height=image.height,
            format=image.format,
            byte_size=len(image.data),
            original_name=(original_name or "").replace("\\", "/").rsplit("/", 1)[-1][:255],
            uploaded_by=_actor(user),
        )
        _event(
            variant,
            EventAction.UPLOADED,
            user,
            note,
            kind=kind,
            format=image.format,
            sha256=image.sha256,
            width=image.width,
            height=image.height,
        )
        if primary is None:
            primary = kind == Kind.HD and not card.artwork.filter(is_primary=True).exists()
        if primary:
            _make_primary(variant, user, note)
        Rendition.objects.bulk_create([Rendition(variant=variant, spec=spec) for spec in SPECS])
        _enqueue_render([variant.pk])
    return variant


def _enqueue_render(variant_ids: list[int], **kwargs) -> None:
    """Render these variants after the commit; a batch the broker cannot take is marked for the sweep."""
    batch_id = kwargs.get("batch_id")

    def not_enqueued(exc: Exception) -> None:
        if batch_id is not None:
            ImageBatch.objects.filter(pk=batch_id).update(enqueue_failed_at=timezone.now())

    enqueue_on_commit("artwork.render", variant_ids, on_failure=not_enqueued, **kwargs)


# --- primary, kind, deletion --------------------------------------------------------------
def _make_primary(variant: ArtworkVariant, user, note: str) -> None:
    current = (
        ArtworkVariant.objects.filter(card_id=variant.card_id, is_primary=True).exclude(pk=variant.pk).first()
    )
    if current is not None:
        # Replaced, never deleted: the old main image is kept as an older HD.
        current.is_primary = False
        current.kind = Kind.LEGACY_HD
        current.save(update_fields=["is_primary", "kind"])
        _event(
            current,
            EventAction.REPLACED,
            user,
            note,
            kind={"before": Kind.HD, "after": Kind.LEGACY_HD},
            replacedBy=variant.pk,
        )
    before = variant.kind
    variant.kind = Kind.HD
    variant.is_primary = True
    variant.save(update_fields=["is_primary", "kind"])
    details = {"replaces": current.pk if current else None}
    if before != Kind.HD:
        details["kind"] = {"before": before, "after": Kind.HD}
    _event(variant, EventAction.MADE_PRIMARY, user, note, **details)


def _unset_primary(variant: ArtworkVariant, user, note: str) -> None:
    variant.is_primary = False
    variant.save(update_fields=["is_primary"])
    _event(variant, EventAction.UNSET_PRIMARY, user, note)


def _locked_variant(variant: ArtworkVariant) -> ArtworkVariant:
    _lock_card(variant.card_id)
    locked = ArtworkVariant.objects.select_for_update().get(pk=variant.pk)
    if locked.is_deleted:
        raise Conflict(
            f"variant {locked.pk} was deleted on {locked.deleted_at:%Y-%m-%d}; it can no longer change"
        )
    return locked


def artwork_update(
    *,
    variant: ArtworkVariant,
    user=None,
    kind: str | None = None,
    primary: bool | None = None,
    note: str = "",
) -> ArtworkVariant:
    """Change a variant's kind and/or make it (or stop it being) the card's primary artwork.

    A primary that stops being an HD stops being primary; making an older HD
    primary again restores it as the HD (the current one becomes the older HD).
    """
    target_kind = kind if kind is not None else variant.kind
    findings = _kind_findings(target_kind, primary)
    if findings:
        raise InvalidInput(findings)
    with transaction.atomic():
        variant = _locked_variant(variant)
        if kind is not None and kind != variant.kind:
            if variant.is_primary and kind != Kind.HD:
                _unset_primary(variant, user, note)
            before = variant.kind
            variant.kind = kind
            variant.save(update_fields=["kind"])
            _event(variant, EventAction.KIND_CHANGED, user, note, kind={"before": before, "after": kind})
        if primary is True and not variant.is_primary:
            _make_primary(variant, user, note)
        elif primary is False and variant.is_primary:
            _unset_primary(variant, user, note)
    return variant


def artwork_delete(*, variant: ArtworkVariant, user=None, note: str = "") -> ArtworkVariant:
    """Delete a variant (reviewers only): it leaves the card's artwork but is kept, file included, in history."""
    if user is not None and not user.has_perm("artwork.delete_artworkvariant"):
        raise Forbidden(
            gettext("only a reviewer may delete artwork; ask a reviewer, or upload a new primary HD instead")
        )
    with transaction.atomic():
        variant = _locked_variant(variant)
        was_primary = variant.is_primary
        variant.is_primary = False
        variant.deleted_at = timezone.now()
        variant.deleted_by = _actor(user)
        variant.save(update_fields=["is_primary", "deleted_at", "deleted_by"])
        _event(variant, EventAction.DELETED, user, note, kind=variant.kind, wasPrimary=was_primary)
    return variant


# --- renditions -----------------------------------------------------------------------------
def _is_ready(rendition: Rendition | None) -> bool:
    return rendition is not None and rendition.state == RenditionState.READY and bool(rendition.file)


def variant_render(variant: ArtworkVariant, *, force: bool = False) -> list[str]:
    """Make the variant's missing renditions (every one with ``force``); the problems, or [] when all are ready.

    Safe to run twice, at once or after a crash: a rendition is written under a
    name derived from the variant and the spec, replacing a half-written file,
    and marked READY under a row lock, once.
    """
    existing = {r.spec: r for r in variant.renditions.all()}
    todo = [spec for name, spec in SPECS.items() if force or not _is_ready(existing.get(name))]
    if not todo:
        return []
    try:
        with variant.file.open("rb") as source:
            rendered = make_renditions(source, todo)
    except FileNotFoundError:
        return _renditions_failed(
            variant, todo, f"the image file {variant.file.name} is missing from storage"
        )
    except DECODE_ERRORS as exc:
        return _renditions_failed(variant, todo, f"the image file {variant.file.name} cannot be read ({exc})")
    storage = Rendition._meta.get_field("file").storage
    for spec in todo:
        _store_rendition(storage, variant, spec, rendered[spec.name], force=force)
    return []


def _store_rendition(storage, variant: ArtworkVariant, spec: RenditionSpec, rendered, *, force: bool) -> None:
    with transaction.atomic():
        rendition, _ = Rendition.objects.select_for_update().get_or_create(variant=variant, spec=spec.name)
        if _is_ready(rendition) and not force:
            return  # made meanwhile by another run of the task
        rendition.file = save_replacing(storage, rendition_name(variant.sha256, spec), rendered.data)
        rendition.state = RenditionState.READY
        rendition.width, rendition.height, rendition.byte_size = (
            rendered.width,
            rendered.height,
            len(rendered.data),
        )
        rendition.error = ""
        rendition.attempts += 1
        rendition.save()


def _renditions_failed(variant: ArtworkVariant, specs: list[RenditionSpec], message: str) -> list[str]:
    logger.warning("renditions of artwork variant %s failed: %s", variant.pk, message)
    names = [spec.name for spec in specs]
    with transaction.atomic():
        for name in names:
            Rendition.objects.get_or_create(variant=variant, spec=name)
        # A rendition made earlier stays READY: it is still good.
        Rendition.objects.filter(variant=variant, spec__in=names).exclude(state=RenditionState.READY).update(
            state=RenditionState.FAILED, error=message, attempts=F("attempts") + 1, updated_at=timezone.now()
        )
    return [message]


def renditions_make(
    *,
    variant_ids: Iterable[int],
    batch_id: int | None = None,
    force: bool = False,
    on_item: Callable[[], None] | None = None,
) -> dict:
    """Make the renditions of these variants; count each one in its batch, if any. Returns {done, failed}."""
    ids = list(variant_ids)
    if batch_id is not None:
        ImageBatch.objects.filter(pk=batch_id, state=BatchState.QUEUED).update(
            state=BatchState.RUNNING, started_at=timezone.now()
        )
        # An item already counted (a task run again) is not made nor counted twice.
        ids = list(
            ImageBatchItem.objects.filter(
                batch_id=batch_id, variant_id__in=ids, state=ItemState.PENDING
            ).values_list("variant_id", flat=True)
        )
    summary = {"done": 0, "failed": 0}
    for variant in ArtworkVariant.objects.filter(pk__in=ids).prefetch_related("renditions").order_by("pk"):
        try:
            problems = variant_render(variant, force=force)
        except Exception as exc:  # one bad image must not stop the others; it is recorded and can be redone
            logger.exception("renditions of artwork variant %s failed", variant.pk)
            problems = _renditions_failed(variant, list(SPECS.values()), f"unexpected error: {exc}")
        summary["failed" if problems else "done"] += 1
        if batch_id is not None:
            _batch_item_finished(batch_id, variant.pk, problems)
        if on_item is not None:
            on_item()
    return summary


# --- batches --------------------------------------------------------------------------------
def _chunks(ids: Iterable[int], size: int) -> Iterator[list[int]]:
    iterator = iter(ids)
    while chunk := list(islice(iterator, size)):
        yield chunk


def variants_needing_renditions(*, game: str | None = None, only_missing: bool = True):
    """Live variants (of ``game``), all of them or only those with a rendition not READY yet."""
    qs = ArtworkVariant.objects.live()
    if game:
        qs = qs.filter(card__game=game)
    if only_missing:
        ready = Count(
            "renditions", filter=Q(renditions__state=RenditionState.READY, renditions__spec__in=list(SPECS))
        )
        qs = qs.annotate(ready_renditions=ready).filter(ready_renditions__lt=len(SPECS))
    return qs.order_by("pk")


def image_batch_start(
    *, game: str | None = None, only_missing: bool = True, user=None, enqueue: bool = True
) -> ImageBatch:
    """Record a batch of rendition work and (``enqueue``) hand it to the workers, in chunks, after the commit."""
    if game and (findings := check_game(game)):
        raise InvalidInput(findings)
    with transaction.atomic():
        batch = ImageBatch.objects.create(game=game or "", only_missing=only_missing, created_by=_actor(user))
        ids = variants_needing_renditions(game=game, only_missing=only_missing).values_list("pk", flat=True)
        total = 0
        for chunk in _chunks(ids.iterator(chunk_size=2000), 1000):
            ImageBatchItem.objects.bulk_create([ImageBatchItem(batch=batch, variant_id=pk) for pk in chunk])
            total += len(chunk)
            if enqueue:
                for task_ids in _chunks(chunk, BATCH_CHUNK):
                    _enqueue_render(task_ids, batch_id=batch.pk, force=not only_missing)
        batch.total = total
        if total == 0:
            batch.state = BatchState.DONE
            batch.started_at = batch.finished_at = timezone.now()
        batch.save()
    return batch


def image_batch_run(batch: ImageBatch, *, on_item: Callable[[], None] | None = None) -> ImageBatch:
    """Do a batch's pending items in this process (the ``processimages`` command)."""
    pending = batch.items.filter(state=ItemState.PENDING).values_list("variant_id", flat=True)
    for chunk in _chunks(pending.iterator(chunk_size=2000), 100):
        renditions_make(variant_ids=chunk, batch_id=batch.pk, force=not batch.only_missing, on_item=on_item)
    batch.refresh_from_db()
    return batch


def _batch_item_finished(batch_id: int, variant_id: int, problems: list[str]) -> None:
    state, counter = (ItemState.FAILED, "failed") if problems else (ItemState.DONE, "done")
    with transaction.atomic():
        counted = ImageBatchItem.objects.filter(
            batch_id=batch_id, variant_id=variant_id, state=ItemState.PENDING
        ).update(state=state, error="; ".join(problems))
        if not counted:
            return
        ImageBatch.objects.filter(pk=batch_id).update(**{counter: F(counter) + 1})
        ImageBatch.objects.filter(pk=batch_id, total__lte=F("done") + F("failed")).exclude(
            state=BatchState.DONE
        ).update(state=BatchState.DONE, finished_at=timezone.now())


def renditions_sweep(*, older_than_seconds: int = 600) -> int:
    """Enqueue the variants whose renditions are still PENDING a while after upload (e.g. the broker
    was down), and the pending items of the image batches the broker could not take."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    settled = Count(
        "renditions", filter=Q(renditions__state__in=[RenditionState.READY, RenditionState.FAILED])
    )
    ids = list(
        ArtworkVariant.objects.live()
        .filter(created_at__lt=cutoff)
        .annotate(settled=settled)
        .filter(settled__lt=len(SPECS))
        .values_list("pk", flat=True)
    )
    for chunk in _chunks(ids, BATCH_CHUNK):
        _enqueue_render(chunk)
    return len(ids) + image_batches_requeue(older_than_seconds=older_than_seconds)


def image_batches_requeue(*, older_than_seconds: int = 600) -> int:
    """Send again the pending items of every unfinished batch the broker could not take (or that
    stayed QUEUED, untouched, for ``older_than_seconds``). Renders are idempotent and a batch counts
    each item once, so an item sent twice is harmless."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    batches = ImageBatch.objects.exclude(state=BatchState.DONE).filter(
        Q(enqueue_failed_at__isnull=False) | Q(state=BatchState.QUEUED, created_at__lt=cutoff)
    )
    sent = 0
    for batch in batches:
        ImageBatch.objects.filter(pk=batch.pk).update(enqueue_failed_at=None)
        pending = batch.items.filter(state=ItemState.PENDING).values_list("variant_id", flat=True)
        for chunk in _chunks(pending.iterator(chunk_size=2000), BATCH_CHUNK):
            _enqueue_render(chunk, batch_id=batch.pk, force=not batch.only_missing)
            sent += len(chunk)
    return sent
