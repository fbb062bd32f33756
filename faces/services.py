"""Writes of faces: template edits (append-only history), cached renditions, print jobs.

A template edit is validated whole by :func:`faces.template.validate_template`
before anything is stored; a refused edit stores nothing and names every
problem by its path. Renditions are files made once per key (card version,
template, artwork, size), under a unique constraint: two workers making the
same face store it once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.core.files.base import ContentFile, File
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cards.interchange import check_game
from cards.models import Card
from common.enqueue import enqueue_on_commit
from common.errors import Conflict, InvalidInput, StaleVersion
from common.media import private_token
from rules.problems import invalid, problem, refusal

from . import selectors
from .inputs import FaceInputs, render_inputs
from .models import FaceRendition, FaceTemplate, FaceTemplateVersion, JobState, PrintJob

logger = logging.getLogger("faces")

# The faces made ahead of time after a change: the grid's small PNG and the 300 dpi download.
GRID_DPI = 100
PRINT_DPI = 300
PRECOMPUTED = ((GRID_DPI, 0.0), (PRINT_DPI, 0.0))
DPI_RANGE = (50, 600)
BLEED_MAX_MM = 10.0


def _actor(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


# --- templates ------------------------------------------------------------------------------------
def template_findings(data, *, game: str | None = None) -> list:
    """Every problem of a template, as findings whose ``field`` is the path of the value at fault."""
    from .template import validate_template

    findings = []
    for found in validate_template(data, game=game):
        # The template validator's own words (faces.template), in English, and what it allows.
        allowed = _allowed_text(found.allowed) if getattr(found, "allowed", None) else ""
        why = problem("TEMPLATE_RULE", detail=found.message, expected=allowed)
        findings.append(invalid(found.path or "$", why, code="TEMPLATE_INVALID"))
    return findings


def _allowed_text(allowed) -> str:
    if isinstance(allowed, (list, tuple, set, frozenset)):
        return ", ".join(str(a) for a in allowed)
    return str(allowed)


def template_save(
    *, game: str, data, user=None, note: str = "", expected_version: int | None = None, restored_from=None
) -> FaceTemplate:
    """Store ``data`` as the game's new template version (the first edit also records the default as v1)."""
    if findings := check_game(game):
        raise InvalidInput(findings)
    if not isinstance(data, dict):
        raise InvalidInput([refusal(problem("TEMPLATE_OBJECT"), code="TEMPLATE_INVALID", field="$")])
    if findings := template_findings(data, game=game):
        raise InvalidInput(findings)
    actor = _actor(user)
    with transaction.atomic():
        template = FaceTemplate.objects.select_for_update().filter(game=game).first()
        current = template.version if template else 0
        if expected_version is not None and expected_version != current:
            raise StaleVersion(expected_version, current)
        digest = selectors.template_digest(data)
        if template is not None and template.digest == digest:
            return template  # nothing changed: no new version
        if template is None:
            template = FaceTemplate(game=game, version=0)
        template.version = current + 1
        template.data = data
        template.digest = digest
        template.updated_by = actor
        template.save()
        FaceTemplateVersion.objects.create(
            template=template,
            version=template.version,
            data=data,
            author=actor,
            author_name=actor.get_username() if actor else "",
            note=(note or "").replace("\x00", "")[:2000],
            restored_from=restored_from,
        )
        _enqueue_game(game)
    return template


def template_restore(
    *, game: str, version: int, user=None, expected_version: int | None = None
) -> FaceTemplate:
    """Bring back an older version (0: the rule set's default) as a new version; history is never rewritten."""
    if version == 0:
        data = selectors._default(game).data
    else:
        try:
            data = selectors.template_version_get(game=game, version=version).data
        except FaceTemplateVersion.DoesNotExist:
            raise Conflict(
                _("version %(v)s of the %(game)s template does not exist") % {"v": version, "game": game}
            ) from None
    return template_save(
        game=game,
        data=data,
        user=user,
        note=_("Back to version %(v)s") % {"v": version},
        expected_version=expected_version,
        restored_from=version,
    )


# --- sizes ---------------------------------------------------------------------------------------
def read_bleed(value) -> float:
    """A bleed in mm from a query string: 0 to 10, at most one decimal; a clear error otherwise."""
    if value in (None, ""):
        return 0.0
    try:
        bleed = round(float(value), 1)
    except (TypeError, ValueError):
        bleed = -1.0
    if not 0 <= bleed <= BLEED_MAX_MM:
        raise InvalidInput([invalid("bleed", problem("BLEED_MM", maximum=BLEED_MAX_MM))])
    return bleed


def read_lang(value, *, field: str = "lang") -> str | None:
    """A face's language from a query string or a form: one of the studio's languages, or None (each
    card's own language); another value is a clear 400 (FIELD_INVALID, NOT_A_LANGUAGE)."""
    from cards.translations import studio_languages
    from rules.text import shown

    if value in (None, ""):
        return None
    language = str(value).strip().lower()
    if language not in studio_languages():
        raise InvalidInput(
            [
                invalid(
                    field,
                    problem(
                        "NOT_A_LANGUAGE", value=shown(str(value)[:20]), expected=list(studio_languages())
                    ),
                )
            ]
        )
    return language


FALLBACKS = ("mark", "source")


def read_fallback(value) -> bool:
    """``fallback`` of a face in a language: ``source`` (True: a card without a current translation is
    drawn in its own language, unmarked) or ``mark`` (False, the default: its source texts marked)."""
    if value in (None, ""):
        return False
    if value not in FALLBACKS:
        raise InvalidInput(
            [
                invalid(
                    "fallback", problem("NOT_ALLOWED", value=repr(str(value)[:20]), expected=list(FALLBACKS))
                )
            ]
        )
    return value == "source"


def read_dpi(value) -> int:
    if value in (None, ""):
        return PRINT_DPI
    try:
        dpi = int(value)
    except (TypeError, ValueError):
        dpi = 0
    if not DPI_RANGE[0] <= dpi <= DPI_RANGE[1]:
        raise InvalidInput(
            [invalid("dpi", problem("COUNT_FROM_TO", minimum=DPI_RANGE[0], maximum=DPI_RANGE[1]))]
        )
    return dpi


# --- renditions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FaceKey:
    """Everything a cached face depends on; two requests with the same key get the same file."""

    card_id: int
    card_version: int
    template_digest: str
    template_version: int
    art_sha256: str
    dpi: int
    bleed_tenths_mm: int
    format: str = "png"
    # The face's language and its translation's version (0: the source's texts, marked when the
    # language is another): a face per language, and a translation's edit or validation a new key.
    lang: str = ""
    translation_version: int = 0

    def lookup(self) -> dict:
        return {
            "card_id": self.card_id,
            "card_version": self.card_version,
            "template_digest": self.template_digest,
            "art_sha256": self.art_sha256,
            "format": self.format,
            "lang": self.lang,
            "translation_version": self.translation_version,
            "dpi": self.dpi,
            "bleed_tenths_mm": self.bleed_tenths_mm,
        }

    @property
    def etag(self) -> str:
        return (
            f'"{self.card_id}-{self.card_version}-{self.template_digest[:12]}-{self.art_sha256[:12] or "none"}'
            f'-{self.dpi}-{self.bleed_tenths_mm}-{self.lang or "src"}{self.translation_version}"'
        )

    def file_name(self) -> str:
        # A keyed hash of the whole key: one name per key (a half-written file is found again),
        # and no card id nor version anyone could count through.
        token = private_token(
            "face",
            self.card_id,
            self.card_version,
            self.template_digest,
            self.art_sha256,
            self.format,
            self.lang,
            self.translation_version,
        )
        return f"faces/{token[:2]}/{token}-{self.dpi}dpi-b{self.bleed_tenths_mm}.{self.format}"


def face_key(inputs: FaceInputs, *, dpi: int, bleed_mm: float) -> FaceKey:
    return FaceKey(
        card_id=inputs.card.pk,
        card_version=inputs.card.version,
        template_digest=inputs.template.digest,
        template_version=inputs.template.version,
        art_sha256=inputs.art_sha256,
        dpi=dpi,
        bleed_tenths_mm=round(bleed_mm * 10),
        lang=inputs.lang,
        translation_version=inputs.translation_version,
    )


def face_png(inputs: FaceInputs, *, dpi: int = PRINT_DPI, bleed_mm: float = 0.0) -> FaceRendition:
    """The cached PNG of a face for this key, drawn and stored now if it is not cached yet (once per key)."""
    key = face_key(inputs, dpi=dpi, bleed_mm=bleed_mm)
    found = selectors.rendition_find(key=key)
    if found is not None:
        return found
    from .raster import face_to_png

    drawn = render_inputs(inputs, bleed_mm=bleed_mm)
    data = face_to_png(drawn.face, dpi=dpi)
    if drawn.problems:
        # A placeholder for an artwork that could not be read is never cached under that artwork's key.
        return _unstored_png(key, data, drawn)
    return _store_png(key, data, drawn.face)


def face_svg(inputs: FaceInputs, *, bleed_mm: float = 0.0) -> FaceRendition:
    """The cached standalone SVG of a face (its fonts inside), drawn and stored now if not cached yet."""
    key = replace(face_key(inputs, dpi=0, bleed_mm=bleed_mm), format="svg")
    found = selectors.rendition_find(key=key)
    if found is not None:
        return found
    drawn = render_inputs(inputs, bleed_mm=bleed_mm, fonts="embed")
    data = drawn.face.svg.encode()
    if drawn.problems:
        rendition = FaceRendition(
            **key.lookup(), template_version=key.template_version, width=0, height=0, byte_size=len(data)
        )
        rendition.unstored_data = data
        return rendition
    return _store(key, data, drawn.face, size=(0, 0))


def _unstored_png(key: FaceKey, data: bytes, drawn) -> FaceRendition:
    width, height = _png_size(data)
    rendition = FaceRendition(
        **key.lookup(),
        template_version=key.template_version,
        width=width,
        height=height,
        byte_size=len(data),
        findings=[f.to_dict() for f in drawn.face.findings],
    )
    rendition.unstored_data = data
    return rendition


def _png_size(data: bytes) -> tuple[int, int]:
    # The IHDR chunk: width and height, big-endian, right after the signature.
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _store_png(key: FaceKey, data: bytes, face) -> FaceRendition:
    return _store(key, data, face, size=_png_size(data))


def _store(key: FaceKey, data: bytes, face, *, size: tuple[int, int]) -> FaceRendition:
    storage = FaceRendition._meta.get_field("file").storage
    name = key.file_name()
    if storage.exists(name):
        storage.delete(name)  # half-written by a run that died before its row
    width, height = size
    try:
        # Created at once (its callers looked for the key just before): the unique constraint, not
        # another look, tells a race.
        with transaction.atomic():
            rendition = FaceRendition.objects.create(
                **key.lookup(),
                template_version=key.template_version,
                file=storage.save(name, ContentFile(data)),
                width=width,
                height=height,
                byte_size=len(data),
                findings=[f.to_dict() for f in face.findings],
            )
    except IntegrityError:
        # Another worker stored the same key between our look and our write: theirs is the one.
        rendition = FaceRendition.objects.filter(**key.lookup()).first()
        if rendition is None:  # not a race: the card (or its template version) went away meanwhile
            storage.delete(name)
            raise
    return rendition


def faces_render_cards(card_ids: Iterable[int]) -> dict:
    """Make the precomputed PNG faces of these cards (skipping those cached); {made, cached, failed}."""
    from .inputs import inputs_for_cards

    summary = {"made": 0, "cached": 0, "failed": 0}
    for inputs in inputs_for_cards(Card.objects.filter(pk__in=list(card_ids)).order_by("pk")):
        for dpi, bleed in PRECOMPUTED:
            key = face_key(inputs, dpi=dpi, bleed_mm=bleed)
            if selectors.rendition_find(key=key) is not None:
                summary["cached"] += 1
                continue
            try:
                face_png(inputs, dpi=dpi, bleed_mm=bleed)
            except Exception:  # one broken card must not stop the batch; the next change or sweep retries it
                logger.exception("face of card %s failed", inputs.card.pk)
                summary["failed"] += 1
            else:
                summary["made"] += 1
    return summary


# --- enqueueing --------------------------------------------------------------------------------------
RENDER_CHUNK = 20


def enqueue_cards(card_ids: Iterable[int]) -> None:
    """Make these cards' faces after the current transaction commits (a change never waits for them)."""
    from django.conf import settings

    if not settings.FACES_PRECOMPUTE:
        return  # drawn and cached on first request instead
    ids = sorted(set(card_ids))
    for start in range(0, len(ids), RENDER_CHUNK):
        enqueue_on_commit("faces.render_cards", ids[start : start + RENDER_CHUNK])


def _enqueue_game(game: str) -> None:
    from django.conf import settings

    if settings.FACES_PRECOMPUTE:
        enqueue_on_commit("faces.render_game", game)


def faces_render_game(game: str) -> int:
    """Enqueue every card of ``game`` in chunks (after a template change); the number of cards."""
    ids = list(Card.objects.filter(game=game).values_list("pk", flat=True).order_by("pk"))
    enqueue_cards(ids)
    return len(ids)


# --- print jobs -----------------------------------------------------------------------------------
def print_job_finished(job: PrintJob, *, name: str, data: bytes | File) -> None:
    """The job's sheet stored (``data``: the PDF's bytes, or a file of it, copied in chunks)."""
    storage = PrintJob._meta.get_field("file").storage
    job.file = storage.save(name, data if isinstance(data, File) else ContentFile(data))
    job.state = JobState.DONE
    job.done = job.total
    job.finished_at = timezone.now()
    job.save(update_fields=["file", "state", "done", "finished_at"])
