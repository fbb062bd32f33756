"""The game chesscards: its rule set (``ruleset``), registered when this package is imported."""

from .ruleset import ChessCards

__all__ = ["ChessCards"]
