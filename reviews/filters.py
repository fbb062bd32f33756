"""Filters of the review queue: the card filters (provenance included), plus the audit list."""

import django_filters

from cards.filters import CardFilter
from cards.models import Status
from rules.audit import REVIEW_LISTS

from .selectors import in_review_list


class ReviewQueueFilter(CardFilter):
    status = django_filters.ChoiceFilter(choices=[(s, s) for s in (Status.DRAFT, Status.NEEDS_REVIEW)])
    list = django_filters.ChoiceFilter(
        choices=[(name, name) for name in REVIEW_LISTS],
        method="filter_list",
        help_text="Cards in this review list of their game's latest audit.",
    )

    def filter_list(self, qs, name, value):
        return in_review_list(qs, value)
