"""The studio's pages: the login page answers, the home page needs a login and lists the games."""

import pytest

from rules import registry


def test_the_login_page_answers(client):
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert b'name="username"' in response.content


@pytest.mark.django_db
def test_the_home_page_needs_a_login(client):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_a_user_logs_in_and_sees_the_games_and_roles(client, designer):
    response = client.post("/accounts/login/", {"username": "dana", "password": "secret-password"})
    assert response.status_code == 302
    home = client.get("/").content.decode()
    assert "dana" in home and "(designer)" in home
    for game in registry.keys():
        assert f'id="game-{game}"' in home
