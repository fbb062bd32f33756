import pytest


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef, request):
    from django.db import connections

    loc = connections._connections
    print("\nLOC", type(loc), [a for a in dir(loc) if not a.startswith("__")][:10])
    r = yield
    return r
