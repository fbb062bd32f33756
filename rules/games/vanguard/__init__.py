"""The game vanguard: its rule set (``ruleset``), registered when this package is imported."""

from .ruleset import Vanguard

__all__ = ["Vanguard"]
