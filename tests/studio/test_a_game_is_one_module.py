"""A game is one module: a throw-away sixth game, registered for these tests only, works end to end.

Its rule set declares card types, one field and a default format of 30 cards
with a copy limit, and nothing else: no draw setup, no picks, no labels, no
effects, no demo set. Card import, ``checkdeck``, a deck made through the API,
the builder, statistics and test-draw pages, the card browser, audits, review
closure, the API schema and the system checks all take it as it is.
"""

from __future__ import annotations

import json

import pytest
from django.core import checks

from decks.defaults import store_default_formats
from decks.models import Deck, DeckFormat
from rules import registry
from rules.declarations import declaration_problems
from rules.fields import int_field
from rules.formats import FormatData, SizeBound
from rules.ruleset import RuleSet
from tests.decks.test_commands import run as run_command

pytestmark = pytest.mark.django_db

GAME = "tinyquest"
CARDS = 16


class TinyQuest(RuleSet):
    key = GAME
    name = "Tiny Quest"
    card_types = ("HERO", "SPELL")
    id_prefix = "TQ"
    default_format = "standard"
    fields = (int_field("power", label="Power", minimum=0),)
    default_formats = (
        FormatData(
            game=GAME, key="standard", name="Standard", sections={"main": SizeBound(exact=30)}, copy_limit=2
        ),
    )


@pytest.fixture
def game(db):
    """The throw-away game, registered and its formats stored (as ``migrate`` would), for one test."""
    with registry.registered(TinyQuest) as ruleset:
        assert store_default_formats(rulesets=[ruleset]) == [f"{GAME}/standard"]
        yield ruleset
    assert GAME not in registry


@pytest.fixture
def card_file(tmp_path):
    cards = [
        {
            "stableCardId": f"TQ-{i:02}",
            "name": f"Tiny card {i}",
            "type": "HERO" if i % 2 else "SPELL",
            "power": i % 5,
            "text": "Draw a card.",
            "status": "VALIDATED",
        }
        for i in range(1, CARDS + 1)
    ]
    path = tmp_path / "tinyquest.json"
    path.write_text(json.dumps({"game": GAME, "cards": cards}), encoding="utf-8")
    return path


def deck(copies: int = 2, cards: int = 15) -> dict:
    return {
        "game": GAME,
        "name": "Tiny deck",
        "sections": {"main": [{"card": f"TQ-{i:02}", "count": copies} for i in range(1, cards + 1)]},
    }


def run(*args) -> tuple[int, str]:
    status, out, err = run_command(*args)
    return status, out + err


def rules_checks() -> list[checks.CheckMessage]:
    return [m for m in checks.run_checks(tags=["rules"]) if GAME in m.msg or m.obj == GAME]


def test_its_declarations_are_sound_and_the_checks_see_its_stored_format(game):
    assert declaration_problems(game) == []
    assert rules_checks() == []
    DeckFormat.objects.filter(game=GAME).update(is_default=False)
    [missing] = rules_checks()
    assert (missing.id, missing.level) == ("rules.W001", checks.WARNING)
    assert "tinyquest has no stored default format" in missing.msg and "migrate" in missing.hint


def test_storing_the_default_formats_is_idempotent_and_keeps_reviewers_edits(game):
    DeckFormat.objects.filter(game=GAME).update(copy_limit=4, name="Edited")
    assert store_default_formats() == []
    fmt = DeckFormat.objects.get(game=GAME)
    assert (fmt.copy_limit, fmt.name, fmt.is_default, fmt.sections) == (
        4,
        "Edited",
        True,
        {"main": {"exact": 30}},
    )


def test_cards_import_and_checkdeck(game, card_file, tmp_path):
    status, out = run("importcards", str(card_file))
    assert status == 0 and f"{GAME}: {CARDS} created" in out
    legal, illegal = tmp_path / "legal.deck.json", tmp_path / "illegal.deck.json"
    legal.write_text(json.dumps(deck()), encoding="utf-8")
    illegal.write_text(json.dumps(deck(copies=3, cards=11)), encoding="utf-8")
    status, out = run("checkdeck", str(legal), "--json")
    assert status == 0 and json.loads(out)["legal"] is True and json.loads(out)["format"] == "standard"
    status, out = run("checkdeck", str(illegal), "--json")
    codes = sorted({v["code"] for v in json.loads(out)["violations"]})
    assert status == 1 and codes == ["COPY_LIMIT", "DECK_SIZE"]


def test_a_deck_made_through_the_api_and_its_pages(game, card_file, api, playtester, client_as):
    run("importcards", str(card_file))
    response = api(playtester).post("/api/decks/", deck(), format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["format"], body["validation"]["legal"], body["validation"]["readyToPlay"]) == (
        "standard",
        True,
        True,
    )
    pk = body["id"]
    client = client_as(playtester)
    builder = client.get(f"/decks/{pk}/")
    assert builder.status_code == 200 and "Tiny card 1" in builder.content.decode()
    stats = client.get(f"/decks/{pk}/stats/")
    assert stats.status_code == 200 and '<span class="type">Hero</span>' in stats.content.decode()
    draws = client.get(f"/decks/{pk}/draws/", follow=True)
    assert draws.status_code == 200 and "choose how many cards" in draws.content.decode()
    assert client.get(f"/decks/{pk}/draws/?seed=7&n=5").status_code == 200
    odds = client.get(f"/decks/{pk}/draws/odds/", {"seed": 7, "cards": "TQ-01", "copies": 1, "seen": 5})
    assert odds.status_code == 200 and "%" in odds.content.decode()
    assert client.get("/decks/").status_code == 200
    assert Deck.objects.get(pk=pk).legal is True
    # the builder adds a card where the game's cards go (its one section): 31 cards, no longer legal
    stored = Deck.objects.get(pk=pk)
    added = client.post(f"/decks/{pk}/add/", {"card": "TQ-16", "version": stored.version}, follow=True)
    assert added.status_code == 200
    stored.refresh_from_db()
    assert stored.legal is False and stored.entries.get(card__stable_id="TQ-16").section == "main"
    assert "DECK_SIZE" in {v["code"] for v in stored.violations}


def test_the_card_browser_games_route_and_api_schema(game, card_file, api, client_as, designer):
    run("importcards", str(card_file))
    page = client_as(designer).get("/cards/", {"game": GAME, "q": "power>=4 t:hero"})
    assert page.status_code == 200
    found = {f"Tiny card {i}" for i in range(1, CARDS + 1) if f"Tiny card {i}<" in page.content.decode()}
    assert found == {f"Tiny card {i}" for i in range(1, CARDS + 1) if i % 2 and i % 5 >= 4}
    assert client_as(designer).get("/").status_code == 200
    games = {g["key"]: g for g in api(designer).get("/api/games/").json()}
    assert games[GAME]["cardTypes"] == ["HERO", "SPELL"] and games[GAME]["defaultFormat"] == "standard"
    found = api(designer).get("/api/cards/", {"game": GAME}).json()
    assert found["count"] == CARDS
    schema = api(designer).get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200 and GAME in schema.content.decode()


def test_audits_and_review_closure(game, card_file, api, reviewer):
    run("importcards", str(card_file))
    status, out = run("audit", GAME, "--no-progress")
    assert status == 0 and "closed" in out.lower()
    closure = api(reviewer).get("/api/reviews/closure/", {"game": GAME}).json()
    assert closure["closed"] is True and closure["blockingLists"] == []
    started = api(reviewer).post("/api/audits/", {"game": GAME}, format="json")
    assert started.status_code == 202
