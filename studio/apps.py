from django.apps import AppConfig
from django.contrib.staticfiles.apps import StaticFilesConfig as BaseStaticFilesConfig


class StudioConfig(AppConfig):
    name = "studio"
    verbose_name = "Card Studio"

    def ready(self):
        # Apps enqueue tasks by name (common.enqueue): every process, not only workers, must
        # know every app's tasks, so that a name finds its task (its routes, eager mode in tests).
        from . import (
            preferences,  # noqa: F401 (its user_logged_in receiver)
            task_checks,  # noqa: F401 (registers its system check)
        )
        from .celery import app

        app.autodiscover_tasks(force=True)


class StaticFilesConfig(BaseStaticFilesConfig):
    """django.contrib.staticfiles, with what no page of a deployment links left out of collectstatic.

    collectstatic copies, hashes, rewrites and compresses (gzip and Brotli, studio.staticfiles) every
    file the installed apps ship: these are ones production never serves (DEBUG off), half the
    JavaScript it hashed and compressed (5.4 MB), at every deployment's start. runserver (DEBUG on) serves from the apps'
    folders, unchanged. tests/studio/test_static_collection.py holds each pattern to a file it leaves
    out and to no file a production page links."""

    ignore_patterns = [
        *BaseStaticFilesConfig.ignore_patterns,
        # Redoc: the API docs are Swagger UI's (/api/docs/); no route serves drf-spectacular's Redoc.
        "drf_spectacular_sidecar/redoc/*",
        # {% htmx_script %} (templates/base.html) links htmx 2, minified, without extensions; the
        # django-htmx.js debug helper only when DEBUG is on.
        "django_htmx/ext/*",
        "django_htmx/htmax-4*",
        "django_htmx/htmx-4*",
        "django_htmx/htmx-2.js",
        "django_htmx/django-htmx.js",
        # The admin links its vendored libraries minified when DEBUG is off (jquery.min.js...).
        "admin/js/vendor/jquery/jquery.js",
        "admin/js/vendor/select2/select2.full.js",
        "admin/js/vendor/xregexp/xregexp.js",
        # The browsable API's pages link Bootstrap and its glyphicons, not Font Awesome nor Bootstrap's theme.
        "rest_framework/css/font-awesome-*",
        "rest_framework/fonts/fontawesome-webfont.*",
        "rest_framework/css/bootstrap-theme.min.css*",
    ]
