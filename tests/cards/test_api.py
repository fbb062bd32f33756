"""The card API (FORMATS.md): roles, optimistic concurrency, field errors, filters, search, pagination."""

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from cards import services
from cards.models import Card, CardRevision
from rules import registry
from tests import module_data

pytestmark = pytest.mark.django_db

CARDS = "/api/cards/"


def url(card, suffix=""):
    stable_id = card if isinstance(card, str) else card.stable_id
    return f"{CARDS}{stable_id}/{suffix}"


@pytest.fixture
def draft(make_card):
    return make_card(stableCardId="DR-U01")


@pytest.fixture
def validated(make_card, reviewer):
    card = make_card(stableCardId="DR-U02", name="Vodka", cost=6, atk=6, pv=6)
    return services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)


@pytest.fixture
def nobody(make_user):
    return make_user(username="nobody")


def stored(card):
    card = Card.objects.get(pk=card.pk)
    return (
        card.version,
        card.status,
        card.name,
        card.game_fields,
        CardRevision.objects.filter(card=card).count(),
    )


# --- the permission matrix, role by role -----------------------------------------------------------

NEW = {"game": "darkrow", "name": "Mouri Ran", "type": "UNIT", "cost": 2, "atk": 3, "pv": 3}


def test_anonymous_users_get_nothing(api, draft, validated):
    client = api()
    for response in (
        client.get(CARDS),
        client.get(url(validated)),
        client.post(CARDS, NEW, format="json"),
        client.patch(url(draft), {"atk": 1}, format="json"),
        client.post(url(draft, "status/"), {"status": "NEEDS_REVIEW"}, format="json"),
        client.get(url(draft, "revisions/")),
        client.get("/api/games/"),
    ):
        assert response.status_code == 401, response.content
        assert response["WWW-Authenticate"] == "Token"
    assert stored(draft)[0] == 1


def test_a_user_without_a_role_gets_nothing(api, nobody, validated):
    client = api(nobody)
    assert client.get(CARDS).status_code == 403
    assert client.get(url(validated)).status_code == 403
    assert client.post(CARDS, NEW, format="json").status_code == 403


def test_a_playtester_reads_validated_cards_only_and_writes_nothing(api, playtester, draft, validated):
    client = api(playtester)
    listed = client.get(CARDS).json()
    assert [c["stableCardId"] for c in listed["results"]] == ["DR-U02"]
    assert client.get(url(validated)).status_code == 200
    assert client.get(url(draft)).status_code == 404
    assert client.get(CARDS, {"status": "DRAFT"}).json()["count"] == 0
    assert client.post(CARDS, NEW, format="json").status_code == 403
    assert client.patch(url(validated), {"atk": 1}, format="json").status_code == 403
    assert (
        client.post(url(validated, "status/"), {"status": "NEEDS_REVIEW"}, format="json").status_code == 403
    )
    assert client.post(url(draft, "status/"), {"status": "NEEDS_REVIEW"}, format="json").status_code == 404
    assert client.get(url(validated, "revisions/")).status_code == 403
    assert stored(validated)[:2] == (2, "VALIDATED") and stored(draft)[:2] == (1, "DRAFT")
    assert Card.objects.count() == 2


def test_a_designer_creates_edits_and_submits_but_never_validates(api, designer, draft, validated):
    client = api(designer)
    assert client.get(CARDS).json()["count"] == 2
    assert client.get(url(draft)).status_code == 200
    created = client.post(CARDS, NEW, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["status"] == "DRAFT" and created.json()["creationMethod"] == "MANUAL"
    assert client.patch(url(draft), {"atk": 5}, format="json").status_code == 200
    assert client.post(url(draft, "status/"), {"status": "NEEDS_REVIEW"}, format="json").status_code == 200
    refused = client.post(url(draft, "status/"), {"status": "VALIDATED"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "only a reviewer can move a card from NEEDS_REVIEW to VALIDATED"
    assert (
        client.post(CARDS, {**NEW, "name": "Ran bis", "status": "VALIDATED"}, format="json").status_code
        == 403
    )
    assert client.get(url(draft, "revisions/")).status_code == 200
    assert stored(draft)[:2] == (3, "NEEDS_REVIEW")


def test_a_reviewer_moves_cards_but_does_not_create_nor_edit_them(api, reviewer, draft, validated):
    client = api(reviewer)
    assert client.get(CARDS).json()["count"] == 2
    assert client.get(url(draft)).status_code == 200
    assert client.post(CARDS, NEW, format="json").status_code == 403
    assert client.patch(url(draft), {"atk": 5}, format="json").status_code == 403
    moved = client.post(
        url(draft, "status/"), {"status": "VALIDATED", "note": "conforme au seed"}, format="json"
    )
    assert moved.status_code == 200 and moved.json()["status"] == "VALIDATED"
    history = client.get(url(draft, "revisions/")).json()
    assert history["results"][0]["note"] == "conforme au seed"
    assert history["results"][0]["author"] == "remi"
    assert client.post(url(validated, "status/"), {"status": "DISABLED"}, format="json").status_code == 200


def test_a_move_the_state_forbids_is_a_409(api, reviewer, validated):
    response = api(reviewer).post(url(validated, "status/"), {"status": "VALIDATED"}, format="json")
    assert response.status_code == 409
    assert response.json()["detail"] == "the card is already VALIDATED"


def test_validating_a_card_with_errors_is_a_409_listing_them(api, reviewer, make_card):
    card = make_card(type="OBJECT", name="Uniforme", cost=1, atk=None, pv=None)
    response = api(reviewer).post(url(card, "status/"), {"status": "VALIDATED"}, format="json")
    assert response.status_code == 409
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [("FIELD_REQUIRED", "behavior")]
    assert stored(card)[:2] == (1, "DRAFT")


# --- reading ----------------------------------------------------------------------------------------


def test_a_card_reads_as_the_interchange_format_with_version_etag_and_findings(api, designer, make_card):
    card = make_card(type="OBJECT", name="Uniforme", cost=1, atk=None, pv=None, archetypes=["Gadgets"])
    response = api(designer).get(url(card))
    assert response["ETag"] == '"1"'
    body = response.json()
    assert {
        k: body[k]
        for k in (
            "stableCardId",
            "game",
            "name",
            "type",
            "version",
            "archetypes",
            "archetypeKeys",
            "behavior",
        )
    } == {
        "stableCardId": card.stable_id,
        "game": "darkrow",
        "name": "Uniforme",
        "type": "OBJECT",
        "version": 1,
        "archetypes": ["Gadgets"],
        "archetypeKeys": ["GADGET"],
        "behavior": None,
    }
    assert [(f["code"], f["field"]) for f in body["findings"]] == [("FIELD_REQUIRED", "behavior")]
    assert "findings" not in api(designer).get(CARDS).json()["results"][0]


def test_an_unknown_card_is_a_404(api, designer):
    assert api(designer).get(url("DR-NOPE")).status_code == 404
    assert api(designer).patch(url("DR-NOPE"), {"atk": 1}, format="json").status_code == 404
    assert (
        api(designer).post(url("DR-NOPE", "status/"), {"status": "DRAFT"}, format="json").status_code == 404
    )


def test_games_describe_their_card_types_and_fields(api, playtester):
    games = {g["key"]: g for g in api(playtester).get("/api/games/").json()}
    assert list(games) == registry.keys()
    assert games["darkrow"]["cardTypes"] == ["LEADER", "UNIT", "LEGENDARY", "ACTION", "OBJECT", "PLACE"]
    assert games["darkrow"]["archetypeAliases"] == {"GADGETS": "GADGET"}
    level = next(f for f in games["duel"]["fields"] if f["name"] == "level")
    assert (level["minimum"], level["maximum"], level["requiredFor"]) == (1, 8, ["MONSTER"])
    assert games["vanguard"]["setRequired"] is True


# --- optimistic concurrency ------------------------------------------------------------------------


def test_a_patch_with_the_current_version_applies(api, designer, draft):
    response = api(designer).patch(url(draft), {"atk": 5}, format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 200
    assert response["ETag"] == '"2"' and response.json()["version"] == 2 and response.json()["atk"] == 5
    response = api(designer).patch(url(draft), {"atk": 6, "version": 2}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 3
    assert (
        api(designer).patch(url(draft), {"atk": 7}, format="json", HTTP_IF_MATCH='W/"3"').status_code == 200
    )


@pytest.mark.parametrize("how", [{"HTTP_IF_MATCH": '"1"'}, {"version": 1}, {"HTTP_IF_MATCH": "1"}])
def test_a_stale_version_answers_412_and_changes_nothing(api, designer, draft, how):
    client = api(designer)
    client.patch(url(draft), {"text": "Première édition."}, format="json")
    before = stored(draft)
    headers = {k: v for k, v in how.items() if k.startswith("HTTP_")}
    body = {
        "text": "Édition concurrente.",
        "atk": 9,
        **{k: v for k, v in how.items() if not k.startswith("HTTP_")},
    }
    response = client.patch(url(draft), body, format="json", **headers)
    assert response.status_code == 412
    assert response.json()["currentVersion"] == 2
    assert "reload it" in response.json()["detail"]
    assert stored(draft) == before
    assert Card.objects.get(pk=draft.pk).text == "Première édition."


def test_a_stale_status_move_answers_412(api, designer, draft):
    client = api(designer)
    client.patch(url(draft), {"atk": 5}, format="json")
    assert (
        client.post(
            url(draft, "status/"), {"status": "NEEDS_REVIEW", "version": 1}, format="json"
        ).status_code
        == 412
    )
    assert (
        client.post(
            url(draft, "status/"), {"status": "NEEDS_REVIEW"}, format="json", HTTP_IF_MATCH='"1"'
        ).status_code
        == 412
    )
    assert stored(draft)[:2] == (2, "DRAFT")
    assert (
        client.post(
            url(draft, "status/"), {"status": "NEEDS_REVIEW", "version": 2}, format="json"
        ).status_code
        == 200
    )


@pytest.mark.parametrize("if_match", ["three", '"-1"', "1.5", '""'])
def test_an_unreadable_if_match_is_a_400(api, designer, draft, if_match):
    response = api(designer).patch(url(draft), {"atk": 5}, format="json", HTTP_IF_MATCH=if_match)
    assert response.status_code == 400
    assert "If-Match" in response.json()
    assert stored(draft)[0] == 1


# --- field errors ------------------------------------------------------------------------------------


def test_field_errors_name_every_field(api, designer):
    response = api(designer).post(
        CARDS,
        {"game": "darkrow", "name": "Ran", "type": "UNIT", "cost": "deux", "hp": 3, "behavior": "WEAPON"},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["cost"] == ['cost must be a whole number, not "deux"']
    assert body["hp"] == ["hp is not a field of darkrow cards; its fields are: cost, atk, pv, behavior"]
    assert body["behavior"] == ["behavior 'WEAPON' is not allowed; use one of CONSUMABLE, EQUIPMENT"]
    assert {e["field"] for e in body["errors"]} == {"cost", "hp", "behavior"}
    assert not Card.objects.exists()


def test_an_unknown_or_missing_game_is_a_400(api, designer):
    for body in (
        {"name": "Ran", "type": "UNIT"},
        {"game": "pokemon", "name": "Ran", "type": "UNIT"},
        {"game": ["darkrow"], "name": "Ran"},
    ):
        response = api(designer).post(CARDS, body, format="json")
        assert response.status_code == 400
        said = response.json()["game"][0]
        assert said.startswith(("no game is given", "pokemon is not a game", "darkrow is not a game")), said
        assert f"; use one of {', '.join(sorted(registry.keys()))}" in said


@pytest.mark.parametrize(
    "key, hint",
    [
        ("stableCardId", "create a new card"),
        ("game", "create the card in the other game"),
        ("status", "POST /api/cards/DR-U01/status/"),
        ("origin", "kept by the studio"),
    ],
)
def test_a_patch_of_an_identity_or_workflow_key_says_what_to_do_instead(api, designer, draft, key, hint):
    value = {"stableCardId": "DR-X", "game": "duel", "status": "VALIDATED", "origin": "AI"}[key]
    response = api(designer).patch(url(draft), {key: value}, format="json")
    assert response.status_code == 400
    assert hint in response.json()[key][0]
    assert stored(draft)[0] == 1


def test_what_was_read_can_be_written_back(api, designer, draft):
    client = api(designer)
    body = client.get(url(draft)).json()
    body["text"] = "Texte corrigé."
    response = client.patch(url(draft), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["text"] == "Texte corrigé." and response.json()["version"] == 2


BAD_VALUES = [None, [], {}, 0, -1, 2**70, 1.5, True, "", "x" * 30_000, ["x"], [None], {"a": 1}, "\x00"]
KEYS = [
    "name", "type", "set", "text", "archetypes", "effects", "origin", "creationMethod", "userModified", "status",
    "stableCardId", "cost", "atk", "pv", "behavior", "version", "findings", "unknownKey",
]  # fmt: skip


@pytest.mark.parametrize("key", KEYS)
def test_bad_values_in_any_key_never_give_a_500(api, designer, draft, key):
    client = api(designer)
    for value in BAD_VALUES:
        created = client.post(CARDS, {**NEW, key: value}, format="json")
        assert created.status_code in (201, 400, 403, 409), (key, value, created.status_code)
        patched = client.patch(url(draft), {key: value}, format="json")
        assert patched.status_code in (200, 400, 412), (key, value, patched.status_code)
        if patched.status_code == 400:
            assert patched.json()["detail"]


@pytest.mark.parametrize(
    "body", ["[]", "null", '"text"', "3", "[{}]", "{", "\x00", "[" * 100_000 + "]" * 100_000]
)
def test_bodies_that_are_not_objects_are_400s(api, designer, draft, body):
    client = api(designer)
    for response in (
        client.post(CARDS, body, content_type="application/json"),
        client.patch(url(draft), body, content_type="application/json"),
        client.post(url(draft, "status/"), body, content_type="application/json"),
    ):
        assert response.status_code == 400, (body[:20], response.status_code)
    assert stored(draft)[0] == 1


def test_an_empty_body(api, designer, draft):
    client = api(designer)
    assert client.post(CARDS, "", content_type="application/json").status_code == 400
    assert client.post(url(draft, "status/"), "", content_type="application/json").status_code == 400
    assert (
        client.patch(url(draft), "", content_type="application/json").status_code == 200
    )  # nothing to change
    assert stored(draft)[0] == 1


@pytest.mark.parametrize(
    "effects, message",
    [
        ('[{"x": 1e400}]', "effects holds a number that is infinite or not a number; use a finite number"),
    ],
)
def test_values_no_database_can_store_are_400s(api, designer, effects, message):
    body = f'{{"game": "darkrow", "name": "X", "type": "ACTION", "cost": 0, "effects": {effects}}}'
    response = api(designer).post(CARDS, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["effects"] == [message]
    assert not Card.objects.exists()


@pytest.mark.parametrize(
    "effects, message",
    [
        ('[{"text": "a\\u0000b"}]', "['effects'][0]['text'] contains a NUL character"),
        ("[" + '{"a": ' * 3000 + "1" + "}" * 3000 + "]", "nested too deeply (at most 32 levels)"),
    ],
)
def test_what_the_json_reader_refuses_is_a_400_that_says_where(api, designer, effects, message):
    body = f'{{"game": "darkrow", "name": "X", "type": "ACTION", "cost": 0, "effects": {effects}}}'
    response = api(designer).post(CARDS, body, content_type="application/json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert not Card.objects.exists()


def test_big_whole_numbers_are_kept(api, designer):
    body = '{"game": "darkrow", "name": "X", "type": "ACTION", "cost": 12345678901234567890123}'
    response = api(designer).post(CARDS, body, content_type="application/json")
    assert response.status_code == 201
    assert Card.objects.get().game_fields["cost"] == 12345678901234567890123


def test_only_json_bodies_are_read(api, designer):
    response = api(designer).post(CARDS, {"game": "darkrow", "name": "Ran", "type": "UNIT"})  # a form post
    assert response.status_code == 415


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"status": "LIVE"},
        {"status": None},
        {"status": ["DRAFT"]},
        {"status": "NEEDS_REVIEW", "note": ["a"]},
        {"status": "NEEDS_REVIEW", "note": "x" * 5001},
        {"status": "NEEDS_REVIEW", "version": "x"},
    ],
)
def test_bad_status_bodies_are_400s_naming_the_field(api, designer, draft, body):
    response = api(designer).post(url(draft, "status/"), body, format="json")
    assert response.status_code == 400
    assert set(response.json()) & {"status", "note", "version"}
    assert stored(draft)[:2] == (1, "DRAFT")


def test_unsupported_methods_are_405s(api, designer, draft):
    client = api(designer)
    assert client.put(url(draft), {"name": "X"}, format="json").status_code == 405
    assert client.delete(url(draft)).status_code == 405
    assert client.options(CARDS).status_code == 200


# --- filters and search ----------------------------------------------------------------------------


def ids(client, **params):
    response = client.get(CARDS, params)
    assert response.status_code == 200, response.json()
    return sorted(card["stableCardId"] for card in response.json()["results"])


@pytest.mark.parametrize(
    "params, field",
    [
        ({"game": "pokemon"}, "game"),
        ({"status": "LIVE"}, "status"),
        ({"origin": "ROBOT"}, "origin"),
        ({"creationMethod": "x"}, "creationMethod"),
        ({"q": "a\x00b"}, "q"),
        ({"cites": "\x00"}, "cites"),
        ({"cites": '""'}, "cites"),
        ({"cites": "..."}, "cites"),
    ],
)
def test_bad_filter_values_are_400s_naming_the_filter(api, designer, params, field):
    response = api(designer).get(CARDS, params)
    assert response.status_code == 400
    assert field in response.json()


class TestFilters:
    """The filters and the query language over one catalogue, built once for the class's tests
    (tests/module_data.py: each starts from it in a savepoint of its own; the module's other tests
    never find it)."""

    @pytest.fixture(scope="class")
    @classmethod
    def built(cls, request, django_db_setup, django_db_blocker, tmp_path_factory):
        from tests.factories import new_card as make_card

        with module_data.built_once(request, django_db_blocker, tmp_path_factory):
            reviewer = module_data.make_user("reviewer", username="remi")
            designer = module_data.make_user("designer", username="dana")
            playtester = module_data.make_user("playtester", username="paula")
            cards = {
                "kazuha": make_card(
                    stableCardId="DR-U10", name="Toyama Kazuha", archetypes=["Lycéenne", "Artiste martial"], set="S1", text="Citant Hattori Heiji."
                ),
                "ducati": make_card(
                    stableCardId="DR-O10", name="Ducati", type="OBJECT", cost=0, atk=None, pv=None, behavior="EQUIPMENT",
                    archetypes=["Gadget"], text="Chianti EXACTE requise : réactivez 2 Indices.", set="S2",
                ),
                "chianti_korn": make_card(stableCardId="DR-L10", name="Chianti & Korn", type="LEADER", atk=None, pv=None, cost=None, archetypes=["Sniper"]),
                "agasa": make_card(
                    stableCardId="DR-U11", name="Agasa", archetypes=["Gadgets", "Lycéen"], origin="AI", text="Déployez Chianti & Korn."
                ),
                "echange": make_card("chesscards", stableCardId="CC-040", name="Échange équivalent", text="Échange une de tes Pièces.", creationMethod="IMPORTED"),
                "blaster": make_card("vanguard", stableCardId="VG-TD01-001", name="Blaster Blade", archetypes=["Royal Paladin"]),
            }  # fmt: skip
            services.card_set_status(stable_id="DR-U10", status="VALIDATED", user=reviewer)
            services.card_update(
                stable_id="CC-040",
                data={"text": "Échange une de tes Pièces contre une autre."},
                user=reviewer,
            )
            yield {"cards": cards, "designer": designer, "playtester": playtester}

    @pytest.fixture
    def catalogue(self, built, db):
        """The class's catalogue (``built``), its cards read again for the test."""
        return {key: module_data.fresh(card) for key, card in built["cards"].items()}

    @pytest.fixture
    def designer(self, built, db):
        return module_data.fresh(built["designer"])

    @pytest.fixture
    def playtester(self, built, db):
        return module_data.fresh(built["playtester"])

    @pytest.mark.parametrize(
        "params, expected",
        [
            ({"game": "darkrow"}, ["DR-L10", "DR-O10", "DR-U10", "DR-U11"]),
            ({"game": "vanguard"}, ["VG-TD01-001"]),
            ({"type": "OBJECT"}, ["DR-O10"]),
            ({"game": "darkrow", "type": "LEADER"}, ["DR-L10"]),
            ({"status": "VALIDATED"}, ["DR-U10"]),
            ({"status": "DRAFT", "game": "chesscards"}, ["CC-040"]),
            ({"set": "s2"}, ["DR-O10"]),
            ({"set": "TD01"}, ["VG-TD01-001"]),
            ({"origin": "AI"}, ["DR-U11"]),
            ({"creationMethod": "IMPORTED"}, ["CC-040"]),
            ({"userModified": "true"}, ["CC-040"]),
            ({"userModified": "false", "game": "chesscards"}, []),
            ({"archetype": "Gadget"}, ["DR-O10", "DR-U11"]),
            ({"archetype": "gadgets"}, ["DR-O10", "DR-U11"]),
            ({"archetype": "GADGET", "game": "darkrow"}, ["DR-O10", "DR-U11"]),
            ({"archetype": "Lycéen"}, ["DR-U11"]),
            ({"archetype": "Lycéenne"}, ["DR-U10"]),
            ({"archetype": "Lycéen(ne)"}, []),
            ({"archetype": "royal paladin"}, ["VG-TD01-001"]),
            ({"archetype": "--"}, []),
            ({"q": "echange equivalent"}, ["CC-040"]),
            ({"q": "ÉCHANGE pieces"}, ["CC-040"]),
            ({"q": "kazuha lyceenne"}, ["DR-U10"]),
            ({"q": "kazuha ducati"}, []),
            ({"q": "   "}, ["CC-040", "DR-L10", "DR-O10", "DR-U10", "DR-U11", "VG-TD01-001"]),
            ({"q": "%"}, []),
            ({"q": "_"}, []),
            ({"cites": "Chianti"}, ["DR-O10"]),
            ({"cites": '"Chianti"'}, ["DR-O10"]),
            ({"cites": "“Chianti”"}, ["DR-O10"]),
            ({"cites": "Chianti & Korn"}, ["DR-L10", "DR-U11"]),
            ({"cites": "Korn"}, []),
            ({"cites": "hattori heiji"}, ["DR-U10"]),
            ({"cites": "Kazuha"}, ["DR-U10"]),
            ({"cites": "x" * 5000}, []),
        ],
    )
    def test_filters(self, api, designer, catalogue, params, expected):
        assert ids(api(designer), **params) == expected

    @pytest.mark.parametrize(
        "query, expected",
        [
            ("game:darkrow t:unit", ["DR-U10", "DR-U11"]),
            ("t:leader or t:object", ["DR-L10", "DR-O10"]),
            ("game:darkrow -(t:unit)", ["DR-L10", "DR-O10"]),
            ('cites:"Chianti & Korn"', ["DR-L10", "DR-U11"]),
            ("cites:chianti", ["DR-O10"]),
            ('!"blaster blade"', ["VG-TD01-001"]),
            ('o:"une de tes"', ["CC-040"]),
            ('o:"tes une"', []),
            ("arch:gadget and name:agasa", ["DR-U11"]),
            ("lang:ru", ["VG-TD01-001"]),
            ("", ["CC-040", "DR-L10", "DR-O10", "DR-U10", "DR-U11", "VG-TD01-001"]),
        ],
    )
    def test_the_query_language(self, api, designer, catalogue, query, expected):
        assert ids(api(designer), query=query) == expected

    def test_query_order_is_the_lists_order(self, api, designer, catalogue):
        results = (
            api(designer).get(CARDS, {"query": "game:darkrow order:name direction:desc"}).json()["results"]
        )
        assert [c["name"] for c in results] == ["Toyama Kazuha", "Ducati", "Chianti & Korn", "Agasa"]

    @pytest.mark.parametrize(
        "query, column, hint",
        [
            ("(t:trigger or", 14, "add a term"),
            ("-", 1, "-t:leader"),
            ("colour:red", 1, "the keys are"),
            ("id>DR-1", 1, "id:DR-1"),
            ('cites:"Hattori', 7, "close it"),
        ],
    )
    def test_a_bad_query_is_a_400_with_its_column_and_a_hint(
        self, api, designer, catalogue, query, column, hint
    ):
        response = api(designer).get(CARDS, {"query": query})
        assert response.status_code == 400
        body = response.json()
        assert body["column"] == column
        assert hint in body["hint"]
        assert body["query"][0].startswith(f"column {column}: ")

    def test_filters_respect_what_the_user_may_see(self, api, playtester, catalogue):
        assert ids(api(playtester), archetype="Lycéenne") == ["DR-U10"]
        assert ids(api(playtester), cites="Chianti") == []
        assert ids(api(playtester), q="echange") == []
        assert ids(api(playtester), query="echange or kazuha") == ["DR-U10"]

    def test_a_card_route_is_not_narrowed_by_list_filters(self, api, designer, catalogue):
        assert api(designer).get(url("DR-U11"), {"status": "VALIDATED"}).status_code == 200


# --- pagination ----------------------------------------------------------------------------------------


def test_pagination(api, designer, make_card):
    for n in range(7):
        make_card("chesscards", stableCardId=f"CC-{n:03d}", name=f"Carte {n}")
    client = api(designer)
    first = client.get(CARDS, {"pageSize": 3}).json()
    assert first["count"] == 7 and len(first["results"]) == 3
    assert [c["name"] for c in first["results"]] == ["Carte 0", "Carte 1", "Carte 2"]
    last = client.get(CARDS, {"pageSize": 3, "page": 3}).json()
    assert [c["name"] for c in last["results"]] == ["Carte 6"] and last["next"] is None
    assert client.get(CARDS, {"pageSize": 3, "page": 4}).status_code == 404
    assert client.get(CARDS, {"page": "abc"}).status_code == 404
    assert client.get(CARDS, {"page": str(10**21)}).status_code == 404
    assert len(client.get(CARDS, {"pageSize": 0}).json()["results"]) == 7  # the default page size
    assert len(client.get(CARDS, {"pageSize": 10_000}).json()["results"]) == 7  # capped at 500
    middle = client.get(CARDS, {"pageSize": 3, "page": 2}).json()
    assert middle["count"] == 7 and middle["previous"] and middle["next"]


def test_a_count_past_the_cap_is_a_lower_bound(api, designer, make_card, monkeypatch):
    from cards.api import pagination

    monkeypatch.setattr(pagination, "MAX_COUNT", 4)
    for n in range(7):
        make_card("chesscards", stableCardId=f"CC-{n:03d}", name=f"Carte {n}")
    page = api(designer).get(CARDS, {"pageSize": 2}).json()
    assert page["count"] == 4 and page["countIsLowerBound"] is True
    last = api(designer).get(CARDS, {"pageSize": 2, "page": 4}).json()
    assert last["count"] == 7 and "countIsLowerBound" not in last


def test_revisions_are_paginated_newest_first(api, designer, draft):
    client = api(designer)
    for atk in (5, 6, 7):
        client.patch(url(draft), {"atk": atk}, format="json")
    page = client.get(url(draft, "revisions/"), {"pageSize": 2}).json()
    assert page["count"] == 4
    assert [(r["version"], r["action"]) for r in page["results"]] == [(4, "UPDATE"), (3, "UPDATE")]
    assert page["results"][0]["changes"] == {"atk": {"before": 6, "after": 7}}
    assert page["results"][0]["snapshot"]["atk"] == 7
    second = client.get(url(draft, "revisions/"), {"pageSize": 2, "page": 2}).json()
    assert [r["version"] for r in second["results"]] == [2, 1]


# --- queries are counted --------------------------------------------------------------------------


def test_the_card_list_costs_the_same_queries_for_5_or_50_cards(
    client, designer, make_card, django_assert_num_queries
):
    token = Token.objects.create(user=designer)
    headers = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    for n in range(5):
        make_card("vanguard", stableCardId=f"VG-A{n}", name=f"Unit {n}", archetypes=["Royal Paladin"])
    # token (and the permissions stamp) + user's permissions + group permissions + page (a last
    # page needs no COUNT)
    with django_assert_num_queries(4):
        assert client.get(CARDS, **headers).json()["count"] == 5
    # then the permissions are kept by the process while the stamp is unchanged (studio.permissions)
    with django_assert_num_queries(2):
        assert client.get(CARDS, **headers).json()["count"] == 5
    for n in range(45):
        make_card("vanguard", stableCardId=f"VG-B{n}", name=f"Unit B{n}")
    with django_assert_num_queries(2):
        assert len(client.get(CARDS, {"pageSize": 100}, **headers).json()["results"]) == 50
    with django_assert_num_queries(3):  # a full page: one bounded COUNT of the same filtered set
        assert client.get(CARDS, {"pageSize": 10}, **headers).json()["count"] == 50
    # + on SQLite, one sample of the cards per text condition (common or rare: cards.search)
    sqlite = connection.vendor == "sqlite"
    with django_assert_num_queries(2 + sqlite):
        assert client.get(CARDS, {"query": "t:normal_unit unit order:name"}, **headers).json()["count"] == 50
    with django_assert_num_queries(2 + 2 * sqlite):  # q and archetype
        assert (
            client.get(
                CARDS, {"q": "unit", "archetype": "Royal Paladin", "game": "vanguard"}, **headers
            ).json()["count"]
            == 5
        )


# --- authentication ------------------------------------------------------------------------------------


def test_token_authentication(client, designer, draft):
    token = Token.objects.create(user=designer)
    response = client.get(url(draft), HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert client.get(url(draft), HTTP_AUTHORIZATION="Token not-a-key").status_code == 401
    response = client.patch(
        url(draft), {"atk": 8}, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token.key}"
    )
    assert response.status_code == 200
    assert CardRevision.objects.filter(card=draft).order_by("version").last().author_name == "dana"


def test_session_authentication(client, designer, draft):
    client.force_login(designer)
    assert client.get(url(draft)).status_code == 200


def test_the_codes_route_serves_the_catalogue_and_each_game_lists_its_codes(api, playtester):
    from rules.codes import catalogue

    codes = {c["code"]: c for c in api(playtester).get("/api/codes/").json()}
    assert list(codes) == list(catalogue(registry))
    assert codes["ACTIVE_LEADER"] == {
        "code": "ACTIVE_LEADER",
        "topic": "deck",
        "severity": "warning",
        "severities": ["warning", "error"],
        "blocksReady": True,
        "reviewList": None,
        "neutral": False,
        "games": ["darkrow"],
        "params": ["section", "card", "type"],
        "help": catalogue(registry)["ACTIVE_LEADER"].help,
    }
    assert codes["EFFECT_BONUS_NO_DURATION"]["reviewList"] == "BONUS_DURATION_REVIEW"
    games = {g["key"]: g for g in api(playtester).get("/api/games/").json()}
    assert "ACTIVE_LEADER" in games["darkrow"]["codes"] and "ACTIVE_LEADER" not in games["duel"]["codes"]
    assert "DECK_SIZE" in games["duel"]["codes"]
    assert api().get("/api/codes/").status_code in (401, 403)
