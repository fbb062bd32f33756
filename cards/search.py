"""Run a card-browser query (:mod:`cards.query`) against the database, every key in SQL.

Keys (see the help page, ``templates/cards/help.html``, at /cards/help/):

- ``t:`` / ``type:`` card type (part of it: ``t:unit`` finds UNIT and CHAMPION_UNIT;
  ``t=unit`` only UNIT)
- ``name:`` / ``n:`` and ``o:`` / ``text:`` a word (or a "phrase", words together) in
  the name / the text; ``!"Exact Name"`` the name itself. A name is the card's own or one of
  its current translations' (VALIDATED, not STALE: ``Card.search_translated``)
- ``arch:`` / ``archetype:`` a printed archetype or its canonical key (aliases apply)
- ``status:`` / ``s:``, ``set:`` / ``e:``, ``game:`` / ``g:``, ``id:``
- ``lang:`` the cards readable in a language: written in it (the card's source language, its
  game's unless it says otherwise) or with a current translation into it
- ``origin:`` (user, ai), ``method:`` (imported, manual, ai), ``is:`` (modified,
  ai, imported, manual, validated, draft, review, disabled, and boolean game
  fields such as sentinel, unique, signature)
- ``cites:`` cards citing X in their title or text (the seed's meaning), or in the title or text
  of a current translation; when X is a name of cards (in any language), their names in every
  language are cited as well
- any field of a game's rule set: numbers compare (``cost<=3``, ``grade=0``,
  ``level>=5``), others match (``trigger:heal``, ``clan:"royal paladin"``,
  ``domains:fury``, ``behavior:equipment``)
- ``order:`` / ``sort:`` (name, id, set, type, status, updated, created, or a number
  field of the game) and ``direction:`` / ``dir:`` (asc, desc)

Case and accents are ignored everywhere. Text is matched in the columns
:meth:`cards.models.Card.refresh_derived` keeps (:func:`rules.text.search_fold`
forms), through a trigram index: pg_trgm GIN on PostgreSQL, an FTS5 trigram
table on SQLite (``cards_card_fts``, kept in step by triggers). A fragment of
three characters or more is a substring; a shorter word is matched at a word
start (two letters) or as a whole word (one), which keeps three characters
(with the space) for the index.
"""

from __future__ import annotations

import re

from django.db import connections
from django.db.models import F, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

from rules import registry
from rules.fields import Kind
from rules.text import canonical_key, cited_form, fold, search_fold

from .models import CardTranslation, CreationMethod, Origin, Status
from .query import All, Node, Order, Query, QueryError, Term, parse
from .search_index import TRANSLATION_FTS
from .translation_selectors import CURRENT
from .translations import studio_languages

STATUS_WORDS = {
    "draft": Status.DRAFT,
    "review": Status.NEEDS_REVIEW,
    "needs_review": Status.NEEDS_REVIEW,
    "needsreview": Status.NEEDS_REVIEW,
    "validated": Status.VALIDATED,
    "valid": Status.VALIDATED,
    "disabled": Status.DISABLED,
}
METHOD_WORDS = {
    "imported": CreationMethod.IMPORTED,
    "import": CreationMethod.IMPORTED,
    "manual": CreationMethod.MANUAL,
    "ai": CreationMethod.AI_GENERATED,
    "ai_generated": CreationMethod.AI_GENERATED,
    "generated": CreationMethod.AI_GENERATED,
}
KEY_ALIASES = {
    "t": "type",
    "n": "name",
    "o": "text",
    "oracle": "text",
    "arch": "archetype",
    "a": "archetype",
    "s": "status",
    "e": "set",
    "g": "game",
    "language": "lang",
    "creation": "method",
    "creationmethod": "method",
}
COMPARISONS = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
# Databases store 64-bit integers; a larger number in a query is a typing slip, not a search.
MAX_NUMBER = 2**63 - 1
SEARCH_KEYS = (
    "type",
    "name",
    "text",
    "archetype",
    "status",
    "set",
    "game",
    "lang",
    "id",
    "origin",
    "method",
    "is",
    "cites",
)
ORDERS = {
    "name": ("search_name",),
    "id": ("stable_id",),
    "set": ("set_code", "search_name"),
    "type": ("type", "search_name"),
    "status": ("status", "search_name"),
    "updated": ("updated_at",),
    "created": ("created_at",),
    "game": ("game", "search_name"),
}
# Which derived column a text key searches through the index (cards.models.Card.refresh_derived):
# a name term looks in ``search_text`` (which holds the name and the current translated names),
# then keeps the cards whose ``search_name`` or ``search_translated`` holds it (:func:`named`).
TEXT_COLUMNS = {"words": "search_text", "name": "search_text", "text": "search_body"}
# cites:X, X a name of cards in some language: the names in every language of at most this many
# of those cards are cited too (one query finds them, cards.search.CardSearch._names_of_cards_named).
CITES_MAX_CARDS = 10
# The cards of at most this many translations are looked up by their ids (CardSearch._cards_of).
EAGER_CARDS = 500
FTS_TABLE = "cards_card_fts"


def _game_fields(game: str | None) -> dict[str, object]:
    """Folded field name -> FieldSpec, over the given game or every game."""
    rulesets = [registry.get(game)] if game in registry else list(registry)
    fields: dict[str, object] = {}
    for ruleset in rulesets:
        for spec in ruleset.fields:
            fields.setdefault(spec.name.lower(), spec)
    return fields


def indexed_fragment(text: str) -> str:
    """What a word or phrase matches in a derived column: a substring the trigram index can find.

    Three characters or more: itself. Two: at a word start (" ab"). One: as a whole word (" a ").
    """
    folded = search_fold(text)
    core = folded.strip()
    if len(core) >= 3:
        return core
    if len(core) == 2:
        return folded[:-1]
    return folded


def contains(qs_or_alias, column: str, fragment: str) -> Q:
    """Cards whose derived ``column`` holds ``fragment``, through the database's trigram index."""
    return contains_all(qs_or_alias, [(column, fragment)])


def contains_all(qs_or_alias, pairs: list[tuple[str, str]]) -> Q:
    """Cards whose derived columns hold every (column, fragment): one FTS5 MATCH on SQLite, unless
    the fragments are common (:func:`common_on_sqlite`), which a plain scan in the page's order finds sooner."""
    if _vendor(qs_or_alias) == "sqlite" and not common_on_sqlite(_alias(qs_or_alias), pairs):
        # The FTS5 trigram table finds substrings of three characters and more (rowid = card id).
        return match_all(pairs)
    condition = Q()
    for column, fragment in pairs:
        condition &= Q(**{f"{column}__contains": fragment})
    return condition


# SQLite: a MATCH yields every matching row before the page is ordered and cut; a LIKE in the
# page's order stops at the page's end (and the bounded count at its bound). For fragments that
# a twenty-fifth of the cards or more hold together, the scan is the faster of the two: its cost
# grows as their share falls, the MATCH's as each fragment's share grows (bench/README.md, at
# 100,000 cards: a word in 30 % of them, 1.5 ms against 80 ms; two words in 6 % together,
# 15 ms against 46 ms; a word in 0.1 %, 0.6 ms through the index against a whole scan).
COMMON_SHARE = 0.04
# The estimate reads SAMPLE_RANGES runs of SAMPLE_RUN consecutive ids spread over the table.
SAMPLE_RANGES, SAMPLE_RUN = 10, 200
_SAMPLED_COLUMNS = {"search_text", "search_name", "search_body", "archetype_index"}


def common_on_sqlite(alias: str, pairs: list[tuple[str, str]]) -> bool:
    """Whether :data:`COMMON_SHARE` of the cards or more hold every fragment together (SQLite).

    Estimated from a sample of the cards (runs of consecutive ids spread from the first to the
    last, 2,000 cards): the share of them whose columns hold every fragment, the conjunction
    itself (two words each in a third of the cards may be together in few). About 1 ms at
    100,000 cards, whatever the words; a plain scan of the table takes a hundred times that.
    (``instr`` finds what ``LIKE '%...%'`` does here: columns and fragments are folded.)
    """
    if not pairs or any(column not in _SAMPLED_COLUMNS for column, _ in pairs):
        return False
    condition = " AND ".join(f"instr(c.{column}, %s) > 0" for column, _ in pairs)
    runs = " OR ".join(
        f"c.id BETWEEN b.lo + (b.hi - b.lo) * {k} / {SAMPLE_RANGES} "
        f"AND b.lo + (b.hi - b.lo) * {k} / {SAMPLE_RANGES} + {SAMPLE_RUN - 1}"
        for k in range(SAMPLE_RANGES)
    )
    with connections[alias].cursor() as cursor:
        # min() and max() apart, each one index lookup (together they would scan an index).
        cursor.execute(
            "WITH b(lo, hi) AS (SELECT (SELECT min(id) FROM cards_card), (SELECT max(id) FROM cards_card)) "
            f"SELECT count(*), coalesce(sum({condition}), 0) FROM b, cards_card c WHERE {runs}",
            [fragment for _, fragment in pairs],
        )
        sampled, holding = cursor.fetchone()
    return bool(sampled) and holding >= COMMON_SHARE * sampled


def _alias(qs_or_alias) -> str:
    return qs_or_alias if isinstance(qs_or_alias, str) else qs_or_alias.db


def _vendor(qs_or_alias) -> str:
    alias = qs_or_alias if isinstance(qs_or_alias, str) else qs_or_alias.db
    return connections[alias].vendor


def _text_column(term: Term) -> str | None:
    if term.key is None:
        return "words"
    key = KEY_ALIASES.get(term.key, term.key)
    return key if key in ("name", "text") and term.op != "!" else None


def named(fragment: str) -> Q:
    """Cards whose name or one of their current translated names holds ``fragment`` (a row filter,
    put beside an index condition on ``search_text``, which holds both: :data:`TEXT_COLUMNS`)."""
    return Q(search_name__contains=fragment) | Q(search_translated__contains=fragment)


def current_translations():
    """The translations a search reads: the current ones (validated, not behind their source)."""
    return CardTranslation.objects.filter(CURRENT)


def _translations_named(name: str):
    """The current translations, into one of the studio's languages, whose folded name is ``name``."""
    return current_translations().filter(language__in=studio_languages(), search_name=name)


def _fts_phrase(column: str, fragment: str) -> str:
    return f'{column} : "' + fragment.replace('"', '""') + '"'


def match_all(pairs: list[tuple[str, str]]) -> Q:
    """SQLite: cards whose FTS5 row holds every (column, fragment), in one MATCH."""
    expression = " AND ".join(_fts_phrase(column, fragment) for column, fragment in pairs)
    return Q(pk__in=RawSQL(f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s", [expression]))


class CardSearch:
    """Filters for one parsed query; ``game`` narrows which game fields exist."""

    def __init__(self, qs: QuerySet, game: str | None = None):
        self.qs = qs
        self.game = game
        self.fields = _game_fields(game)

    def filter(self, query: Query) -> QuerySet:
        if query.is_empty:
            return self.qs
        return self.qs.filter(self.node(query.root))

    def ordering(self, order: Order | None) -> tuple | None:
        """The ``order_by`` arguments of ``order:``/``direction:`` (None: the caller's default)."""
        if order is None:
            return None
        key = KEY_ALIASES.get(order.key, order.key)
        if key in ORDERS:
            columns = [F(name) for name in ORDERS[key]]
        else:
            spec = self.fields.get(key)
            if spec is None or spec.kind is not Kind.INT:
                numbers = sorted(name for name, s in self.fields.items() if s.kind is Kind.INT)
                raise QueryError(
                    _("%(term)s is not something cards are ordered by") % {"term": f"order:{order.key}"},
                    column=order.column,
                    hint=_("use one of %(choices)s") % {"choices": ", ".join([*ORDERS, *numbers])},
                )
            columns = [F(f"game_fields__{spec.name}"), F("search_name")]
        first = columns[0].desc(nulls_last=True) if order.descending else columns[0].asc(nulls_last=True)
        return (first, *(c.asc() for c in columns[1:]), F("stable_id").asc())

    def node(self, node: Node) -> Q:
        if isinstance(node, Term):
            q = self.term(node)
            return ~q if node.negated else q
        combined = Q()
        items = node.items
        if isinstance(node, All) and _vendor(self.qs) == "sqlite":
            # SQLite: the words of a conjunction are one FTS5 MATCH (one index lookup), not one each.
            texts = [item for item in items if self._plain_text(item)]
            if len(texts) > 1:
                combined = contains_all(
                    self.qs, [(TEXT_COLUMNS[_text_column(item)], self._fragment(item)) for item in texts]
                )
                for item in texts:
                    if _text_column(item) == "name":
                        combined &= named(self._fragment(item))
                items = tuple(item for item in items if not self._plain_text(item))
        for item in items:
            q = self.node(item)
            combined = (combined & q) if isinstance(node, All) else (combined | q)
        return ~combined if node.negated else combined

    # --- one term ---------------------------------------------------------------------------
    def term(self, term: Term) -> Q:
        if term.key is None:
            return self._text("words", term)
        if term.op == "!":
            name = search_fold(term.value)
            if not name:
                raise QueryError(
                    _('!"" needs a name'),
                    column=term.column,
                    hint=_("e.g. %(example)s") % {"example": '!"Blaster Blade"'},
                )
            # The name itself, or the name of one of its current translations (both through a b-tree
            # index: card_search_name_order, card_translation_name).
            translated = _translations_named(name)
            return Q(search_name=name) | self._cards_of(translated)
        key = KEY_ALIASES.get(term.key, term.key)
        if key in self.fields and key not in SEARCH_KEYS:
            return self._game_field(key, term)
        handler = getattr(self, f"_key_{key}", None)
        if handler is None:
            known = ", ".join(sorted({*SEARCH_KEYS, *self.fields}))
            raise QueryError(
                _("unknown key %(key)s") % {"key": repr(term.key)},
                column=term.column,
                hint=_("the keys are: %(keys)s") % {"keys": known},
            )
        if term.op not in (":", "=", "!="):
            raise QueryError(
                _("%(key)s takes ':', '=' or '!=', not %(op)s") % {"key": term.key, "op": repr(term.op)},
                column=term.column,
                hint=_("e.g. %(example)s") % {"example": f"{term.key}:{term.value}"},
            )
        if key == "type" and term.op in ("=", "!="):
            q = Q(type=term.value.replace(" ", "_").upper())
        else:
            q = handler(term)
        return ~q if term.op == "!=" else q

    def _text(self, column: str, term: Term) -> Q:
        fragment = self._fragment(term)
        if column == "name":
            return self._named(fragment)
        return contains(self.qs, TEXT_COLUMNS[column], fragment)

    def _named(self, fragment: str) -> Q:
        """Cards whose name or a current translated name holds ``fragment``: through the trigram
        index of ``search_text`` (which holds both), kept to the names by a row filter. (On
        PostgreSQL an OR of the two columns' own indexes is read as a scan of every card: the
        planner prices a trigram bitmap on ``search_translated`` above it, bench/README.md.)"""
        return contains(self.qs, "search_text", fragment) & named(fragment)

    def _fragment(self, term: Term) -> str:
        fragment = indexed_fragment(term.value)
        if not re.search(r"\w", fragment):
            raise QueryError(
                _("%(term)s has no letter or digit to search for") % {"term": repr(str(term))},
                column=term.column,
                hint=_("remove it or quote what you mean"),
            )
        return fragment

    @staticmethod
    def _plain_text(item: Node) -> bool:
        """A positive word, phrase, name: or o: term (what one FTS5 MATCH can hold)."""
        return (
            isinstance(item, Term)
            and not item.negated
            and item.op in (":", "=")
            and _text_column(item) is not None
        )

    def _key_name(self, term: Term) -> Q:
        return self._text("name", term)

    def _key_text(self, term: Term) -> Q:
        return self._text("text", term)

    def _key_type(self, term: Term) -> Q:
        return Q(type__icontains=term.value.replace(" ", "_").upper())

    def _key_archetype(self, term: Term) -> Q:
        rulesets = [registry.get(self.game)] if self.game in registry else list(registry)
        keys = sorted({rs.archetype_key(term.value) for rs in rulesets} | {canonical_key(term.value)})
        keys = [key for key in keys if key]
        if not keys:
            raise QueryError(
                _("%(term)s names no archetype") % {"term": f"arch:{term.value}"},
                column=term.column,
                hint=_("e.g. %(example)s") % {"example": "arch:gadget"},
            )
        condition = Q()
        for key in keys:
            condition |= contains(self.qs, "archetype_index", f"|{key}|")
        return condition

    def _key_status(self, term: Term) -> Q:
        value = term.value
        status = STATUS_WORDS.get(fold(value).replace(" ", "_")) or (
            value.upper() if value.upper() in Status.values else None
        )
        if status is None:
            raise QueryError(
                _("%(term)s is not a status") % {"term": f"status:{value}"},
                column=term.column,
                hint=_("use draft, review, validated or disabled"),
            )
        return Q(status=status)

    def _key_set(self, term: Term) -> Q:
        return Q(set_code__iexact=term.value)

    def _key_game(self, term: Term) -> Q:
        if term.value.lower() not in registry:
            raise QueryError(
                _("%(term)s is not a game") % {"term": f"game:{term.value}"},
                column=term.column,
                hint=_("the games are %(games)s") % {"games": ", ".join(registry.keys())},
            )
        return Q(game=term.value.lower())

    def _key_lang(self, term: Term) -> Q:
        """Cards readable in a language: written in it (the card's source language, its game's
        unless it says otherwise) or with a current translation into it (VALIDATED, not STALE)."""
        languages = sorted({rs.language for rs in registry} | set(studio_languages()))
        wanted = fold(term.value)
        if wanted not in languages:
            raise QueryError(
                _("%(term)s is not a language cards are written or translated in")
                % {"term": f"lang:{term.value}"},
                column=term.column,
                hint=_("use one of %(choices)s") % {"choices": ", ".join(languages)},
            )
        games = [rs.key for rs in registry if rs.language == wanted]
        # Card.translated_languages: its current translations' languages, kept with their names.
        translated = Q(translated_languages__contains=f"|{wanted}|")
        return Q(source_language=wanted) | Q(source_language="", game__in=games) | translated

    def _key_id(self, term: Term) -> Q:
        return Q(stable_id__iexact=term.value)

    def _key_origin(self, term: Term) -> Q:
        if term.value.upper() not in Origin.values:
            raise QueryError(
                _("%(term)s is not an origin") % {"term": f"origin:{term.value}"},
                column=term.column,
                hint=_("use user or ai"),
            )
        return Q(origin=term.value.upper())

    def _key_method(self, term: Term) -> Q:
        method = METHOD_WORDS.get(fold(term.value).replace(" ", "_"))
        if method is None:
            raise QueryError(
                _("%(term)s is not a creation method") % {"term": f"method:{term.value}"},
                column=term.column,
                hint=_("use imported, manual or ai"),
            )
        return Q(creation_method=method)

    def _key_cites(self, term: Term) -> Q:
        # rules.text.cites in SQL: search_fold glues "&" names and isolates punctuation,
        # so a citation is the padded name as a substring of the name or of the text.
        needle = cited_form(term.value)
        core = needle.strip()
        if not core or not re.match(r"\w", core[0]) or not re.match(r"\w", core[-1]):
            raise QueryError(
                _("%(term)s is not a name") % {"term": f"cites:{term.value}"},
                column=term.column,
                hint=_("give a name that starts and ends with a letter or digit, e.g. %(example)s")
                % {"example": 'cites:"Hattori Heiji"'},
            )
        # A card's name in any language cites it: the names of the cards X is a name of (source or
        # current translation) are looked for too, in the names and texts of the cards and in the
        # texts of their current translations.
        needles = self._names_of_cards_named(needle)
        in_cards = Q()
        for name in needles:
            # In its name, a translated name or its text: one index condition (search_text holds
            # the three), then a row filter.
            cited = named(name) | Q(search_body__contains=name)
            in_cards |= contains(self.qs, "search_text", name) & cited
        translations = current_translations().filter(self._translation_texts_hold(needles))
        return in_cards | self._cards_of(translations)

    @staticmethod
    def _cards_of(translations) -> Q:
        """The cards of ``translations``: their ids, read first (one query through the translations'
        index) when they are few, so that the database ORs two indexed conditions (an OR with a
        subquery reads every card on PostgreSQL); else the subquery."""
        ids = list(translations.order_by().values_list("card_id", flat=True).distinct()[: EAGER_CARDS + 1])
        if len(ids) > EAGER_CARDS:
            return Q(pk__in=translations.values("card_id"))
        return Q(pk__in=ids) if ids else Q()  # Q(): nothing to add to an OR

    def _translation_texts_hold(self, fragments: list[str]) -> Q:
        """Translations whose text holds one of ``fragments`` (each three characters or more),
        through the translations' trigram index (search_index.TRANSLATION_FTS on SQLite)."""
        if _vendor(self.qs) == "sqlite":
            expression = " OR ".join(_fts_phrase("search_body", fragment) for fragment in fragments)
            table = TRANSLATION_FTS
            return Q(pk__in=RawSQL(f"SELECT rowid FROM {table} WHERE {table} MATCH %s", [expression]))
        condition = Q()
        for fragment in fragments:
            condition |= Q(search_body__contains=fragment)
        return condition

    def _names_of_cards_named(self, needle: str) -> list[str]:
        """``needle`` (a :func:`rules.text.search_fold` form) and every name, in any language, of the
        cards (among those searched) whose name or current translated name it is: one query."""
        translated = _translations_named(needle)
        rows = (
            self.qs.filter(Q(search_name=needle) | Q(pk__in=translated.values("card_id")))
            .order_by("pk")
            .values_list("search_name", "search_translated")[:CITES_MAX_CARDS]
        )
        names = {needle}
        for search_name, lines in rows:
            names.add(search_name)
            names.update(line for line in lines.split("\n") if line.strip())
        return sorted(names)

    def _key_is(self, term: Term) -> Q:
        word = fold(term.value).replace(" ", "_")
        if word in ("modified", "user_modified", "usermodified"):
            return Q(user_modified=True)
        if word == "ai":
            return Q(origin=Origin.AI) | Q(creation_method=CreationMethod.AI_GENERATED)
        if word in METHOD_WORDS:
            return Q(creation_method=METHOD_WORDS[word])
        if word in STATUS_WORDS:
            return Q(status=STATUS_WORDS[word])
        spec = self.fields.get(word)
        if spec is not None and spec.kind is Kind.BOOL:
            return Q(**{f"game_fields__{spec.name}": True})
        raise QueryError(
            _("%(term)s is not something a card is") % {"term": f"is:{term.value}"},
            column=term.column,
            hint=_("use modified, ai, imported, manual, a status, or a yes/no field of the game"),
        )

    # --- game fields -------------------------------------------------------------------------
    def _game_field(self, key: str, term: Term) -> Q:
        spec = self.fields[key]
        path = f"game_fields__{spec.name}"
        if spec.kind is Kind.INT:
            try:
                number = int(term.value)
            except ValueError:
                raise QueryError(
                    _("%(field)s is a number, not %(value)s")
                    % {"field": spec.name, "value": repr(term.value)},
                    column=term.column,
                    hint=_("e.g. %(example)s") % {"example": f"{spec.name}<=3"},
                ) from None
            if abs(number) > MAX_NUMBER:
                raise QueryError(
                    _("%(value)s is too large a number for %(field)s")
                    % {"value": term.value, "field": spec.name},
                    column=term.column,
                    hint=_("use a number under %(n)s") % {"n": MAX_NUMBER},
                )
            if term.op in COMPARISONS:
                # JSON null sorts below numbers in PostgreSQL's jsonb order: keep empty values out.
                return Q(**{f"{path}__{COMPARISONS[term.op]}": number}) & ~Q(**{path: None})
            if term.op == "!=":
                return ~Q(**{path: number}) & ~Q(**{path: None})
            return Q(**{path: number})
        if term.op in COMPARISONS:
            raise QueryError(
                _("%(field)s is not a number, it takes ':'") % {"field": spec.name},
                column=term.column,
                hint=_("use %(example)s") % {"example": f"{spec.name}:{term.value}"},
            )
        if spec.kind is Kind.BOOL:
            truth = fold(term.value) in ("true", "yes", "oui", "1", "y")
            if not truth and fold(term.value) not in ("false", "no", "non", "0", "n"):
                raise QueryError(
                    _("%(field)s is yes or no, not %(value)s")
                    % {"field": spec.name, "value": repr(term.value)},
                    column=term.column,
                    hint=_("e.g. %(example)s") % {"example": f"{spec.name}:yes"},
                )
            q = Q(**{path: truth})
        elif spec.kind in (Kind.ENUM, Kind.ENUM_LIST):
            value = term.value.replace(" ", "_").upper()
            q = Q(**{f"{path}__icontains": value})
        else:
            q = Q(**{f"{path}__icontains": term.value})
        return ~q if term.op == "!=" else q


def implied_game(query: Query) -> str | None:
    """The game a query keeps to (a ``game:`` term every match must satisfy), which decides its fields."""
    items = query.root.items if isinstance(query.root, All) and not query.root.negated else (query.root,)
    games = {
        item.value.lower()
        for item in items
        if isinstance(item, Term)
        and not item.negated
        and KEY_ALIASES.get(item.key, item.key) == "game"
        and item.op in (":", "=")
    }
    return games.pop() if len(games) == 1 and next(iter(games)) in registry else None


def card_search(qs: QuerySet, text: str, *, game: str | None = None) -> QuerySet:
    """Cards of ``qs`` matching the query ``text``; raises QueryError for a query that cannot be read."""
    query = parse(text)
    search = CardSearch(qs, game=game or implied_game(query))
    search.ordering(query.order)  # a bad order: is an error here too, never ignored
    return search.filter(query)


def card_find(
    qs: QuerySet, text: str, *, game: str | None = None, default_order=("search_name", "stable_id")
):
    """Cards of ``qs`` matching ``text``, in the query's ``order:`` or else ``default_order``."""
    query = parse(text)
    search = CardSearch(qs, game=game or implied_game(query))
    ordering = search.ordering(query.order)
    return search.filter(query).order_by(*(ordering or default_order)), ordering is not None


# --- terms for links (dashboard, facets): the query that finds a value ---------------------------
STATUS_TERMS = {
    Status.DRAFT: "status:draft",
    Status.NEEDS_REVIEW: "status:review",
    Status.VALIDATED: "status:validated",
    Status.DISABLED: "status:disabled",
}
ORIGIN_TERMS = {Origin.USER: "origin:user", Origin.AI: "origin:ai"}
METHOD_TERMS = {
    CreationMethod.IMPORTED: "method:imported",
    CreationMethod.MANUAL: "method:manual",
    CreationMethod.AI_GENERATED: "method:ai",
}
MODIFIED_TERM = "is:modified"


def term_for(key: str, value: str) -> str:
    """The query term that finds cards whose ``key`` is ``value`` (quoted when needed)."""
    return str(Term(key, ":" if key != "t" else "=", value))
