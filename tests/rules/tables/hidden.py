"""The rule of hidden information, written out independently of rules.tables.views: which instances
a seat may know in a state, and a check that an answer (a view, events, intents) names no other.

Pure: the rules' tests (tests/rules/tables/test_hidden_fuzz.py) and the API's
(tests/tables/test_hidden_information.py, tests/tables/bots.py) hold the views to the same rule.
"""

from __future__ import annotations

from typing import Any

from rules.tables.spec import HIDDEN, OWNER

IDENTITY = {"instance", "stableCardId", "name", "version", "face", "type", "names", "language"}

# Keys whose values are squares of chesscards' board or zones, or lists of them (a mark's
# "squares", the two ends of the Portail a piece went through, the square a mark is removed from, the
# en passant square): "a1" is a square and an instance.
SQUARES = {"square", "squares", "from", "to", "portal", "remove", "ep"}


def known_to(state, seat: int) -> set[str]:
    """The instances ``seat`` (0-based; -1 for a spectator) may know in ``state``."""
    known: set[str] = set()
    placed = [
        (owner, key, card)
        for owner, current in enumerate(state.seats)
        for key, cards in current.zones.items()
        for card in cards
    ]
    placed += [(owner, key, card) for key, pairs in state.shared.items() for owner, card in pairs]
    for owner, key, card in placed:
        searching = (owner, key) in state.searching
        if sees(state.spec, seat, owner, key, card.face_down, card.revealed, searching):
            known.add(card.instance)
    return known


def known_in_moves(state, moved, seat: int) -> set[str]:
    """The instances ``seat`` may know from an event's movements: each card seen where it was or
    where it went (a drive check's card shown in the trigger zone on its way to the hand)."""
    spec = state.spec
    return {
        m.instance
        for m in moved
        if sees(spec, seat, m.owner, m.source, m.source_face_down, m.source_revealed, False)
        or sees(spec, seat, m.owner, m.target, m.target_face_down, m.target_revealed, False)
    }


def sees(
    spec, seat: int, owner: int, zone: str | None, face_down: bool, revealed: bool, searching: bool
) -> bool:
    """A card of ``owner`` in ``zone``: revealed, or searched by its owner, shows to its owner; a
    hidden zone shows nothing; a zone of its owner's shows to the owner; a public one shows its face-up
    cards to everyone and its face-down ones to their owner."""
    if zone is None:  # a card that comes from nowhere or goes nowhere: seen at its other end
        return False
    visibility = spec.zone(zone).visibility
    if revealed or (owner == seat and searching):
        return True
    if visibility == HIDDEN:
        return False
    if visibility == OWNER:
        return owner == seat
    return not face_down or owner == seat


def identities(data: Any, path: str = "") -> list[tuple[str, dict]]:
    """Every object of an answer that names a card (a deck's {"id", "name"} is a deck, not a card)."""
    found: list[tuple[str, dict]] = []
    _identities(data, path, found)
    return found


def _identities(data: Any, path: str, found: list[tuple[str, dict]]) -> None:
    # Into one list, and a path for objects and lists only: the bots check every answer of a game.
    if isinstance(data, dict):
        if not IDENTITY.isdisjoint(data) and not path.endswith(".deck"):
            found.append((path, data))
        for key, value in data.items():
            if isinstance(value, dict | list):
                _identities(value, f"{path}.{key}", found)
    elif isinstance(data, list):
        for n, value in enumerate(data):
            if isinstance(value, dict | list):
                _identities(value, f"{path}[{n}]", found)


def strings(data: Any) -> set[str]:
    """Every text of an answer (but squares and zones)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(value for key, value in item.items() if key not in SQUARES)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    return found


def _read(data: Any, known: set[str]) -> tuple[bool, set[str]]:
    """In one walk of ``data``: whether an object that names a card (as :func:`identities` finds them)
    names one outside ``known``, and every text (as :func:`strings` finds them). The bots check every
    answer of a game: no object's path is built here."""
    unknown = False
    texts: set[str] = set()
    # (item, the value of a "deck" key, its texts count: under no key of squares)
    stack: list[tuple[Any, bool, bool]] = [(data, False, True)]
    while stack:
        item, a_deck, counted = stack.pop()
        if isinstance(item, dict):
            if not unknown and not a_deck and not IDENTITY.isdisjoint(item):
                unknown = item.get("instance") not in known
            for key, value in item.items():
                if isinstance(value, str):
                    if counted and key not in SQUARES:
                        texts.add(value)
                elif isinstance(value, dict):
                    stack.append((value, f".{key}".endswith(".deck"), counted and key not in SQUARES))
                elif isinstance(value, list):
                    stack.append((value, False, counted and key not in SQUARES))
        elif isinstance(item, list):
            for value in item:
                if isinstance(value, str):
                    if counted:
                        texts.add(value)
                elif isinstance(value, dict | list):
                    stack.append((value, False, counted))
        elif isinstance(item, str) and counted:
            texts.add(item)
    return unknown, texts


def assert_no_leak(answer: Any, known: set[str], every: set[str], where: str) -> None:
    """``answer`` names no instance outside ``known``: no object naming a card, no bare text."""
    unknown, texts = _read(answer, known)
    if unknown:
        # Said with the path of the first object that does.
        for path, item in identities(answer):
            message = f"{where}{path}: {item} names a card the seat may not see"
            assert item.get("instance") in known, message[:400]
        raise AssertionError(f"{where}: an object names a card the seat may not see")
    hidden = every - known
    assert not (texts & hidden), f"{where}: hidden instances {sorted(texts & hidden)}"
