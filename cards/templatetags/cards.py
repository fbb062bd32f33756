"""Template filters of the card pages."""

from functools import lru_cache

from django import template
from django.templatetags.i18n import language_name_translated
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language, gettext, pgettext

from common import i18n
from common.i18n import tr
from rules import registry
from rules.declarations import HUE_PATTERN
from rules.fields import Kind

from ..diff import is_blank, show
from ..forms import type_label as _type_label
from ..models import Status

register = template.Library()

TILE_STATS = 4


@register.simple_tag(takes_context=True)
def game_hues(context):
    """Each game's hue (its rule set's ``hue``) as the --game custom property of [data-game=key];
    the style carries the request's CSP nonce (settings.SECURE_CSP allows no other inline style)."""
    hues = [(rs.key, rs.hue) for rs in registry if rs.hue and HUE_PATTERN.fullmatch(rs.hue)]
    if not hues:
        return ""
    rules = format_html_join("", '[data-game="{}"]{{--game:{}}}', hues)
    nonce = context.get("csp_nonce")
    if nonce:
        return format_html('<style nonce="{}">{}</style>', nonce, rules)
    return format_html("<style>{}</style>", rules)


@register.filter
def type_label(card_type: str, game=None) -> str:
    """``{{ card.type|type_label:card.game }}``: the type in the reader's language, as its game names it
    (without a game, as every game that has it does)."""
    return _type_label(card_type or "", game)


@register.simple_tag
def source_name(card) -> str:
    """``{% source_name card %}``: a card named in the reader's language (a current translation) has its
    source name one click away, a small "source" toggle after the name (a ``<details>``: it works
    without JavaScript and on a phone). A tag, not an included template: a page names up to a
    hundred cards so, and an include each cost more than the rest of the page's row."""
    language = card.language
    title, toggle = _source_name_words(language, get_language())
    return format_html(
        '<details class="source-name"><summary title="{}">{}</summary> <span lang="{}">{}</span></details>',
        title,
        toggle,
        language,
        card.name,
    )


@lru_cache(maxsize=128)
def _source_name_words(language: str, reader: str) -> tuple[str, str]:
    """The toggle's title and word for a card whose source language is ``language``, made once a
    process for each source language and reader's language (``reader``, the active one)."""
    title = gettext("The name in the card's source language (%(lang)s)") % {
        "lang": language_name_translated(language)
    }
    return title, pgettext("a card's name as written in its source language", "source")


@register.filter
def status_label(status: str) -> str:
    return Status(status).label if status in Status.values else status


@register.filter(name="show")
def show_value(value) -> str:
    return show(value)


@register.filter
def field_rows(card) -> list[dict]:
    """The card's game fields that its type has, for a read-only view: name, label, value, and the
    value as the reader reads it (``text``: an enum value by its label, a boolean yes or no)."""
    stored = card.game_fields or {}
    ruleset = card.ruleset
    rows = []
    for spec in ruleset.fields:
        if not spec.applies_to(card.type):
            continue
        value = stored.get(spec.name)
        if spec.kind is Kind.ENUM and isinstance(value, str):
            text = i18n.value_label(ruleset, spec.name, value)
        elif spec.kind is Kind.ENUM_LIST and isinstance(value, list) and value:
            text = ", ".join(i18n.value_label(ruleset, spec.name, v) for v in value)
        else:
            text = show(value)
        rows.append({"name": spec.name, "label": tr(spec.label) or spec.name, "value": value, "text": text})
    return rows


@register.filter
def key_stats(card) -> list[tuple[str, str]]:
    """The card's few numbers and choices worth seeing on a tile (cost, ATK, grade, domains...)."""
    return stats_of(card.ruleset, card.type, card.game_fields or {})


def stats_of(ruleset, card_type: str, stored, limit: int = TILE_STATS) -> list[tuple[str, str]]:
    """Up to ``limit`` (label, value) of a card of ``card_type`` whose game fields are ``stored``,
    in the reader's language: the field's label ("Грейд", "Puissance"), values by their labels."""
    stats = []
    for spec in ruleset.fields:
        value = stored.get(spec.name)
        if not spec.applies_to(card_type) or is_blank(value):
            continue
        label = i18n.field_label(ruleset, spec.name)
        if spec.kind is Kind.INT:
            stats.append((label, str(value)))
        elif spec.kind is Kind.ENUM:
            stats.append((label, i18n.value_label(ruleset, spec.name, value)))
        elif spec.kind is Kind.ENUM_LIST:
            stats.append((label, ", ".join(i18n.value_label(ruleset, spec.name, v) for v in value)))
        if len(stats) == limit:
            break
    return stats


@register.filter
def review_note(note: dict) -> str:
    """A job's stored report's needsReview entry, said in the reader's language (its stored message
    is in the language the job ran in)."""
    from ..imports import review_message

    return review_message(
        note["stableCardId"], note["name"], note.get("where", ""), note.get("findings") or ()
    )


@register.filter
def conflict_note(conflict: dict) -> str:
    """A job's stored report's conflicts entry, in the reader's language."""
    from ..imports import conflict_message

    return conflict_message(
        conflict["conflict"], conflict["new"], conflict["stableCardId"], conflict["name"], conflict["fields"]
    )


@register.filter
def refusal(finding: dict) -> str:
    """A job's stored refusal (a finding's dict) in the reader's language, named by its place in the file."""
    from ..imports import refusal_message

    return refusal_message(finding)
