"""What collectstatic leaves out (studio.staticfiles.AppDirectoriesFinder.ignore_patterns): files the installed
apps ship that no page of a deployment links. Each pattern leaves out a file, and no page, rendered
as production renders it (DEBUG off), links a file left out: it would answer 404, or the page 500
(the manifest has no name for it)."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.utils import matches_patterns

from studio.staticfiles import AppDirectoriesFinder

OURS = AppDirectoriesFinder.ignore_patterns
DJANGOS = apps.get_app_config("staticfiles").ignore_patterns


def _listed() -> set[str]:
    """What collectstatic collects: what its finders list."""
    return {path for finder in finders.get_finders() for path, _storage in finder.list(DJANGOS)}


def test_each_pattern_leaves_out_files_the_apps_ship_and_every_file_is_still_found():
    shipped = {path for path, _storage in finders.AppDirectoriesFinder().list(DJANGOS)}
    collected = _listed()
    assert OURS
    for pattern in OURS:
        left_out = {path for path in shipped if matches_patterns(path, [pattern])}
        assert left_out, f"{pattern} leaves out nothing"
        assert not left_out & collected, f"{pattern}: collected all the same"
        # runserver and the live servers find (and serve) them still.
        assert all(finders.find(path) for path in left_out), pattern


@pytest.mark.django_db
def test_no_page_links_a_file_collectstatic_leaves_out(client, admin_client, settings):
    """The pages that link the apps' files: every page (htmx), the API's docs (Swagger UI), the
    browsable API, the admin's login, and its forms (jQuery, XRegExp, an autocomplete: Select2)."""
    settings.DEBUG = False
    pages = [
        client.get("/accounts/login/"),
        client.get("/api/docs/"),
        client.get("/admin/login/"),
        client.get("/api/cards/", HTTP_ACCEPT="text/html"),  # 401, in the browsable API's page
        admin_client.get("/admin/corrections/effectcorrection/add/"),
    ]
    assert [page.status_code for page in pages] == [200, 200, 200, 401, 200]
    linked = {
        name for page in pages for name in re.findall(r"""/static/([^"'?#\s]+)""", page.content.decode())
    }
    for name in (
        "django_htmx/htmx-2.min.js",
        "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js",
        "rest_framework/css/bootstrap.min.css",
        "admin/js/vendor/jquery/jquery.min.js",
        "admin/js/vendor/xregexp/xregexp.min.js",
        "admin/js/vendor/select2/select2.full.min.js",
    ):
        assert name in linked, name  # the pages looked at are those that link the apps' files
    left_out = linked - _listed()
    assert not left_out, f"pages link files collectstatic leaves out: {sorted(left_out)}"
