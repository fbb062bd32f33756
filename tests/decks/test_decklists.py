"""The decklists players paste (FORMATS.md v1.1), through the services, the API and the commands.

Every accepted form of a line, section headers and their aliases, ``game:`` by
key or display name, comments, BOM and CRLF; a line that fits no form says
which line and why; round trips deck -> text -> deck and deck -> JSON -> deck;
and the property that a decklist written in any accepted form validates as its
JSON deck file does.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from decks import selectors, services
from decks.interchange import deck_to_dict, deck_to_text, parse_decklist
from decks.models import Deck
from rules import registry
from rules.findings import Finding
from rules.pool import printing_number
from rules.ruleset import RuleSet
from tests import module_data

from .conftest import own_everything
from .test_commands import run


def parsed(text: str, game: str | None = None) -> dict:
    deck, findings = parse_decklist(text, game=game)
    assert findings == [], findings
    return deck


# --- parsing: the forms players paste --------------------------------------------------------------
@pytest.mark.parametrize(
    "line, card, count",
    [
        ("4 Blaster Blade", "Blaster Blade", 4),
        ("4x Blaster Blade", "Blaster Blade", 4),
        ("4 x Blaster Blade", "Blaster Blade", 4),
        ("4X Blaster Blade", "Blaster Blade", 4),
        ("Blaster Blade x4", "Blaster Blade", 4),
        ("Blaster Blade x 4", "Blaster Blade", 4),
        ("4 Blaster Blade (TD01) 005", "Blaster Blade (TD01) 005", 4),
        ("4 TD01-005", "TD01-005", 4),
        ("Blaster Blade", "Blaster Blade", 1),
        ("1 Sol Ring (CMM) 410 *F*", "Sol Ring (CMM) 410", 1),
        ("2x Sol Ring [Ramp]", "Sol Ring", 2),
        ("1 Circle of Protection: Red", "Circle of Protection: Red", 1),
        ("3 Échange équivalent", "Échange équivalent", 3),
    ],
)
def test_every_line_form(line, card, count):
    deck = parsed(f"game: vanguard\nmain:\n{line}\n")
    assert deck["sections"]["main"] == [{"card": card, "count": count}]


@pytest.mark.parametrize(
    "header, section",
    [
        ("main:", "main"),
        ("MAIN:", "main"),
        ("Main deck:", "main"),
        ("Main Deck (40):", "main"),
        ("Deck:", "main"),
        ("Mainboard:", "main"),
        ("Runes:", "runes"),
        ("Rune deck:", "runes"),
        ("rune:", "runes"),
        ("Battlefields:", "battlefields"),
        ("Leader candidates:", "leaders"),
        ("LEADERS:", "leaders"),
        ("Sideboard:", "sideboard"),  # v1.2: every game's; the format says whether it has one
        ("Maybeboard:", "Maybeboard"),  # kept: the validation says the game has no such section
    ],
)
def test_section_headers_in_any_case_and_their_aliases(header, section):
    assert parsed(f"game: riftbound\n{header}\n2 Example\n")["sections"] == {
        section: [{"card": "Example", "count": 2}]
    }


class SideGame(RuleSet):
    key = "sidegame"
    name = "Side Game"
    card_types = ("CARD",)
    id_prefix = "SG"
    default_format = "standard"
    deck_sections = ("main", "sideDeck")
    deck_labels = {"main": "Main deck", "sideDeck": "Side deck"}
    deck_aliases = {"sideboard": "sideDeck", "extra": "sideDeck"}


@pytest.mark.parametrize("header", ["sideDeck:", "SIDEDECK:", "Side deck:", "Sideboard:", "extra:"])
def test_a_games_sections_are_read_by_name_label_and_its_own_aliases(header):
    """A game added as one module: its rule set names its sections' headers, nothing else does."""
    with registry.registered(SideGame):
        assert parsed(f"game: sidegame\n{header}\n2 Example\n")["sections"] == {
            "sideDeck": [{"card": "Example", "count": 2}]
        }


@pytest.mark.parametrize(
    "line",
    [
        "game: vanguard",
        "GAME: Vanguard",
        "Game: Cardfight!! Vanguard",
        "game: cardfight!! vanguard (classic)",
    ],
)
def test_game_by_key_or_display_name_in_any_case(line):
    assert parsed(f"{line}\nmain:\n4 Blaster Blade\n")["game"] == "vanguard"


def test_comments_blank_lines_bom_and_crlf():
    text = "\ufeffgame: duel\r\n# a comment\r\n\r\n// another\r\nName: Tempo\r\nMain deck:\r\n3 Example Spell\r\n\r\n"
    assert parsed(text) == {
        "game": "duel",
        "name": "Tempo",
        "sections": {"main": [{"card": "Example Spell", "count": 3}]},
    }


def test_lines_before_any_section_are_the_main_deck():
    assert parsed("4 Blaster Blade\n4 Wingal\n", game="vanguard")["sections"]["main"][1] == {
        "card": "Wingal",
        "count": 4,
    }


def test_picks_as_headers_or_sections():
    deck = parsed("game: riftbound\nLegend:\n1 Jinx\nChampion:\n1 Jinx, Rebel\nMain deck:\n3 Zap\n")
    assert deck["legend"] == "Jinx" and deck["champion"] == "Jinx, Rebel"
    # The Chosen Champion is one of the 40, as deck sites list it apart.
    assert deck["sections"]["main"] == [{"card": "Zap", "count": 3}, {"card": "Jinx, Rebel", "count": 1}]
    deck = parsed("game: darkrow\nActiveLeader: DR-L03\nleaders:\nDR-L03\n")
    assert deck["activeLeader"] == "DR-L03" and deck["sections"]["leaders"] == [
        {"card": "DR-L03", "count": 1}
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "game: duel\nmain:\n0 Example Spell\n",
            "line 3 of the decklist (0 Example Spell) cannot be read: the count must be from 1 to 1000",
        ),
        (
            "game: duel\nmain:\n4\n",
            "line 3 of the decklist (4) cannot be read: a count needs a card after it",
        ),
        ("game: duel\nmain:\n4 Example x3\n3 Spell\n9999 Spell\n", "line 5 of the decklist (9999 Spell)"),
        ("game: poker\nmain:\n1 As\n", "poker is not a game; use one of chesscards"),
        ("main:\n1 As\n", "write a header line such as 'game: vanguard'"),
        (
            "game: riftbound\nLegend:\n1 A\n1 B\n",
            "line 4 of the decklist (1 B) cannot be read: legend is one card",
        ),
    ],
)
def test_a_line_that_fits_no_form_says_which_and_why(text, expected):
    deck, findings = parse_decklist(text)
    assert deck is None
    assert any(expected in f.message for f in findings), [f.message for f in findings]
    assert all(isinstance(f, Finding) for f in findings)


def test_a_game_given_by_the_page_must_agree_with_the_text():
    deck, findings = parse_decklist("game: duel\nmain:\n1 A\n", game="vanguard")
    assert (
        deck is None
        and "game is duel: this decklist is not a vanguard one; check it from the duel page"
        in findings[0].message
    )
    assert parsed("main:\n1 A\n", game="duel")["game"] == "duel"


# --- the API: validate and create with {"game", "decklist"} ------------------------------------------
@pytest.fixture
def playtester(vanguard_td01_built, db):
    return module_data.fresh(vanguard_td01_built["playtester"])


@pytest.fixture
def vanguard_owner(playtester):
    return playtester


def test_validate_a_pasted_decklist_by_name(api, vanguard_owner, td01):
    lines = ["main:"]
    names = dict(Card.objects.filter(game="vanguard").values_list("stable_id", "name"))
    lines += [f"{e['count']} {names[e['card']]}" for e in td01["sections"]["main"]]
    body = {"game": "Vanguard", "decklist": "\n".join(lines), "owner": vanguard_owner.username}
    response = api(vanguard_owner).post("/api/decks/validate/", body, format="json")
    assert response.status_code == 200, response.json()
    result = response.json()
    assert result["legal"], result["violations"]
    # Blaster Blade is printed in BT01 and TD01; the owner owns the TD01 printing: it is played.
    assert result["resolved"]["main"]["Blaster Blade"] == "TD01-005"
    assert not Deck.objects.exists()


def test_validate_suggests_names_for_an_unknown_card(api, vanguard_owner):
    body = {"game": "vanguard", "decklist": "main:\n4 Blastr Blade\n"}
    result = api(vanguard_owner).post("/api/decks/validate/", body, format="json").json()
    unknown = [v for v in result["violations"] if v["code"] == "UNKNOWN_CARD"]
    assert unknown and unknown[0]["message"].endswith("did you mean Blaster Blade?")
    assert result["suggestions"]["Blastr Blade"][0] == "Blaster Blade"


def test_a_bad_decklist_line_is_a_400_naming_the_line(api, vanguard_owner):
    body = {"game": "vanguard", "decklist": "main:\n4 Wingal\n0 Blaster Blade\n"}
    response = api(vanguard_owner).post("/api/decks/validate/", body, format="json")
    assert response.status_code == 400
    assert "line 3" in json.dumps(response.json())
    response = api(vanguard_owner).post(
        "/api/decks/validate/", {"game": "vanguard", "decklist": 3}, format="json"
    )
    assert response.status_code == 400


def test_create_a_deck_from_a_decklist(api, vanguard_owner):
    body = {
        "game": "vanguard",
        "name": "Paste",
        "decklist": "game: vanguard\nmain:\n4 Blaster Blade\n4x Wingal\n",
    }
    response = api(vanguard_owner).post("/api/decks/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["name"] == "Paste"
    assert data["sections"]["main"] == [{"card": "Blaster Blade", "count": 4}, {"card": "Wingal", "count": 4}]
    assert data["validation"]["resolved"]["main"]["Blaster Blade"] == "TD01-005"


# --- commands -------------------------------------------------------------------------------------
def test_checkdeck_game_for_a_decklist_without_one(vanguard_owner, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("4 Blaster Blade\n", encoding="utf-8")
    status, _, err = run("checkdeck", str(path))
    assert status == 2 and "game: vanguard" in err
    status, out, _ = run("checkdeck", str(path), "--game", "vanguard", "--json")
    assert status == 1  # 4 cards of 50: not legal, but checked
    result = json.loads(out)
    assert result["game"] == "vanguard" and result["resolved"]["main"]["Blaster Blade"] == "BT01-002"
    assert {v["code"] for v in result["violations"]} >= {"DECK_SIZE"}
    status, _, err = run("checkdeck", str(path), "--game", "belote")
    assert status == 2 and "no such game" in err


# --- round trips ---------------------------------------------------------------------------------------
def _stored(deck_pk: int) -> Deck:
    return Deck.objects.select_related("format", "owner").prefetch_related("entries__card").get(pk=deck_pk)


def _played(deck: Deck) -> list[tuple[str, str, int]]:
    """(section, stableCardId played, count) of every entry: what the deck plays."""
    rows = []
    for entry in deck.entries.all():
        played = (
            entry.card.stable_id if entry.card_id else (deck.resolved.get(entry.section) or {}).get(entry.ref)
        )
        rows.append((entry.section, played or entry.ref, entry.count))
    return sorted(rows)


@pytest.mark.parametrize("name", ["vanguard-td01", "vanguard-td02", "duel-example", "riftbound-example"])
def test_deck_to_text_to_deck_and_json_to_deck(name, load_cards, demo_deck, playtester):
    game = name.split("-")[0]
    if game != "vanguard":  # the module's cards (vanguard_td01_built)
        load_cards(game)
    data = demo_deck(name)
    own_everything(playtester, data)
    deck = _stored(services.deck_create(data=data, user=playtester).pk)
    assert deck.legal, deck.violations  # the demo decks stay legal
    text = deck_to_text(deck_to_dict(deck), selectors.decklist_names(deck))
    again = _stored(services.deck_create(data=parsed(text), user=playtester).pk)
    assert _played(again) == _played(deck)
    assert again.legal == deck.legal and again.violations == deck.violations
    from_json = _stored(
        services.deck_create(data=json.loads(json.dumps(deck_to_dict(deck))), user=playtester).pk
    )
    assert _played(from_json) == _played(deck)
    assert deck_to_dict(from_json) == {**deck_to_dict(deck)}


def test_text_export_writes_a_name_where_it_is_enough_and_set_number_where_a_printing_was_chosen(
    vanguard_owner,
):
    data = {
        "game": "vanguard",
        "sections": {
            "main": [
                {"card": "Blaster Blade", "count": 2},
                {"card": "BT01-002", "count": 2},
                {"card": "TD01-012"},
            ]
        },
    }
    deck = _stored(services.deck_create(data=data, user=vanguard_owner).pk)
    text = deck_to_text(deck_to_dict(deck), selectors.decklist_names(deck))
    assert "\n2 Blaster Blade\n" in text  # the name: the studio picks the printing
    assert "\n2 Blaster Blade (BT01) 002\n" in text  # the player chose BT01
    assert "\n1 Stardust Trumpeter\n" in text  # a name that names one card
    bt01 = Card.objects.get(stable_id="BT01-002")
    assert printing_number(bt01_data(bt01)) == "002"


def bt01_data(card):
    from rules import CardData

    return CardData(card.game, card.name, card.type, card.stable_id, card.set_code, fields=card.game_fields)


# --- property: any accepted form validates as its JSON ---------------------------------------------
FORMS = st.sampled_from(["{n} {c}", "{n}x {c}", "{n} x {c}", "{c} x{n}", "{c} x {n}", "{n}X {c}"])
REFS = st.sampled_from(["id", "name", "NAME", "set number", "SET-NUM"])
HEADERS = st.sampled_from(["main:", "Main deck:", "MAIN DECK:", "Deck:", "deck:"])
GAME_LINES = st.sampled_from(["game: {key}", "GAME: {key}", "Game: {name}"])


def _written(card: Card, how: str) -> str:
    number = printing_number(bt01_data(card))
    return {
        "id": card.stable_id,
        "name": card.name,
        "NAME": card.name.upper(),
        "set number": f"{card.name} ({card.set_code}) {number}",
        "SET-NUM": f"{card.set_code}-{number}",
    }[how]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_decklist_in_any_accepted_form_validates_as_its_json(data, vanguard_owner, td01):
    from rules import get_ruleset

    deck = json.loads(json.dumps(td01))
    deck["owner"] = vanguard_owner.username
    main = deck["sections"]["main"]
    drop = data.draw(st.integers(0, len(main)), label="entry dropped (len: none)")
    if drop < len(main):
        del main[drop]  # illegal decks validate the same too
    cards = {c.stable_id: c for c in Card.objects.filter(game="vanguard")}
    lines = [data.draw(GAME_LINES).format(key="vanguard", name=get_ruleset("vanguard").name)]
    lines.append(f"owner: {vanguard_owner.username}")
    lines.append(data.draw(HEADERS))
    for entry in main:
        ref = _written(cards[entry["card"]], data.draw(REFS))
        lines.append(data.draw(FORMS).format(n=entry["count"], c=ref))
        if data.draw(st.booleans()):
            lines.append(data.draw(st.sampled_from(["", "# note", "// note"])))
    ending = data.draw(st.sampled_from(["\n", "\r\n"]))
    text = data.draw(st.sampled_from(["", "\ufeff"])) + ending.join(lines) + ending
    by_json = services.deck_check(data=deck).to_dict()
    by_text = services.deck_check(data=parsed(text)).to_dict()
    for result in (by_json, by_text):
        result.pop("resolved")
        for v in result["violations"]:
            v.pop("message")
    assert by_text == by_json


# --- the builder: the printing of an entry ---------------------------------------------------------------
def test_the_builder_shows_the_printing_played_and_lets_the_player_choose(client_as, vanguard_owner):
    data = {
        "game": "vanguard",
        "sections": {"main": [{"card": "Blaster Blade", "count": 4}, {"card": "Wingl", "count": 1}]},
    }
    deck = services.deck_create(data=data, user=vanguard_owner)
    client = client_as(vanguard_owner)
    page = client.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert 'data-printing-of="Blaster Blade"' in page
    assert "Any (the studio plays TD01, TD01-005)" in page
    assert '<option value="BT01-002">BT01 · BT01-002</option>' in page
    # The suggestion is a button that replaces the line's card (issue 29).
    assert "Did you mean" in page and 'aria-label="Replace Wingl with Wingal">Wingal</button>' in page
    response = client.post(
        reverse("decks:printing", args=[deck.pk]),
        {"section": "main", "position": 0, "ref": "Blaster Blade", "card": "BT01-002"},
    )
    assert response.status_code == 302
    entry = Deck.objects.get(pk=deck.pk).entries.get(position=0)
    assert (entry.ref, entry.card.stable_id) == ("BT01-002", "BT01-002")
    page = client.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert '<option value="BT01-002" selected>' in page
    # Back to "any printing": the entry names the identity again.
    client.post(
        reverse("decks:printing", args=[deck.pk]),
        {"section": "main", "position": 0, "ref": "BT01-002", "card": ""},
    )
    entry = Deck.objects.get(pk=deck.pk).entries.get(position=0)
    assert (entry.ref, entry.card_id) == ("Blaster Blade", None)


def test_only_a_printing_of_the_same_identity_can_be_chosen(vanguard_owner):
    from common.errors import Conflict, InvalidInput

    deck = services.deck_create(
        data={"game": "vanguard", "sections": {"main": [{"card": "Blaster Blade"}]}}, user=vanguard_owner
    )
    with pytest.raises(InvalidInput) as caught:
        services.deck_entry_printing(
            deck=deck, section="main", position=0, ref="Blaster Blade", stable_id="TD01-012"
        )
    assert (
        "card TD01-012 is not a printing of Blaster Blade; its printings: BT01-002, TD01-005"
        in caught.value.findings[0].message
    )
    with pytest.raises(Conflict):
        services.deck_entry_printing(
            deck=deck, section="main", position=0, ref="Wingal", stable_id="TD01-005"
        )
    assert Deck.objects.get(pk=deck.pk).entries.get().ref == "Blaster Blade"


def test_a_decklist_without_game_imports_from_a_games_page(client_as, vanguard_owner):
    response = client_as(vanguard_owner).post(
        reverse("decks:import"), {"game": "vanguard", "text": "4 Blaster Blade\n"}
    )
    assert response.status_code == 302
    deck = Deck.objects.get()
    assert deck.game == "vanguard" and deck.resolved == {"main": {"Blaster Blade": "TD01-005"}}
    page = client_as(vanguard_owner).get(reverse("decks:list") + "?game=duel").content.decode()
    assert '<option value="duel" selected>' in page


def test_a_line_that_is_no_entry_carries_its_number_text_and_reason_as_params():
    from decks.interchange import parse_decklist

    deck, errors = parse_decklist("game: vanguard\nmain:\n4 Blaster Blade\n0 Wingal\n")
    assert deck is None
    [finding] = errors
    assert finding.code == "DECKLIST_INVALID"
    assert finding.params["line"] == 4 and finding.params["text"] == "0 Wingal"
    assert finding.params["problem"] and finding.params["problem"] in finding.message
    _, errors = parse_decklist("game: riftbound\nLegend:\n1 Jinx\n1 Viktor\n")
    [finding] = errors
    assert (finding.params["line"], finding.params["text"]) == (4, "1 Viktor")
    assert "is one card" in finding.params["problem"]
