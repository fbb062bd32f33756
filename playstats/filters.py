"""The filters of the statistics' routes and pages: format, source, period, card version."""

from __future__ import annotations

import datetime as dt
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

from common.errors import InvalidInput
from common.numbers import ascii_whole
from rules.i18n import N_
from rules.problems import Problem, invalid, problem

from . import selectors

FILTERS = [
    OpenApiParameter("format", OpenApiTypes.STR, description="a deck format's key"),
    OpenApiParameter(
        "source",
        OpenApiTypes.STR,
        enum=["table", "paper", "free", "simulated"],
        description=(
            "games played by the rules at a table, on paper, at a free table, or by the simulation lab's "
            "bots (default: the first two)"
        ),
    ),
    OpenApiParameter("since", OpenApiTypes.DATE, description="games played on or after this day"),
    OpenApiParameter("until", OpenApiTypes.DATE, description="games played on or before this day"),
    OpenApiParameter("version", OpenApiTypes.INT, description="one card version only"),
]


def _bad(field: str, why: Problem, hint: str) -> InvalidInput:
    return InvalidInput([invalid(field, why, hint=hint)])


def filters_from(query) -> selectors.Filters:
    """The filters of a request's query, or a 400 naming the bad one."""
    values: dict[str, Any] = {}
    fmt = query.get("format", "")
    if len(fmt) > 64:
        raise _bad(
            "format", problem("TOO_LONG", maximum=64, observed=len(fmt)), N_("send a deck format's key")
        )
    values["format"] = fmt
    source = query.get("source", "")
    if source not in ("", "table", "paper", "free", "simulated"):
        raise _bad(
            "source",
            problem("NOT_ALLOWED", value=repr(source[:20]), expected=["table", "paper", "free", "simulated"]),
            N_("send table, paper or free, or nothing for the games played by the rules and on paper"),
        )
    values["source"] = source
    for name in ("since", "until"):
        raw = query.get(name)
        if raw:
            try:
                values[name] = dt.date.fromisoformat(raw)
            except ValueError:
                raise _bad(name, problem("DAY"), N_("send a day such as 2026-12-01"))
    raw = query.get("version")
    if raw:
        if ascii_whole(raw, digits=9) is None:  # ASCII digits only
            raise _bad("version", problem("VERSION_NUMBER"), N_("send a card version, e.g. 3"))
        values["version"] = int(raw)
    return selectors.Filters(**values)
