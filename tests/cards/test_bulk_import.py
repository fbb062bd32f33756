"""Card-set imports write in batches: a fixed number of queries per batch, the same rows as one by one."""

import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards import imports
from cards.imports import cards_import
from cards.models import DERIVED_FIELDS, Card, CardRevision, CardTranslation, CardTranslationRevision
from cards.search import card_search
from common.errors import InvalidInput

pytestmark = pytest.mark.django_db


def duel_file(count, start=0, **extra):
    return {
        "game": "duel",
        "cards": [
            {
                "stableCardId": f"DU-{n:05d}",
                "name": f"Carte {n}",
                "type": "SPELL",
                "text": f"Texte {n}",
                **extra,
            }
            for n in range(start, start + count)
        ],
    }


def test_creating_and_updating_cards_costs_queries_per_batch_not_per_card(django_assert_max_num_queries):
    # savepoint, effect ids, lookups, bulk inserts of cards and revisions, the announcement (one UPDATE
    # of the decks it may stale, found from the cards written): a few queries
    with django_assert_max_num_queries(8):
        assert len(cards_import(payload=duel_file(20)).created) == 20
    with django_assert_max_num_queries(8):
        assert len(cards_import(payload=duel_file(400, start=20)).created) == 400
    with django_assert_max_num_queries(14):
        assert len(cards_import(payload=duel_file(420, text="Nouveau")).updated) == 420


def with_translations(payload, status="VALIDATED"):
    for card in payload["cards"]:
        number = card["stableCardId"][3:]
        card["translations"] = {
            "ru": {"name": f"Карта {number}", "text": f"Текст {number}", "status": status},
            "en": {"name": f"Card {number}", "text": f"Text {number}", "status": status},
        }
    return payload


def test_translations_in_the_file_cost_queries_per_batch_not_per_translation(django_assert_max_num_queries):
    # The cards' queries above, then: the translations and the last versions read, the new ones and
    # their revisions inserted, the current names read, and one write a card whose searched names change.
    with django_assert_max_num_queries(10 + 5 + 20):
        assert cards_import(payload=with_translations(duel_file(20))).translations == 40
    with django_assert_max_num_queries(10 + 5 + 400):
        assert cards_import(payload=with_translations(duel_file(400, start=20))).translations == 800
    card = Card.objects.get(stable_id="DU-00419")
    assert card.translated_names == "Card 00419\nКарта 00419" and card.translated_languages == "|en|ru|"
    assert list(card_search(Card.objects.all(), "карта 00419").values_list("stable_id", flat=True)) == [
        "DU-00419"
    ]
    translation = CardTranslation.objects.get(card=card, language="ru")
    assert (translation.version, translation.search_name) == (1, " карта 00419 ")
    [revision] = CardTranslationRevision.objects.filter(card=card, language="ru")
    assert (revision.version, revision.action, revision.snapshot["name"]) == (1, "IMPORT", "Карта 00419")
    # Again, nothing changes; one status changed writes that translation and its revision only.
    assert cards_import(payload=with_translations(duel_file(420))).translations == 0
    assert cards_import(payload=with_translations(duel_file(1, start=7), status="DRAFT")).translations == 2
    assert CardTranslationRevision.objects.filter(card__stable_id="DU-00007").count() == 4
    assert Card.objects.get(stable_id="DU-00007").translated_names == ""  # no current translation


def test_bulk_rows_are_the_rows_of_a_one_by_one_write():
    payload = duel_file(3, status="VALIDATED")
    payload["cards"].append({"name": "Sans id", "type": "SPELL", "archetypes": ["Feu"]})
    report = cards_import(payload=payload)
    assert len(report.created) == 4
    card = Card.objects.get(stable_id="DU-00001")
    revision = CardRevision.objects.get(card=card)
    assert (card.version, revision.version, revision.action, revision.note) == (1, 1, "IMPORT", "imported")
    assert revision.snapshot["text"] == "Texte 1" and revision.changes["name"] == {
        "before": None,
        "after": "Carte 1",
    }
    assert card.last_validated_revision_id == revision.pk  # VALIDATED in the file: its reference revision
    assert card.search_name == " carte 1 " and card.updated_at and card.created_at
    unnamed = Card.objects.get(name="Sans id")
    assert unnamed.stable_id.startswith("DU-") and unnamed.archetype_index == "|FEU|"
    # the search index sees bulk-written cards
    assert list(card_search(Card.objects.all(), "n:sans arch:feu").values_list("name", flat=True)) == [
        "Sans id"
    ]
    cards_import(payload={**payload, "cards": [{**payload["cards"][1], "text": "Autre"}]})
    card.refresh_from_db()
    assert card.version == 2 and card.search_body == " autre "
    assert CardRevision.objects.filter(card=card).latest("version").changes == {
        "text": {"before": "Texte 1", "after": "Autre"}
    }


def test_a_reimport_writes_each_card_its_own_values_and_all_of_them_the_shared_ones():
    # One UPDATE a batch: a column the cards share is set once, the others card by card.
    cards_import(payload=duel_file(3))
    changed = duel_file(3, archetypes=["Feu"])  # shared: every card takes the same new archetypes
    for card, text in zip(changed["cards"], ["Un", "Deux", "Un"]):  # not shared: two of three alike
        card["text"] = text
    assert len(cards_import(payload=changed).updated) == 3
    rows = Card.objects.filter(game="duel").order_by("stable_id")
    assert [(c.text, c.search_body, c.archetypes, c.archetype_index, c.version) for c in rows] == [
        ("Un", " un ", ["Feu"], "|FEU|", 2),
        ("Deux", " deux ", ["Feu"], "|FEU|", 2),
        ("Un", " un ", ["Feu"], "|FEU|", 2),
    ]


def test_a_reimport_writes_only_the_columns_its_changes_touch():
    # bulk_update builds a CASE of one WHEN a card for each column it writes: a changed text
    # writes the text, its search columns and the bookkeeping, not every column of the card.
    cards_import(payload=duel_file(3))
    with CaptureQueriesContext(connection) as queries:
        assert len(cards_import(payload=duel_file(3, text="Nouveau")).updated) == 3
    [update] = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "cards_card"')]
    written = set(re.findall(r'"(\w+)" = \(?CASE', update))
    assert written == {"text", "version", "updated_at", *DERIVED_FIELDS}, written
    assert [c.search_body for c in Card.objects.order_by("stable_id")] == [" nouveau "] * 3
    # A change of status writes it (and the validated revision), not the text nor the search columns.
    with CaptureQueriesContext(connection) as queries:
        cards_import(payload=duel_file(3, text="Nouveau", status="VALIDATED"))
    [update] = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "cards_card"')]
    written = set(re.findall(r'"(\w+)" = \(?CASE', update))
    assert written == {"status", "last_validated_revision_id", "version", "updated_at"}, written
    assert set(Card.objects.values_list("status", flat=True)) == {"VALIDATED"}


def test_a_second_import_changes_nothing():
    payload = duel_file(50)
    payload["cards"].append({"name": "Sans id", "type": "SPELL"})
    cards_import(payload=payload)
    before = (Card.objects.count(), CardRevision.objects.count())
    report = cards_import(payload=payload)
    assert (report.created, report.updated, len(report.unchanged)) == ([], [], 51)
    assert (Card.objects.count(), CardRevision.objects.count()) == before


def test_one_bad_row_in_a_large_file_imports_nothing_and_names_the_row():
    payload = duel_file(3000)
    payload["cards"][2717]["type"] = "DRAGON"
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert [f.card for f in caught.value.findings] == ["DU-02717"]
    assert caught.value.findings[0].message.startswith("card 2717 (DU-02717): ")
    assert Card.objects.count() == 0 and CardRevision.objects.count() == 0


def test_a_failure_while_writing_leaves_nothing(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(imports, "announce", broken)
    with pytest.raises(RuntimeError):
        cards_import(payload=duel_file(30))
    assert Card.objects.count() == 0 and CardRevision.objects.count() == 0


def test_the_command_shows_progress_for_large_files(tmp_path, capsys):
    import json

    path = tmp_path / "big.json"
    path.write_text(json.dumps(duel_file(1200)))
    call_command("importcards", str(path), "--progress")
    captured = capsys.readouterr()
    assert "duel: 1200 created" in captured.out
    assert "1200/1200" in captured.err  # tqdm's bar, on standard error
