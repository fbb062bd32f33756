"""checkdeck, importdeck, exportdeck, importcollection, revalidate, and the demo decks of loaddemo."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.models import Deck, OwnedCard

from .conftest import DECKS


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exc:
        status = exc.code
    except CommandError as exc:
        status, err = exc.returncode, io.StringIO(str(exc))
    return status, out.getvalue(), err.getvalue()


def test_checkdeck_legal_json(load_cards):
    load_cards("duel")
    status, out, _ = run("checkdeck", str(DECKS / "duel-example.deck.json"), "--json")
    assert status == 0
    assert json.loads(out) == {
        "legal": True,
        "game": "duel",
        "format": "standard",
        "counts": {"main": 40},
        "violations": [],
        "readyToPlay": True,
        "resolved": {},
        "suggestions": {},
    }
    assert not Deck.objects.exists()


def test_checkdeck_not_legal_text_decklist(load_cards, tmp_path):
    load_cards("vanguard")
    path = tmp_path / "deck.txt"
    path.write_text(
        "# my deck\ngame: vanguard\nformat: classic\nmain:\n4x Crimson Butterfly, Brigitte\n5 Nobody\n",
        encoding="utf-8",
    )
    status, out, _ = run("checkdeck", str(path))
    assert status == 1
    assert "vanguard/classic: NOT LEGAL (main 9)" in out
    assert "UNKNOWN_CARD" in out and "DECK_SIZE" in out and "TRIGGER_COUNT" in out


@pytest.mark.parametrize(
    "content, reason",
    [
        (None, "no such file"),
        ("{not json", "not valid JSON"),
        ('{"game": "poker", "sections": {}}', "poker is not a game; use one of chesscards"),
        (
            '{"game": "duel", "format": "nope", "sections": {}}',
            "duel has no format nope; use one of standard",
        ),
        ("main:\n4 Blaster Blade\n", "write a header line such as 'game: vanguard'"),
        (
            "game: vanguard\nmain:\n4\n",
            "line 3 of the decklist (4) cannot be read: a count needs a card after it",
        ),
        ('{"game": "duel", "sections": {"main": [{"card": 3}]}}', "card must be a stableCardId"),
    ],
)
def test_checkdeck_unusable_input_exits_2_with_one_line(db, tmp_path, content, reason):
    path = tmp_path / "deck"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    status, _, err = run("checkdeck", str(path))
    assert status == 2
    assert reason in err and "\n" not in err.strip()


def test_importdeck_prints_the_id_and_exportdeck_round_trips(load_cards, make_user, tmp_path):
    load_cards("vanguard")
    make_user("playtester", username="alice")
    status, out, err = run("importdeck", str(DECKS / "vanguard-td02.deck.json"), "--owner", "alice")
    assert status == 0
    deck = Deck.objects.get(pk=int(out.strip()))
    assert deck.owner.username == "alice" and "stored as" in err

    status, out, _ = run("exportdeck", str(deck.pk))
    exported = json.loads(out)
    original = json.loads((DECKS / "vanguard-td02.deck.json").read_text(encoding="utf-8"))
    assert exported["sections"] == original["sections"] and exported["owner"] == "alice"

    status, text, _ = run("exportdeck", str(deck.pk), "--text")
    assert text.startswith("game: vanguard\nformat: classic\n") and "\nmain:\n" in text
    # "Dragonic Overlord" has two printings (TD02, BT01) and the file chose TD02-001: its set and number.
    overlord = deck.entries.get(card__name="Dragonic Overlord")
    assert overlord.card.stable_id == "TD02-001"
    assert f"{overlord.count} Dragonic Overlord (TD02) 001\n" in text
    assert any(f"{e.count} {e.card.name}\n" in text for e in deck.entries.select_related("card"))
    path = tmp_path / "again.txt"
    path.write_text(text, encoding="utf-8")
    status, out, _ = run("importdeck", str(path))
    again = Deck.objects.get(pk=int(out.strip()))
    assert sorted(again.entries.values_list("card__stable_id", "count")) == sorted(
        deck.entries.values_list("card__stable_id", "count")
    )


def test_importdeck_and_exportdeck_refuse_bad_input(load_cards):
    load_cards("duel")
    assert run("importdeck", str(DECKS / "duel-example.deck.json"), "--owner", "ghost")[0] == 2
    assert run("exportdeck", "999")[0] == 2
    assert run("exportdeck", "abc")[0] == 2
    assert not Deck.objects.exists()


def test_importcollection(load_cards, playtester):
    load_cards("vanguard")
    status, out, _ = run(
        "importcollection", str(DECKS / "vanguard-td01.deck.json"), "--owner", playtester.username
    )
    assert status == 0 and "owns 50 card(s) of 16 kind(s)" in out
    assert OwnedCard.objects.filter(owner=playtester).count() == 16


def test_revalidate_command(load_cards, playtester):
    load_cards("duel")
    run("importdeck", str(DECKS / "duel-example.deck.json"))
    Deck.objects.update(stale=True)
    assert run("revalidate", "--game", "vanguard")[1].startswith("0 deck(s) validated again; 1 still stale")
    assert run("revalidate")[1].startswith("1 deck(s) validated again; 0 still stale")
    assert run("revalidate", "--all")[1].startswith("1 deck(s)")
    assert run("revalidate", "--game", "poker")[0] == 2


def test_loaddemo_loads_the_demo_decks_with_owners_and_is_idempotent(db):
    call_command("loaddemo", stdout=io.StringIO())
    call_command("loaddemo", stdout=io.StringIO())
    decks = {d.name: d for d in Deck.objects.select_related("owner")}
    assert len(decks) == 5
    assert all(d.legal and not d.stale for d in decks.values()), {
        d.name: d.violations for d in decks.values()
    }
    td01 = decks["Trial Deck Vol.01: Blaster Blade"]
    assert td01.owner.username == "playtester" and td01.violations == [] and td01.ready_to_play
    assert OwnedCard.objects.filter(owner=td01.owner).count() == 32


def test_importdeck_and_importcollection_speak_the_language_asked_for(load_cards, playtester, monkeypatch):
    load_cards("vanguard")
    deck_file = str(DECKS / "vanguard-td01.deck.json")
    out, err = io.StringIO(), io.StringIO()
    call_command("importdeck", deck_file, "--owner", playtester.username, stdout=out, stderr=err, lang="fr")
    deck = Deck.objects.get(pk=int(out.getvalue()))
    errors = sum(1 for v in deck.violations if v["severity"] == "error")
    assert errors > 1  # the demo cards are not all VALIDATED here: a plural to say
    assert err.getvalue().strip() == (
        f"deck {deck.name!r} du jeu «\u00a0Cardfight!! Vanguard (Classic)\u00a0» enregistré sous le n° {deck.pk}"
        f"\u00a0: illégal ({errors} erreurs)"
    )
    out = io.StringIO()
    call_command("importcollection", deck_file, "--owner", playtester.username, stdout=out, lang="fr")
    assert out.getvalue().strip() == f"{playtester.username} possède 50 cartes (sortes différentes\u00a0: 16)"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with pytest.raises(CommandError) as refused:
        call_command("importcollection", deck_file, "--owner", "ghost")
    assert str(refused.value) == "нет пользователя с именем 'ghost'"
    with pytest.raises(CommandError) as refused:
        call_command("importdeck", "/nowhere.deck")
    assert str(refused.value) == "/nowhere.deck: нет такого файла"
