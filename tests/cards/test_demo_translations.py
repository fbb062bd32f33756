"""The demo translations (cards/demo/translations/demo.json): some cards of every game, as the team would
write them, loaded VALIDATED by loaddemo; none raises a finding (no glossary warning), none holds structured
data, and loading them twice changes nothing."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from cards import demo
from cards.interchange import card_to_dict
from cards.models import Card, CardTranslation, CardTranslationRevision
from cards.translation_selectors import translation_findings
from rules import get_ruleset
from rules.translations import TRANSLATED_KEYS, source_texts

pytestmark = pytest.mark.django_db


def loaddemo() -> str:
    out = io.StringIO()
    call_command("loaddemo", stdout=out)
    return out.getvalue()


def state():
    translations = sorted(
        CardTranslation.objects.values_list(
            "card__stable_id", "language", "name", "text", "status", "stale", "version", "source_version"
        )
    )
    cards = sorted(Card.objects.values_list("stable_id", "version", "updated_at"))
    return translations, cards, CardTranslationRevision.objects.count()


def test_every_game_with_demo_cards_has_demo_translations_of_printed_texts_only():
    given = demo.translations()
    assert set(given) == set(demo.demo_games())
    for game, cards in given.items():
        assert len(cards) >= 5, game
        for stable_id, languages in cards.items():
            assert set(languages) <= {"en", "fr", "ru"}, stable_id
            for texts in languages.values():
                # The printed texts only: never a stat, a type or an effect's structure.
                assert set(texts) <= set(TRANSLATED_KEYS), (stable_id, set(texts) - set(TRANSLATED_KEYS))
                assert texts["name"].strip(), stable_id


def test_loaddemo_loads_the_demo_translations_validated_with_no_finding_and_twice_changes_nothing():
    loaddemo()
    given = demo.translations()
    expected = sum(len(languages) for cards in given.values() for languages in cards.values())
    assert CardTranslation.objects.count() == expected
    assert set(CardTranslation.objects.values_list("status", "stale")) == {("VALIDATED", False)}
    for game in demo.demo_games():
        translated = Card.objects.filter(game=game, translations__isnull=False).distinct()
        assert translated.count() == len(given[game]), game
        for card in translated.prefetch_related("translations"):
            # No finding at all: no TRANSLATION_GLOSSARY (each game's terms as its glossary writes them),
            # no TRANSLATION_STALE.
            assert translation_findings(card) == [], card.stable_id
            source = source_texts(card_to_dict(card))
            for translation in card.translations.all():
                assert translation.language != card.language
                # Archetypes as printed: one label for each of the source's, in the same order.
                assert len(translation.archetypes) in (0, len(source["archetypes"])), card.stable_id
                assert set(translation.effect_texts) <= set(source["effects"]), card.stable_id

    # The glossary check is exercised, not vacuous: in each game with texts, translated texts whose source
    # uses one of the game's terms (pion, roi; Leader; Légende, rune; Monstre, Piège).
    for game in ("chesscards", "darkrow", "riftbound", "duel"):
        glossary = get_ruleset(game).glossary
        uses = [
            card.stable_id
            for card in Card.objects.filter(game=game, translations__isnull=False).distinct()
            if any(term.found_in(card.language, card.text) for term in glossary)
        ]
        assert uses, game

    before = state()
    second = loaddemo()
    assert "translations  0 written" in second
    assert state() == before


def test_the_chess_cards_read_in_russian_and_english_and_td01_in_russian():
    loaddemo()
    chess = Card.objects.filter(game="chesscards")
    for language in ("ru", "en"):
        assert (
            CardTranslation.objects.filter(card__in=chess, language=language).count() == chess.count() == 41
        )
    # Every distinct card of the trial deck TD01, in Russian: the Vanguard demo cards are printed in
    # English (sourceLanguage en), so the Russian playtester reads them through their translation.
    with open(demo.DEMO_DIR / "decks" / "vanguard-td01.deck.json", encoding="utf-8") as handle:
        td01 = {entry["card"] for entries in json.load(handle)["sections"].values() for entry in entries}
    cards = Card.objects.filter(stable_id__in=td01)
    assert cards.count() == len(td01) == 16
    assert {card.language for card in cards} == {"en"}
    russian = dict(
        CardTranslation.objects.filter(card__in=cards, language="ru").values_list("card__stable_id", "name")
    )
    assert set(russian) == td01
    assert russian["TD01-005"] == "Бластер Блейд"
    for game in ("darkrow", "riftbound", "duel"):
        for language in ("ru", "en"):
            assert CardTranslation.objects.filter(card__game=game, language=language).count() >= 5, game
