"""The face pages: each game's template editor (live preview, history), the card editor's live face,
and print jobs (progress, download). Views stay thin: reads in selectors, writes in services."""

from __future__ import annotations

import json
from types import SimpleNamespace

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards.editor import card_typed
from cards.interchange import check_game
from cards.models import Card
from cards.selectors import card_list
from common.errors import Conflict, InvalidInput, StaleVersion
from common.i18n import game_name
from common.versions import read_version
from rules import get_ruleset, registry

from . import card_sizes, deckview, editor, labels, printing, selectors, services
from .inputs import data_inputs, face_inputs, render_inputs, typed_translation_inputs
from .layouts import layouts
from .models import JobState, PrintJob

SAMPLES = 4


def inline_svg(svg: str, prefix: str, label: str) -> str:
    """A face's SVG to put in a page: its ids made unique (several faces on one page), labelled for people.

    The SVG is the renderer's own output (text escaped by it), never user markup.
    """
    svg = svg.replace(' id="', f' id="{prefix}-').replace("url(#", f"url(#{prefix}-")
    svg = svg.replace("<svg ", f'<svg class="face" role="img" aria-label="{escape(label)}" ', 1)
    return mark_safe(svg)


def _ruleset_or_404(game: str):
    if check_game(game):
        raise Http404(_("no game %(game)s") % {"game": game})
    return get_ruleset(game)


# --- template editor ------------------------------------------------------------------------------
def _sample_cards(request, game: str) -> list[Card]:
    """Real cards of the game to preview a template on: one of each type first (the first few by name)."""
    cards = list(card_list(user=request.user).filter(game=game).order_by("type", "name", "stable_id")[:300])
    picked, types = [], set()
    for card in cards:
        if card.type not in types:
            types.add(card.type)
            picked.append(card)
    for card in cards:
        if len(picked) >= SAMPLES:
            break
        if card not in picked:
            picked.append(card)
    chosen = request.GET.get("card") or request.POST.get("sample")
    if chosen:
        extra = [c for c in cards if c.stable_id == chosen]
        picked = extra + [c for c in picked if c.stable_id != chosen]
    return picked[:SAMPLES]


def _previews(
    cards: list[Card], data: dict, template: selectors.CurrentTemplate, lang: str | None = None
) -> list[dict]:
    """The sample cards' faces with ``data`` as their template, in ``lang`` (default: each card's own):
    a designer checks each language's labels and words before saving."""
    from .inputs import inputs_for_cards

    current = selectors.CurrentTemplate(
        template.game, template.version, data, selectors.template_digest(data)
    )
    out = []
    for n, inputs in enumerate(inputs_for_cards(cards, templates={template.game: current}, lang=lang)):
        drawn = render_inputs(inputs, fonts="none")
        svg = inline_svg(drawn.face.svg, f"p{n}", inputs.card.name)
        out.append({"card": inputs.card, "svg": svg, "findings": drawn.face.findings})
    return out


def _template_from_post(request, current) -> tuple[dict | None, list]:
    if request.POST.get("mode") == "json":
        return editor.from_json(request.POST.get("template_json", ""))
    data, problems = editor.from_form(current.data, request.POST)
    return card_sizes.apply(data, request.POST.get("card_size")), problems


def _editor_context(request, ruleset, current, *, data=None, problems=(), json_text=None) -> dict:
    data = data if data is not None else current.data
    by_path = editor.errors_by_path(problems)
    sections: dict[str, list[dict]] = {}
    for row in editor.rows(current.data):
        sections.setdefault(row.section, []).append(
            {
                "row": row,
                "label": labels.row_label(row.path, ruleset.key),
                "errors": by_path.pop(row.path, []),
            }
        )
    samples = _sample_cards(request, ruleset.key)
    return {
        "ruleset": ruleset,
        "current": current,
        "sections": [
            {
                "key": key,
                "label": labels.section_label(key, ruleset.key),
                "rows": items,
                "errors": any(i["errors"] for i in items),
            }
            for key, items in sections.items()
        ],
        "other_errors": [(path, msgs) for path, msgs in by_path.items()],
        "json_text": json_text if json_text is not None else json.dumps(data, indent=2, ensure_ascii=False),
        "previews": _previews(samples, data, current)
        if not problems
        else _previews(samples, current.data, current),
        "history": list(selectors.template_versions(game=ruleset.key)[:50]),
        "can_edit": request.user.has_perm("faces.change_facetemplate"),
        "games": list(registry),
        "problems": list(problems),
        "languages": [(code, str(name)) for code, name in settings.LANGUAGES],
        "card_sizes": card_sizes.choices(),
        "card_size": card_sizes.current(data),
    }


@login_required
@permission_required("faces.view_facetemplate", raise_exception=True)
def template_index(request):
    return redirect("faces:template", game=next(iter(registry)).key)


@login_required
@permission_required("faces.view_facetemplate", raise_exception=True)
def template_editor(request, game: str):
    ruleset = _ruleset_or_404(game)
    current = selectors.template_current(game)
    if request.method != "POST":
        return render(request, "faces/template.html", _editor_context(request, ruleset, current))
    if not request.user.has_perm("faces.change_facetemplate"):
        raise PermissionDenied(_("only designers change face templates"))
    data, problems = _template_from_post(request, current)
    status = 400
    if not problems:
        try:
            saved = services.template_save(
                game=game,
                data=data,
                user=request.user,
                note=request.POST.get("note", ""),
                expected_version=read_version(request.POST.get("version") or None),
            )
        except InvalidInput as exc:
            problems = exc.findings
        except StaleVersion as exc:
            problems, status = [], 409
            messages.error(
                request,
                _("Not saved: someone saved version %(v)s meanwhile. Here it is; make your change again.")
                % {"v": exc.current},
            )
            current = selectors.template_current(game)
            data = None
        else:
            if saved.version == current.version:
                messages.info(request, _("Nothing changed: the template is as it was."))
            else:
                messages.success(
                    request,
                    _("Saved: the %(game)s template is now at version %(v)s.")
                    % {"game": game_name(ruleset), "v": saved.version},
                )
            return redirect("faces:template", game=game)
    context = _editor_context(
        request, ruleset, current, data=data, problems=problems, json_text=request.POST.get("template_json")
    )
    return render(request, "faces/template.html", context, status=status)


@login_required
@permission_required("faces.view_facetemplate", raise_exception=True)
@require_POST
def template_preview(request, game: str):
    """The sample faces drawn with the template as typed (nothing stored), and its problems at their paths."""
    ruleset = _ruleset_or_404(game)
    current = selectors.template_current(game)
    data, problems = _template_from_post(request, current)
    if not problems:
        problems = services.template_findings(data, game=game)
    samples = _sample_cards(request, game)
    try:
        lang = services.read_lang(request.POST.get("preview_lang"))
    except InvalidInput:
        lang = None
    context = {
        "ruleset": ruleset,
        "previews": _previews(samples, data, current, lang) if not problems else [],
        "problems": problems,
        "checked": True,
    }
    return render(request, "faces/_template_preview.html", context)


@login_required
@permission_required("faces.change_facetemplate", raise_exception=True)
@require_POST
def template_restore(request, game: str):
    _ruleset_or_404(game)
    try:
        version = int(request.POST.get("restore", ""))
        expected = read_version(request.POST.get("version") or None)
        saved = services.template_restore(
            game=game, version=version, user=request.user, expected_version=expected
        )
    except (ValueError, InvalidInput):
        messages.error(request, _("Not changed: choose a version of the list."))
    except StaleVersion:
        messages.error(request, _("Not changed: the template changed since you opened it; decide again."))
    except Conflict as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Version %(old)s is back, as version %(new)s.") % {"old": version, "new": saved.version},
        )
    return redirect("faces:template", game=game)


# --- the card editor's live face --------------------------------------------------------------------
@login_required
@require_POST
def card_preview(request):
    """The face of the card as typed (nothing saved), with the drawing's findings (TEXT_OVERFLOW)."""
    user = request.user
    if not (user.has_perm("cards.add_card") or user.has_perm("cards.change_card")):
        raise PermissionDenied
    game = request.POST.get("game")
    if check_game(game):
        return HttpResponse(status=400)
    data, _problems = card_typed(
        game, request.POST
    )  # what cannot be read is drawn empty; the rule checks name it
    card = None
    if stable_id := request.POST.get("stableCardId"):
        card = card_list(user=user).filter(stable_id=stable_id, game=game).first()
    data["stableCardId"] = stable_id or ""
    drawn = render_inputs(data_inputs(game, data, card=card), fonts="none")
    return render(
        request,
        "faces/_card_preview.html",
        {
            "svg": inline_svg(drawn.face.svg, "live", data.get("name") or ""),
            "face_findings": drawn.face.findings,
            "oob": True,
            "name": data.get("name"),
        },
    )


@login_required
@require_POST
def translation_preview(request, stable_id: str, language: str):
    """The card's face in ``language`` with the translation as typed (nothing saved), and what the
    drawing found (TEXT_OVERFLOW as one types): the translation editor's live face."""
    if not request.user.has_perm("cards.change_card"):
        raise PermissionDenied
    card = card_list(user=request.user).filter(stable_id=stable_id).first()
    if card is None:
        raise Http404(_("no card %(id)s that you may see") % {"id": stable_id})
    try:
        lang = services.read_lang(language)
    except InvalidInput as exc:
        return HttpResponse(
            escape(exc.reader_message()), status=400, content_type="text/plain; charset=utf-8"
        )
    posted = request.POST
    typed = SimpleNamespace(
        name=posted.get("name", "").strip() or card.name,
        text=posted.get("text", ""),
        flavour=posted.get("flavour", ""),
        archetypes=[line.strip() for line in posted.get("archetypes", "").splitlines() if line.strip()],
        version=0,
    )
    inputs = typed_translation_inputs(card, lang, typed)
    drawn = render_inputs(inputs, fonts="none")
    return render(
        request,
        "faces/_card_preview.html",
        {
            "svg": inline_svg(drawn.face.svg, "translation", drawn.face.name),
            "face_findings": drawn.face.findings,
            "oob": True,
            "name": drawn.face.name,
            "face_lang": inputs.lang,
        },
    )


@login_required
@permission_required("cards.view_card", raise_exception=True)
def card_face(request, stable_id: str):
    """A stored card's face drawn now, with the drawing's findings (for pages that show the card);
    ``?lang=``: in that language (its current translation, else its source texts, marked)."""
    card = card_list(user=request.user).filter(stable_id=stable_id).first()
    if card is None:
        raise Http404(_("no card %(id)s that you may see") % {"id": stable_id})
    try:
        lang = services.read_lang(request.GET.get("lang"))
    except InvalidInput as exc:
        return HttpResponse(
            escape(exc.reader_message()), status=400, content_type="text/plain; charset=utf-8"
        )
    inputs = face_inputs(card, lang=lang)
    drawn = render_inputs(inputs, fonts="none")
    return render(
        request,
        "faces/_card_preview.html",
        {
            "svg": inline_svg(drawn.face.svg, "card", drawn.face.name),
            "face_findings": drawn.face.findings,
            # ?findings=0: a second face on the page (the translation editor's source) leaves the
            # page's findings to the first.
            "oob": request.GET.get("findings") != "0",
            "name": drawn.face.name,
            "face_lang": inputs.lang,
            "fallback_lang": inputs.fallback_lang,
        },
    )


@login_required
@permission_required("cards.view_unvalidated_card", raise_exception=True)
def revision_face(request, stable_id: str, version: int):
    """A card's face as it was at ``version`` (its revision's data; the artwork as it is now), as a small PNG;
    ``?dpi=300``: at print resolution (the review queue's full-size comparison)."""
    from .raster import face_to_png

    card = card_list(user=request.user).filter(stable_id=stable_id).first()
    revision = card.revisions.filter(version=version).only("snapshot").first() if card else None
    if revision is None:
        raise Http404(_("no version %(v)s of card %(id)s") % {"v": version, "id": stable_id})
    drawn = render_inputs(data_inputs(card.game, revision.snapshot, card=card))
    dpi = 300 if request.GET.get("dpi") == "300" else services.GRID_DPI
    response = HttpResponse(face_to_png(drawn.face, dpi=dpi), content_type="image/png")
    response["Cache-Control"] = "private, max-age=3600"  # a revision never changes
    return response


# --- the visual deck view -------------------------------------------------------------------------
@login_required
@permission_required("decks.view_deck", raise_exception=True)
def deck_faces(request, pk: int):
    from decks.models import Deck
    from decks.selectors import deck_get, deck_played, deck_verdict

    try:
        deck = deck_get(user=request.user, pk=pk)
    except Deck.DoesNotExist:
        raise Http404(_("no deck %(pk)s that you may see") % {"pk": pk}) from None
    verdict = deck_verdict(deck=deck)
    # The cards the entries play (a name of several printings: the printing the verdict picked).
    played = deck_played(deck, resolved=verdict.resolved)
    visible = printing.visible_of(played, user=request.user)
    by = request.GET.get("by", "type")
    cols = deckview.columns(played, game=deck.game, by=by, visible=visible)
    return render(
        request,
        "faces/deck.html",
        {
            "deck": deck,
            "ruleset": get_ruleset(deck.game),
            "verdict": verdict,
            "columns": cols,
            "by": by if by in dict(deckview.grouping_options(deck.game)) else "type",
            "options": deckview.grouping_options(deck.game),
            "total": sum(c.count for c in cols),
        },
    )


# --- Tabletop Simulator images ------------------------------------------------------------------------
def tts_image(request, pk: int, export: str, sig: str, name: str):
    """An image of a deck's TTS export, for TTS itself (no login: the signed address is the key)."""
    from . import tts_export

    if not (tts_export.valid(pk, export, sig) and tts_export.image_name(name)):
        raise Http404(_("no such image"))
    try:
        handle = tts_export.image_open(pk, export, name)
    except (FileNotFoundError, OSError):
        raise Http404(_("no such image")) from None
    response = FileResponse(handle, content_type="image/jpeg")
    response["Cache-Control"] = "public, max-age=31536000, immutable"  # an export's images never change
    return response


# --- print jobs -------------------------------------------------------------------------------------
@login_required
@permission_required("cards.view_card", raise_exception=True)
def print_page(request, game: str):
    ruleset = _ruleset_or_404(game)
    jobs = PrintJob.objects.filter(created_by=request.user, game=game)[:10]
    sets = sorted(
        s
        for s in card_list(user=request.user).filter(game=game).values_list("set_code", flat=True).distinct()
        if s
    )
    return render(
        request,
        "faces/print.html",
        {
            "ruleset": ruleset,
            "jobs": jobs,
            "sets": sets,
            "layouts": [(name, layout.label_in()) for name, layout in layouts().items()],
            "printer_layouts": ", ".join(printing.printer_layouts()),
            "languages": [(code, str(name)) for code, name in settings.LANGUAGES],
        },
    )


@login_required
@permission_required("cards.view_card", raise_exception=True)
@require_POST
def print_start(request, game: str):
    _ruleset_or_404(game)
    try:
        options = printing.read_options(request.POST)
        cards = [c for c in request.POST.get("cards", "").replace(",", " ").split() if c]
        job = printing.print_job_start(
            user=request.user,
            game=game,
            set_code=request.POST.get("set", "").strip()[:64],
            card_ids=cards,
            options=options,
        )
    except InvalidInput as exc:
        messages.error(request, _("Not started: %(why)s") % {"why": exc.message})
        return redirect("faces:print", game=game)
    except Card.DoesNotExist as exc:
        messages.error(request, _("Not started: %(why)s") % {"why": exc})
        return redirect("faces:print", game=game)
    return redirect("faces:job", pk=job.pk)


def _job_or_404(request, pk: int) -> PrintJob:
    try:
        return selectors.print_job_get(pk=pk, user=request.user)
    except PrintJob.DoesNotExist:
        raise Http404(_("no print job %(pk)s of yours") % {"pk": pk}) from None


@login_required
def print_job(request, pk: int):
    job = _job_or_404(request, pk)
    template = "faces/_job.html" if request.htmx else "faces/job.html"
    return render(
        request, template, {"job": job, "running": job.state in (JobState.QUEUED, JobState.RUNNING)}
    )


@login_required
def print_job_file(request, pk: int):
    job = _job_or_404(request, pk)
    if job.state != JobState.DONE or not job.file:
        raise Http404(_("this sheet is not ready"))
    kind = "zip" if job.output == "zip" else "pdf"
    return FileResponse(
        job.file.open("rb"),
        content_type=f"application/{kind}",
        as_attachment=True,
        filename=f"{job.game}-{job.set_code or 'cards'}-{job.pk}.{kind}",
    )
