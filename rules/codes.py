"""The one catalogue of finding codes.

Every code a check, a parser or a service may put in a :class:`~rules.findings.Finding`
is one entry here: its usual severity (and any other it may take), whether it
keeps a legal deck from being "ready to play", the audit list it feeds, a
one-line help for people, and the names of the parameters a finding of that
code carries (``Finding.params``: the numbers and names of its message, enough
to write the message again in another language from the code alone).

:data:`ENTRIES` holds only the codes every game may raise (the core's checks, the parsers,
the services, the tables). A code that one game's checks raise is that game's: it is declared in
its package (``rules/games/<game>/codes.py``, ``RuleSet.codes``, with its message templates and
hints in ``Code.messages`` and ``Code.hints``), and :func:`catalogue` merges them
(``tests/rules/test_game_codes.py`` fails on a game's code outside its package). Adding a shared
code is adding one entry to :data:`ENTRIES`, with its message templates (``Code.messages``). The table of docs/codes.md, ``GET /api/codes/`` and the codes
of ``GET /api/games/`` (every code, the games' own included) are generated from here
(``python manage.py codes``), and the tests fail when a code is emitted that the catalogue lacks.

Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .findings import Severity
from .i18n import N_, NP_, Plural

if TYPE_CHECKING:
    from .findings import Finding
    from .ruleset import RuleSet

# The five review lists of seed 000, in the seed's order.
BONUS_DURATION_REVIEW = "BONUS_DURATION_REVIEW"
OBJECT_BEHAVIOR_REVIEW = "OBJECT_BEHAVIOR_REVIEW"
NEEDS_REVIEW = "NEEDS_REVIEW"
NEW_MECHANIC_REQUIRED = "NEW_MECHANIC_REQUIRED"
VERSION_CONFLICTS = "VERSION_CONFLICTS"
REVIEW_LISTS = (
    BONUS_DURATION_REVIEW,
    OBJECT_BEHAVIOR_REVIEW,
    NEEDS_REVIEW,
    NEW_MECHANIC_REQUIRED,
    VERSION_CONFLICTS,
)

# What a code is about (the README groups its table by them).
CARD, EFFECT, DECK, REVIEW, INPUT = "card", "effect", "deck", "review", "input"
TOPICS = (CARD, EFFECT, DECK, REVIEW, INPUT)

ERROR, WARNING = Severity.ERROR, Severity.WARNING


@dataclass(frozen=True, slots=True)
class Code:
    """One finding code, as people and tools may rely on it."""

    key: str
    topic: str
    help: str
    severity: Severity = ERROR
    # Other severities a finding of this code may have (LEADER_CANDIDATES: a repeated candidate is a warning).
    also: tuple[Severity, ...] = ()
    # The names a finding of this code may carry in its params.
    params: tuple[str, ...] = ()
    # The audit list it feeds; None: an error feeds NEEDS_REVIEW, a warning no list.
    review_list: str | None = None
    # It never lists a card, whatever its severity (NOT_IMPLEMENTED reopens no ambiguity).
    neutral: bool = False
    # A deck with it may be legal but is not ready to play.
    blocks_ready: bool = False
    # The games that emit it; empty: any game.
    games: tuple[str, ...] = ()
    # Every code carries its message templates, marked N_ (NP_ for a plural) and written with
    # %(param)s of its params, and the templates of its hints: the only words of its findings
    # (rules.findings.error takes no message; common/finding_messages.py translates these).
    messages: tuple[str | Plural, ...] = ()
    hints: tuple[str | Plural, ...] = ()

    @property
    def severities(self) -> tuple[Severity, ...]:
        return (self.severity, *self.also)

    def list_for(self, severity: Severity) -> str | None:
        """The audit list a finding of this code and ``severity`` puts its card in."""
        if self.neutral or self.topic == INPUT:  # input is refused: nothing is stored to list
            return None
        if self.review_list is not None:
            return self.review_list
        return NEEDS_REVIEW if severity == ERROR else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.key,
            "topic": self.topic,
            "severity": str(self.severity),
            "severities": [str(s) for s in self.severities],
            "blocksReady": self.blocks_ready,
            "reviewList": self.list_for(self.severity),
            "neutral": self.neutral,
            "games": list(self.games),
            "params": list(self.params),
            "help": self.help,
        }


def _c(key: str, topic: str, help: str, **kw) -> Code:
    if key.startswith("TABLE_") and topic == INPUT:
        # In rules mode a table's refusal names the rule it applies (rules.tables.moves).
        kw["params"] = (*kw.get("params", ()), "rule")
    return Code(key, topic, help, **kw)


_WHERE = ("section", "card")
_FIELD = ("card", "field")

ENTRIES: tuple[Code, ...] = (
    # --- card faces (faces.render): the drawing of a card, never its data -------------------------------
    _c(
        "TEXT_OVERFLOW",
        CARD,
        N_(
            "a text of the card does not fit its box on the face even at the template's smallest size "
            "(with language: the text of its translation into that language, on the face in that language)"
        ),
        severity=WARNING,
        params=(*_FIELD, "language"),
        review_list=NEEDS_REVIEW,  # the audit lists it: shorten the text, or adjust the template
        messages=(
            N_("%(field)s does not fit its box on the face, even at the smallest size"),
            N_("%(card)s: %(field)s does not fit its box on the face, even at the smallest size"),
            N_(
                "%(field)s of the %(language)s translation does not fit its box on the face, even at the smallest size"
            ),
            N_(
                "%(card)s: %(field)s of the %(language)s translation does not fit its box on the face, "
                "even at the smallest size"
            ),
        ),
    ),
    _c(
        "SAFE_ZONE",
        CARD,
        N_(
            "a text box of the game's face template comes closer to the trim than the print shop's safe zone "
            "(the layout chosen for a print file): its text may be cut"
        ),
        severity=WARNING,
        params=("region", "layout", "distance", "safe"),
        review_list=None,  # a template's, not a card's: no card is listed
        neutral=True,
        messages=(
            N_(
                "the text box %(region)s is %(distance)s mm from the trim, inside the %(safe)s mm safe zone "
                "of %(layout)s: its text may be cut"
            ),
        ),
    ),
    _c(
        "ARTWORK_UNREADABLE",
        CARD,
        N_("the card's primary artwork cannot be decoded; its face shows a placeholder"),
        severity=WARNING,
        params=_FIELD,
        messages=(
            N_("the primary artwork cannot be read; the face shows a placeholder"),
            N_("%(card)s: the primary artwork cannot be read; the face shows a placeholder"),
        ),
    ),
    _c(
        "ARTWORK_LOW_RESOLUTION",
        CARD,
        N_("the card's primary artwork has fewer pixels than its box on the face needs at 300 dpi"),
        severity=WARNING,
        params=(*_FIELD, "width", "height", "neededWidth", "neededHeight"),
        review_list=NEEDS_REVIEW,  # the audit lists it: upload a larger image
        messages=(
            N_(
                "the primary artwork is %(width)s × %(height)s pixels; its box on the face needs "
                "%(neededWidth)s × %(neededHeight)s at 300 dpi: upload a larger image"
            ),
        ),
    ),
    # --- cards: fields and types (rules.ruleset, rules.fields) ---------------------------------------
    _c(
        "CARD_TYPE",
        CARD,
        N_("the card's type is not one of its game's card types"),
        params=("value", "game", "expected"),
        messages=(
            N_("%(value)s is not a card type of %(game)s"),
            N_("%(value)s is not a card type of %(game)s; use one of %(expected)s"),
        ),
        hints=(N_("use one of %(expected)s"),),
    ),
    _c(
        "NAME_REQUIRED",
        CARD,
        N_("a card needs a name"),
        params=("card",),
        messages=(N_("a card needs a name"),),
    ),
    _c(
        "FIELD_UNKNOWN",
        CARD,
        N_("a key that is no field of the game (or of the format read)"),
        params=(
            "field",
            "game",
            "expected",
            "row",
            "name",
            "column",
            "problem",
            "problemKey",
            "problemParams",
        ),
        messages=(
            N_("%(field)s is not a field of %(game)s cards"),
            N_("%(field)s is not a field of %(game)s cards; its fields are: %(expected)s"),
            N_("%(field)s is not a key this format knows"),
            N_("%(field)s %(problem)s"),
            # a spreadsheet's cell (cards.spreadsheets)
            N_("row %(row)s, column %(column)s: %(problem)s"),
            N_("row %(row)s (%(name)s), column %(column)s: %(problem)s"),
        ),
        hints=(N_("remove it, or use one of its fields: %(expected)s"),),
    ),
    _c(
        "SHEET_COLUMNS_LEFT_OUT",
        CARD,
        N_(
            "a card-set spreadsheet's columns that are no key of the game's cards (Notes, quantity, "
            "image...): left out of the import, which goes on"
        ),
        severity=WARNING,
        params=("game", "columns", "row"),
        messages=(N_("columns left out (no key of %(game)s cards, header row %(row)s): %(columns)s"),),
    ),
    _c(
        "SHEET_HEADER_ROW",
        CARD,
        N_("a card-set spreadsheet whose header row is not its first row (a title row above it)"),
        severity=WARNING,
        params=("row",),
        messages=(N_("row %(row)s was taken as the header row: the rows above it name no column"),),
    ),
    _c(
        "FIELD_TYPE",
        CARD,
        N_("a field's value is of the wrong kind (a number, a list, a choice...)"),
        params=("field", "accepts", "problem", "problemKey", "problemParams"),
        messages=(N_("%(field)s %(problem)s"), N_("%(field)s: wrong kind of value")),
        hints=(
            N_("give %(field)s a value of the kind it accepts (GET /api/games/ lists them)"),
            N_("%(field)s accepts %(accepts)s"),
        ),
    ),
    _c(
        "FIELD_REQUIRED",
        CARD,
        N_("a required value is missing"),
        params=("field", "game", "types", "accepts", "problem", "problemKey", "problemParams"),
        messages=(
            N_("%(field)s is required"),
            N_("%(field)s %(problem)s"),
            N_("%(types)s cards need a value for %(field)s"),
            N_("a %(game)s card needs a value for %(field)s"),
        ),
        hints=(N_("give %(field)s a value"), N_("%(field)s accepts %(accepts)s")),
    ),
    _c(
        "FIELD_NOT_ALLOWED",
        CARD,
        N_("a field this card's type does not have holds a value"),
        params=("field", "value", "types"),
        messages=(N_("%(types)s cards have no %(field)s; leave it empty"),),
    ),
    _c(
        "FIELD_RANGE",
        CARD,
        N_("a number outside the field's range"),
        params=("field", "observed", "minimum", "maximum"),
        messages=(
            N_("%(field)s is %(observed)s; it must be between %(minimum)s and %(maximum)s"),
            N_("%(field)s is %(observed)s; it must be at least %(minimum)s"),
            N_("%(field)s is %(observed)s; it must be at most %(maximum)s"),
        ),
        hints=(
            N_("give a number from %(minimum)s to %(maximum)s"),
            N_("give a number of at least %(minimum)s"),
            N_("give a number of at most %(maximum)s"),
        ),
    ),
    # --- effects (rules.effects) ---------------------------------------------------------------------
    _c(
        "EFFECT_SCHEMA",
        EFFECT,
        N_(
            "an effect outside its game's vocabulary (unknown key or value, wrong kind); the field names its JSON path"
        ),
        params=("path", "problem", "problemKey", "problemParams"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: %(problem)s"),),
    ),
    _c(
        "EFFECT_ID_DUPLICATE",
        EFFECT,
        N_("two effects of one card share an effectId"),
        params=("effectId",),
        review_list=NEEDS_REVIEW,
        messages=(N_("two effects share the effectId %(effectId)s"),),
    ),
    _c(
        "EFFECT_ID_CHANGED",
        EFFECT,
        N_("an edit or re-import gives an existing effect a new effectId"),
        params=("observed", "expected"),
        messages=(
            N_(
                "the effect %(expected)s got a new id %(observed)s; effect ids never change: keep %(expected)s"
            ),
        ),
        hints=(N_("keep %(expected)s"),),
    ),
    _c(
        "EFFECT_ID_TAKEN",
        EFFECT,
        N_("another card of the game uses this effectId"),
        params=("effectId", "card"),
        messages=(N_("the effectId %(effectId)s is already used by %(card)s"),),
    ),
    _c(
        "EFFECT_BONUS_NO_DURATION",
        EFFECT,
        N_("a stat bonus without duration"),
        params=("path", "stat", "expected"),
        review_list=BONUS_DURATION_REVIEW,
        messages=(N_("%(path)s: a bonus to %(stat)s without a duration"),),
        hints=(N_("give it one of the game's durations"), N_("give it a duration: %(expected)s")),
    ),
    _c(
        "EFFECT_DURATION_MISSING",
        EFFECT,
        N_("the text names a duration the structure lacks"),
        severity=WARNING,
        params=("path", "expected"),
        review_list=BONUS_DURATION_REVIEW,
        messages=(
            N_("%(path)s: the text names a duration (%(expected)s) the effect does not have"),
            N_("%(path)s: the text names a duration the effect does not have"),
        ),
        hints=(N_("give the effect the duration %(expected)s, or check the text"),),
    ),
    _c(
        "EFFECT_LIMIT_MISSING",
        EFFECT,
        N_("the text says once per turn and the effect has no limit"),
        severity=WARNING,
        params=("path",),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: the text says once per turn and the effect has no limit"),),
    ),
    _c(
        "EFFECT_LIMIT_UNSTATED",
        EFFECT,
        N_("a limit the text does not state, or one that breaks the game's limit rule"),
        severity=WARNING,
        params=("path", "problem", "problemKey", "problemParams"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: %(problem)s"), N_("%(path)s: a limit the text does not state")),
    ),
    _c(
        "EFFECT_KIND_MISMATCH",
        EFFECT,
        N_("the text says quick, activated or passive and the effect's kind differs"),
        severity=WARNING,
        params=("path", "observed", "expected"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: the text says %(expected)s and the effect is %(observed)s"),),
        hints=(N_("make it %(expected)s, or check the text"),),
    ),
    _c(
        "EFFECT_TEXT_NOT_ON_CARD",
        EFFECT,
        N_("an effect's excerpt the card text no longer has"),
        severity=WARNING,
        params=("path", "text"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: the card text no longer has “%(text)s”"),),
    ),
    _c(
        "EFFECT_NEW_MECHANIC",
        EFFECT,
        N_("what the game's vocabulary cannot say yet (NEW_MECHANIC)"),
        params=("path", "family", "description"),
        review_list=NEW_MECHANIC_REQUIRED,
        messages=(
            N_("%(path)s: a new mechanic (%(family)s): %(description)s"),
            N_("%(path)s: a new mechanic the game's vocabulary cannot say yet"),
        ),
    ),
    _c(
        "NOT_IMPLEMENTED",
        EFFECT,
        N_("an effect no engine runs yet: says nothing about the card"),
        severity=WARNING,
        neutral=True,
        messages=(N_("no engine runs this effect yet"),),
    ),
    # --- decks (rules.decks and each game's deck checks) ---------------------------------------------
    _c(
        "UNKNOWN_CARD",
        DECK,
        N_("an entry names no card of this game"),
        params=("section", "ref", "game", "suggestions"),
        messages=(
            N_("no card is %(ref)s"),
            N_("%(ref)s is no %(game)s card"),
            N_("%(section)s: %(ref)s names no %(game)s card"),
            N_("%(section)s: %(ref)s names no %(game)s card; did you mean %(suggestions)s?"),
        ),
    ),
    _c(
        "AMBIGUOUS_CARD",
        DECK,
        N_("a name matches several cards; use the stableCardId"),
        params=("section", "ref", "game", "observed", "candidates"),
        messages=(
            NP_(
                "%(ref)s names %(observed)s %(game)s card (%(candidates)s); give its stableCardId",
                "%(ref)s names %(observed)s %(game)s cards (%(candidates)s); give its stableCardId",
                "observed",
            ),
            N_("%(section)s: %(ref)s names several %(game)s cards; use the stableCardId of the one you mean"),
            NP_(
                "%(section)s: %(ref)s names %(observed)s %(game)s card (%(candidates)s); use the stableCardId of the one you mean",
                "%(section)s: %(ref)s names %(observed)s %(game)s cards (%(candidates)s); use the stableCardId of the one you mean",
                "observed",
            ),
        ),
    ),
    _c(
        "CARD_NOT_VALIDATED",
        DECK,
        N_("the card's status is not VALIDATED"),
        params=("section", "card", "name", "status"),
        messages=(
            N_("%(section)s: %(card)s is %(status)s; only validated cards may be played"),
            N_("%(section)s: %(name)s (%(card)s) is %(status)s; only validated cards may be played"),
        ),
    ),
    _c(
        "DECK_SIZE",
        DECK,
        N_("a section holds the wrong number of cards"),
        params=("section", "observed", "expected", "minimum", "maximum"),
        messages=(
            NP_(
                "%(section)s has %(observed)s card; it must have exactly %(expected)s",
                "%(section)s has %(observed)s cards; it must have exactly %(expected)s",
                "observed",
            ),
            NP_(
                "%(section)s has %(observed)s card; it must have between %(minimum)s and %(maximum)s",
                "%(section)s has %(observed)s cards; it must have between %(minimum)s and %(maximum)s",
                "observed",
            ),
            NP_(
                "%(section)s has %(observed)s card; it must have at least %(minimum)s",
                "%(section)s has %(observed)s cards; it must have at least %(minimum)s",
                "observed",
            ),
            NP_(
                "%(section)s has %(observed)s card; it must have at most %(maximum)s",
                "%(section)s has %(observed)s cards; it must have at most %(maximum)s",
                "observed",
            ),
        ),
        hints=(
            NP_(
                "the section must have exactly %(expected)s card",
                "the section must have exactly %(expected)s cards",
                "expected",
            ),
            N_("the section must have between %(minimum)s and %(maximum)s cards"),
            NP_(
                "the section must have at least %(minimum)s card",
                "the section must have at least %(minimum)s cards",
                "minimum",
            ),
            NP_(
                "the section must have at most %(maximum)s card",
                "the section must have at most %(maximum)s cards",
                "maximum",
            ),
        ),
    ),
    _c(
        "COPY_LIMIT",
        DECK,
        N_("too many copies of one card identity"),
        params=("section", "card", "name", "identity", "observed", "expected", "format"),
        messages=(
            NP_(
                "%(observed)s copy of %(name)s (%(card)s); at most %(expected)s allowed in %(format)s",
                "%(observed)s copies of %(name)s (%(card)s); at most %(expected)s allowed in %(format)s",
                "observed",
            ),
            NP_(
                "%(observed)s copy of %(card)s; at most %(expected)s allowed in %(format)s",
                "%(observed)s copies of %(card)s; at most %(expected)s allowed in %(format)s",
                "observed",
            ),
        ),
        hints=(N_("keep at most %(expected)s of it"),),
    ),
    _c(
        "WRONG_SECTION",
        DECK,
        N_("this kind of card is not allowed in this section, or the game has no such section"),
        params=(*_WHERE, "ref", "expected", "type"),
        messages=(
            N_("%(section)s: %(ref)s does not belong in this section"),
            N_("%(section)s: %(ref)s does not belong in this section; move it to %(expected)s"),
            N_("%(section)s: %(card)s is a %(type)s; it goes in %(expected)s"),
            N_("%(section)s: %(card)s is a %(type)s and does not belong in this section"),
        ),
        hints=(N_("move it to %(expected)s"),),
    ),
    _c(
        "NO_SIDEBOARD",
        DECK,
        N_("the format has no sideboard, and the deck lists one (one finding for the whole sideboard)"),
        params=("section", "format", "observed"),
        messages=(
            NP_(
                "%(format)s has no sideboard; the %(observed)s card listed as one is not part of the deck",
                "%(format)s has no sideboard; the %(observed)s cards listed as one are not part of the deck",
                "observed",
            ),
        ),
    ),
    _c(
        "BANLIST",
        DECK,
        N_("more copies than the format's banlist allows"),
        params=("section", "card", "observed", "expected", "format"),
        messages=(
            NP_(
                "%(card)s: the deck has %(observed)s copy; %(format)s allows %(expected)s",
                "%(card)s: the deck has %(observed)s copies; %(format)s allows %(expected)s",
                "observed",
            ),
        ),
        hints=(N_("keep at most %(expected)s of it"),),
    ),
    _c(
        "FORMAT_ILLEGAL",
        DECK,
        N_("a card outside the format's sets"),
        params=("section", "card", "set", "expected", "format"),
        messages=(
            N_("%(card)s is from set %(set)s; %(format)s allows only %(expected)s"),
            N_("%(card)s is from no set; %(format)s allows only %(expected)s"),
        ),
        hints=(N_("play a print of %(expected)s, or another format"),),
    ),
    _c(
        "NOT_OWNED",
        DECK,
        N_("the owner's collection lacks copies"),
        params=("section", "card", "observed", "expected", "owner"),
        messages=(
            NP_(
                # expected: the copies the deck uses; observed: the copies the collection holds.
                "the deck uses %(expected)s copy of %(card)s; %(owner)s's collection has %(observed)s",
                "the deck uses %(expected)s copies of %(card)s; %(owner)s's collection has %(observed)s",
                "expected",
            ),
        ),
    ),
    _c(
        "OWNERSHIP_NOT_CHECKED",
        DECK,
        N_("an owned-cards-only format and a deck without owner: ownership was not checked"),
        severity=WARNING,
        params=("format",),
        blocks_ready=True,
        messages=(
            N_("%(format)s allows owned cards only and the deck has no owner: ownership was not checked"),
        ),
    ),
    # --- audits: what a single card cannot tell (rules.audit, reviews.audits) --------------------------
    _c(
        "STATUS_NEEDS_REVIEW",
        REVIEW,
        N_("the card's status is NEEDS_REVIEW"),
        params=("card",),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(card)s waits for review"),),
    ),
    _c(
        "IDENTITY_COLLISION",
        REVIEW,
        N_("another card with the same name, type and set holds different data"),
        params=("card", "name", "type", "set", "cards"),
        review_list=VERSION_CONFLICTS,
        messages=(
            N_("another card named %(name)s (%(type)s, set %(set)s) holds different data: %(cards)s"),
            N_("%(card)s: another card with the same name, type and set holds different data"),
        ),
    ),
    _c(
        "IMPORT_CONFLICT",
        REVIEW,
        N_("an open import conflict: the studio kept a card a user changed"),
        params=("card", "conflict", "fields"),
        review_list=VERSION_CONFLICTS,
        messages=(N_("%(card)s: import conflict #%(conflict)s is open; the studio kept the user's change"),),
    ),
    # --- card translations (rules.translations, cards.translations) ------------------------------
    _c(
        "TRANSLATION_STALE",
        CARD,
        N_("a translation of the card translates an older version of its text (STALE)"),
        severity=WARNING,
        params=("card", "language", "sourceVersion", "version"),
        review_list=NEEDS_REVIEW,
        messages=(
            N_(
                "%(card)s: the %(language)s translation translates version %(sourceVersion)s; the source "
                "text has changed since (version %(version)s)"
            ),
        ),
    ),
    _c(
        "TRANSLATION_GLOSSARY",
        CARD,
        N_("a translation renders a term of the game's glossary otherwise"),
        severity=WARNING,
        params=("card", "language", "field", "term", "expected"),
        messages=(
            N_(
                "%(field)s: the glossary's %(language)s term for %(term)s is %(expected)s, which the "
                "translation does not use"
            ),
        ),
    ),
    # --- input the studio refuses (parsers and services; 400 answers, exit status 2) ----------------
    _c(
        "FIELD_INVALID",
        INPUT,
        N_("a value the studio cannot take (says what, where and how to fix it)"),
        params=("field", "row", "name", "column", "problem", "problemKey", "problemParams"),
        messages=(
            N_("%(field)s: a value the studio cannot take"),
            N_("a value the studio cannot take"),
            N_("%(field)s %(problem)s"),
            N_("%(problem)s"),
            # a spreadsheet's cell (cards.spreadsheets)
            N_("row %(row)s, column %(column)s: %(problem)s"),
            N_("row %(row)s (%(name)s), column %(column)s: %(problem)s"),
        ),
    ),
    _c(
        "FIELD_READ_ONLY",
        INPUT,
        N_("a key that is never edited this way (the message says what to do instead)"),
        params=("field", "problem", "problemKey", "problemParams"),
        messages=(N_("%(field)s is not edited this way"), N_("%(field)s %(problem)s")),
    ),
    _c(
        "FILE_INVALID",
        INPUT,
        N_("a file that cannot be read as a card set"),
        params=("problem", "problemKey", "problemParams"),
        messages=(N_("the file cannot be read as a card set: %(problem)s"),),
    ),
    _c(
        "TTS_LOCAL_FOLDER_INVALID",
        INPUT,
        N_("a folder for a local Tabletop Simulator export that is no absolute path TTS can read"),
        params=("folder", "maxLength"),
        messages=(
            N_(
                "name the folder the export will be unzipped into, as an absolute path (C:\\Games\\deck on "
                "Windows, /home/me/deck on macOS and Linux) of at most %(maxLength)s characters"
            ),
            N_(
                "%(folder)s is not a folder Tabletop Simulator can read: give an absolute path (C:\\Games\\deck "
                "on Windows, /home/me/deck on macOS and Linux) without .., of at most %(maxLength)s characters"
            ),
        ),
    ),
    _c(
        "CARD_NOT_OBJECT",
        INPUT,
        N_("a card of a card set that is not a JSON object"),
        params=("card",),
        messages=(N_("%(card)s is not a JSON object"), N_("a card must be a JSON object")),
    ),
    _c(
        "DUPLICATE_ID",
        INPUT,
        N_("a card set names one stableCardId twice"),
        params=("card", "label", "other"),
        messages=(
            N_("the card set names %(card)s twice"),
            N_("%(label)s: stableCardId %(card)s is already used by %(other)s of this file"),
        ),
    ),
    _c(
        "DUPLICATE_CARD",
        INPUT,
        N_("a card set holds one identity twice without stableCardId"),
        params=("card", "name", "other", "type"),
        messages=(
            N_("%(card)s: the card set holds %(name)s twice without a stableCardId"),
            N_(
                "%(card)s: %(other)s is also a %(type)s named %(name)s without a stableCardId; give each of "
                "them its stableCardId"
            ),
        ),
    ),
    _c(
        "ID_OF_OTHER_GAME",
        INPUT,
        N_("a stableCardId that belongs to another game's card"),
        params=("card", "game", "name"),
        messages=(
            N_("%(card)s belongs to a card of %(game)s"),
            N_("%(card)s belongs to a %(game)s card (%(name)s)"),
        ),
    ),
    _c(
        "UNKNOWN_GAME",
        INPUT,
        N_("a game no rule set serves"),
        params=("value", "expected"),
        messages=(
            N_("%(value)s is not a game of the studio"),
            N_("%(value)s is not a game; use one of %(expected)s"),
            N_("no game is given; use one of %(expected)s"),
        ),
    ),
    _c(
        "UNKNOWN_FORMAT",
        INPUT,
        N_("a deck format the game does not have"),
        params=("game", "format", "expected"),
        messages=(
            N_("%(game)s has no default format"),
            N_("%(game)s has no format %(format)s"),
            N_("%(game)s has no format %(format)s; use one of %(expected)s"),
        ),
    ),
    _c(
        "UNKNOWN_USER",
        INPUT,
        N_("a username nobody has"),
        params=("value",),
        messages=(N_("nobody has the username %(value)s"),),
    ),
    _c(
        "DECK_INVALID",
        INPUT,
        N_("a deck file that is not the deck format"),
        params=("problem", "problemKey", "problemParams"),
        messages=(
            N_("a deck is a JSON object with game, name and sections"),
            N_("not a deck file: %(problem)s"),
        ),
    ),
    _c(
        "DECKLIST_INVALID",
        INPUT,
        N_("a text decklist line that cannot be read"),
        params=("line", "text", "problem", "problemKey", "problemParams"),
        messages=(
            N_("line %(line)s of the decklist cannot be read: %(problem)s"),
            N_("line %(line)s of the decklist (%(text)s) cannot be read: %(problem)s"),
        ),
    ),
    _c(
        "ARTWORK_EMPTY",
        INPUT,
        N_("an uploaded artwork file that is empty"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    _c(
        "ARTWORK_TOO_LARGE",
        INPUT,
        N_("an uploaded artwork file over ARTWORK_MAX_BYTES"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    _c(
        "ARTWORK_TOO_MANY_PIXELS",
        INPUT,
        N_("an uploaded image of more pixels than ARTWORK_MAX_PIXELS"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    _c(
        "ARTWORK_CORRUPT",
        INPUT,
        N_("an uploaded image that cannot be decoded"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    _c(
        "ARTWORK_ANIMATED",
        INPUT,
        N_("an uploaded image that is animated"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    _c(
        "ARTWORK_NOT_AN_IMAGE",
        INPUT,
        N_("an uploaded file that is no JPEG, PNG or WebP image"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    _c(
        "TEMPLATE_INVALID",
        INPUT,
        N_("a card-face template (or a value of its editor) that cannot be stored"),
        params=("field", "problem", "problemKey", "problemParams"),
        messages=(N_("%(field)s %(problem)s"), N_("%(problem)s")),
    ),
    _c(
        "SHEET_TOO_LARGE",
        INPUT,
        N_("a print sheet of more copies than FACES_MAX_COPIES"),
        params=("observed", "maximum"),
        messages=(
            N_(
                "%(observed)s copies is more than the %(maximum)s a print sheet takes; print the deck in parts, "
                "or a selection of cards"
            ),
        ),
    ),
    _c(
        "TRANSITION_FORBIDDEN",
        INPUT,
        N_("a card of a bulk review move that the user's role may not move"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    _c(
        "TRANSITION_REFUSED",
        INPUT,
        N_("a card of a bulk review move that its state keeps from moving"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    _c(
        "TRANSITION_INVALID",
        INPUT,
        N_("a card of a bulk review move that cannot be moved as asked"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    _c(
        "STALE_VERSION",
        INPUT,
        N_("a card of a bulk review move that changed since it was read"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    _c(
        "NO_CHANGE",
        INPUT,
        N_("a proposal or revert that changes nothing"),
        params=("card",),
        messages=(N_("%(card)s: this changes nothing"), N_("this changes nothing")),
    ),
    _c(
        "PAPER_GAME_INVALID",
        INPUT,
        N_(
            "a paper game that cannot be recorded: decks of two games, a winner who did not play, cards not in the decks"
        ),
        params=("field", "problem"),
        messages=(N_("%(field)s: this paper game cannot be recorded (%(problem)s)"),),
    ),
    _c(
        "PAPER_GAME_ANSWERED",
        INPUT,
        N_(
            "an answer to a paper game that its other player already answered otherwise (confirmed or declined)"
        ),
        params=("status",),
        messages=(N_("this paper game is already answered (%(status)s): an answer is final"),),
    ),
    _c(
        "ARTWORK_PRIMARY_NOT_HD",
        INPUT,
        N_("a PK reference or a Full Artwork made a card's primary image"),
        params=("kind",),
        messages=(N_("a %(kind)s image cannot be a card's primary image; choose an HD one"),),
    ),
    # --- playtest tables (rules.tables.engine, tables.services): a move the table refuses -------------
    _c(
        "TABLE_EVENT_INVALID",
        INPUT,
        N_("an event of a playtest table that is not as the contract describes it (its kind or a field)"),
        params=("kind", "problem"),
        messages=(
            N_("%(kind)s: this event is not as the table reads it (%(problem)s)"),
            N_("this event is not as the table reads it (%(problem)s)"),
        ),
    ),
    _c(
        "TABLE_FINISHED",
        INPUT,
        N_("an event sent to a finished game"),
        params=("kind",),
        messages=(N_("the game is over; nothing more can be played"),),
    ),
    _c(
        "TABLE_SETUP_PENDING",
        INPUT,
        N_("a move before the setup is done (mulligans, the first player, the setup's choices)"),
        params=("kind", "decisions"),
        messages=(
            N_("the setup is not done yet: %(decisions)s still to decide"),
            N_("the setup is not done yet"),
        ),
    ),
    _c(
        "TABLE_SETUP_DONE",
        INPUT,
        N_("a setup decision that is no longer to make (a second mulligan, nothing left to choose)"),
        params=("kind", "decision"),
        messages=(N_("this setup decision is already made (%(decision)s)"),),
    ),
    _c(
        "TABLE_NOT_COIN_WINNER",
        INPUT,
        N_("a choice of the first player by a player who did not win the coin toss"),
        params=("kind",),
        messages=(N_("only the winner of the coin toss chooses who plays first, once"),),
    ),
    _c(
        "TABLE_NOT_IN_HAND",
        INPUT,
        N_("a mulligan that puts back a card not in the player's hand, or one card twice"),
        params=("kind",),
        messages=(N_("every card put back must be a different card of your hand"),),
    ),
    _c(
        "TABLE_MULLIGAN_TOO_MANY",
        INPUT,
        N_("a mulligan that puts back more cards than the game's setup allows"),
        params=("kind", "maximum", "observed"),
        messages=(N_("a mulligan puts back at most %(maximum)s cards; %(observed)s were chosen"),),
    ),
    _c(
        "TABLE_NOT_YOUR_TURN",
        INPUT,
        N_("a turn's move from the player whose turn it is not"),
        params=("kind", "seat"),
        messages=(N_("it is not seat %(seat)s's turn"), N_("it is not your turn")),
    ),
    _c(
        "TABLE_LAST_STEP",
        INPUT,
        N_("a next step asked on the turn's last step"),
        params=("kind",),
        messages=(N_("this is the turn's last step; end the turn"),),
    ),
    _c(
        "TABLE_UNKNOWN_ZONE",
        INPUT,
        N_("a zone the game's table does not have"),
        params=("kind", "zone", "expected"),
        messages=(
            N_("%(zone)s is not a zone of this table"),
            N_("%(zone)s is not a zone of this table; its zones are %(expected)s"),
        ),
    ),
    _c(
        "TABLE_UNKNOWN_CARD",
        INPUT,
        N_("a card instance that is not on the table"),
        params=("kind", "instance"),
        messages=(N_("no card %(instance)s is on this table"),),
    ),
    _c(
        "TABLE_NOT_YOUR_CARD",
        INPUT,
        N_("a move of a card of the other player"),
        params=("kind", "instance", "seat"),
        messages=(
            N_("card %(instance)s is not yours"),
            N_("card %(instance)s is not seat %(seat)s's"),
        ),
    ),
    _c(
        "TABLE_ZONE_FULL",
        INPUT,
        N_("a move into a zone that holds as many cards as the game's seed allows"),
        params=("kind", "zone", "capacity"),
        messages=(N_("%(zone)s is full: it holds at most %(capacity)s cards"),),
    ),
    _c(
        "TABLE_ZONE_EMPTY",
        INPUT,
        N_("a card taken from an empty zone"),
        params=("kind", "zone"),
        messages=(N_("%(zone)s has no card"),),
    ),
    _c(
        "TABLE_CARD_HIDDEN",
        INPUT,
        N_(
            "a card its owner may not see (in the deck, the Life) named by its instance: the rules take the top card"
        ),
        params=("kind", "zone"),
        messages=(
            N_("a card of %(zone)s that you cannot see cannot be chosen; take the top card, or search first"),
        ),
    ),
    _c(
        "TABLE_NO_PROPOSAL",
        INPUT,
        N_("an answer to a proposal (a result, an undo) that the other player did not make"),
        params=("kind",),
        messages=(N_("the other player proposed nothing to answer"),),
    ),
    _c(
        "TABLE_NOTHING_TO_UNDO",
        INPUT,
        N_("an undo asked with no move to take back (none yet, or the last one already undone)"),
        params=("kind",),
        messages=(N_("there is no move to take back"),),
    ),
    _c(
        "TABLE_UNKNOWN_COUNTER",
        INPUT,
        N_("a counter the game's table does not have"),
        params=("kind", "counter", "expected"),
        messages=(
            N_("%(counter)s is not a counter of this table"),
            N_("%(counter)s is not a counter of this table; its counters are %(expected)s"),
        ),
    ),
    _c(
        "TABLE_COUNTER_RANGE",
        INPUT,
        N_("a counter set outside its bounds"),
        params=("kind", "counter", "minimum", "maximum"),
        messages=(N_("%(counter)s goes from %(minimum)s to %(maximum)s"),),
    ),
    _c(
        "TABLE_MOVE_NOT_ALLOWED",
        INPUT,
        N_("a move the table's rules do not have (rules mode plays only the game's declared moves)"),
        params=("kind",),
        messages=(N_("%(kind)s is not a move of this game's rules; play one of the moves the table offers"),),
    ),
    _c(
        "TABLE_WRONG_STEP",
        INPUT,
        N_("a move played in another step of the turn than the rules allow"),
        params=("kind", "step", "expected"),
        messages=(N_("%(kind)s is played in the %(expected)s step; the turn is at %(step)s"),),
    ),
    _c(
        "TABLE_ONCE_A_TURN",
        INPUT,
        N_("a move the rules allow once a turn, played a second time"),
        params=("kind",),
        messages=(N_("%(kind)s is played once a turn"),),
    ),
    _c(
        "TABLE_RULES_UNKNOWN",
        INPUT,
        N_("a table dealt under rules this version of the studio does not know: it is not replayed"),
        params=("table", "rulesVersion", "expected"),
        messages=(
            N_("table %(table)s was dealt under rules %(rulesVersion)s, which this studio does not know"),
        ),
    ),
    _c(
        "TABLE_STALE_SEQ",
        INPUT,
        N_("a move sent against an old seq of the table (409): the client catches up and plays again"),
        params=("expected", "current"),
        messages=(
            N_(
                "the table moved on (it is at %(current)s, you played from %(expected)s): catch up and play again"
            ),
            N_("the table moved on: catch up and play again"),
        ),
    ),
    _c(
        "TABLE_WAITING",
        INPUT,
        N_("a move at a table still waiting for its second player"),
        params=("table",),
        messages=(N_("the table waits for its second player"),),
    ),
    _c(
        "TABLE_NOT_WAITING",
        INPUT,
        N_("a player who joins a table that already has its two players"),
        params=("table",),
        messages=(N_("this table already has its two players"),),
    ),
    _c(
        "TABLE_ALREADY_SEATED",
        INPUT,
        N_("a player who joins a table they already sit at"),
        params=("table",),
        messages=(
            N_("you already sit at this table; to play both seats, open a table with two of your decks"),
        ),
    ),
    _c(
        "TABLE_NOT_SEATED",
        INPUT,
        N_("a move from a user who does not sit at the table"),
        params=("table",),
        messages=(N_("you do not sit at this table; spectators only watch"),),
    ),
    _c(
        "TABLE_NOT_YOUR_SEAT",
        INPUT,
        N_("a move from a seat that is not the player's"),
        params=("seat", "expected"),
        messages=(
            N_("seat %(seat)s is not yours"),
            N_("seat %(seat)s is not yours; you sit at seat %(expected)s"),
        ),
    ),
    _c(
        "TABLE_DECK_NOT_YOURS",
        INPUT,
        N_("a table opened or joined with a deck that is not the player's own"),
        params=("deck", "field"),
        messages=(
            N_("you have no deck %(deck)s"),
            N_("%(field)s: you have no deck %(deck)s"),
            N_("%(field)s: name one of your own decks"),
        ),
    ),
    _c(
        "TABLE_WRONG_GAME",
        INPUT,
        N_("a deck of another game than the table's"),
        params=("deck", "game", "expected", "field"),
        messages=(
            N_("deck %(deck)s is a deck of %(game)s; this table plays %(expected)s"),
            N_("%(field)s: deck %(deck)s is a deck of %(game)s; this table plays %(expected)s"),
        ),
    ),
    _c(
        "TABLE_SINCE_INVALID",
        INPUT,
        N_("a table's live connection opened with a since that is not a seq (the socket closes, 4400)"),
        params=("maximum",),
        messages=(N_("since must be a whole number from 0 to %(maximum)s"),),
    ),
)

CODES: Mapping[str, Code] = MappingProxyType({code.key: code for code in ENTRIES})
assert len(CODES) == len(ENTRIES), "a code is declared twice"


def catalogue(rulesets: Iterable[RuleSet] = ()) -> dict[str, Code]:
    """Every code: the shared ones, and those the given rule sets declare (``RuleSet.codes``)."""
    codes = dict(CODES)
    for ruleset in rulesets:
        for code in getattr(ruleset, "codes", ()):
            codes.setdefault(code.key, code)
    return codes


def game_codes(ruleset: RuleSet) -> list[Code]:
    """The codes a card or deck of ``ruleset``'s game may get: the shared ones for any game, its own."""
    return [c for c in catalogue([ruleset]).values() if not c.games or ruleset.key in c.games]


def lookup(key: str) -> Code | None:
    """The entry for ``key``: a shared code, or one a registered game declares; None if nobody does."""
    found = CODES.get(key)
    if found is None:
        from .registry import registry

        found = next((c for ruleset in registry for c in getattr(ruleset, "codes", ()) if c.key == key), None)
    return found


def code_of(key: str, ruleset: RuleSet | None = None) -> Code | None:
    """The catalogue's entry for ``key`` (a game's own codes included), or None."""
    found = CODES.get(key)
    if found is None and ruleset is not None:
        found = next((c for c in getattr(ruleset, "codes", ()) if c.key == key), None)
    return found


def list_for(finding: Finding, ruleset: RuleSet | None = None) -> str | None:
    """The audit list ``finding`` puts its card in, or None.

    A field of the rule set may send one missing value to its own list
    (darkrow: an Object without behaviour goes to OBJECT_BEHAVIOR_REVIEW).
    """
    if finding.code == "FIELD_REQUIRED" and finding.field and ruleset is not None:
        spec = ruleset.field_spec(finding.field)
        if spec is not None and spec.review_list_when_missing:
            return spec.review_list_when_missing
    code = code_of(finding.code, ruleset)
    if code is None:
        return NEEDS_REVIEW if finding.severity == ERROR else None
    return code.list_for(finding.severity)


def blocks_ready(finding: Finding, ruleset: RuleSet | None = None) -> bool:
    code = code_of(finding.code, ruleset)
    return code is not None and code.blocks_ready


def conflicts(rulesets: Iterable[RuleSet]) -> list[str]:
    """Codes a rule set declares that clash with the catalogue or another game's (for the system checks)."""
    problems = []
    seen: dict[str, tuple[str, Code]] = {}
    for ruleset in rulesets:
        for code in getattr(ruleset, "codes", ()):
            if code.key in CODES and CODES[code.key] != code:
                problems.append(
                    f"{ruleset.key} declares {code.key}, a code of the shared catalogue, differently"
                )
            elif code.key in seen and seen[code.key][1] != code:
                problems.append(f"{ruleset.key} and {seen[code.key][0]} declare {code.key} differently")
            seen.setdefault(code.key, (ruleset.key, code))
    return problems


def markdown_table(codes: Mapping[str, Code] | None = None) -> str:
    """The table of codes of docs/codes.md (``python manage.py codes --markdown`` writes it): ``codes``
    (every code, ``catalogue(registry)``), or the shared catalogue."""
    codes = CODES if codes is None else codes
    rows = [
        "| code | about | severity | ready to play | review list | games | parameters | meaning |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for topic in TOPICS:
        for code in (c for c in codes.values() if c.topic == topic):
            lists = code.list_for(code.severity) or ("none" if code.neutral else "—")
            rows.append(
                f"| {code.key} | {code.topic} | {' / '.join(code.severities)} | "
                f"{'blocks' if code.blocks_ready else '—'} | {lists} | {', '.join(code.games) or 'all'} | "
                f"{', '.join(code.params) or '—'} | {code.help} |"
            )
    return "\n".join(rows) + "\n"
