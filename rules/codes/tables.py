"""The codes of a playtest table: a move the table refuses (rules.tables.engine and its moves,
rules.tables.fairness), and a seat, a deck or a connection refused (tables.services,
tables.consumers). A game's own refusals are in its package (rules/games/<game>/codes.py)."""

from __future__ import annotations

from ..i18n import N_
from .core import INPUT, Code


def _c(key: str, topic: str, help: str, **kw) -> Code:
    if key.startswith("TABLE_") and topic == INPUT:
        # In rules mode a table's refusal names the rule it applies (rules.tables.moves).
        kw["params"] = (*kw.get("params", ()), "rule")
    return Code(key, topic, help, **kw)


CODES: tuple[Code, ...] = (
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
        "TABLE_NO_BOT",
        INPUT,
        N_("a bot asked to play at a table where no bot sits"),
        params=("table",),
        messages=(N_("no bot sits at this table"),),
    ),
    _c(
        "TABLE_NOT_FINISHED",
        INPUT,
        N_("a comment on the log of a table whose game is not over (comments.services)"),
        params=("table", "status"),
        messages=(N_("the game at this table is not over: its log is commented on once it is finished"),),
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
