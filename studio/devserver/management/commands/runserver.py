"""Daphne's runserver, imported (with Twisted, whose reactor it installs) only when it runs."""

from daphne.management.commands.runserver import Command

__all__ = ["Command"]
