"""A throw-away sixth game for the whole suite: ``pytest -p tests.sixth_game``.

"Adding a game is adding one module" holds only if every test that checks what holds for every
game iterates ``rules.registry``, and every page, command and API route takes a game that
declares little. Run the suite with this game registered
(``make test PYTEST_ARGS="-p tests.sixth_game"``) and everything must still pass: it is
``rules/games/<game>.py`` as a contributor would first write it (card types, one field, a default
format of 30 cards with a copy limit), registered as a plugin before Django is set up (as the
registry's autodiscovery would find a module of ``rules/games/``), its formats stored by
``migrate``'s ``post_migrate`` step when the test database is made. Nothing of it is in
``rules/games/``; ``tests/studio/test_a_game_is_one_module.py`` runs a game like it end to end in
every run.
"""

from __future__ import annotations

import pytest

from rules.fields import int_field
from rules.formats import FormatData, SizeBound
from rules.ruleset import RuleSet

KEY = "pebble"


class Pebble(RuleSet):
    key = KEY
    name = "Pebble"
    card_types = ("STONE", "SPELL")
    id_prefix = "PB"
    default_format = "standard"
    fields = (int_field("weight", label="Weight", minimum=0),)
    default_formats = (
        FormatData(
            game=KEY, key="standard", name="Standard", sections={"main": SizeBound(exact=30)}, copy_limit=3
        ),
    )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    """Before pytest-django sets Django up, as a module of rules/games/ is there before it."""
    from rules import registry

    registry.register(Pebble)
