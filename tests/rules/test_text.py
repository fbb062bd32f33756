"""Folding, search terms, canonical keys and "citing X" (the seed's cases)."""

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.text import _fold_letter_by_letter, canonical_key, cites, fold, search_terms, shown, strip_quotes


@pytest.mark.parametrize(
    "text, folded",
    [
        ("Échange équivalent", "echange equivalent"),
        ("  ÉCHANGE   Équivalent\n", "echange equivalent"),
        ("Cœur", "coeur"),
        ("Épée d’entraînement", "epee d'entrainement"),
        ("Straße", "strasse"),
        ("Ёлка Йорк", "елка йорк"),
        ("", ""),
    ],
)
def test_fold_ignores_case_and_accents(text, folded):
    assert fold(text) == folded


def test_fold_keeps_the_russian_short_i():
    # Й is a letter of its own in Russian, not an И with an accent.
    assert fold("Й") != fold("И")
    assert fold("й") == fold("Й")


def test_search_terms():
    assert search_terms("echange  Équivalent") == ["echange", "equivalent"]
    assert search_terms("   ") == []


@pytest.mark.parametrize(
    "label, key",
    [
        ("Lycéen", "LYCEEN"),
        ("Lycéenne", "LYCEENNE"),
        ("Lycéen(ne)", "LYCEEN_NE"),
        ("Amie d’enfance", "AMIE_D_ENFANCE"),
        ("Royal Paladin", "ROYAL_PALADIN"),
        ("Королевский паладин", "КОРОЛЕВСКИЙ_ПАЛАДИН"),
        ("--", ""),
    ],
)
def test_canonical_keys_keep_distinct_labels_distinct(label, key):
    assert canonical_key(label) == key


def test_strip_quotes():
    assert strip_quotes('"Chianti"') == "Chianti"
    assert strip_quotes("« Chianti »") == "Chianti"
    assert strip_quotes("“Chianti”") == "Chianti"
    assert strip_quotes("'\"Chianti\"'") == "Chianti"
    assert strip_quotes("Chianti") == "Chianti"


def test_shown_quotes_and_cuts_what_a_user_sent():
    assert shown("WEAPON") == "'WEAPON'"
    assert len(shown("x" * 10_000)) == 60 and shown("x" * 10_000).endswith("…")


# --- "citing X" (seed 000): title OR text, full identities, quotes change nothing ----------


def test_chianti_does_not_match_chianti_and_korn():
    assert not cites("Chianti", ["Chianti & Korn"])
    assert not cites("Chianti", ["Chianti & Korn", "Recherche un Sniper."])
    assert not cites("Chianti", ["Carte", "Déployez Chianti & Korn depuis la main."])
    assert not cites("Chianti", ["Chianti&Korn"])


def test_a_composite_is_not_matched_by_any_of_its_components():
    assert not cites("Korn", ["Chianti & Korn"])
    assert not cites("Hattori", ["Duo Hattori & Kazuha"])
    assert not cites("Kazuha", ["Duo Hattori & Kazuha"])


def test_the_composite_is_matched_by_its_full_name():
    assert cites("Chianti & Korn", ["Chianti & Korn"])
    assert cites("chianti & korn", ["Carte", "Si vous contrôlez Chianti & Korn, piochez 1."])


def test_x_is_found_in_the_title_or_in_the_text():
    assert cites("Chianti", ["Chianti", ""])
    assert cites("Chianti", ["Ducati", "Chianti EXACTE requise : réactivez 2 Indices."])
    assert not cites("Chianti", ["Ducati", "Réactivez 2 Indices."])


def test_quotes_around_x_change_nothing():
    for x in ('"Chianti"', "« Chianti »", "“Chianti”", "'Chianti'"):
        assert (
            cites(x, ["Ducati", "Chianti requise."])
            is cites("Chianti", ["Ducati", "Chianti requise."])
            is True
        )
        assert cites(x, ["Chianti & Korn"]) is cites("Chianti", ["Chianti & Korn"]) is False


def test_a_lone_citation_still_counts_beside_a_composite():
    assert cites("Chianti", ["Carte", "Chianti & Korn ou Chianti : piochez 1."])


def test_whole_words_case_and_accents():
    assert cites("mouri ran", ["Déployez une unité citant MOURI RAN."])
    assert cites("Toyama Kazuha", ["Toyama Kazuha"])
    assert not cites("Gin", ["Ginger", "Gingembre"])
    assert cites("Epee", ["Épée d’entraînement"])


def test_empty_or_blank_x_cites_nothing():
    assert not cites("", ["Chianti"])
    assert not cites('  ""  ', ["Chianti"])


@given(st.text(alphabet=st.characters(max_codepoint=127)) | st.text(alphabet=string.printable))
def test_an_ascii_text_folds_as_any_text_does(text):
    assert fold(text) == _fold_letter_by_letter(text)
