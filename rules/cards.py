"""A card as the rules see it: a plain frozen value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .text import fold

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class CardData:
    """One card of one game.

    ``fields`` holds the game's own fields (cost, atk, grade, domains...), as
    declared by its rule set; ``effects`` the declarative effects (data, not
    code); ``status`` the validation status of the studio.
    """

    game: str
    name: str
    type: str
    stable_id: str | None = None
    set: str = ""
    text: str = ""
    archetypes: tuple[str, ...] = ()
    fields: Mapping[str, Any] = _EMPTY
    effects: tuple[Mapping[str, Any], ...] = ()
    status: str = "DRAFT"
    version: int = 0
    # Its names in other languages (its current translations'): a deck reference may name the card
    # by one of them (rules.pool). Not part of the value (equality, repr).
    translated_names: tuple[str, ...] = field(default=(), compare=False, repr=False)
    # Derived keys (folded name, folded nameId), computed on first use and kept: once per card,
    # not once per validation. Not part of the value (equality, repr).
    _folded: dict[str, str] | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self):
        if not isinstance(self.fields, MappingProxyType):
            object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))
        if not isinstance(self.archetypes, tuple):
            object.__setattr__(self, "archetypes", tuple(self.archetypes))
        if not isinstance(self.effects, tuple):
            object.__setattr__(self, "effects", tuple(self.effects))
        if not isinstance(self.translated_names, tuple):
            object.__setattr__(self, "translated_names", tuple(self.translated_names))

    def folded(self, key: str = "name") -> str:
        """The folded (case- and accent-free) name, or nameId field (``key="nameId"``, else the name)."""
        cache = self._folded
        if cache is None:
            cache = {}
            object.__setattr__(self, "_folded", cache)
        try:
            return cache[key]
        except KeyError:
            value = fold(self.name if key == "name" else (self.fields.get(key) or self.name))
            cache[key] = value
            return value

    @property
    def id(self) -> str:
        """The stable id ("" for a card not stored yet): what deck checks index and order cards by."""
        return self.stable_id or ""

    def get(self, name: str, default: Any = None) -> Any:
        """A game field's value (``None`` when absent)."""
        return self.fields.get(name, default)

    @property
    def ref(self) -> str:
        """How findings name this card: its stable id, or its name before it has one."""
        return self.stable_id or self.name
