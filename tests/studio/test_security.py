"""Brute force slowed (login lockout, API throttles), the security headers, 405/OPTIONS/413."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def throttled(settings):
    """Throttling on (the suite runs without), with small rates and an empty cache."""
    settings.API_THROTTLING = True
    settings.API_THROTTLE_RATES = {"anon": "3/min", "user": "5/min", "token_failure": "3/hour"}
    cache.clear()
    yield settings
    cache.clear()


# --- login lockout --------------------------------------------------------------------------
def login(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_repeated_wrong_passwords_lock_out_even_the_right_one_with_a_clear_message(designer, settings):
    designer.set_password("right-password-1")
    designer.save()
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client, designer.username, "wrong").status_code == 200  # the form again
    assert login(client, designer.username, "wrong").status_code == 429  # the last one allowed
    locked = login(client, designer.username, "right-password-1")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many failed logins" in page and designer.username in page
    assert "15 minutes" in page and int(locked["Retry-After"]) == 15 * 60
    assert "_auth_user_id" not in client.session


def test_the_unlock_command_lets_the_user_in_again(designer, settings):
    designer.set_password("right-password-1")
    designer.save()
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, designer.username, "wrong")
    assert login(client, designer.username, "right-password-1").status_code == 429
    call_command("axes_reset_username", designer.username)
    assert login(client, designer.username, "right-password-1").status_code == 302


def test_a_lockout_is_per_user_and_address(designer, reviewer, settings):
    for user in (designer, reviewer):
        user.set_password("right-password-1")
        user.save()
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, designer.username, "wrong")
    assert login(client, reviewer.username, "right-password-1").status_code == 302
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert login(elsewhere, designer.username, "right-password-1").status_code == 302


def test_fewer_failures_than_the_limit_do_not_lock(designer, settings):
    designer.set_password("right-password-1")
    designer.save()
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        login(client, designer.username, "wrong")
    assert login(client, designer.username, "right-password-1").status_code == 302


# --- API throttles --------------------------------------------------------------------------
def test_anonymous_api_traffic_is_throttled_with_retry_after(throttled):
    client = Client()
    answers = [client.get("/api/schema/").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    response = client.get("/api/schema/")
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert b"throttled" in response.content


def test_each_user_is_throttled_on_their_own(throttled, api, designer, reviewer):
    client = api(designer)
    assert [client.get("/api/games/").status_code for _ in range(6)] == [200] * 5 + [429]
    assert api(reviewer).get("/api/games/").status_code == 200


def test_wrong_tokens_are_throttled_per_address_but_never_lock_out_a_right_one(throttled, designer):
    """One client's wrong tokens (behind a shared address: a proxy, an office) cost another client
    with its right token nothing; the wrong ones get 429 once the address sent too many."""
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=designer)
    client = Client()
    wrong = [client.get("/api/games/", HTTP_AUTHORIZATION="Token " + "0" * 40).status_code for _ in range(4)]
    assert wrong == [401, 401, 401, 429]
    refused = client.get("/api/games/", HTTP_AUTHORIZATION="Token " + "1" * 40)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {token.key}").status_code == 200
    other = Client(REMOTE_ADDR="10.0.0.8")
    assert other.get("/api/games/", HTTP_AUTHORIZATION="Token " + "0" * 40).status_code == 401


def test_wrong_passwords_on_many_usernames_lock_the_address(designer, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 6
    designer.set_password("right-password-1")
    designer.save()
    client = Client()
    for i in range(settings.AXES_ADDRESS_FAILURE_LIMIT):  # one try each: no user reaches its own limit
        login(client, f"someone-{i}", "wrong")
    locked = login(client, designer.username, "right-password-1")
    assert locked.status_code == 429 and int(locked["Retry-After"]) == 15 * 60
    page = locked.content.decode()
    assert "A password was wrong 6 times from your address" in page and designer.username not in page
    assert "_auth_user_id" not in client.session
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert login(elsewhere, designer.username, "right-password-1").status_code == 302


def test_fewer_wrong_passwords_than_the_address_limit_lock_nobody_else(designer, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 6
    designer.set_password("right-password-1")
    designer.save()
    client = Client()
    for i in range(settings.AXES_ADDRESS_FAILURE_LIMIT - 1):
        login(client, f"someone-{i}", "wrong")
    assert login(client, designer.username, "right-password-1").status_code == 302


def test_throttling_off_counts_nothing(settings, api, designer):
    settings.API_THROTTLING = False
    settings.API_THROTTLE_RATES = {"anon": "1/min", "user": "1/min", "token_failure": "1/hour"}
    assert {api(designer).get("/api/games/").status_code for _ in range(5)} == {200}


# --- headers --------------------------------------------------------------------------------
def test_pages_have_a_content_security_policy_with_a_nonce_and_a_permissions_policy(client_as, designer):
    response = client_as(designer).get("/")
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy and "'unsafe-eval'" not in policy
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src "))
    assert "'unsafe-inline'" not in script_src
    assert (
        "camera=()" in response["Permissions-Policy"] and "geolocation=()" in response["Permissions-Policy"]
    )


def test_every_inline_script_and_style_carries_the_nonce(client_as, designer):
    import re

    response = client_as(designer).get("/decks/")
    page = response.content.decode()
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"])
    for tag in re.findall(r"<(?:script|style)\b[^>]*>", page):
        assert "src=" in tag or (nonce and f'nonce="{nonce.group(1)}"' in tag), tag


def test_the_api_has_the_headers_too(api, designer):
    response = api(designer).get("/api/games/")
    assert "Content-Security-Policy" in response and "Permissions-Policy" in response


# --- methods, OPTIONS, body size -------------------------------------------------------------
@pytest.mark.parametrize(
    "method, url",
    [
        ("put", "/api/proposals/"),
        ("delete", "/api/audits/"),
        ("patch", "/api/games/"),
        ("post", "/api/reviews/queue/"),
        ("put", "/api/me/collection/import/"),
    ],
)
def test_a_method_a_route_does_not_have_is_405_for_every_role_not_403(api, playtester, method, url):
    response = getattr(api(playtester), method)(url, {}, format="json")
    assert response.status_code == 405, response.content
    assert response["Allow"] and method.upper() not in response["Allow"]


@pytest.mark.parametrize(
    "url", ["/api/proposals/", "/api/proposals/1/accept/", "/api/audits/", "/api/cards/"]
)
def test_options_answers_on_every_route(api, reviewer, url):
    response = api(reviewer).options(url)
    assert response.status_code == 200, response.content
    assert response.json()["name"]


def test_an_api_body_over_the_limit_is_a_json_413(api, designer, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api(designer).post(
        "/api/decks/validate/", '{"game": "' + "x" * 2000 + '"}', content_type="application/json"
    )
    assert response.status_code == 413
    assert "limit of 1000" in response.json()["detail"]
