"""The card browser's query language, in the spirit of Scryfall's.

    t:unit cost<=3 arch:gadget status:draft set:BT01 cites:"Hattori Heiji" kazuha

A query is terms separated by spaces, all of which must hold; ``or`` between
terms makes alternatives; ``-`` before a term negates it. A term is a free
word (or a "quoted phrase"), or ``key`` + operator + value where the operator
is ``:`` ``=`` ``!=`` ``<`` ``<=`` ``>`` ``>=``. Values may be quoted.

This module only parses (pure Python); :mod:`cards.search` turns the result
into database filters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")


class QueryError(ValueError):
    """A query that cannot be understood; the message says where and how to fix it."""


@dataclass(frozen=True, slots=True)
class Term:
    key: str | None  # None: a free word or phrase
    op: str
    value: str
    negated: bool = False

    def __str__(self) -> str:
        value = f'"{self.value}"' if " " in self.value or not self.value else self.value
        text = value if self.key is None else f"{self.key}{self.op}{value}"
        return f"-{text}" if self.negated else text


@dataclass(frozen=True, slots=True)
class Query:
    """Alternatives (``or``), each a conjunction of terms."""

    alternatives: tuple[tuple[Term, ...], ...]

    @property
    def is_empty(self) -> bool:
        return not any(self.alternatives)


_TOKEN = re.compile(
    r"""
    \s*(?:
        (?P<neg>-)?
        (?:(?P<key>[A-Za-z][A-Za-z_]*)(?P<op><=|>=|!=|:|=|<|>))?
        (?:"(?P<quoted>[^"]*)"|(?P<bare>[^\s"]+))?
    )
    """,
    re.VERBOSE,
)


def parse(text: str) -> Query:
    """Parse ``text``; raise :class:`QueryError` with the position of what is wrong."""
    if text.count('"') % 2:
        raise QueryError('a quote (") is not closed; close it or remove it')
    groups: list[list[Term]] = [[]]
    pos = 0
    text = text.strip()
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise QueryError(f"cannot read the query at character {pos + 1}: {text[pos : pos + 20]!r}")
        pos = match.end()
        key, op = match.group("key"), match.group("op")
        quoted, bare = match.group("quoted"), match.group("bare")
        value = quoted if quoted is not None else (bare or "")
        negated = bool(match.group("neg"))
        if key is None and not negated and quoted is None and value.lower() == "or":
            if not groups[-1]:
                raise QueryError("'or' must stand between two terms")
            groups.append([])
            continue
        if key is not None and value == "" and quoted is None:
            raise QueryError(f'{key}{op} needs a value, e.g. {key}{op}3 or {key}{op}"two words"')
        if key is None and value == "":
            if negated:
                raise QueryError("'-' must be followed by a term, e.g. -t:leader")
            continue
        groups[-1].append(Term(key.lower() if key else None, op or ":", value, negated))
    if len(groups) > 1 and not groups[-1]:
        raise QueryError("'or' must stand between two terms")
    return Query(tuple(tuple(group) for group in groups if group))
