"""Findings in the reader's language: one translatable message template per code.

The core (``rules``) stays language-free: a finding carries its ``code`` and its ``params``
(declared per code in :mod:`rules.codes`), and an English ``message`` for logs and tools. The
pages, the API and the commands show :func:`message` instead, the template of the finding's
code in the active language filled with its params. A code may have a few variants (DECK_SIZE:
an exact size, or a minimum and a maximum): the variant whose placeholders are all among the
finding's params and that uses the most of them is taken. A finding whose params fill no
variant (an emitter that forgot one) keeps the core's English message.

A game's own codes carry their templates themselves (``Code.messages`` and ``Code.hints`` in
``rules/games/<game>/codes.py``, marked N_ or NP_), so that a game stays one package. Every placeholder is a param its code declares
(``tests/i18n/test_finding_messages.py`` checks it, and that every code of the catalogue has a
template). English readers get the core's
own message: it says the same, sometimes with more detail (the problem found, what to do).

Params are shown as people read them: numbers in the reader's locale (``1 000``, ``33,8``), lists
joined by commas, statuses and deck sections by their label. A plural template takes its count
from a param (``ngettext_lazy(..., "observed")``; Russian has three forms).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils import formats
from django.utils.translation import get_language, gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from rules import registry
from rules.codes import catalogue
from rules.i18n import Plural

PLACEHOLDER = re.compile(r"%\((\w+)\)s")

MESSAGES: dict[str, tuple[Any, ...]] = {
    # --- card faces --------------------------------------------------------------------------
    "TEXT_OVERFLOW": (
        _("%(field)s does not fit its box on the face, even at the smallest size"),
        _("%(card)s: %(field)s does not fit its box on the face, even at the smallest size"),
    ),
    "ARTWORK_UNREADABLE": (
        _("the primary artwork cannot be read; the face shows a placeholder"),
        _("%(card)s: the primary artwork cannot be read; the face shows a placeholder"),
    ),
    "ARTWORK_LOW_RESOLUTION": (
        _(
            "the primary artwork is %(width)s × %(height)s pixels; its box on the face needs "
            "%(neededWidth)s × %(neededHeight)s at 300 dpi: upload a larger image"
        ),
    ),
    # --- cards --------------------------------------------------------------------------------
    "CARD_TYPE": (
        _("%(value)s is not a card type of %(game)s"),
        _("%(value)s is not a card type of %(game)s; use one of %(expected)s"),
    ),
    "NAME_REQUIRED": (_("a card needs a name"),),
    "FIELD_UNKNOWN": (
        _("%(field)s is not a field of %(game)s cards"),
        _("%(field)s is not a field of %(game)s cards; its fields are: %(expected)s"),
        _("%(field)s is not a key this format knows"),
    ),
    "FIELD_TYPE": (_("%(field)s %(problem)s"), _("%(field)s: wrong kind of value")),
    "FIELD_REQUIRED": (
        _("%(field)s is required"),
        _("%(types)s cards need a value for %(field)s"),
        _("a %(game)s card needs a value for %(field)s"),
    ),
    "FIELD_NOT_ALLOWED": (_("%(types)s cards have no %(field)s; leave it empty"),),
    "FIELD_RANGE": (
        _("%(field)s is %(observed)s; it must be between %(minimum)s and %(maximum)s"),
        _("%(field)s is %(observed)s; it must be at least %(minimum)s"),
        _("%(field)s is %(observed)s; it must be at most %(maximum)s"),
    ),
    # --- effects ------------------------------------------------------------------------------
    "EFFECT_SCHEMA": (_("%(path)s: %(problem)s"),),
    "EFFECT_ID_DUPLICATE": (_("two effects share the effectId %(effectId)s"),),
    "EFFECT_ID_CHANGED": (
        _("the effect %(expected)s got a new id %(observed)s; effect ids never change: keep %(expected)s"),
    ),
    "EFFECT_ID_TAKEN": (_("the effectId %(effectId)s is already used by %(card)s"),),
    "EFFECT_BONUS_NO_DURATION": (_("%(path)s: a bonus to %(stat)s without a duration"),),
    "EFFECT_DURATION_MISSING": (
        _("%(path)s: the text names a duration (%(expected)s) the effect does not have"),
        _("%(path)s: the text names a duration the effect does not have"),
    ),
    "EFFECT_LIMIT_MISSING": (_("%(path)s: the text says once per turn and the effect has no limit"),),
    "EFFECT_LIMIT_UNSTATED": (_("%(path)s: %(problem)s"), _("%(path)s: a limit the text does not state")),
    "EFFECT_KIND_MISMATCH": (_("%(path)s: the text says %(expected)s and the effect is %(observed)s"),),
    "EFFECT_TEXT_NOT_ON_CARD": (_("%(path)s: the card text no longer has “%(text)s”"),),
    "EFFECT_NEW_MECHANIC": (
        _("%(path)s: a new mechanic (%(family)s): %(description)s"),
        _("%(path)s: a new mechanic the game's vocabulary cannot say yet"),
    ),
    "NOT_IMPLEMENTED": (_("no engine runs this effect yet"),),
    # --- decks --------------------------------------------------------------------------------
    "UNKNOWN_CARD": (
        _("no card is %(ref)s"),
        _("%(ref)s is no %(game)s card"),
        _("%(section)s: %(ref)s names no %(game)s card"),
        _("%(section)s: %(ref)s names no %(game)s card; did you mean %(suggestions)s?"),
    ),
    "AMBIGUOUS_CARD": (
        ngettext_lazy(
            "%(ref)s names %(observed)s %(game)s card (%(candidates)s); give its stableCardId",
            "%(ref)s names %(observed)s %(game)s cards (%(candidates)s); give its stableCardId",
            "observed",
        ),
        _("%(section)s: %(ref)s names several %(game)s cards; use the stableCardId of the one you mean"),
        ngettext_lazy(
            "%(section)s: %(ref)s names %(observed)s %(game)s card (%(candidates)s); use the stableCardId of the one you mean",
            "%(section)s: %(ref)s names %(observed)s %(game)s cards (%(candidates)s); use the stableCardId of the one you mean",
            "observed",
        ),
    ),
    "CARD_NOT_VALIDATED": (
        _("%(section)s: %(card)s is %(status)s; only validated cards may be played"),
        _("%(section)s: %(name)s (%(card)s) is %(status)s; only validated cards may be played"),
    ),
    "DECK_SIZE": (
        ngettext_lazy(
            "%(section)s has %(observed)s card; it must have exactly %(expected)s",
            "%(section)s has %(observed)s cards; it must have exactly %(expected)s",
            "observed",
        ),
        ngettext_lazy(
            "%(section)s has %(observed)s card; it must have between %(minimum)s and %(maximum)s",
            "%(section)s has %(observed)s cards; it must have between %(minimum)s and %(maximum)s",
            "observed",
        ),
        ngettext_lazy(
            "%(section)s has %(observed)s card; it must have at least %(minimum)s",
            "%(section)s has %(observed)s cards; it must have at least %(minimum)s",
            "observed",
        ),
        ngettext_lazy(
            "%(section)s has %(observed)s card; it must have at most %(maximum)s",
            "%(section)s has %(observed)s cards; it must have at most %(maximum)s",
            "observed",
        ),
    ),
    "COPY_LIMIT": (
        ngettext_lazy(
            "%(observed)s copy of %(name)s (%(card)s); at most %(expected)s allowed in %(format)s",
            "%(observed)s copies of %(name)s (%(card)s); at most %(expected)s allowed in %(format)s",
            "observed",
        ),
        ngettext_lazy(
            "%(observed)s copy of %(card)s; at most %(expected)s allowed in %(format)s",
            "%(observed)s copies of %(card)s; at most %(expected)s allowed in %(format)s",
            "observed",
        ),
    ),
    "WRONG_SECTION": (
        _("%(section)s: %(ref)s does not belong in this section"),
        _("%(section)s: %(ref)s does not belong in this section; move it to %(expected)s"),
        _("%(section)s: %(card)s is a %(type)s; it goes in %(expected)s"),
        _("%(section)s: %(card)s is a %(type)s and does not belong in this section"),
    ),
    "BANLIST": (
        ngettext_lazy(
            "%(card)s: the deck has %(observed)s copy; %(format)s allows %(expected)s",
            "%(card)s: the deck has %(observed)s copies; %(format)s allows %(expected)s",
            "observed",
        ),
    ),
    "FORMAT_ILLEGAL": (
        _("%(card)s is from set %(set)s; %(format)s allows only %(expected)s"),
        _("%(card)s is from no set; %(format)s allows only %(expected)s"),
    ),
    "NOT_OWNED": (
        ngettext_lazy(
            # expected: the copies the deck uses; observed: the copies the collection holds.
            "the deck uses %(expected)s copy of %(card)s; %(owner)s's collection has %(observed)s",
            "the deck uses %(expected)s copies of %(card)s; %(owner)s's collection has %(observed)s",
            "expected",
        ),
    ),
    "NO_SIDEBOARD": (
        ngettext_lazy(
            "%(format)s has no sideboard; the %(observed)s card listed as one is not part of the deck",
            "%(format)s has no sideboard; the %(observed)s cards listed as one are not part of the deck",
            "observed",
        ),
    ),
    "OWNERSHIP_NOT_CHECKED": (
        _("%(format)s allows owned cards only and the deck has no owner: ownership was not checked"),
    ),
    # --- audits -------------------------------------------------------------------------------
    "STATUS_NEEDS_REVIEW": (_("%(card)s waits for review"),),
    "IDENTITY_COLLISION": (
        _("another card named %(name)s (%(type)s, set %(set)s) holds different data: %(cards)s"),
        _("%(card)s: another card with the same name, type and set holds different data"),
    ),
    "IMPORT_CONFLICT": (
        _("%(card)s: import conflict #%(conflict)s is open; the studio kept the user's change"),
    ),
    # --- card translations --------------------------------------------------------------------
    "TRANSLATION_STALE": (
        _(
            "%(card)s: the %(language)s translation translates version %(sourceVersion)s; the source "
            "text has changed since (version %(version)s)"
        ),
    ),
    "TRANSLATION_GLOSSARY": (
        _(
            "%(field)s: the glossary's %(language)s term for %(term)s is %(expected)s, which the "
            "translation does not use"
        ),
    ),
    # --- input the studio refuses -------------------------------------------------------------
    "FIELD_INVALID": (
        _("%(field)s: a value the studio cannot take"),
        _("a value the studio cannot take"),
        _("%(field)s %(problem)s"),
    ),
    "FIELD_READ_ONLY": (_("%(field)s is not edited this way"),),
    "FILE_INVALID": (_("the file cannot be read as a card set: %(problem)s"),),
    "CARD_NOT_OBJECT": (_("%(card)s is not a JSON object"),),
    "DUPLICATE_ID": (_("the card set names %(card)s twice"),),
    "DUPLICATE_CARD": (_("%(card)s: the card set holds %(name)s twice without a stableCardId"),),
    "ID_OF_OTHER_GAME": (_("%(card)s belongs to a card of %(game)s"),),
    "UNKNOWN_GAME": (
        _("%(value)s is not a game of the studio"),
        _("%(value)s is not a game; use one of %(expected)s"),
    ),
    "UNKNOWN_FORMAT": (
        _("%(game)s has no default format"),
        _("%(game)s has no format %(format)s"),
        _("%(game)s has no format %(format)s; use one of %(expected)s"),
    ),
    "UNKNOWN_USER": (_("nobody has the username %(value)s"),),
    "DECK_INVALID": (
        _("a deck is a JSON object with game, name and sections"),
        _("not a deck file: %(problem)s"),
    ),
    "DECKLIST_INVALID": (_("line %(line)s of the decklist cannot be read: %(problem)s"),),
    "NO_CHANGE": (_("%(card)s: this changes nothing"), _("this changes nothing")),
    "PAPER_GAME_INVALID": (_("%(field)s: this paper game cannot be recorded (%(problem)s)"),),
    "ARTWORK_PRIMARY_NOT_HD": (_("a %(kind)s image cannot be a card's primary image; choose an HD one"),),
    # --- playtest tables: a move the table refuses ------------------------------------------------
    "TABLE_EVENT_INVALID": (
        _("%(kind)s: this event is not as the table reads it (%(problem)s)"),
        _("this event is not as the table reads it (%(problem)s)"),
    ),
    "TABLE_FINISHED": (_("the game is over; nothing more can be played"),),
    "TABLE_SETUP_PENDING": (
        _("the setup is not done yet: %(decisions)s still to decide"),
        _("the setup is not done yet"),
    ),
    "TABLE_SETUP_DONE": (_("this setup decision is already made (%(decision)s)"),),
    "TABLE_NOT_COIN_WINNER": (_("only the winner of the coin toss chooses who plays first, once"),),
    "TABLE_NOT_IN_HAND": (_("every card put back must be a different card of your hand"),),
    "TABLE_MULLIGAN_TOO_MANY": (
        _("a mulligan puts back at most %(maximum)s cards; %(observed)s were chosen"),
    ),
    "TABLE_NOT_YOUR_TURN": (_("it is not seat %(seat)s's turn"), _("it is not your turn")),
    "TABLE_LAST_STEP": (_("this is the turn's last step; end the turn"),),
    "TABLE_HAND_LIMIT": (
        _("the hand holds %(observed)s cards; discard down to %(limit)s before the end of the turn"),
    ),
    "TABLE_UNKNOWN_ZONE": (
        _("%(zone)s is not a zone of this table"),
        _("%(zone)s is not a zone of this table; its zones are %(expected)s"),
    ),
    "TABLE_UNKNOWN_CARD": (_("no card %(instance)s is on this table"),),
    "TABLE_NOT_YOUR_CARD": (
        _("card %(instance)s is not yours"),
        _("card %(instance)s is not seat %(seat)s's"),
    ),
    "TABLE_ZONE_FULL": (_("%(zone)s is full: it holds at most %(capacity)s cards"),),
    "TABLE_ZONE_EMPTY": (_("%(zone)s has no card"),),
    "TABLE_UNKNOWN_COUNTER": (
        _("%(counter)s is not a counter of this table"),
        _("%(counter)s is not a counter of this table; its counters are %(expected)s"),
    ),
    "TABLE_COUNTER_RANGE": (_("%(counter)s goes from %(minimum)s to %(maximum)s"),),
    "TABLE_SQUARE": (_("%(square)s is not a square of the board (a1 to h8)"),),
    "TABLE_NOT_YOUR_PIECE": (_("no piece of yours stands on %(square)s"),),
    "TABLE_STALE_SEQ": (
        _("the table moved on (it is at %(current)s, you played from %(expected)s): catch up and play again"),
        _("the table moved on: catch up and play again"),
    ),
    "TABLE_WAITING": (_("the table waits for its second player"),),
    "TABLE_NOT_WAITING": (_("this table already has its two players"),),
    "TABLE_ALREADY_SEATED": (
        _("you already sit at this table; to play both seats, open a table with two of your decks"),
    ),
    "TABLE_NOT_SEATED": (_("you do not sit at this table; spectators only watch"),),
    "TABLE_NOT_YOUR_SEAT": (
        _("seat %(seat)s is not yours"),
        _("seat %(seat)s is not yours; you sit at seat %(expected)s"),
    ),
    "TABLE_DECK_NOT_YOURS": (_("you have no deck %(deck)s"), _("%(field)s: you have no deck %(deck)s")),
    "TABLE_WRONG_GAME": (
        _("deck %(deck)s is a deck of %(game)s; this table plays %(expected)s"),
        _("%(field)s: deck %(deck)s is a deck of %(game)s; this table plays %(expected)s"),
    ),
    "TABLE_SINCE_INVALID": (_("since must be a whole number from 0 to %(maximum)s"),),
}


# A finding's free-text ``problem`` (FIELD_TYPE, DECKLIST_INVALID...) coded by rules.problems: one
# template per problem key, filled with its ``problemParams``; the rendered problem fills the
# finding's ``%(problem)s``.
PROBLEMS: dict[str, tuple[Any, ...]] = {
    # a value of a card field (rules.fields, the editor)
    "NOT_WHOLE_NUMBER": (_("must be a whole number"), _("must be a whole number, not %(value)s")),
    "NOT_TEXT": (_("must be text"),),
    "CONTROL_CHARACTER": (
        _(
            "holds the control character %(character)s (character %(position)s), which a card cannot hold; remove it"
        ),
    ),
    "TOO_LONG": (
        ngettext_lazy(
            "must be at most %(maximum)s character long (it has %(observed)s)",
            "must be at most %(maximum)s characters long (it has %(observed)s)",
            "maximum",
        ),
    ),
    "NOT_YES_NO": (_("must be true or false"),),
    "NOT_ALLOWED": (_("%(value)s is not allowed; use one of %(expected)s"),),
    "NOT_A_LIST": (_("must be a list"),),
    "NOT_TEXT_LIST": (_("must be a list of texts"),),
    "ITEMS_TOO_LONG": (
        ngettext_lazy(
            "must hold texts of at most %(maximum)s character",
            "must hold texts of at most %(maximum)s characters",
            "maximum",
        ),
    ),
    # effects: their JSON shape (rules.effects.shape)
    "UNKNOWN_KEY": (_("unknown key %(value)s; the keys here are: %(expected)s"),),
    "REQUIRED": (_("required"),),
    "MUST_BE": (_("must be %(expected)s"),),
    "WRONG_TYPE": (_("must be of the JSON type %(expected)s"),),
    "NOT_VALID": (_("%(value)s is not valid here"),),
    "TOO_FEW_ITEMS": (
        ngettext_lazy("needs at least %(minimum)s item", "needs at least %(minimum)s items", "minimum"),
    ),
    "DUPLICATE_ITEMS": (_("lists a value twice"),),
    "TARGET_ID_TAKEN": (_("%(value)s is already the id of targets[%(index)s]"),),
    "UNKNOWN_TARGET": (_("%(value)s names no target of this effect; use one of: %(expected)s"),),
    "NO_EFFECTS": (_("%(game)s cards have no structured effects; send []"),),
    "LIMIT_UNSTATED": (_("the effect has a use limit the text never states"),),
    "MORE_LIMITS": (
        ngettext_lazy(
            "%(observed)s effect has a use limit, more than the text says once per turn",
            "%(observed)s effects have a use limit, more than the text says once per turn",
            "observed",
        ),
    ),
    # files
    "CARD_SET_NOT_OBJECT": (_("a card-set file is a JSON object with 'game' and 'cards'"),),
    "CARDS_NOT_LIST": (_("'cards' must be a list of cards"),),
    # decklists (decks.interchange)
    "COUNT_WITHOUT_CARD": (_("a count needs a card after it; write %(forms)s"),),
    "COUNT_RANGE": (_("the count must be from %(minimum)s to %(maximum)s; write %(forms)s"),),
    "REF_TOO_LONG": (
        ngettext_lazy(
            "a card reference is at most %(maximum)s character; write %(forms)s",
            "a card reference is at most %(maximum)s characters; write %(forms)s",
            "maximum",
        ),
    ),
    "PICK_ONE_CARD": (_("%(pick)s is one card; list exactly one card, once, under it"),),
    "LINE_CHARACTER": (
        _(
            "holds the character %(character)s (character %(position)s), which no card reference holds; remove it"
        ),
    ),
    "MORE_LINES": (
        ngettext_lazy(
            "and %(observed)s more line that cannot be read",
            "and %(observed)s more lines that cannot be read",
            "observed",
        ),
    ),
    "DECKLIST_TOO_LONG": (
        _(
            "the decklist has %(observed)s characters; at most %(maximum)s are read (one deck is a few thousand)"
        ),
    ),
    "DECKLIST_TOO_MANY_LINES": (
        _("the decklist has %(observed)s lines; at most %(maximum)s are read (one deck is a few hundred)"),
    ),
}

PROBLEM_PARAMS = ("problemKey", "problemParams")

# A finding's hint (how to fix it) in the reader's language. A fixed hint is marked N_ in the
# rules core and found in the catalogue as it is; a hint with values in it ("keep at most 4
# Sentinels") is one of these templates, filled with the finding's params.
HINTS: dict[str, tuple[Any, ...]] = {
    "CARD_TYPE": (_("use one of %(expected)s"),),
    "FIELD_UNKNOWN": (_("remove it, or use one of its fields: %(expected)s"),),
    "FIELD_TYPE": (_("give %(field)s a value of the kind it accepts (GET /api/games/ lists them)"),),
    "FIELD_REQUIRED": (_("give %(field)s a value"),),
    "FIELD_RANGE": (
        _("give a number from %(minimum)s to %(maximum)s"),
        _("give a number of at least %(minimum)s"),
        _("give a number of at most %(maximum)s"),
    ),
    "EFFECT_BONUS_NO_DURATION": (_("give it one of the game's durations"),),
    "EFFECT_DURATION_MISSING": (_("give the effect the duration %(expected)s, or check the text"),),
    "EFFECT_KIND_MISMATCH": (_("make it %(expected)s, or check the text"),),
    "EFFECT_ID_CHANGED": (_("keep %(expected)s"),),
    "WRONG_SECTION": (_("move it to %(expected)s"),),
    "DECK_SIZE": (
        ngettext_lazy(
            "the section must have exactly %(expected)s card",
            "the section must have exactly %(expected)s cards",
            "expected",
        ),
        _("the section must have between %(minimum)s and %(maximum)s cards"),
        ngettext_lazy(
            "the section must have at least %(minimum)s card",
            "the section must have at least %(minimum)s cards",
            "minimum",
        ),
        ngettext_lazy(
            "the section must have at most %(maximum)s card",
            "the section must have at most %(maximum)s cards",
            "maximum",
        ),
    ),
    "COPY_LIMIT": (_("keep at most %(expected)s of it"),),
    "BANLIST": (_("keep at most %(expected)s of it"),),
    "FORMAT_ILLEGAL": (_("play a print of %(expected)s, or another format"),),
}


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
    from rules import registry

    from .i18n import tr

    ruleset = next((r for r in registry if r.key == key), None)
    return tr(ruleset.name, ruleset.key) if ruleset is not None else key


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


def _lazy(text: str | Plural) -> Any:
    """A template a game declares (marked N_ or NP_ in its package) as the shared ones are written."""
    if isinstance(text, Plural):
        return ngettext_lazy(text.singular, text.plural, text.count)
    return _(text)


def templates(code: str) -> tuple[Any, ...]:
    """``code``'s templates: those above for a shared code, those its game declares for a game's own
    (``rules.codes.Code.messages`` in ``rules/games/<game>/codes.py``, translated here)."""
    if code in MESSAGES:
        return MESSAGES[code]
    declared = catalogue(registry).get(code)
    return tuple(_lazy(text) for text in declared.messages) if declared is not None else ()


def hint_templates(code: str) -> tuple[Any, ...]:
    """``code``'s hint templates: those above for a shared code, ``Code.hints`` for a game's own."""
    if code in HINTS:
        return HINTS[code]
    declared = catalogue(registry).get(code)
    return tuple(_lazy(text) for text in declared.hints) if declared is not None else ()


def choose(code: str, params: Mapping[str, Any] | None):
    """The template of ``code`` the params fill best, or None (no template, or params missing)."""
    have = {k for k, v in (params or {}).items() if v is not None and v != "" and v != []}
    best, best_size = None, -1
    for template in templates(code):
        needed = placeholders(template)
        if needed <= have and len(needed) > best_size:
            best, best_size = template, len(needed)
    return best


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
    return _fill(PROBLEMS[key], values if isinstance(values, Mapping) else {})


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
