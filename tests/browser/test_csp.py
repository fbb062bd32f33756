"""The studio's pages pass their Content-Security-Policy, and the browser fixture would see it if not."""

import pytest

from .conftest import CSP_LISTENER, _note_csp_violation

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_an_inline_script_without_the_nonce_is_a_violation_the_fixture_hears(
    browser, live_server, designer, login
):
    context = browser.new_context(base_url=live_server.url)
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    heard: list[str] = []
    page.on("console", lambda message: _note_csp_violation(message.text, heard))
    login(page, designer)
    page.evaluate(
        """() => { const s = document.createElement('script'); s.textContent = 'window.x = 1'; document.body.append(s); }"""
    )
    page.wait_for_timeout(200)
    context.close()
    assert heard and any("script-src" in text for text in heard)


def test_the_dashboard_and_the_deck_pages_pass_the_policy(page, login, designer):
    # The page fixture fails the test on any violation; htmx's indicator style must carry the nonce.
    login(page, designer)
    page.goto("/decks/")
    page.goto("/cards/")
    assert page.evaluate("() => window.htmx !== undefined")
    assert page.evaluate("() => htmx.config.inlineStyleNonce.length > 10")
