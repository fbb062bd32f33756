"""Chess cards (seed 003, French): chess with a deck of 41 effect cards."""

import re

from rules.draws import DrawSetup
from rules.effects import vocabulary as fx
from rules.effects.shape import json_path
from rules.findings import HINT, error, warning
from rules.formats import FormatData
from rules.i18n import N_, NC_
from rules.registry import register
from rules.ruleset import RuleSet
from rules.tables import spec as tbl
from rules.tables.board import chess_start
from rules.text import fold
from rules.translations import GlossaryTerm

from . import face
from .codes import CODES
from .moves import ENGINE_READS, MOVES

# --- Effects (issue 5): the vocabulary of the chess cards' structured effects ---------------
# Each card is played in its player's turn. What the seed's texts distinguish: a duration
# (instant, until the end of the next opponent turn, permanent), a visibility (Piège is
# secret, Portail visible), a mandatory Coup that is part of the card ("puis joue un Coup
# légal obligatoire"), availability (unavailable under Pacifisme or Éclipse), targets that
# exclude the king, and what Brèche may remove: a visible temporary effect only.
ROLES = ("PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING")
PIECE_ROLES = ROLES[:-1]
INSTANT, TEMPORARY, PERMANENT = "INSTANT", "UNTIL_END_OF_NEXT_OPPONENT_TURN", "PERMANENT"
PUBLIC, SECRET = "PUBLIC", "SECRET"
CAPTURE = ("ALLOWED", "FORBIDDEN", "REQUIRED")
_TARGET = fx.ref(N_("the piece, square or effect it applies to"))
_RANKS = fx.closed(
    {"from": fx.integer(minimum=1, maximum=8), "to": fx.integer(minimum=1, maximum=8)}, ("from", "to")
)

# A Coup (an ordinary chess move) that the card includes, possibly with changed rules.
_MOVE_PROPERTIES = {
    "count": fx.integer(N_("how many Coups (default 1)"), minimum=1, maximum=2),
    "piece": fx.one_of(
        ("ANY_ALLY", "TARGET", "CREATED"),
        N_("which piece plays it: any of yours, the chosen target, the piece the card created"),
    ),
    "target": fx.ref(N_("the piece that plays it, when piece is TARGET")),
    "kingAllowed": fx.flag(N_("the king may play it (« roi compris »)")),
    "capture": fx.one_of(CAPTURE),
    "modifiers": fx.some_of(
        ("PASS_THROUGH_PIECES", "CHOSEN_GEOMETRY", "LINE_ONLY", "NO_EN_PASSANT", "FIRST_MAY_NOT_CHECK"),
        N_("how the card changes the Coup"),
    ),
    "geometries": fx.some_of(PIECE_ROLES, N_("the geometries the player may choose (CHOSEN_GEOMETRY)")),
}
_MOVE_REQUIRED = ("piece", "kingAllowed", "capture")

_KING_EXCLUDED = (
    r"\bsauf (?:le|ton) roi\b",
    r"\bautres? que (?:le|ton|les) rois?\b",
    r"\baucun roi\b",
    r"\bne peuvent etre un roi\b",
)
_FOLLOW_UP = (
    r"\bjoue (?:immediatement |ensuite )?un coup (?:ordinaire )?legal obligatoire\b",
    r"\bjoue obligatoirement un coup\b",
    r"\bpuis joue le coup choisi\b",
)
_UNAVAILABLE = {"PACIFISME": r"\bindisponible sous pacifisme\b", "ECLIPSE": r"\bsous eclipse\b"}


def breach_removes_only_visible_temporary(card, effects):
    """Brèche removes a visible temporary effect, never a permanent or secret one (Portail, Piège)."""
    for index, effect in enumerate(effects):
        field = json_path([index, "breachRemovable"])
        duration, visibility = effect.get("duration"), effect.get("visibility")
        if effect.get("breachRemovable") is True:
            # The params name what is wrong only: a duration that is not TEMPORARY, a visibility not PUBLIC.
            wrong = {
                "duration": duration if duration != TEMPORARY else None,
                "visibility": visibility if visibility != PUBLIC else None,
            }
            if any(wrong.values()):
                yield error(
                    "CHESS_BREACH_CONTRADICTION",
                    card=card.ref,
                    field=field,
                    params={"path": field, **{k: v for k, v in wrong.items() if v}},
                    hint=N_("mark it not removable by Brèche, or make it visible and temporary"),
                )
        elif effect.get("breachRemovable") is False and duration == TEMPORARY and visibility == PUBLIC:
            yield warning(
                "CHESS_BREACH_UNSTATED",
                card=card.ref,
                field=field,
                params={"path": field},
                hint=N_("check with the rules (and say why in notes)"),
            )


def text_and_structure_agree(card, effects):
    """The king exclusions, mandatory Coups and unavailability the text states are in the structure."""
    text = fold(card.text)
    said = next((m.group(0) for p in _KING_EXCLUDED if (m := re.search(p, text))), None)
    targets = [t for e in effects for t in (e.get("targets") or []) if isinstance(t, dict)]
    if said and not any(t.get("excludeKing") for t in targets):
        yield warning(
            "CHESS_KING_EXCLUSION_MISSING",
            card=card.ref,
            field="effects",
            params={"path": "effects", "text": said},
            hint=N_("set excludeKing on the target the text excludes the king from"),
        )
    said = next((m.group(0) for p in _FOLLOW_UP if (m := re.search(p, text))), None)
    follow_ups = [i for i, e in enumerate(effects) if e.get("followUpMove")]
    if said and not follow_ups:
        yield warning(
            "CHESS_FOLLOW_UP_MISSING",
            card=card.ref,
            field="effects",
            params={"path": "effects", "text": said},
            hint=N_("give the effect its followUpMove"),
        )
    elif follow_ups and not said:
        for index in follow_ups:
            field = json_path([index, "followUpMove"])
            yield warning(
                "CHESS_FOLLOW_UP_UNSTATED",
                card=card.ref,
                field=field,
                params={"path": field},
                hint=N_("check the Coup against the text"),
            )
    stated = {
        c.get("effect")
        for e in effects
        for c in (e.get("conditions") or [])
        if isinstance(c, dict) and c.get("check") in ("UNAVAILABLE_UNDER", "RESTRICTED_UNDER")
    }
    for effect_name, pattern in _UNAVAILABLE.items():
        match = re.search(pattern, text)
        if match and effect_name not in stated:
            yield warning(
                "CHESS_AVAILABILITY_MISSING",
                card=card.ref,
                field="effects",
                params={"path": "effects", "text": match.group(0), "effect": effect_name},
                hint=HINT,
            )


EFFECTS = fx.EffectVocabulary(
    kinds=("activated",),
    timings={"ON_PLAY": N_("when its player plays the card in their turn")},
    durations={
        INSTANT: N_("resolves at once; nothing stays"),
        TEMPORARY: N_("until the end of the next opponent turn"),
        PERMANENT: N_("never expires with the turns (until triggered, or the end of the game)"),
    },
    actions=(
        fx.variant(
            "MOVE_PIECE",
            N_("move a piece by the card (not a Coup)"),
            required=("target", "path", "capture"),
            target=_TARGET,
            path=fx.one_of(
                (
                    "BACKWARD_ONE",
                    "FORWARD_ONE",
                    "FORWARD_AT_LEAST_TWO",
                    "KNIGHT_JUMP",
                    "OWN_MOVES",
                    "ANY_FREE_SQUARE",
                    "ORIGIN_SQUARE",
                    "BETWEEN_KING_AND_ATTACKER",
                    "TURN_ONCE",
                )
            ),
            capture=fx.one_of(CAPTURE),
            ignoreObstacles=fx.flag(N_("ignores the usual way of moving and the obstacles")),
            simultaneous=fx.flag(N_("several pieces move together")),
        ),
        fx.variant(
            "PLAY_MOVE",
            N_("the card's effect is a Coup with changed rules"),
            required=_MOVE_REQUIRED,
            params=_MOVE_PROPERTIES,
        ),
        fx.variant(
            "PLACE_MARKER",
            N_("put something on squares"),
            required=("marker", "target"),
            marker=fx.one_of(("WALL", "FORBIDDEN_ZONE", "TRAP", "PORTAL_PAIR")),
            target=_TARGET,
        ),
        fx.variant(
            "PROTECT",
            N_("protect a piece"),
            required=("target", "against"),
            target=_TARGET,
            against=fx.one_of(("OPPONENT_CAPTURES",)),
        ),
        fx.targeted(
            "SUPPRESS_ATTACKS", N_("remove a piece's attacks, control of squares and ability to capture")
        ),
        fx.targeted("FREEZE", N_("its owner cannot change the piece's square")),
        fx.variant("SUPPRESS_CAPTURES", N_("no capture, whatever the side or the source")),
        fx.targeted("SACRIFICE", N_("the piece leaves the game as a sacrificed piece (it never comes back)")),
        fx.targeted("CAPTURE", N_("try to capture (a king or a protected piece survives)")),
        fx.variant(
            "CAPTURE_LINE",
            N_("capture the pieces met along a line, together"),
            required=("source", "direction"),
            source=fx.ref(N_("the piece that fires")),
            direction=fx.one_of(("FORWARD",)),
            includesOwn=fx.flag(N_("your own pieces are captured too")),
            stopsAt=fx.some_of(("EDGE", "WALL", "KING")),
        ),
        fx.variant(
            "CREATE_PIECE",
            N_("create a piece on a square"),
            required=("target", "role"),
            target=fx.ref(N_("the square")),
            role=fx.one_of(("PAWN", "COPY_OF_SOURCE")),
            source=fx.ref(N_("the piece whose role is copied")),
        ),
        fx.variant(
            "RETURN_CAPTURED",
            N_("bring back a captured piece (never a sacrificed one)"),
            required=("target", "to", "as"),
            target=_TARGET,
            to=fx.one_of(("ORIGIN_COLUMN", "ORIGIN_SQUARE")),
            ranks=_RANKS,
            as_=fx.one_of(("PAWN", "CAPTURED_ROLE")),
            with_=fx.ref(
                N_(
                    "the piece given in exchange: the returned piece's value is at most its (pawn 1, knight or bishop 3, rook 5, queen 9)"
                )
            ),
        ),
        fx.variant(
            "TRANSFORM",
            N_("change a piece's role for good"),
            required=("target", "into"),
            target=_TARGET,
            into=fx.some_of(PIECE_ROLES),
        ),
        fx.variant(
            "SWAP_SQUARES",
            N_("two pieces exchange squares, together"),
            required=("target", "with"),
            target=_TARGET,
            with_=fx.ref(),
        ),
        fx.variant(
            "PUSH",
            N_("push a piece one square away with one of yours, which takes its square"),
            required=("target", "by"),
            target=_TARGET,
            by=fx.ref(N_("the pushing piece")),
        ),
        fx.variant(
            "PULL",
            N_("pull a piece next to one of yours"),
            required=("target", "toward"),
            target=_TARGET,
            toward=fx.ref(N_("the piece it joins")),
        ),
        fx.variant(
            "SHIFT_ROW",
            N_("shift every piece of a row by one square"),
            required=("target", "directions"),
            target=_TARGET,
            directions=fx.some_of(("LEFT", "RIGHT")),
        ),
        fx.variant(
            "PUSH_AWAY",
            N_("push the pieces around a square one square away from it"),
            required=("target",),
            target=fx.ref(N_("the chosen square")),
        ),
        fx.targeted("REMOVE_EFFECT", N_("remove an effect")),
        fx.variant(
            "REVEAL_DECK",
            N_("reveal the order of a deck to both players"),
            required=("whose",),
            whose=fx.one_of(("OPPONENT",)),
        ),
        fx.variant(
            "SWAP_HAND_AND_DECK",
            N_("exchange a random card of a hand with the top card of its deck"),
            required=("whose",),
            whose=fx.one_of(("OPPONENT",)),
        ),
    ),
    conditions=(
        fx.variant(
            "UNAVAILABLE_UNDER",
            N_("the card cannot be played under this effect (or when the target piece is under it)"),
            required=("effect",),
            effect=fx.one_of(("PACIFISME", "ECLIPSE")),
            target=fx.ref(N_("the piece that must not be under it")),
        ),
        fx.variant(
            "RESTRICTED_UNDER",
            N_("under this effect the card is only playable with a restriction"),
            required=("effect", "restriction"),
            effect=fx.one_of(("PACIFISME", "ECLIPSE")),
            restriction=fx.one_of(("NO_CAPTURE",)),
        ),
        fx.variant(
            "UNAVAILABLE_IF",
            N_("the card cannot be played in this state"),
            required=("state",),
            state=fx.one_of(
                (
                    "OPPONENT_DECK_EMPTY",
                    "OPPONENT_DECK_REVEALED",
                    "OPPONENT_HAND_EMPTY",
                    "NO_COMPLETE_MANDATORY_MOVE",
                )
            ),
        ),
        fx.variant(
            "REQUIRES",
            N_("the card can only be played in this state"),
            required=("state",),
            state=fx.one_of(("OWN_KING_IN_CHECK",)),
        ),
    ),
    target_kinds={
        "PIECE": N_("a piece on the board"),
        "CAPTURED_PIECE": N_("one of your captured pieces"),
        "SQUARE": N_("a square"),
        "ROW": N_("a row"),
        "EFFECT": N_("an effect in play"),
    },
    target_params={
        "excludeKing": fx.flag(N_("no king may be chosen (« sauf le roi »)")),
        "relativeTo": fx.closed(
            {
                "relation": fx.one_of(
                    (
                        "IN_FRONT_OF",
                        "BEHIND",
                        "ATTACKER_OF",
                        "ADJACENT_TO",
                        "ALIGNED_WITH",
                        "ON_CAPTURE_LINE_OF",
                    )
                ),
                "of": fx.ref(),
            },
            ("relation", "of"),
            N_("where it is, relative to another target"),
        ),
    },
    filter_params={
        "roles": fx.some_of(ROLES, N_("its current role")),
        "capturedRoles": fx.some_of(PIECE_ROLES, N_("its role when it was captured")),
        "attacked": fx.flag(N_("attacked when chosen")),
        "free": fx.flag(N_("a free square")),
        "hasPiece": fx.flag(N_("holds at least one piece")),
        "sacrificed": fx.flag(N_("false: a sacrificed piece cannot be chosen")),
        "visible": fx.flag(N_("a visible effect")),
        "temporary": fx.flag(N_("a temporary effect")),
        "ranks": fx.closed(
            {"WHITE": _RANKS, "BLACK": _RANKS},
            ("WHITE", "BLACK"),
            N_("allowed ranks for the player with the White or Black pieces"),
        ),
    },
    effect_params={
        "visibility": fx.one_of((PUBLIC, SECRET), N_("whether the effect is visible to the opponent")),
        "followUpMove": {
            "type": ["object", "null"],
            "description": N_("the mandatory Coup the card includes after its effect, or null"),
            "properties": _MOVE_PROPERTIES,
            "required": list(_MOVE_REQUIRED),
            "additionalProperties": False,
        },
        "breachRemovable": fx.flag(N_("whether Brèche may remove it: only a visible temporary effect")),
    },
    effect_required=("duration", "visibility", "followUpMove", "breachRemovable"),
    references={
        "CONTROLLER": N_("the card's player"),
        "OPPONENT": N_("the opponent"),
        "MOVED_PIECE": N_("the piece that played the card's Coup"),
        "CREATED_PIECE": N_("the piece the card created"),
    },
    limit=None,
    checks=(breach_removes_only_visible_temporary, text_and_structure_agree),
    reading=fx.TextReading(
        durations={
            TEMPORARY: (
                r"\bjusqu'?\s?a la fin du prochain tour (?:adverse|de l'adversaire)\b",
                r"\bjusqu'?\s?a la fin de son prochain tour\b",
                r"\bpendant le prochain tour adverse\b",
            ),
            PERMANENT: (r"\bdefinitivement\b", r"\bn'expire pas\b", r"\bjusqu'?\s?a la fin de la partie\b"),
        },
    ),
)


@register
class ChessCards(RuleSet):
    key = "chesscards"
    # Its own finding codes, with their message templates (rules/games/chesscards/codes.py).
    codes = CODES
    # Its table moves (rules.tables.moves; rules/games/chesscards/moves.py).
    table_moves = MOVES
    engine_reads = ENGINE_READS
    name = N_("Chess cards")
    language = "fr"
    # The chess pieces' names (rules.translations); « tour » and « fou » are left out: they are also
    # everyday French words (a turn, mad) and would flag every « à chaque tour ».
    glossary = (
        GlossaryTerm("PAWN", {"fr": ("pion",), "en": ("pawn",), "ru": ("пешк", "пешек")}),
        GlossaryTerm(
            "KNIGHT",
            {"fr": ("cavalier",), "en": ("knight",), "ru": ("конь", "коня", "коне", "конём", "коню")},
        ),
        GlossaryTerm("QUEEN", {"fr": ("dame",), "en": ("queen",), "ru": ("ферз",)}),
        GlossaryTerm("KING", {"fr": ("roi",), "en": ("king",), "ru": ("корол",)}),
    )
    seed = "003_67230bb164a3bc25.txt"
    card_types = ("CARD",)
    type_labels = {"CARD": NC_("chesscards", "Card")}
    id_prefix = "CC"
    hue = "#475569"
    demo_card_set = "chesscards.json"
    default_format = "default"
    face_template = face.template()
    fields = ()
    # Effects (issue 5)
    effect_vocabulary = EFFECTS
    # The seed gives the recipe of the default deck and no deck-size rule: none is invented.
    default_formats = (
        FormatData(
            game="chesscards",
            key="default",
            name=NC_("chesscards", "Default"),
            description="Seed 003: the public recipe of the default deck; the seed gives no deck-size rule.",
        ),
    )
    # Seed 003: "Chaque joueur reçoit un Deck mélangé séparément". It gives no hand size and no draw:
    # a test draw shows the shuffled deck and a number of cards the user chooses.
    # Seed 003: the chessboard with its pieces, and each player's own privately shuffled deck.
    table = tbl.TableSpec(
        zones=(
            tbl.DECK,
            tbl.HAND,
            tbl.ZoneSpec("board", N_("Cards on the board"), tbl.PUBLIC, play=True),
            tbl.DISCARD,
        ),
        steps=(tbl.StepSpec("turn", N_("Turn")),),
        board=chess_start(),
        setup=tbl.SetupSpec(
            summary=N_(
                "The pieces in their starting squares, White to the first player; each player's deck "
                "shuffled apart, its order and the hand private. The seed gives no opening hand: draw as you choose."
            )
        ),
        summary=N_("An 8 x 8 chessboard, each player's deck, hand and discard."),
    )

    draw_setup = DrawSetup(
        summary=N_(
            "Each player gets a separately shuffled copy of the deck. The seed gives no opening hand and no draw rule: choose how many cards to draw."
        ),
        seen_by_turn=N_(
            "the seed states no draw per turn: the odds are for the number of cards you choose to draw."
        ),
    )
