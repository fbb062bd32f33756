"""Writes and reads of card translations: save, review moves, staleness, their findings.

A translation holds a card's printed texts in one language (rules.translations); it records the
card version it translates (``source_version``), and every save or move appends a
:class:`~cards.models.CardTranslationRevision` to the card's history. When a card's source text
changes, every translation of it becomes STALE in the same transaction (:func:`mark_stale`, one
query for a whole batch of cards); it is current again only when a person saves it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.notes import checked_note
from common.users import real_user
from rules import Finding
from rules.problems import Problem, invalid, problem
from rules.text import control_character, shown
from rules.translations import (
    source_texts,
    stale_finding,
)

from .interchange import ARCHETYPE_MAX_LENGTH, ARCHETYPES_MAX, NAME_MAX_LENGTH, TEXT_MAX_LENGTH, card_to_dict
from .models import (
    BULK_BATCH,
    DERIVED_FIELDS,
    Card,
    CardTranslation,
    CardTranslationRevision,
    TranslationAction,
    TranslationStatus,
)
from .translation_selectors import CURRENT
from .workflow import transition_refusal

# The keys of a translation in the interchange format (FORMATS.md v1.2, "Card translations").
TRANSLATION_KEYS = ("name", "text", "flavour", "archetypes", "effects", "sourceVersion", "status")


def studio_languages() -> tuple[str, ...]:
    """The languages a card may be translated into: the studio's (settings.LANGUAGES)."""
    return tuple(code for code, _ in settings.LANGUAGES)


# --- staleness ---------------------------------------------------------------------------------
def refresh_searched_names(card: Card) -> None:
    """Keep the card's ``translated_names`` (its current translations' names, part of its search
    columns) after a translation changed; no revision (it is derived), no ``updated_at`` change."""
    refresh_searched_names_of([card])


def refresh_searched_names_of(cards: Sequence[Card]) -> None:
    """:func:`refresh_searched_names` of several cards: one read for all, one write a card that changed."""
    current: dict[int, list[tuple[str, str]]] = {card.pk: [] for card in cards}
    rows = (
        CardTranslation.objects.filter(CURRENT, card_id__in=list(current))
        .order_by("card_id", "language")
        .values_list("card_id", "language", "name")
    )
    for card_id, language, name in rows:
        current[card_id].append((language, name))
    for card in cards:
        names = "\n".join(name for _, name in current[card.pk])
        languages = languages_index(language for language, _ in current[card.pk])
        if (names, languages) == (card.translated_names, card.translated_languages):
            continue
        card.translated_names, card.translated_languages = names, languages
        card.refresh_derived()
        Card.objects.filter(pk=card.pk).update(
            translated_names=names,
            translated_languages=languages,
            **{f: getattr(card, f) for f in DERIVED_FIELDS},
        )


def languages_index(languages: Iterable[str]) -> str:
    """``Card.translated_languages``: "|en|ru|" (a ``lang:`` term looks for "|ru|"), "" for none."""
    codes = sorted(set(languages))
    return "|" + "|".join(codes) + "|" if codes else ""


def mark_stale(card_ids: Iterable[int]) -> int:
    """Every current translation of these cards becomes STALE: one UPDATE whatever their number.
    Called by the card writes (cards.services) inside their transaction."""
    ids = list(card_ids)
    if not ids:
        return 0
    return CardTranslation.objects.filter(card_id__in=ids, stale=False).update(stale=True)


# --- reading a translation's input -------------------------------------------------------------
def parse_translation(
    raw: Any, *, card: Card, language: str, where: str | None = None
) -> tuple[dict[str, Any] | None, list[Finding]]:
    """Read one translation of ``card`` into ``language`` (its interchange form, FORMATS.md v1.2).

    Returns the stored values (``name``, ``text``, ``flavour``, ``archetypes``, ``effect_texts``,
    and ``status``/``source_version`` when given) or every problem, each naming its field.
    Structured data is refused: a translation holds printed texts only.
    """
    ref = where or card.stable_id
    errors: list[Finding] = []

    def bad(key: str, why: Problem) -> None:
        errors.append(invalid(f"translations.{language}.{key}", why, card=ref))

    if language not in studio_languages():
        bad("language", problem("NOT_A_LANGUAGE", value=shown(language), expected=list(studio_languages())))
        return None, errors
    if language == card.language:
        bad("language", problem("OWN_LANGUAGE", value=language))
        return None, errors
    if not isinstance(raw, Mapping):
        bad("", problem("TRANSLATION_OBJECT"))
        return None, errors
    source = source_texts(card_to_dict(card))
    for key in raw:
        if key not in TRANSLATION_KEYS:
            bad(str(key), problem("NOT_TRANSLATED"))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("name", problem("REQUIRED_TEXT"))
    elif len(name.strip()) > NAME_MAX_LENGTH:
        bad("name", problem("TOO_LONG", maximum=NAME_MAX_LENGTH, observed=len(name.strip())))
    values: dict[str, Any] = {}
    for key, lines in (("name", False), ("text", True), ("flavour", True)):
        value = raw.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            bad(key, problem("NOT_TEXT"))
            continue
        if "\x00" in value:
            bad(key, problem("NUL_CHARACTER"))
            continue
        hit = control_character(value, lines=lines)
        if hit is not None:
            bad(key, problem("CONTROL_CHARACTER", character=hit[1], position=hit[0] + 1))
        if len(value) > TEXT_MAX_LENGTH:
            bad(key, problem("TOO_LONG", maximum=TEXT_MAX_LENGTH, observed=len(value)))
        values[key] = value.strip() if key == "name" else value
    if values.get("flavour") and not source["flavour"]:
        bad("flavour", problem("NO_FLAVOUR"))
    archetypes = raw.get("archetypes", [])
    if not isinstance(archetypes, list) or not all(isinstance(a, str) and a.strip() for a in archetypes):
        bad("archetypes", problem("ARCHETYPES_LIST"))
    elif len(archetypes) > ARCHETYPES_MAX or any(len(a.strip()) > ARCHETYPE_MAX_LENGTH for a in archetypes):
        bad("archetypes", problem("ARCHETYPES_LIMIT", labels=ARCHETYPES_MAX, maximum=ARCHETYPE_MAX_LENGTH))
    else:
        values["archetypes"] = [a.strip() for a in archetypes]
    effects = raw.get("effects", {})
    if effects is None:
        effects = {}
    if not isinstance(effects, Mapping) or not all(isinstance(v, str) for v in effects.values()):
        bad("effects", problem("EFFECT_TEXTS_OBJECT"))
    else:
        unknown = sorted(str(k) for k in effects if k not in source["effects"])
        if unknown:
            bad("effects", problem("NOT_AN_EFFECT_TEXT", value=unknown, expected=list(source["effects"])))
        values["effect_texts"] = {k: v for k, v in effects.items() if v}
    status = raw.get("status")
    if status is not None:
        if status not in TranslationStatus.values:
            bad(
                "status", problem("NOT_ALLOWED", value=shown(status), expected=list(TranslationStatus.values))
            )
        else:
            values["status"] = status
    source_version = raw.get("sourceVersion")
    if source_version is not None:
        if isinstance(source_version, bool) or not isinstance(source_version, int) or source_version < 1:
            bad("sourceVersion", problem("CARD_VERSION"))
        else:
            values["source_version"] = source_version
    if errors:
        return None, errors
    values.setdefault("text", "")
    values.setdefault("flavour", "")
    return values, []


def translation_to_dict(translation: CardTranslation) -> dict[str, Any]:
    """A translation in the interchange format (the card-set file's ``translations`` entries)."""
    data: dict[str, Any] = {"name": translation.name, "text": translation.text}
    if translation.flavour:
        data["flavour"] = translation.flavour
    data["archetypes"] = list(translation.archetypes or [])
    if translation.effect_texts:
        data["effects"] = dict(translation.effect_texts)
    data["sourceVersion"] = translation.source_version
    data["status"] = translation.status
    return data


CONTENT_FIELDS = ("name", "text", "flavour", "archetypes", "effect_texts")


def _content(translation: CardTranslation) -> dict[str, Any]:
    return {f: getattr(translation, f) for f in CONTENT_FIELDS}


def _author_name(user) -> str:
    return getattr(user, "get_username", lambda: "")() if user is not None else ""


def _refuse_move(user, current: str, target: str) -> None:
    refusal = transition_refusal(user, current, target)
    if refusal:
        raise Forbidden(refusal.message) if refusal.forbidden else Conflict(refusal.message)


def _append_revision(
    translation: CardTranslation, *, action: str, user, note: str
) -> CardTranslationRevision:
    revision = _revision(translation, action=action, user=user, note=note)
    revision.save()
    return revision


def _revision(translation: CardTranslation, *, action: str, user, note: str) -> CardTranslationRevision:
    return CardTranslationRevision(
        card_id=translation.card_id,
        language=translation.language,
        version=translation.version,
        source_version=translation.source_version,
        action=action,
        status=translation.status,
        author=real_user(user),
        author_name=_author_name(user),
        note=note,
        snapshot={**translation_to_dict(translation), "stale": translation.stale},
    )


def _last_version(card: Card, language: str) -> int:
    """The version of the card's last revision in ``language`` (0: none): a translation written
    again after it was removed goes on from its history."""
    last = (
        CardTranslationRevision.objects.filter(card=card, language=language)
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )
    return last or 0


# --- writes ------------------------------------------------------------------------------------
@transaction.atomic
def translation_save(
    *,
    stable_id: str,
    language: str,
    data: Mapping[str, Any],
    user,
    expected_version: int | None = None,
    note: str = "",
) -> CardTranslation:
    """Write ``card``'s translation into ``language`` from its interchange form, as ``user``.

    A person's save translates the card as it is now: ``source_version`` becomes the card's
    version and the translation is current again (not STALE). A VALIDATED translation whose
    content changes goes back to NEEDS_REVIEW, as a card does; a requested ``status`` is a review
    move the user must be allowed to make. ``expected_version``: the translation's version the
    editor read (412 when it moved on).
    """
    note = checked_note(note)
    card = Card.objects.select_for_update().get(stable_id=stable_id)
    if not user.has_perm("cards.change_card"):
        raise Forbidden(gettext("you may not translate cards"))
    values, findings = parse_translation(data, card=card, language=language)
    if findings:
        raise InvalidInput(findings)
    translation = CardTranslation.objects.filter(card=card, language=language).first()
    requested = values.pop("status", None)
    values.pop("source_version", None)  # a person translates the card as it is now
    if translation is None:
        if expected_version:  # 0: the editor saw none (a first translation)
            raise StaleVersion(expected_version, 0)
        translation = CardTranslation(
            card=card,
            language=language,
            version=_last_version(card, language),
            status=TranslationStatus.DRAFT,
        )
        before, was_stale = None, False
    else:
        if expected_version is not None and expected_version != translation.version:
            raise StaleVersion(expected_version, translation.version)
        before, was_stale = _content(translation), translation.stale
    for key, value in values.items():
        setattr(translation, key, value)
    changed = before != _content(translation)
    if (
        not changed
        and not was_stale
        and translation.source_version == card.version
        and requested
        in (
            None,
            translation.status,
        )
    ):
        return translation
    current = translation.status
    if requested is not None and requested != current:
        _refuse_move(user, current, requested)
        target = requested
    elif changed and current == TranslationStatus.VALIDATED:
        target = TranslationStatus.NEEDS_REVIEW  # an edit of a VALIDATED text needs a human check again
    else:
        target = current
    translation.status = target
    translation.source_version = card.version
    translation.stale = False
    translation.version += 1
    translation.updated_by = real_user(user)
    translation.updated_by_name = _author_name(user)
    translation.save()
    _append_revision(translation, action=TranslationAction.SAVE, user=user, note=note)
    refresh_searched_names(card)
    return translation


@transaction.atomic
def translation_set_status(
    *, stable_id: str, language: str, status: str, user, note: str = "", expected_version: int | None = None
) -> CardTranslation:
    """A review move of a translation (DRAFT, NEEDS_REVIEW, VALIDATED), with the card's rules of who
    may make it. A STALE translation is not validated: it is saved against the current source first."""
    note = checked_note(note)
    translation = (
        CardTranslation.objects.select_for_update()
        .select_related("card")
        .get(card__stable_id=stable_id, language=language)
    )
    if expected_version is not None and expected_version != translation.version:
        raise StaleVersion(expected_version, translation.version)
    if status not in TranslationStatus.values:
        raise Conflict(
            gettext("%(target)s is not a status of a translation; use one of %(items)s")
            % {"target": repr(status), "items": ", ".join(TranslationStatus.values)}
        )
    _refuse_move(user, translation.status, status)
    if status == TranslationStatus.VALIDATED and translation.stale:
        raise Conflict(
            gettext(
                "the %(language)s translation is stale: its source text changed since version %(version)s; "
                "update the translation and save it before validating it"
            )
            % {"language": language, "version": translation.source_version},
            findings=[
                stale_finding(
                    card=stable_id,
                    language=language,
                    source_version=translation.source_version,
                    version=translation.card.version,
                )
            ],
        )
    translation.status = status
    translation.version += 1
    translation.updated_by = real_user(user)
    translation.updated_by_name = _author_name(user)
    translation.save()
    _append_revision(translation, action=TranslationAction.STATUS, user=user, note=note)
    refresh_searched_names(translation.card)
    return translation


def translations_import(
    card: Card, translations: Mapping[str, Mapping[str, Any]], *, user, may_validate: bool
) -> int:
    """Store the translations a card-set file gives ``card`` (already parsed, see
    :func:`parse_translation`); returns how many changed. Same content, status and currency: nothing
    is written (importing twice changes nothing). A translation whose ``sourceVersion`` is older
    than the card's version is stored STALE, as the contract says; VALIDATED asked by an importer who
    may not validate is stored NEEDS_REVIEW. Call it inside the import's transaction."""
    return translations_import_many([(card, translations)], user=user, may_validate=may_validate)


def translations_import_many(
    items: Sequence[tuple[Card, Mapping[str, Mapping[str, Any]]]], *, user, may_validate: bool
) -> int:
    """:func:`translations_import` of the cards of one file: the same rows and revisions, read and
    written a batch of cards at a time (new translations and their revisions inserted together)
    instead of about five queries a translation."""
    changed = 0
    for start in range(0, len(items), BULK_BATCH):
        changed += _import_batch(items[start : start + BULK_BATCH], user, may_validate)
    return changed


def _import_batch(items, user, may_validate: bool) -> int:
    card_ids = [card.pk for card, _ in items]
    existing = {(t.card_id, t.language): t for t in CardTranslation.objects.filter(card_id__in=card_ids)}
    # A translation written again after it was removed goes on from its history (_last_version).
    last_versions = {
        (row["card_id"], row["language"]): row["last"]
        for row in CardTranslationRevision.objects.filter(card_id__in=card_ids)
        .values("card_id", "language")
        .annotate(last=Max("version"))
    }
    created: list[CardTranslation] = []
    written: list[CardTranslation] = []
    touched: list[Card] = []
    for card, translations in items:
        before = len(written)
        for language, values in translations.items():
            values = dict(values)
            status = values.pop("status", None) or TranslationStatus.DRAFT
            if status == TranslationStatus.VALIDATED and not may_validate:
                status = TranslationStatus.NEEDS_REVIEW
            source_version = min(values.pop("source_version", None) or card.version, card.version)
            stale = source_version < card.version
            translation = existing.get((card.pk, language))
            if (
                translation is not None
                and _content(translation) == {**_content(translation), **values}
                and (translation.status, translation.stale, translation.source_version)
                == (status, stale, source_version)
            ):
                continue
            if translation is None:
                translation = CardTranslation(
                    card=card, language=language, version=last_versions.get((card.pk, language), 0)
                )
                created.append(translation)
            for key, value in values.items():
                setattr(translation, key, value)
            translation.status = status
            translation.source_version = source_version
            translation.stale = stale
            translation.version += 1
            translation.updated_by = real_user(user)
            translation.updated_by_name = _author_name(user)
            written.append(translation)
        if len(written) > before:
            touched.append(card)
    for translation in written:
        if translation.pk is not None:  # changed; the new ones are inserted together below
            translation.save()
    for translation in created:
        translation.refresh_derived()
    CardTranslation.objects.bulk_create(created)
    CardTranslationRevision.objects.bulk_create(
        [_revision(t, action=TranslationAction.IMPORT, user=user, note="") for t in written]
    )
    refresh_searched_names_of(touched)
    return len(written)
