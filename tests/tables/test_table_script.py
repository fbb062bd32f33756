"""The table's script: native ES modules (tables/static/tables/table.js and table/), no build step.

Each relative import names a module that exists and exports what is imported; the imports form no
cycle; the page runs the entry as a module; and collectstatic with the production storage rewrites
every import to the hashed name it keeps, even when the files are listed in the order that needs the
most passes (a folder's order: studio.staticfiles.imports_first puts each module after its imports)."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.storage import FileSystemStorage
from django.urls import reverse

from studio.staticfiles import StaticFilesStorage, imports_first
from tables.models import Table

from .live_kit import deck_for
from .script_modules import ENTRY, EXPORT, HASHED, STATIC, chain, graph, imports, resolved


def test_each_import_names_a_module_that_exports_it():
    assert len(graph()) > 5  # the entry and its parts
    for name, targets in graph().items():
        text = (STATIC / name).read_text()
        for (names, path), other in zip(imports(text), targets, strict=True):
            # A path from the module's folder, with the file's name: all a browser resolves.
            assert path.startswith("./") and path.endswith(".js"), (name, path)
            assert (STATIC / other).is_file(), f"{name} imports {path}: no such module"
            exported = set(EXPORT.findall((STATIC / other).read_text()))
            assert set(names) <= exported, (
                f"{name} imports {set(names) - exported} that {other} does not export"
            )


def test_the_imports_form_no_cycle():
    # In a cycle no module's hashed name could hold the other's: collectstatic would fail.
    assert chain(ENTRY) >= 2


@pytest.mark.django_db
def test_the_page_runs_the_entry_as_a_module_after_the_catalog_and_no_inline_script(client_as, make_user):
    alice = make_user("playtester", username="alice")
    client = client_as(alice)
    client.post(reverse("tables:create"), {"deck": deck_for("vanguard", alice).pk})
    page = client.get(reverse("tables:detail", args=[Table.objects.get().pk])).text
    scripts = re.findall(r"<script\b[^>]*>", page)
    # Each from the studio's own origin (the CSP's script-src 'self'); the table's config is data.
    assert all(re.search(r' src="/[^/]', s) or 'type="application/json"' in s for s in scripts), scripts
    entry = [
        i for i, s in enumerate(scripts) if re.search(r'src="/static/tables/table(\.[0-9a-f]{12})?\.js"', s)
    ]
    assert len(entry) == 1 and 'type="module"' in scripts[entry[0]]
    # Deferred scripts and modules run in the page's order once it is parsed: gettext is defined first.
    catalog = next(i for i, s in enumerate(scripts) if "/jsi18n/" in s)
    assert catalog < entry[0] and " defer" in scripts[catalog]


def _worst_order() -> list[str]:
    """The modules, each before those it imports: in this order Django's passes settle one step of the
    longest chain of imports each, more than it makes (``max_post_process_passes``)."""
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        for other in graph()[name]:
            visit(other)
        order.append(name)

    visit(ENTRY)
    return order[::-1]


def test_collectstatic_takes_each_module_after_those_it_imports():
    source = FileSystemStorage(location=STATIC)
    ordered = list(imports_first({name: (source, name) for name in _worst_order()}))
    assert sorted(ordered) == sorted(graph())
    for name, others in graph().items():
        assert all(ordered.index(other) < ordered.index(name) for other in others), name


def test_collectstatic_rewrites_every_import_to_the_hashed_name_it_keeps(tmp_path, settings):
    settings.WHITENOISE_KEEP_ONLY_HASHED_FILES = True
    source = FileSystemStorage(location=STATIC)
    storage = StaticFilesStorage(location=tmp_path, base_url="/static/")
    names = _worst_order()
    for name in names:  # collectstatic copies, then post-processes
        with source.open(name) as file:
            storage.save(name, file)
    outcome = list(storage.post_process({name: (source, name) for name in names}))
    assert [(name, str(done)) for name, _hashed, done in outcome if isinstance(done, Exception)] == []
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    assert set(names) <= set(manifest)
    for name in names:
        hashed = manifest[name]
        assert HASHED.search(hashed) and not (tmp_path / name).exists()  # only the hashed names are kept
        text = (tmp_path / hashed).read_text()
        for (_names, path), original in zip(imports(text), graph()[name], strict=True):
            assert HASHED.search(path), f"{hashed} imports {path}, a name collectstatic does not keep"
            assert resolved(hashed, path) == manifest[original], (hashed, path)
            assert (tmp_path / manifest[original]).is_file()
