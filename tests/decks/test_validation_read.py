"""The grouped read of a revalidation (decks.validation.read_entries): each section's entries as
one text the database puts together, in position order, with every reference an entry holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from decks import revalidation, services, validation
from decks.models import Deck, DeckEntry

ROOT = Path(__file__).resolve().parents[2]

# References that name no card, with what could break a text put together by the database: the
# separators of the token, a JSON quote and escape, accents, and the separator between tokens.
AWKWARD = ['Zeta, "the last"', "a:b:c", "back\\slash", "Échange équivalent", "tab\there", "unit\x1fseparator"]


@pytest.fixture
def scrambled_deck(load_cards, make_user, demo_deck):
    """A duel deck whose main mixes held cards and unknown references, its rows stored in the
    reverse of their position order (the order of the table is not the order of the deck)."""
    load_cards("duel")
    data = demo_deck("duel-example")
    main = data["sections"]["main"]
    mixed = [
        main[0],
        {"card": AWKWARD[0], "count": 2},
        *main[1:4],
        *({"card": r, "count": 1} for r in AWKWARD[1:]),
    ]
    deck = services.deck_create(
        data={**data, "sections": {"main": mixed, "side": main[4:6]}}, user=make_user("playtester")
    )
    entries = list(DeckEntry.objects.filter(deck=deck).order_by("kind", "section", "position"))
    rows = [(e.kind, e.section, e.position, e.ref, e.ref_key, e.card_id, e.count) for e in entries]
    DeckEntry.objects.filter(deck=deck).delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, kind=k, section=s, position=p, ref=r, ref_key=rk, card_id=c, count=n)
        for k, s, p, r, rk, c, n in reversed(rows)
    )
    return deck


def entry_rows(deck) -> list[tuple]:
    return list(
        DeckEntry.objects.filter(deck=deck)
        .order_by("deck_id", "kind", "section", "position")
        .values_list("deck_id", "kind", "section", "card_id", "count", "ref")
    )


def test_the_database_groups_sections_as_python_does_in_position_order(scrambled_deck):
    row = validation.deck_rows(Deck.objects.filter(pk=scrambled_deck.pk))
    stored = entry_rows(scrambled_deck)
    in_table_order = list(DeckEntry.objects.filter(deck=scrambled_deck, section="main").order_by("pk"))
    assert [e.position for e in in_table_order] == sorted((e.position for e in in_table_order), reverse=True)
    read = validation.read_entries(row)
    assert read == validation.sections_of(stored)
    main = next(tokens for _, kind, section, tokens in read if section == "main")
    parsed = [validation.parse_token(t) for t in main]
    expected = [
        (card, count, None if card else ref)
        for _, _, section, card, count, ref in stored
        if section == "main"
    ]
    assert parsed == expected  # every entry, in position order, every reference as stored
    assert [ref for card, _, ref in parsed if card is None] == AWKWARD


def test_a_revalidated_deck_reports_its_entries_in_position_order(scrambled_deck):
    Deck.objects.filter(pk=scrambled_deck.pk).update(stale=True)
    services.decks_revalidate(decks=Deck.objects.filter(pk=scrambled_deck.pk))
    deck = Deck.objects.get(pk=scrambled_deck.pk)
    unknown = [v["params"]["ref"] for v in deck.violations if v["code"] == "UNKNOWN_CARD"]
    assert unknown == AWKWARD and deck.counts["main"] == sum(
        e.count for e in deck.entries.filter(section="main")
    )
    assert deck.entries.count() == len(entry_rows(scrambled_deck))  # validation never drops an entry


@pytest.mark.parametrize("odd", ["odd\x1esection", "odd\x1fsection", "a\x1e\x1fb"])
def test_a_section_whose_name_holds_a_separator_is_read_whole(scrambled_deck, odd):
    card = DeckEntry.objects.filter(deck=scrambled_deck, card__isnull=False).first()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=scrambled_deck, section=odd, position=p, ref=r, ref_key=r.lower(), card=c, count=1)
        for p, r, c in [(1, "Nope", None), (0, card.ref, card.card)]
    )
    read = validation.read_entries(validation.deck_rows(Deck.objects.filter(pk=scrambled_deck.pk)))
    assert read == validation.sections_of(entry_rows(scrambled_deck))
    assert [tokens for _, _, section, tokens in read if section == odd] == [[f"{card.card_id}:1", '1:"Nope"']]


@pytest.mark.parametrize(
    ("token", "parsed"),
    [
        ("12:3", (12, 3, None)),
        ('2:"Zeta, \\"the last\\""', (None, 2, 'Zeta, "the last"')),
        ('1:"a:b:c"', (None, 1, "a:b:c")),
        ('1:"unit\\u001fseparator"', (None, 1, "unit\x1fseparator")),
    ],
)
def test_a_token_is_a_held_card_and_its_count_or_a_count_and_its_reference(token, parsed):
    assert validation.parse_token(token) == parsed


def test_sections_of_puts_a_deck_together_as_the_database_does():
    rows = [
        (1, "CARD", "main", 7, 2, "X-1"),
        (1, "CARD", "main", None, 1, 'a, "b"'),
        (1, "PICK", "lead", 3, 1, "L"),
    ]
    assert validation.sections_of(rows) == [
        (1, "CARD", "main", ["7:2", '1:"a, \\"b\\""']),
        (1, "PICK", "lead", ["3:1"]),
    ]


# --- the helper connections on a SQLite file ---------------------------------------------------------------
CHECK = r"""
import json, os, sys
import django
django.setup()
from django.conf import settings
# As in the suite's processes (tests/conftest.py): a password hashed for real costs seconds of CPU.
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
from cards.demo import card_set
from cards.imports import cards_import
from cards import services as card_services
from decks import revalidation, services
from decks.models import Deck
from tests.factories import UserFactory
from django.contrib.auth.models import Group

cards_import(payload=card_set("duel"))
owner = UserFactory()
owner.groups.add(Group.objects.get(name="playtester"))
reviewer = UserFactory()
reviewer.groups.add(Group.objects.get(name="reviewer"))
data = json.load(open(sys.argv[1], encoding="utf-8"))
main = data["sections"]["main"]
for i in range(7):
    sections = {"main": main[: len(main) - i % 3] + [{"card": f"Nope {i}, really", "count": 1}] * (i % 2)}
    services.deck_create(data={**data, "name": f"deck {i}", "sections": sections}, user=owner if i % 4 else None)
card_services.card_set_status(stable_id="DU-EX-004", status="DISABLED", user=reviewer)
fields = ("name", "legal", "ready_to_play", "violations", "counts", "stale")
def stored():
    return [[getattr(d, f) for f in fields] + [d.card_versions] for d in Deck.objects.order_by("pk")]
assert revalidation.can_overlap("default", batches=2), "a SQLite file in WAL mode overlaps"
settings.DECKS_REVALIDATE_OVERLAP = False
Deck.objects.update(stale=True)
services.decks_revalidate(decks=Deck.objects.all(), batch_size=2)
serial = stored()
settings.DECKS_REVALIDATE_OVERLAP = True
used = []
real = revalidation._revalidate_overlapped
revalidation._revalidate_overlapped = lambda *a: used.append(1) or real(*a)
Deck.objects.update(stale=True)
progress = []
assert services.decks_revalidate(decks=Deck.objects.all(), batch_size=2, progress=progress.append) == 7
# The pipeline's first batch is a quarter of the others (revalidation.pipeline_batches).
assert used == [1] and progress == [1, 2, 2, 2], (used, progress)
assert stored() == serial, "the overlapped run stores what one connection stores"
print(json.dumps(sorted({v["code"] for row in serial for v in row[3]})))
"""


def test_on_a_sqlite_file_the_helper_connections_store_what_one_connection_stores(tmp_path, migrated_sqlite):
    migrated_sqlite(tmp_path / "studio.sqlite3")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'studio.sqlite3'}",
        "MEDIA_ROOT": str(tmp_path / "media"),
        "DJANGO_SETTINGS_MODULE": "studio.settings",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("CELERY_BROKER_URL", None)
    deck = ROOT / "cards" / "demo" / "decks" / "duel-example.deck.json"
    done = subprocess.run(
        [sys.executable, "-c", CHECK, str(deck)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert {"CARD_NOT_VALIDATED", "UNKNOWN_CARD", "DECK_SIZE"} <= set(
        json.loads(done.stdout.splitlines()[-1])
    )


def test_an_in_memory_sqlite_database_keeps_one_connection(db):
    if connection.vendor == "sqlite":
        assert connection.is_in_memory_db() and not revalidation.can_overlap("default", batches=5)


def test_the_pipeline_starts_with_a_short_batch_and_keeps_every_row_once():
    rows = list(range(10))
    batches = revalidation.pipeline_batches(rows, 4)
    assert [len(b) for b in batches] == [1, 4, 4, 1]
    assert [row for batch in batches for row in batch] == rows
    assert [len(b) for b in revalidation.pipeline_batches(rows, 1)] == [1] * 10
