"""The codes of a card's data: its type, name and fields (rules.ruleset, rules.fields, the
spreadsheets of cards.spreadsheets), and its translations (rules.translations, cards.translations)."""

from __future__ import annotations

from ..i18n import N_
from .core import CARD, NEEDS_REVIEW, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
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
    Code(
        "NAME_REQUIRED",
        CARD,
        N_("a card needs a name"),
        params=("card",),
        messages=(N_("a card needs a name"),),
    ),
    Code(
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
    Code(
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
    Code(
        "SHEET_HEADER_ROW",
        CARD,
        N_("a card-set spreadsheet whose header row is not its first row (a title row above it)"),
        severity=WARNING,
        params=("row",),
        messages=(N_("row %(row)s was taken as the header row: the rows above it name no column"),),
    ),
    Code(
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
    Code(
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
    Code(
        "FIELD_NOT_ALLOWED",
        CARD,
        N_("a field this card's type does not have holds a value"),
        params=("field", "value", "types"),
        messages=(N_("%(types)s cards have no %(field)s; leave it empty"),),
    ),
    Code(
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
    # --- its translations (rules.translations, cards.translations) ----------------------------------
    Code(
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
    Code(
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
)
