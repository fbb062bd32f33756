"""What is wrong with a value, as a key with params: the ``problem`` of a finding, language-free.

A finding whose message carries a free-text ``problem`` (FIELD_TYPE "must be a whole number",
DECKLIST_INVALID "the count must be from 1 to 99") also carries that problem coded: its
``problemKey`` and ``problemParams`` (:meth:`Problem.params`). The English ``problem`` stays for
logs, tools and English readers; the pages, the API and the commands render the problem in the
reader's language from its key (``common/finding_messages.py``, ``PROBLEMS``), as they render
the finding's message from its code. Keys never change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    key: str
    text: str
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        return self.text

    def replace(self, text: str) -> Problem:
        """The same problem said in other English words (the key and values stay)."""
        return Problem(self.key, text, self.values)


def problem(key: str, text: str, **values: Any) -> Problem:
    return Problem(key, text, dict(values))


def key_of(found: Problem | str | None) -> str | None:
    return found.key if isinstance(found, Problem) else None


def values_of(found: Problem | str | None) -> dict[str, Any]:
    return dict(found.values) if isinstance(found, Problem) else {}
