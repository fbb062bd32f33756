"""The web layer's side of the rule sets' words, and the language of the commands.

``tr`` translates a rule set's label or help (marked ``N_`` in ``rules``, see :mod:`rules.i18n`)
when it is shown; a string no catalogue has comes back as it is.

``language_from_env`` reads the language a command speaks from ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` (gettext's order: ``fr_FR.UTF-8`` is French, ``C`` English), for
``common.cli.LocalizedCommand``'s ``--lang``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from django.conf import settings
from django.utils.translation import get_language, gettext, ngettext, pgettext, trans_real
from django.utils.translation.trans_real import CONTEXT_SEPARATOR

from rules import registry
from rules.fields import FieldSpec, Kind
from rules.i18n import Plural
from rules.ruleset import RuleSet
from rules.text import key_words

ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def tr(text: str | None, context: str | None = None) -> str:
    """A rule set's label or help in the reader's language.

    ``context`` (a game's key) first looks for the game's own word (marked ``NC_(key, ...)``), then
    for the common one.
    """
    if not text:
        return text or ""
    if context and _has_entry(context, text):
        return pgettext(context, text)
    return gettext(text)


def tr_params(text: str | Plural, params: Mapping[str, object]) -> str:
    """A rule set's sentence marked ``N_`` or ``NP_`` in the reader's language, its params filled in
    (a plural's form chosen by the param it names)."""
    if isinstance(text, Plural):
        return ngettext(text.singular, text.plural, params[text.count]) % params
    shown = tr(text)
    return shown % params if "%(" in text else shown


def _has_entry(context: str | None, text: str) -> bool:
    """Whether the active language's catalogue has ``text`` in ``context`` (its translation may be the
    English word itself: riftbound's French keeps "Battlefield" where the studio says « Champ de bataille »)."""
    language = get_language()
    if not language:
        return False
    try:
        catalog = trans_real.translation(language)._catalog
    except Exception:
        return False
    return (f"{context}{CONTEXT_SEPARATOR}{text}" if context else text) in catalog


def has_entry(text: str, context: str | None = None) -> bool:
    """Whether the active language's catalogue translates ``text`` (in ``context``, or without one)."""
    return bool(context and _has_entry(context, text)) or _has_entry(None, text)


def game_ruleset(game: RuleSet | str | None) -> RuleSet | None:
    """``game`` as a rule set: a rule set, or the key of a registered game; None otherwise."""
    if isinstance(game, RuleSet):
        return game
    return registry.get(game) if game in registry else None


_ruleset = game_ruleset


def game_name(game: RuleSet | str | None) -> str:
    """A game (its rule set or key) named as the reader names it: « Cartes d’échecs » for Chess cards.

    A rule set's ``name`` is marked ``N_`` (English, the contract's word); the pages show this. A key
    no rule set has stays as it is."""
    ruleset = _ruleset(game)
    if ruleset is None:
        return "" if game is None else str(game)
    return tr(ruleset.name, ruleset.key)


def type_label(game: RuleSet | str | None, card_type: str | None) -> str:
    """A card type as the reader reads it: the game's label in the reader's language.

    Without a game (a list of several games' cards), the label of every game that has the type;
    when they disagree (duel's and riftbound's SPELL in French), both, joined by " / ".
    """
    if not card_type:
        return ""
    ruleset = _ruleset(game)
    if ruleset is not None:
        return tr(ruleset.type_label(card_type), ruleset.key)
    labels: list[str] = []
    for each in registry:
        if card_type in each.card_types:
            label = tr(each.type_label(card_type), each.key)
            if label not in labels:
                labels.append(label)
    return " / ".join(labels) or key_words(card_type)


def field_label(game: RuleSet | str | None, name: str) -> str:
    """A field of a game's cards in the reader's language (its key when the game has no such field)."""
    ruleset = _ruleset(game)
    if ruleset is None:
        return name
    # Fields are named in the studio's words (N_, no context): a game's value of the same
    # English word (vanguard's Critical trigger, its critical field) keeps its own.
    return tr(ruleset.field_label(name))


def field_accepts(spec: FieldSpec) -> str:
    """What a game field accepts, in the reader's words (the search help's lines): « un nombre entier
    de 0 à 3, ou vide »; the choices by their keys, which the search and the files use.
    (``FieldSpec.describe`` says it in the contract's English, for the API and the commands.)"""
    numbers = {"minimum": spec.minimum, "maximum": spec.maximum}
    choices = ", ".join(spec.choices)
    if spec.kind is Kind.INT:
        if spec.minimum is not None and spec.maximum is not None:
            what = gettext("a whole number from %(minimum)s to %(maximum)s") % numbers
        elif spec.minimum is not None:
            what = gettext("a whole number, at least %(minimum)s") % numbers
        elif spec.maximum is not None:
            what = gettext("a whole number, at most %(maximum)s") % numbers
        else:
            what = gettext("a whole number")
    elif spec.kind is Kind.BOOL:
        what = gettext("yes or no")
    elif spec.kind is Kind.ENUM:
        what = gettext("one of %(choices)s") % {"choices": choices}
    elif spec.kind is Kind.ENUM_LIST:
        what = gettext("a list of values among %(choices)s") % {"choices": choices}
    elif spec.kind is Kind.STR_LIST:
        what = gettext("a list of texts")
    else:
        what = gettext("a text")
    return gettext("%(accepted)s, or empty") % {"accepted": what}


def value_label(game: RuleSet | str | None, field: str, value: object) -> str:
    """One value of an enum field (a trigger, a domain, a behaviour) in the reader's language."""
    ruleset = _ruleset(game)
    if ruleset is None or not isinstance(value, str):
        return key_words(value)
    return tr(ruleset.value_label(field, value), ruleset.key)


def supported(code: str | None) -> str | None:
    """``code`` (``fr``, ``fr-FR``, ``fr_FR.UTF-8``, ``ru_RU``) as one of settings.LANGUAGES, or None."""
    if not code:
        return None
    base = code.split(".", 1)[0].split("@", 1)[0].replace("_", "-").lower()
    known = {key.lower() for key, _ in settings.LANGUAGES}
    if base in known:
        return base
    base = base.split("-", 1)[0]
    if base in ("c", "posix"):
        return "en"
    return base if base in known else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment, one of settings.LANGUAGES (LANGUAGE_CODE when none is)."""
    environ = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        value = environ.get(name, "")
        if not value:
            continue
        # LANGUAGE may list several ("fr:en"); the others name one locale.
        for part in value.split(":") if name == "LANGUAGE" else [value]:
            found = supported(part)
            if found:
                return found
        if name != "LANGUAGE":
            break  # the first locale variable set decides, as in gettext
    return settings.LANGUAGE_CODE
