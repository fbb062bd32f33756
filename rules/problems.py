"""What is wrong with a value, as a key with params: the ``problem`` of a finding, written once.

A finding whose message says a problem in words (FIELD_TYPE "grade must be a whole number",
DECKLIST_INVALID "the count must be from 1 to 99") carries that problem coded: its ``problemKey``
and ``problemParams`` beside the ``problem`` itself (:meth:`Problem.params`). The words are written
once, here: :data:`PROBLEMS` gives each key its templates (``%(value)s`` of its values, marked
``N_``, or ``NP_`` for a plural, as the codes' templates of :mod:`rules.codes` are). A problem is
made with its key and values only (``problem("COUNT_RANGE", minimum=1, maximum=99)``); its English
``text``, for logs, tools and English readers, is the template the values fill best
(:func:`rules.messages.render`, the same choice of variant as a finding's message), and the pages,
the API and the commands render the same template in the reader's language
(``common.finding_messages.problem_text``). Keys never change.

Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import findings
from .i18n import N_, NP_
from .messages import Template, render

# One entry per problem key: its templates, filled with the problem's values.
_PROBLEMS: dict[str, tuple[Template, ...]] = {
    # a value of a card field (rules.fields, the editor)
    "NOT_WHOLE_NUMBER": (N_("must be a whole number"), N_("must be a whole number, not %(value)s")),
    "NOT_TEXT": (N_("must be text"),),
    "CONTROL_CHARACTER": (
        N_(
            "holds the control character %(character)s (character %(position)s), which a card cannot hold; remove it"
        ),
    ),
    "TOO_LONG": (
        NP_(
            "must be at most %(maximum)s character long (it has %(observed)s)",
            "must be at most %(maximum)s characters long (it has %(observed)s)",
            "maximum",
        ),
    ),
    "NOT_YES_NO": (N_("must be true or false"),),
    "NOT_ALLOWED": (N_("%(value)s is not allowed; use one of %(expected)s"),),
    # a print sheet layout too small for the game's cards (faces.printing)
    "LAYOUT_TOO_SMALL": (
        N_("cannot hold %(columns)s x %(rows)s cards of %(width)s x %(height)s mm; choose another layout"),
    ),
    # a print shop's layout that does not print the template's card size (faces.layouts.printer_for)
    "SIZE_NOT_PRINTED": (
        N_(
            "%(layout)s does not print %(size)s cards (%(width)s x %(height)s mm); it prints %(expected)s: "
            "choose a layout for %(size)s cards or change the template's card size"
        ),
    ),
    # CMYK and the zip of card images are a print shop's (faces.printing.read_options)
    "PRINTER_LAYOUT_ONLY": (N_("is for a print shop's layout: %(expected)s"),),
    "CMYK_PDF_ONLY": (N_("CMYK is for the PDF; the zip holds the sRGB images a print shop uploads"),),
    "SIZE_UNNAMED": (
        N_(
            "the template's card is %(width)s x %(height)s mm, none of the card sizes a print shop prints "
            "(%(expected)s): set the template's card size"
        ),
    ),
    "NOT_A_LIST": (N_("must be a list"),),
    "NOT_TEXT_LIST": (N_("must be a list of texts"),),
    "ITEMS_TOO_LONG": (
        NP_(
            "must hold texts of at most %(maximum)s character",
            "must hold texts of at most %(maximum)s characters",
            "maximum",
        ),
    ),
    # effects: their JSON shape (rules.effects.shape)
    "UNKNOWN_KEY": (N_("unknown key %(value)s; the keys here are: %(expected)s"),),
    "REQUIRED": (N_("required"),),
    "MUST_BE": (N_("must be %(expected)s"),),
    "WRONG_TYPE": (N_("must be of the JSON type %(expected)s"),),
    "NOT_VALID": (N_("%(value)s is not valid here"), N_("%(value)s is not valid here: %(expected)s")),
    "TOO_FEW_ITEMS": (NP_("needs at least %(minimum)s item", "needs at least %(minimum)s items", "minimum"),),
    "DUPLICATE_ITEMS": (N_("lists a value twice"),),
    "TARGET_ID_TAKEN": (N_("%(value)s is already the id of targets[%(index)s]"),),
    "UNKNOWN_TARGET": (
        N_("%(value)s names no target of this effect; declare it in targets"),
        N_("%(value)s names no target of this effect; use one of: %(expected)s"),
    ),
    # a JSON Schema error the studio has no words of its own for: the validator's, in English
    "SCHEMA": (N_("does not follow the effect schema: %(detail)s"),),
    "NO_EFFECTS": (N_("%(game)s cards have no structured effects; send []"),),
    "LIMIT_UNSTATED": (N_("the effect has a use limit the text never states"),),
    "MORE_LIMITS": (
        NP_(
            "%(observed)s effect has a use limit, more than the text says once per turn",
            "%(observed)s effects have a use limit, more than the text says once per turn",
            "observed",
        ),
    ),
    # a JSON text (the editor's effects, a body): the parser's words, in English
    "NOT_JSON": (N_("is not valid JSON at line %(line)s, column %(column)s: %(detail)s"),),
    # a value the input guards refuse (common.guards: their words, already in the reader's language)
    "NOT_READABLE": (N_("cannot be read: %(detail)s"),),
    # a request's body (the API)
    "BODY_NOT_OBJECT": (
        N_("the body must be a JSON object"),
        N_("the body must be a JSON object, e.g. %(example)s"),
    ),
    # the simulation lab (simulations.services)
    "NO_DECK_TO_SEE": (N_("names no deck you may see (%(value)s)"),),
    "NO_RULES_MODE": (
        N_("is a %(game)s deck; bots play only the games whose rules the tables know: %(expected)s"),
    ),
    "NOT_SAME_GAME": (N_("is a %(game)s deck; the other deck is a %(expected)s deck"),),
    "CARD_NOT_IN_DECKS": (N_("names no card of the two decks (%(value)s); name a card one of them plays"),),
    "TWO_VERSIONS": (N_("must be two different versions of the card, e.g. [%(before)s, %(after)s]"),),
    # decks' services and the deck API
    "NO_SUCH_SECTION": (N_("is %(value)s, a section %(game)s decks do not have; they have %(expected)s"),),
    "COUNT_OR_REMOVE": (N_("must be a whole number from 0 (remove) to %(maximum)s"),),
    "ENTRY_TOO_MANY": (N_("must stay at most %(maximum)s copies in one entry"),),
    "COUNT_OR_DELTA": (N_("give count (the copies) or delta (copies to add or remove)"),),
    "DELTA": (N_("must be a whole number of copies to add (or remove, below 0)"),),
    "NOT_A_PRINTING": (N_("%(value)s is not a printing of %(name)s; its printings: %(expected)s"),),
    "DECKS_LIMIT": (N_("%(value)s has %(maximum)s decks, the limit (DECKS_MAX_PER_USER); delete one first"),),
    "SECTION_TOO_LONG": (
        N_(
            "has %(observed)s entries, over the limit of %(maximum)s per section "
            "(DECKS_MAX_ENTRIES_PER_SECTION); merge copies of a card into one entry"
        ),
    ),
    "COUNTS_SHAPE": (N_('must be {"TD01-001": 4} or [{"card": "TD01-001", "count": 4}]'),),
    "FORMAT_TAKEN": (N_("is taken: %(game)s already has a format %(value)s"),),
    "FORMAT_KEY_FIXED": (N_("never changes; create a new format"),),
    # a format's data (rules.formats, decks.models.format_errors): each names its path
    "SIZE_BOUND_SHAPE": (
        N_('%(path)s must be a size bound, an object such as {"exact": 40} or {"min": 1, "max": 5}'),
    ),
    "SIZE_BOUND_KEY": (N_("%(path)s has the unknown key %(value)s; use exact, or min and max"),),
    "NOT_NATURAL": (N_("%(path)s must be a whole number, 0 or more"),),
    "EXACT_OR_MIN_MAX": (N_("%(path)s gives exact and min or max; give exact, or min and max, not both"),),
    "MIN_ABOVE_MAX": (N_("%(path)s has its min (%(minimum)s) above its max (%(maximum)s)"),),
    "FORMAT_SECTION": (
        N_("%(path)s names %(value)s, a section %(game)s decks do not have; they have %(expected)s"),
    ),
    "SIZES_SHAPE": (N_('%(path)s must be an object such as {"main": {"exact": 40}}'),),
    "BANLIST_SHAPE": (
        N_(
            "%(path)s must be an object {card reference: copies allowed}, each 0 (forbidden), 1 or 2, "
            'e.g. {"DU-EX-007": 1}'
        ),
    ),
    "EXCEPTIONS_SHAPE": (
        N_(
            '%(path)s must be an object {card reference: copy limit or null (any number)}, e.g. {"DR-U02": null}'
        ),
    ),
    "SET_CODES": (N_('%(path)s must be a list of set codes, e.g. ["BT01", "TD01"]; empty for every set'),),
    # reviews' services and API
    "AT_LEAST_ONE_CARD": (N_("must name at least one card (stableCardId)"),),
    "BULK_TOO_MANY": (N_("must name at most %(maximum)s cards at once; you gave %(observed)s"),),
    "NO_SUCH_VERSION": (
        N_("%(card)s has no version %(value)s"),
        N_("%(card)s has no version %(value)s; its versions are 1 to %(maximum)s"),
    ),
    "VERSION_NUMBER": (N_("must be a version number"),),
    "CARD_OBJECT": (N_("must be a JSON object (a card in the interchange format)"),),
    "CHANGES_OBJECT": (N_("must be a non-empty JSON object of card keys"),),
    "NOT_IN_PROPOSAL": (N_("is not the card's content, which is all a proposal changes"),),
    "TWO_CARDS": (N_("must name exactly two different cards (stableCardId)"),),
    "TWO_GAMES": (N_("the two cards belong to different games; they never collide"),),
    # corrections of effects (rules.corrections, corrections.services)
    "CORRECTION_OBJECT": (N_("a correction is an object with effectId, change and why"),),
    "CORRECTION_KEY": (N_("is an unknown key; a correction has %(expected)s"),),
    "WHY_IMPORTED": (N_("is required: say why the imported data is wrong (the ruling, its source)"),),
    "WHY_WITHDRAWN": (N_("is required: say why the correction is withdrawn"),),
    "EFFECT_ID_REQUIRED": (N_("is required: the id of the effect to correct"),),
    "NO_SUCH_EFFECT": (
        N_("names no effect of %(card)s: %(value)s; its effects are not structured"),
        N_("names no effect of %(card)s: %(value)s; its effects: %(expected)s"),
    ),
    "BREAKS_SCHEMA": (N_("would make an effect that breaks the %(game)s effect schema: %(detail)s"),),
    "CHANGE_LIST": (
        N_('must be a non-empty list of operations such as {"op": "add", "path": "/limit", "value": {...}}'),
    ),
    "OPERATION_OBJECT": (N_("must be an operation, an object with op, path (and value)"),),
    "OPERATION_KEY": (N_("is an unknown key; an operation has op, path and value"),),
    "JSON_POINTER": (N_("must be a JSON Pointer inside the effect, e.g. /limit or /actions/0/amount"),),
    "POINTER_EFFECT_ID": (
        N_("cannot name effectId, which never changes; a correction targets an effect by its id"),
    ),
    "VALUE_REQUIRED": (N_("is required for %(value)s"),),
    "REMOVE_NO_VALUE": (N_("must be left out: remove takes no value"),),
    "NO_KEY_HERE": (N_("%(path)s: the effect has no %(value)s here"),),
    "NO_KEY_TO": (N_("%(path)s: the effect has no %(value)s to %(op)s"),),
    "NOT_A_CONTAINER": (N_("%(path)s: %(value)s is inside a value that is neither an object nor a list"),),
    "NOT_AN_INDEX": (N_("%(path)s: %(value)s is not a list index"),),
    "PAST_THE_END": (
        NP_(
            "%(path)s: index %(value)s is past the end of the list (%(observed)s item)",
            "%(path)s: index %(value)s is past the end of the list (%(observed)s items)",
            "observed",
        ),
    ),
    # a card and its translations (cards.interchange, cards.translations, cards.services)
    "OTHER_GAME": (N_("is %(value)s, not the game of the card (%(game)s); a card belongs to one game"),),
    "STABLE_ID": (
        N_(
            "%(value)s is not a valid id (1 to 64 letters, digits, '.', '_' or '-', starting with a letter or "
            "digit)"
        ),
    ),
    "REQUIRED_TEXT": (N_("is required: a text that is not empty"),),
    "ARCHETYPES_LIST": (N_("must be a list of texts that are not empty (the printed labels)"),),
    "ARCHETYPES_LIMIT": (N_("must hold at most %(labels)s labels of at most %(maximum)s characters each"),),
    "EFFECTS_LIST": (N_("must be a list of objects (structured effects)"),),
    "NOT_A_LANGUAGE": (N_("%(value)s is not a language of the studio; use one of %(expected)s"),),
    "TRANSLATIONS_OBJECT": (N_('must be an object of language -> translation ({"ru": {"name": ...}})'),),
    "NUL_CHARACTER": (N_("contains a NUL character (\\u0000), which cannot be stored; remove it"),),
    "NOT_FINITE": (N_("holds a number that is infinite or not a number; use a finite number"),),
    "TOO_DEEP": (N_("is nested more than %(maximum)s levels deep"),),
    # a comment's place (comments.services): a region of the card's face, or one of its fields
    "REGION_OR_FIELD": (N_("give a region of the face or a field of the card, not both"),),
    "OWN_LANGUAGE": (
        N_("is %(value)s, the card's own language (its source); translate it into another one"),
    ),
    "TRANSLATION_OBJECT": (
        N_("must be a JSON object of printed texts (name, text, archetypes, ...): a translation"),
    ),
    "NOT_TRANSLATED": (
        N_(
            "is not translated: a translation holds the printed texts only (name, text, flavour, archetypes, "
            "effects' texts); stats and the effects' structure stay the card's"
        ),
    ),
    "NO_FLAVOUR": (N_("has nothing to translate: the card has no flavour text; leave it out"),),
    "EFFECT_TEXTS_OBJECT": (
        N_("must be an object of effect id -> translated text (the effects' structure is not translated)"),
    ),
    "NOT_AN_EFFECT_TEXT": (
        N_("names %(value)s, which are no effects of the card with a text; it has none"),
        N_("names %(value)s, which are no effects of the card with a text; translatable: %(expected)s"),
    ),
    "CARD_VERSION": (N_("must be a card version (a whole number from 1)"),),
    "TRANSLATIONS_APART": (
        N_(
            "are written one language at a time: PUT /api/cards/{id}/translations/{language}/ (or a card-set "
            "import)"
        ),
    ),
    "ID_FIXED": (
        N_(
            "never changes once a card exists; to have another id, create a new card (POST /api/cards/) and "
            "disable this one"
        ),
    ),
    "GAME_FIXED": (
        N_("never changes: create the card in the other game (POST /api/cards/) and disable this one"),
    ),
    "STATUS_NOT_HERE": (
        N_(
            "is not edited here; make a review transition with POST /api/cards/%(card)s/status/ "
            '{"status": "...", "note": "..."}'
        ),
    ),
    "ORIGIN_KEPT": (N_("is kept by the studio (where the card came from); it cannot be edited"),),
    "METHOD_KEPT": (N_("is kept by the studio (how the card was made); it cannot be edited"),),
    "USER_MODIFIED_KEPT": (N_("is kept by the studio: it turns true when an imported or AI card is edited"),),
    "VERSION_SENT": (
        N_("the version sent is not a version number; reload the card and make your change again"),
    ),
    # card-set files and spreadsheets (cards.imports, cards.spreadsheets)
    "CARD_SET_KEY": (N_("is an unknown top-level key; a card-set file has 'game' and 'cards'"),),
    "REVIEWER_DISABLES": (
        N_("is DISABLED, which only a reviewer gives; give another status (DRAFT, NEEDS_REVIEW)"),
    ),
    "OTHER_GAME_FILE": (N_("is %(value)s: the file is a card set of %(value)s, not of %(game)s"),),
    "NOT_A_COLUMN": (N_("%(value)s is no key of %(game)s cards; the columns may be: %(expected)s"),),
    "CELL_DATE": (
        N_(
            "%(value)s is a date a spreadsheet made of a code such as 1-5; format the column as text and "
            "write the code again"
        ),
    ),
    "SAME_KEY_TWICE": (N_("%(value)s is also column %(other)s; give each key one column"),),
    "UNNAMED_COLUMN": (
        N_("holds a value, but the column has no name in the header row; name the column or empty the cell"),
    ),
    "CELL_NOT_JSON": (N_("%(value)s is not JSON; allowed: the effects as JSON text, e.g. []"),),
    "CELL_BAD_JSON": (N_("is not valid JSON (%(detail)s); allowed: the effects as JSON text, e.g. []"),),
    # What the field allows is said by its bounds (``minimum``, ``maximum``), in the reader's words at
    # display time: a stored report says it again in its reader's language. ``expected`` (the field's
    # English description) is what reports stored before said; it is read, never written again.
    "CELL_NOT_WHOLE": (
        N_("%(value)s is not a whole number; allowed: %(expected)s"),
        N_("%(value)s is not a whole number; allowed: a whole number, or empty"),
        N_(
            "%(value)s is not a whole number; allowed: a whole number from %(minimum)s to %(maximum)s, or empty"
        ),
        N_("%(value)s is not a whole number; allowed: a whole number, at least %(minimum)s, or empty"),
        N_("%(value)s is not a whole number; allowed: a whole number, at most %(maximum)s, or empty"),
    ),
    "CELL_NOT_YES_NO": (N_("%(value)s is not true or false; allowed: true, false (or empty)"),),
    "CELL_NOT_LIST": (N_("%(value)s is not a JSON list; allowed: values separated by ';' or '|'"),),
    # card faces: templates, print sheets, exports (faces)
    "TEMPLATE_RULE": (N_("%(detail)s"), N_("%(detail)s (allowed: %(expected)s)")),
    "TEMPLATE_OBJECT": (N_("a template is a JSON object"),),
    "NUMBER_EXPECTED": (N_("must be a number, e.g. %(value)s"),),
    "COPIES_NUMBER": (N_("%(value)s: a number of copies is a whole number from 1"),),
    "CARDS_TO_PRINT": (N_("must name the cards to print: ?cards=ID,ID*3"),),
    "ONE_GAME_SHEET": (N_("a print sheet holds the cards of one game"),),
    "BLEED_MM": (N_("must be a number of mm from 0 to %(maximum)s"),),
    "CARD_VERSION_NUMBER": (N_('must be the card\'s version number, e.g. "3"'),),
    "DAY": (N_("must be a day as YYYY-MM-DD"),),
    "AT_LEAST": (N_("must be a whole number of at least %(minimum)s"),),
    "INVITE": (N_("must be another user, and only for a table that waits for a second player"),),
    "SEED_SERVER_DRAWN": (
        N_("is drawn by the server at a table of two players (a seed is given only at a hot seat)"),
    ),
    # files
    "CARD_SET_NOT_OBJECT": (N_("a card-set file is a JSON object with 'game' and 'cards'"),),
    "CARDS_NOT_LIST": (N_("'cards' must be a list of cards"),),
    # decklists (decks.interchange)
    "COUNT_WITHOUT_CARD": (N_("a count needs a card after it; write %(forms)s"),),
    "COUNT_RANGE": (
        N_("the count must be from %(minimum)s to %(maximum)s; write %(forms)s"),
        # a Tabletop Simulator code line: a code written more often than a count may be
        NP_(
            "%(value)s is there %(observed)s time; the count must be from %(minimum)s to %(maximum)s",
            "%(value)s is there %(observed)s times; the count must be from %(minimum)s to %(maximum)s",
            "observed",
        ),
    ),
    "REF_TOO_LONG": (
        NP_(
            "a card reference is at most %(maximum)s character; write %(forms)s",
            "a card reference is at most %(maximum)s characters; write %(forms)s",
            "maximum",
        ),
    ),
    # a deck (decks.interchange)
    "GAME_NEVER_CHANGES": (N_("never changes: this deck is a %(game)s deck"),),
    "REQUIRED_ONE_OF": (N_("is required; use one of %(expected)s"),),
    "NO_SUCH_PICK": (
        N_("is no pick of %(game)s decks; they have none"),
        N_("is no pick of %(game)s decks; their picks: %(expected)s"),
    ),
    "NOT_A_DECK_KEY": (N_("is not a key of %(game)s decks; their keys are: %(expected)s"),),
    "NOT_EMPTY_TEXT": (N_("must be a text that is not empty"),),
    "NOT_EMPTY_TEXT_OR_NULL": (N_("must be a text that is not empty, or null"),),
    "CARD_REF": (N_("must be a stableCardId or a card name (1 to %(maximum)s characters)"),),
    "CARD_REF_OR_NULL": (N_("must be a stableCardId or a card name (1 to %(maximum)s characters), or null"),),
    "SECTIONS_OBJECT": (
        N_("must be an object {section: [entries]}; %(game)s decks have the sections %(expected)s"),
    ),
    "SECTION_NAME": (N_("must name each section in 1 to %(maximum)s characters"),),
    "ENTRY_LIST": (N_('must be a list of entries such as {"card": "DR-U12", "count": 3}'),),
    "ENTRY_OBJECT": (N_('must be an object {"card": ..., "count": ...}'),),
    "ENTRY_KEYS": (N_("has unknown keys %(value)s; an entry has card and count"),),
    "COUNT_FROM_TO": (N_("must be a whole number from %(minimum)s to %(maximum)s"),),
    "SECTIONS_OR_DECKLIST": (N_("cannot come with sections: give sections or a decklist, not both"),),
    "GAME_LINE": (
        N_(
            "is required: write a header line such as 'game: vanguard' (games: %(expected)s), or check the "
            "decklist from a game's page"
        ),
    ),
    "OTHER_GAME_DECKLIST": (
        N_("is %(value)s: this decklist is not a %(game)s one; check it from the %(value)s page"),
    ),
    "PICK_ONE_CARD": (N_("%(pick)s is one card; list exactly one card, once, under it"),),
    "LINE_CHARACTER": (
        N_(
            "holds the character %(character)s (character %(position)s), which no card reference holds; remove it"
        ),
    ),
    "MORE_LINES": (
        NP_(
            "and %(observed)s more line that cannot be read",
            "and %(observed)s more lines that cannot be read",
            "observed",
        ),
    ),
    "COCKATRICE_XML": (
        N_(
            "it starts as XML but is not a Cockatrice deck file (.cod): <cockatrice_deck> with <zone> and <card>"
        ),
    ),
    "CODES_ARRAY": (N_('it is a JSON array but not one of Tabletop Simulator codes such as "OGN-001-1"'),),
    "DECKLIST_TOO_LONG": (
        N_(
            "the decklist has %(observed)s characters; at most %(maximum)s are read (one deck is a few thousand)"
        ),
    ),
    "DECKLIST_TOO_MANY_LINES": (
        N_("the decklist has %(observed)s lines; at most %(maximum)s are read (one deck is a few hundred)"),
    ),
}

PROBLEMS: Mapping[str, tuple[Template, ...]] = MappingProxyType(_PROBLEMS)


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem's ``key`` and ``values``; its English ``text`` is its template filled with them."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)
    text: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        text = render(PROBLEMS.get(self.key, ()), self.values)
        if text is None:
            if findings.STRICT:
                raise findings.MissingTemplate(
                    f"problem {self.key}: no template its values {sorted(self.values)} fill"
                )
            text = self.key
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text

    def params(self) -> dict[str, Any]:
        """The params a finding carries for it: ``problem`` (the English text), ``problemKey``,
        ``problemParams``."""
        return {"problem": self.text, "problemKey": self.key, "problemParams": dict(self.values)}


def problem(key: str, /, **values: Any) -> Problem:
    """The problem ``key`` with its ``values``; there are no words to give (they are its template's)."""
    return Problem(key, dict(values))


def invalid(
    field: str | None, why: Problem, *, code: str = "FIELD_INVALID", shown: str | None = None, **where: Any
) -> findings.Finding:
    """The error ``code`` of the value at ``field`` (the finding's field) for the problem ``why``:
    its message is its code's "%(field)s %(problem)s" (``shown``: the path the message names, if not
    the field: "sections.main[0].count"), or the problem alone for no field (a request's body)."""
    params: dict[str, Any] = why.params()
    name = shown if shown is not None else field
    if name is not None:
        params = {"field": name or '""', **params}
    return findings.error(code, field=field, params=params, **where)


def refusal(why: Problem, *, code: str = "FIELD_INVALID", **where: Any) -> findings.Finding:
    """The error ``code`` whose message is the problem ``why`` alone (its code's "%(problem)s";
    ``where``: its field, card...)."""
    return findings.error(code, params=why.params(), **where)
