"""Card-set imports (all or nothing) and the conflicts they record with cards changed in the studio."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from common.errors import Conflict, Forbidden, InvalidInput
from common.finding_messages import english, game_name
from common.finding_messages import message as finding_message
from common.notes import checked_note
from common.users import real_user
from rules import Finding
from rules.findings import error
from rules.problems import invalid, problem
from rules.text import shown

from .diff import field_changes
from .effect_ids import EffectIdIndex
from .interchange import TRANSLATIONS_KEY, CardInput, card_to_dict, check_game, parse_card
from .models import (
    Card,
    CardRevision,
    ConflictResolution,
    ImportConflict,
    RevisionAction,
    Status,
)
from .services import (
    WORKFLOW_KEYS,
    announce,
    apply_input,
    assign_input,
    card_save_change,
    cards_save_changes,
    new_stable_ids,
    validation_refusal,
)
from .spreadsheets import Sheet, read_card_set
from .translations import parse_translation, translations_import_many


# --- import ------------------------------------------------------------------------------
def _nothing_imported(errors: int) -> str:
    """An import refused whole, in the active language (a command's --lang, a request's reader)."""
    return ngettext(
        "nothing was imported: %(count)s error(s)", "nothing was imported: %(count)s error(s)", errors
    ) % {"count": errors}


@dataclass
class ImportReport:
    game: str
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    # Cards a user changed since their last import: their version was kept.
    conflicts: list[ConflictNote] = field(default_factory=list)
    # Cards the file says VALIDATED, stored NEEDS_REVIEW: their rules refuse them, or the importer may not validate.
    needs_review: list[ReviewNote] = field(default_factory=list)
    # Translations the file gave that were written (created or changed).
    translations: int = 0
    # What the file's reading said and the import went past (a spreadsheet's title row, the columns
    # left out: cards.spreadsheets), as findings of severity warning.
    warnings: list[Finding] = field(default_factory=list)

    @property
    def warning_messages(self) -> list[str]:
        """The warnings' messages, in the reader's language."""
        return [finding_message(f) for f in self.warnings]

    def summary(self) -> str:
        text = gettext("%(game)s: %(created)s created, %(updated)s updated, %(unchanged)s unchanged") % {
            # The contract's English says the game's key (the commands' output); other languages its name.
            "game": self.game if english() else game_name(self.game),
            "created": len(self.created),
            "updated": len(self.updated),
            "unchanged": len(self.unchanged),
        }
        if self.conflicts:
            new = sum(1 for c in self.conflicts if c.new)
            # Two counts, two plurals: "2 conflits ... (1 nouveau)".
            kept = ngettext(
                "%(count)s conflict kept the user's version",
                "%(count)s conflicts kept the user's version",
                len(self.conflicts),
            ) % {"count": len(self.conflicts)}
            text += ", " + kept + " " + ngettext("(%(new)s new)", "(%(new)s new)", new) % {"new": new}
        if self.needs_review:
            text += ", " + ngettext(
                "%(count)s stored as NEEDS_REVIEW instead of VALIDATED",
                "%(count)s stored as NEEDS_REVIEW instead of VALIDATED",
                len(self.needs_review),
            ) % {"count": len(self.needs_review)}
        if self.translations:
            text += ", " + ngettext(
                "%(count)s translation written", "%(count)s translations written", self.translations
            ) % {"count": self.translations}
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "summary": self.summary(),
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "conflicts": [
                {
                    "conflict": c.conflict_id,
                    "stableCardId": c.stable_id,
                    "name": c.name,
                    "fields": list(c.fields),
                    "new": c.new,
                    "message": c.describe(),
                }
                for c in self.conflicts
            ],
            "warnings": [{**f.to_dict(), "message": finding_message(f)} for f in self.warnings],
            "needsReview": [
                {
                    "stableCardId": n.stable_id,
                    "name": n.name,
                    "where": n.where,
                    "message": n.describe(),
                    "findings": [f.to_dict() for f in n.findings],
                }
                for n in self.needs_review
            ],
        }


@dataclass(frozen=True)
class ReviewNote:
    """A card the file asks VALIDATED, stored NEEDS_REVIEW: the findings its rules refuse it with
    (none: the importer may not validate cards), and where it is in the file."""

    stable_id: str
    name: str
    where: str
    findings: tuple[Finding, ...] = ()

    def describe(self) -> str:
        return review_message(self.stable_id, self.name, self.where, self.findings)


@dataclass(frozen=True)
class ConflictNote:
    stable_id: str
    name: str
    conflict_id: int
    fields: tuple[str, ...]
    new: bool

    def describe(self) -> str:
        return conflict_message(self.conflict_id, self.new, self.stable_id, self.name, self.fields)


def where_shown(where: str) -> str:
    """A card's place in the file as the report keeps it ("card 3 (Vodka)", "row 5 (Vodka)": the
    report's ``where``, stored in a job's report and sent by the API as it is), in the reader's words."""
    found = re.fullmatch(r"(card|row) (\d+)(?: \((.*)\))?", where or "", re.DOTALL)
    if found is None:
        return where
    kind, number, name = found.groups()
    values = {"number": number, "name": name}
    if kind == "card":
        return (gettext("card %(number)s (%(name)s)") if name else gettext("card %(number)s")) % values
    return (gettext("row %(number)s (%(name)s)") if name else gettext("row %(number)s")) % values


# The place the import names a refused card by, before the refusal's English message: "card 3
# (Vodka): ", "row 5 (Vodka), column atk (N): " (Locator, cards.spreadsheets.Sheet).
_PLACE = re.compile(r"((?:card|row) \d+(?: \(.*?\))?)(?:, column (.+?))?: ")


def refusal_message(finding: Any) -> str:
    """A refusal of the import (a Finding, or its dict in a job's errors) in the reader's language,
    named by its place in the file as the English message names it."""
    message = str(finding.get("message", "") if isinstance(finding, dict) else finding.message)
    if english():
        return message
    text = finding_message(finding)
    params = (finding.get("params") if isinstance(finding, dict) else finding.params) or {}
    place = _PLACE.match(message)
    # A spreadsheet code's own words say the row and the column; a message no template renders
    # comes back as it was, its place in it.
    if place is None or "row" in params or text == message:
        return text
    where, column = where_shown(place.group(1)), place.group(2)
    if column:
        where = gettext("%(where)s, column %(column)s") % {"where": where, "column": column}
    return gettext("%(where)s: %(message)s") % {"where": where, "message": text}


def review_message(stable_id: str, name: str, where: str, findings: Iterable[Any] = ()) -> str:
    """Why a card the file says VALIDATED was stored NEEDS_REVIEW, in the reader's language (from a
    ReviewNote, or from a job's stored report: its findings as dicts)."""
    values = {"where": where_shown(where), "card": stable_id, "name": name}
    refusals = "; ".join(finding_message(f) for f in findings)
    if not refusals:
        return (
            gettext(
                "%(where)s: %(card)s (%(name)s) stored as NEEDS_REVIEW, not VALIDATED: "
                "only a reviewer validates a card"
            )
            % values
        )
    return gettext(
        "%(where)s: %(card)s (%(name)s) stored as NEEDS_REVIEW, not VALIDATED: its rules refuse it: "
        "%(findings)s"
    ) % {**values, "findings": refusals}


def conflict_message(conflict_id: int, new: bool, stable_id: str, name: str, fields: Iterable[str]) -> str:
    """An import conflict the import recorded (or found recorded), in the reader's language; the
    fields by their keys, as the file names them."""
    values = {"conflict": conflict_id, "card": stable_id, "name": name, "fields": ", ".join(fields)}
    if new:
        text = gettext(
            "conflict #%(conflict)s (recorded): %(card)s (%(name)s) was changed in the studio since its "
            "last import; kept the studio's version; the file differs on %(fields)s"
        )
    else:
        text = gettext(
            "conflict #%(conflict)s (already recorded): %(card)s (%(name)s) was changed in the studio "
            "since its last import; kept the studio's version; the file differs on %(fields)s"
        )
    return text % values


def _card_label(index: int, raw: Any) -> str:
    if isinstance(raw, dict):
        for key in ("stableCardId", "name"):
            if isinstance(raw.get(key), str) and raw[key]:
                return f"card {index} ({raw[key]})"
    return f"card {index}"


@dataclass(frozen=True)
class Locator:
    """How an import names a card and a field in its errors: "card 3 (Vodka): atk: ..." for a JSON
    file, "row 5 (Vodka), column atk (N): ..." for a spreadsheet (:mod:`cards.spreadsheets`)."""

    card: Callable[[int, Any], str] | None = None
    column: Callable[[str], str] | None = None

    def label(self, index: int, raw: Any = None) -> str:
        return (self.card or _card_label)(index, raw)


JSON_LOCATOR = Locator()


def _locate(finding: Finding, label: str, locator: Locator = JSON_LOCATOR) -> Finding:
    """The finding, its message prefixed with the card (and the field, unless the message starts with it)."""
    text = finding.message
    if locator.column is not None and finding.field:
        text = re.sub(rf"^'?{re.escape(finding.field)}'?\s*[:,]\s*", "", text)
        text = f"{label}, {locator.column(finding.field)}: {text}"
    else:
        if finding.field and not re.match(rf"'?{re.escape(finding.field)}\b", text):
            text = f"{finding.field}: {text}"
        text = f"{label}: {text}"
    return Finding(
        finding.code,
        text,
        finding.severity,
        finding.section,
        finding.card or label,
        finding.field,
        finding.params,
        finding.hint,
    )


def parse_card_set(
    payload: Any, locator: Locator = JSON_LOCATOR
) -> tuple[str | None, list[CardInput], list[Finding]]:
    """Read a whole card-set file; every error of every card is reported."""
    if not isinstance(payload, dict):
        return (
            None,
            [],
            [error("FILE_INVALID", params=problem("CARD_SET_NOT_OBJECT").params())],
        )
    unknown = sorted(set(payload) - {"game", "cards"})
    errors: list[Finding] = [
        invalid(key, problem("CARD_SET_KEY"), code="FIELD_UNKNOWN", shown=shown(key)) for key in unknown
    ]
    game = payload.get("game")
    game_errors = check_game(game)
    if game_errors:
        return None, [], errors + game_errors
    cards = payload.get("cards")
    if not isinstance(cards, list):
        return (
            game,
            [],
            errors + [error("FILE_INVALID", field="cards", params=problem("CARDS_NOT_LIST").params())],
        )
    inputs: list[CardInput] = []
    seen: dict[str, int] = {}
    seen_without_id: dict[tuple[str, str], int] = {}
    for index, raw in enumerate(cards):
        label = locator.label(index, raw)
        card_input, findings = parse_card(raw, game=game, where=label)
        errors.extend(_locate(f, label, locator) for f in findings)
        if card_input is None:
            continue
        translation_errors = read_translations(raw, card_input, label)
        errors.extend(_locate(f, label, locator) for f in translation_errors)
        if card_input.stable_id:
            if card_input.stable_id in seen:
                errors.append(
                    error(
                        "DUPLICATE_ID",
                        card=card_input.stable_id,
                        field="stableCardId",
                        params={
                            "card": card_input.stable_id,
                            "label": label,
                            "other": locator.label(seen[card_input.stable_id]),
                        },
                    )
                )
            seen[card_input.stable_id] = index
        else:
            # Without ids, a second import finds each card again by game, name and type.
            identity = (card_input.name, card_input.type)
            if identity in seen_without_id:
                errors.append(
                    error(
                        "DUPLICATE_CARD",
                        card=card_input.name,
                        field="stableCardId",
                        params={
                            "card": label,
                            "name": card_input.name,
                            "other": locator.label(seen_without_id[identity]),
                            "type": card_input.type,
                        },
                    )
                )
            seen_without_id[identity] = index
        inputs.append(card_input)
    return game, inputs, errors


def read_translations(raw: dict, card_input: CardInput, label: str) -> list[Finding]:
    """Read the card's ``translations`` (FORMATS.md v1.2) onto ``card_input``; every problem, each
    naming its language and key (an unknown language is refused with the card's row)."""
    given = raw.get(TRANSLATIONS_KEY)
    if not given:
        return []
    card = Card(game=card_input.game, stable_id=card_input.stable_id or label)
    assign_input(card, card_input)
    errors: list[Finding] = []
    for language, translation in given.items():
        values, findings = parse_translation(translation, card=card, language=str(language))
        errors.extend(findings)
        if values is not None:
            card_input.translations[str(language)] = values
    return errors


LOOKUP_BATCH = 2000


def _existing_by_id(ids: list[str]) -> dict[str, Card]:
    """The stored cards with these ids, locked, with their last revision's action (a query per batch)."""
    found: dict[str, Card] = {}
    for start in range(0, len(ids), LOOKUP_BATCH):
        batch = Card.objects.select_for_update().filter(stable_id__in=ids[start : start + LOOKUP_BATCH])
        found.update((c.stable_id, c) for c in _with_last_action(batch))
    return found


def _existing_by_name(game: str, inputs: list[CardInput]) -> dict[tuple[str, str], list[Card]]:
    """The stored cards a card without stableCardId may be (same game, name and type), by (name, type)."""
    names = sorted({ci.name for ci in inputs if not ci.stable_id})
    found: dict[tuple[str, str], list[Card]] = {}
    for start in range(0, len(names), LOOKUP_BATCH):
        batch = Card.objects.select_for_update().filter(
            game=game, name__in=names[start : start + LOOKUP_BATCH]
        )
        for card in _with_last_action(batch.order_by("stable_id")):
            found.setdefault((card.name, card.type), []).append(card)
    return found


@transaction.atomic
def cards_import(
    *,
    payload: Any,
    user=None,
    progress: Callable[[int], object] | None = None,
    locator: Locator = JSON_LOCATOR,
) -> ImportReport:
    """Import a card-set file: all or nothing, upsert by stableCardId.

    A card without a stableCardId matches the one existing card of the same
    game, name and type (so importing the same file twice changes nothing), or
    is created with a new id. Statuses in the file are kept, except that a
    card is never stored VALIDATED while its rule set reports errors: it is
    stored NEEDS_REVIEW and the report says why, card by card. An importer
    who may not validate cards (``user`` without ``cards.review_card``; the
    commands have no user) gets NEEDS_REVIEW for every card the import would
    leave VALIDATED and change, and may not disable cards. The cards are read
    and written in batches (:func:`cards.services.cards_save_changes`);
    ``progress(n)`` is told of every ``n`` cards done (a command's progress
    bar). ``locator`` names the cards and fields in errors (a spreadsheet's
    rows and columns).
    """
    game, inputs, errors = parse_card_set(payload, locator)
    if errors:
        raise InvalidInput(errors, message=_nothing_imported(len(errors)))
    index_of = {ci.stable_id: i for i, ci in enumerate(inputs) if ci.stable_id}
    existing = _existing_by_id([ci.stable_id for ci in inputs if ci.stable_id])
    elsewhere = [c for c in existing.values() if c.game != game]
    if elsewhere:
        raise InvalidInput(
            [
                _at(
                    error(
                        "ID_OF_OTHER_GAME",
                        card=c.stable_id,
                        field="stableCardId",
                        params={"card": c.stable_id, "game": c.game, "name": c.name},
                    ),
                    locator.label(index_of[c.stable_id], _raw(payload, index_of[c.stable_id])),
                    locator,
                )
                for c in elsewhere
            ],
            message=gettext("nothing was imported: ids used by another game"),
        )
    may_validate = user is None or user.has_perm("cards.review_card")
    by_name = _existing_by_name(game, inputs)
    report = ImportReport(game=game)
    effect_ids = EffectIdIndex.load(game)
    created: list[tuple[Card, dict]] = []
    updated: list[tuple[Card, dict]] = []
    refused: list[Finding] = []
    # Cards whose file gives translations, stored after the cards (a conflict's kept card takes none).
    translated: list[tuple[Card, CardInput]] = []
    fresh_ids = iter(new_stable_ids(game, sum(1 for ci in inputs if not ci.stable_id)))
    for index, card_input in enumerate(inputs):
        if progress is not None and index and index % 500 == 0:
            progress(500)
        label = locator.label(index, _raw(payload, index))
        if card_input.stable_id:
            card = existing.get(card_input.stable_id)
        else:
            matches = by_name.get((card_input.name, card_input.type), [])
            if len(matches) > 1:
                refused.append(
                    _at(
                        error(
                            "AMBIGUOUS_CARD",
                            card=card_input.name,
                            field="stableCardId",
                            params={
                                "ref": card_input.name,
                                "game": game,
                                "observed": len(matches),
                                "candidates": [c.stable_id for c in matches],
                            },
                        ),
                        label,
                        locator,
                    )
                )
                continue
            card = matches[0] if matches else None
        before: dict[str, Any] = {}
        if card is None:
            card = Card(
                game=game, stable_id=card_input.stable_id or next(fresh_ids), created_by=real_user(user)
            )
        else:
            before = card_to_dict(card)
            if _changed_since_import(card):
                # Keep the user's version: record the conflict instead of overwriting it.
                note = _record_import_conflict(card, before, card_input, user)
                if note is None:
                    report.unchanged.append(card.stable_id)
                else:
                    report.conflicts.append(note)
                continue
        try:
            apply_input(card, card_input, effect_ids)
        except InvalidInput as exc:
            refused.extend(_at(f, label, locator) if locator.column else f for f in exc.findings)
            continue
        if card.status == Status.DISABLED and not may_validate and before.get("status") != Status.DISABLED:
            refused.append(
                _at(
                    invalid("status", problem("REVIEWER_DISABLES"), card=card.stable_id),
                    label,
                    locator,
                )
            )
            continue
        _review_gate(card, before, may_validate, label, report)
        if card_input.translations:
            translated.append((card, card_input))
        if before and card_to_dict(card) == before:
            report.unchanged.append(card.stable_id)
            continue
        (updated if before else created).append((card, before))
    if refused:
        forbidden = not may_validate and all(f.code == "FIELD_INVALID" for f in refused)
        error_class = Forbidden if forbidden else InvalidInput
        message = _nothing_imported(len(refused))
        raise error_class(message, refused) if forbidden else error_class(refused, message=message)
    changed_keys: set[str] = set()
    for pairs, note, ids in ((created, "imported", report.created), (updated, "re-imported", report.updated)):
        # Every VALIDATED card among them passed _review_gate.
        changes = cards_save_changes(pairs, action=RevisionAction.IMPORT, user=user, note=note, checked=True)
        ids.extend(card.stable_id for card, _ in pairs)
        for change in changes.values():
            changed_keys.update(change)
    report.translations += translations_import_many(
        [(card, card_input.translations) for card, card_input in translated],
        user=user,
        may_validate=may_validate,
    )
    if progress is not None and inputs:
        progress(len(inputs) % 500 or 500)
    announce([card for card, _ in created + updated], changed_keys)
    return report


def _at(finding: Finding, label: str, locator: Locator) -> Finding:
    """A finding of the import's later checks, named by its card (and column, in a spreadsheet)."""
    if locator.column is not None:
        return _locate(finding, label, locator)
    return replace(finding, message=f"{label}: {finding.message}")


def _raw(payload: Any, index: int) -> Any:
    cards = payload.get("cards") if isinstance(payload, dict) else None
    return cards[index] if isinstance(cards, list) and index < len(cards) else None


def _review_gate(card: Card, before: dict, may_validate: bool, label: str, report: ImportReport) -> None:
    """Nothing VALIDATED that its rules refuse, nor validated by an importer who may not validate:
    such a card is stored NEEDS_REVIEW (everything else the file says is kept) and reported."""
    if card.status != Status.VALIDATED:
        return
    findings = validation_refusal(card)
    if not findings and (may_validate or card_to_dict(card) == before):
        return
    card.status = Status.NEEDS_REVIEW
    report.needs_review.append(ReviewNote(card.stable_id, card.name, label, tuple(findings)))


def sheet_locator(sheet: Sheet) -> Locator:
    if sheet.rows is None:
        return JSON_LOCATOR
    return Locator(card=sheet.card_label, column=sheet.column)


def cards_import_file(
    *,
    data: bytes,
    name: str | None = None,
    game: str | None = None,
    user=None,
    progress: Callable[[int], object] | None = None,
) -> ImportReport:
    """Import a card-set file of any format (JSON, CSV, XLSX: by ``name``'s extension or the content).

    A spreadsheet becomes the card-set payload (:mod:`cards.spreadsheets`) and goes through
    :func:`cards_import`, the one import: all or nothing, each error named by its row and column.
    Raises :class:`~cards.spreadsheets.UnusableFile` for a file that is no card set at all."""
    sheet = read_card_set(data, name=name, game=game)
    locator = sheet_locator(sheet)
    if sheet.errors:
        # A bad cell was left out of its card, so the importer's own errors never repeat it.
        _, _, errors = parse_card_set(sheet.payload, locator)
        every = [*sheet.errors, *errors]
        raise InvalidInput(every, message=_nothing_imported(len(every)))
    report = cards_import(payload=sheet.payload, user=user, progress=progress, locator=locator)
    report.warnings = list(sheet.warnings)
    return report


# --- import conflicts ---------------------------------------------------------------------
# What an import compares with a card changed in the studio: its content. The
# studio's status and provenance of such a card are the newer decision.
CONTENT_EXCLUDED = frozenset({"stableCardId", *WORKFLOW_KEYS})


def _with_last_action(cards):
    last = CardRevision.objects.filter(card=OuterRef("pk")).order_by("-version").values("action")[:1]
    return cards.annotate(last_action=Subquery(last))


def _changed_since_import(card: Card) -> bool:
    """A user changed the card since its last import (or it was never imported)."""
    return card.user_modified or getattr(card, "last_action", RevisionAction.IMPORT) != RevisionAction.IMPORT


def _imported_version(card: Card, card_input: CardInput) -> dict[str, Any]:
    incoming = Card(game=card.game, stable_id=card.stable_id)
    assign_input(incoming, card_input)
    return card_to_dict(incoming)


def _record_import_conflict(card: Card, kept: dict, card_input: CardInput, user) -> ConflictNote | None:
    """Record (once) that the file differs from a card a user changed; None when the content is the same."""
    imported = _imported_version(card, card_input)
    fields = tuple(k for k in field_changes(kept, imported) if k not in CONTENT_EXCLUDED)
    if not fields:
        return None
    settled = [ConflictResolution.SUPERSEDED, ConflictResolution.TOOK_IMPORTED]
    for conflict in card.import_conflicts.exclude(resolution__in=settled):
        # The same file against the same user's version: already known (open, or settled by keeping the user's).
        if conflict.imported == imported and (conflict.is_open or conflict.kept == kept):
            return ConflictNote(card.stable_id, card.name, conflict.pk, fields, new=False)
    card.import_conflicts.filter(resolution="").update(
        resolution=ConflictResolution.SUPERSEDED,
        resolved_at=timezone.now(),
        resolution_note="a later import differs",
    )
    conflict = ImportConflict.objects.create(
        card=card,
        game=card.game,
        imported=imported,
        kept=kept,
        card_version=card.version,
        fields=list(fields),
        imported_by=real_user(user),
    )
    return ConflictNote(card.stable_id, card.name, conflict.pk, fields, new=True)


@transaction.atomic
def import_conflict_resolve(*, conflict_id: int, keep: str, user, note: str = "") -> ImportConflict:
    """Settle an open import conflict, as a reviewer: keep the user's version, or take the imported one.

    Taking the imported version does what the import would have done: the
    card gets the file's content, status and provenance, as an IMPORT revision.
    """
    conflict = ImportConflict.objects.select_for_update().select_related("card").get(pk=conflict_id)
    if not user.has_perm("cards.review_card"):
        raise Forbidden("only a reviewer can resolve an import conflict")
    if not conflict.is_open:
        raise Conflict(f"import conflict #{conflict.pk} is already resolved ({conflict.resolution})")
    choices = {"USER": ConflictResolution.KEPT_USER, "IMPORTED": ConflictResolution.TOOK_IMPORTED}
    if keep not in choices:
        raise InvalidInput(
            [invalid("keep", problem("NOT_ALLOWED", value=shown(keep), expected=list(choices)))]
        )
    card = Card.objects.select_for_update().get(pk=conflict.card_id)
    if choices[keep] == ConflictResolution.TOOK_IMPORTED:
        card_input, findings = parse_card(conflict.imported, game=card.game)
        if findings:
            raise InvalidInput(
                findings, message="the imported version no longer fits the game's rules; keep the user's"
            )
        before = card_to_dict(card)
        apply_input(card, card_input)
        if card_to_dict(card) != before:
            why = note or f"import conflict #{conflict.pk}: took the imported version"
            card_save_change(card, before=before, action=RevisionAction.IMPORT, user=user, note=why)
    conflict.resolution = choices[keep]
    conflict.resolved_at = timezone.now()
    conflict.resolved_by = real_user(user)
    conflict.resolution_note = checked_note(note)
    conflict.save(update_fields=["resolution", "resolved_at", "resolved_by", "resolution_note"])
    return conflict
