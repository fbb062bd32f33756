"""A card named in the reader's language has its source name one click away (``{% source_name card %}``):
the toggle's words in the reader's language, whichever language the process read before (the words are
kept for each source language and reader's language)."""

from django.template import engines
from django.utils import translation

from cards.models import Card

TOGGLE = "{% load source_name from cards %}{% source_name card %}"


def toggle(card: Card, language: str) -> str:
    with translation.override(language):
        return engines["django"].from_string(TOGGLE).render({"card": card})


def test_the_source_name_toggle_speaks_each_readers_language_and_names_the_source_language():
    blade = Card(game="vanguard", name="Blaster Blade & <Co>", source_language="en")
    kazuha = Card(game="darkrow", name="Kazuha", source_language="fr")
    assert blade.language == "en" and kazuha.language == "fr"
    for _ in range(2):  # the second round reads the words kept by the first
        assert toggle(blade, "ru") == (
            '<details class="source-name"><summary title="Название на языке оригинала (Английский)">'
            'оригинал</summary> <span lang="en">Blaster Blade &amp; &lt;Co&gt;</span></details>'
        )
        assert toggle(blade, "fr") == (
            '<details class="source-name"><summary title="Le nom dans la langue d’origine de la carte '
            '(Anglais)">original</summary> <span lang="en">Blaster Blade &amp; &lt;Co&gt;</span></details>'
        )
        assert toggle(kazuha, "fr") == (
            '<details class="source-name"><summary title="Le nom dans la langue d’origine de la carte '
            '(Français)">original</summary> <span lang="fr">Kazuha</span></details>'
        )
        assert toggle(kazuha, "en") == (
            '<details class="source-name"><summary title="The name in the card&#x27;s source language '
            '(French)">source</summary> <span lang="fr">Kazuha</span></details>'
        )
