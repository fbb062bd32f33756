"""The translation pages: a card's translation beside its source (the editor), its review moves,
and the reviewers' queue of translations waiting, the source beside each.

Thin: reads through :mod:`cards.translation_selectors`, writes through :mod:`cards.translations`,
whose :mod:`common.errors` exceptions become messages on the page (never a 500).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.finding_messages import message as finding_message
from common.versions import posted_version

from . import selectors
from .models import Card, CardTranslation, TranslationStatus
from .translation_selectors import (
    language_name,
    may_see_unvalidated,
    reader_language,
    shown_translation,
    source_diff,
    source_diff_rows,
    translation_findings,
    translation_history,
    translation_queue,
    translation_source,
    visible_translations,
)
from .translations import translation_save, translation_set_status
from .workflow import allowed_targets


def _card(request, stable_id: str) -> Card:
    try:
        return selectors.card_get(user=request.user, stable_id=stable_id)
    except Card.DoesNotExist:
        raise Http404(f"no card {stable_id} that you may see") from None


def translations_context(request, card: Card) -> dict:
    """The card page's translations panel: each language with its translation's state (the team
    sees every one, playtesters the current ones), and the reader's own language's, shown first
    when it is current and not the card's language (the source one click away)."""
    visible = {t.language: t for t in visible_translations(card, request.user)}
    reader = reader_language()
    rows = []
    for code, name in settings.LANGUAGES:
        if code == card.language:
            continue
        translation = visible.get(code)
        if translation is None and not may_see_unvalidated(request.user):
            continue
        rows.append({"code": code, "name": name, "translation": translation})
    shown = visible.get(reader)
    return {
        "translation_rows": rows,
        "source_language_name": language_name(card.language),
        "reader_translation": shown_translation(card, reader, shown),
        "may_translate": request.user.has_perm("cards.change_card"),
    }


def _moves(user, translation: CardTranslation | None) -> list[dict]:
    if translation is None:
        return []
    labels = {
        TranslationStatus.DRAFT: (_("Back to draft"), "secondary"),
        TranslationStatus.NEEDS_REVIEW: (_("Submit for review"), "primary"),
        TranslationStatus.VALIDATED: (_("Validate"), "primary"),
    }
    moves = []
    for target in allowed_targets(user, translation.status):
        if target not in TranslationStatus.values:
            continue
        label, style = labels[target]
        if translation.status == TranslationStatus.VALIDATED and target == TranslationStatus.NEEDS_REVIEW:
            label = _("Needs review")
        blocked = (
            _("Update the translation and save it first: its source changed.")
            if target == TranslationStatus.VALIDATED and translation.stale
            else ""
        )
        moves.append({"target": target, "label": label, "style": style, "blocked": blocked})
    return moves


def _form_values(card: Card, translation: CardTranslation | None, posted=None) -> dict:
    if posted is not None:
        return {
            "name": posted.get("name", ""),
            "text": posted.get("text", ""),
            "flavour": posted.get("flavour", ""),
            "archetypes": posted.get("archetypes", ""),
            "effects": {e["effectId"]: posted.get(f"effect:{e['effectId']}", "") for e in card.effects or []},
        }
    if translation is None:
        return {"name": "", "text": "", "flavour": "", "archetypes": "", "effects": {}}
    return {
        "name": translation.name,
        "text": translation.text,
        "flavour": translation.flavour,
        "archetypes": "\n".join(translation.archetypes or []),
        "effects": dict(translation.effect_texts or {}),
    }


def _context(request, card: Card, language: str, *, posted=None, errors=None) -> dict:
    translation = next((t for t in visible_translations(card, request.user) if t.language == language), None)
    source = translation_source(card)
    values = _form_values(card, translation, posted)
    effect_rows = [{**row, "value": values["effects"].get(row["id"], "")} for row in source["effect_rows"]]
    findings = translation_findings(card, [translation]) if translation else []
    diff = source_diff(translation) if translation and translation.stale else None
    return {
        "card": card,
        "ruleset": card.ruleset,
        "language": language,
        "language_name": language_name(language),
        "translation": translation,
        "source": source,
        "values": values,
        "effect_rows": effect_rows,
        "findings": [
            {"code": f.code, "message": finding_message(f), "severity": str(f.severity)} for f in findings
        ],
        "diff": diff,
        "glossary": [
            {"source": term.expected(source["language"]), "target": term.expected(language)}
            for term in getattr(card.ruleset, "glossary", ())
            if term.expected(source["language"]) and term.expected(language)
        ],
        "diff_rows": source_diff_rows(diff) if diff else [],
        "moves": _moves(request.user, translation),
        "may_edit": request.user.has_perm("cards.change_card"),
        "history": list(translation_history(card=card, language=language)[:30]) if translation else [],
        "errors": errors or [],
        "languages": [
            {"code": code, "name": name} for code, name in settings.LANGUAGES if code != card.language
        ],
    }


def _posted_data(request, card: Card) -> dict:
    post = request.POST
    data = {
        "name": post.get("name", ""),
        "text": post.get("text", "").replace("\r\n", "\n"),
        "archetypes": [line.strip() for line in post.get("archetypes", "").splitlines() if line.strip()],
    }
    if post.get("flavour", "").strip():
        data["flavour"] = post["flavour"].replace("\r\n", "\n")
    effects = {}
    for effect in card.effects or []:
        value = post.get(f"effect:{effect.get('effectId')}", "").strip()
        if value:
            effects[effect["effectId"]] = value.replace("\r\n", "\n")
    if effects:
        data["effects"] = effects
    return data


@login_required
@permission_required("cards.view_unvalidated_card", raise_exception=True)
def translation_edit(request, stable_id: str, language: str):
    """A card's translation into ``language`` beside its source; POST saves it."""
    card = _card(request, stable_id)
    if language not in dict(settings.LANGUAGES) or language == card.language:
        raise Http404(f"{language} is not a language {stable_id} is translated into")
    if request.method == "POST":
        if not request.user.has_perm("cards.change_card"):
            raise PermissionDenied("only designers write translations")
        try:
            version = posted_version(request.POST, "version")
            translation_save(
                stable_id=card.stable_id,
                language=language,
                data=_posted_data(request, card),
                user=request.user,
                expected_version=version,
                note=request.POST.get("note", ""),
            )
        except InvalidInput as exc:
            errors = [finding_message(f) for f in exc.findings] or [exc.reader_message()]
            return render(
                request,
                "cards/translation.html",
                _context(request, card, language, posted=request.POST, errors=errors),
                status=400,
            )
        except StaleVersion:
            errors = [
                _("Someone saved this translation after you opened it; your text is below, theirs is saved.")
            ]
            return render(
                request,
                "cards/translation.html",
                _context(request, card, language, posted=request.POST, errors=errors),
                status=409,
            )
        except (Conflict, Forbidden) as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Translation saved."))
        return redirect(reverse("cards:translation", args=[card.stable_id, language]))
    return render(request, "cards/translation.html", _context(request, card, language))


@login_required
@require_POST
def translation_status(request, stable_id: str, language: str):
    card = _card(request, stable_id)
    if not may_see_unvalidated(request.user):
        raise PermissionDenied("the team moves translations")
    try:
        translation_set_status(
            stable_id=card.stable_id,
            language=language,
            status=request.POST.get("status", ""),
            user=request.user,
            note=request.POST.get("note", ""),
            expected_version=posted_version(request.POST, "version"),
        )
    except CardTranslation.DoesNotExist:
        raise Http404("no such translation") from None
    except (Conflict, Forbidden, StaleVersion, InvalidInput) as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Status changed."))
    back = request.POST.get("next") or ""
    if back.startswith("/") and not back.startswith("//"):
        return redirect(back)
    return redirect(reverse("cards:translation", args=[card.stable_id, language]))


@login_required
@permission_required("cards.view_unvalidated_card", raise_exception=True)
def translation_review(request):
    """The translations waiting for review (DRAFT, NEEDS_REVIEW, STALE), each beside its source."""
    game = request.GET.get("game") or None
    language = request.GET.get("language") or None
    items = []
    templates: dict = {}  # each game's face template, read once for the list
    for translation in translation_queue(game=game, language=language)[:100]:
        card = translation.card
        items.append(
            {
                "card": card,
                "translation": translation,
                "source": translation_source(card),
                "language_name": language_name(translation.language),
                "moves": _moves(request.user, translation),
                "findings": [
                    finding_message(f)
                    for f in translation_findings(card, [translation], face_templates=templates)
                ],
            }
        )
    return render(
        request,
        "cards/translation_review.html",
        {"items": items, "game": game, "language": language, "languages": settings.LANGUAGES},
    )
