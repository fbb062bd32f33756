"""Validation of stored decks, in batches.

Validating one deck or ten thousand is the same code: a :class:`Validator`
reads a batch of decks and their entries in two queries, loads the cards,
formats and collections it has not seen yet (once per run), runs the pure rules
of :mod:`rules.decks`, and writes every result of the batch in one UPDATE. The
number of queries grows with the number of batches, not of decks. On PostgreSQL,
outside a transaction, a helper thread with its own connection reads the next
batch and writes the previous one while the rules run (:func:`can_overlap`).

A deck's references are looked for among the cards its owner may see (``cards.selectors.card_scope``):
for a playtester's deck, a name or id of a DRAFT, NEEDS_REVIEW or DISABLED card is UNKNOWN_CARD,
exactly as when the playtester validates it through the API, so a stored result never names a card
its owner could not see. An entry that holds its card (it named a card the writer could see when it
was stored) keeps it: the player is told that a card of theirs was disabled or sent back to review.
A deck without an owner sees every card.

A deck marked stale after the batch was read keeps ``stale = true``: its
``stale_generation`` no longer matches the one read, and the revalidation that
the later change enqueued will validate it again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from django.conf import settings
from django.db import connection, connections
from django.utils import timezone

from cards.models import Card, Status
from cards.selectors import SEES_ALL, SEES_NONE, SEES_VALIDATED, card_scopes
from rules import CardData, get_ruleset
from rules.decks import DeckData, ValidationResult, validate_resolved
from rules.formats import FormatData
from rules.pool import CardPool, Resolved, needs_every_printing, reserved_ref

from .models import CardVersions, Deck, DeckEntry, DeckFormat, EntryKind, OwnedCard

DEFAULT_BATCH_SIZE = 1000
PICK = EntryKind.PICK.value
# An entry row (read_entries): deck, kind, section, ref, card, count (and position, on PostgreSQL).
DECK, KIND, SECTION, REF, CARD, COUNT, POSITION = range(7)
ENTRY_ORDER = itemgetter(DECK, KIND, SECTION, POSITION)
_KIND_SECTION = itemgetter(KIND, SECTION)
_NOTHING_HELD: dict = {}
CARD_COLUMNS = ("pk", "game", "stable_id", "name", "type", "set_code", "game_fields", "status", "version")
DECK_COLUMNS = ("pk", "game", "name", "format_id", "owner_id", "owner__username", "stale_generation")


@dataclass(frozen=True, slots=True)
class DeckRow:
    pk: int
    game: str
    name: str
    format_id: int
    owner_id: int | None
    owner: str | None
    generation: int


@dataclass(eq=False, slots=True)
class ReadVersions:
    """``{stableCardId: version}`` of the cards a run has read so far, shared by its outcomes;
    stored once (:class:`~decks.models.CardVersions`) by the first write that needs it."""

    versions: dict[str, int]
    pk: int | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    deck: DeckRow
    result: ValidationResult
    read: ReadVersions


def fetch_all(values_list) -> list[tuple]:
    """The rows of a ``values_list`` queryset of plain columns (no converters), in one ``fetchall``.

    The ORM writes the SQL; fetching everything at once rather than in chunks of
    100 keeps the read of a batch as fast as a raw read (see bench/README.md).
    """
    sql, params = values_list.query.get_compiler(using=values_list.db).as_sql()
    with connections[values_list.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def deck_rows(decks) -> list[DeckRow]:
    """The rows a validation needs, from a queryset of decks (one query)."""
    return [DeckRow(*values) for values in fetch_all(decks.order_by("pk").values_list(*DECK_COLUMNS))]


def read_entries(rows: Sequence[DeckRow]) -> list[tuple]:
    """The entry rows of a batch of decks, in one query, in deck, kind, section and position order
    (text in code point order): deck, kind, section, ref, card, count (and position on PostgreSQL).

    ``ref`` is read only for the rows that hold no card: the others resolve to their card whatever
    their reference says (:meth:`Validator._validate_one`), and a string less for each of them
    is a good part of the read (bench/README.md). The decks' ids are one parameter.
    """
    table = DeckEntry._meta.db_table
    columns = "deck_id, kind, section, CASE WHEN card_id IS NULL THEN ref END, card_id, count"
    ids = [row.pk for row in rows]
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            # Read in that order from the unique index (deck, kind, section, position; BINARY
            # collation: code points), without a sort.
            cursor.execute(
                f"SELECT {columns} FROM {table} WHERE deck_id IN (SELECT value FROM json_each(%s)) "
                "ORDER BY deck_id, kind, section, position",
                [json.dumps(ids)],
            )
            return cursor.fetchall()
        if connection.vendor == "postgresql":
            cursor.execute(f"SELECT {columns}, position FROM {table} WHERE deck_id = ANY(%s)", [ids])
        else:
            cursor.execute(
                f"SELECT {columns}, position FROM {table} WHERE deck_id IN ({', '.join(['%s'] * len(ids))})",
                ids,
            )
        raw = cursor.fetchall()
    # Sorted here, not by PostgreSQL: its collation-aware sort of the text columns costs more
    # than the read itself, and even in the "C" collation its sort of each deck's rows does
    # (bench/README.md).
    raw.sort(key=ENTRY_ORDER)
    return raw


class Validator:
    """Validates stored decks; caches cards, formats and collections for the whole run."""

    def __init__(self):
        self.cards: dict[int, CardData] = {}
        # One pool per game and scope: every card, the VALIDATED ones, none (card_scope).
        self.pools: dict[tuple[str, str], CardPool] = defaultdict(CardPool)
        self.scopes: dict[int, str] = {}
        self.full_games: set[str] = set()
        self.formats: dict[int, FormatData] = {}
        self.collections: dict[int, dict[str, int]] = {}
        self._read = ReadVersions({})
        # What the rows that hold their card (most rows) resolve to, by (game, scope, identity,
        # kind, section), then (card, count): shared by every deck of the run, looked up without
        # a method call; emptied when cards are added, as the pools' own caches are.
        self._held: dict[tuple[str, str, str, str, str], dict[tuple[int, int], Resolved]] = {}

    # --- reads ------------------------------------------------------------------------
    def _load_cards(self, pks: Iterable[int]) -> None:
        missing = [pk for pk in set(pks) if pk not in self.cards]
        if missing:
            self._add_cards(Card.objects.filter(pk__in=missing))

    def _load_game(self, game: str) -> None:
        """Every card of ``game``, for references that name no card by id (names, unknown ids)."""
        if game not in self.full_games:
            self.full_games.add(game)
            self._add_cards(Card.objects.filter(game=game).exclude(pk__in=list(self.cards)))

    def _add_cards(self, queryset) -> None:
        for pk, game, stable_id, name, card_type, set_code, fields, status, version in queryset.values_list(
            *CARD_COLUMNS
        ):
            card = CardData(
                game=game,
                name=name,
                type=card_type,
                stable_id=stable_id,
                set=set_code,
                fields=fields or {},
                status=status,
                version=version,
            )
            self.cards[pk] = card
            self._held.clear()
            self.pools[game, SEES_ALL].add(card)
            if status == Status.VALIDATED:
                self.pools[game, SEES_VALIDATED].add(card)

    def _load_formats(self, pks: Iterable[int]) -> None:
        missing = [pk for pk in set(pks) if pk not in self.formats]
        for fmt in DeckFormat.objects.filter(pk__in=missing):
            self.formats[fmt.pk] = fmt.data()

    def _load_scopes(self, owner_ids: Iterable[int]) -> None:
        missing = {pk for pk in owner_ids if pk not in self.scopes}
        self.scopes.update(card_scopes(missing))

    def scope(self, row: DeckRow) -> str:
        return SEES_ALL if row.owner_id is None else self.scopes.get(row.owner_id, SEES_NONE)

    def _load_collections(self, owner_ids: Iterable[int]) -> None:
        missing = [pk for pk in set(owner_ids) if pk not in self.collections]
        if not missing:
            return
        for pk in missing:
            self.collections[pk] = {}
        for owner_id, stable_id, count in OwnedCard.objects.filter(owner_id__in=missing).values_list(
            "owner_id", "card__stable_id", "count"
        ):
            self.collections[owner_id][stable_id] = count

    # --- validation -------------------------------------------------------------------
    def validate(self, rows: Sequence[DeckRow]) -> list[Outcome]:
        """Validate a batch of decks (entries read in one query)."""
        if not rows:
            return []
        return self.validate_read(rows, read_entries(rows))

    def validate_read(self, rows: Sequence[DeckRow], raw: list[tuple]) -> list[Outcome]:
        """Validate a batch of decks whose entry rows (:func:`read_entries`) were read already."""
        if not rows:
            return []
        self._load_cards({r[CARD] for r in raw} - {None})
        games = {row.pk: row.game for row in rows}
        self._load_formats(row.format_id for row in rows)
        self._load_scopes(row.owner_id for row in rows if row.owner_id is not None)
        # A name names every printing of its identity; ownership and banlists count every printing.
        whole = {
            games[r[DECK]]
            for r in raw
            if r[CARD] is None and reserved_ref(r[REF], get_ruleset(games[r[DECK]]).reserved_refs) is None
        } | {row.game for row in rows if needs_every_printing(self.formats[row.format_id])}
        for game in whole:
            self._load_game(game)
        by_deck = {deck_id: list(group) for deck_id, group in groupby(raw, key=itemgetter(DECK))}
        self._load_collections(
            row.owner_id
            for row in rows
            if row.owner_id is not None and self.formats[row.format_id].owned_only
        )
        if len(self._read.versions) != len(self.cards):  # cards are only ever added to a run
            self._read = ReadVersions({card.stable_id: card.version for card in self.cards.values()})
        return [self._validate_one(row, by_deck.get(row.pk, ())) for row in rows]

    def _validate_one(self, row: DeckRow, entries: Iterable[tuple]) -> Outcome:
        ruleset = get_ruleset(row.game)
        fmt = self.formats[row.format_id]
        # Rows straight to resolved entries (shared values): no Entry, no second resolution.
        # References are looked for among the cards the owner may see; an entry that holds its
        # card (it named one the writer could see) keeps it, whatever became of the card since.
        scope = self.scope(row)
        context = (row.game, scope, fmt.identity)
        sections: dict[str, list[Resolved]] = {name: [] for name in ruleset.deck_sections}
        picks: dict[str, Resolved | None] = dict.fromkeys(ruleset.deck_picks)
        # The rows come in (kind, section, position) order: each section's rows are one run,
        # looked up by (card, count) when they hold their card (what they resolve to then).
        for (kind, section), group in groupby(entries, key=_KIND_SECTION):
            rows = list(group)
            held = self._held.get((*context, kind, section), _NOTHING_HELD)
            try:
                values = [held[entry[CARD], entry[COUNT]] for entry in rows]
            except KeyError:  # rows not seen yet in this run, or that hold no card
                values = [self._resolve(context, entry) for entry in rows]
            if kind == PICK:
                if section in picks:
                    picks[section] = values[-1]
            elif section in sections:
                sections[section] += values
            else:
                sections[section] = values
        deck = DeckData(game=row.game, format=fmt.key, name=row.name, owner=row.owner)
        collection = (
            self.collections.get(row.owner_id) if fmt.owned_only and row.owner_id is not None else None
        )
        result = validate_resolved(
            ruleset, deck, sections, picks, fmt, collection, pool=self.pools[row.game, scope]
        )
        return Outcome(row, result, self._read)

    def _resolve(self, context: tuple[str, str, str], entry: tuple) -> Resolved:
        """What one entry row resolves to (the pools keep it for every deck of the run)."""
        game, scope, identity = context
        kind, section, ref, card_id, count = entry[KIND : COUNT + 1]
        resolved = self.pools[game, scope].resolved
        if card_id is not None:
            ref, resolved = self.cards[card_id].stable_id, self.pools[game, SEES_ALL].resolved
        value = resolved(
            section, ref, 1 if kind == PICK else count, get_ruleset(game).reserved_refs, identity
        )
        if card_id is not None:  # a row holding its card resolves to it, whatever its reference
            self._held.setdefault((*context, kind, section), {})[card_id, count] = value
        return value


# --- writes ---------------------------------------------------------------------------------
def store_outcomes(outcomes: Sequence[Outcome]) -> None:
    """Write a batch of results in one UPDATE; a deck marked stale since it was read stays stale."""
    if not outcomes:
        return
    now = timezone.now()
    _store_read_versions(outcomes)
    vendor = connection.vendor
    if vendor not in ("postgresql", "sqlite") or (
        vendor == "sqlite" and sqlite3.sqlite_version_info < (3, 33, 0)
    ):
        _store_portably(outcomes, now)
        return
    # Each result's JSON columns, as JSON text: decks of a batch mostly share them (the same
    # counts, the same finding about the card that changed), so each text is made once a batch.
    texts = _JsonTexts()
    rows = [
        [
            o.deck.pk,
            o.result.legal,
            o.result.ready_to_play,
            texts.violations(o.result.violations),
            texts.counts(o.result.counts),
            texts.resolved(o.result.resolved),
            texts.suggestions(o.result.suggestions),
            o.read.pk,
            o.deck.generation,
        ]
        for o in outcomes
    ]
    payload = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    table = Deck._meta.db_table
    with connection.cursor() as cursor:
        if vendor == "postgresql":
            cursor.execute(
                f"""
                UPDATE {table} AS d SET legal = (x->>1)::boolean, ready_to_play = (x->>2)::boolean,
                       violations = (x->>3)::jsonb, counts = (x->>4)::jsonb, resolved = (x->>5)::jsonb,
                       suggestions = (x->>6)::jsonb, validated_against_id = (x->>7)::bigint, validated_at = %s,
                       stale = (d.stale_generation <> (x->>8)::bigint)
                FROM jsonb_array_elements(%s::jsonb) AS x
                WHERE d.id = (x->>0)::bigint
                """,
                [now, payload],
            )
        else:  # SQLite 3.33 or later: UPDATE ... FROM
            cursor.execute(
                f"""
                UPDATE {table} SET legal = json_extract(x.value, '$[1]'), ready_to_play = json_extract(x.value, '$[2]'),
                       violations = json_extract(x.value, '$[3]'), counts = json_extract(x.value, '$[4]'),
                       resolved = json_extract(x.value, '$[5]'), suggestions = json_extract(x.value, '$[6]'),
                       validated_against_id = json_extract(x.value, '$[7]'), validated_at = %s,
                       stale = ({table}.stale_generation <> json_extract(x.value, '$[8]'))
                FROM json_each(%s) AS x
                WHERE {table}.id = json_extract(x.value, '$[0]')
                """,
                [connection.ops.adapt_datetimefield_value(now), payload],
            )


class _JsonTexts:
    """The JSON text of results' columns, each distinct value encoded once (results are values)."""

    def __init__(self):
        self._texts: dict[tuple, str] = {}

    def _text(self, key: tuple, make) -> str:
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = json.dumps(make(), ensure_ascii=False, separators=(",", ":"))
        return text

    def violations(self, findings: tuple) -> str:
        # Findings are frozen values (hashed without their params, compared with them).
        return self._text(("v", findings), lambda: [f.to_dict() for f in findings])

    def counts(self, counts) -> str:
        return self._text(("c", *counts.items()), lambda: dict(counts))

    def resolved(self, resolved) -> str:
        key = ("rs", *((k, *v.items()) for k, v in resolved.items()))
        return self._text(key, lambda: {k: dict(v) for k, v in resolved.items()})

    def suggestions(self, suggestions) -> str:
        return self._text(("sg", *suggestions.items()), lambda: {k: list(v) for k, v in suggestions.items()})


def _store_read_versions(outcomes: Sequence[Outcome]) -> None:
    """Give each set of read versions its row (one query per set, usually once per run)."""
    for read in {id(o.read): o.read for o in outcomes}.values():
        if read.pk is None:
            read.pk = card_versions_row(read.versions)


def card_versions_row(versions: dict[str, int]) -> int:
    """The id of the row holding ``versions``; identical sets share one row."""
    digest = hashlib.sha256(json.dumps(versions, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    row, _ = CardVersions.objects.get_or_create(digest=digest, defaults={"versions": versions})
    return row.pk


def _store_portably(outcomes: Sequence[Outcome], now) -> None:
    """Any other database: a row-level compare-and-set per deck (slower, same meaning)."""
    _store_read_versions(outcomes)
    for o in outcomes:
        values = {
            "legal": o.result.legal,
            "ready_to_play": o.result.ready_to_play,
            "violations": [f.to_dict() for f in o.result.violations],
            "counts": dict(o.result.counts),
            "resolved": {k: dict(v) for k, v in o.result.resolved.items()},
            "suggestions": {k: list(v) for k, v in o.result.suggestions.items()},
            "validated_against_id": o.read.pk,
            "validated_at": now,
        }
        Deck.objects.filter(pk=o.deck.pk).update(**values)
        Deck.objects.filter(pk=o.deck.pk, stale_generation=o.deck.generation).update(stale=False)


def revalidate(decks, *, batch_size: int = DEFAULT_BATCH_SIZE, progress=None) -> int:
    """Validate ``decks`` (a queryset) again and store the results; returns how many were validated."""
    rows = deck_rows(decks)
    batches = [rows[start : start + batch_size] for start in range(0, len(rows), batch_size)]
    if can_overlap(decks.db, len(batches)):
        return _revalidate_overlapped(batches, decks.db, progress)
    validator = Validator()
    done = 0
    for batch in batches:
        outcomes = validator.validate(batch)
        store_outcomes(outcomes)
        done += len(outcomes)
        if progress is not None:
            progress(len(outcomes))
    return done


def can_overlap(alias: str, batches: int) -> bool:
    """Whether the database work of a run may go to a second connection, in a helper thread.

    PostgreSQL only (an in-memory SQLite database is not shared between connections), and only
    outside a transaction: the helper's connection sees committed data only, and each of its
    UPDATEs commits by itself, as the UPDATEs of a run outside a transaction do anyway.
    """
    connection = connections[alias]
    enabled = getattr(settings, "DECKS_REVALIDATE_OVERLAP", True)
    return enabled and batches > 1 and connection.vendor == "postgresql" and not connection.in_atomic_block


def _revalidate_overlapped(batches: list[Sequence[DeckRow]], alias: str, progress) -> int:
    """The rules run here while a helper thread, on its own connection, reads the next batch's
    entries and writes the previous batch's results: the database's work and the rules overlap
    instead of taking turns (bench/README.md). Same results, same queries, one more connection.

    A second helper (reads and writes apart) gained nothing measurable on two cores: the run is
    then bound by the CPU of Python and of PostgreSQL, not by waiting.
    """
    validator = Validator()
    done = 0
    # Its jobs run in the order given: read 1, write 0, read 2, write 1...
    helper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revalidate-db")
    try:
        reading = helper.submit(read_entries, batches[0])
        writing: list[tuple[Future, int]] = []
        for index, batch in enumerate(batches):
            raw = reading.result()
            if index + 1 < len(batches):
                reading = helper.submit(read_entries, batches[index + 1])
            writing.append((helper.submit(store_outcomes, validator.validate_read(batch, raw)), len(batch)))
            while writing and (writing[0][0].done() or len(writing) > 2):
                done += _written(*writing.pop(0), progress)
        while writing:
            done += _written(*writing.pop(0), progress)
    finally:
        helper.submit(_close_own_connection, alias).result()
        helper.shutdown()
    return done


def _written(future: Future, count: int, progress) -> int:
    future.result()  # a failed write stops the run here (running it again is safe)
    if progress is not None:
        progress(count)
    return count


def _close_own_connection(alias: str) -> None:
    connections[alias].close()  # looked up in the calling thread: the helper thread's own connection


def fresh_results(decks: Sequence[Deck]) -> dict[int, ValidationResult]:
    """Results computed now, not stored, for decks whose stored result is stale (reads only)."""
    rows = [
        DeckRow(
            d.pk,
            d.game,
            d.name,
            d.format_id,
            d.owner_id,
            d.owner.get_username() if d.owner_id else None,
            d.stale_generation,
        )
        for d in decks
    ]
    return {o.deck.pk: o.result for o in Validator().validate(rows)}
