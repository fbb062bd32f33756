"""The one registry of rule sets.

Like ``admin.site``: each game module in :mod:`rules.games` registers its rule
set when it is imported, and :meth:`RuleSetRegistry.autodiscover` imports them
all (at start-up, from the cards app's ``ready()``, or lazily on first use).
Adding a game is adding one module.

Registering a rule set adds the codes it declares (``RuleSet.codes``) to the index of codes
(:data:`rules.codes.index`), and unregistering it takes them out: the catalogue finds a game's
codes there, without importing the registry.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from .codes import CodeIndex
from .codes import index as code_index
from .ruleset import RuleSet
from .text import shown

R = TypeVar("R", bound=type[RuleSet])


class UnknownGame(KeyError):
    def __init__(self, key: object, known: list[str]):
        self.key = key
        self.known = known
        super().__init__(key)

    def __str__(self) -> str:
        return f"unknown game {shown(self.key)}; the games are: {', '.join(self.known)}"


class AlreadyRegistered(ValueError):
    pass


class RuleSetRegistry:
    def __init__(self, package: str = "rules.games", codes: CodeIndex | None = None):
        self._package = package
        self._rulesets: dict[str, RuleSet] = {}
        self._discovered = False
        # The index of codes its rule sets' codes go to (the studio's registry: rules.codes.index);
        # None for a registry of its own (a test's), whose games no finding's lookup should find.
        self._codes = codes

    def register(self, ruleset_class: R) -> R:
        """Register a rule set class (usable as a class decorator)."""
        ruleset = ruleset_class()
        if ruleset.key in self._rulesets:
            raise AlreadyRegistered(f"a rule set is already registered for {ruleset.key!r}")
        self._rulesets[ruleset.key] = ruleset
        if self._codes is not None:
            self._codes.add(ruleset.key, ruleset.codes)
        return ruleset_class

    def unregister(self, key: str) -> None:
        """Remove a registered game (tests that add a throw-away game take it out again)."""
        self.autodiscover()
        if key not in self._rulesets:
            raise UnknownGame(key, self.keys())
        self._forget(key)

    @contextmanager
    def registered(self, ruleset_class: type[RuleSet]) -> Iterator[RuleSet]:
        """Register ``ruleset_class`` for the ``with`` block only, and yield its rule set.

        For tests that add a throw-away game: the registry is as it was afterwards,
        even when the block fails.
        """
        self.autodiscover()
        self.register(ruleset_class)
        key = ruleset_class.key
        try:
            yield self._rulesets[key]
        finally:
            self._forget(key)

    def _forget(self, key: str) -> None:
        self._rulesets.pop(key, None)
        if self._codes is not None:
            self._codes.discard(key)

    def autodiscover(self) -> None:
        if self._discovered:
            return
        package = importlib.import_module(self._package)
        for module in pkgutil.iter_modules(package.__path__):
            if not module.name.startswith("_"):
                importlib.import_module(f"{self._package}.{module.name}")
        self._discovered = True

    def get(self, key: object) -> RuleSet:
        self.autodiscover()
        try:
            return self._rulesets[key]  # type: ignore[index]
        except (KeyError, TypeError):
            raise UnknownGame(key, self.keys()) from None

    def keys(self) -> list[str]:
        self.autodiscover()
        return sorted(self._rulesets)

    def __contains__(self, key: object) -> bool:
        self.autodiscover()
        return isinstance(key, str) and key in self._rulesets

    def __iter__(self) -> Iterator[RuleSet]:
        self.autodiscover()
        return iter([self._rulesets[key] for key in sorted(self._rulesets)])


registry = RuleSetRegistry(codes=code_index)
register = registry.register


def get_ruleset(key: object) -> RuleSet:
    return registry.get(key)
