"""Print sheets (PDF) of a deck, a selection of cards or a game's set, drawn from the same faces as the pages.

A sheet holds one face per copy; a card is drawn once however many copies it
has. Faces are handed to the sheet writer one at a time (a generator), so a
large set never holds every face in memory, and a job counts them as they go.
"""

from __future__ import annotations

import io
import logging
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.files import File
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.models import Card
from cards.selectors import card_list
from common.enqueue import enqueue_on_commit
from common.errors import InvalidInput, StudioError
from common.media import private_token
from decks.models import Deck, EntryKind
from decks.selectors import Played, deck_played
from rules.findings import error
from rules.problems import invalid, problem, refusal

from . import selectors, services
from .inputs import inputs_for_cards, render_inputs
from .layouts import SizeNotPrinted, drawn_bleed, layout_named, layouts, printer_for
from .models import JobState, PrintJob

logger = logging.getLogger("faces")

PAPERS = ("a4", "letter")
OUTPUTS = ("pdf", "zip")


class SheetsUnavailable(StudioError):
    status_code = 503


PROGRESS_EVERY = 9  # one page of faces


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed_mm: float = 0.0
    backs: bool = False
    lang: str | None = None  # the faces' language; None: each card's own
    cmyk: bool = False  # a print shop's layout: its PDF/X-1a variant (faces.printer)
    output: str = "pdf"  # or "zip": a print shop's card images, as its uploader takes them


def read_options(params) -> SheetOptions:
    """``layout`` (or ``paper``), ``bleed``, ``backs`` and ``lang`` from a query string; a clear 400 for a
    value out of range. ``SheetOptions.paper`` is the layout's name: ``a4`` and ``letter`` are layouts."""
    if params.get("layout"):
        paper = str(params.get("layout")).lower()
        if paper not in layouts():
            raise InvalidInput(
                [invalid("layout", problem("NOT_ALLOWED", value=repr(paper[:40]), expected=list(layouts())))]
            )
    else:
        paper = (params.get("paper") or "a4").lower()
        if paper not in PAPERS:
            raise InvalidInput(
                [invalid("paper", problem("NOT_ALLOWED", value=repr(paper[:20]), expected=list(PAPERS)))]
            )
    backs = _yes(params.get("backs"))
    bleed = drawn_bleed(paper, services.read_bleed(params.get("bleed")))  # a printer's preset: its own
    cmyk, output = _yes(params.get("cmyk")), str(params.get("format") or "pdf").lower()
    if output not in OUTPUTS:
        raise InvalidInput(
            [invalid("format", problem("NOT_ALLOWED", value=repr(output[:20]), expected=list(OUTPUTS)))]
        )
    printers = printer_layouts()
    if (cmyk or output == "zip") and paper not in printers:
        field = "cmyk" if cmyk else "format"
        raise InvalidInput([invalid(field, problem("PRINTER_LAYOUT_ONLY", expected=printers))])
    if cmyk and output == "zip":
        raise InvalidInput([invalid("cmyk", problem("CMYK_PDF_ONLY"))])
    return SheetOptions(paper, bleed, backs, services.read_lang(params.get("lang")), cmyk, output)


def _yes(value) -> bool:
    return str(value or "0").lower() in ("1", "true", "yes", "on")


def printer_layouts() -> list[str]:
    """The layouts that are a print shop's preset: the ones CMYK and the zip of images are for."""
    return [name for name, spec in layouts().items() if spec.printer is not None]


def check_fits(game: str, options: SheetOptions) -> None:
    """A 400 when the game's cards (at the bleed asked) do not fit the layout's grid."""
    from rules.face_template import card_size

    from .sheet import SheetError, sheet_layout

    template = selectors.template_current(game).data
    width, height = card_size(template)
    try:  # a print shop's preset prints the template's card size, or says it does not
        printer_for(options.paper, template)
    except SizeNotPrinted as exc:
        raise InvalidInput([invalid("layout", problem(exc.key, **exc.params))]) from None
    try:
        sheet_layout(options.paper, options.bleed_mm, (width, height))
    except SheetError:
        spec = layout_named(options.paper)
        why = problem(
            "LAYOUT_TOO_SMALL",
            columns=spec.columns if spec else 0,
            rows=spec.rows if spec else 0,
            width=f"{width:g}",
            height=f"{height:g}",
        )
        raise InvalidInput([invalid("layout", why)]) from None


def check_copies(total: int) -> None:
    limit = settings.FACES_MAX_COPIES
    if total > limit:
        raise InvalidInput(
            [error("SHEET_TOO_LARGE", field="cards", params={"observed": total, "maximum": limit})]
        )


def drawn_within_request(total: int, cards: int = 0) -> bool:
    """A sheet of at most FACES_SYNC_SHEET_MAX copies of at most FACES_SYNC_SHEET_CARDS distinct cards
    (each distinct card is drawn, its copies are not) is drawn within the request; a larger one is a
    print job (progress, then a download): 202 from the sheet routes."""
    return total <= settings.FACES_SYNC_SHEET_MAX and cards <= settings.FACES_SYNC_SHEET_CARDS


# --- what to print ----------------------------------------------------------------------------------
def deck_copies(deck: Deck, *, user) -> list[tuple[Card, int]]:
    """The deck's cards that ``user`` may see, each with its number of copies, in deck order: the
    cards its entries play (:func:`decks.selectors.deck_played`: a name of several printings of one
    identity plays the printing the deck's validation picked)."""
    played = deck_played(deck)
    visible = visible_of(played, user=user)
    counts: dict[int, int] = {}
    cards: dict[int, Card] = {}
    for entry in played:
        if entry.kind != EntryKind.CARD or entry.card_id is None or entry.card_id not in visible:
            continue
        counts[entry.card_id] = counts.get(entry.card_id, 0) + entry.count
        cards[entry.card_id] = entry.card
    return [(cards[pk], n) for pk, n in counts.items()]


def visible_of(played: Iterable[Played], *, user) -> set[int]:
    """The primary keys of the cards ``played`` (:func:`decks.selectors.deck_played`) that ``user``
    may see (one query)."""
    pks = {entry.card_id for entry in played if entry.card_id is not None}
    return set(card_list(user=user).filter(pk__in=pks).values_list("pk", flat=True)) if pks else set()


def selection_copies(stable_ids: Iterable[str], *, user) -> list[tuple[Card, int]]:
    """The cards named (``stableCardId`` or ``stableCardId*N`` for N copies), all visible to ``user`` or a 404."""
    wanted: dict[str, int] = {}
    for raw in stable_ids:
        ref, _sep, count = raw.strip().partition("*")
        if not ref:
            continue
        try:
            n = int(count) if count else 1
        except ValueError:
            n = 0
        if n < 1:
            raise InvalidInput([refusal(problem("COPIES_NUMBER", value=repr(raw[:80])), field="cards")])
        wanted[ref] = wanted.get(ref, 0) + n
    if not wanted:
        raise InvalidInput([invalid("cards", problem("CARDS_TO_PRINT"), code="FIELD_REQUIRED")])
    check_copies(sum(wanted.values()))
    found = {c.stable_id: c for c in card_list(user=user).filter(stable_id__in=list(wanted))}
    missing = [ref for ref in wanted if ref not in found]
    if missing:
        raise Card.DoesNotExist(_("no card %(ids)s that you may see") % {"ids": ", ".join(missing[:10])})
    games = {c.game for c in found.values()}
    if len(games) > 1:
        raise InvalidInput([refusal(problem("ONE_GAME_SHEET"), field="cards")])
    return [(found[ref], n) for ref, n in wanted.items()]


def set_cards(game: str, set_code: str, *, user):
    qs = card_list(user=user).filter(game=game)
    if set_code:
        qs = qs.filter(set_code=set_code)
    return qs.order_by("set_code", "name", "stable_id")


# --- drawing a sheet ----------------------------------------------------------------------------------
def faces_of(
    copies: Iterable[tuple[Card, int]],
    *,
    bleed_mm: float,
    on_face: Callable[[], None] | None = None,
    lang: str | None = None,
    untranslated: list[str] | None = None,
) -> Iterator:
    """One face per copy, each card drawn once, in ``lang`` (default: each card's own); ``copies`` is
    read in chunks (memory stays flat). ``untranslated`` collects the stableCardIds printed in their
    source texts (no current translation into ``lang``: their faces carry the mark)."""
    chunk: list[tuple[Card, int]] = []

    def drain():
        for inputs, (_card, n) in zip(
            inputs_for_cards((c for c, _n in chunk), lang=lang), chunk, strict=True
        ):
            face = render_inputs(inputs, bleed_mm=bleed_mm).face
            if untranslated is not None and inputs.fallback_lang:
                untranslated.append(inputs.card.stable_id)
            for _copy in range(n):
                yield face
                if on_face is not None:
                    on_face()

    for pair in copies:
        chunk.append(pair)
        if len(chunk) == 50:
            yield from drain()
            chunk = []
    if chunk:
        yield from drain()


def sheet_pdf(
    game: str, copies, options: SheetOptions, *, cover: str = "", on_face=None, untranslated=None
) -> bytes:
    """The sheet's PDF as bytes (a deck's or a selection's, within a request)."""
    out = io.BytesIO()
    write_sheet(game, copies, options, out, cover=cover, on_face=on_face, untranslated=untranslated)
    return out.getvalue()


def write_sheet(
    game: str, copies, options: SheetOptions, out, *, cover: str = "", on_face=None, untranslated=None
) -> None:
    """Write the sheet's PDF to the binary file ``out``: a set's sheet goes to disk, never whole in memory.
    In ``options.lang``, its backs too; ``untranslated`` collects the cards printed in their source texts."""
    from .render import render_back

    try:
        from .sheet import write_print_sheet
    except ImportError:  # the PDF writer lands separately: say so, never a 500
        raise SheetsUnavailable(
            _("print sheets are not available in this version of the studio yet")
        ) from None

    check_fits(game, options)
    printer = printer_for(options.paper, selectors.template_current(game).data)
    back = None
    if options.backs:
        back = render_back(
            game, selectors.template_current(game).data, bleed_mm=options.bleed_mm, lang=options.lang
        )
    if options.lang:
        cover = " · ".join(p for p in (cover, options.lang.upper()) if p)
    faces = faces_of(
        copies, bleed_mm=options.bleed_mm, on_face=on_face, lang=options.lang, untranslated=untranslated
    )
    if options.output == "zip":  # the card images a print shop's uploader takes
        from .printer import write_printer_zip

        write_printer_zip(faces, out, printer, back=back)
        return
    write_print_sheet(
        faces,
        out,
        paper=options.paper,
        bleed_mm=options.bleed_mm,
        back=back,
        cover=cover,
        printer=printer,
        cmyk=options.cmyk,
    )


def deck_cover(deck: Deck) -> str:
    if deck.legal is None or deck.stale:
        verdict = _("being checked")
    else:
        verdict = _("legal") if deck.legal else _("not legal")
    return _("%(name)s · %(game)s · %(verdict)s") % {"name": deck.name, "game": deck.game, "verdict": verdict}


def deck_sheet(deck: Deck, options: SheetOptions, *, user, untranslated=None) -> bytes:
    copies = deck_copies(deck, user=user)
    check_copies(sum(n for _c, n in copies))
    return sheet_pdf(deck.game, copies, options, cover=deck_cover(deck), untranslated=untranslated)


# --- jobs: sheets too big for a request ----------------------------------------------------------------
def print_job_start(*, user, game: str, set_code: str = "", card_ids=(), options: SheetOptions) -> PrintJob:
    from cards.interchange import check_game

    if findings := check_game(game):
        raise InvalidInput(findings)
    total = set_cards(game, set_code, user=user).count() if not card_ids else 0
    if card_ids:
        total = sum(n for _c, n in selection_copies(card_ids, user=user))
    check_copies(total)
    check_fits(game, options)
    job = PrintJob.objects.create(
        game=game,
        set_code=set_code,
        card_ids=list(card_ids),
        paper=options.paper,
        bleed_mm=options.bleed_mm,
        backs=options.backs,
        cmyk=options.cmyk,
        output=options.output,
        lang=options.lang or "",
        total=total,
        created_by=user if user.is_authenticated else None,
    )
    _enqueue(job.pk)
    return job


def print_job_for(*, user, game: str, card_ids: list[str], options: SheetOptions) -> PrintJob:
    """The sheet routes' job: the same sheet still being made for this user (a link followed twice,
    a page reloaded) is that job, not a second one; otherwise a new job."""
    same = PrintJob.objects.filter(
        created_by=user if user.is_authenticated else None,
        game=game,
        set_code="",
        paper=options.paper,
        bleed_mm=options.bleed_mm,
        backs=options.backs,
        cmyk=options.cmyk,
        output=options.output,
        lang=options.lang or "",
        state__in=[JobState.QUEUED, JobState.RUNNING],
    )
    for job in same[:20]:
        if job.card_ids == list(card_ids):
            return job
    return print_job_start(user=user, game=game, card_ids=card_ids, options=options)


# A job still QUEUED this long after it was made was probably never enqueued (a web process that
# died between its commit and the publish): the sweep sends it again, as it does audits.
PENDING_AFTER = 300


def _enqueue(job_id: int) -> None:
    """Send the job to a worker after the commit; if the broker cannot take it, record that."""

    def not_enqueued(exc: Exception) -> None:
        PrintJob.objects.filter(pk=job_id, state=JobState.QUEUED).update(enqueue_failed_at=timezone.now())

    enqueue_on_commit("faces.print_job", job_id, on_failure=not_enqueued)


def print_jobs_requeue(*, pending_after: int = PENDING_AFTER) -> list[int]:
    """Send again the jobs the broker could not take, those QUEUED for long, and RUNNING ones whose
    worker stopped beating for ``WORK_STALE_AFTER`` (killed): the sweep (``faces.requeue``)."""
    now = timezone.now()
    lost = now - timedelta(seconds=settings.WORK_STALE_AFTER)
    waiting = PrintJob.objects.filter(
        Q(state=JobState.QUEUED, enqueue_failed_at__isnull=False)
        | Q(state=JobState.QUEUED, created_at__lt=now - timedelta(seconds=pending_after))
        | Q(state=JobState.RUNNING, heartbeat_at__lt=lost)
        | Q(state=JobState.RUNNING, heartbeat_at__isnull=True, created_at__lt=lost)
    )
    sent = list(waiting.values_list("pk", flat=True))
    PrintJob.objects.filter(pk__in=sent).update(enqueue_failed_at=None)
    for job_id in sent:
        _enqueue(job_id)
    return sent


def print_job_heartbeat(job_id: int) -> None:
    """The running task's "still alive" (common.heartbeat)."""
    PrintJob.objects.filter(pk=job_id, state=JobState.RUNNING).update(heartbeat_at=timezone.now())


def print_job_run(job_id: int) -> str:
    """Make a job's sheet (again, if it failed or its worker died: it starts over, so a job is safe
    to run twice); the job's state at the end."""
    job = PrintJob.objects.select_related("created_by").filter(pk=job_id).first()
    if job is None or job.state == JobState.DONE:
        return job.state if job else "MISSING"
    PrintJob.objects.filter(pk=job.pk).update(
        state=JobState.RUNNING, done=0, heartbeat_at=timezone.now(), enqueue_failed_at=None
    )
    user = job.created_by
    drawn = [0]

    def on_face():
        drawn[0] += 1
        if drawn[0] % PROGRESS_EVERY == 0:
            PrintJob.objects.filter(pk=job.pk).update(
                done=F("done") + PROGRESS_EVERY, heartbeat_at=timezone.now()
            )

    options = SheetOptions(job.paper, job.bleed_mm, job.backs, job.lang or None, job.cmyk, job.output)
    try:
        if job.card_ids:
            copies = selection_copies(job.card_ids, user=user)
            cover = ngettext("%(game)s · %(n)s card", "%(game)s · %(n)s cards", job.total) % {
                "game": job.game,
                "n": job.total,
            }
        else:
            copies = (
                (card, 1) for card in set_cards(job.game, job.set_code, user=user).iterator(chunk_size=200)
            )
            cover = " · ".join(p for p in (job.game, job.set_code) if p)
        with tempfile.TemporaryFile(prefix="cardstudio-sheet-") as out:
            write_sheet(job.game, copies, options, out, cover=cover, on_face=on_face)
            out.seek(0)
            token = private_token("print-job", job.pk, job.created_at.isoformat())
            name = f"faces/sheets/{job.game}-{token}.{job.output}"
            job.refresh_from_db()
            services.print_job_finished(job, name=name, data=File(out, name=name))
    except Exception as exc:  # recorded on the job; running it again starts over
        logger.exception("print job %s failed", job.pk)
        PrintJob.objects.filter(pk=job.pk).update(
            state=JobState.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        return JobState.FAILED
    return JobState.DONE
