"""The studio's error pages: 400, 403, 404, 405, 500 in its layout and the reader's language, with a way
back; a GET on a POST-only page goes to the page that holds its form."""

from __future__ import annotations

import pytest
from django.core.exceptions import SuspiciousOperation
from django.urls import path

from studio import urls as studio_urls


def _boom(request):
    raise RuntimeError("a bug")


def _suspicious(request):
    raise SuspiciousOperation("odd")


# This module is the URL conf of the tests that need a failing view (pytest.mark.urls).
urlpatterns = [*studio_urls.urlpatterns, path("boom/", _boom), path("odd/", _suspicious)]
handler400 = studio_urls.handler400
handler403 = studio_urls.handler403
handler404 = studio_urls.handler404
handler500 = studio_urls.handler500


def page(response) -> str:
    return response.content.decode()


def assert_studio_page(body: str):
    """The studio's layout (its header and stylesheet) and a way back to the dashboard."""
    assert '<header class="top">' in body and "studio/studio.css" in body
    assert 'href="/"' in body


@pytest.mark.django_db
def test_a_playtester_at_the_review_queue_reads_a_russian_403(client_as, playtester):
    client = client_as(playtester)
    client.cookies["django_language"] = "ru"
    response = client.get("/review/", HTTP_REFERER="http://testserver/decks/")
    body = page(response)
    assert response.status_code == 403
    assert_studio_page(body)
    assert '<html lang="ru">' in body
    assert "Forbidden" not in body and "You may not" not in body
    assert "Вы не можете открыть эту страницу" in body
    assert 'href="http://testserver/decks/"' in body  # back where they came from


@pytest.mark.django_db
def test_a_missing_page_is_a_french_404_in_the_layout(client_as, designer):
    client = client_as(designer)
    client.cookies["django_language"] = "fr"
    response = client.get("/cards/NOPE-404/")
    body = page(response)
    assert response.status_code == 404
    assert_studio_page(body)
    assert "Cette page n’existe pas" in body and "Not Found" not in body
    assert "Revenir au tableau de bord" in body


@pytest.mark.django_db
def test_the_api_keeps_json_for_a_missing_address(client_as, designer):
    response = client_as(designer).get("/api/nothing-here/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.django_db
@pytest.mark.urls("tests.studio.test_error_pages")
def test_a_bug_is_a_500_page_in_the_readers_language(client_as, designer):
    client = client_as(designer)
    client.raise_request_exception = False
    client.cookies["django_language"] = "fr"
    response = client.get("/boom/")
    body = page(response)
    assert response.status_code == 500
    assert_studio_page(body)
    assert "Une erreur s’est produite dans le studio" in body and "a bug" not in body


@pytest.mark.django_db
@pytest.mark.urls("tests.studio.test_error_pages")
def test_an_unreadable_request_is_a_400_page(client_as, designer):
    client = client_as(designer)
    client.cookies["django_language"] = "ru"
    response = client.get("/odd/")
    body = page(response)
    assert response.status_code == 400
    assert_studio_page(body)
    assert "Запрос не удалось прочитать" in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("address", "form_page"),
    [("/decks/new/", "/decks/"), ("/decks/import/", "/decks/"), ("/cards/sets/import/", "/cards/sets/")],
)
def test_a_get_on_a_post_only_page_goes_to_the_page_of_its_form(client_as, designer, address, form_page):
    response = client_as(designer).get(address)
    assert response.status_code == 302 and response["Location"] == form_page


@pytest.mark.django_db
def test_a_get_on_a_decks_form_target_goes_to_the_deck(client_as, playtester):
    response = client_as(playtester).get("/decks/12/settings/")
    assert response.status_code == 302 and response["Location"] == "/decks/12/"


@pytest.mark.django_db
def test_another_method_on_a_post_only_page_is_the_405_page(client_as, designer):
    client = client_as(designer)
    client.cookies["django_language"] = "fr"
    response = client.put("/decks/new/")
    body = page(response)
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert_studio_page(body)
    assert "Cette adresse n’accepte pas ce type de requête" in body


@pytest.mark.django_db
def test_an_expired_form_is_a_403_page_that_says_so(designer):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(designer)
    client.cookies["django_language"] = "fr"
    response = client.post("/decks/new/", {"name": "x"})
    body = page(response)
    assert response.status_code == 403
    assert_studio_page(body)
    assert "Rechargez la page" in body and "CSRF verification failed" not in body
