"""The games' rules as pure Python.

Plain frozen values in, a list of findings out: no Django, no I/O. Each game is
one package (or module) in :mod:`rules.games` that registers its rule set in the registry.
"""

from .cards import CardData
from .findings import Finding, Severity
from .registry import UnknownGame, get_ruleset, registry
from .ruleset import RuleSet

__all__ = ["CardData", "Finding", "RuleSet", "Severity", "UnknownGame", "get_ruleset", "registry"]
