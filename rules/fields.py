"""Declarations of a game's card fields.

A rule set declares its fields as data: the kind of value, which card types
have the field, for which it is required or must stay empty, the allowed values
and ranges. Two levels of checks come out of one declaration:

* **shape** (:meth:`FieldSpec.shape_error`): a value of the wrong kind or not
  among the allowed values can never be stored; imports and the API refuse it;
* **content** (:meth:`FieldSpec.content_findings`): a missing required value,
  a number out of range, a value on a card type that must not have it. Such a
  card can be saved (as a draft, or NEEDS_REVIEW), but not VALIDATED, and the
  audits list it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .findings import HINT, Finding, error
from .i18n import N_
from .problems import Problem, problem
from .text import shown

STR_MAX_LENGTH = 200


class Kind(StrEnum):
    INT = "integer"
    STR = "string"
    BOOL = "boolean"
    ENUM = "one of a fixed list"
    ENUM_LIST = "list of values from a fixed list"
    STR_LIST = "list of strings"


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    kind: Kind
    label: str = ""
    # Card types that have this field; None: every card type of the game.
    types: frozenset[str] | None = None
    # Card types for which a value is required / must be empty (null, absent).
    required_for: frozenset[str] = frozenset()
    forbidden_for: frozenset[str] = frozenset()
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    # The audit list a card goes to when this required field is missing (None: NEEDS_REVIEW).
    review_list_when_missing: str | None = None

    def applies_to(self, card_type: str) -> bool:
        return (self.types is None or card_type in self.types) and card_type not in self.forbidden_for

    def describe(self) -> str:
        """What the field accepts, for error messages and the API schema."""
        text = self.kind.value
        if self.choices:
            text += ": " + ", ".join(self.choices)
        if self.minimum is not None and self.maximum is not None:
            text += f" from {self.minimum} to {self.maximum}"
        elif self.minimum is not None:
            text += f", at least {self.minimum}"
        elif self.maximum is not None:
            text += f", at most {self.maximum}"
        return text + ", or null"

    def shape_error(self, value: Any) -> Problem | None:
        """Why ``value`` can never be stored in this field (its key and English words), or None."""
        if value is None:
            return None
        match self.kind:
            case Kind.INT:
                if isinstance(value, bool) or not isinstance(value, int):
                    return problem("NOT_WHOLE_NUMBER", value=_json(value))
            case Kind.STR:
                if not isinstance(value, str):
                    return problem("NOT_TEXT")
                if len(value) > STR_MAX_LENGTH:
                    return problem(
                        "TOO_LONG",
                        maximum=STR_MAX_LENGTH,
                        observed=len(value),
                    )
            case Kind.BOOL:
                if not isinstance(value, bool):
                    return problem("NOT_YES_NO")
            case Kind.ENUM:
                if not isinstance(value, str) or value not in self.choices:
                    return problem(
                        "NOT_ALLOWED",
                        value=shown(value),
                        expected=list(self.choices),
                    )
            case Kind.ENUM_LIST:
                if not isinstance(value, list):
                    return problem("NOT_A_LIST")
                bad = [item for item in value if not isinstance(item, str) or item not in self.choices]
                if bad:
                    return problem(
                        "NOT_ALLOWED",
                        value=", ".join(map(shown, bad)),
                        expected=list(self.choices),
                    )
            case Kind.STR_LIST:
                if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                    return problem("NOT_TEXT_LIST")
                if any(len(item) > STR_MAX_LENGTH for item in value):
                    return problem(
                        "ITEMS_TOO_LONG",
                        maximum=STR_MAX_LENGTH,
                    )
        return None

    def content_findings(self, card_type: str, value: Any, card_ref: str | None) -> Iterable[Finding]:
        """Content problems of ``value`` on a card of ``card_type`` (shape assumed right)."""
        where = {"card": card_ref, "field": self.name}
        if value is None or value == [] or value == "":
            if card_type in self.required_for:
                yield error(
                    "FIELD_REQUIRED",
                    params={"field": self.name, "types": [card_type], "accepts": self.describe()},
                    hint=HINT,
                    **where,
                )
            return
        if card_type in self.forbidden_for or (self.types is not None and card_type not in self.types):
            yield error(
                "FIELD_NOT_ALLOWED",
                params={"field": self.name, "value": value, "types": [card_type]},
                hint=N_("leave it empty (null)"),
                **where,
            )
            return
        if (self.kind is Kind.INT and isinstance(value, int)) and (
            (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            yield error(
                "FIELD_RANGE",
                params={
                    "field": self.name,
                    "observed": value,
                    "minimum": self.minimum,
                    "maximum": self.maximum,
                },
                hint=HINT,
                **where,
            )

    def _range(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"at least {self.minimum}"
        return f"at most {self.maximum}"


def _json(value: Any) -> str:
    """A value as it was sent, in JSON and cut short ("3" is a string, 3 a number), for a message."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:59] + "…"


def int_field(name: str, **kw) -> FieldSpec:
    return FieldSpec(name, Kind.INT, **kw)


def str_field(name: str, **kw) -> FieldSpec:
    return FieldSpec(name, Kind.STR, **kw)


def bool_field(name: str, **kw) -> FieldSpec:
    return FieldSpec(name, Kind.BOOL, **kw)


def enum_field(name: str, choices: Iterable[str], **kw) -> FieldSpec:
    return FieldSpec(name, Kind.ENUM, choices=tuple(choices), **kw)


def enum_list_field(name: str, choices: Iterable[str], **kw) -> FieldSpec:
    return FieldSpec(name, Kind.ENUM_LIST, choices=tuple(choices), **kw)


def str_list_field(name: str, **kw) -> FieldSpec:
    return FieldSpec(name, Kind.STR_LIST, **kw)
