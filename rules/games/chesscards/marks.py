"""The marks the cards leave on the chessboard (seed 003): where they lie, whose, until when.

A mark is a card's lasting effect: a Mur, a Zone interdite, a Piège or a Portail on squares, a
Bouclier, Gel or Éclipse on a piece (it follows the piece and goes when the piece leaves the board),
Pacifisme on the whole board. ``until``: the turn at whose end it goes ("jusqu'à la fin du prochain
Tour adverse": the turn after the one it was played in); None: it never expires with the turns
(Piège, Portail). ``secret``: the opponent does not see it (Piège) until it is revealed.
"""

from __future__ import annotations

from dataclasses import dataclass

WALL, NO_ENTRY, TRAP, PORTAL = "wall", "noEntry", "trap", "portal"
SHIELD, FREEZE, ECLIPSE, PACIFISM = "shield", "freeze", "eclipse", "pacifism"
# The marks that lie on a piece and follow it.
ON_PIECE = frozenset({SHIELD, FREEZE, ECLIPSE})


@dataclass(frozen=True, slots=True)
class Mark:
    kind: str
    card: str  # the instance of the card that made it (in the "board" zone while the mark lasts)
    owner: int  # the seat that played it
    colour: str  # that seat's colour
    squares: tuple[str, ...] = ()
    until: int | None = None
    secret: bool = False
    revealed: bool = False


def marks_of(game_state) -> tuple[Mark, ...]:
    return tuple(game_state.get("marks", ()))


def following(marks: tuple[Mark, ...], source: str, target: str | None) -> tuple[Mark, ...]:
    """The marks after the piece on ``source`` went to ``target`` (None: it left the board)."""
    kept = []
    for mark in marks:
        if mark.kind in ON_PIECE and mark.squares == (source,):
            if target is None:
                continue
            mark = Mark(
                mark.kind,
                mark.card,
                mark.owner,
                mark.colour,
                (target,),
                mark.until,
                mark.secret,
                mark.revealed,
            )
        kept.append(mark)
    return tuple(kept)
