"""Logging in, per role."""

import pytest

from tests.browser.helpers import login_in_any_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.mark.parametrize("role", ["designer", "reviewer", "playtester"])
def test_each_role_logs_in_and_sees_its_name(page, make_user, screenshot, role):
    user = make_user(role, username=f"{role}-ana")
    login_in_any_language(page, user)
    assert page.get_by_text(f"{role}-ana").first.is_visible()
    assert role in page.locator("header").inner_text()
    screenshot(page, f"dashboard-{role}")


def test_a_wrong_password_says_so(page, make_user):
    make_user("designer", username="dora")
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Log in").click()
    assert page.get_by_role("alert").inner_text().startswith("Your username and password didn't match")


def test_anonymous_visitors_are_sent_to_the_login_page(page):
    page.goto("/")
    assert "/accounts/login/" in page.url
