"""« Citant X » (seed 000): X in the title OR the effect text; an explicit identity needs the full name."""

import pytest

from rules.text import cites

KAZUHA = (
    "Toyama Kazuha",
    "Rapide une fois par tour à l’arrivée : déployer gratuitement depuis la main une unité citant Hattori Heiji ou Mouri Ran.",
)
DUCATI = ("Ducati", "Coût 0, Chianti EXACTE requise, réactiver 2 Indices, limite globale une fois par tour.")
CHIANTI_KORN = ("Chianti & Korn", "Recherche Sniper deck/défausse une fois par tour.")
DUO = (
    "Duo Hattori & Kazuha",
    "Seules des Unités sont déployables, Artiste martial OU citant Hattori Heiji OU Toyama Kazuha.",
)


@pytest.mark.parametrize(
    "x, card",
    [
        ("Hattori Heiji", KAZUHA),  # in the text
        ("Toyama Kazuha", KAZUHA),  # in the title
        ("toyama kazuha", KAZUHA),  # case ignored
        ("Chianti", DUCATI),
        ("Chianti & Korn", CHIANTI_KORN),  # the composite cites itself
        ("Mouri Ran", KAZUHA),
    ],
)
def test_cites(x, card):
    assert cites(x, card)


@pytest.mark.parametrize(
    "x, card",
    [
        ("Chianti", CHIANTI_KORN),  # « Chianti n’est pas Chianti & Korn »
        ("Korn", CHIANTI_KORN),
        ("Kazuha", ("Duo Hattori & Kazuha", "")),  # a composite is never matched by its components
        ("Hattori", ("Duo Hattori & Kazuha", "")),
        ("Heiji", ("Sato", "")),
        ("Vermouth", KAZUHA),
        ("", KAZUHA),
    ],
)
def test_does_not_cite(x, card):
    assert not cites(x, card)


def test_quotes_around_x_do_not_turn_a_citation_into_an_exact_identity():
    # « Les guillemets entourant X après « citant » ne transforment pas la citation générique en identité exacte. »
    for quoted in ('"Hattori Heiji"', "« Hattori Heiji »", "'Hattori Heiji'"):
        assert cites(quoted, KAZUHA) == cites("Hattori Heiji", KAZUHA) is True
    assert cites("« Chianti »", CHIANTI_KORN) is False


def test_a_composite_title_still_cites_a_name_its_text_gives_in_full():
    assert cites("Hattori Heiji", DUO)
    assert cites("Toyama Kazuha", DUO)
