"""Chess Cards's own finding codes (the shared ones are in rules.codes): each with its message
templates and hints (%(param)s of its params, marked for the catalogues, rendered by
common.finding_messages in the reader's language). The rule set declares them (``codes``)."""

from rules.codes import EFFECT, INPUT, NEEDS_REVIEW, WARNING, Code
from rules.i18n import N_

CODES: tuple[Code, ...] = (
    Code(
        "CHESS_BREACH_CONTRADICTION",
        EFFECT,
        N_("Brèche may remove a permanent or secret effect"),
        params=("path", "duration", "visibility"),
        review_list=NEEDS_REVIEW,
        games=("chesscards",),
        messages=(
            N_("%(path)s: Brèche may remove this effect, but it is %(duration)s and %(visibility)s"),
            N_("%(path)s: Brèche may remove this effect, but it is %(duration)s"),
            N_("%(path)s: Brèche may remove this effect, but it is %(visibility)s"),
        ),
    ),
    Code(
        "CHESS_BREACH_UNSTATED",
        EFFECT,
        N_("breachRemovable disagrees with what the text says of Brèche"),
        severity=WARNING,
        params=("path",),
        review_list=NEEDS_REVIEW,
        games=("chesscards",),
        messages=(N_("%(path)s: breachRemovable disagrees with what the text says of Brèche"),),
    ),
    Code(
        "CHESS_KING_EXCLUSION_MISSING",
        EFFECT,
        N_("the text excludes the King and the target does not"),
        severity=WARNING,
        params=("path", "text"),
        review_list=NEEDS_REVIEW,
        games=("chesscards",),
        messages=(N_("%(path)s: the text excludes the King (“%(text)s”) and the target does not"),),
    ),
    Code(
        "CHESS_FOLLOW_UP_MISSING",
        EFFECT,
        N_("the text asks for a Coup and followUpMove is null"),
        severity=WARNING,
        params=("path", "text"),
        review_list=NEEDS_REVIEW,
        games=("chesscards",),
        messages=(N_("%(path)s: the text asks for a Coup (“%(text)s”) and followUpMove is empty"),),
    ),
    Code(
        "CHESS_FOLLOW_UP_UNSTATED",
        EFFECT,
        N_("a followUpMove the text does not ask for"),
        severity=WARNING,
        params=("path",),
        review_list=NEEDS_REVIEW,
        games=("chesscards",),
        messages=(N_("%(path)s: a followUpMove the text does not ask for"),),
    ),
    Code(
        "CHESS_AVAILABILITY_MISSING",
        EFFECT,
        N_("the text sets a condition of availability the structure lacks"),
        severity=WARNING,
        params=("path", "text", "effect"),
        review_list=NEEDS_REVIEW,
        games=("chesscards",),
        messages=(
            N_("%(path)s: the text sets a condition of availability (“%(text)s”) the effect lacks"),
            N_("%(path)s: the text sets a condition of availability (“%(text)s”) that %(effect)s lacks"),
        ),
        hints=(N_("add a condition naming %(effect)s"),),
    ),
    Code(
        "TABLE_SQUARE",
        INPUT,
        N_("a square that is not on the board"),
        games=("chesscards",),
        params=("kind", "rule", "square"),
        messages=(N_("%(square)s is not a square of the board (a1 to h8)"),),
    ),
    Code(
        "TABLE_NOT_YOUR_PIECE",
        INPUT,
        N_("a move of a piece that is not the player's, or of an empty square"),
        games=("chesscards",),
        params=("kind", "rule", "square", "colour"),
        messages=(N_("no piece of yours stands on %(square)s"),),
    ),
)
