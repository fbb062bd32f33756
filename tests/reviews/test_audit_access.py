"""The audits API and the audits pages allow exactly the same roles (one rule: reviews.selectors.may_audit)."""

from __future__ import annotations

import pytest
from django.test import Client

from reviews.models import Audit
from reviews.selectors import may_audit

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "playtester", "designer", "reviewer", "designer+reviewer", "admin"]


@pytest.fixture
def person(request, make_user):
    role = request.param
    if role == "anonymous":
        return None
    if role == "admin":
        return make_user(username="ada", is_staff=True, is_superuser=True)
    return make_user(*role.split("+"), username=role.replace("+", "-"))


@pytest.fixture
def audit(db):
    return Audit.objects.create(game="duel")


def page_allows(user, audit) -> dict[str, bool]:
    client = Client()
    if user is not None:
        client.force_login(user)
    answers = {
        "page": client.get("/audits/"),
        "progress": client.get(f"/audits/{audit.pk}/progress/"),
        "start": client.post("/audits/start/", {"game": "darkrow"}),
    }
    # Anonymous: sent to the login page; a role without the right: 403.
    for what, response in answers.items():
        assert response.status_code in (200, 202, 302, 403), (what, response.status_code)
        if response.status_code == 302:
            assert ("/login" in response["Location"]) == (user is None), what
    return {
        what: response.status_code != 403 and not (response.status_code == 302 and user is None)
        for what, response in answers.items()
    }


def api_allows(api, user, audit) -> dict[str, bool]:
    client = api(user)
    answers = {
        "list": client.get("/api/audits/"),
        "detail": client.get(f"/api/audits/{audit.pk}/"),
        "entries": client.get(f"/api/audits/{audit.pk}/entries/"),
        "start": client.post("/api/audits/", {"game": "riftbound"}, format="json"),
    }
    for what, response in answers.items():
        assert response.status_code in (200, 202, 401, 403), (what, response.status_code)
    return {what: response.status_code in (200, 202) for what, response in answers.items()}


@pytest.mark.parametrize("person", ROLES, indirect=True)
def test_the_audits_api_allows_exactly_the_roles_of_the_audits_page(api, person, audit):
    allowed = may_audit(person)
    assert set(page_allows(person, audit).values()) == {allowed}
    assert set(api_allows(api, person, audit).values()) == {allowed}
    started = set(Audit.objects.exclude(pk=audit.pk).values_list("game", flat=True))
    assert started == ({"darkrow", "riftbound"} if allowed else set())


@pytest.mark.parametrize(
    ("role", "allowed"),
    [("anonymous", False), ("playtester", False), ("designer", False), ("reviewer", True), ("admin", True)],
)
def test_who_may_audit(make_user, role, allowed):
    if role == "anonymous":
        from django.contrib.auth.models import AnonymousUser

        user = AnonymousUser()
    elif role == "admin":
        user = make_user(username="root", is_superuser=True)
    else:
        user = make_user(role)
    assert may_audit(user) is allowed


def test_the_menu_offers_audits_to_those_who_may_audit(client_as, designer, reviewer):
    assert 'href="/audits/"' not in client_as(designer).get("/").content.decode()
    assert 'href="/audits/"' in client_as(reviewer).get("/").content.decode()
