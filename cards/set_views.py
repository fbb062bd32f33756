"""The card-set page (/cards/sets/): designers import a JSON, CSV or XLSX card set and export a game's set.

The import is :func:`cards.imports.cards_import_file`, the commands' and the API's; its report, or
every error by row and column, is shown in place (htmx) and nothing is imported when one is refused.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from common.errors import Forbidden, InvalidInput
from common.i18n import game_name
from common.refusals import in_place
from rules import registry

from . import import_jobs
from .imports import cards_import_file, refusal_message
from .models import CardSetImportJob, ImportJobState
from .spreadsheets import FORMATS, UnusableFile, max_bytes

IMPORT_PERMS = ("cards.add_card", "cards.change_card")


def _games() -> list[tuple[str, str]]:
    return [(rs.key, game_name(rs)) for rs in registry]


class CardSetImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Card-set file"),
        help_text=gettext_lazy("JSON, CSV (UTF-8, comma or semicolon) or XLSX; one row per card."),
    )
    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        required=False,
        help_text=gettext_lazy("For a spreadsheet without a game column."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("named by the file")), *_games()]


class CardSetExportForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"))
    format = forms.ChoiceField(label=gettext_lazy("Format"), choices=[(f, f.upper()) for f in FORMATS])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = _games()


def _context(request, **extra) -> dict:
    return {
        "may_import": request.user.has_perms(IMPORT_PERMS),
        "import_form": extra.pop("import_form", None) or CardSetImportForm(),
        "export_form": CardSetExportForm(initial={"format": "csv"}, auto_id="export_%s"),
        "max_bytes": max_bytes(),
        "sync_max_rows": import_jobs.sync_max_rows(),
        "import_jobs": import_jobs.import_jobs_of(request.user, limit=5)
        if request.user.has_perms(IMPORT_PERMS)
        else [],
        **extra,
    }


@login_required
@permission_required("cards.view_unvalidated_card", raise_exception=True)
def card_sets(request):
    return render(request, "cards/sets.html", _context(request))


@login_required
@permission_required(IMPORT_PERMS, raise_exception=True)
@require_POST
def card_sets_import(request):
    form = CardSetImportForm(request.POST, request.FILES)
    report, problems, status = None, [], 200
    if not form.is_valid():
        problems = [message for errors in form.errors.values() for message in errors]
        status = 400
    else:
        upload = form.cleaned_data["file"]
        if upload.size > max_bytes():
            problems, status = [_("the file is larger than %(limit)s bytes") % {"limit": max_bytes()}], 413
        else:
            data = upload.read()
            if import_jobs.is_large(data, upload.name):
                # Too many rows for a request: a job imports it; its progress is shown in place.
                job = import_jobs.import_job_start(
                    data=data, name=upload.name, game=form.cleaned_data["game"] or None, user=request.user
                )
                return _job_answer(request, job, status=202)
            try:
                report = cards_import_file(
                    data=data,
                    name=upload.name,
                    game=form.cleaned_data["game"] or None,
                    user=request.user,
                )
            except UnusableFile as exc:
                problems, status = [str(exc)], 413 if exc.too_large else 400
            except Forbidden as exc:
                problems, status = [refusal_message(f) for f in exc.findings] or [exc.message], 403
            except InvalidInput as exc:
                problems, status = [refusal_message(f) for f in exc.findings] or [exc.message], 400
    context = {
        "report": report,
        "problems": problems,
        "filename": getattr(request.FILES.get("file"), "name", ""),
    }
    if request.htmx:
        response = render(request, "cards/_set_report.html", context, status=status)
        return in_place(response) if problems else response
    return render(request, "cards/sets.html", _context(request, import_form=form, **context), status=status)


def _job_answer(request, job: CardSetImportJob, *, status: int = 200):
    context = {
        "job": job,
        "running": job.state in (ImportJobState.QUEUED, ImportJobState.RUNNING),
        "poll_seconds": settings.CARDSETS_JOB_POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "cards/_set_report.html", context, status=status)
    return render(request, "cards/sets.html", _context(request, **context), status=status)


def _job_or_404(request, pk: int) -> CardSetImportJob:
    try:
        return import_jobs.import_job_get(pk=pk, user=request.user)
    except CardSetImportJob.DoesNotExist:
        raise Http404(_("no import job %(pk)s of yours") % {"pk": pk}) from None


@login_required
@permission_required(IMPORT_PERMS, raise_exception=True)
def card_sets_job(request, pk: int):
    """An import job's progress, then its report or its errors (polled in place by the page)."""
    return _job_answer(request, _job_or_404(request, pk))


@login_required
@permission_required(IMPORT_PERMS, raise_exception=True)
@require_POST
def card_sets_job_retry(request, pk: int):
    job = import_jobs.import_job_retry(pk=_job_or_404(request, pk).pk, user=request.user)
    if request.htmx:
        return _job_answer(request, job, status=202)
    return redirect("cards:sets-job", pk=job.pk)
