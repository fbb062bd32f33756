"""Every user-facing string of every template is inside a translation tag (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.template_strings import templates, untranslated

TEMPLATES = Path(settings.BASE_DIR) / "templates"
FIXTURE = Path(__file__).parent / "fixtures" / "bare_words.html"


def test_every_template_is_read():
    found = templates(TEMPLATES)
    assert len(found) >= 78
    assert TEMPLATES / "base.html" in found


@pytest.mark.parametrize("path", templates(TEMPLATES), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_user_facing_string_outside_a_translation_tag(path):
    found = untranslated(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(TEMPLATES)}: strings outside a translation tag:\n" + "\n".join(
        str(u) for u in found
    )


def test_the_check_reports_bare_words_and_only_them():
    found = {(u.line, u.where, u.text) for u in untranslated(FIXTURE.read_text(encoding="utf-8"))}
    assert found == {
        (3, "text", "Bare words"),
        (4, "title", "A bare title"),
        (5, "value", "Bare value"),
        (6, "aria-label", "Bare label"),
        (7, "with title=", "Bare include"),
        (8, "|default", "bare default"),
    }


@pytest.mark.parametrize(
    "source",
    [
        "<p>{% translate 'Deck' %} · {{ deck.name }} ×3 → 42%</p>",
        "<p>{% blocktranslate with n=deck.name %}Deck {{ n }}{% endblocktranslate %}</p>",
        '<a title="{% translate "Open" %}" href="/cards/">{% translate "Open" %}</a>',
        '{% include "x.html" with title=_("Statistics") current="stats" %}',
        '{{ x|default:_("the studio") }} {{ y|default:"—" }}',
        "<title>{% block title %}{% endblock %} · Card Studio</title>",
        '<div class="no-such-word" id="words" data-show="deck"></div>',
        '<button name="keep" value="USER">{% translate "Keep" %}</button>',
        '<a href="/x.txt">.txt</a> <input placeholder="DR-001 DR-002*3"> A4 3 SVG',
    ],
)
def test_translated_or_wordless_strings_pass(source):
    assert untranslated("{% load i18n %}" + source) == []


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("<p>{% if ok %}Valid{% else %}{% translate 'Not valid' %}{% endif %}</p>", "Valid"),
        ('<img src="x.png" alt="A card">', "A card"),
        ('<button hx-confirm="Delete it?">×</button>', "Delete it?"),
        ('<input type="submit" value="Go">', "Go"),
        ("<p>{{ n }} card{{ n|pluralize }}</p>", "card"),
        ("<p>Déjà vu</p>", "Déjà vu"),
    ],
)
def test_bare_strings_fail(source, text):
    assert [u.text for u in untranslated(source)] == [text]
