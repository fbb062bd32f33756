"""Every route of the URL resolver, probed with what a hostile client sends: NUL characters in the
path, the query string and the body, JSON nested far too deep, and methods a route does not have.
Nothing may answer 500 (the test client hands the 500s back as responses, with what raised)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.module_data import built_once, fresh, make_user

pytestmark = pytest.mark.django_db

DEEP = "[" * 50_000 + "]" * 50_000
NUL_BODY = {
    "name": "a\x00b",
    "game": "darkrow",
    "note": "\x00",
    "text": "\x00",
    "status": "VALIDATED",
    "sections": {"ma\x00in": [{"card": "DR\x00", "count": 1}]},
    "cards": ["\x00"],
    "banlist": {"\x00": 1},
    "decklist": "1 \x00",
    "q": "\x00",
}


def routes() -> list[tuple[str, URLPattern]]:
    """(name, pattern) of every named route but the admin's (Django's own, tested upstream)."""

    def walk(patterns, namespace=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                if str(p.pattern).startswith("admin/"):
                    continue
                yield from walk(p.url_patterns, namespace + (f"{p.namespace}:" if p.namespace else ""))
            elif isinstance(p, URLPattern) and p.name:
                yield namespace + p.name, p

    return list(walk(get_resolver().url_patterns))


def kwarg_names(pattern: URLPattern) -> list[str]:
    return list(pattern.pattern.regex.groupindex)


@pytest.fixture(scope="module")
def built_world(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The admin, a card, a deck and an audit, built once for the module (``tests.module_data.built_once``):
    each test runs in a savepoint of the module's transaction, so what a probe's requests change (a
    route that answers a body it accepts) is undone before the next test."""
    with built_once(request, django_db_blocker, tmp_path_factory):
        yield build_world()


def build_world() -> dict:
    from decks import services as deck_services
    from reviews import audits as review_services
    from tests.factories import new_card

    admin = make_user(username="root", is_staff=True, is_superuser=True)
    card = new_card("darkrow", admin)
    deck = deck_services.deck_create(
        data={"game": "darkrow", "name": "d", "sections": {"main": [{"card": card.stable_id, "count": 1}]}},
        user=admin,
    )
    audit = review_services.audit_start(game="duel", enqueue=False)
    return {"admin": admin, "card": card, "deck": deck, "audit": audit}


@pytest.fixture
def world(built_world, db):
    """The module's objects as the database holds them in this test's savepoint (``db``): read anew,
    so that no test hands the next one an object it changed (a login sets the admin's last login)."""
    return {name: fresh(obj) for name, obj in built_world.items()}


def concrete_urls(world) -> list[tuple[str, str]]:
    urls = set()
    for name, pattern in routes():
        kwargs = {}
        for key in kwarg_names(pattern):
            if key in ("stable_id", "stableCardId"):
                kwargs[key] = world["card"].stable_id
            elif key == "pk":
                kwargs[key] = world["deck"].pk if "deck" in name else world["audit"].pk
            elif key == "game":
                kwargs[key] = "darkrow"
            elif key == "decision":
                kwargs[key] = "accept"
            elif key == "format":
                kwargs[key] = "json"
            else:
                kwargs[key] = 1
        try:
            urls.add((name, reverse(name, kwargs=kwargs)))
        except Exception:  # a route reversible only with other kwargs (a sibling pattern covers it)
            continue
    return sorted(urls)


@pytest.fixture
def admin_client(world):
    client = Client(raise_request_exception=False)
    client.force_login(world["admin"])
    return client


def test_the_probe_covers_every_route(world):
    names = {name for name, _ in routes()}
    covered = {name for name, _ in concrete_urls(world)}
    assert names == covered
    assert len(covered) > 60


def test_a_nul_character_in_the_query_string_is_a_400_on_every_route(world, admin_client):
    wrong = {}
    for name, url in concrete_urls(world):
        response = admin_client.get(url, {"q": "a\x00b", "game": "darkrow"})
        if response.status_code != 400:
            wrong[name] = response.status_code
    assert wrong == {}


def test_a_nul_character_in_the_path_is_a_400_on_every_route(world, admin_client):
    wrong = {}
    for name, url in concrete_urls(world):
        probed = re.sub(r"/([^/]+)/$", r"/\1%00/", url) if url.endswith("/") and url != "/" else url + "%00"
        response = admin_client.get(probed)
        if response.status_code != 400:
            wrong[name] = response.status_code
    assert wrong == {}


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_nul_characters_and_deep_nesting_in_a_body_never_answer_500(world, admin_client, method):
    errors = {}
    for _name, url in concrete_urls(world):
        send = getattr(admin_client, method)
        for label, body, content_type in [
            ("deep JSON", DEEP, "application/json"),
            ("NUL in JSON", json.dumps(NUL_BODY), "application/json"),
        ]:
            response = send(url, body, content_type=content_type)
            if response.status_code >= 500:
                errors[f"{method.upper()} {url} ({label})"] = response.status_code
        if method == "post":
            response = admin_client.post(url, {k: str(v) for k, v in NUL_BODY.items()})
            if response.status_code >= 500:
                errors[f"POST {url} (NUL in a form)"] = response.status_code
    assert errors == {}


def test_deep_nesting_in_an_api_body_is_a_400_with_a_message(world, admin_client):
    response = admin_client.post("/api/decks/validate/", DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]
    response = admin_client.patch(
        f"/api/decks/{world['deck'].pk}/", json.dumps(NUL_BODY), content_type="application/json"
    )
    assert response.status_code == 400 and "NUL" in response.json()["detail"]


def test_every_get_route_renders_as_html_for_a_browser(world, designer):
    """A browser asks for ``text/html``: the API answers with DRF's browsable page, whose forms are built
    from each view's ``get_serializer()`` (the raw JSON forms of POST and PATCH). Every API route, as the
    admin (every form shown), a designer (some) and anonymous (none): no 5xx. (The site's own pages are
    HTML whatever is asked: the other probes and their apps' tests cover them.)"""
    designer_client = Client(raise_request_exception=False)
    designer_client.force_login(designer)
    admin_client = Client(raise_request_exception=False)
    admin_client.force_login(world["admin"])
    clients = {
        "admin": admin_client,
        "designer": designer_client,
        "anonymous": Client(raise_request_exception=False),
    }
    errors = {}
    api_urls = [url for _name, url in concrete_urls(world) if url.startswith("/api/")]
    assert len(api_urls) > 40
    for url in api_urls:
        for who, client in clients.items():
            response = client.get(url, HTTP_ACCEPT="text/html")
            if response.status_code >= 500:
                errors[f"{who} GET {url}"] = response.status_code
    assert errors == {}


@pytest.mark.parametrize("who", ["admin", "designer"])
def test_the_browsable_api_shows_the_card_forms(world, designer, who):
    """The raw JSON forms are the bodies the schema documents: a new card's (POST) and an edit's (PATCH)."""
    client = Client(raise_request_exception=False)
    client.force_login(world["admin"] if who == "admin" else designer)
    listing = client.get("/api/cards/", HTTP_ACCEPT="text/html")
    assert listing.status_code == 200 and listing["Content-Type"].startswith("text/html")
    post_form = listing.content.decode().split('id="post-generic-content-form"')[1]
    assert "&quot;stableCardId&quot;" in post_form and "&quot;game&quot;" in post_form
    detail = client.get(f"/api/cards/{world['card'].stable_id}/", HTTP_ACCEPT="text/html")
    assert detail.status_code == 200 and world["card"].stable_id in detail.content.decode()
    patch_form = detail.content.decode().split('id="put-generic-content-form"')[1]
    assert 'data-method="PATCH"' in patch_form and "&quot;version&quot;" in patch_form
