"""The dashboard: per game, the cards by status and by provenance, each count a link into the card browser."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import check_for_language, get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from cards import selectors
from cards.search import METHOD_TERMS, MODIFIED_TERM, ORIGIN_TERMS, STATUS_TERMS
from rules import registry

from . import preferences
from .models import time_zones


def _browse(game: str, term: str = "") -> str:
    return reverse("cards:browse") + "?" + urlencode({"q": f"game:{game} {term}".strip()})


def _link(game: str, term: str, label: str, count: int) -> dict:
    return {"label": label, "count": count, "url": _browse(game, term)}


@login_required
def home(request):
    user = request.user
    counts = selectors.card_counts(user=user)
    games = []
    for ruleset in registry:
        c = counts[ruleset.key]
        games.append(
            {
                "ruleset": ruleset,
                "total": c.total,
                "url": _browse(ruleset.key),
                "statuses": [
                    {
                        "value": value,
                        "label": label,
                        "count": n,
                        "url": _browse(ruleset.key, STATUS_TERMS[value]),
                        "share": round(100 * n / c.total, 1) if c.total else 0,
                    }
                    for value, label, n in c.statuses()
                ],
                "provenance": [
                    (
                        _("Origin"),
                        [
                            _link(ruleset.key, ORIGIN_TERMS[value], label, n)
                            for value, label, n in c.origins()
                        ],
                    ),
                    (
                        _("Creation"),
                        [
                            _link(ruleset.key, METHOD_TERMS[value], label, n)
                            for value, label, n in c.methods()
                        ],
                    ),
                    (_("Edited"), [_link(ruleset.key, MODIFIED_TERM, _("Modified by a person"), c.modified)]),
                ],
            }
        )
    recent = selectors.recent_revisions(user=user) if selectors.can_see_unvalidated(user) else []
    return render(
        request,
        "studio/dashboard.html",
        {"games": games, "recent": recent, "can_add": user.has_perm("cards.add_card")},
    )


def favicon(request):
    """Browsers ask for /favicon.ico on pages without an icon link (the API's own pages)."""
    return redirect(static("studio/favicon.svg"), permanent=True)


@require_POST
def set_language(request):
    """The header's language switch: Django's set_language (the language cookie, the redirect back),
    and for a signed-in user their preference too, so that it follows them to every device."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    known = check_for_language(language) and language in preferences.LANGUAGE_CODES
    if known and request.user.is_authenticated:
        preferences.remember(request.user, language=language, request=request)
    return response


class PreferenceForm(forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        required=False,
        choices=[("", gettext_lazy("The browser's language")), *settings.LANGUAGES],
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        required=False,
        help_text=gettext_lazy("Dates and times are shown in it."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        studio_zone = settings.TIME_ZONE
        self.fields["time_zone"].choices = [
            ("", gettext_lazy("The studio's time zone (%(zone)s)") % {"zone": studio_zone}),
            *((zone, zone) for zone in time_zones()),
        ]


@login_required
def preferences_page(request):
    """The user's own language and time zone."""
    current = preferences.preference_of(request.user)
    if request.method == "POST":
        form = PreferenceForm(request.POST)
        if form.is_valid():
            language = form.cleaned_data["language"]
            preferences.remember(
                request.user, language=language, time_zone=form.cleaned_data["time_zone"], request=request
            )
            response = redirect(_safe_next(request) or "preferences")
            if language:
                response.set_cookie(
                    settings.LANGUAGE_COOKIE_NAME,
                    language,
                    max_age=settings.LANGUAGE_COOKIE_AGE,
                    samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                    secure=settings.LANGUAGE_COOKIE_SECURE,
                    httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                )
                from django.utils import translation

                translation.activate(language)
            messages.success(request, _("Your preferences are saved."))
            return response
    else:
        form = PreferenceForm(
            initial={
                "language": current.language if current else "",
                "time_zone": current.time_zone if current else "",
            }
        )
    return render(request, "studio/preferences.html", {"form": form, "language": get_language()})


def _safe_next(request) -> str | None:
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None
