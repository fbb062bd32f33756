"""Filters of the review queue: the card filters (provenance included), plus the audit list, the
author of the latest change and whether playtests have figures of the card."""

import django_filters

from cards.filters import CardFilter
from cards.models import Status
from playstats.selectors import figured_stable_ids
from rules.audit import REVIEW_LISTS

from .selectors import in_review_list, last_author


class ReviewQueueFilter(CardFilter):
    status = django_filters.ChoiceFilter(choices=[(s, s) for s in (Status.DRAFT, Status.NEEDS_REVIEW)])
    list = django_filters.ChoiceFilter(
        choices=[(name, name) for name in REVIEW_LISTS],
        method="filter_list",
        help_text="Cards in this review list of their game's latest audit.",
    )
    author = django_filters.CharFilter(
        method="filter_author", help_text="Who wrote the card's latest revision (exact name)."
    )
    figures = django_filters.BooleanFilter(
        method="filter_figures", help_text="Whether playtests have figures of the card (any version)."
    )

    def filter_list(self, qs, name, value):
        return in_review_list(qs, value)

    def filter_author(self, qs, name, value):
        return qs.annotate(last_author=last_author()).filter(last_author=value)

    def filter_figures(self, qs, name, value):
        played = figured_stable_ids()
        return qs.filter(stable_id__in=played) if value else qs.exclude(stable_id__in=played)
