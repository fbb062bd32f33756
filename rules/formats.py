"""A deck format as data: per-section sizes, a copy limit and what counts as one card identity,
allowed sets, a banlist, per-card exceptions, and whether only owned cards may be used."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .problems import Problem, problem

# What counts as one card identity for copy limits, banlists and exceptions.
STABLE_ID, NAME, NAME_ID = "stableCardId", "name", "nameId"
IDENTITIES = (STABLE_ID, NAME, NAME_ID)
BAN_COPIES = (0, 1, 2)  # forbidden, limited, semi-limited
# The optional section a format may declare (FORMATS.md v1.2): its size bound is the format's
# ``sections["sideboard"]`` (no bound: any size); copy limits count it with the main deck.
SIDEBOARD = "sideboard"

_EMPTY: Mapping[str, Any] = MappingProxyType({})


# --- the format ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SizeBound:
    """How many cards a section must hold: exactly n, or between a minimum and a maximum."""

    exact: int | None = None
    minimum: int | None = None
    maximum: int | None = None

    def problem(self, count: int) -> str | None:
        """What is wrong with ``count`` cards ("it must have exactly 40"), or None."""
        if self.exact is not None:
            return None if count == self.exact else f"it must have exactly {self.exact}"
        if (self.minimum is not None and count < self.minimum) or (
            self.maximum is not None and count > self.maximum
        ):
            if self.minimum is not None and self.maximum is not None:
                return f"it must have from {self.minimum} to {self.maximum}"
            if self.minimum is not None:
                return f"it must have at least {self.minimum}"
            return f"it must have at most {self.maximum}"
        return None

    def to_dict(self) -> dict[str, int]:
        if self.exact is not None:
            return {"exact": self.exact}
        return {k: v for k, v in (("min", self.minimum), ("max", self.maximum)) if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SizeBound:
        return cls(exact=data.get("exact"), minimum=data.get("min"), maximum=data.get("max"))


def size_bound_errors(section: str, data: Any) -> list[Problem]:
    """Why ``data`` is not a size bound ({"exact": n} or {"min": a, "max": b}), for format editors;
    each problem names its path (``sections.main``)."""
    path = f"sections.{section}"
    if not isinstance(data, Mapping):
        return [problem("SIZE_BOUND_SHAPE", path=path)]
    problems = [
        problem("SIZE_BOUND_KEY", path=path, value=repr(key))
        for key in data
        if key not in ("exact", "min", "max")
    ]
    for key in ("exact", "min", "max"):
        value = data.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            problems.append(problem("NOT_NATURAL", path=f"{path}.{key}"))
    if data.get("exact") is not None and (data.get("min") is not None or data.get("max") is not None):
        problems.append(problem("EXACT_OR_MIN_MAX", path=path))
    low, high = data.get("min"), data.get("max")
    if isinstance(low, int) and isinstance(high, int) and low > high:
        problems.append(problem("MIN_ABOVE_MAX", path=path, minimum=low, maximum=high))
    return problems


@dataclass(frozen=True, slots=True)
class FormatData:
    """A deck format as data; reviewers edit these without code."""

    game: str
    key: str
    name: str = ""
    sections: Mapping[str, SizeBound] = _EMPTY
    copy_limit: int | None = None
    identity: str = STABLE_ID
    # None: cards of any set are allowed.
    allowed_sets: frozenset[str] | None = None
    # Card reference (stableCardId or identity) -> copies allowed (0, 1, 2).
    banlist: Mapping[str, int] = _EMPTY
    # Card reference -> its own copy limit (None: any number of copies).
    exceptions: Mapping[str, int | None] = _EMPTY
    owned_only: bool = False
    # For people: where the format comes from and what it asks.
    description: str = ""

    @property
    def sideboard(self) -> SizeBound | None:
        """The sideboard the format declares (its size bound), or None: the format has none."""
        return self.sections.get(SIDEBOARD)

    def __post_init__(self):
        if self.identity not in IDENTITIES:
            raise ValueError(f"identity {self.identity!r}: use one of {', '.join(IDENTITIES)}")
        for name in ("sections", "banlist", "exceptions"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        if self.allowed_sets is not None and not isinstance(self.allowed_sets, frozenset):
            object.__setattr__(self, "allowed_sets", frozenset(self.allowed_sets))
