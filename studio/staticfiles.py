"""The production static files storage: WhiteNoise's compressed manifest, with Brotli made affordable.

WhiteNoise compresses every static file with gzip and Brotli at Brotli's best quality (11), which
costs about 2.5 s of CPU per megabyte: the fonts faces are drawn with (4 MB, faces/fonts) and the
API docs' bundles and source maps made ``collectstatic`` take a minute of CPU, several minutes
under load. Quality 9 takes a thirtieth of that for files 5 to 10 % larger, and still smaller than
gzip's (a font: 307 KB at 11, 335 KB at 9, 382 KB gzipped, from 760 KB); small files keep 11.

The table's script is native ES modules (tables/static/tables/table.js and table/): their imports by
relative path are rewritten to the hashed names too (Django's ``support_js_module_import_aggregation``),
else a page would load the hashed entry module and its imports would ask for names collectstatic did
not keep (``WHITENOISE_KEEP_ONLY_HASHED_FILES``); each module is taken after those it imports
(``imports_first``).
"""

from __future__ import annotations

import posixpath
import re

from django.contrib.staticfiles import finders
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Files from this size are compressed at Brotli quality 9 rather than 11.
LARGE = 16 * 1024


class AffordableCompressor(Compressor):
    @staticmethod
    def compress_brotli(data: bytes) -> bytes:
        import brotli

        return brotli.compress(data, quality=11 if len(data) < LARGE else 9)


# A JavaScript module's relative imports (``import ... from "./x.js"``, ``export ... from``, ``import("./x.js")``).
MODULE_IMPORT = re.compile(
    r"""(?:\b(?:import|export)\b[^;]*?\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"'\n]+?)["']"""
)


def imports_first(paths: dict) -> dict:
    """``paths`` (collectstatic's: name -> (storage, path)) in their order, but each JavaScript module
    after the modules it imports.

    A module's hashed name holds those of the modules it imports, and Django settles the names in
    passes over every file it rewrites (each CSS and JS file), deepest folders first, in the order
    the folders were listed: a module listed before one it imports costs one more pass per step of
    the chain, and more steps than ``max_post_process_passes`` fail. Each after its imports, one
    pass settles them and one more sees nothing change."""
    imported: dict[str, list[str]] = {}
    for name, (storage, path) in paths.items():
        if name.endswith((".js", ".mjs")):
            with storage.open(path) as file:
                text = file.read().decode("utf-8", "replace")
            folder = posixpath.dirname(name.replace("\\", "/"))
            imported[name] = [
                posixpath.normpath(posixpath.join(folder, url)) for url in MODULE_IMPORT.findall(text)
            ]
    ordered: dict = {}

    def place(name: str, seen: frozenset = frozenset()) -> None:
        if name in ordered or name in seen or name not in paths:
            return  # placed, a cycle (collectstatic will say so), or not collected here
        for other in imported.get(name, ()):
            place(other, seen | {name})
        ordered[name] = paths[name]

    for name in paths:
        place(name)
    return ordered


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    # The table's modules import each other by relative paths: rewritten to the hashed names.
    support_js_module_import_aggregation = True

    def post_process(self, paths, *args, **kwargs):
        return super().post_process(imports_first(paths), *args, **kwargs)

    def create_compressor(self, **kwargs):
        return AffordableCompressor(**kwargs)


class AppDirectoriesFinder(finders.AppDirectoriesFinder):
    """Django's, with what no page of a deployment links left out of collectstatic.

    collectstatic copies, hashes, rewrites and compresses (gzip and Brotli, above) every file the
    installed apps ship: these are ones production never serves (DEBUG off), half the JavaScript it
    hashed and compressed (5.4 MB), at every deployment's start. Only listing (collectstatic) leaves
    them out: ``find`` still finds every file, so runserver and the tests' live servers serve them all
    (``INSTALLED_APPS`` keeps ``django.contrib.staticfiles`` as such: tools look for that name).
    tests/studio/test_static_collection.py holds each pattern to a file it leaves out and to no file a
    production page links."""

    ignore_patterns = [
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

    def list(self, ignore_patterns):
        return super().list([*(ignore_patterns or ()), *self.ignore_patterns])
