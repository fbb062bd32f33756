"""Run a card-browser query (:mod:`cards.query`) against the database.

Keys (see the help page, ``templates/cards/help.html``, at /cards/help/):

- ``t:`` / ``type:`` card type (part of it: ``t:unit`` finds UNIT and CHAMPION_UNIT;
  ``t=unit`` only UNIT)
- ``name:`` / ``n:`` and ``o:`` / ``text:`` words in the name / the text
- ``arch:`` / ``archetype:`` a printed archetype or its canonical key (aliases apply)
- ``status:`` / ``s:``, ``set:`` / ``e:``, ``game:`` / ``g:``, ``id:``
- ``origin:`` (user, ai), ``method:`` (imported, manual, ai), ``is:`` (modified,
  ai, imported, manual, validated, draft, review, disabled, and boolean game
  fields such as sentinel, unique, signature)
- ``cites:`` cards citing X in their title or text (the seed's meaning)
- any field of a game's rule set: numbers compare (``cost<=3``, ``grade=0``,
  ``level>=5``), others match (``trigger:heal``, ``clan:"royal paladin"``,
  ``domains:fury``, ``behavior:equipment``)

Case and accents are ignored everywhere.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from rules import registry
from rules.fields import Kind
from rules.text import cites, fold, search_terms

from .models import CreationMethod, Origin, Status
from .query import Query, QueryError, Term, parse
from .selectors import filter_archetype

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
    "id",
    "origin",
    "method",
    "is",
    "cites",
)


def _game_fields(game: str | None) -> dict[str, object]:
    """Folded field name -> FieldSpec, over the given game or every game."""
    rulesets = [registry.get(game)] if game in registry else list(registry)
    fields: dict[str, object] = {}
    for ruleset in rulesets:
        for spec in ruleset.fields:
            fields.setdefault(spec.name.lower(), spec)
    return fields


class CardSearch:
    """Filters for one parsed query; ``game`` narrows which game fields exist."""

    def __init__(self, qs: QuerySet, game: str | None = None):
        self.qs = qs
        self.game = game
        self.fields = _game_fields(game)

    def filter(self, query: Query) -> QuerySet:
        if query.is_empty:
            return self.qs
        condition = Q()
        for terms in query.alternatives:
            conjunction = Q()
            for term in terms:
                q = self.term(term)
                conjunction &= ~q if term.negated else q
            condition |= conjunction
        return self.qs.filter(condition)

    # --- one term ---------------------------------------------------------------------------
    def term(self, term: Term) -> Q:
        if term.key is None:
            return self._words(term.value)
        key = KEY_ALIASES.get(term.key, term.key)
        if key in self.fields and key not in SEARCH_KEYS:
            return self._game_field(key, term)
        handler = getattr(self, f"_key_{key}", None)
        if handler is None:
            known = ", ".join(sorted({*SEARCH_KEYS, *self.fields}))
            raise QueryError(f"unknown key {term.key!r} in {term}; the keys are: {known}")
        if term.op not in (":", "=", "!=") and key != "id":
            raise QueryError(f"{term}: {key} takes ':' (e.g. {key}:{term.value}), not {term.op!r}")
        if key == "type" and term.op in ("=", "!="):
            q = Q(type=term.value.replace(" ", "_").upper())
        else:
            q = handler(term.value)
        return ~q if term.op == "!=" else q

    def _words(self, text: str) -> Q:
        q = Q()
        for word in search_terms(text):
            q &= Q(search_text__contains=word)
        return q

    def _matching(self, attribute: str, text: str) -> Q:
        """Cards whose ``attribute`` (name or text) holds every word of ``text``, accents ignored."""
        words = search_terms(text)
        candidates = self.qs.filter(self._words(text)).values_list("pk", attribute)
        return Q(pk__in=[pk for pk, value in candidates if all(w in fold(value) for w in words)])

    def _key_name(self, value: str) -> Q:
        return self._matching("name", value)

    def _key_text(self, value: str) -> Q:
        return self._matching("text", value)

    def _key_type(self, value: str) -> Q:
        return Q(type__icontains=value.replace(" ", "_").upper())

    def _key_archetype(self, value: str) -> Q:
        return Q(pk__in=filter_archetype(self.qs, value, game=self.game).values("pk"))

    def _key_status(self, value: str) -> Q:
        status = STATUS_WORDS.get(fold(value).replace(" ", "_")) or (
            value.upper() if value.upper() in Status.values else None
        )
        if status is None:
            raise QueryError(f"status:{value}: use draft, review, validated or disabled")
        return Q(status=status)

    def _key_set(self, value: str) -> Q:
        return Q(set_code__iexact=value)

    def _key_game(self, value: str) -> Q:
        if value.lower() not in registry:
            raise QueryError(f"game:{value}: the games are {', '.join(registry.keys())}")
        return Q(game=value.lower())

    def _key_id(self, value: str) -> Q:
        return Q(stable_id__iexact=value)

    def _key_origin(self, value: str) -> Q:
        if value.upper() not in Origin.values:
            raise QueryError(f"origin:{value}: use user or ai")
        return Q(origin=value.upper())

    def _key_method(self, value: str) -> Q:
        method = METHOD_WORDS.get(fold(value).replace(" ", "_"))
        if method is None:
            raise QueryError(f"method:{value}: use imported, manual or ai")
        return Q(creation_method=method)

    def _key_cites(self, value: str) -> Q:
        candidates = self.qs.filter(self._words(value)).values_list("pk", "name", "text")
        return Q(pk__in=[pk for pk, name, text in candidates if cites(value, (name, text))])

    def _key_is(self, value: str) -> Q:
        word = fold(value).replace(" ", "_")
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
            f"is:{value}: use modified, ai, imported, manual, a status, or a yes/no field of the game"
        )

    # --- game fields -------------------------------------------------------------------------
    def _game_field(self, key: str, term: Term) -> Q:
        spec = self.fields[key]
        path = f"game_fields__{spec.name}"
        if spec.kind is Kind.INT:
            try:
                number = int(term.value)
            except ValueError:
                raise QueryError(f"{term}: {spec.name} is a number, e.g. {spec.name}<=3") from None
            if abs(number) > MAX_NUMBER:
                raise QueryError(f"{term}: {term.value} is too large a number for {spec.name}")
            if term.op in COMPARISONS:
                # JSON null sorts below numbers in PostgreSQL's jsonb order: keep empty values out.
                return Q(**{f"{path}__{COMPARISONS[term.op]}": number}) & ~Q(**{path: None})
            if term.op == "!=":
                return ~Q(**{path: number}) & ~Q(**{path: None})
            return Q(**{path: number})
        if term.op in COMPARISONS:
            raise QueryError(f"{term}: {spec.name} is not a number; use {spec.name}:{term.value}")
        if spec.kind is Kind.BOOL:
            truth = fold(term.value) in ("true", "yes", "oui", "1", "y")
            if not truth and fold(term.value) not in ("false", "no", "non", "0", "n"):
                raise QueryError(f"{term}: {spec.name} is yes or no")
            q = Q(**{path: truth})
        elif spec.kind in (Kind.ENUM, Kind.ENUM_LIST):
            value = term.value.replace(" ", "_").upper()
            q = Q(**{f"{path}__icontains": value})
        else:
            q = Q(**{f"{path}__icontains": term.value})
        return ~q if term.op == "!=" else q


def card_search(qs: QuerySet, text: str, *, game: str | None = None) -> QuerySet:
    """Cards of ``qs`` matching the query ``text``; raises QueryError for a query that cannot be read."""
    return CardSearch(qs, game=game).filter(parse(text))


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
