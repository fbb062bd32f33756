"""Filters of the card list: FORMATS.md's, plus provenance and archetype."""

import django_filters

from rules import registry

from .models import Card, CreationMethod, Origin, Status
from .selectors import filter_archetype, filter_cites, filter_text


def _games():
    return [(key, registry.get(key).name) for key in registry.keys()]


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

    def filter_cites(self, qs, name, value):
        return filter_cites(qs, value)
