"""What every piece of client input passes before any code reads it.

One reader of JSON for the whole studio (the API's parsers, the pages' JSON fields, deck files):
limits on size and nesting, no NaN or Infinity, and no NUL character anywhere (PostgreSQL refuses them in text, so they would surface as a 500). Query
strings, form fields and paths get the same NUL check (``studio.middleware``). Each refusal is a
:class:`BadInput` with a message that says what and where.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

# The integer columns the studio has: Django's IntegerField/PositiveIntegerField are 32-bit on
# PostgreSQL, BigIntegerField 64-bit; a value beyond the column is a database error (a 500).
INT32_MAX = 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


class BadInput(ValueError):
    """Client input no code should see; the message says what and where (``field``, when one)."""

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(message)


def max_depth() -> int:
    return settings.JSON_MAX_DEPTH


def _where(path: list) -> str:
    return "".join(f"[{p!r}]" if isinstance(p, str) else f"[{p}]" for p in path) or "the document"


def _constant(name: str):
    raise BadInput(_("%(value)s is not a JSON number; send a finite number or null") % {"value": name})


def loads(text: str | bytes) -> Any:
    """``json.loads`` for client input: :class:`BadInput` for what :func:`check` refuses (and NaN,
    Infinity, too large or too deep), ``json.JSONDecodeError`` for malformed JSON."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadInput(_("the document is not UTF-8: %(error)s") % {"error": exc}) from None
    if len(text) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        raise BadInput(
            _("the document is larger than %(limit)s bytes") % {"limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
        )
    try:
        value = json.loads(text, parse_constant=_constant)
    except RecursionError:
        raise BadInput(
            _("the document is nested too deeply (at most %(depth)s levels)") % {"depth": max_depth()}
        ) from None
    except json.JSONDecodeError:
        raise  # callers say where (line, column) in their own words
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise BadInput(str(exc)) from None
    check(value)
    return value


def check(value: Any, *, path: Iterable = ()) -> Any:
    """Refuse NUL characters (in keys and strings) and nesting beyond the limit.

    Numbers are left to where they are stored: a card's fields keep any whole number (JSON), an
    integer column takes what :func:`int_in_column` allows.

    Iterative, so a deep document cannot exhaust the stack; answers ``value`` unchanged.
    """
    limit = max_depth()
    stack: list[tuple[Any, list, int]] = [(value, list(path), 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise BadInput(
                    _("%(where)s contains a NUL character (\\u0000), which text may not hold")
                    % {"where": _where(where)}
                )
            _check_encodable(item, where)
        elif isinstance(item, dict | list | tuple):
            if depth >= limit:
                raise BadInput(
                    _("the document is nested too deeply (at most %(depth)s levels)") % {"depth": limit}
                )
            if isinstance(item, dict):
                for key, child in item.items():
                    if isinstance(key, str) and "\x00" in key:
                        raise BadInput(
                            _("a key in %(where)s contains a NUL character (\\u0000)")
                            % {"where": _where(where)}
                        )
                    if isinstance(key, str):
                        _check_encodable(key, where, key=True)
                    stack.append((child, [*where, key], depth + 1))
            else:
                stack.extend((child, [*where, i], depth + 1) for i, child in enumerate(item))
    return value


def _check_encodable(text: str, where: list, *, key: bool = False) -> None:
    """Refuse a lone surrogate (``"\\udc80"``): JSON may escape one, but it is no character, and
    no UTF-8 text (an answer, a database row) can hold it."""
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = f"\\u{ord(text[exc.start]):04x}"
        if key:
            message = _(
                "a key in %(where)s contains %(code)s, half of a surrogate pair and no character; "
                "send the whole character or remove it"
            )
        else:
            message = _(
                "%(where)s contains %(code)s, half of a surrogate pair and no character; "
                "send the whole character or remove it"
            )
        raise BadInput(message % {"where": _where(where), "code": code}, field=_field(where)) from None


def _field(where: list) -> str | None:
    return where[0] if where and isinstance(where[0], str) else None


def check_querydict(data, *, what: str) -> None:
    """Refuse a NUL character in the keys or values of a QueryDict (query string, form fields)."""
    for key, values in data.lists():
        if "\x00" in key:
            raise BadInput(_("a %(what)s name contains a NUL character") % {"what": what}, field=key)
        for value in values:
            if isinstance(value, str) and "\x00" in value:
                raise BadInput(
                    _("the %(what)s %(name)s contains a NUL character (\\u0000), which text may not hold")
                    % {"what": what, "name": key},
                    field=key,
                )
