"""Riftbound's own finding codes (the shared ones are in rules.codes): each with its message
templates and hints (%(param)s of its params, marked for the catalogues, rendered by
common.finding_messages in the reader's language). The rule set declares them (``codes``)."""

from rules.codes import CARD, DECK, INPUT, Code
from rules.i18n import N_, NP_

CODES: tuple[Code, ...] = (
    Code(
        "DOMAINS",
        CARD,
        N_("a riftbound card with more than two domains, or a Legend without two"),
        params=("card", "observed", "expected"),
        games=("riftbound",),
        messages=(
            N_("%(card)s has the domains %(observed)s; a card has at most two, a Legend exactly two"),
            N_("%(card)s has the domains %(observed)s; expected: %(expected)s"),
        ),
    ),
    Code(
        "LEGEND",
        DECK,
        N_("no Legend, or the card is not a LEGEND"),
        params=("section", "card", "type"),
        games=("riftbound",),
        messages=(
            N_("no Legend: pick the Legend that sets the deck's domains and champion"),
            N_("%(section)s: %(card)s is a %(type)s, not a Legend"),
        ),
    ),
    Code(
        "CHAMPION",
        DECK,
        N_("no Chosen Champion, not a CHAMPION_UNIT, not in the main deck, or its tag is not the Legend's"),
        params=("section", "card", "type", "expected"),
        games=("riftbound",),
        messages=(
            N_("no Chosen Champion: pick a Champion Unit of the main deck whose tag is the Legend's"),
            N_("%(section)s: %(card)s is a %(type)s, not a Champion Unit"),
            N_("%(section)s: %(card)s is not in %(expected)s; the Chosen Champion is one of its cards"),
            N_("%(section)s: the tag of %(card)s is not the Legend's (%(expected)s)"),
        ),
    ),
    Code(
        "UNIQUE_LIMIT",
        DECK,
        N_("more than 1 copy of a UNIQUE card"),
        params=("section", "card", "observed", "expected"),
        games=("riftbound",),
        messages=(
            NP_(
                "%(card)s is unique: %(observed)s copy, at most %(expected)s",
                "%(card)s is unique: %(observed)s copies, at most %(expected)s",
                "observed",
            ),
        ),
    ),
    Code(
        "SIGNATURE_LIMIT",
        DECK,
        N_("more than 3 SIGNATURE cards"),
        params=("section", "card", "observed", "expected"),
        games=("riftbound",),
        messages=(
            NP_(
                "the deck has %(observed)s Signature card; at most %(expected)s",
                "the deck has %(observed)s Signature cards; at most %(expected)s",
                "observed",
            ),
        ),
        hints=(
            NP_(
                "keep at most %(expected)s Signature card",
                "keep at most %(expected)s Signature cards",
                "expected",
            ),
        ),
    ),
    Code(
        "SIGNATURE_TAG",
        DECK,
        N_("a SIGNATURE card whose tag is not the Legend's"),
        params=("section", "card", "observed", "expected"),
        games=("riftbound",),
        messages=(
            N_("%(card)s is a Signature card without a tag; give it the tag of its Legend"),
            N_("%(card)s is a Signature card of %(observed)s; the Legend's tag is %(expected)s"),
        ),
    ),
    Code(
        "DOMAIN_IDENTITY",
        DECK,
        N_("a card outside the Legend's domains"),
        params=("section", "card", "observed", "expected"),
        games=("riftbound",),
        messages=(N_("%(card)s is %(observed)s, outside the Legend's domains (%(expected)s)"),),
    ),
    Code(
        "BATTLEFIELD_DUPLICATE",
        DECK,
        N_("two battlefields with the same name"),
        params=("section", "card", "name", "observed"),
        games=("riftbound",),
        messages=(
            NP_(
                "%(section)s: %(observed)s battlefield is named %(name)s; each must have its own name",
                "%(section)s: %(observed)s battlefields are named %(name)s; each must have its own name",
                "observed",
            ),
        ),
    ),
    # --- the table's rules (rules/games/riftbound/moves.py): a move the seed does not allow ---------
    Code(
        "TABLE_RIFT_NOT_HERE",
        INPUT,
        N_("a card of the other player, or not in the zone the move takes it from"),
        params=("kind", "instance", "expected", "rule"),
        games=("riftbound",),
        messages=(N_("%(instance)s is not a card of yours in %(expected)s"),),
    ),
    Code(
        "TABLE_RIFT_CARD_TYPE",
        INPUT,
        N_("a card of a type the move does not play (a rune, a battlefield, a Legend)"),
        params=("kind", "type", "expected", "rule"),
        games=("riftbound",),
        messages=(N_("a %(type)s cannot be used so; this move takes %(expected)s"),),
    ),
    Code(
        "TABLE_RIFT_INCOMPLETE",
        INPUT,
        N_("a unit without its Might: the table cannot play it by the rules"),
        params=("kind", "field", "rule"),
        games=("riftbound",),
        messages=(N_("the card has no %(field)s: the table cannot play it by the rules"),),
    ),
    Code(
        "TABLE_RIFT_PAYMENT",
        INPUT,
        N_("a payment that does not cover the card's Energy and Power"),
        params=("kind", "energy", "power", "paid", "paidPower", "rule"),
        games=("riftbound",),
        messages=(
            N_("the card costs %(energy)s Energy; the payment gives %(paid)s Energy"),
            N_(
                "the card costs %(energy)s Energy and the Power %(power)s; the payment gives %(paid)s Energy and no Power"
            ),
            N_(
                "the card costs %(energy)s Energy and the Power %(power)s; the payment gives %(paid)s Energy and the Power %(paidPower)s"
            ),
        ),
    ),
    Code(
        "TABLE_RIFT_RUNE_USED",
        INPUT,
        N_("a rune exhausted twice, or named twice in one payment"),
        params=("kind", "instance", "rule"),
        games=("riftbound",),
        messages=(N_("the rune %(instance)s is already exhausted or already used in this payment"),),
    ),
    Code(
        "TABLE_RIFT_WHERE",
        INPUT,
        N_("a unit played or moved where the rules do not allow it"),
        params=("kind", "zone", "expected", "rule"),
        games=("riftbound",),
        messages=(N_("not to %(zone)s: this move goes to %(expected)s"),),
    ),
    Code(
        "TABLE_RIFT_EXHAUSTED",
        INPUT,
        N_("an exhausted unit moved"),
        params=("kind", "instance", "rule"),
        games=("riftbound",),
        messages=(N_("%(instance)s is exhausted: it cannot move this turn"),),
    ),
    Code(
        "TABLE_RIFT_TAPPED",
        INPUT,
        N_("a card exhausted by hand that is already exhausted, or readied that is already ready"),
        params=("kind", "instance", "rule"),
        games=("riftbound",),
        messages=(N_("%(instance)s is already as this move would leave it"),),
    ),
    Code(
        "TABLE_RIFT_NO_SHOWDOWN",
        INPUT,
        N_("a showdown where the seat has no unit, or at a battlefield it already holds alone"),
        params=("kind", "zone", "rule"),
        games=("riftbound",),
        messages=(N_("no showdown at %(zone)s"),),
    ),
)
