"""The API's JSON renderer localizes the findings of an answer, and walks only the answers that can
hold one (an object with a ``message`` key): the others are sent as written, byte for byte."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from common import finding_messages as fm
from common import renderers
from rules.findings import error


def deck_size(n: int) -> dict:
    return error(
        "DECK_SIZE", section="main", params={"section": "main", "observed": n, "expected": 50}
    ).to_dict()


def walked(data) -> bytes:
    """What the renderer sent before it skipped the walk: every answer localized, then written."""
    return renderers.JSONRenderer()._render(fm.localize(data), None, None)


def test_a_french_answer_with_a_finding_is_localized(test_catalogue):
    data = {"legal": False, "violations": [deck_size(3)], "cards": [{"name": "A", "fields": {"x": [1]}}]}
    with translation.override("fr"):
        body = renderers.JSONRenderer().render(data)
        assert body == walked(data)
    assert (
        json.loads(body)["violations"][0]["message"] == "Deck principal : 3 cartes ; il en faut exactement 50"
    )


def test_an_answer_without_a_finding_is_not_walked(monkeypatch):
    def refuse(data):
        raise AssertionError("walked")

    data = {"results": [{"name": "Blaster Blade", "text": 'says "message" and code', "code": "X"}] * 3}
    with translation.override("fr"):
        expected = walked(data)
        monkeypatch.setattr(renderers, "localize", refuse)
        assert renderers.JSONRenderer().render(data) == expected


def test_a_nested_finding_in_a_list_of_cards_is_found(test_catalogue, monkeypatch):
    data = {"results": [{"name": "A"}, {"name": "B", "findings": [deck_size(2)]}]}
    calls = []
    monkeypatch.setattr(renderers, "localize", lambda d: calls.append(d) or fm.localize(d))
    with translation.override("ru"):
        body = renderers.JSONRenderer().render(data)
        assert body == walked(data)
    assert calls == [data]
    assert json.loads(body)["results"][1]["findings"][0]["message"].startswith("в разделе «Основная колода»")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_text_utf8_cannot_hold_is_escaped_with_or_without_a_finding(language, test_catalogue):
    finding = {**deck_size(3), "card": "a\udc80"}
    for data in ({"name": "a\udc80"}, {"violations": [finding]}):
        with translation.override(language):
            body = renderers.JSONRenderer().render(data)
            assert body == walked(data)
        assert b"\\udc80" in body
