"""Errors raised by services, independent of how they are reported.

The API maps them to HTTP statuses (``common.api.exception_handler``), the
commands to exit statuses and messages, the pages to form errors. Each carries
a message for people and, for bad input, every finding that names a field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules import Finding


class StudioError(Exception):
    status_code = 400

    def __init__(
        self, message: str, findings: Iterable[Finding] = (), *, context: Mapping[str, Any] | None = None
    ):
        self.message = message
        # The findings behind the refusal, when there are some (each names its card and field).
        self.findings = list(findings)
        # What a client needs to act on the refusal, beside the findings (a table's current seq, to
        # catch up from): the API adds it to the error's body.
        self.context = dict(context or {})
        super().__init__(message)

    @property
    def finding(self) -> Finding | None:
        """The first finding (a refusal of one move, one write, has one), or None."""
        return self.findings[0] if self.findings else None


class InvalidInput(StudioError):
    """Bad input: every problem, each naming its field (and card) where it can."""

    status_code = 400

    def __init__(
        self,
        findings: Iterable[Finding],
        message: str | None = None,
        *,
        context: Mapping[str, Any] | None = None,
    ):
        findings = list(findings)
        # A message made of the findings' is made again in the reader's language (reader_message).
        self.from_findings = not message and bool(findings)
        super().__init__(
            message or "; ".join(f.message for f in findings) or "invalid input", findings, context=context
        )

    def reader_message(self) -> str:
        """The message in the reader's language (the findings' own, or the one given)."""
        if self.from_findings:
            from .finding_messages import message

            return "; ".join(message(f) for f in self.findings)
        return str(self.message)

    def by_field(self) -> dict[str, list[str]]:
        from .finding_messages import message

        errors: dict[str, list[str]] = {}
        for finding in self.findings:
            errors.setdefault(finding.field or "non_field_errors", []).append(message(finding))
        return errors


class Forbidden(StudioError):
    status_code = 403


class Conflict(StudioError):
    status_code = 409


class StaleVersion(StudioError):
    """The client edited an older version than the stored one: nothing was changed."""

    status_code = 412

    def __init__(self, expected: int, current: int, what: str = "card"):
        self.expected = expected
        self.current = current
        super().__init__(
            f"the {what} changed since you read it (you sent version {expected}, it is now at version {current}); "
            "reload it, reapply your change and save again"
        )
