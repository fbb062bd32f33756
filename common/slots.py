"""A slot: a part of a page or a write that an app on a floor above fills.

The floors (pyproject.toml's layers contract) let an app import only the floors below it. When a
page of a lower app shows something a higher app owns (the card page shows its artwork and the
decks that use it), the lower app declares a :class:`Slot` with what it shows when nothing fills
it, and the higher app fills it from its ``AppConfig.ready()`` with one of its selectors. The
lower app calls the slot and never imports the higher one; each slot is filled once, by the app
that owns what it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Slot(Generic[P, R]):
    def __init__(self, name: str, empty: Callable[P, R]):
        self.name = name
        self._empty = empty
        self._filler: Callable[P, R] | None = None

    def fill(self, filler: Callable[P, R]) -> Callable[P, R]:
        """Fill the slot with ``filler`` (again from a second ``ready()``: the last one counts)."""
        self._filler = filler
        return filler

    @property
    def filled(self) -> bool:
        return self._filler is not None

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return (self._filler or self._empty)(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<Slot {self.name}: {'filled' if self.filled else 'empty'}>"
