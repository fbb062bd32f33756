"""/api/schema/ from the process's cache (common.schema.CachedSchemaGenerator).

The schema served from the cache is a fresh generation's, whoever asks; each language has its own;
registering another game gives a new one (and taking it out the old one). The cache's own logic
(copies, its size, a changed setting) is checked with a stand-in generation, which costs nothing.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client, override_settings
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView
from rest_framework.test import APIRequestFactory

from common import schema as schema_module
from rules import registry
from rules.ruleset import RuleSet

pytestmark = pytest.mark.django_db


class Gravel(RuleSet):
    key = "gravel"
    name = "Gravel"
    card_types = ("PEBBLE",)
    id_prefix = "GR"


def served(client=None, **params) -> dict:
    response = (client or Client()).get("/api/schema/", params, HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    return response.json()


def fresh(language: str) -> dict:
    """drf-spectacular's own view, without the cache: a generation of its own."""
    request = APIRequestFactory().get("/api/schema/", HTTP_ACCEPT="application/json")
    with translation.override(language):
        response = SpectacularAPIView.as_view()(request)
        response.render()
    return json.loads(response.content)


def test_the_served_schema_is_a_fresh_generation_for_anyone(client_as, designer):
    first = served()
    assert served() == first  # from the cache
    assert served(client_as(designer)) == first  # who asks does not matter
    assert fresh("en") == first


def test_each_language_has_its_own_schema():
    english = served()
    french = served(lang="fr")
    assert french != english
    assert "Un numéro de page de l'ensemble des résultats." in json.dumps(french, ensure_ascii=False)
    assert served(lang="fr") == french and served() == english


def game_enums(schema: dict) -> list[list[str]]:
    return [
        p["schema"]["enum"]
        for operations in schema["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict)
        for p in operation.get("parameters", [])
        if p["name"] == "game" and "enum" in p["schema"]
    ]


def test_registering_another_game_gives_another_schema():
    before = served()
    assert before and all(Gravel.key not in enum for enum in game_enums(before))
    with registry.registered(Gravel):
        assert any(Gravel.key in enum for enum in game_enums(served()))
    assert served() == before


@pytest.fixture
def stand_in(monkeypatch):
    """drf-spectacular's generation replaced by a counter: each generation is a new schema."""
    schema_module.clear_cache()
    generated = []

    def get_schema(self, request=None, public=False):
        generated.append(translation.get_language())
        return {"generation": len(generated), "parts": {"games": registry.keys()}}

    monkeypatch.setattr(SchemaGenerator, "get_schema", get_schema)
    yield generated
    schema_module.clear_cache()


def test_a_caller_changing_its_schema_does_not_change_the_cache(stand_in):
    generator = schema_module.CachedSchemaGenerator()
    first = generator.get_schema(public=True)
    first["parts"]["games"].append("changed")
    first["generation"] = 99
    again = schema_module.CachedSchemaGenerator().get_schema(public=True)
    assert again == {"generation": 1, "parts": {"games": registry.keys()}}
    assert stand_in == ["en"]


def test_the_cache_keeps_its_size_and_a_changed_setting_empties_it(stand_in, monkeypatch):
    monkeypatch.setattr(schema_module, "CACHE_SIZE", 2)

    def ask(version, public=True):
        schema_module.CachedSchemaGenerator(api_version=version).get_schema(public=public)
        return len(stand_in)

    for version in ["a", "b", "c"]:  # ?version= is anyone's input
        ask(version)
    assert len(schema_module._cache) == 2 and len(stand_in) == 3
    assert ask("b") == 3  # kept, and now the newest
    assert ask("a") == 4  # the oldest (c) went
    assert ask("b") == 4 and ask("c") == 5  # c again, and a went
    with override_settings(MEDIA_ROOT="/elsewhere", API_THROTTLING=True):  # not read by the schema
        assert ask("b") == 5 and len(schema_module._cache) == 2
    with override_settings(SPECTACULAR_SETTINGS={"VERSION": "2"}):
        assert len(schema_module._cache) == 0
        assert ask("c") == 6
    assert ask("c") == 7  # the setting back: emptied again
    # The public schema and one filtered by the asker's permissions are not the same entry.
    assert ask("c", public=False) == 8
