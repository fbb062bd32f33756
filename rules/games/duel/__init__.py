"""The game duel: its rule set (``ruleset``), registered when this package is imported."""

from .ruleset import Duel

__all__ = ["Duel"]
