"""Filters of the deck list: game, format, owner, legal (and stale)."""

import django_filters

from ..models import Deck, _games


class DeckFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=_games)
    format = django_filters.CharFilter(field_name="format__key", help_text="A format key, e.g. standard.")
    owner = django_filters.CharFilter(field_name="owner__username", help_text="A username.")
    legal = django_filters.BooleanFilter(
        method="filter_legal",
        help_text="Decks whose up-to-date result is (not) legal; stale decks match neither.",
    )
    stale = django_filters.BooleanFilter(help_text="Decks waiting for revalidation.")

    class Meta:
        model = Deck
        fields = []

    def filter_legal(self, qs, name, value):
        # A stale deck's stored verdict is outdated: never report it as legal (or illegal) from it.
        return qs.filter(legal=value, stale=False)
