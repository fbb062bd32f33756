"""Card translations (issue 28): per language, kept in step with their source, reviewed like cards."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards import services
from cards.imports import cards_import, import_conflict_resolve
from cards.models import Card, CardTranslation, CardTranslationRevision, ImportConflict
from cards.translation_selectors import (
    current_translation,
    source_diff,
    translation_findings,
    visible_translations,
)
from cards.translations import mark_stale, translation_save, translation_set_status
from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from corrections.services import correction_create
from reviews.services import card_revert

pytestmark = pytest.mark.django_db

RU = {"name": "Тояма Кадзуха", "text": "Когда она выходит, возьмите карту.", "archetypes": ["Школьница"]}


@pytest.fixture
def kazuha(make_card, designer):
    return make_card(
        "darkrow", user=designer, text="Quand elle arrive, piochez une carte.", archetypes=["Lycéenne"]
    )


def genta_with_effect_text():
    """Kojima Genta (tests.cards.test_corrections) with a text on its first effect."""
    import copy

    from tests.cards.test_corrections import GENTA_EFFECTS, genta_file

    effects = copy.deepcopy(GENTA_EFFECTS)
    effects[0]["text"] = "Une fois par tour : piochez une carte."
    cards_import(payload=genta_file(effects=effects))
    return Card.objects.get(stable_id="DR-U90")


def translated(card, user, **data):
    return translation_save(stable_id=card.stable_id, language="ru", data={**RU, **data}, user=user)


def fresh(translation):
    return CardTranslation.objects.get(pk=translation.pk)


# --- the model and its history --------------------------------------------------------------------
def test_a_translation_records_the_card_version_it_translates_who_and_when(kazuha, designer):
    translation = translated(kazuha, designer)
    assert (translation.language, translation.name, translation.source_version) == ("ru", RU["name"], 1)
    assert (translation.status, translation.stale, translation.version) == ("DRAFT", False, 1)
    [revision] = CardTranslationRevision.objects.filter(card=kazuha)
    assert (revision.language, revision.source_version, revision.author, revision.author_name) == (
        "ru",
        1,
        designer,
        "dana",
    )
    assert revision.created_at is not None and revision.snapshot["name"] == RU["name"]
    assert kazuha.translation_revisions.count() == 1


def test_the_source_language_is_the_rule_sets_unless_the_card_says_otherwise(kazuha, make_card):
    assert kazuha.language == "fr"
    blade = make_card("vanguard")
    assert blade.language == "ru"
    blade.source_language = "en"
    assert blade.language == "en"


def test_a_card_is_not_translated_into_its_own_language_nor_an_unknown_one(kazuha, designer):
    for language in ("fr", "de"):
        with pytest.raises(InvalidInput) as caught:
            translation_save(stable_id=kazuha.stable_id, language=language, data=RU, user=designer)
        assert caught.value.findings[0].field == f"translations.{language}.language"
    assert not CardTranslation.objects.exists()


def test_structured_data_is_never_translated(kazuha, designer):
    with pytest.raises(InvalidInput) as caught:
        translated(kazuha, designer, atk=9, type="ACTION")
    fields = {f.field for f in caught.value.findings}
    assert fields == {"translations.ru.atk", "translations.ru.type"}
    assert "stats and the effects' structure stay the card's" in caught.value.message


def test_a_flavour_the_card_lacks_and_unknown_effects_are_refused(kazuha, designer):
    with pytest.raises(InvalidInput) as caught:
        translated(kazuha, designer, flavour="Лирика", effects={"DR-X.nothing": "текст"})
    assert {f.field for f in caught.value.findings} == {"translations.ru.flavour", "translations.ru.effects"}


def test_effect_texts_are_translated_by_effect_id_and_their_structure_stays_the_cards(db, designer):
    genta = genta_with_effect_text()
    ids = [e["effectId"] for e in genta.effects if e.get("text")]
    assert ids
    translation = translation_save(
        stable_id="DR-U90",
        language="ru",
        data={"name": "Кодзима Гэнта", "effects": {ids[0]: "Перевод"}},
        user=designer,
    )
    assert translation.effect_texts == {ids[0]: "Перевод"}


def test_a_playtester_may_not_translate(kazuha, playtester):
    with pytest.raises(Forbidden):
        translated(kazuha, playtester)


def test_a_stale_editor_version_is_refused(kazuha, designer):
    translation = translated(kazuha, designer)
    translated(kazuha, designer, text="Другой текст.")
    with pytest.raises(StaleVersion):
        translation_save(
            stable_id=kazuha.stable_id,
            language="ru",
            data=RU,
            user=designer,
            expected_version=translation.version,
        )


# --- kept in step -----------------------------------------------------------------------------------
def test_an_edit_of_the_source_text_makes_every_translation_stale(kazuha, designer):
    ru = translated(kazuha, designer)
    en = translation_save(stable_id=kazuha.stable_id, language="en", data={"name": "Kazuha"}, user=designer)
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    assert fresh(ru).stale and fresh(en).stale


def test_an_edit_of_stats_only_leaves_translations_current(kazuha, designer):
    ru = translated(kazuha, designer)
    services.card_update(stable_id=kazuha.stable_id, data={"atk": 9}, user=designer)
    assert not fresh(ru).stale


def test_a_stale_translation_is_a_card_finding_with_the_source_diff(kazuha, designer):
    ru = translated(kazuha, designer)
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    card = Card.objects.get(pk=kazuha.pk)
    [finding] = [f for f in translation_findings(card) if f.code == "TRANSLATION_STALE"]
    assert finding.params == {"card": card.stable_id, "language": "ru", "sourceVersion": 1, "version": 2}
    diff = source_diff(fresh(ru))
    assert diff["since"] == 1 and diff["version"] == 2
    assert diff["changes"] == {
        "text": {"before": "Quand elle arrive, piochez une carte.", "after": "Piochez deux cartes."}
    }


def test_only_a_persons_save_makes_it_current_again(kazuha, designer):
    ru = translated(kazuha, designer)
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    saved = translated(kazuha, designer, text="Возьмите две карты.")
    assert (saved.stale, saved.source_version) == (False, 2)
    assert not [
        f for f in translation_findings(Card.objects.get(pk=kazuha.pk)) if f.code == "TRANSLATION_STALE"
    ]
    assert fresh(ru).version == 2


def test_saving_a_stale_translation_unchanged_still_makes_it_current(kazuha, designer):
    translated(kazuha, designer)
    services.card_update(stable_id=kazuha.stable_id, data={"name": "Kazuha Toyama"}, user=designer)
    saved = translated(kazuha, designer)
    assert (saved.stale, saved.source_version, saved.version) == (False, 2, 2)


def test_an_import_that_changes_the_text_makes_translations_stale(db, designer):
    from tests.cards.test_import_conflicts import payload

    cards_import(payload=payload())
    card = Card.objects.get(stable_id="DR-U01")
    ru = translated(card, designer)
    cards_import(payload=payload(text="Percent, twice."))
    assert fresh(ru).stale


def test_a_revert_of_the_text_makes_translations_stale(kazuha, designer, reviewer):
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    ru = translated(Card.objects.get(pk=kazuha.pk), designer)
    card_revert(stable_id=kazuha.stable_id, version=1, user=reviewer)
    assert fresh(ru).stale


def test_taking_the_imported_version_of_a_conflict_makes_translations_stale(db, designer, reviewer):
    from tests.cards.test_import_conflicts import payload

    cards_import(payload=payload())
    services.card_update(stable_id="DR-U01", data={"text": "Percent, double."}, user=designer)
    ru = translated(Card.objects.get(stable_id="DR-U01"), designer)
    cards_import(payload=payload())
    conflict = ImportConflict.objects.get()
    assert not fresh(ru).stale
    import_conflict_resolve(conflict_id=conflict.pk, keep="IMPORTED", user=reviewer)
    assert fresh(ru).stale


def test_a_correction_of_an_effects_text_makes_translations_stale(db, designer, reviewer):
    genta = genta_with_effect_text()
    effect = next(e for e in genta.effects if e.get("text"))
    ru = translation_save(stable_id="DR-U90", language="ru", data={"name": "Кодзима Гэнта"}, user=designer)
    correction_create(
        stable_id="DR-U90",
        data={
            "effectId": effect["effectId"],
            "change": [{"op": "replace", "path": "/text", "value": "Un autre texte."}],
            "why": "typo",
        },
        user=reviewer,
    )
    assert fresh(ru).stale


def test_marking_stale_costs_one_query_for_many_cards_and_translations(make_card, designer):
    cards = [make_card("darkrow", user=designer, name=f"Card {i}") for i in range(5)]
    for card in cards:
        for language in ("ru", "en"):
            translation_save(stable_id=card.stable_id, language=language, data={"name": "X"}, user=designer)
    with CaptureQueriesContext(connection) as queries:
        assert mark_stale(c.pk for c in cards) == 10
    assert len(queries) == 1


# --- reviewed like cards --------------------------------------------------------------------------------
def test_translations_move_through_the_cards_statuses_by_the_same_people(kazuha, designer, reviewer):
    translated(kazuha, designer)
    with pytest.raises(Forbidden):
        translation_set_status(stable_id=kazuha.stable_id, language="ru", status="VALIDATED", user=designer)
    translation_set_status(stable_id=kazuha.stable_id, language="ru", status="NEEDS_REVIEW", user=designer)
    validated = translation_set_status(
        stable_id=kazuha.stable_id, language="ru", status="VALIDATED", user=reviewer, note="ok"
    )
    assert validated.status == "VALIDATED"
    actions = list(CardTranslationRevision.objects.filter(card=kazuha).values_list("action", "status"))
    assert actions == [("SAVE", "DRAFT"), ("STATUS", "NEEDS_REVIEW"), ("STATUS", "VALIDATED")]


def test_editing_a_validated_translation_sends_it_back_to_review(kazuha, designer, reviewer):
    translated(kazuha, designer)
    translation_set_status(stable_id=kazuha.stable_id, language="ru", status="VALIDATED", user=reviewer)
    edited = translated(kazuha, designer, text="Иначе.")
    assert edited.status == "NEEDS_REVIEW"


def test_a_stale_translation_is_not_validated(kazuha, designer, reviewer):
    translated(kazuha, designer)
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Autre."}, user=designer)
    with pytest.raises(Conflict) as caught:
        translation_set_status(stable_id=kazuha.stable_id, language="ru", status="VALIDATED", user=reviewer)
    assert caught.value.findings[0].code == "TRANSLATION_STALE"


def test_playtesters_and_prints_see_only_current_validated_translations(
    kazuha, designer, reviewer, playtester
):
    translated(kazuha, designer)
    card = Card.objects.get(pk=kazuha.pk)
    assert visible_translations(card, playtester) == [] and current_translation(card, "ru") is None
    assert [t.language for t in visible_translations(card, designer)] == ["ru"]
    translation_set_status(stable_id=kazuha.stable_id, language="ru", status="VALIDATED", user=reviewer)
    assert [t.language for t in visible_translations(card, playtester)] == ["ru"]
    assert current_translation(card, "ru").name == RU["name"]
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Autre."}, user=designer)
    card = Card.objects.get(pk=kazuha.pk)
    assert visible_translations(card, playtester) == [] and current_translation(card, "ru") is None


# --- the glossary ---------------------------------------------------------------------------------------
def test_a_translation_that_renders_a_glossary_term_otherwise_is_a_warning(make_card, designer):
    card = make_card("darkrow", user=designer, text="Payez 2 Indices : votre Leader gagne 1 Life.")
    translation_save(
        stable_id=card.stable_id,
        language="ru",
        data={"name": "Кадзуха", "text": "Заплатите 2 улики: ваш лидер получает 1 жизнь."},
        user=designer,
    )
    findings = [
        f for f in translation_findings(Card.objects.get(pk=card.pk)) if f.code == "TRANSLATION_GLOSSARY"
    ]
    assert [(f.params["term"], f.params["expected"], f.field) for f in findings] == [
        ("Indice", "индекс", "text")
    ]
    assert all(f.severity == "warning" for f in findings)


def test_a_translation_using_the_glossarys_terms_has_no_glossary_warning(make_card, designer):
    card = make_card("darkrow", user=designer, text="Payez 2 Indices : votre Leader gagne 1 Life.")
    translation_save(
        stable_id=card.stable_id,
        language="ru",
        data={"name": "Кадзуха", "text": "Заплатите 2 индекса: ваш Лидер получает 1 жизнь."},
        user=designer,
    )
    assert translation_findings(Card.objects.get(pk=card.pk)) == []


# --- interchange: the card-set file's translations (FORMATS.md v1.2) -----------------------------------
def card_set(**translation):
    return {
        "game": "darkrow",
        "cards": [
            {
                "stableCardId": "DR-T01",
                "name": "Vodka",
                "type": "UNIT",
                "cost": 6,
                "atk": 6,
                "pv": 6,
                "text": "Piochez une carte.",
                "archetypes": ["Organisation"],
                "translations": {
                    "ru": {
                        "name": "Водка",
                        "text": "Возьмите карту.",
                        "archetypes": ["Организация"],
                        **translation,
                    }
                },
            }
        ],
    }


def test_a_card_set_file_carries_translations_and_a_round_trip_keeps_them(db):
    from cards.selectors import card_export

    report = cards_import(payload=card_set(status="VALIDATED"))
    assert "1 translation written" in report.summary()
    translation = CardTranslation.objects.get(card__stable_id="DR-T01")
    assert (translation.name, translation.archetypes, translation.status) == (
        "Водка",
        ["Организация"],
        "VALIDATED",
    )
    assert (translation.source_version, translation.stale) == (1, False)
    exported = card_export(game="darkrow")
    [card] = exported["cards"]
    assert card["translations"] == {
        "ru": {
            "name": "Водка",
            "text": "Возьмите карту.",
            "archetypes": ["Организация"],
            "sourceVersion": 1,
            "status": "VALIDATED",
        }
    }
    again = cards_import(payload=exported)
    assert again.unchanged == ["DR-T01"] and again.translations == 0
    assert CardTranslationRevision.objects.count() == 1


def test_an_imported_translation_older_than_the_cards_text_is_stale(db):
    cards_import(payload=card_set())
    changed = card_set(sourceVersion=1)
    changed["cards"][0]["text"] = "Piochez deux cartes."
    cards_import(payload=changed)
    translation = CardTranslation.objects.get(card__stable_id="DR-T01")
    assert translation.stale and translation.source_version == 1
    assert Card.objects.get(stable_id="DR-T01").version == 2


def test_an_importer_who_may_not_validate_gets_needs_review(designer):
    cards_import(payload=card_set(status="VALIDATED"), user=designer)
    assert CardTranslation.objects.get().status == "NEEDS_REVIEW"


def test_a_translation_into_an_unknown_language_is_refused_with_its_card_and_nothing_imported(db):
    payload = card_set()
    payload["cards"][0]["translations"]["de"] = {"name": "Wodka"}
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    [finding] = caught.value.findings
    assert finding.field == "translations.de.language" and finding.card == "DR-T01"
    assert finding.message.startswith("card 0 (DR-T01)")
    assert not Card.objects.exists() and not CardTranslation.objects.exists()


def test_a_translation_of_structured_data_in_a_file_is_refused(db):
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=card_set(atk=9))
    assert [f.field for f in caught.value.findings] == ["translations.ru.atk"]


def test_the_source_language_a_card_says_is_kept(db):
    payload = card_set()
    payload["cards"][0]["sourceLanguage"] = "en"
    payload["cards"][0]["translations"] = {"fr": {"name": "Vodka (fr)"}}
    cards_import(payload=payload)
    card = Card.objects.get(stable_id="DR-T01")
    assert card.language == "en" and card.translations.get().language == "fr"
    from cards.interchange import card_to_dict

    assert card_to_dict(card)["sourceLanguage"] == "en"


def test_a_source_language_a_file_gives_again_is_stored_on_reimport(db):
    # The demo's Vanguard cards say their printed language (en) in a later file: the re-import stores it,
    # not only in the revision's snapshot (it was missing from the bulk update's columns).
    payload = card_set()
    cards_import(payload=payload)
    assert Card.objects.get(stable_id="DR-T01").language == "fr"
    payload["cards"][0]["sourceLanguage"] = "en"
    report = cards_import(payload=payload)
    card = Card.objects.get(stable_id="DR-T01")
    assert report.updated == ["DR-T01"]
    assert card.source_language == "en" and card.language == "en"
    assert card.revisions.order_by("-version").first().snapshot["sourceLanguage"] == "en"


def test_an_audit_lists_each_stale_translation_in_needs_review(kazuha, designer):
    from reviews import audits

    translated(kazuha, designer)
    translation_save(stable_id=kazuha.stable_id, language="en", data={"name": "Kazuha"}, user=designer)
    audit = audits.audit_run(audit_id=audits.audit_start(game="darkrow", enqueue=False).pk)
    assert not audit.entries.filter(code="TRANSLATION_STALE").exists()
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Autre."}, user=designer)
    audit = audits.audit_run(audit_id=audits.audit_start(game="darkrow", enqueue=False).pk)
    entries = audit.entries.filter(code="TRANSLATION_STALE").order_by("pk")
    assert [(e.list, e.params["language"], e.params["sourceVersion"]) for e in entries] == [
        ("NEEDS_REVIEW", "en", 1),
        ("NEEDS_REVIEW", "ru", 1),
    ]


# --- CSV and XLSX: name@ru columns ------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_spreadsheets_carry_translations_as_name_at_lang_columns_and_round_trip(db, fmt):
    from cards.imports import cards_import_file
    from cards.selectors import card_export
    from cards.spreadsheets import write_card_set

    cards_import(payload=card_set(status="VALIDATED", text="=1+1 Возьмите карту."))
    exported = card_export(game="darkrow")
    data = write_card_set(exported, fmt)
    if fmt == "csv":
        header = data.decode("utf-8-sig").splitlines()[0]
        assert "name@ru" in header and "text@ru" in header and "sourceVersion@ru" in header
    CardTranslation.objects.all().delete()
    report = cards_import_file(data=data, name=f"cards.{fmt}")
    assert report.translations == 1
    assert card_export(game="darkrow") == exported


def test_a_translation_column_of_an_unknown_language_is_refused_with_its_row(db):
    from cards.imports import cards_import_file

    data = b"game,stableCardId,name,type,cost,atk,pv,name@de\ndarkrow,DR-T02,Vodka,UNIT,6,6,6,Wodka\n"
    with pytest.raises(InvalidInput) as caught:
        cards_import_file(data=data, name="cards.csv")
    [finding] = caught.value.findings
    assert finding.message.startswith("row 2 (Vodka), column name@de")
    assert not Card.objects.exists()


# --- demo data ------------------------------------------------------------------------------------------
def test_the_demo_chess_cards_read_in_russian_and_english_and_loading_twice_changes_nothing(db):
    from cards import demo

    cards_import(payload=demo.card_set("chesscards"))
    assert (
        demo.load_translations() == 41 * 2
    )  # the 41 chess cards in Russian and English (the others' cards are absent)
    card = Card.objects.get(stable_id="CC-001")
    assert {t.language: (t.name, t.status, t.stale) for t in card.translations.all()} == {
        "en": ("Step back", "VALIDATED", False),
        "ru": ("Шаг назад", "VALIDATED", False),
    }
    assert demo.load_translations() == 0
    # The team's translations use the game's glossary (pions: пешки, pawns; roi: король, king; ...).
    for card in Card.objects.filter(game="chesscards"):
        assert translation_findings(card) == [], card.stable_id
