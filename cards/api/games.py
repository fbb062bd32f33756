"""API fields whose values come from the rule-set registry, read when used (a game added later is known)."""

from __future__ import annotations

from rest_framework import serializers

from rules import registry


def _game_choices() -> dict[str, str]:
    return {key: key for key in registry.keys()}


class GameChoiceField(serializers.ChoiceField):
    """A game key, one of the registered rule sets (``serializers.ChoiceField(choices=registry.keys())``
    would freeze the games at import)."""

    def __init__(self, **kwargs):
        super().__init__(choices=(), **kwargs)

    def _ignore(self, value) -> None:
        """ChoiceField assigns its choices in ``__init__``; here they are always the registry's."""

    choices = property(lambda self: _game_choices(), _ignore)
    grouped_choices = property(lambda self: _game_choices(), _ignore)
    choice_strings_to_values = property(lambda self: _game_choices(), _ignore)
