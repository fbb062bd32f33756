"""The version of a card a client says it read, however it sends it (If-Match, a JSON field, a
form field), and the ETag it gets back. One reader, so that no malformed version is ever taken
as "no version", which would skip the check that the card did not change meanwhile."""

from __future__ import annotations

import re
from typing import Any

from rules.problems import invalid, problem

from .errors import InvalidInput

# "3", "\"3\"" or W/"3" (an ETag as browsers and HTTP clients send it back); at most 18 digits.
VERSION = re.compile(r'\s*(?:W/)?"?(\d{1,18})"?\s*')


def read_version(raw: Any, *, source: str = "version") -> int | None:
    """The version number in ``raw`` (an If-Match header, a JSON number, a form field); None when
    none is given or ``*``. Anything else is refused, never taken as "no version": that would skip
    the check that the card did not change meanwhile."""
    if raw is None or (isinstance(raw, str) and raw.strip() == "*"):
        return None
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    match = VERSION.fullmatch(str(raw))
    if not match:
        raise InvalidInput([invalid(source, problem("CARD_VERSION_NUMBER"))])
    return int(match.group(1))


def if_match_version(request) -> int | None:
    """The version in a request's If-Match header (None: no header, or ``*``)."""
    return read_version(request.headers.get("If-Match"), source="If-Match")


def requested_version(request, body: dict | None = None) -> int | None:
    """The version an API client read: its If-Match header first, else ``version`` in the body."""
    if request.headers.get("If-Match") is not None:
        return if_match_version(request)
    return read_version((body or {}).get("version"))


def posted_version(data, *names: str) -> int | None:
    """The version a page's form sent: the first of the fields ``names`` that is not empty (None: none is)."""
    for name in names or ("version",):
        raw = (data.get(name) or "").strip()
        if raw:
            return read_version(raw, source=name)
    return None


def etag(version: int) -> str:
    """The ETag of a card version, as If-Match sends it back."""
    return f'"{version}"'


def with_etag(response, version: int):
    response["ETag"] = etag(version)
    return response
