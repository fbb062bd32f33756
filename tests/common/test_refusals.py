"""common.refusals: every 4xx answer to an htmx request is a partial the page can show in place."""

import pytest
from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [True, False])
def test_a_permission_refusal_becomes_a_message_with_its_reason(
    debug, settings, client_as, designer, make_card
):
    settings.DEBUG = debug
    card = make_card("darkrow", user=designer)
    response = client_as(designer).post(
        reverse("artwork:delete", kwargs={"stable_id": card.stable_id, "pk": 1}), **HTMX
    )
    assert response.status_code == 403
    assert response["X-Refusal"] == "message"
    body = response.content.decode()
    assert 'role="alert"' in body and "Not done: only a reviewer may delete artwork." in body
    assert "<html" not in body


@pytest.mark.django_db
def test_a_missing_thing_is_a_message_and_plain_requests_keep_their_pages(client_as, reviewer):
    url = reverse("artwork:delete", kwargs={"stable_id": "DR-NOPE0000", "pk": 1})
    htmx = client_as(reviewer).post(url, **HTMX)
    assert htmx.status_code == 404 and htmx["X-Refusal"] == "message"
    assert "Not done: no card DR-NOPE0000 that you may see." in htmx.content.decode()
    plain = client_as(reviewer).post(url)
    assert plain.status_code == 404 and not plain.has_header("X-Refusal")


def test_the_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("studio/favicon.svg")
