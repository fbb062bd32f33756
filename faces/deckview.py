"""The visual view of a deck: its cards' faces in columns (by type, or by the game's curve field), copies stacked."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext

from common import i18n
from decks.models import EntryKind
from decks.selectors import Played
from rules import get_ruleset

STACK_SHOWN = 4  # copies drawn as a stack; the count says the rest


@dataclass
class Column:
    key: object
    label: str
    cards: list[dict] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(c["count"] for c in self.cards)


def grouping_options(game: str) -> list[tuple[str, str]]:
    """The columns the faces may be grouped in: (key, what the page calls it, in the reader's language)."""
    ruleset = get_ruleset(game)
    options = [("type", gettext("type"))]
    if ruleset.curve_field:
        options.append((ruleset.curve_field, i18n.field_label(ruleset, ruleset.curve_field)))
    options.append(("section", gettext("section")))
    return options


def columns(played: Iterable[Played], *, game: str, by: str, visible: set[int]) -> list[Column]:
    """The deck's cards that may be seen, one entry per card with its copies, grouped in columns, in
    order. ``played``: the deck's entries with the cards they play (:func:`decks.selectors.deck_played`)."""
    ruleset = get_ruleset(game)
    names = dict(grouping_options(game))
    by = by if by in names else "type"
    cols: dict[object, Column] = {}
    seen: dict[tuple[object, int], dict] = {}
    for entry in sorted(played, key=lambda e: (e.kind, e.section, e.position)):
        card = entry.card
        if entry.kind != EntryKind.CARD or card is None or card.pk not in visible:
            continue
        if by == "type":
            key, label = card.type, i18n.type_label(ruleset, card.type)
        elif by == "section":
            key, label = entry.section, i18n.tr(ruleset.label_of(entry.section))
        else:
            value = (card.game_fields or {}).get(by)
            key = value if isinstance(value, int) else None
            label = f"{names[by]} {value}" if key is not None else f"{names[by]} —"
        column = cols.setdefault(key, Column(key, label))
        item = seen.get((key, card.pk))
        if item is None:
            item = {"card": card, "count": 0}
            seen[(key, card.pk)] = item
            column.cards.append(item)
        item["count"] += entry.count
    order = list(ruleset.card_types) if by == "type" else None

    def sort_key(col: Column):
        if order is not None:
            return (order.index(col.key) if col.key in order else len(order), str(col.key))
        if by == "section":
            return (0, str(col.key))
        return (col.key is None, col.key if isinstance(col.key, int) else 0)

    out = sorted(cols.values(), key=sort_key)
    for col in out:
        col.cards.sort(key=lambda c: c["card"].name.casefold())
        for item in col.cards:
            item["stack"] = range(min(item["count"], STACK_SHOWN))
    return out
