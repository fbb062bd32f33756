"""« Citant X » (seed 000): X in the title OR the effect text; an explicit identity needs the full name."""

import re

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from rules.text import cites, search_fold, strip_quotes

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


# --- the indexed form: "citing X" is the search's whole-word test on search_fold forms (cards.search) --
_CHARS = list("ab &.'é-Й,_\t")
_NAMES = st.tuples(
    st.sampled_from("abéЙ"), st.text(alphabet=_CHARS, max_size=10), st.sampled_from("abéЙ")
).map("".join)


def _words(text):
    return search_fold(text).split()


def _is_run_of(needle, words):
    return any(words[i : i + len(needle)] == needle for i in range(len(words) - len(needle) + 1))


@settings(max_examples=400, deadline=None)
@given(_NAMES, st.text(alphabet=_CHARS, max_size=14))
@example("Й.Й", "Й. Й")  # CI drew it when cites still matched the folded name letter for letter
def test_cites_is_a_run_of_whole_words_of_the_search_forms(x, text):
    """The words of X, punctuation and "&"-glued names included, follow each other in the text."""
    needle = _words(strip_quotes(x))
    assume(needle)
    assert cites(x, [text]) == _is_run_of(needle, _words(text))


@settings(max_examples=200, deadline=None)
@given(_NAMES, st.lists(st.sampled_from(["", " ", "  "]), min_size=30, max_size=30))
@example("Й.Й", [" "] * 30)
def test_spacing_around_punctuation_is_not_part_of_a_name(x, spaces):
    spaced = iter(spaces)
    respaced = re.sub(r"\s*([.,'-])\s*", lambda m: f"{next(spaced)}{m.group(1)}{next(spaced)}", x)
    assert cites(x, [f"Déployez {respaced} depuis la main."])


@pytest.mark.parametrize(
    "x, text, expected",
    [
        ("J.J", "Citant J. J", True),
        ("Kid l'agent", "Kid l’ agent", True),
        ("Chianti", "Chianti, puis Korn", True),
        ("Chianti", "Chianti &Korn", False),
        ("Korn", "Chianti& Korn", False),
        ("agent", "l'agent", True),
        ("age", "l'agent", False),
    ],
)
def test_cites_ignores_spacing_but_not_words(x, text, expected):
    assert cites(x, [text]) is expected


def test_search_fold_glues_ampersand_names_and_isolates_punctuation():
    assert search_fold("Chianti & Korn, l’agent") == " chianti&korn , l ' agent "
    assert search_fold("") == ""
