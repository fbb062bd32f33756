"""Words for codes in templates: ``{{ card.status|label:"status" }}``, ``{{ t|label_code:"timing" }}``,
and a finding's message without the path already shown beside it (``{{ f|message_only }}``)."""

from django import template
from django.utils.html import json_script

from common.labels import EFFECT_KINDS, label_with_code, labels_for, without_path
from common.labels import label as _label

register = template.Library()


@register.filter
def label(value, kind=None):
    return _label(value, kind or None)


@register.filter
def label_code(value, kind=None):
    return label_with_code(value, kind or None)


@register.filter
def message_only(finding):
    """A finding's message without its leading "field: " (the page shows the field already)."""
    return without_path(getattr(finding, "message", finding), getattr(finding, "field", None))


@register.simple_tag
def effect_labels(element_id: str):
    """The effect vocabularies' labels as JSON for the effect editor (cards/effects.js)."""
    return json_script(labels_for(EFFECT_KINDS), element_id)


@register.filter
def slice_field(path):
    """The form field a JSON path is in: ``effects[0].actions[1].stat`` -> ``effects``."""
    return str(path).split("[", 1)[0].split(".", 1)[0]
