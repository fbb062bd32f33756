"""The demo data shipped in ``cards/demo``: card-set files and deck files.

Pure checks, no database and no Django: every card must pass its game's rule
set (shape, and content for VALIDATED cards), identities are unique, and each
demo deck names only demo cards in the numbers its game requires.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # plain `pytest` does not put the project root on the path
    sys.path.insert(0, str(ROOT))

from rules import CardData, get_ruleset  # noqa: E402
from tests.rules.deckkit import COMMON as COMMON_KEYS  # noqa: E402

DEMO = ROOT / "cards" / "demo"
DECKS = DEMO / "decks"

STATUSES = {"VALIDATED", "DRAFT", "NEEDS_REVIEW", "DISABLED"}
ORIGINS = {"USER", "AI"}
METHODS = {"IMPORTED", "MANUAL", "AI_GENERATED"}

CHESSCARDS_NAMES = [
    "Marche arrière",
    "Double coup",
    "Mutation",
    "Bouclier",
    "Mur",
    "Rappel",
    "Sacrifice",
    "Rayon laser",
    "Harakiri",
    "Renfort",
    "Trahison",
    "Fantôme",
    "Mimétisme",
    "Bélier",
    "Aimant",
    "Portail",
    "Clone",
    "Dépromotion",
    "Échange équivalent",
    "Tsunami",
    "Séisme",
    "Éclipse",
    "Charge",
    "Évasion",
    "Domino",
    "Pacifisme",
    "Zone interdite",
    "Ricochet",
    "Permutation",
    "Téléportation",
    "Ruée",
    "Repli",
    "Promotion express",
    "Interposition",
    "Gel",
    "Piège",
    "Brèche",
    "Inversion",
    "Résurrection",
    "Révélation",
    "Sabotage",
]


def load(path: Path) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


CARD_FILES = sorted(DEMO.glob("*.json"))
DECK_FILES = sorted(DECKS.glob("*.deck.json"))


def card_set(game: str) -> dict:
    return load(DEMO / f"{game}.json")


def cards_of(game: str) -> list[dict]:
    return card_set(game)["cards"]


def game_fields(card: dict) -> dict:
    return {key: value for key, value in card.items() if key not in COMMON_KEYS}


def card_data(game: str, card: dict, fields: dict) -> CardData:
    return CardData(
        game=game,
        name=card["name"],
        type=card["type"],
        stable_id=card.get("stableCardId"),
        set=card.get("set") or "",
        text=card.get("text") or "",
        archetypes=tuple(card.get("archetypes") or ()),
        fields=fields,
        effects=tuple(card.get("effects") or ()),
        status=card.get("status", "DRAFT"),
    )


def test_the_demo_files_are_there():
    names = {path.name for path in CARD_FILES}
    assert {"chesscards.json", "vanguard.json", "darkrow.json", "riftbound.json", "duel.json"} <= names
    decks = {path.name for path in DECK_FILES}
    assert {
        "chesscards-default.deck.json",
        "vanguard-td01.deck.json",
        "vanguard-td02.deck.json",
        "riftbound-example.deck.json",
        "duel-example.deck.json",
    } <= decks


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.name)
def test_card_set_file_shape_and_content(path: Path):
    data = load(path)
    assert set(data) == {"game", "cards"}, "a card-set file has only the keys game and cards"
    ruleset = get_ruleset(data["game"])
    assert path.stem == data["game"]
    assert data["cards"]
    problems = []
    for index, card in enumerate(data["cards"]):
        ref = f"#{index} {card.get('stableCardId') or card.get('name')}"
        assert isinstance(card.get("stableCardId"), str) and card["stableCardId"], ref
        assert isinstance(card.get("name"), str) and card["name"].strip(), ref
        assert isinstance(card.get("text", ""), str), ref
        assert isinstance(card.get("archetypes", []), list), ref
        assert isinstance(card.get("effects", []), list), ref
        assert card.get("status", "DRAFT") in STATUSES, ref
        assert card.get("origin", "USER") in ORIGINS, ref
        assert card.get("creationMethod", "IMPORTED") in METHODS, ref
        assert isinstance(card.get("userModified", False), bool), ref
        fields, errors = ruleset.clean_fields(
            card["type"], card["name"], game_fields(card), card_ref=card["stableCardId"]
        )
        if errors:
            problems.append((ref, [f.to_dict() for f in errors]))
            continue
        if card.get("status") == "VALIDATED":
            findings = [f for f in ruleset.check_card(card_data(data["game"], card, fields)) if f.is_error]
            if findings:
                problems.append((ref, [f.to_dict() for f in findings]))
    assert not problems, problems


def test_stable_card_ids_are_unique_across_all_demo_files():
    seen = Counter(card["stableCardId"] for path in CARD_FILES for card in load(path)["cards"])
    assert [key for key, count in seen.items() if count > 1] == []


# --- chesscards --------------------------------------------------------------------------


def test_chesscards_is_the_public_default_recipe():
    cards = cards_of("chesscards")
    assert len(cards) == 41
    assert [card["name"] for card in cards] == CHESSCARDS_NAMES
    assert [card["stableCardId"] for card in cards] == [f"CC-{n:03d}" for n in range(1, 42)]
    for card in cards:
        assert card["type"] == "CARD"
        assert card["set"] == "DEFAULT"
        assert card["status"] == "VALIDATED"
        assert (
            card["origin"] == "USER"
            and card["creationMethod"] == "IMPORTED"
            and card["userModified"] is False
        )
        assert card["archetypes"] == []
        assert len(card["effects"]) == 1, (
            "one structured effect per chess card (tests/rules/test_chesscards_effects.py)"
        )
        assert card["text"] and card["text"] == card["text"].strip() and "\n" not in card["text"]
    by_name = {card["name"]: card for card in cards}
    assert by_name["Échange équivalent"]["text"].startswith("Échange une de tes Pièces")
    assert by_name["Sabotage"]["text"].endswith("ne peut être joué jusqu’au bout.")


# --- vanguard -----------------------------------------------------------------------------


def test_vanguard_is_the_classic_pool():
    cards = cards_of("vanguard")
    assert len(cards) == 112
    assert Counter(card["type"] for card in cards)["TRIGGER_UNIT"] == 24
    assert Counter(card["set"] for card in cards) == {"BT01": 80, "TD01": 16, "TD02": 16}


# --- darkrow ------------------------------------------------------------------------------


def test_darkrow_holds_only_seed_facts():
    cards = cards_of("darkrow")
    by_key = {(card["name"], card["type"]): card for card in cards}

    kazuha = by_key[("Toyama Kazuha", "UNIT")]
    assert (kazuha["cost"], kazuha["atk"], kazuha["pv"]) == (3, 4, 3)
    assert kazuha["archetypes"] == ["Lycéenne", "Amie d’enfance", "Artiste martial"]

    gins = [by_key[("Gin", "LEADER")], by_key[("Gin", "LEGENDARY")]]
    vodkas = [by_key[("Vodka", "LEADER")], by_key[("Vodka", "UNIT")]]
    assert gins[0]["stableCardId"] != gins[1]["stableCardId"]
    assert vodkas[0]["stableCardId"] != vodkas[1]["stableCardId"]
    assert (vodkas[1]["cost"], vodkas[1]["atk"], vodkas[1]["pv"]) == (6, 6, 6)

    for name in ("Casque de moto", "Uniforme", "Épée d’entraînement", "Pansement de Makoto"):
        assert by_key[(name, "OBJECT")]["behavior"] == "EQUIPMENT", name
    assert by_key[("Rouge à lèvre", "OBJECT")]["behavior"] == "CONSUMABLE"
    assert by_key[("Chianti & Korn", "LEADER")]

    assert not [card for card in cards if card["type"] == "ACTION"]
    for card in cards:
        if card["type"] == "LEADER":
            assert (card.get("cost"), card.get("atk"), card.get("pv")) == (None, None, None), card["name"]
        if card["type"] == "OBJECT" and card["name"] not in (
            "Casque de moto",
            "Uniforme",
            "Épée d’entraînement",
            "Pansement de Makoto",
        ):
            assert card["behavior"] == "CONSUMABLE", card["name"]
        prefix = {"LEADER": "DR-L", "UNIT": "DR-U", "LEGENDARY": "DR-G", "OBJECT": "DR-O"}[card["type"]]
        assert card["stableCardId"].startswith(prefix), card["stableCardId"]


def test_darkrow_status_follows_the_rule_set():
    ruleset = get_ruleset("darkrow")
    for card in cards_of("darkrow"):
        fields, errors = ruleset.clean_fields(card["type"], card["name"], game_fields(card))
        assert not errors
        has_errors = any(f.is_error for f in ruleset.check_card(card_data("darkrow", card, fields)))
        assert card["status"] == ("NEEDS_REVIEW" if has_errors else "VALIDATED"), card["stableCardId"]


# --- example sets -------------------------------------------------------------------------


@pytest.mark.parametrize("game, prefix", [("riftbound", "RB-EX-"), ("duel", "DU-EX-")])
def test_example_sets_are_marked_as_examples(game: str, prefix: str):
    for card in cards_of(game):
        assert card["set"] == "EXAMPLE"
        assert card["name"].startswith("Example ")
        assert card["stableCardId"].startswith(prefix)
        assert card["status"] == "VALIDATED"
        assert card["creationMethod"] == "MANUAL"


def test_duel_example_covers_every_card_type_and_level():
    cards = cards_of("duel")
    assert {card["type"] for card in cards} == {
        "MONSTER",
        "SPELL",
        "TRAP",
        "EQUIPMENT",
        "CHARACTER",
        "TERRAIN",
    }
    monsters = [card for card in cards if card["type"] == "MONSTER"]
    assert {card["level"] for card in monsters} == set(range(1, 9))
    assert {card["faction"] for card in monsters} == {"LIGHT", "DARKNESS", None}
    assert "Machine" in {card["monsterType"] for card in monsters}


# --- decks --------------------------------------------------------------------------------

SECTION_SIZES = {
    "riftbound": {"main": 40, "runes": 12, "battlefields": 3},
    "duel": {"main": 40},
    "vanguard": {"main": 50},
    "chesscards": {"main": 41},
}


def section_counts(deck: dict) -> dict[str, int]:
    return {
        name: sum(entry.get("count", 1) for entry in entries) for name, entries in deck["sections"].items()
    }


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_files_name_demo_cards_in_the_required_numbers(path: Path):
    deck = load(path)
    game = deck["game"]
    ids = {card["stableCardId"] for card in cards_of(game)}
    for name, entries in deck["sections"].items():
        for entry in entries:
            assert entry["card"] in ids, (
                f"{path.name}: {name} names {entry['card']!r}, not a demo {game} card"
            )
            assert isinstance(entry.get("count", 1), int) and entry.get("count", 1) >= 1
    for pick in ("legend", "champion", "activeLeader"):
        if pick in deck:
            assert deck[pick] in ids, f"{path.name}: {pick} {deck[pick]!r}"
    assert section_counts(deck) == SECTION_SIZES[game]


def test_chesscards_default_deck_is_one_of_each():
    deck = load(DECKS / "chesscards-default.deck.json")
    assert deck["format"] == "default"
    assert deck["name"] == "Deck par défaut (recette publique)"
    assert sorted(entry["card"] for entry in deck["sections"]["main"]) == [
        f"CC-{n:03d}" for n in range(1, 42)
    ]
    assert all(entry.get("count", 1) == 1 for entry in deck["sections"]["main"])


@pytest.mark.parametrize("name", ["vanguard-td01.deck.json", "vanguard-td02.deck.json"])
def test_vanguard_trial_decks(name: str):
    deck = load(DECKS / name)
    assert load(ROOT / "tests" / "data" / "vanguard" / name.removeprefix("vanguard-")) == deck
    by_id = {card["stableCardId"]: card for card in cards_of("vanguard")}
    triggers = Counter()
    for entry in deck["sections"]["main"]:
        card = by_id[entry["card"]]
        if card["type"] == "TRIGGER_UNIT":
            triggers[card["trigger"]] += entry.get("count", 1)
    assert sum(triggers.values()) == 16
    assert triggers["HEAL"] <= 4


def test_riftbound_example_deck_follows_construction_rules():
    deck = load(DECKS / "riftbound-example.deck.json")
    by_id = {card["stableCardId"]: card for card in cards_of("riftbound")}
    legend, champion = by_id[deck["legend"]], by_id[deck["champion"]]
    assert legend["type"] == "LEGEND" and len(set(legend["domains"])) == 2
    assert champion["type"] == "CHAMPION_UNIT" and set(champion["tags"]) & set(legend["tags"])
    main = deck["sections"]["main"]
    assert champion["stableCardId"] in {entry["card"] for entry in main}

    per_name, signatures = Counter(), 0
    for entry in main:
        card, count = by_id[entry["card"]], entry.get("count", 1)
        assert card["type"] in {"CHAMPION_UNIT", "UNIT", "SPELL", "GEAR"}, card["name"]
        per_name[card["name"]] += count
        if card["unique"]:
            assert count == 1, card["name"]
        if card["signature"]:
            signatures += count
            assert set(card["tags"]) & set(legend["tags"]), card["name"]
    assert max(per_name.values()) <= 3
    assert signatures <= 3

    for entry in deck["sections"]["runes"]:
        assert by_id[entry["card"]]["type"] == "RUNE"
    battlefields = [by_id[entry["card"]] for entry in deck["sections"]["battlefields"]]
    assert all(card["type"] == "BATTLEFIELD" for card in battlefields)
    assert len({card["name"] for card in battlefields}) == 3

    identity = set(legend["domains"])
    for entry in main + deck["sections"]["runes"]:
        card = by_id[entry["card"]]
        assert set(card["domains"]) <= identity, card["name"]
