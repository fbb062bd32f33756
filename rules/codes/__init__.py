"""The one catalogue of finding codes.

Every code a check, a parser or a service may put in a :class:`~rules.findings.Finding` is one
:class:`Code` (:mod:`rules.codes.core`: its usual severity and any other it may take, whether it
keeps a legal deck from being "ready to play", the audit list it feeds, a one-line help for people,
the names of the parameters a finding of that code carries, and its message and hint templates).

The codes every game may raise (the core's checks, the parsers, the services, the tables) are
declared here, one module a topic:

- :mod:`~rules.codes.faces`: a card's face (faces.render);
- :mod:`~rules.codes.cards`: a card's type, fields and translations;
- :mod:`~rules.codes.effects`: a card's effects (rules.effects);
- :mod:`~rules.codes.decks`: deck construction (rules.decks);
- :mod:`~rules.codes.audits`: what a single card cannot tell (rules.audit, reviews.audits);
- :mod:`~rules.codes.inputs`: input the studio refuses (the apps' parsers and services);
- :mod:`~rules.codes.artwork`: an artwork the studio refuses (artwork.images, artwork.services);
- :mod:`~rules.codes.tables`: a move, seat or connection a playtest table refuses.

Adding a shared code is adding one ``Code`` to its topic's ``CODES``, with its message templates
(``Code.messages``). A code that one game's checks raise is that game's: it is declared in its
package (``rules/games/<game>/codes.py``, ``RuleSet.codes``) and enters the index when its rule set
is registered; :func:`catalogue` merges them (``tests/rules/test_game_codes.py`` fails on a game's
code outside its package). The table of docs/codes.md, ``GET /api/codes/`` and the codes of
``GET /api/games/`` (every code, the games' own included) are generated from here
(``python manage.py codes``), and the tests fail when a code is emitted that the catalogue lacks.

Pure: no Django, no I/O; and no import of the registry or a game (their codes come to the index).
"""

from __future__ import annotations

from ..severity import Severity
from . import artwork, audits, cards, decks, effects, faces, inputs, tables
from .core import (
    BONUS_DURATION_REVIEW,
    CARD,
    CODES,
    DECK,
    EFFECT,
    ERROR,
    INPUT,
    NEEDS_REVIEW,
    NEW_MECHANIC_REQUIRED,
    OBJECT_BEHAVIOR_REVIEW,
    REVIEW,
    REVIEW_LISTS,
    TOPICS,
    VERSION_CONFLICTS,
    WARNING,
    Code,
    CodeIndex,
    blocks_ready,
    catalogue,
    code_of,
    conflicts,
    game_codes,
    index,
    list_for,
    lookup,
    markdown_table,
)

# The shared codes, in the order of docs/codes.md's table (grouped there by topic).
ENTRIES: tuple[Code, ...] = (
    *faces.CODES,
    *cards.CODES,
    *effects.CODES,
    *decks.CODES,
    *audits.CODES,
    *inputs.CODES,
    *artwork.CODES,
    *tables.CODES,
)
index.share(ENTRIES)

__all__ = [
    "BONUS_DURATION_REVIEW",
    "CARD",
    "CODES",
    "DECK",
    "EFFECT",
    "ENTRIES",
    "ERROR",
    "INPUT",
    "NEEDS_REVIEW",
    "NEW_MECHANIC_REQUIRED",
    "OBJECT_BEHAVIOR_REVIEW",
    "REVIEW",
    "REVIEW_LISTS",
    "TOPICS",
    "VERSION_CONFLICTS",
    "WARNING",
    "Code",
    "CodeIndex",
    "Severity",
    "blocks_ready",
    "catalogue",
    "code_of",
    "conflicts",
    "game_codes",
    "index",
    "list_for",
    "lookup",
    "markdown_table",
]
