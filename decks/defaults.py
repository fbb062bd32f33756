"""The default deck formats, stored from the rule sets after every ``migrate``.

Each rule set declares the formats its game starts with
(``RuleSet.default_formats``); the rule set is their source, never a migration.
:func:`store_default_formats` runs on ``post_migrate`` and creates the ones
that are missing, so that a game added as one module in ``rules/games/`` has
its formats after the next ``migrate``. It is idempotent and never overwrites:
a stored format (``game``, ``key``) stays as reviewers left it, and a format is
made the game's default only when the game has none.
"""

from __future__ import annotations

from django.apps import apps as global_apps
from django.db import DEFAULT_DB_ALIAS

from rules import registry
from rules.formats import FormatData


def format_fields(fmt: FormatData) -> dict:
    """The model fields of a declared format."""
    return {
        "name": fmt.name or fmt.key,
        "description": fmt.description,
        "sections": {name: bound.to_dict() for name, bound in fmt.sections.items()},
        "copy_limit": fmt.copy_limit,
        "identity": fmt.identity,
        "allowed_sets": sorted(fmt.allowed_sets) if fmt.allowed_sets is not None else [],
        "banlist": dict(fmt.banlist),
        "exceptions": dict(fmt.exceptions),
        "owned_only": fmt.owned_only,
    }


def store_default_formats(*, apps=global_apps, using: str = DEFAULT_DB_ALIAS, rulesets=None) -> list[str]:
    """Create the declared formats missing from the database; return them as ``game/key``."""
    DeckFormat = apps.get_model("decks", "DeckFormat")
    formats = DeckFormat.objects.using(using)
    created = []
    for ruleset in registry if rulesets is None else rulesets:
        stored = set(formats.filter(game=ruleset.key).values_list("key", flat=True))
        has_default = formats.filter(game=ruleset.key, is_default=True).exists()
        for fmt in ruleset.default_formats:
            if fmt.key in stored:
                continue
            is_default = fmt.key == ruleset.default_format and not has_default
            formats.create(game=ruleset.key, key=fmt.key, is_default=is_default, **format_fields(fmt))
            created.append(f"{ruleset.key}/{fmt.key}")
    return created


def store_default_formats_after_migrate(
    sender, *, apps=global_apps, using=DEFAULT_DB_ALIAS, verbosity=1, **kwargs
):
    """``post_migrate`` receiver (the decks app's): the formats of games added since the last run."""
    try:
        apps.get_model("decks", "DeckFormat")
    except LookupError:  # migrated back before the decks app's tables
        return
    created = store_default_formats(apps=apps, using=using)
    if created and verbosity >= 1:  # like migrate's own lines
        print(f"  Stored the default deck formats of the rule sets: {', '.join(created)}")
