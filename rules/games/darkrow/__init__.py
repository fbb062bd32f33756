"""The game darkrow: its rule set (``ruleset``), registered when this package is imported."""

from .ruleset import Darkrow

__all__ = ["Darkrow"]
