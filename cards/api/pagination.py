"""The card list's pagination: no COUNT when the page shows the end, a bounded one otherwise."""

from __future__ import annotations

from collections import OrderedDict

from django.utils.translation import gettext
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from common.api import Pagination

# A count beyond this is reported as "at least": counting further would scan without limit.
MAX_COUNT = 1000
# Deep offsets read every row before them (and overflow the database's integers): refuse them.
MAX_OFFSET = 1_000_000


class CardPagination(Pagination):
    """Page-number pagination that reads one row past the page instead of counting every match.

    The page query fetches ``pageSize + 1`` rows: when the page is the last one,
    the count follows from it; otherwise one COUNT over at most ``MAX_COUNT``
    rows of the same filtered set gives it (``countIsLowerBound`` when capped).
    """

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        size = self.get_page_size(request)
        raw = request.query_params.get(self.page_query_param, "1")
        try:
            number = int(raw)
            if number < 1:
                raise ValueError
        except ValueError:
            raise NotFound(
                gettext("page %(raw)s is no page number; pages count from 1") % {"raw": repr(raw)}
            ) from None
        offset = (number - 1) * size
        if offset > MAX_OFFSET:
            raise NotFound(
                gettext("page %(number)s is past the last page (pages reach %(value)s at most)")
                % {"number": number, "value": MAX_OFFSET // size + 1}
            )
        rows = list(queryset[offset : offset + size + 1])
        if not rows and number > 1:
            raise NotFound(gettext("page %(number)s is past the last page") % {"number": number})
        self.has_next = len(rows) > size
        self.number = number
        self.capped = False
        if not self.has_next:
            self.total = offset + len(rows)
        else:
            self.total = queryset.order_by()[:MAX_COUNT].count()
            self.capped = self.total >= MAX_COUNT
            self.total = max(self.total, offset + size + 1)
        return rows[:size]

    def _link(self, number: int) -> str | None:
        from rest_framework.utils.urls import remove_query_param, replace_query_param

        url = self.request.build_absolute_uri()
        if number == 1:
            return remove_query_param(url, self.page_query_param)
        return replace_query_param(url, self.page_query_param, number)

    def get_paginated_response(self, data):
        body = OrderedDict(
            [
                ("count", self.total),
                ("next", self._link(self.number + 1) if self.has_next else None),
                ("previous", self._link(self.number - 1) if self.number > 1 else None),
                ("results", data),
            ]
        )
        if self.capped:
            body["countIsLowerBound"] = True
        return Response(body)

    def get_paginated_response_schema(self, schema):
        described = super().get_paginated_response_schema(schema)
        described["properties"]["countIsLowerBound"] = {
            "type": "boolean",
            "description": f"Present (true) when more than {MAX_COUNT} cards match: count is then a lower bound.",
        }
        return described
