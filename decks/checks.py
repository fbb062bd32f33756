"""System checks (``manage.py check``): the rule sets' declarations, and each game's stored default format.

Ids are stable: ``rules.E0xx`` for a rule set that declares something
inconsistent (:mod:`rules.declarations`), ``rules.W001`` for a registered
game without a stored default format (a deck naming no format could not be
validated). The second is a warning, not an error: ``migrate`` runs the checks
before its ``post_migrate`` step stores the missing formats, and must not be
stopped by what it is about to fix.
"""

from __future__ import annotations

from django.core import checks
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor

from rules import registry
from rules.declarations import registry_problems


@checks.register("rules")
def rule_set_declarations(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    return [
        checks.Error(problem.message, hint=problem.hint or None, obj=problem.game or None, id=problem.id)
        for problem in registry_problems(registry)
    ]


@checks.register("rules")
def stored_default_formats(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """Every registered game has a stored default format (once the database is migrated)."""
    try:
        executor = MigrationExecutor(connection)
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            return []  # not migrated yet: migrate stores them
        from .models import DeckFormat

        defaults = set(DeckFormat.objects.filter(is_default=True).values_list("game", flat=True))
    except DatabaseError:
        return []  # no database to look at: nothing to say about it
    return [
        checks.Warning(
            f"{ruleset.key} has no stored default format: a deck that names no format cannot be validated",
            hint=f"run `manage.py migrate` (it stores {ruleset.key}'s default_formats), "
            "or make one of its formats the default (admin, PATCH /api/formats/{id}/ isDefault)",
            obj=ruleset.key,
            id="rules.W001",
        )
        for ruleset in registry
        if ruleset.key not in defaults
    ]
