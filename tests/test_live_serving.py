"""Every test that uses the live server is answered, wherever it lives (tests/live_serving.py).

The server is the session's; a browser test's end closes it until the next test begins. A test
outside tests/browser/ that ran after one found it closed: the generated client's tour
(tests/studio/test_generated_clients.py) got "503 The live server answers no request between
tests." on its first request within a whole run, and passed alone (issue 40).

The two tests below run in this order in one process: the first leaves the server as a browser
test's end does, the second is a plain test of the live server (both transactional, as pytest-django
orders its tests by kind: that keeps them in this order).
"""

from __future__ import annotations

import urllib.request

import pytest

from tests.live_serving import ANSWERS, CLOSED


@pytest.mark.django_db(transaction=True)
def test_a_browser_tests_end_closes_the_live_server():
    assert ANSWERS.close_when_idle(timeout=10)
    assert not ANSWERS.begin()  # closed: a request now would be answered 503, the studio never called


@pytest.mark.django_db(transaction=True)
def test_a_test_of_the_live_server_outside_the_browser_tests_is_answered(live_server):
    with urllib.request.urlopen(f"{live_server.url}/healthz", timeout=30) as answer:
        body = answer.read()
    assert answer.status == 200
    assert CLOSED not in body
