"""A finding's message, written once: its code's template filled with its params.

Each code of the catalogue (:mod:`rules.codes`, a game's own in ``rules/games/<game>/codes.py``)
carries its message templates (``Code.messages``: ``%(param)s`` of its params, marked ``N_``, or
``NP_`` for a plural) and the templates of its hints (``Code.hints``). A finding is raised with its
code and params only (``rules.findings.error``); its English ``message``, for logs, tools and the
API's English answers, is the template rendered here. ``common.finding_messages`` renders the same
templates in the reader's language (their msgids are the catalogues' entries).

A code may have a few variants (DECK_SIZE: an exact size, or a minimum and a maximum): the variant
whose placeholders are all among the finding's params and that uses the most of them is taken.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from .codes import lookup
from .i18n import Plural

PLACEHOLDER = re.compile(r"%\((\w+)\)s")

Template = str | Plural


def texts(template: Template) -> tuple[str, ...]:
    """A template's English texts (both forms of a plural one)."""
    return (template.singular, template.plural) if isinstance(template, Plural) else (template,)


@lru_cache(maxsize=4096)
def placeholders(template: Template) -> frozenset[str]:
    return frozenset(name for text in texts(template) for name in PLACEHOLDER.findall(text))


def given(params: Mapping[str, Any] | None) -> set[str]:
    """The names of ``params`` that hold a value a template may show."""
    return {k for k, v in (params or {}).items() if v is not None and v != "" and v != []}


def choose(templates: Iterable[Template], params: Mapping[str, Any] | None) -> Template | None:
    """The template the params fill best, or None (no template, or params missing)."""
    have = given(params)
    best, best_size = None, -1
    for template in templates:
        needed = placeholders(template)
        if needed <= have and len(needed) > best_size:
            best, best_size = template, len(needed)
    return best


def shown(value: Any) -> str:
    """A param as an English message shows it: lists joined by commas, true/false, keys as they are."""
    if type(value) is str or type(value) is int:  # most params: the checks make many findings
        return str(value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {shown(v)}" for k, v in value.items())
    if isinstance(value, Iterable) and not isinstance(value, str):
        return ", ".join(shown(v) for v in value)
    return str(value)


def fill(template: Template, params: Mapping[str, Any]) -> str:
    """``template`` in English with ``params`` (a plural's form chosen by its count param)."""
    text = template.form(params.get(template.count)) if isinstance(template, Plural) else template
    return text % {name: shown(params[name]) for name in placeholders(template)}


def render(templates: Iterable[Template], params: Mapping[str, Any] | None) -> str | None:
    """The best of ``templates`` filled with ``params`` in English, or None when none fills."""
    template = choose(templates, params)
    if template is None:
        return None
    try:
        return fill(template, params or {})
    except (KeyError, TypeError, ValueError):
        return None


def message(code: str, params: Mapping[str, Any] | None) -> str | None:
    """``code``'s message in English, or None when the catalogue has no template ``params`` fill."""
    declared = lookup(code)
    return render(declared.messages, params) if declared is not None else None


def hint(code: str, params: Mapping[str, Any] | None) -> str | None:
    """``code``'s hint template in English, or None when it has none ``params`` fill."""
    declared = lookup(code)
    return render(declared.hints, params) if declared is not None else None
