"""Findings in the reader's language: each code's message templates, translated.

The core (``rules``) stays language-free: a finding carries its ``code`` and its ``params``, and
its English ``message``, which is its code's template filled with the params
(:mod:`rules.messages`). The templates are written once, in the catalogue of codes
(``Code.messages`` in :mod:`rules.codes`, a game's own in ``rules/games/<game>/codes.py``), marked
``N_`` (``NP_`` for a plural): their msgids are the translation catalogues' entries. The pages,
the API and the commands show :func:`message`, the same template in the active language filled
with the same params. A code may have a few variants (DECK_SIZE: an exact size, or a minimum and a
maximum): the variant whose placeholders are all among the finding's params and that uses the
most of them is taken, in English as in the other languages. Every placeholder is a param its code
declares (``tests/i18n/test_finding_messages.py`` checks it, and that every code has a template).

A finding's hint: a fixed one is marked N_ where it is raised and found in the catalogue as it
is; one with values in it ("keep at most 4 Sentinels") is its code's hint template
(``Code.hints``), filled with the finding's params. A finding's free-text ``problem`` is coded too
(its templates written once too, in ``rules.problems.PROBLEMS``).

Params are shown as people read them: numbers in the reader's locale (``1 000``, ``33,8``), lists
joined by commas, statuses and deck sections by their label. A plural template takes its count
from a param (``NP_(..., "observed")``; Russian has three forms).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.utils import formats
from django.utils.translation import get_language, gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from rules import messages as core_messages
from rules import problems as core_problems
from rules.codes import lookup
from rules.i18n import Plural

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


# A finding's ``problem`` (FIELD_TYPE, DECKLIST_INVALID...) coded by rules.problems: the templates of
# each problem key are written there (rules.problems.PROBLEMS), filled with its ``problemParams``; the
# rendered problem fills the finding's ``%(problem)s``.
PROBLEMS = core_problems.PROBLEMS

PROBLEM_PARAMS = ("problemKey", "problemParams")


def msgids(template) -> tuple[str, ...]:
    """The English source strings of a template (both forms of a plural one)."""
    kw = getattr(template, "_kw", None) or {}
    if "singular" in kw:
        return (kw["singular"], kw["plural"])
    args = getattr(template, "_args", None)
    if args:
        return (args[0],)
    return (str(template),)


def placeholders(template) -> frozenset[str]:
    return frozenset(name for text in msgids(template) for name in PLACEHOLDER.findall(text))


class _Number(int):
    """An int shown in the reader's locale (``1 000`` in French), still an int for plural forms."""

    def __str__(self) -> str:
        return formats.number_format(int(self), use_l10n=True, force_grouping=True)


class _Decimal(float):
    def __str__(self) -> str:
        return formats.number_format(float(self), use_l10n=True, force_grouping=True)


def _shown(name: str, value: Any) -> Any:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return _Number(value)
    if isinstance(value, float):
        return _Decimal(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_shown(name, v)}" for k, v in value.items())
    if isinstance(value, Iterable) and not isinstance(value, str):
        return ", ".join(str(_shown(name, v)) for v in value)
    if name == "status":
        from .labels import label

        return label(value, "status")
    if name == "section" and isinstance(value, str):
        return section_label(value)
    if name == "format" and isinstance(value, str):
        return format_label(value)
    if name == "game" and isinstance(value, str) and not english():
        return game_name(value)
    return value


def game_name(key: str) -> str:
    """A game named by its key ("vanguard") as people read it (« Cardfight!! Vanguard (Classic) »);
    English messages keep the key (the contract's words), a key no rule set has stays as it is."""
    from .i18n import game_name as named

    return named(key)


def format_label(key: str) -> str:
    """A rule set's format, named by its key ("classic"), as the reader's language names it
    (« Классический »); a key no rule set declares stays as it is (a reviewer's own format)."""
    from rules import registry

    from .i18n import tr

    for ruleset in registry:
        for fmt in ruleset.default_formats:
            if fmt.key == key:
                return tr(fmt.name, ruleset.key)
    return key


def section_label(key: str) -> str:
    """A deck section's label in the reader's language ("main": "Deck principal"), else its key.

    Sections mean the same in every game that has them (``main`` is the main deck everywhere), so
    the first rule set that labels ``key`` names it."""
    from rules import registry

    for ruleset in registry:
        label = ruleset.deck_labels.get(key)
        if label:
            return gettext(label)
    return key


def shown_params(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """The params a template may use: those with a value, as people read them."""
    return {k: _shown(k, v) for k, v in (params or {}).items() if v is not None and v != "" and v != []}


@lru_cache(maxsize=1024)
def _lazy(declared: tuple[str | Plural, ...]) -> tuple[Any, ...]:
    """A code's templates (marked N_ or NP_ in rules) as translatable strings of the catalogues."""
    return tuple(
        ngettext_lazy(text.singular, text.plural, text.count) if isinstance(text, Plural) else _(text)
        for text in declared
    )


def templates(code: str) -> tuple[Any, ...]:
    """``code``'s message templates, translatable: its catalogue entry's (``rules.codes``, a game's
    own in ``rules/games/<game>/codes.py``); () for a code nobody declares."""
    declared = lookup(code)
    return _lazy(declared.messages) if declared is not None else ()


def hint_templates(code: str) -> tuple[Any, ...]:
    """``code``'s hint templates, translatable (``Code.hints``)."""
    declared = lookup(code)
    return _lazy(declared.hints) if declared is not None else ()


def choose(code: str, params: Mapping[str, Any] | None):
    """The template of ``code`` the params fill best, or None (no template, or params missing): the
    variant the English message was written with (``rules.messages.choose``), translatable."""
    declared = lookup(code)
    if declared is None:
        return None
    chosen = core_messages.choose(declared.messages, params)
    return None if chosen is None else _lazy(declared.messages)[declared.messages.index(chosen)]


def render(code: str, params: Mapping[str, Any] | None, fallback: str = "") -> str:
    """``code``'s template in the active language, filled with ``params``; ``fallback`` if it cannot be."""
    template = choose(code, params)
    if template is None:
        return str(fallback)
    try:
        return str(template % shown_params(with_problem(params)))
    except (KeyError, TypeError, ValueError):
        return str(fallback)


def _fill(templates: Iterable[Any], params: Mapping[str, Any] | None) -> str | None:
    have = {k for k, v in (params or {}).items() if v is not None and v != "" and v != []}
    best, best_size = None, -1
    for template in templates:
        needed = placeholders(template)
        if needed <= have and len(needed) > best_size:
            best, best_size = template, len(needed)
    if best is None:
        return None
    try:
        return str(best % shown_params(params))
    except (KeyError, TypeError, ValueError):
        return None


def problem_text(params: Mapping[str, Any] | None) -> str | None:
    """A finding's coded problem (``problemKey``, ``problemParams``) in the reader's language, or None."""
    params = params or {}
    key = params.get("problemKey")
    if not isinstance(key, str) or key not in PROBLEMS:
        return None
    values = params.get("problemParams")
    return _fill(_lazy(PROBLEMS[key]), values if isinstance(values, Mapping) else {})


def with_problem(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """``params`` with its ``problem`` said in the reader's language (when it is coded), without the
    problem's key and params (no template shows them)."""
    params = dict(params or {})
    said = problem_text(params)
    if said is not None:
        params["problem"] = said
    for name in PROBLEM_PARAMS:
        params.pop(name, None)
    return params


def hint(finding) -> str:
    """A finding's hint in the reader's language (a Finding, or its dict as the API writes it): the
    catalogue's translation of a fixed hint, else its code's hint template filled with its params,
    else the core's English words."""
    if isinstance(finding, Mapping):
        code, params, words = finding.get("code"), finding.get("params"), finding.get("hint") or ""
    else:
        code, params = getattr(finding, "code", None), getattr(finding, "params", None)
        words = getattr(finding, "hint", "") or ""
    if not words or english():
        return str(words)
    translated = gettext(words)
    if translated != words:
        return translated
    filled = _fill(hint_templates(str(code)), with_problem(params))
    return filled if filled is not None else str(words)


def english() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


def message(finding, game=None, names: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """A finding's message in the reader's language (a Finding, or its dict as the API writes it).

    ``game`` (a rule set or its key), when the page knows it: the fields and card types the message
    names read as the game names them (« Puissance », « Objet »), not as keys (power, OBJECT).
    ``names``: the words a page shows for some params' keys, per param (``{"section": {"main": "Main
    deck"}}``): a message that names one of them is filled with its words, in English too (the core's
    English message says the key: "main has 5 cards").
    """
    if isinstance(finding, Mapping):
        code, params, fallback = finding.get("code"), finding.get("params"), finding.get("message", "")
    else:
        code, params = getattr(finding, "code", None), getattr(finding, "params", None)
        fallback = getattr(finding, "message", "")
    named = _named(params, names)
    if not code or (english() and named is None):
        return str(fallback)
    return render(code, labelled(params if named is None else named, game), fallback)


def labelled(params: Mapping[str, Any] | None, game=None) -> Mapping[str, Any] | None:
    """``params`` with the game's field and card types by their labels in the reader's language
    (``field``, ``type``, ``types``); the others as they are. Without a game, unchanged."""
    from .i18n import field_label, game_ruleset, type_label

    ruleset = game_ruleset(game)
    if ruleset is None or not params:
        return params
    out = dict(params)
    field = out.get("field")
    if isinstance(field, str) and ruleset.field_spec(field) is not None:
        out["field"] = field_label(ruleset, field)
    if isinstance(out.get("type"), str) and out["type"] in ruleset.card_types:
        out["type"] = type_label(ruleset, out["type"])
    types = out.get("types")
    if isinstance(types, (list, tuple)):
        out["types"] = [type_label(ruleset, t) if t in ruleset.card_types else t for t in types]
    return out


def _named(params: Mapping[str, Any] | None, names: Mapping[str, Mapping[str, str]] | None) -> dict | None:
    """``params`` with the keys ``names`` knows replaced by their words; None when none is."""
    if not params or not names:
        return None
    named = {
        key: names[key][value]
        for key, value in params.items()
        if key in names and isinstance(value, str) and value in names[key]
    }
    return {**params, **named} if named else None


def localize(data: Any) -> Any:
    """``data`` with every finding in it (a dict with a ``code`` of the catalogue and a
    ``message``) given its message in the reader's language; codes, keys and params unchanged.
    Used on API answers and stored validations; a new structure, ``data`` is not changed."""
    if english():
        return data
    return _walk(data)


def _walk(data: Any) -> Any:
    if isinstance(data, list):
        return [_walk(item) for item in data]
    if isinstance(data, dict):
        out = {key: _walk(value) for key, value in data.items()}
        code = out.get("code")
        if isinstance(code, str) and isinstance(out.get("message"), str) and templates(code):
            out["message"] = render(code, out.get("params"), out["message"])
            if isinstance(out.get("hint"), str):
                out["hint"] = hint(out)
        return out
    return data
