"""Findings: what a check has to say, as values.

Like ``django.core.checks`` messages, a finding has a stable ``code`` that tools
rely on, a ``severity``, where it applies (deck section, card, field) and a
message for people. Checks return every finding they have; they never stop at
the first one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    severity: Severity = Severity.ERROR
    section: str | None = None
    card: str | None = None
    field: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == Severity.ERROR

    def to_dict(self) -> dict:
        data = {
            "code": self.code,
            "severity": str(self.severity),
            "section": self.section,
            "card": self.card,
            "message": self.message,
        }
        if self.field is not None:
            data["field"] = self.field
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
        )


def error(code: str, message: str, **where) -> Finding:
    return Finding(code, message, Severity.ERROR, **where)


def warning(code: str, message: str, **where) -> Finding:
    return Finding(code, message, Severity.WARNING, **where)


def has_errors(findings) -> bool:
    return any(f.is_error for f in findings)
