"""The translation routes (FORMATS.md v1.2): read, write, review; playtesters see only current
VALIDATED translations."""

from __future__ import annotations

import pytest

from cards import services

pytestmark = pytest.mark.django_db

RU = {"name": "Тояма Кадзуха", "text": "Возьмите карту.", "archetypes": ["Школьница"]}


@pytest.fixture
def kazuha(make_card, designer):
    return make_card("darkrow", user=designer, text="Piochez une carte.", archetypes=["Lycéenne"])


def url(card, language="", tail=""):
    base = f"/api/cards/{card.stable_id}/translations/"
    return base + (f"{language}/" if language else "") + tail


def test_a_designer_writes_a_translation_and_reads_it_back(api, kazuha, designer):
    answer = api(designer).put(url(kazuha, "ru"), RU, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["language"], body["name"], body["sourceVersion"], body["status"], body["stale"]) == (
        "ru",
        RU["name"],
        1,
        "DRAFT",
        False,
    )
    assert answer["ETag"] == '"1"'
    listed = api(designer).get(url(kazuha)).json()
    assert listed["sourceLanguage"] == "fr" and [t["language"] for t in listed["translations"]] == ["ru"]
    history = api(designer).get(url(kazuha, "ru", "revisions/")).json()
    assert [(r["version"], r["action"], r["author"]) for r in history] == [(1, "SAVE", "dana")]


def test_a_stale_translation_says_so_with_the_source_diff_and_a_stale_if_match_is_412(api, kazuha, designer):
    api(designer).put(url(kazuha, "ru"), RU, format="json")
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    body = api(designer).get(url(kazuha, "ru")).json()
    assert body["stale"] is True
    assert [f["code"] for f in body["findings"]] == ["TRANSLATION_STALE"]
    assert body["sourceDiff"]["changes"]["text"]["after"] == "Piochez deux cartes."
    stale = api(designer).put(url(kazuha, "ru"), RU, format="json", HTTP_IF_MATCH='"7"')
    assert stale.status_code == 412


def test_structured_data_and_the_cards_own_language_are_400s_naming_the_field(api, kazuha, designer):
    answer = api(designer).put(url(kazuha, "ru"), {**RU, "atk": 3}, format="json")
    assert answer.status_code == 400
    assert [e["field"] for e in answer.json()["errors"]] == ["translations.ru.atk"]
    assert api(designer).put(url(kazuha, "fr"), RU, format="json").status_code == 400


def test_playtesters_see_only_validated_current_translations_and_write_none(
    api, kazuha, designer, reviewer, playtester
):
    services.card_set_status(stable_id=kazuha.stable_id, status="NEEDS_REVIEW", user=designer)
    services.card_set_status(stable_id=kazuha.stable_id, status="VALIDATED", user=reviewer)
    api(designer).put(url(kazuha, "ru"), RU, format="json")
    assert api(playtester).get(url(kazuha)).json()["translations"] == []
    assert api(playtester).get(url(kazuha, "ru")).status_code == 404
    assert api(playtester).put(url(kazuha, "ru"), RU, format="json").status_code == 403
    assert (
        api(designer).post(url(kazuha, "ru", "status/"), {"status": "VALIDATED"}, format="json").status_code
        == 403
    )
    moved = api(reviewer).post(url(kazuha, "ru", "status/"), {"status": "VALIDATED"}, format="json")
    assert moved.status_code == 200 and moved.json()["status"] == "VALIDATED"
    assert api(playtester).get(url(kazuha, "ru")).json()["name"] == RU["name"]


def test_validating_a_stale_translation_is_a_409(api, kazuha, designer, reviewer):
    api(designer).put(url(kazuha, "ru"), RU, format="json")
    services.card_update(stable_id=kazuha.stable_id, data={"name": "Kazuha"}, user=designer)
    answer = api(reviewer).post(url(kazuha, "ru", "status/"), {"status": "VALIDATED"}, format="json")
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "TRANSLATION_STALE"


def test_the_queue_lists_waiting_and_stale_translations_with_their_source(api, kazuha, designer, playtester):
    api(designer).put(url(kazuha, "ru"), RU, format="json")
    [item] = api(designer).get("/api/translations/queue/").json()
    assert item["stableCardId"] == kazuha.stable_id
    assert item["source"]["text"] == "Piochez une carte." and item["source"]["language"] == "fr"
    assert item["translation"]["text"] == RU["text"]
    assert api(playtester).get("/api/translations/queue/").status_code == 403


def test_an_unknown_card_is_a_404(api, designer):
    assert api(designer).get("/api/cards/DR-NOPE/translations/").status_code == 404
    assert api(designer).put("/api/cards/DR-NOPE/translations/ru/", RU, format="json").status_code == 404


def test_a_cards_own_write_refuses_translations_rather_than_dropping_them(api, kazuha, designer):
    answer = api(designer).patch(
        f"/api/cards/{kazuha.stable_id}/", {"translations": {"ru": RU}}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "translations"
    created = api(designer).post(
        "/api/cards/",
        {
            "game": "darkrow",
            "name": "X",
            "type": "UNIT",
            "cost": 1,
            "atk": 1,
            "pv": 1,
            "translations": {"ru": RU},
        },
        format="json",
    )
    assert created.status_code == 400


def test_q_finds_a_card_by_its_current_translated_name_accent_and_case_insensitively(
    api, kazuha, designer, reviewer, playtester
):
    services.card_set_status(stable_id=kazuha.stable_id, status="NEEDS_REVIEW", user=designer)
    services.card_set_status(stable_id=kazuha.stable_id, status="VALIDATED", user=reviewer)
    api(designer).put(url(kazuha, "ru"), RU, format="json")

    def found(q):
        return [c["stableCardId"] for c in api(playtester).get("/api/cards/", {"q": q}).json()["results"]]

    assert found("кадзуха") == []  # a DRAFT translation is not searched
    api(reviewer).post(url(kazuha, "ru", "status/"), {"status": "VALIDATED"}, format="json")
    assert found("КАДЗУХА") == [kazuha.stable_id]
    assert found("тояма кадзуха") == [kazuha.stable_id]
    assert found("Kazuha") == [kazuha.stable_id]  # the source name still finds it
    assert found("кадзуха другая") == []
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    assert found("кадзуха") == []  # STALE: not printed, not searched
