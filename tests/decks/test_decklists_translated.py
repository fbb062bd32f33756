"""Decklists in every language (issue 28, item 6): a reference names a card by one of its current
translated names too (VALIDATED, not STALE), ignoring case and accents; a card's own name wins over
another card's translated name; a translated name of several cards is ambiguous; "did you mean"
offers translated names; the pool costs the same queries whatever the number of lines."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards import services as card_services
from cards.demo import card_set
from cards.models import Card
from cards.translations import translation_save, translation_set_status
from decks import services
from decks.interchange import parse_decklist
from rules import CardData
from rules.pool import CardPool
from tests import module_data

pytestmark = pytest.mark.django_db

# The chess cards as the team translates them: stableCardId -> (French, Russian, English).
NAMES = {
    "CC-001": ("Marche arrière", "Шаг назад", "Step back"),
    "CC-002": ("Double coup", "Двойной ход", "Double move"),
    "CC-003": ("Mutation", "Мутация", "Mutation"),
    "CC-004": ("Bouclier", "Щит", "Shield"),
    "CC-005": ("Mur", "Стена", "Wall"),
    "CC-006": ("Rappel", "Отзыв", "Recall"),
    "CC-007": ("Sacrifice", "Жертва", "Sacrifice"),
    "CC-008": ("Rayon laser", "Лазерный луч", "Laser beam"),
    "CC-012": ("Fantôme", "Призрак", "Ghost"),
    "CC-014": ("Bélier", "Таран", "Battering ram"),
    "CC-019": ("Échange équivalent", "Равноценный обмен", "Fair exchange"),
    "CC-024": ("Évasion", "Побег", "Escape"),
}


def translate(stable_id, language, name, designer, reviewer=None):
    translation_save(
        stable_id=stable_id, language=language, data={"name": name, "text": f"{name}."}, user=designer
    )
    if reviewer is not None:
        translation_set_status(stable_id=stable_id, language=language, status="VALIDATED", user=reviewer)


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The chess cards, twelve of them translated in Russian and English (VALIDATED). Built once for
    the module (tests/module_data.py: each test starts from it in a savepoint of its own)."""
    from cards.imports import cards_import

    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        designer = module_data.make_user("designer", username="dana")
        reviewer = module_data.make_user("reviewer", username="remi")
        cards_import(payload=card_set("chesscards"))
        for stable_id, (_, russian, english) in NAMES.items():
            translate(stable_id, "ru", russian, designer, reviewer)
            translate(stable_id, "en", english, designer, reviewer)
        yield designer, reviewer


@pytest.fixture
def designer(built, db):
    return module_data.fresh(built[0])


@pytest.fixture
def reviewer(built, db):
    return module_data.fresh(built[1])


@pytest.fixture
def chess(built, db):
    """The module's chess cards and translations (``built``)."""


def decklist(names) -> dict:
    deck, findings = parse_decklist("game: chesscards\nmain:\n" + "".join(f"1 {n}\n" for n in names))
    assert findings == []
    return deck


def played(deck) -> list[str | None]:
    """The card each entry holds, in the list's order (None: it names none)."""
    return [e.card.stable_id if e.card_id else None for e in deck.entries.order_by("position")]


def codes(deck) -> list[str]:
    return sorted(v["code"] for v in deck.violations)


def test_a_russian_and_an_english_decklist_resolve_to_the_cards_of_the_french_one(chess, playtester):
    french = services.deck_create(data=decklist(n[0] for n in NAMES.values()), user=playtester)
    russian = services.deck_create(data=decklist(n[1] for n in NAMES.values()), user=playtester)
    english = services.deck_create(data=decklist(n[2] for n in NAMES.values()), user=playtester)
    assert played(french) == list(NAMES)
    assert played(russian) == played(english) == played(french)
    for deck in (french, russian, english):
        assert not {"UNKNOWN_CARD", "AMBIGUOUS_CARD"} & set(codes(deck)), deck.violations


def test_case_and_accents_are_ignored_in_a_translated_name_and_the_names_mix(chess, playtester):
    names = [
        "ШАГ НАЗАД",
        "двойной ХОД",
        "step BACK",
        "fair exchange",
        "Равноценный обмен",
        "echange equivalent",
    ]
    deck = services.deck_create(data=decklist(names), user=playtester)
    assert played(deck) == ["CC-001", "CC-002", "CC-001", "CC-019", "CC-019", "CC-019"]


def test_a_cards_own_name_wins_over_another_cards_translated_name(chess, designer, reviewer, playtester):
    # « Charge » is CC-023's French name; give Bélier (CC-014) that English name.
    translate("CC-014", "en", "Charge", designer, reviewer)
    deck = services.deck_create(data=decklist(["Charge", "charge", "Таран"]), user=playtester)
    assert played(deck) == ["CC-023", "CC-023", "CC-014"]
    services.deck_validate(deck=deck)  # the stored deck, validated again, plays the same cards
    deck.refresh_from_db()
    assert "AMBIGUOUS_CARD" not in codes(deck)
    # A translation never changes what a list names: the deck's references keep their cards.
    assert played(deck) == ["CC-023", "CC-023", "CC-014"]


def test_a_translated_name_of_several_cards_is_ambiguous_with_every_candidate(
    chess, designer, reviewer, playtester
):
    translate("CC-020", "ru", "Волна", designer, reviewer)  # Tsunami
    translate("CC-021", "ru", "Волна", designer, reviewer)  # Séisme (a slip, but it happens)
    deck = services.deck_create(data=decklist(["волна"]), user=playtester)
    assert played(deck) == [None]
    [finding] = [v for v in deck.violations if v["code"] == "AMBIGUOUS_CARD"]
    assert finding["params"]["candidates"] == ["CC-020", "CC-021"]


def test_one_card_named_alike_in_two_languages_is_not_ambiguous(chess, playtester):
    deck = services.deck_create(data=decklist(["Mutation", "МУТАЦИЯ"]), user=playtester)  # fr = en
    assert played(deck) == ["CC-003", "CC-003"]


def test_a_draft_or_stale_translations_name_names_nothing(chess, designer, playtester):
    translate("CC-009", "ru", "Харакири", designer)  # a DRAFT
    card_services.card_update(stable_id="CC-001", data={"text": "Recule."}, user=designer)  # STALE
    deck = services.deck_create(
        data=decklist(["Харакири", "Шаг назад", "Step back", "Двойной ход"]), user=playtester
    )
    assert played(deck) == [None, None, None, "CC-002"]
    assert codes(deck).count("UNKNOWN_CARD") == 3


def test_did_you_mean_offers_translated_names(chess, playtester):
    deck = services.deck_create(data=decklist(["Шаг назат", "Laser bem"]), user=playtester)
    suggested = {
        v["params"]["ref"]: v["params"]["suggestions"] for v in deck.violations if v["code"] == "UNKNOWN_CARD"
    }
    assert "Шаг назад" in suggested["Шаг назат"]
    assert "Laser beam" in suggested["Laser bem"]


def test_a_collection_import_reads_translated_names_too(chess, playtester):
    counts = services.collection_import(owner=playtester, data=decklist(["Щит", "Wall"]))
    assert counts == {"CC-004": 1, "CC-005": 1}


def test_resolving_a_decklist_costs_the_same_queries_for_60_lines_as_for_6(chess, playtester):
    every = list(Card.objects.filter(game="chesscards").order_by("stable_id").values_list("name", flat=True))
    lines = every + [n[1] for n in NAMES.values()] + [n[2] for n in list(NAMES.values())[:7]]
    assert len(lines) == 60

    def queries(names) -> int:
        data = decklist(names)
        with CaptureQueriesContext(connection) as captured:
            services.deck_create(data=data, user=playtester)
        return len(captured.captured_queries)

    queries(lines[:3])  # the first deck reads what later ones find cached (the format)
    short = queries(lines[:6])
    assert queries(lines) == short
    assert short <= 30  # the pool of the game's cards is one query, whatever the lines


def test_the_pool_resolves_translated_names_without_a_database():
    pool = CardPool(
        [
            CardData("chesscards", "Charge", "CARD", "CC-023"),
            CardData("chesscards", "Bélier", "CARD", "CC-014", translated_names=("Таран", "Charge")),
        ]
    )
    assert pool.resolve("charge")[0].stable_id == "CC-023"  # its own name wins
    assert pool.resolve("ТАРАН")[0].stable_id == "CC-014"
    assert pool.suggestions("Таранн") == ["Таран"]
