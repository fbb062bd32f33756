"""What of a card the rules tables' engine plays (issue 44, "Coverage"): the stats and keywords its
moves read, and which of its declared effects are only logged (a player applies them by hand at a
table; the lab's bots never do). A figure the lab gives is read against it: no card does more there
than the engine plays of it.

Each game declares its :class:`EngineReads` (``RuleSet.engine_reads``), written from its moves
module: the fields they read, the keywords they play, and which effects they execute. Pure: a card
value in, a :class:`Coverage` out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.text import fold

_KEYWORD = re.compile(r"^\s*([A-Za-z_]+)")
# The logged "effect" of a card whose text has abilities but no structured effect.
TEXT = "text"


def _ability_text(text: str, keywords: tuple[str, ...]) -> bool:
    """Whether ``text`` says more than the keywords the engine plays (words left once they are gone)."""
    rest = fold(text or "")
    for word in keywords:
        rest = re.sub(rf"\b{re.escape(fold(word))}\b", " ", rest)
    return re.search(r"[^\W\d_]{2,}", rest) is not None


@dataclass(frozen=True)
class EngineReads:
    """What a game's table moves read of a card."""

    # The card fields the moves read (a stat, a type of unit, a clan), in the order the page shows them.
    fields: tuple[str, ...] = ()
    # The keywords the moves play, as the card's ``keywords`` field writes them (first word).
    keywords: tuple[str, ...] = ()
    # The field that lists a card's keywords ("keywords"); "": none.
    keyword_field: str = "keywords"
    # Whether a keyword also counts when the card's text or effects say it (darkrow: Rush, Initiative).
    keywords_in_text: bool = False
    # An effect the moves execute (riftbound's LEVEL bonuses); None: every effect is only logged.
    executes: Callable[[Mapping[str, Any]], bool] | None = None
    # Whether the table plays the card's text itself (chesscards' cards played as written); None:
    # the game's cards are played by their stats, keywords and effects.
    text_played: Callable[[CardData], bool] | None = None


@dataclass(frozen=True)
class Coverage:
    stats: tuple[tuple[str, Any], ...] = ()
    keywords: tuple[str, ...] = ()
    # The effects the engine executes, and those only logged (their ids, or "#n" for one without).
    executed: tuple[str, ...] = ()
    logged: tuple[str, ...] = ()
    # chesscards: True the text is played as written, False it is played by hand; None: not asked.
    text_played: bool | None = None
    # The card's keywords the engine does not play (only logged).
    other_keywords: tuple[str, ...] = ()

    @property
    def partial(self) -> bool:
        """Whether the bots cannot execute all of the card (an effect only logged, a text by hand)."""
        return bool(self.logged) or self.text_played is False

    def to_dict(self) -> dict[str, Any]:
        return {
            "stats": dict(self.stats),
            "keywords": list(self.keywords),
            "otherKeywords": list(self.other_keywords),
            "executedEffects": list(self.executed),
            "loggedEffects": list(self.logged),
            "textPlayed": self.text_played,
            "partial": self.partial,
        }


def _effect_id(effect: Any, n: int) -> str:
    if isinstance(effect, Mapping) and isinstance(effect.get("id"), str) and effect["id"]:
        return effect["id"]
    return f"#{n + 1}"


def card_coverage(reads: EngineReads, card: CardData) -> Coverage:
    """What the engine plays of ``card``."""
    fields = card.fields or {}
    stats = tuple((name, fields[name]) for name in reads.fields if fields.get(name) not in (None, "", []))
    listed = fields.get(reads.keyword_field) if reads.keyword_field else None
    words: list[str] = []
    for raw in listed if isinstance(listed, list | tuple) else ():
        match = _KEYWORD.match(str(raw))
        if match:
            words.append(match.group(1).upper())
    played = [w for w in reads.keywords if w.upper() in words]
    if reads.keywords_in_text:
        haystack = fold(card.text) + " " + fold(json.dumps(list(card.effects), ensure_ascii=False))
        played += [
            w
            for w in reads.keywords
            if w not in played and re.search(rf"\b{fold(w)}\b", haystack) is not None
        ]
    others = tuple(w for w in words if w not in {k.upper() for k in reads.keywords})
    executed: list[str] = []
    logged: list[str] = []
    for n, effect in enumerate(card.effects or ()):
        ok = reads.executes is not None and isinstance(effect, Mapping) and reads.executes(effect)
        (executed if ok else logged).append(_effect_id(effect, n))
    if not card.effects and reads.text_played is None and _ability_text(card.text, reads.keywords):
        # A text whose abilities no structured effect declares: the players read it, no bot does.
        logged.append(TEXT)
    return Coverage(
        stats=stats,
        keywords=tuple(played),
        executed=tuple(executed),
        logged=tuple(logged),
        text_played=None if reads.text_played is None else reads.text_played(card),
        other_keywords=others,
    )
