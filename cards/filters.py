"""Filters of the card list: FORMATS.md's, plus provenance and archetype."""

import django_filters
from rest_framework.exceptions import ValidationError

from common.i18n import game_name
from rules import registry

from .models import Card, CreationMethod, Origin, Status
from .query import QueryError
from .search import card_find
from .selectors import filter_archetype, filter_cites, filter_text

DEFAULT_ORDER = tuple(Card._meta.ordering)


class BadQuery(ValidationError):
    """400: the query's message under ``query``, with ``column`` (a number, from 1) and ``hint``."""

    def __init__(self, exc: QueryError):
        super().__init__()
        self.detail = {"query": [str(exc)], "column": exc.column, "hint": exc.hint, "reason": exc.reason}


def _games():
    return [(key, game_name(key)) for key in registry.keys()]


class CardFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=_games)
    type = django_filters.CharFilter()
    status = django_filters.ChoiceFilter(choices=Status.choices)
    set = django_filters.CharFilter(field_name="set_code", lookup_expr="iexact")
    origin = django_filters.ChoiceFilter(choices=Origin.choices)
    creationMethod = django_filters.ChoiceFilter(field_name="creation_method", choices=CreationMethod.choices)
    userModified = django_filters.BooleanFilter(field_name="user_modified")
    archetype = django_filters.CharFilter(
        method="filter_archetype", help_text="A printed label or canonical key; aliases apply."
    )
    q = django_filters.CharFilter(
        method="filter_q", help_text="Free text; every word must match; case and accents ignored."
    )
    query = django_filters.CharFilter(
        method="filter_query",
        help_text="The studio's query language (as on the card browser; see /cards/help/), "
        "e.g. t:unit cost<=3 -status:disabled order:cost. A query that does not parse answers 400 "
        "with the column and a hint.",
    )
    cites = django_filters.CharFilter(
        method="filter_cites",
        help_text='Cards citing X in their title or text ("Chianti" does not match "Chianti & Korn").',
    )

    class Meta:
        model = Card
        fields = []

    def filter_archetype(self, qs, name, value):
        return filter_archetype(qs, value, game=self.data.get("game"))

    def filter_q(self, qs, name, value):
        return filter_text(qs, value)

    def filter_query(self, qs, name, value):
        try:
            results, _ = card_find(qs, value, game=self.data.get("game") or None, default_order=DEFAULT_ORDER)
        except QueryError as exc:
            raise BadQuery(exc) from None
        return results

    def filter_cites(self, qs, name, value):
        try:
            return filter_cites(qs, value)
        except QueryError as exc:
            raise ValidationError({"cites": [exc.reason], "hint": exc.hint}) from None
