"""Chess cards (seed 003, French): chess with a deck of 41 effect cards."""

from rules.decks import FormatData
from rules.registry import register
from rules.ruleset import RuleSet


@register
class ChessCards(RuleSet):
    key = "chesscards"
    name = "Chess cards"
    language = "fr"
    seed = "003_67230bb164a3bc25.txt"
    card_types = ("CARD",)
    id_prefix = "CC"
    default_format = "default"
    fields = ()
    # The seed gives the recipe of the default deck and no deck-size rule: none is invented.
    default_formats = (FormatData(game="chesscards", key="default", name="Default"),)
