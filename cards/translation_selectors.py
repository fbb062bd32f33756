"""Reads of card translations: who sees which, the one printed per language, their findings (stale,
glossary), what of the source changed since a translation, and the translations waiting for review."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules import Finding, get_ruleset
from rules.translations import glossary_findings, source_texts, stale_finding

from .diff import text_ops
from .interchange import card_to_dict
from .models import Card, CardRevision, CardTranslation, TranslationStatus
from .page_parts import translation_face_findings


# --- reads -------------------------------------------------------------------------------------
def may_see_unvalidated(user) -> bool:
    return bool(user and user.has_perm("cards.view_unvalidated_card"))


def visible_translations(card: Card, user) -> list[CardTranslation]:
    """The translations of ``card`` ``user`` may read: all of them for the team; only current
    ones (VALIDATED and not STALE) for playtesters and prints."""
    translations = list(card.translations.all())
    if may_see_unvalidated(user):
        return translations
    return [t for t in translations if t.is_current]


def current_translation(card: Card, language: str) -> CardTranslation | None:
    """The translation printed and shown to playtesters in ``language``: VALIDATED, not STALE."""
    for translation in card.translations.all():
        if translation.language == language and translation.is_current:
            return translation
    return None


# The translations shown to playtesters and printed, as a filter (CardTranslation.is_current).
CURRENT = Q(status=TranslationStatus.VALIDATED, stale=False)


def reader_language() -> str:
    """The language the page is read in (the active one, without its region): "ru", "fr", "en"."""
    return (get_language() or "").split("-")[0]


def shown_translation(
    card: Card, language: str, translation: CardTranslation | None
) -> CardTranslation | None:
    """``translation`` when a reader of ``language`` sees the card through it: a current one, into a
    language that is not the card's own; else None (the reader sees the source)."""
    if translation is None or not translation.is_current or language == card.language:
        return None
    return translation


def reader_translations(cards: Iterable[Card | None], language: str) -> dict[int, CardTranslation]:
    """The translation each of ``cards`` shows a reader of ``language`` (see :func:`shown_translation`),
    by card primary key: one query for all of them, none when no card is written in another language.
    Pages that list cards (the deck builder, its search) name each card with it, the source a click away."""
    wanted = {card.pk: card for card in cards if card is not None and card.language != language}
    if not wanted:
        return {}
    found = current_translations(wanted, language)
    return {pk: t for pk, t in found.items() if shown_translation(wanted[pk], language, t) is not None}


# The current translations' names (CURRENT), as rows, not model instances: a table's every read names
# its cards (half the time of the query with its translations and cards built). Built once, filtered
# by each call's cards; unordered (an ORDER BY costs more to compile than these rows take to sort).
_CURRENT_NAMES = (
    CardTranslation.objects.filter(CURRENT)
    .order_by()
    .values_list("card__stable_id", "card__game", "card__source_language", "language", "name")
)


def _by_card_and_language(row: tuple) -> tuple[str, str]:
    return row[0], row[3]


def translated_names(stable_ids: Iterable[str | None]) -> dict[str, dict[str, Any]]:
    """For each card (by stable id) that has a current translation, what any reader may be shown
    instead of its name: ``{"language": its source language, "names": {language: translated name}}``,
    every language a reader sees it through (:func:`shown_translation`). One query, whatever the number
    of cards; none for no card. For answers shared by readers of several languages (a table's moves go
    to each seat's every open page): each page picks its reader's.

    A translation into the card's own language (Card.language: its own, else its rule set's) is
    shown to no one (:func:`shown_translation`)."""
    wanted = {stable_id for stable_id in stable_ids if stable_id}
    if not wanted:
        return {}
    found = sorted(_CURRENT_NAMES.filter(card__stable_id__in=wanted), key=_by_card_and_language)
    named: dict[str, dict[str, Any]] = {}
    for stable_id, game, source_language, language, name in found:
        card_language = source_language or get_ruleset(game).language
        if language == card_language:
            continue
        entry = named.setdefault(stable_id, {"language": card_language, "names": {}})
        entry["names"][language] = name
    return named


def translation_findings(
    card: Card, translations: Iterable[CardTranslation] | None = None, *, face_templates: dict | None = None
) -> list[Finding]:
    """The card findings of its translations: TRANSLATION_STALE for each stale one, the glossary
    warnings of each (TRANSLATION_GLOSSARY), and their texts that do not fit the face in their
    language (TEXT_OVERFLOW with the language). ``face_templates``: a dict kept across the cards of
    a list (each game's face template read once)."""
    translations = list(card.translations.all() if translations is None else translations)
    if not translations:
        return []
    source = source_texts(card_to_dict(card))
    findings: list[Finding] = []
    for translation in translations:
        if translation.stale:
            findings.append(
                stale_finding(
                    card=card.stable_id,
                    language=translation.language,
                    source_version=translation.source_version,
                    version=card.version,
                )
            )
        findings.extend(
            glossary_findings(
                card=card.stable_id,
                glossary=card.ruleset.glossary,
                source_language=card.language,
                source=source,
                language=translation.language,
                translation={
                    "name": translation.name,
                    "text": translation.text,
                    "flavour": translation.flavour,
                    "effects": translation.effect_texts,
                },
            )
        )
        # Its texts on the card's face in its language: TEXT_OVERFLOW with the language (faces).
        findings.extend(translation_face_findings(card, translation, face_templates))
    return findings


def source_diff(translation: CardTranslation) -> dict[str, Any]:
    """What of the source changed since the version the translation translates: each printed text,
    before (at ``source_version``) and now, for the translator and the reviewer."""
    card = translation.card
    now = source_texts(card_to_dict(card))
    revision = (
        CardRevision.objects.filter(card=card, version__lte=translation.source_version)
        .order_by("-version")
        .only("snapshot", "version")
        .first()
    )
    then = source_texts(revision.snapshot) if revision else {}
    changes = {
        key: {"before": then.get(key), "after": value} for key, value in now.items() if then.get(key) != value
    }
    return {"since": translation.source_version, "version": card.version, "changes": changes}


def source_diff_rows(diff: dict[str, Any]) -> list[dict[str, Any]]:
    """:func:`source_diff`'s changes as a page shows them: each text by its label in the reader's
    language, its words removed and added marked (the review queue's word diff, cards.diff), an
    effect's text one row of its own."""
    labels = {"name": _("Name"), "text": _("Text"), "flavour": _("Flavour"), "archetypes": _("Archetypes")}
    rows = []
    for key, change in diff["changes"].items():
        before, after = change.get("before"), change.get("after")
        if key == "effects":
            before, after = before or {}, after or {}
            for effect_id in [*before, *(k for k in after if k not in before)]:
                old, new = before.get(effect_id, ""), after.get(effect_id, "")
                if old != new:
                    rows.append(
                        {
                            "key": f"effects.{effect_id}",
                            "label": _("Effect %(id)s") % {"id": effect_id},
                            "ops": text_ops(old, new),
                        }
                    )
            continue
        if key == "archetypes":
            before, after = ", ".join(before or []), ", ".join(after or [])
        rows.append({"key": key, "label": labels.get(key, key), "ops": text_ops(before or "", after or "")})
    return rows


def language_name(code: str) -> str:
    """A studio language by its name (settings.LANGUAGES), else its code."""
    return str(dict(settings.LANGUAGES).get(code, code))


def translation_source(card: Card) -> dict[str, Any]:
    """What a translation of ``card`` translates, for the pages that show it beside the translation:
    its printed texts, its effects' texts (id, text), its language and that language's name."""
    texts = source_texts(card_to_dict(card))
    effects = [
        {"id": e["effectId"], "text": e["text"]}
        for e in card.effects or []
        if e.get("effectId") and e.get("text")
    ]
    return {
        **texts,
        "effect_rows": effects,
        "language": card.language,
        "language_name": language_name(card.language),
    }


WAITING = (TranslationStatus.DRAFT, TranslationStatus.NEEDS_REVIEW)


def translation_queue(*, game: str | None = None, language: str | None = None) -> QuerySet[CardTranslation]:
    """Translations waiting for a reviewer: DRAFT or NEEDS_REVIEW, or STALE whatever their status,
    oldest change first, each with its card (the source beside it)."""
    qs = CardTranslation.objects.filter(Q(status__in=WAITING) | Q(stale=True)).select_related("card")
    if game:
        qs = qs.filter(card__game=game)
    if language:
        qs = qs.filter(language=language)
    return qs.order_by("card__game", "updated_at", "pk")


def translation_history(*, card: Card, language: str):
    """The translation's revisions in the card's history, newest first."""
    return card.translation_revisions.filter(language=language).order_by("-version")


def current_translations(card_ids: Iterable[int], language: str) -> dict[int, CardTranslation]:
    """The current translation (VALIDATED, not STALE) into ``language`` of each of these cards that
    has one, by card id: one query whatever their number (faces, print sheets, exports)."""
    ids = list(card_ids)
    if not ids:
        return {}
    return {t.card_id: t for t in CardTranslation.objects.filter(CURRENT, card_id__in=ids, language=language)}


def current_languages(card: Card) -> set[str]:
    """The languages ``card`` has a current translation into (its prefetched translations where the
    page read them already, else one query)."""
    return {t.language for t in card.translations.all() if t.is_current}
