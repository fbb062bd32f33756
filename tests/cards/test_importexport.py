"""Card-set files in and out (FORMATS.md): all or nothing, every error located, idempotent, lossless."""

import copy

import pytest

from cards.demo import card_set, demo_games
from cards.imports import cards_import
from cards.models import Card, CardRevision
from cards.selectors import card_export
from common.errors import InvalidInput
from rules import registry

KNOWN_GAMES = ", ".join(registry.keys())

pytestmark = pytest.mark.django_db


def darkrow_file():
    return {
        "game": "darkrow",
        "cards": [
            {
                "stableCardId": "DR-U01",
                "name": "Toyama Kazuha",
                "type": "UNIT",
                "text": "Rapide, une fois par tour.",
                "archetypes": ["Lycéenne", "Amie d’enfance", "Artiste martial"],
                "cost": 3,
                "atk": 4,
                "pv": 3,
                "status": "VALIDATED",
            },
            {"stableCardId": "DR-L01", "name": "Gin", "type": "LEADER", "status": "NEEDS_REVIEW"},
            {
                "stableCardId": "DR-G01",
                "name": "Gin",
                "type": "LEGENDARY",
                "cost": 7,
                "atk": 7,
                "pv": 7,
                "status": "DISABLED",
            },
            {"name": "Uniforme", "type": "OBJECT", "cost": 1, "behavior": "EQUIPMENT"},
        ],
    }


def state():
    """Everything stored, to prove that nothing changed."""
    cards = sorted(
        Card.objects.values_list("stable_id", "name", "type", "status", "version", "game_fields", "text")
    )
    return cards, CardRevision.objects.count()


def messages(caught) -> list[str]:
    return [finding.message for finding in caught.value.findings]


def test_an_import_creates_the_cards_and_keeps_their_statuses():
    report = cards_import(payload=darkrow_file())
    assert (len(report.created), report.updated, report.unchanged) == (4, [], [])
    statuses = dict(Card.objects.values_list("stable_id", "status"))
    assert {k: statuses[k] for k in ("DR-U01", "DR-L01", "DR-G01")} == {
        "DR-U01": "VALIDATED",
        "DR-L01": "NEEDS_REVIEW",
        "DR-G01": "DISABLED",
    }
    uniforme = Card.objects.get(name="Uniforme")
    assert uniforme.stable_id.startswith("DR-") and uniforme.status == "DRAFT"  # the FORMATS.md default
    assert (uniforme.origin, uniforme.creation_method, uniforme.user_modified) == ("USER", "IMPORTED", False)
    assert report.summary() == "darkrow: 4 created, 0 updated, 0 unchanged"


def test_importing_the_same_file_twice_changes_nothing():
    cards_import(payload=darkrow_file())
    before = state()
    report = cards_import(payload=darkrow_file())
    assert (report.created, report.updated, len(report.unchanged)) == ([], [], 4)
    assert state() == before


def test_a_reimport_keeps_the_file_statuses_and_records_the_change():
    cards_import(payload=darkrow_file())
    changed = darkrow_file()
    changed["cards"][0]["status"] = "NEEDS_REVIEW"
    changed["cards"][0]["atk"] = 5
    report = cards_import(payload=changed)
    assert report.updated == ["DR-U01"] and len(report.unchanged) == 3
    card = Card.objects.get(stable_id="DR-U01")
    assert (card.status, card.game_fields["atk"], card.version) == ("NEEDS_REVIEW", 5, 2)
    assert card.revisions.order_by("version").last().changes == {
        "status": {"before": "VALIDATED", "after": "NEEDS_REVIEW"},
        "atk": {"before": 4, "after": 5},
    }


def test_a_file_with_an_error_imports_nothing():
    cards_import(payload=darkrow_file())
    before = state()
    bad = darkrow_file()
    bad["cards"][0]["atk"] = 9  # a good change...
    bad["cards"].append(
        {"stableCardId": "DR-U02", "name": "Ran", "type": "UNIT", "cost": "deux"}
    )  # ...and a bad card
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=bad)
    assert caught.value.message == "nothing was imported: 1 error(s)"
    assert state() == before


def test_every_error_is_reported_with_the_card_and_the_field():
    bad = {
        "game": "darkrow",
        "cards": [
            {"stableCardId": "DR-U01", "name": "Kazuha", "type": "UNIT", "cost": "3", "hp": 1},
            {"name": "Gin", "type": "BOSS"},
            {"type": "UNIT", "archetypes": "Lycéenne"},
            "Vodka",
            {"stableCardId": "bad id!", "name": "Vodka", "type": "LEADER", "status": "LIVE"},
        ],
    }
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=bad)
    assert messages(caught) == [
        'card 0 (DR-U01): cost must be a whole number, not "3"',
        "card 0 (DR-U01): hp is not a field of darkrow cards; its fields are: cost, atk, pv, behavior",
        "card 1 (Gin): type: BOSS is not a card type of darkrow; use one of LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE",
        "card 2: name is required: a text that is not empty",
        "card 2: archetypes must be a list of texts that are not empty (the printed labels)",
        "card 3: a card must be a JSON object",
        "card 4 (bad id!): stableCardId 'bad id!' is not a valid id (1 to 64 letters, digits, '.', '_' or '-', "
        "starting with a letter or digit)",
        "card 4 (bad id!): status 'LIVE' is not allowed; use one of DRAFT, NEEDS_REVIEW, VALIDATED, DISABLED",
    ]
    assert [(f.card, f.field) for f in caught.value.findings] == [
        ("DR-U01", "cost"),
        ("DR-U01", "hp"),
        ("Gin", "type"),
        ("card 2", "name"),
        ("card 2", "archetypes"),
        ("card 3", None),
        ("bad id!", "stableCardId"),
        ("bad id!", "status"),
    ]
    assert not Card.objects.exists()


@pytest.mark.parametrize(
    "payload, message",
    [
        (
            [],
            "the file cannot be read as a card set: a card-set file is a JSON object with 'game' and 'cards'",
        ),
        ({"cards": []}, f"no game is given; use one of {KNOWN_GAMES}"),
        (
            {"game": "pokemon", "cards": []},
            f"pokemon is not a game; use one of {KNOWN_GAMES}",
        ),
        ({"game": "darkrow"}, "the file cannot be read as a card set: 'cards' must be a list of cards"),
        (
            {"game": "darkrow", "cards": {"name": "Gin"}},
            "the file cannot be read as a card set: 'cards' must be a list of cards",
        ),
    ],
)
def test_files_that_are_not_card_sets(payload, message):
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert messages(caught) == [message]


def test_values_no_database_can_store_are_errors():
    import json

    # json.load reads NaN and Infinity, which no JSON column accepts.
    payload = json.loads(
        '{"game": "chesscards", "cards": [{"name": "Mur", "type": "CARD", "effects": [{"x": NaN}]}]}'
    )
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert messages(caught) == [
        "card 0 (Mur): effects holds a number that is infinite or not a number; use a finite number"
    ]


def test_unknown_top_level_keys_are_errors():
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload={"game": "chesscards", "cards": [], "version": 2})
    assert messages(caught) == [
        "'version' is an unknown top-level key; a card-set file has 'game' and 'cards'"
    ]


def test_a_card_of_another_game_in_the_file_is_an_error():
    payload = {"game": "chesscards", "cards": [{"name": "Mur", "type": "CARD", "game": "darkrow"}]}
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert messages(caught) == [
        "card 0 (Mur): game is 'darkrow', not the game of the card (chesscards); a card belongs to one game"
    ]


def test_ids_used_by_another_game_are_refused():
    cards_import(payload=darkrow_file())
    before = state()
    payload = {
        "game": "chesscards",
        "cards": [
            {"stableCardId": "DR-U01", "name": "Mur", "type": "CARD"},
            {"name": "Clone", "type": "CARD"},
        ],
    }
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert messages(caught) == ["card 0 (DR-U01): DR-U01 belongs to a darkrow card (Toyama Kazuha)"]
    assert caught.value.findings[0].field == "stableCardId"
    assert state() == before


def test_an_id_twice_in_one_file_is_an_error():
    payload = darkrow_file()
    payload["cards"][1]["stableCardId"] = "DR-U01"
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert messages(caught) == ["card 1 (DR-U01): stableCardId DR-U01 is already used by card 0 of this file"]


def test_cards_without_ids_are_found_again_by_name_and_type():
    payload = {"game": "chesscards", "cards": [{"name": "Mur", "type": "CARD", "text": "Un mur."}]}
    cards_import(payload=payload)
    stable_id = Card.objects.get().stable_id
    payload["cards"][0]["text"] = "Un mur plus haut."
    report = cards_import(payload=payload)
    assert report.updated == [stable_id]
    assert Card.objects.get().text == "Un mur plus haut."


def test_two_cards_without_ids_with_the_same_name_and_type_are_ambiguous():
    payload = {
        "game": "chesscards",
        "cards": [{"name": "Mur", "type": "CARD"}, {"name": "Mur", "type": "CARD"}],
    }
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload=payload)
    assert messages(caught) == [
        "card 1 (Mur): card 0 is also a CARD named Mur without a stableCardId; give each of them its stableCardId"
    ]
    cards_import(
        payload={
            "game": "chesscards",
            "cards": [
                {"stableCardId": "CC-A", "name": "Mur", "type": "CARD"},
                {"stableCardId": "CC-B", "name": "Mur", "type": "CARD"},
            ],
        }
    )
    with pytest.raises(InvalidInput) as caught:
        cards_import(payload={"game": "chesscards", "cards": [{"name": "Mur", "type": "CARD", "text": "?"}]})
    assert messages(caught) == [
        "card 0 (Mur): Mur names 2 chesscards cards (CC-A, CC-B); give its stableCardId"
    ]
    assert Card.objects.count() == 2


def test_a_reimport_of_unchanged_cards_costs_a_fixed_number_of_queries(django_assert_max_num_queries):
    small = {
        "game": "duel",
        "cards": [{"stableCardId": f"DU-{n}", "name": f"Carte {n}", "type": "SPELL"} for n in range(3)],
    }
    large = {
        "game": "duel",
        "cards": [{"stableCardId": f"DU-{n}", "name": f"Carte {n}", "type": "SPELL"} for n in range(60)],
    }
    cards_import(payload=large)
    with django_assert_max_num_queries(4):
        assert len(cards_import(payload=small).unchanged) == 3
    with django_assert_max_num_queries(4):
        assert len(cards_import(payload=large).unchanged) == 60


# --- export ------------------------------------------------------------------------------------


def test_export_is_the_card_set_format_in_a_stable_order():
    cards_import(payload=darkrow_file())
    exported = card_export(game="darkrow")
    assert exported["game"] == "darkrow"
    ids = [c["stableCardId"] for c in exported["cards"]]
    assert ids == sorted(ids) and len(ids) == 4
    kazuha = next(c for c in exported["cards"] if c["stableCardId"] == "DR-U01")
    assert list(kazuha) == [
        "stableCardId", "name", "type", "set", "text", "archetypes", "effects", "origin", "creationMethod",
        "userModified", "status", "cost", "atk", "pv", "behavior",
    ]  # fmt: skip
    assert kazuha["archetypes"] == ["Lycéenne", "Amie d’enfance", "Artiste martial"]
    assert card_export(game="vanguard") == {"game": "vanguard", "cards": []}


@pytest.mark.parametrize("game", demo_games())
def test_export_then_import_changes_nothing(game):

    cards_import(payload=card_set(game))
    before = state()
    exported = card_export(game=game)
    report = cards_import(payload=copy.deepcopy(exported))
    assert report.created == [] and report.updated == []
    assert state() == before
    assert card_export(game=game) == exported
