"""The game riftbound: its rule set (``ruleset``), registered when this package is imported."""

from .ruleset import Riftbound

__all__ = ["Riftbound"]
