"""The OpenAPI schema lists every status code each operation can answer, with its body.

A drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``) adds, to
each operation, the error answers the studio's plumbing can give it whatever the view does, and
that the view did not document itself (``extend_schema``):

- every operation: 400 (bad parameter, a NUL character in the path or query), 401 (no or a bad
  token), 403 (role, CSRF), 404 (nothing you may see there; a page past the last), 405 (the
  method checked before anything else), 429 (throttled, with ``Retry-After``);
- an operation with a body: 413 (over ``DATA_UPLOAD_MAX_MEMORY_SIZE``), 415 (not JSON, not a form);
- a write (POST, PUT, PATCH, DELETE): 409 (the state forbids it);
- a write of something versioned (cards, decks, proposals; ``If-Match`` or ``version``): 412;
- every operation: 503 (the database could not be reached, with ``Retry-After``: common.outages).

It also makes the schema as strict as the server where the server refuses what a looser schema
allows: every ``game`` a client sends (a parameter, a key of a request body) is one of the games
(``enum``; "" too where the body says empty means every game), and every whole-number parameter
says its least value (``page`` and an id start at 1, an event number at 0).

Each answers the error body (:data:`ERROR`): ``detail`` for people, and for bad input a list of
messages per field and every finding (``errors``). Schemathesis checks each answer against it.

/api/schema/ serves it from a cache of the process (:class:`CachedSchemaGenerator`): generating
it takes most of a second, and it is the same until the language, the version asked for or the
registered games change (or a setting, in tests), which the cache's key says.
"""

from __future__ import annotations

import copy
import re
import threading
from collections import OrderedDict
from typing import Any

from django.core.signals import setting_changed
from django.urls import get_urlconf
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView

from rules import registry

ERROR_COMPONENT = "Error"
ERROR: dict[str, Any] = {
    "type": "object",
    "description": (
        "An error answer: `detail` for people (absent from some 400s, which give a list of messages "
        "per field instead); `errors`, every finding; `currentVersion` with a 412; a table's route also "
        "says the first finding's `code` and, where the client catches up from it, the table's `seq`."
    ),
    "properties": {
        "detail": {"type": "string"},
        "errors": {"type": "array", "items": {"type": "object"}},
        "currentVersion": {"type": "integer"},
        "code": {"type": "string"},
        "seq": {"type": "integer"},
    },
    "additionalProperties": True,
}

DESCRIPTIONS = {
    "400": "Bad input: a message per field, or what is wrong with a parameter.",
    "401": "Not authenticated (no credentials, or a token that does not exist).",
    "403": "Not allowed for your role (or a missing CSRF token with a session).",
    "404": "Nothing there that you may see.",
    "405": "The route does not have this method (`Allow` lists those it has).",
    "409": "The state of what you act on forbids this.",
    "412": "Stale version: it changed since you read it (`currentVersion`); nothing was changed.",
    "413": "The body is over the size limit.",
    "415": "The body is not of a type the route reads.",
    "429": "Too many requests: wait the `Retry-After` seconds.",
    "503": "The database could not be reached; nothing was saved: wait the `Retry-After` seconds.",
}

WRITES = {"post", "put", "patch", "delete"}
# Writes that check a version (If-Match or "version"): a stale one answers 412.
VERSIONED = [
    (re.compile(r"^/api/cards/\{stableCardId\}/$"), {"patch", "put", "delete"}),
    (re.compile(r"^/api/cards/\{stableCardId\}/(status|revert)/$"), {"post"}),
    (re.compile(r"^/api/decks/\{id\}/$"), {"put", "patch", "delete"}),
    (re.compile(r"^/api/proposals/\{id\}/(accept|reject)/$"), {"post"}),
]


def codes_for(path: str, method: str, operation: dict) -> list[str]:
    codes = ["400", "401", "403", "404", "405", "429", "503"]
    if "requestBody" in operation:
        codes += ["413", "415"]
    if method in WRITES:
        codes.append("409")
        if any(pattern.match(path) and method in methods for pattern, methods in VERSIONED):
            codes.append("412")
    return codes


def error_responses(result: dict, generator, request, public) -> dict:
    """The postprocessing hook: add the error answers (and the Error component) to every operation."""
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR_COMPONENT] = ERROR
    body = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}}}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            for code in codes_for(path, method, operation):
                answer = responses.setdefault(code, {"description": DESCRIPTIONS[code]})
                answer.setdefault("content", body)
            _strict_parameters(operation)
            _required_alternatives(operation, result["components"]["schemas"])
    for name, component in result["components"]["schemas"].items():
        if name.endswith("Request"):  # what a client sends (COMPONENT_SPLIT_REQUEST)
            _strict_game(component.get("properties", {}).get("game"))
    _patched_alternatives(result["components"]["schemas"])
    return result


# A PATCH of a deck is one of the two shapes of a deck sent whole, each key optional: the decklist
# shape still requires its decklist, and the sections shape holds none (either keys or a decklist),
# so that a body is exactly one of them.
PATCHED_ALTERNATIVES = {
    "PatchedDeckByDecklistRequest": "decklist",
    "PatchedDeckBySectionsRequest": None,
}


def _patched_alternatives(components: dict) -> None:
    for name, required in PATCHED_ALTERNATIVES.items():
        component = components.get(name)
        if component is None:
            continue
        if required:
            component["required"] = [required]
        else:
            component["not"] = {"required": ["decklist"]}


def _required_alternatives(operation: dict, components: dict) -> None:
    """A body that is one of several shapes (oneOf: a deck by sections or by decklist) is required."""
    body = operation.get("requestBody")
    if not body:
        return
    for content in body.get("content", {}).values():
        ref = content.get("schema", {}).get("$ref", "")
        if "oneOf" in components.get(ref.rsplit("/", 1)[-1], {}):
            body["required"] = True


def _strict_game(schema: dict | None) -> None:
    """A ``game`` string the server checks against the games: say which they are."""
    if not schema or schema.get("type") != "string" or "enum" in schema or "$ref" in schema:
        return
    games = list(registry.keys())
    if schema.get("default") == "" or "Empty" in schema.get("description", ""):
        games.insert(0, "")  # empty: every game
    schema["enum"] = games
    schema.pop("minLength", None)
    schema.pop("maxLength", None)


def _strict_parameters(operation: dict) -> None:
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        if parameter.get("name") == "game":
            _strict_game(schema)
        elif schema.get("type") == "integer":
            _whole_parameter(parameter, schema)


# The least value of each whole-number query parameter the server reads (the others: 0). A page,
# a card's version and a seat count from 1; an event number (``since``, ``at``) from 0.
QUERY_MINIMUMS = {"page": 1, "pageSize": 1, "version": 1, "from": 1, "seat": 1}
PAGE_SIZE_MAX = 500  # common.api.Pagination.max_page_size


def _whole_parameter(parameter: dict, schema: dict) -> None:
    """An integer parameter says its least value: an id in a path is 1 or more (a database key)."""
    if parameter.get("in") == "path":
        schema.setdefault("minimum", 1)
    elif parameter.get("in") == "query":
        schema.setdefault("minimum", QUERY_MINIMUMS.get(parameter.get("name", ""), 0))
        if parameter.get("name") == "pageSize":
            schema.setdefault("maximum", PAGE_SIZE_MAX)


# --- The schema, generated once per process for what it depends on ---------------------------------
# A few entries: the languages, a version asked for (?version=, ?lang= are anyone's input, so the
# oldest entry goes), the games of a test that registers one more for a while.
CACHE_SIZE = 8
_cache: OrderedDict[tuple, dict] = OrderedDict()
_lock = threading.Lock()


def cache_key(generator: SchemaGenerator, public: bool) -> tuple:
    """What the schema depends on once the process has started: the active language (titles, help
    texts), the version and URL conf asked for, public or not, and the registered games (their
    classes: a game registered again under the same key is another game)."""
    return (
        translation.get_language(),
        generator.api_version,
        public,
        repr(generator.urlconf) if generator.urlconf is not None else get_urlconf(),
        id(generator.patterns) if generator.patterns is not None else None,
        tuple((ruleset.key, type(ruleset)) for ruleset in registry),
    )


# The settings the schema is made of (drf-spectacular's and the REST framework's, the routes, the
# languages, the body size limit a description says): changing one (override_settings, in tests)
# empties the cache. Every test overrides others (tests/conftest.py): they leave it as it is.
SCHEMA_SETTINGS = frozenset(
    {
        "SPECTACULAR_SETTINGS",
        "REST_FRAMEWORK",
        "ROOT_URLCONF",
        "INSTALLED_APPS",
        "LANGUAGES",
        "LANGUAGE_CODE",
        "USE_I18N",
        "DATA_UPLOAD_MAX_MEMORY_SIZE",
    }
)


def clear_cache(**kwargs) -> None:
    with _lock:
        _cache.clear()


def _setting_changed(setting: str = "", **kwargs) -> None:
    if setting in SCHEMA_SETTINGS:
        clear_cache()


setting_changed.connect(_setting_changed, dispatch_uid="common.schema.setting_changed")


class CachedSchemaGenerator(SchemaGenerator):
    """drf-spectacular's generator, whose schema is kept for the key of :func:`cache_key`.

    Each request gets a copy (a caller may change what it got; the cache stays as generated).
    """

    def get_schema(self, request=None, public=False):
        key = cache_key(self, public)
        with _lock:
            schema = _cache.get(key)
            if schema is not None:
                _cache.move_to_end(key)
        if schema is None:
            schema = super().get_schema(request=request, public=public)
            with _lock:
                _cache[key] = schema
                while len(_cache) > CACHE_SIZE:
                    _cache.popitem(last=False)
        return copy.deepcopy(schema)


class SchemaView(SpectacularAPIView):
    """/api/schema/: drf-spectacular's view, the schema from the process's cache."""

    generator_class = CachedSchemaGenerator
