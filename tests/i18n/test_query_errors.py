"""A query the card search cannot read is explained in the reader's language (the page and the
API), with its column and how to fix it; the query language's own words (keys, or, asc) stay."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation
from rest_framework.authtoken.models import Token

from cards.query import QueryError, parse

pytestmark = pytest.mark.django_db

QUERIES = ["(t:unit", "t:unit or", "lang:de", "cost>x", "order:cost direction:up", "'", "-"]


def reason(text: str, language: str) -> str:
    from cards.models import Card
    from cards.search import card_find

    with translation.override(language), pytest.raises(QueryError) as caught:
        parse(text)
        card_find(Card.objects.all(), text, game="darkrow")
    return str(caught.value)


@pytest.mark.parametrize("text", QUERIES)
def test_every_error_reads_in_three_languages(text):
    said = {language: reason(text, language) for language in ("en", "fr", "ru")}
    assert len(set(said.values())) == 3, said
    assert said["fr"].startswith("colonne "), said
    assert said["ru"].startswith("столбец "), said


def test_the_card_browser_explains_a_query_in_french(client, designer):
    client.force_login(designer)
    response = client.get("/cards/", {"q": "(t:unit"}, HTTP_ACCEPT_LANGUAGE="fr")
    text = re.sub(r"[ \t\r\n]+", " ", html.unescape(response.content.decode()))  # no-break spaces kept
    assert response.status_code == 200
    assert "colonne 8\xa0: une «\xa0(\xa0» n’est pas fermée\u202f; ajoutez «\xa0)\xa0» à la fin" in text
    assert "is not closed" not in text


def test_the_api_explains_a_query_in_russian(client, playtester):
    token = Token.objects.create(user=playtester)
    response = client.get(
        "/api/cards/",
        {"query": "game:darkrow cost>x"},
        HTTP_AUTHORIZATION=f"Token {token.key}",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["column"] == 14
    assert body["reason"] == "cost — число, а не 'x'"
    assert body["hint"] == "например, cost<=3"
