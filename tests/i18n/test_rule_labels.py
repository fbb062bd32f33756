"""Rule sets' labels and help: marked N_ in the pure core, translated where the web layer shows them."""

from __future__ import annotations

import ast
from pathlib import Path

from django.utils import translation

from cards.forms import CardForm
from common.i18n import tr
from rules import get_ruleset, registry
from rules.i18n import N_

ROOT = Path(__file__).resolve().parents[2]


def test_the_marker_changes_nothing():
    assert N_("Main deck") == "Main deck"


def test_labels_are_translated_where_they_are_shown(test_catalogue):
    vanguard = get_ruleset("vanguard")
    with translation.override("fr"):
        assert tr(vanguard.label_of("main")) == "Deck principal"
        assert CardForm(vanguard).fields["power"].label == "Puissance"
    with translation.override("ru"):
        assert CardForm(vanguard).fields["power"].label == "Сила"
    with translation.override("en"):
        assert CardForm(vanguard).fields["power"].label == "Power"
    assert tr("") == "" and tr(None) == ""


def test_every_label_and_help_of_the_rule_sets_is_marked():
    """A label or help written without N_ would never reach a catalogue."""
    unmarked = []
    for path in sorted((ROOT / "rules" / "games").rglob("*.py")) + [
        ROOT / "rules" / "ruleset.py",
        ROOT / "rules" / "draws.py",
    ]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            marked_keywords = ("label", "help", "starter_label", "summary", "seen_by_turn")
            if (
                isinstance(node, ast.keyword)
                and node.arg in marked_keywords
                and isinstance(node.value, ast.Constant)
            ) and node.value.value:
                unmarked.append(f"{path.name}:{node.value.lineno} {node.arg}={node.value.value!r}")
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = {getattr(t, "id", None) for t in targets}
                if names & {"deck_labels", "deck_help"} and isinstance(node.value, ast.Dict):
                    for value in node.value.values:
                        if isinstance(value, ast.Constant):
                            unmarked.append(f"{path.name}:{value.lineno} {value.value!r}")
    assert unmarked == []
    for ruleset in registry:
        assert all(isinstance(v, str) for v in ruleset.deck_labels.values())
