"""Validation of stored decks, in batches.

Validating one deck or ten thousand is the same code: a :class:`Validator`
reads a batch of decks and their entries in two queries (each section's entries
grouped by the database into one text, :func:`read_entries`), loads the cards,
formats and collections it has not seen yet (once per run), runs the pure rules
of :mod:`rules.decks`, and writes every result of the batch in one UPDATE. The
number of queries grows with the number of batches, not of decks. How a run's
batches are scheduled (helper threads on their own connections, the garbage
collector paused) is :mod:`decks.revalidation`'s.

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

import dataclasses
import hashlib
import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter
from typing import NamedTuple

from django.db import connection, connections
from django.utils import timezone

from cards.models import Card, Status
from cards.selectors import SEES_ALL, SEES_NONE, SEES_VALIDATED, card_scopes
from rules import CardData, get_ruleset
from rules.decks import DeckData, ValidationResult, validate_resolved
from rules.formats import FormatData
from rules.pool import CardPool, Resolved, needs_every_printing, reserved_ref

from .card_rows import CARD_COLUMNS, card_data
from .models import CardVersions, Deck, DeckEntry, DeckFormat, EntryKind, OwnedCard

DEFAULT_BATCH_SIZE = 1000
PICK = EntryKind.PICK.value
# A section row (read_entries): deck, kind, section, and its entries' tokens in position order:
# "card:count" for an entry that holds its card, 'count:"ref"' (the reference in JSON, whose
# text never holds the separator, a control character) for one that holds none.
DECK, KIND, SECTION, TOKENS = range(4)
SEPARATOR = "\x1f"
SECTION_ORDER = itemgetter(DECK, KIND, SECTION)
_NOTHING_HELD: dict = {}
DECK_COLUMNS = ("pk", "game", "name", "format_id", "owner_id", "owner__username", "stale_generation")


class DeckRow(NamedTuple):  # a tuple: made 10,000 times a run, faster than a frozen dataclass
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


class Outcome(NamedTuple):
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
    """The entries of a batch of decks, in one query, one row per deck section, in deck, kind and
    section order (code points): deck, kind, section, tokens (see ``TOKENS``).

    The database groups each section's entries (``group_concat`` / ``string_agg`` in position
    order), so 42 entries a deck come as 3 rows of text rather than 42 tuples: building those
    tuples in Python was most of the read, and turning them back into entries most of the rest
    (bench/README.md). An entry that holds its card resolves to it whatever its reference says
    (:meth:`Validator._resolve_section`), so its reference is not read.
    """
    table = DeckEntry._meta.db_table
    ids = [row.pk for row in rows]
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            # Before SQLite 3.44 an aggregate takes no ORDER BY: the rows come from the unique
            # index (deck, kind, section, position), in position order within a group (the
            # planner walks it for the GROUP BY; tests/decks/test_validation_read.py pins it).
            # The sections come as one JSON text: SQLite does the whole read in one step without
            # Python's lock, which a helper thread reading row by row took back 3,000 times a
            # batch while the rules held it (bench/README.md).
            order = " ORDER BY position" if sqlite3.sqlite_version_info >= (3, 44, 0) else ""
            token = "coalesce(card_id || ':' || count, count || ':' || json_quote(ref))"
            cursor.execute(
                "SELECT json_group_array(json_array(deck_id, kind, section, tokens)) FROM ("
                f"SELECT deck_id, kind, section, group_concat({token}, char(31){order}) AS tokens "
                f"FROM {table} WHERE deck_id IN (SELECT value FROM json_each(%s)) "
                "GROUP BY deck_id, kind, section)",
                [json.dumps(ids)],
            )
            sections = json.loads(cursor.fetchone()[0])
        elif connection.vendor == "postgresql":
            token = "coalesce(card_id || ':' || count, count || ':' || to_json(ref)::text)"
            cursor.execute(
                f"SELECT deck_id, kind, section, string_agg({token}, chr(31) ORDER BY position) "
                f"FROM {table} WHERE deck_id = ANY(%s) GROUP BY deck_id, kind, section",
                [ids],
            )
            sections = cursor.fetchall()
        else:
            cursor.execute(
                f"SELECT deck_id, kind, section, card_id, count, ref FROM {table} "
                f"WHERE deck_id IN ({', '.join(['%s'] * len(ids))}) ORDER BY deck_id, kind, section, position",
                ids,
            )
            return sections_of(cursor.fetchall())
    raw = [(deck, kind, section, text.split(SEPARATOR)) for deck, kind, section, text in sections]
    # Sorted here: the databases' collation-aware sort of the text columns costs more than this
    # sort of a few thousand rows, and would not be in code point order.
    raw.sort(key=SECTION_ORDER)
    return raw


def sections_of(entry_rows: Iterable[tuple]) -> list[tuple]:
    """:func:`read_entries`' rows from entry rows (deck, kind, section, card, count, ref) in deck,
    kind, section and position order: what the database groups, grouped in Python."""
    return [
        (
            deck,
            kind,
            section,
            [
                f"{card}:{count}" if card is not None else f"{count}:{json.dumps(ref, ensure_ascii=False)}"
                for *_, card, count, ref in group
            ],
        )
        for (deck, kind, section), group in groupby(entry_rows, key=itemgetter(0, 1, 2))
    ]


def parse_token(token: str) -> tuple[int | None, int, str | None]:
    """(card, count, None) for an entry that holds its card, (None, count, reference) otherwise."""
    first, _, rest = token.partition(":")
    if rest.startswith('"'):
        return None, int(first), json.loads(rest)
    return int(first), int(rest), None


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
        # What the entries that hold their card (most entries) resolve to, by (game, scope,
        # identity, kind, section), then token ("card:count"): shared by every deck of the run,
        # looked up without a method call; emptied when cards are added, as the pools' own
        # caches are.
        self._held: dict[tuple[str, str, str, str, str], dict[str, Resolved]] = {}
        # The entries holding no card whose reference is the stableCardId of a card found now (written
        # before its owner could see it): {(game, scope, identity, kind, section): {token: reference}}.
        # The result's resolved map names them too, as it names a name's printing, so that every
        # reader plays what the verdict counted (rules.decks.played_id).
        self._own_ids: dict[tuple[str, str, str, str, str], dict[str, str]] = {}
        self._tokens: dict[str, set[str]] = defaultdict(set)  # per game: the tokens read so far

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
        for row in queryset.values_list(*CARD_COLUMNS):
            card = card_data(row)
            pk, game = row[0], row[1]
            self.cards[pk] = card
            self._held.clear()
            self._own_ids.clear()
            self.pools[game, SEES_ALL].add(card)
            if card.status == Status.VALIDATED:
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
        games = {row.pk: row.game for row in rows}
        self._load_formats(row.format_id for row in rows)
        self._load_scopes(row.owner_id for row in rows if row.owner_id is not None)
        # Cards held by entries, loaded once; a game's every card when a reference names no card
        # (a name, an unknown id) and when the format counts every printing.
        read = defaultdict(set)
        for r in raw:
            read[games[r[DECK]]].update(r[TOKENS])
        held, whole = set(), {row.game for row in rows if needs_every_printing(self.formats[row.format_id])}
        for game, tokens in read.items():
            tokens -= self._tokens[game]
            self._tokens[game] |= tokens
            for card_id, _, ref in map(parse_token, tokens):
                if card_id is not None:
                    held.add(card_id)
                elif reserved_ref(ref, get_ruleset(game).reserved_refs) is None:  # type: ignore[arg-type]
                    whole.add(game)
        self._load_cards(held)
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
        own_ids: dict[str, dict[str, str]] = {}
        for _, kind, section, tokens in entries:
            key = (*context, kind, section)
            held = self._held.get(key, _NOTHING_HELD)
            try:
                values = [held[token] for token in tokens]
            except KeyError:  # entries not seen yet in this run, or that hold no card
                values = self._resolve_section(context, kind, section, tokens)
            found = self._own_ids.get(key)
            if found:
                for token in tokens:
                    if token in found:
                        own_ids.setdefault(section, {})[found[token]] = found[token]
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
        if own_ids:
            resolved = {section: dict(refs) for section, refs in result.resolved.items()}
            for section, refs in own_ids.items():
                resolved.setdefault(section, {}).update(refs)
            result = dataclasses.replace(result, resolved=resolved)
        return Outcome(row, result, self._read)

    def _resolve_section(
        self, context: tuple[str, str, str], kind: str, section: str, tokens: list[str]
    ) -> list[Resolved]:
        """What a section's entries resolve to, each token once a run (shared by every deck)."""
        game, scope, identity = context
        reserved = get_ruleset(game).reserved_refs
        named, by_card = self.pools[game, scope].resolved, self.pools[game, SEES_ALL].resolved
        held = self._held.setdefault((*context, kind, section), {})
        values = []
        for token in tokens:
            value = held.get(token)
            if value is None:
                card_id, count, ref = parse_token(token)
                if kind == PICK:
                    count = 1
                if card_id is not None:  # an entry holding its card resolves to it, whatever its reference
                    value = by_card(section, self.cards[card_id].stable_id, count, reserved, identity)
                else:  # looked for among the cards the owner may see
                    value = named(section, ref, count, reserved, identity)  # type: ignore[arg-type]
                    if value.card is not None and value.card.stable_id == ref:
                        self._own_ids.setdefault((*context, kind, section), {})[token] = ref
                held[token] = value
            values.append(value)
        return values


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
        if not resolved:  # most decks: every reference is the stableCardId it names
            return "{}"
        key = ("rs", *((k, *v.items()) for k, v in resolved.items()))
        return self._text(key, lambda: {k: dict(v) for k, v in resolved.items()})

    def suggestions(self, suggestions) -> str:
        if not suggestions:
            return "{}"
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
