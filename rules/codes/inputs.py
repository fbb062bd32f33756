"""The codes of input the studio refuses (the parsers and the services of the apps: 400 answers,
exit status 2): a file, a card set, a deck or decklist, a game or format, a template, a print
sheet, a bulk review move, a proposal, a paper game. Input is refused: no audit list."""

from __future__ import annotations

from ..i18n import N_
from .core import INPUT, Code

CODES: tuple[Code, ...] = (
    Code(
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
    Code(
        "FIELD_READ_ONLY",
        INPUT,
        N_("a key that is never edited this way (the message says what to do instead)"),
        params=("field", "problem", "problemKey", "problemParams"),
        messages=(N_("%(field)s is not edited this way"), N_("%(field)s %(problem)s")),
    ),
    Code(
        "FILE_INVALID",
        INPUT,
        N_("a file that cannot be read as a card set"),
        params=("problem", "problemKey", "problemParams"),
        messages=(N_("the file cannot be read as a card set: %(problem)s"),),
    ),
    Code(
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
    Code(
        "CARD_NOT_OBJECT",
        INPUT,
        N_("a card of a card set that is not a JSON object"),
        params=("card",),
        messages=(N_("%(card)s is not a JSON object"), N_("a card must be a JSON object")),
    ),
    Code(
        "DUPLICATE_ID",
        INPUT,
        N_("a card set names one stableCardId twice"),
        params=("card", "label", "other"),
        messages=(
            N_("the card set names %(card)s twice"),
            N_("%(label)s: stableCardId %(card)s is already used by %(other)s of this file"),
        ),
    ),
    Code(
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
    Code(
        "ID_OF_OTHER_GAME",
        INPUT,
        N_("a stableCardId that belongs to another game's card"),
        params=("card", "game", "name"),
        messages=(
            N_("%(card)s belongs to a card of %(game)s"),
            N_("%(card)s belongs to a %(game)s card (%(name)s)"),
        ),
    ),
    Code(
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
    Code(
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
    Code(
        "UNKNOWN_USER",
        INPUT,
        N_("a username nobody has"),
        params=("value",),
        messages=(N_("nobody has the username %(value)s"),),
    ),
    Code(
        "DECK_INVALID",
        INPUT,
        N_("a deck file that is not the deck format"),
        params=("problem", "problemKey", "problemParams"),
        messages=(
            N_("a deck is a JSON object with game, name and sections"),
            N_("not a deck file: %(problem)s"),
        ),
    ),
    Code(
        "DECKLIST_INVALID",
        INPUT,
        N_("a text decklist line that cannot be read"),
        params=("line", "text", "problem", "problemKey", "problemParams"),
        messages=(
            N_("line %(line)s of the decklist cannot be read: %(problem)s"),
            N_("line %(line)s of the decklist (%(text)s) cannot be read: %(problem)s"),
        ),
    ),
    Code(
        "TEMPLATE_INVALID",
        INPUT,
        N_("a card-face template (or a value of its editor) that cannot be stored"),
        params=("field", "problem", "problemKey", "problemParams"),
        messages=(N_("%(field)s %(problem)s"), N_("%(problem)s")),
    ),
    Code(
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
    Code(
        "TRANSITION_FORBIDDEN",
        INPUT,
        N_("a card of a bulk review move that the user's role may not move"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    Code(
        "TRANSITION_REFUSED",
        INPUT,
        N_("a card of a bulk review move that its state keeps from moving"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    Code(
        "TRANSITION_INVALID",
        INPUT,
        N_("a card of a bulk review move that cannot be moved as asked"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    Code(
        "STALE_VERSION",
        INPUT,
        N_("a card of a bulk review move that changed since it was read"),
        params=("card", "problem"),
        messages=(N_("%(card)s: %(problem)s"),),
    ),
    Code(
        "NO_CHANGE",
        INPUT,
        N_("a proposal or revert that changes nothing"),
        params=("card",),
        messages=(N_("%(card)s: this changes nothing"), N_("this changes nothing")),
    ),
    Code(
        "PAPER_GAME_INVALID",
        INPUT,
        N_(
            "a paper game that cannot be recorded: decks of two games, a winner who did not play, cards not in the decks"
        ),
        params=("field", "problem"),
        messages=(N_("%(field)s: this paper game cannot be recorded (%(problem)s)"),),
    ),
    Code(
        "PAPER_GAME_ANSWERED",
        INPUT,
        N_(
            "an answer to a paper game that its other player already answered otherwise (confirmed or declined)"
        ),
        params=("status",),
        messages=(N_("this paper game is already answered (%(status)s): an answer is final"),),
    ),
)
