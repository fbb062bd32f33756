"""The version of a card a client says it read, however it sends it."""

from __future__ import annotations

import re
from typing import Any

from rules.findings import error

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
        raise InvalidInput(
            [error("FIELD_INVALID", f'{source} must be the card\'s version number, e.g. "3"', field=source)]
        )
    return int(match.group(1))
