"""Writes to decks, formats and collections.

Every write is one transaction. Validation stores a result and never touches
a deck's entries: an entry naming an unknown or disabled card stays as the
player wrote it. Whatever can change a verdict (a card, a format, a
collection) marks the affected decks stale in the same transaction and
enqueues their revalidation on commit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, F, OuterRef, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from cards import selectors as card_selectors
from cards.models import Card
from common.enqueue import enqueue_on_commit
from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.guards import INT32_MAX
from rules import CardData, Finding, get_ruleset
from rules.decks import Entry, ValidationResult, known_sections
from rules.findings import error
from rules.placement import place_by_type
from rules.pool import CardPool, needs_every_printing, pick_printing, reserved_ref
from rules.text import fold

from .. import validation
from ..interchange import MAX_COUNT, MAX_REF, DeckInput, parse_deck
from ..models import CardVersions, Deck, DeckEntry, DeckFormat, EntryKind, OwnedCard, format_errors


# --- formats --------------------------------------------------------------------------
def format_for(game: str, key: str | None) -> DeckFormat:
    """The format ``key`` of ``game`` (its default format when ``key`` is None)."""
    qs = DeckFormat.objects.filter(game=game)
    fmt = qs.filter(key=key).first() if key else qs.filter(is_default=True).first()
    if fmt is None:
        known = ", ".join(qs.values_list("key", flat=True)) or "none"
        what = f"format {key!r}" if key else "default format"
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_FORMAT",
                    f"{game} has no {what}; its formats: {known}",
                    field="format",
                    params={
                        "game": game,
                        "format": key or "",
                        "expected": list(qs.values_list("key", flat=True)),
                    },
                )
            ]
        )
    return fmt


FORMAT_FIELDS = (
    "name",
    "description",
    "sections",
    "copy_limit",
    "identity",
    "allowed_sets",
    "banlist",
    "exceptions",
    "owned_only",
    "is_default",
)


@transaction.atomic
def deck_format_save(*, fmt: DeckFormat, data: dict[str, Any] | None = None) -> DeckFormat:
    """Create or edit a format; when an existing format changes, its decks are validated again.

    ``data`` holds the fields to change; without it, ``fmt`` was edited in place
    (the admin's form) and is taken as changed.
    """
    changed = fmt.pk is None or data is None
    for key, value in (data or {}).items():
        if key not in FORMAT_FIELDS and not (fmt.pk is None and key in ("game", "key")):
            raise InvalidInput([error("FIELD_READ_ONLY", f"{key} is not edited", field=key)])
        if getattr(fmt, key) != value:
            setattr(fmt, key, value)
            changed = True
    errors = format_errors(
        game=fmt.game,
        sections=fmt.sections,
        banlist=fmt.banlist,
        exceptions=fmt.exceptions,
        allowed_sets=fmt.allowed_sets,
    )
    if errors:
        raise InvalidInput(
            [
                error("FIELD_INVALID", f"{key}: {message}", field=key)
                for key, messages in errors.items()
                for message in messages
            ]
        )
    if fmt.is_default:
        DeckFormat.objects.filter(game=fmt.game, is_default=True).exclude(pk=fmt.pk).update(is_default=False)
    fmt.save()
    if changed:
        decks_mark_stale(Deck.objects.filter(format=fmt), format_id=fmt.pk)
    return fmt


# --- staleness ------------------------------------------------------------------------------
def decks_mark_stale(decks: QuerySet[Deck], *, stable_ids=None, format_id=None, owner_id=None) -> int:
    """Mark ``decks`` stale (one UPDATE) and enqueue their revalidation when the transaction commits."""
    marked = decks.update(stale=True, stale_generation=F("stale_generation") + 1)
    if marked:
        enqueue_on_commit(
            "decks.revalidate",
            stable_ids=list(stable_ids or []) or None,
            format_id=format_id,
            owner_id=owner_id,
        )
    return marked


def decks_revalidate(
    *, decks: QuerySet[Deck], batch_size: int = validation.DEFAULT_BATCH_SIZE, progress=None
) -> int:
    """Validate ``decks`` again and store their results, batch by batch; safe to run twice."""
    return validation.revalidate(decks, batch_size=batch_size, progress=progress)


def card_versions_prune(*, older_than: timedelta = timedelta(days=1)) -> int:
    """Delete the rows of card versions no deck points at any more (one query).

    Only old ones: a row just made by a revalidation still running is not pointed at yet.
    """
    referenced = Deck.objects.filter(validated_against=OuterRef("pk"))
    stale_rows = CardVersions.objects.filter(created_at__lt=timezone.now() - older_than).exclude(
        Exists(referenced)
    )
    return stale_rows.delete()[0]


def deck_validate(*, deck: Deck) -> ValidationResult:
    """Validate one stored deck and store the result (the entries are left as they are)."""
    [outcome] = validation.Validator().validate(validation.deck_rows(Deck.objects.filter(pk=deck.pk)))
    validation.store_outcomes([outcome])
    deck.refresh_from_db(
        fields=[
            "legal",
            "ready_to_play",
            "violations",
            "counts",
            "resolved",
            "suggestions",
            "validated_at",
            "validated_against",
            "stale",
        ]
    )
    return outcome.result


def deck_check(*, data: Any, user=None) -> ValidationResult:
    """Validate a deck JSON object against the cards ``user`` may see; nothing is stored.

    ``owner`` (whose collection an "owned cards only" format reads) is the caller, unless the
    caller may see every deck (reviewers, admins): nobody reads another's collection this way.
    """
    deck_input, findings = parse_deck(data)
    if findings:
        raise InvalidInput(findings)
    check_section_sizes(deck_input.sections)
    deck_input = _placed(deck_input, user)
    if user is not None and not (user.has_perm("decks.view_all_decks") or can_manage_all_decks(user)):
        deck_input = dataclasses.replace(deck_input, owner=user.get_username())
    return check_input(deck_input, user=user)


def check_input(deck_input: DeckInput, user=None) -> ValidationResult:
    ruleset = get_ruleset(deck_input.game)
    fmt = format_for(deck_input.game, deck_input.format)
    fmt_data = fmt.data()
    refs = [e.ref for entries in deck_input.sections.values() for e in entries] + [
        r for r in deck_input.picks.values() if r
    ]
    pool, _ = _pool_for(deck_input.game, refs, user, whole=needs_every_printing(fmt_data))
    collection = None
    if fmt_data.owned_only and deck_input.owner:
        owner = get_user_model().objects.filter(username=deck_input.owner).first()
        collection = _collection(owner) if owner is not None else {}
    return ruleset.validate_deck(deck_input.data(fmt.key), pool, fmt_data, collection)


def _collection(owner) -> dict[str, int]:
    return dict(OwnedCard.objects.filter(owner=owner).values_list("card__stable_id", "count"))


# --- resolution of references -------------------------------------------------------------------
CARD_VALUES = ("pk", "stable_id", "name", "type", "set_code", "game_fields", "status", "version")


def visible_cards(user) -> QuerySet[Card]:
    """The cards a deck of ``user`` may name: those the user may see (cards.selectors), so that a
    card hidden from a playtester is UNKNOWN_CARD exactly like one that does not exist; every card
    for the commands and the background validation (no user)."""
    if user is None:
        return Card.objects.all()
    return card_selectors.card_list(user=user)


def _pool_for(
    game: str, refs: Iterable[str], user=None, *, whole: bool = False
) -> tuple[CardPool, dict[str, int]]:
    """A pool of the cards ``refs`` may name (of those ``user`` may see), and the primary key of each card by stable id.

    References that are all stable ids cost one query; any other reference (a
    name, a printing by set and number) loads the game's cards (``whole`` too),
    so that a name shared by several cards is seen as ambiguous, or as printings
    of one identity.
    """
    reserved = get_ruleset(game).reserved_refs
    refs = {ref for ref in refs if reserved_ref(ref, reserved) is None}
    qs = visible_cards(user).filter(game=game)
    rows = [] if whole else list(qs.filter(stable_id__in=refs).values_list(*CARD_VALUES))
    if whole or {row[1] for row in rows} != refs:
        rows = list(qs.values_list(*CARD_VALUES))
    pool, pks = CardPool(), {}
    for pk, stable_id, name, card_type, set_code, fields, status, version in rows:
        pool.add(
            CardData(
                game=game,
                name=name,
                type=card_type,
                stable_id=stable_id,
                set=set_code,
                fields=fields or {},
                status=status,
                version=version,
            )
        )
        pks[stable_id] = pk
    return pool, pks


def _write_entries(
    deck: Deck,
    deck_input: DeckInput,
    sections: Iterable[str] | None = None,
    picks: Iterable[str] | None = None,
    user=None,
) -> None:
    """Store the given sections and picks of ``deck_input`` (replacing those of ``deck``); a
    reference names only a card the deck's owner may see (``user``'s, for a deck of nobody; every
    card, for a command's deck of nobody), as its validations read it (decks.validation)."""
    sections = list(deck_input.sections if sections is None else sections)
    picks = list(deck_input.picks if picks is None else picks)
    refs = [e.ref for name in sections for e in deck_input.sections.get(name, [])]
    refs += [deck_input.picks[name] for name in picks if deck_input.picks.get(name)]
    owner_reads = deck.owner_id is not None and (user is None or user.pk != deck.owner_id)
    pool, pks = _pool_for(deck.game, refs, deck.owner if owner_reads else user)
    reserved = get_ruleset(deck.game).reserved_refs
    identity = deck.format.identity
    if sections:
        DeckEntry.objects.filter(deck=deck, kind=EntryKind.CARD, section__in=sections).delete()
    if picks:
        DeckEntry.objects.filter(deck=deck, kind=EntryKind.PICK, section__in=picks).delete()

    def entry(kind: str, section: str, position: int, ref: str, count: int) -> DeckEntry:
        # A name of several printings of one identity keeps no card: the printing it plays is
        # picked at each validation (it follows the owner's collection).
        card = None if reserved_ref(ref, reserved) is not None else pool.find(ref, identity).card
        return DeckEntry(
            deck=deck,
            kind=kind,
            section=section,
            position=position,
            ref=ref,
            ref_key=fold(ref),
            card_id=pks[card.stable_id] if card is not None else None,
            count=count,
        )

    rows = [
        entry(EntryKind.CARD, name, i, e.ref, e.count)
        for name in sections
        for i, e in enumerate(deck_input.sections.get(name, []))
    ]
    rows += [
        entry(EntryKind.PICK, name, 0, deck_input.picks[name], 1)
        for name in picks
        if deck_input.picks.get(name)
    ]
    DeckEntry.objects.bulk_create(rows, batch_size=500)


# --- decks ---------------------------------------------------------------------------------------
def _owner(username: str | None):
    if username is None:
        return None
    owner = get_user_model().objects.filter(username=username).first()
    if owner is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_USER",
                    f"owner: no user is named {username!r}",
                    field="owner",
                    params={"value": username},
                )
            ]
        )
    return owner


def can_manage_all_decks(user) -> bool:
    return user is not None and user.has_perm("decks.manage_all_decks")


def _choose_owner(deck_input: DeckInput, user):
    """The deck's owner: the user who writes it, unless a manager of all decks names another (or none)."""
    if user is None:  # commands: the file (or --owner) decides
        return _owner(deck_input.owner)
    if "owner" in deck_input.given and deck_input.owner != user.get_username():
        if not can_manage_all_decks(user):
            raise Forbidden(
                gettext("you can only own your decks yourself; leave owner out or set it to your username")
            )
        return _owner(deck_input.owner)
    return user


def _parse(data: Any, *, game: str | None = None, partial: bool = False, user=None) -> DeckInput:
    deck_input, findings = parse_deck(data, game=game, partial=partial)
    if findings:
        raise InvalidInput(findings)
    check_section_sizes(deck_input.sections)
    return _placed(deck_input, user)


def _placed(deck_input: DeckInput, user=None) -> DeckInput:
    """A list without section headers (``placeByType``) with each entry where its card type goes
    (rules.placement), against the cards ``user`` may see; any other deck as it is."""
    if not deck_input.place_by_type:
        return deck_input
    fmt = format_for(deck_input.game, deck_input.format).data()
    refs = [e.ref for entries in deck_input.sections.values() for e in entries]
    pool, _ = _pool_for(deck_input.game, refs, user)
    sections, picks = place_by_type(
        get_ruleset(deck_input.game), deck_input.sections, deck_input.picks, pool, fmt.identity
    )
    given = deck_input.given | {"sections"} | {pick for pick, ref in picks.items() if ref}
    return dataclasses.replace(deck_input, sections=sections, picks=picks, given=given, place_by_type=False)


def check_section_sizes(sections: dict[str, list[Entry]]) -> None:
    """Refuse a section of more entries than DECKS_MAX_ENTRIES_PER_SECTION (before any card is read)."""
    limit = settings.DECKS_MAX_ENTRIES_PER_SECTION
    over = [(name, len(entries)) for name, entries in sections.items() if len(entries) > limit]
    if over:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"sections.{name}: {size} entries, over the limit of {limit} per section "
                    "(DECKS_MAX_ENTRIES_PER_SECTION); merge copies of a card into one entry",
                    section=name,
                    field="sections",
                )
                for name, size in over
            ]
        )


@transaction.atomic
def deck_create(*, data: Any, user=None) -> Deck:
    """Store a deck (JSON deck object) and its validation result."""
    deck_input = _parse(data, user=user)
    fmt = format_for(deck_input.game, deck_input.format)
    owner = _choose_owner(deck_input, user)
    limit = settings.DECKS_MAX_PER_USER
    if owner is not None and Deck.objects.filter(owner=owner).count() >= limit:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"{owner.get_username()} has {limit} decks, the limit (DECKS_MAX_PER_USER); delete one first",
                    field="owner",
                )
            ]
        )
    deck = Deck.objects.create(game=deck_input.game, format=fmt, name=deck_input.name, owner=owner)
    _write_entries(deck, deck_input, user=user)
    deck_validate(deck=deck)
    return deck


def check_can_change(user, deck: Deck) -> None:
    if user is None or can_manage_all_decks(user) or (deck.owner_id is not None and deck.owner_id == user.pk):
        return
    raise Forbidden(gettext("only the deck's owner can change it"))


def _lock(deck: Deck, user, expected_version: int | None, tab: str = "") -> Deck:
    """The deck, locked for this transaction, once ``user`` may change it and (with
    ``expected_version``) it is still at the version the client read: else StaleVersion (412).

    ``tab``: the builder page sending the change. A version of the run of changes that page made
    itself (nobody else changed the deck since) is no stale one: its own requests may cross."""
    deck = Deck.objects.select_for_update().get(pk=deck.pk)
    check_can_change(user, deck)
    own_run = bool(tab) and deck.edit_tab == tab and expected_version is not None
    if (
        expected_version is not None
        and expected_version != deck.version
        and not (own_run and deck.edit_tab_from <= expected_version <= deck.version)
    ):
        raise StaleVersion(expected_version, deck.version, what="deck")
    deck._edit_tab = tab  # type: ignore[attr-defined]  # read by _bump
    return deck


def _bump(deck: Deck, *fields: str) -> None:
    """Save a change of the deck's content: its version grows (``fields``: the only ones changed),
    and the page that made it (``_lock``'s ``tab``) continues or starts its run of changes."""
    tab = getattr(deck, "_edit_tab", "")[:40]
    if tab != deck.edit_tab or not tab:
        deck.edit_tab, deck.edit_tab_from = tab, deck.version
    deck.version += 1
    deck.save(
        update_fields=[*fields, "version", "updated_at", "edit_tab", "edit_tab_from"] if fields else None
    )


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    data: Any,
    user=None,
    partial: bool = False,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Replace a deck (``partial=False``, PUT) or the keys given (``partial=True``, PATCH; a given section is replaced whole)."""
    deck = _lock(deck, user, expected_version, tab)
    deck_input = _parse(data, game=deck.game, partial=partial, user=user)
    given = deck_input.given
    if not partial or "format" in given:
        deck.format = format_for(deck.game, deck_input.format)
    if not partial or "name" in given:
        deck.name = deck_input.name
    if "owner" in given:  # absent, even from a PUT: the owner stays
        deck.owner = _choose_owner(deck_input, user)
    _bump(deck)
    ruleset = get_ruleset(deck.game)
    if partial:
        sections = list(deck_input.sections)
        picks = [name for name in ruleset.deck_picks if name in given]
    else:
        DeckEntry.objects.filter(deck=deck).delete()
        sections, picks = list(deck_input.sections), list(ruleset.deck_picks)
    _write_entries(deck, deck_input, sections, picks, user=user)
    deck_validate(deck=deck)
    return deck


def _section_input(deck: Deck, section: str) -> list[Entry]:
    """The entries of ``section`` as written (reference and count), in their order."""
    rows = DeckEntry.objects.filter(deck=deck, kind=EntryKind.CARD, section=section).order_by("position")
    return [Entry(ref, count) for ref, count in rows.values_list("ref", "count")]


def _store_section(deck: Deck, section: str, entries: list[Entry], user=None) -> Deck:
    _write_entries(deck, DeckInput(game=deck.game, sections={section: entries}), [section], [], user=user)
    _bump(deck, "updated_at")
    deck_validate(deck=deck)
    return deck


def _check_section_name(deck: Deck, section: str) -> None:
    known = known_sections(get_ruleset(deck.game), deck.format.data())
    if (
        section not in known
        and not DeckEntry.objects.filter(deck=deck, kind=EntryKind.CARD, section=section).exists()
    ):
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"{deck.game} decks have no section {section!r}; they have {', '.join(known)}",
                    field="section",
                )
            ]
        )


def _check_count(count: Any) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise InvalidInput(
            [error("FIELD_INVALID", f"count: a whole number from 0 (remove) to {MAX_COUNT}", field="count")]
        )
    return count


@transaction.atomic
def deck_card_add(
    *,
    deck: Deck,
    stable_id: str,
    section: str | None = None,
    count: int = 1,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Add ``count`` copies of a card to a section (its home section by default), or make it the pick it belongs to.

    Copies are added to the section's entry for that card when there is one,
    else a new entry is appended. The deck is validated again.
    """
    deck = _lock(deck, user, expected_version, tab)
    card = visible_cards(user).filter(game=deck.game, stable_id=stable_id).first()
    if card is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_CARD",
                    f"{stable_id!r} is no {deck.game} card",
                    card=stable_id,
                    field="card",
                    params={"ref": stable_id, "game": deck.game},
                )
            ]
        )
    ruleset = get_ruleset(deck.game)
    section = section or ruleset.section_for(card.type)
    if section in ruleset.deck_picks:
        return deck_pick_set(deck=deck, pick=section, stable_id=stable_id, user=user)
    _check_section_name(deck, section)
    if _check_count(count) == 0:
        return deck
    entries = _section_input(deck, section)
    pool, _ = _pool_for(deck.game, [e.ref for e in entries] + [stable_id], user)
    for index, entry in enumerate(entries):
        named, _ = pool.resolve(entry.ref)
        if named is not None and named.stable_id == stable_id:
            entries[index] = Entry(entry.ref, entry.count + count)
            break
    else:
        entries.append(Entry(stable_id, count))
        check_section_sizes({section: entries})
    if any(e.count > MAX_COUNT for e in entries):
        raise InvalidInput(
            [error("FIELD_INVALID", f"count: at most {MAX_COUNT} copies in one entry", field="count")]
        )
    return _store_section(deck, section, entries, user)


@transaction.atomic
def deck_entry_change(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    count: int | None = None,
    delta: int | None = None,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Set the copies of one entry (``count``; 0 removes it) or add ``delta`` to them; the deck is validated again.

    ``position`` and ``ref`` name the entry as the user saw it: when the deck
    changed since (another tab, another device), nothing is changed and a
    Conflict says so.
    """
    deck = _lock(deck, user, expected_version, tab)
    entries = _section_input(deck, section)
    if not 0 <= position < len(entries) or entries[position].ref != ref:
        raise Conflict(
            gettext(
                "%(section)s changed since this page was shown (%(ref)s is no longer entry %(entry)s); reload the deck and try again"
            )
            % {"section": section, "ref": repr(ref), "entry": position + 1}
        )
    if (count is None) == (delta is None):
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    "give count (the copies) or delta (copies to add or remove)",
                    field="count",
                )
            ]
        )
    if delta is not None:
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise InvalidInput(
                [
                    error(
                        "FIELD_INVALID",
                        "delta: a whole number of copies to add (or remove, below 0)",
                        field="delta",
                    )
                ]
            )
        count = max(0, entries[position].count + delta)
    count = _check_count(count)
    if count == 0:
        del entries[position]
    else:
        entries[position] = Entry(ref, count)
    return _store_section(deck, section, entries, user)


def _same_entry(entries: list[Entry], section: str, position: int, ref: str) -> None:
    """A Conflict when entry ``position`` of ``section`` is no longer ``ref`` (the deck changed since)."""
    if not 0 <= position < len(entries) or entries[position].ref != ref:
        raise Conflict(
            gettext(
                "%(section)s changed since this page was shown (%(ref)s is no longer entry %(entry)s); reload the deck and try again"
            )
            % {"section": section, "ref": repr(ref), "entry": position + 1}
        )


@transaction.atomic
def deck_entry_replace(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    card: str,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Replace the card an entry names (a "did you mean" suggestion, a card created or imported
    since), keeping its copies; the deck is validated again."""
    deck = _lock(deck, user, expected_version, tab)
    entries = _section_input(deck, section)
    _same_entry(entries, section, position, ref)
    card = (card or "").strip()
    if not card or len(card) > MAX_REF:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"card: a stableCardId or a card name (1 to {MAX_REF} characters)",
                    field="card",
                )
            ]
        )
    entries[position] = Entry(card, entries[position].count)
    return _store_section(deck, section, entries, user)


@transaction.atomic
def deck_entry_move(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    to: str,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Move an entry to another section of the deck (its copies join the entry there that names the
    same card, if any); both sections are validated again."""
    deck = _lock(deck, user, expected_version, tab)
    if to == section:
        return deck
    _check_section_name(deck, to)
    entries = _section_input(deck, section)
    _same_entry(entries, section, position, ref)
    moved = entries.pop(position)
    target = _section_input(deck, to)
    for index, entry in enumerate(target):
        if fold(entry.ref) == fold(moved.ref):
            target[index] = Entry(entry.ref, min(MAX_COUNT, entry.count + moved.count))
            break
    else:
        target.append(moved)
        check_section_sizes({to: target})
    _write_entries(
        deck, DeckInput(game=deck.game, sections={section: entries, to: target}), [section, to], [], user=user
    )
    _bump(deck, "updated_at")
    deck_validate(deck=deck)
    return deck


@transaction.atomic
def deck_entry_printing(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    stable_id: str | None,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Make one entry play the printing ``stable_id`` (the entry then names it), or, with None,
    name its identity again (the studio picks the printing at each validation).

    The printing must share the entry's copy identity in the deck's format; an
    entry changed since the page was shown is left as it is (Conflict).
    """
    deck = _lock(deck, user, expected_version, tab)
    entries = _section_input(deck, section)
    if not 0 <= position < len(entries) or entries[position].ref != ref:
        raise Conflict(
            gettext(
                "%(section)s changed since this page was shown (%(ref)s is no longer entry %(entry)s); reload the deck and try again"
            )
            % {"section": section, "ref": repr(ref), "entry": position + 1}
        )
    fmt = deck.format.data()
    pool, _ = _pool_for(deck.game, [ref], user, whole=True)
    match = pool.find(ref, fmt.identity)
    current = match.card or (match.printings[0] if match.printings else None)
    if current is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_CARD",
                    f"{ref!r} names no single {deck.game} card",
                    card=ref,
                    field="ref",
                    params={"ref": ref, "game": deck.game},
                )
            ]
        )
    printings = pool.printings_of(pool.identity_of(current, fmt.identity), fmt.identity)
    if stable_id is None:
        new_ref = current.name
    elif stable_id in {c.stable_id for c in printings}:
        new_ref = stable_id
    else:
        choices = ", ".join(c.stable_id for c in printings)
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"{stable_id!r} is not a printing of {current.name!r}; its printings: {choices}",
                    card=stable_id,
                    field="card",
                )
            ]
        )
    if new_ref == ref:
        return deck
    entries[position] = Entry(new_ref, entries[position].count)
    return _store_section(deck, section, entries, user)


@transaction.atomic
def deck_pick_set(
    *,
    deck: Deck,
    pick: str,
    stable_id: str | None,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Make a card (by stable id) the deck's ``pick`` (activeLeader, legend, champion), or clear it (None)."""
    deck = _lock(deck, user, expected_version, tab)
    ruleset = get_ruleset(deck.game)
    if pick not in ruleset.deck_picks:
        picks = ", ".join(ruleset.deck_picks) or "none"
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"{deck.game} decks have no pick {pick!r} (their picks: {picks})",
                    field="pick",
                )
            ]
        )
    if stable_id and not visible_cards(user).filter(game=deck.game, stable_id=stable_id).exists():
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_CARD",
                    f"{stable_id!r} is no {deck.game} card",
                    card=stable_id,
                    field="card",
                    params={"ref": stable_id, "game": deck.game},
                )
            ]
        )
    _write_entries(deck, DeckInput(game=deck.game, picks={pick: stable_id or None}), [], [pick], user=user)
    _bump(deck, "updated_at")
    deck_validate(deck=deck)
    return deck


@transaction.atomic
def deck_delete(*, deck: Deck, user=None, expected_version: int | None = None, tab: str = "") -> None:
    _lock(deck, user, expected_version, tab).delete()


# --- collections -----------------------------------------------------------------------------
def _decks_needing_collection(owner_id: int) -> QuerySet[Deck]:
    return Deck.objects.filter(owner_id=owner_id, format__owned_only=True)


@transaction.atomic
def collection_set(*, owner, counts: dict[str, int], replace: bool = False) -> dict[str, int]:
    """Set the copies ``owner`` owns of each card ({stableCardId: count}; 0 removes the card).

    ``replace`` makes ``counts`` the whole collection. Unknown cards are refused
    with every one named; the owner's decks in "owned cards only" formats are
    validated again.
    """
    problems: list[Finding] = []
    for ref, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= INT32_MAX:
            problems.append(
                error(
                    "FIELD_INVALID",
                    f"{ref}: count must be a whole number from 0 to {INT32_MAX}",
                    card=ref,
                    field=ref,
                )
            )
    cards = dict(visible_cards(owner).filter(stable_id__in=list(counts)).values_list("stable_id", "pk"))
    problems += [
        error(
            "UNKNOWN_CARD",
            f"{ref}: no card has this stableCardId",
            card=ref,
            field=ref,
            params={"ref": ref},
        )
        for ref in counts
        if ref not in cards
    ]
    if problems:
        raise InvalidInput(problems, message=f"the collection was not changed: {len(problems)} error(s)")
    owned = OwnedCard.objects.filter(owner=owner)
    replaced = 0
    if replace:
        replaced = owned.exclude(card_id__in=[cards[ref] for ref, n in counts.items() if n > 0]).delete()[0]
    existing = {row.card_id: row for row in owned.filter(card_id__in=list(cards.values()))}
    create, update, remove = [], [], []
    for ref, count in counts.items():
        pk = cards[ref]
        row = existing.get(pk)
        if count == 0:
            if row is not None:
                remove.append(row.pk)
        elif row is None:
            create.append(OwnedCard(owner=owner, card_id=pk, count=count))
        elif row.count != count:
            row.count = count
            update.append(row)
    removed = OwnedCard.objects.filter(pk__in=remove).delete()[0] if remove else 0
    OwnedCard.objects.bulk_create(create, batch_size=500)
    OwnedCard.objects.bulk_update(update, ["count"], batch_size=500)
    if replaced or removed or create or update:
        decks_mark_stale(_decks_needing_collection(owner.pk), owner_id=owner.pk)
    return dict(OwnedCard.objects.filter(owner=owner).values_list("card__stable_id", "count"))


def collection_import(*, owner, data: Any, replace: bool = False) -> dict[str, int]:
    """Add a card list (a deck JSON object or a parsed text decklist) to ``owner``'s collection.

    Every section's entries count; names are resolved like deck references. With
    ``replace`` the list becomes the whole collection, else its counts are added.
    """
    deck_input = _parse(data)
    refs = [e.ref for entries in deck_input.sections.values() for e in entries]
    pool, _ = _pool_for(deck_input.game, refs, owner)
    # A name of several printings of one identity adds the printing a deck would play.
    fmt = format_for(deck_input.game, deck_input.format).data()
    wanted: dict[str, int] = {}
    problems: list[Finding] = []
    for section, entries in deck_input.sections.items():
        for index, entry in enumerate(entries):
            match = pool.find(entry.ref, fmt.identity)
            card, candidates = match.card, match.candidates
            if match.printings:
                card = pick_printing(match.printings, fmt)
            if card is None:
                code, why = (
                    ("AMBIGUOUS_CARD", "names several cards; use the stableCardId")
                    if candidates
                    else ("UNKNOWN_CARD", "names no card")
                )
                problems.append(
                    error(code, f"{section}[{index}]: {entry.ref!r} {why}", section=section, card=entry.ref)
                )
                continue
            wanted[card.stable_id] = wanted.get(card.stable_id, 0) + entry.count
    if problems:
        raise InvalidInput(problems, message=f"nothing was imported: {len(problems)} error(s)")
    if not replace:
        current = dict(
            OwnedCard.objects.filter(owner=owner, card__stable_id__in=list(wanted)).values_list(
                "card__stable_id", "count"
            )
        )
        wanted = {ref: count + current.get(ref, 0) for ref, count in wanted.items()}
    return collection_set(owner=owner, counts=wanted, replace=replace)
