"""Findings: what a check has to say, as values.

Like ``django.core.checks`` messages, a finding has a stable ``code`` that tools
rely on (each one in the catalogue, :mod:`rules.codes`), a ``severity``, where
it applies (deck section, card, field), the ``params`` of its message (the numbers
and names in it: observed, expected, card, section...), its message for people
(English in the core: its code's template filled with the params, :mod:`rules.messages`;
the web layer renders the same template in the reader's language) and a ``hint``
(how to fix it), kept apart from the message as ``CheckMessage`` keeps its hint. Checks return every finding they have; they
never stop at the first one.

A finding's words are written once: :func:`error` and :func:`warning` take a code and its params,
never a message (a value the code's templates cannot say is a problem, :mod:`rules.problems`), and
``hint=HINT`` takes the code's hint template. ``Finding(...)`` itself still takes a message: a
stored result read back (:meth:`Finding.from_dict`) keeps the words it was stored with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as attribute
from typing import Any

from . import messages
from .severity import Severity

# A finding or a problem whose code (or key) has no template its params fill: production keeps the
# code as its message (a page still says something); the test suite turns STRICT on
# (tests/conftest.py), so that such an emit site fails the tests instead.
STRICT = False


class MissingTemplate(LookupError):
    """A finding (or a problem) raised with params that fill none of its code's templates."""


class _HintTemplate:
    def __repr__(self) -> str:
        return "HINT"


# ``hint=HINT``: the finding's hint is its code's hint template (``Code.hints``) filled with its
# params, in English (``rules.messages.hint``), as the web layer renders it in the reader's language.
HINT = _HintTemplate()


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    severity: Severity = Severity.ERROR
    section: str | None = None
    card: str | None = None
    field: str | None = None
    params: Mapping[str, Any] = attribute(default_factory=dict, hash=False)
    hint: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == Severity.ERROR

    def to_dict(self) -> dict:
        data: dict[str, Any] = {
            "code": self.code,
            "severity": str(self.severity),
            "section": self.section,
            "card": self.card,
            "message": self.message,
        }
        if self.field is not None:
            data["field"] = self.field
        if self.params:
            data["params"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()}
        if self.hint:
            data["hint"] = self.hint
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Finding:
        return cls(
            code=data["code"],
            message=data["message"],
            severity=Severity(data.get("severity", "error")),
            section=data.get("section"),
            card=data.get("card"),
            field=data.get("field"),
            params=dict(data.get("params") or {}),
            hint=data.get("hint") or "",
        )


def _params(params: Mapping[str, Any] | None, where: Mapping[str, Any]) -> dict[str, Any]:
    # An emitter that names no params still says where: the section, card and field of its message.
    if params is None:
        return {key: value for key, value in where.items() if value is not None}
    return dict(params)


def _made(
    code: str, severity: Severity, params: Mapping[str, Any] | None, hint: str | _HintTemplate, where
) -> Finding:
    if "message" in where:
        raise TypeError(f"{code}: a finding's message is its code's template; give its params, not words")
    values = _params(params, where)
    # Written once: the code's template (rules.codes) filled with the params, in English. A code
    # whose templates the params do not fill says its code (MissingTemplate under the suite: STRICT).
    message = messages.message(code, values)
    if message is None:
        if STRICT:
            raise MissingTemplate(f"{code}: no template its params {sorted(values)} fill")
        message = code
    if isinstance(hint, _HintTemplate):
        said = messages.hint(code, values)
        if said is None and STRICT:
            raise MissingTemplate(f"{code}: no hint template its params {sorted(values)} fill")
        hint = said or ""
    return Finding(code, message, severity, params=values, hint=hint, **where)


def error(
    code: str, *, params: Mapping[str, Any] | None = None, hint: str | _HintTemplate = "", **where
) -> Finding:
    """An error of ``code``; its message is the code's template filled with ``params`` (there is no
    message to give: a text written here would be English only, and written twice)."""
    return _made(code, Severity.ERROR, params, hint, where)


def warning(
    code: str, *, params: Mapping[str, Any] | None = None, hint: str | _HintTemplate = "", **where
) -> Finding:
    """A warning of ``code``; its message is the code's template filled with ``params``."""
    return _made(code, Severity.WARNING, params, hint, where)


def has_errors(findings) -> bool:
    return any(f.is_error for f in findings)
