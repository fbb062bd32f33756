"""Only the cards services write Card rows (issue 42 item 3).

A deck is marked stale, and validated again, when a card changes through ``cards.services``
(``card_save_change`` and the imports' bulk writes). A ``Card.objects...update()`` anywhere else
would change a card behind the decks' back: nothing would mark them, and no sweep would find
them. This test reads every module of the studio and refuses such a write outside the modules
that own it.
"""

import ast
from pathlib import Path

from tests.sources import nodes, python_files

ROOT = Path(__file__).resolve().parents[2]
WRITES = {
    "update",
    "bulk_create",
    "bulk_update",
    "delete",
    "create",
    "get_or_create",
    "update_or_create",
    "raw",
}
# cards/services.py writes cards and marks their decks; cards/translations.py writes only the
# search columns of translated names (no rule reads them), with the decks' names resolved anew.
OWNERS = {"cards/services.py", "cards/translations.py"}
NOT_STUDIO = {".venv", "tests", "bench", "migrations", "var", "node_modules", "clients"}


def _root_name(node: ast.AST) -> ast.AST:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def card_writes(source: str | Path) -> list[tuple[int, str]]:
    """The lines of ``source`` (a module's text, or its path) that write Card rows through its
    manager: ``Card.objects...<write>()``."""
    found = []
    for node in nodes(source) if isinstance(source, Path) else ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES:
            root = _root_name(node.func.value)
            if isinstance(root, ast.Name) and root.id == "Card":
                found.append((node.lineno, node.func.attr))
    return found


def test_a_card_write_outside_the_cards_services_is_found():
    planted = "from cards.models import Card\n\ndef fix(pk):\n    Card.objects.filter(pk=pk).update(status='VALIDATED')\n"
    assert card_writes(planted) == [(4, "update")]


def test_only_the_cards_services_write_card_rows():
    offenders = []
    owners_seen = set()
    for path in python_files(ROOT, NOT_STUDIO):
        relative = path.relative_to(ROOT)
        writes = card_writes(path)
        if relative.as_posix() in OWNERS:
            owners_seen.add(relative.as_posix())
        elif writes:
            offenders += [f"{relative}:{line} Card.objects...{what}()" for line, what in writes]
    assert owners_seen == OWNERS, "the walk reads the owners' modules too"
    assert not offenders, "write cards through cards.services (card_save_change): " + ", ".join(offenders)
