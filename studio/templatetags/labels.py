"""Words for codes in templates: ``{{ card.status|label:"status" }}``, ``{{ t|label_code:"timing" }}``,
a finding's message in the reader's language (``{{ v|finding_message }}``, a Finding or its dict),
and the same without the path already shown beside it (``{{ f|message_only }}``); a rule set's
label or help in the reader's language (``{{ spec.label|tr }}``), a game's name (``{{ ruleset|game_name }}``)."""

from functools import lru_cache

from django import template
from django.utils.html import json_script
from django.utils.translation import get_language

from common.finding_messages import message as _finding_message
from common.i18n import field_accepts as _field_accepts
from common.i18n import field_label as _field_label
from common.i18n import game_name as _game_name
from common.i18n import game_ruleset as _game_ruleset
from common.i18n import tr as _tr
from common.labels import EFFECT_KINDS, label_with_code, labels_for, without_path
from common.labels import label as _label
from common.numbers import percent as _percent

register = template.Library()


@register.filter
def label(value, kind=None):
    return _label(value, kind or None)


@register.filter
def label_code(value, kind=None):
    return label_with_code(value, kind or None)


@register.filter
def finding_message(finding, game=None):
    """A finding's message in the reader's language (its code's template, filled with its params);
    ``{{ f|finding_message:ruleset }}`` names the game's fields and card types by their labels."""
    if isinstance(finding, str):
        return finding
    return _finding_message(finding, game or None)


@register.filter
def message_only(finding, game=None):
    """A finding's message in the reader's language, without its leading "field: " (the page shows
    the field already); ``{{ f|message_only:ruleset }}`` names the game's fields and types by their labels."""
    if isinstance(finding, str):
        return without_path(finding, None)
    field = finding.get("field") if isinstance(finding, dict) else getattr(finding, "field", None)
    text = without_path(_finding_message(finding, game or None), field)
    if field and game:
        text = without_path(text, _field_label(game, field))
    return text


@register.filter
def pct(value):
    """A whole percentage as the reader writes it: ``45%`` in English, ``45 %`` in French."""
    return _percent(f"{value}%")


@register.filter
def accepts(spec):
    """``{{ spec|accepts }}``: what a game field accepts, in the reader's words."""
    return _field_accepts(spec)


@register.filter
def game_name(game):
    """``{{ ruleset|game_name }}``: a game (its rule set or key) as the reader names it."""
    return _game_name(game)


@register.filter
def tr(text):
    """A rule set's label or help (marked N_ in rules/) in the reader's language."""
    return _tr(text)


@register.simple_tag
def effect_labels(element_id: str, ruleset=None):
    """The effect vocabularies' labels as JSON for the effect editor (cards/effects.js); with the
    game's rule set, its help lines and fixed references in the reader's language."""
    game = _game_ruleset(ruleset) if ruleset else None
    if game is None:  # every registered game's words: not kept (the registry may change)
        return _effect_labels(element_id, None)
    return _game_effect_labels(element_id, game, get_language())


@lru_cache(maxsize=64)
def _game_effect_labels(element_id: str, game, language: str):
    """A game's :func:`effect_labels` in ``language`` (the active one), made once a process: they are
    the game's words and the catalogues' only, which a process never changes (a card editor drew them
    again each time, 1.5 to 6 ms)."""
    return _effect_labels(element_id, game)


def _effect_labels(element_id: str, game):
    from common.effect_words import words

    # "$keys", "$help" and "$references": the form's labels of an effect's keys, the schema's help lines
    # and the game's fixed references (common.effect_words).
    tables = {**labels_for(EFFECT_KINDS), **{f"${name}": table for name, table in words(game).items()}}
    return json_script(tables, element_id)


@register.filter
def slice_field(path):
    """The form field a JSON path is in: ``effects[0].actions[1].stat`` -> ``effects``."""
    return str(path).split("[", 1)[0].split(".", 1)[0]


@register.filter
def note(text):
    """A revision's note: the studio's own notes ("imported") in the reader's language (common.notes)."""
    from common.notes import shown_note

    return shown_note(text)
