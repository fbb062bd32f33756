"""A board of squares with pieces on it (chesscards' 8 x 8 chessboard), shared and public.

The table moves pieces as a player says, captures what stands on the square reached, and
promotes on request: the legality of a chess move is the players' business, as at a real table
(the seed's cards change what a move may be; nothing here invents a rule).
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefgh"
WHITE, BLACK = "white", "black"
PIECES = ("K", "Q", "R", "B", "N", "P")
_BACK_RANK = ("R", "N", "B", "Q", "K", "B", "N", "R")


@dataclass(frozen=True, slots=True)
class BoardSpec:
    size: int = 8
    # square -> (colour, piece) at the start; colour WHITE belongs to the first player.
    initial: tuple[tuple[str, tuple[str, str]], ...] = ()

    def squares(self) -> list[str]:
        return [f"{FILES[f]}{r}" for r in range(self.size, 0, -1) for f in range(self.size)]

    def is_square(self, value: object) -> bool:
        return (
            isinstance(value, str)
            and len(value) == 2
            and value[0] in FILES[: self.size]
            and value[1].isdigit()
            and 1 <= int(value[1]) <= self.size
        )


def chess_start() -> BoardSpec:
    """The 32 pieces of chess in their starting squares."""
    pieces: list[tuple[str, tuple[str, str]]] = []
    for index, piece in enumerate(_BACK_RANK):
        pieces.append((f"{FILES[index]}1", (WHITE, piece)))
        pieces.append((f"{FILES[index]}2", (WHITE, "P")))
        pieces.append((f"{FILES[index]}7", (BLACK, "P")))
        pieces.append((f"{FILES[index]}8", (BLACK, piece)))
    return BoardSpec(8, tuple(pieces))
