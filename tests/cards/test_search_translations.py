"""The query language and "cites X" read a card's current translations (issue 28, item 6): its
translated names in name terms and ``cites:``, its translated texts in ``cites:``, its languages in
``lang:``; a DRAFT or STALE translation is never read. Runs on SQLite and on PostgreSQL (the CI's
second pass): the two databases build different index conditions (cards.search.contains_all)."""

from __future__ import annotations

import pytest

from cards import services
from cards.models import Card
from cards.query import QueryError
from cards.search import card_search
from cards.selectors import filter_cites
from cards.translations import translation_save, translation_set_status
from tests import module_data

pytestmark = pytest.mark.django_db


def translate(card, language, user, reviewer=None, **texts):
    """A translation of ``card``, VALIDATED by ``reviewer`` when one is given (else a DRAFT)."""
    translation_save(stable_id=card.stable_id, language=language, data=texts, user=user)
    if reviewer is not None:
        translation_set_status(stable_id=card.stable_id, language=language, status="VALIDATED", user=reviewer)


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """Five chess cards, four of them translated (one a DRAFT), by the designer and the reviewer.
    Built once for the module (tests/module_data.py: each test starts from it in a savepoint of its
    own; built for each of its 28 tests it was most of the module's CPU)."""
    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        designer = module_data.make_user("designer", username="dana")
        reviewer = module_data.make_user("reviewer", username="remi")

        def make(name, text, game="chesscards", **data):
            return services.card_create(game=game, data={"name": name, "type": "CARD", "text": text, **data})

        cards = {
            "back": make("Marche arrière", "Recule une de tes pièces d’une case."),
            "swap": make("Échange équivalent", "Échange une de tes Pièces."),
            "reinforce": make("Renfort", "Rejoue Marche arrière depuis ta défausse."),
            "retreat": make("Repli", "Pioche une carte."),
            "wall": make("Mur", "Pose un mur."),
        }
        translate(cards["back"], "ru", designer, reviewer, name="Шаг назад", text="Отведите фигуру назад.")
        translate(cards["back"], "en", designer, reviewer, name="Step back", text="Move a piece back.")
        translate(cards["swap"], "ru", designer, name="Равный обмен", text="Обменяйте фигуру.")  # DRAFT
        translate(
            cards["reinforce"], "ru", designer, reviewer, name="Подкрепление", text="Сыграйте «Шаг назад»."
        )
        # Its French text cites nothing; its Russian text cites « Шаг назад » (Marche arrière).
        translate(cards["retreat"], "ru", designer, reviewer, name="Отход", text="Затем сыграйте Шаг назад.")
        yield {"designer": designer, "reviewer": reviewer, **cards}


@pytest.fixture
def designer(built, db):
    return module_data.fresh(built["designer"])


@pytest.fixture
def reviewer(built, db):
    return module_data.fresh(built["reviewer"])


@pytest.fixture
def chess(built, db):
    return {key: module_data.fresh(built[key]) for key in ("back", "swap", "reinforce", "retreat", "wall")}


def names(text):
    return sorted(card_search(Card.objects.all(), text).values_list("name", flat=True))


@pytest.mark.parametrize(
    "query",
    [
        "шаг назад",
        "ШАГ НАЗАД",
        '"шаг назад"',
        "name:шаг",
        'n:"ШАГ НАЗАД"',
        "name:назад name:шаг",  # SQLite: one MATCH for both, each kept to the names
        "name:шаг game:chesscards -t:unit",
        'name:"step back"',
        "n:STEP",
        '!"Шаг назад"',
        '!"step BACK"',
        'name:"marche arriere"',  # the source name, accents ignored
    ],
)
def test_name_terms_find_a_card_by_its_current_translated_names(chess, query):
    assert names(query) == ["Marche arrière"]


def test_name_terms_read_names_only_and_never_a_draft_translation(chess):
    assert names("name:echange") == ["Échange équivalent"]  # accents: « echange » finds « Échange »
    assert names("name:обмен") == []  # its Russian translation is a DRAFT
    assert names("обмен") == []
    assert names("name:отведите") == []  # a translated text is not a name
    assert names("name:pioche") == []  # nor the source text (search_text holds it: the row filter)
    assert names('!"шаг"') == []  # the exact name is the whole name
    assert names("-name:шаг game:chesscards") == ["Mur", "Renfort", "Repli", "Échange équivalent"]


def test_a_stale_translation_is_no_longer_found_by_its_name(chess, designer):
    services.card_update(
        stable_id=chess["back"].stable_id, data={"text": "Recule de deux cases."}, user=designer
    )
    assert names("name:шаг") == []
    assert names('!"Step back"') == []
    assert names("name:marche") == ["Marche arrière"]


def test_lang_finds_the_cards_readable_in_a_language(chess, make_card):
    blade = make_card("vanguard")  # the Vanguard rule set's language is Russian
    kazuha = make_card("darkrow")
    english = make_card("darkrow", name="Vodka", sourceLanguage="en")
    assert (blade.language, kazuha.language, english.language) == ("ru", "fr", "en")
    # Russian: written in it, or a current Russian translation (the DRAFT « Равный обмен » is not).
    assert names("lang:ru") == ["Blaster Blade", "Marche arrière", "Renfort", "Repli"]
    assert names("lang:en") == ["Marche arrière", "Vodka"]
    # The card's own source language, not its game's: Vodka is written in English.
    assert names("lang:fr game:darkrow") == ["Toyama Kazuha"]
    assert names("lang:RU game:chesscards -lang:en") == ["Renfort", "Repli"]
    assert names("language:ru name:шаг") == ["Marche arrière"]


def test_lang_refuses_a_language_nobody_writes_in(chess):
    with pytest.raises(QueryError, match=r"lang:de is not a language.*use one of en, fr, ru"):
        names("lang:de")


def test_lang_forgets_a_translation_gone_stale(chess, designer):
    services.card_update(stable_id=chess["reinforce"].stable_id, data={"text": "Rejoue tout."}, user=designer)
    assert names("lang:ru game:chesscards") == ["Marche arrière", "Repli"]


@pytest.mark.parametrize("x", ["Marche arrière", "marche arriere", "Шаг назад", "шаг НАЗАД", "Step back"])
def test_cites_finds_a_card_cited_by_any_of_its_names(chess, x):
    # Marche arrière: its own title; Renfort: its French text (and its Russian one);
    # Repli: only its Russian text, which cites « Шаг назад ».
    assert names(f'cites:"{x}"') == ["Marche arrière", "Renfort", "Repli"]
    cited = filter_cites(Card.objects.all(), x)  # the API's ?cites=
    assert sorted(cited.values_list("name", flat=True)) == ["Marche arrière", "Renfort", "Repli"]


def test_cites_by_a_word_that_names_no_card_reads_the_translated_texts_too(chess):
    assert names("cites:сыграйте") == ["Renfort", "Repli"]  # their Russian texts
    assert names("cites:отведите") == ["Marche arrière"]
    assert names("cites:обменяйте") == []  # a DRAFT translation's text
    assert names("cites:назад") == ["Marche arrière", "Renfort", "Repli"]
    assert names("cites:шаг") == ["Marche arrière", "Renfort", "Repli"]
    assert names("cites:ша") == []  # whole words only, as in the source texts


def test_cites_never_reads_a_stale_or_draft_translation(chess, designer):
    assert names('cites:"Равный обмен"') == []  # a DRAFT's name names nothing
    services.card_update(
        stable_id=chess["retreat"].stable_id, data={"text": "Pioche deux cartes."}, user=designer
    )
    assert names('cites:"Marche arrière"') == ["Marche arrière", "Renfort"]
    services.card_update(stable_id=chess["back"].stable_id, data={"text": "Recule."}, user=designer)
    # « Шаг назад » is no longer a current name: only what says it in a current text is found.
    assert names('cites:"Шаг назад"') == ["Renfort"]


def test_cites_keeps_the_composite_identity_in_every_language(chess, designer, reviewer):
    duo = services.card_create(
        game="chesscards", data={"name": "Pion & Tour", "type": "CARD", "text": "Un duo."}
    )
    translate(duo, "ru", designer, reviewer, name="Пешка & Ладья", text="Дуэт.")
    translate(chess["wall"], "ru", designer, reviewer, name="Стена", text="Сыграйте Пешка & Ладья.")
    assert names('cites:"Pion & Tour"') == ["Mur", "Pion & Tour"]
    assert names("cites:Пешка") == []  # a component of a composite name is not cited
    assert names("cites:Pion") == []


def test_cites_and_name_terms_cost_a_bounded_number_of_queries(chess, django_assert_max_num_queries):
    # The names of the cards X names: one query (then the search itself; SQLite may sample the
    # table once a fragment to choose between its index and a scan, cards.search.common_on_sqlite).
    with django_assert_max_num_queries(8):
        assert len(names('cites:"Шаг назад" name:марш or name:шаг')) >= 1


def test_an_import_that_changes_the_source_forgets_the_names_and_languages(chess, designer, reviewer):
    from cards.imports import cards_import

    card = {"stableCardId": "CC-IMP", "name": "Clone", "type": "CARD", "text": "Copie une pièce."}
    cards_import(payload={"game": "chesscards", "cards": [card]})
    translate(
        Card.objects.get(stable_id="CC-IMP"), "en", designer, reviewer, name="Twin", text="Copy a piece."
    )
    assert names("name:twin") == names("lang:en game:chesscards -name:step") == ["Clone"]
    report = cards_import(payload={"game": "chesscards", "cards": [{**card, "text": "Copie deux pièces."}]})
    assert report.updated and not report.conflicts  # one batch: cards_save_changes
    assert names("name:twin") == []
    assert names("lang:en game:chesscards -name:step") == []
    assert names("cites:twin") == []


def test_many_citing_translations_are_read_through_a_subquery_with_the_same_answer(chess, monkeypatch):
    from cards import search

    expected = (names('cites:"Шаг назад"'), names('!"Step back"'), names("cites:сыграйте"))
    monkeypatch.setattr(search, "EAGER_CARDS", 0)  # more than this many: a subquery, not their ids
    assert (names('cites:"Шаг назад"'), names('!"Step back"'), names("cites:сыграйте")) == expected
    assert expected == (["Marche arrière", "Renfort", "Repli"], ["Marche arrière"], ["Renfort", "Repli"])
