"""The translation catalogues (issue 14): complete, faithful to their sources, compiled as committed.

For every language of settings.LANGUAGES but English: the catalogue exists, has no untranslated
and no fuzzy entry, keeps the placeholders and the markup of each msgid, has every plural form;
the committed .mo is what polib compiles from the .po, and Django serves it; and (with GNU
gettext installed, as in CI) no string of the sources is missing from it.
"""

from __future__ import annotations

import gettext as gettext_module
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.utils import translation
from django.utils.translation import to_locale

from studio import catalogues

ROOT = Path(settings.BASE_DIR)
LANGUAGES = [code for code, _name in settings.LANGUAGES if code.split("-")[0] != "en"]
# How many plural forms each language has (Russian: one, few, many).
NPLURALS = {"fr": 2, "ru": 3}


def _po_files(code: str) -> list[Path]:
    files = catalogues.po_files([code])
    assert files, f"no catalogue for {code}: run `make messages` (README, Translations)"
    return files


def _where(entry) -> str:
    return ", ".join(f"{f}:{n}" for f, n in entry.occurrences[:2]) or "?"


def _forms(entry) -> list[str]:
    if entry.msgid_plural:
        return [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def _named_and_positional(text: str) -> tuple[set[str], list[str]]:
    found = catalogues.placeholders(text)
    return {p for p in found if p.startswith("%(")}, [p for p in found if not p.startswith("%(")]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_catalogue_of_each_language_exists(code):
    path = catalogues.locale_dirs()[0] / to_locale(code) / "LC_MESSAGES" / "django.po"
    assert path.exists(), f"{path} is missing: run `make messages` (README, Translations)"
    assert path.with_suffix(".mo").exists(), (
        f"{path.with_suffix('.mo')} is missing: run manage.py compilecatalogues"
    )
    assert polib.pofile(str(path)).metadata.get("Language") == to_locale(code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_entry_is_untranslated_or_fuzzy(code):
    problems = []
    for path in _po_files(code):
        po = polib.pofile(str(path))
        assert not po.metadata_is_fuzzy, f"{path}: the header is fuzzy"
        for entry in po:
            if entry.obsolete:
                continue
            if "fuzzy" in entry.flags:
                problems.append(f"fuzzy {entry.msgid!r} ({_where(entry)})")
            elif not all(form.strip() for form in _forms(entry)):
                problems.append(f"untranslated {entry.msgid!r} ({_where(entry)})")
    assert problems == []


def _plural_rule(po):
    return gettext_module.c2py(po.metadata["Plural-Forms"].split("plural=")[1].strip().rstrip(";"))


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_the_placeholders_and_the_markup(code):
    problems = []
    for path in _po_files(code):
        po = polib.pofile(str(path))
        plural = _plural_rule(po)
        # The forms that serve a number other than 1 (Russian "one" serves 21 too) keep every placeholder
        # of the plural msgid; a form for 0 and 1 alone may spell the number out, as the English singular does.
        many = {plural(n) for n in range(2, 200)}
        for entry in po:
            if entry.obsolete or not entry.translated():
                continue
            # JavaScript strings are interpolated by Django's catalog (interpolate(..., named)): formats too.
            formatted = "python-format" in entry.flags or path.stem == "djangojs"
            singular_named, singular_positional = _named_and_positional(entry.msgid)
            plural_named, plural_positional = _named_and_positional(entry.msgid_plural or entry.msgid)
            for index, form in enumerate(_forms(entry)):
                if formatted:
                    form_named, form_positional = _named_and_positional(form)
                    if entry.msgid_plural and index in many:
                        expected, allowed = plural_named | singular_named, plural_named | singular_named
                        positional = plural_positional
                    else:
                        expected, allowed = singular_named, plural_named | singular_named
                        positional = singular_positional
                    if not expected <= form_named <= allowed:
                        problems.append(
                            f"{entry.msgid!r}: {sorted(form_named)} instead of {sorted(expected)}"
                        )
                    if form_positional != positional:
                        problems.append(f"{entry.msgid!r}: {form_positional} instead of {positional}")
                if catalogues.tags(form) != catalogues.tags(entry.msgid):
                    problems.append(f"{entry.msgid!r}: the markup changed in {form!r}")
            if not formatted and re.search(r"%\(\w+\)s", entry.msgid + (entry.msgid_plural or "")):
                problems.append(f"{entry.msgid!r} has placeholders but no python-format flag")
    assert problems == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_entries_have_every_form_of_the_language(code):
    for path in _po_files(code):
        po = polib.pofile(str(path))
        n = catalogues.nplurals(po)
        if code in NPLURALS:
            assert n == NPLURALS[code], (
                f"{path}: Plural-Forms declares {n} forms, {code} has {NPLURALS[code]}"
            )
        for entry in po:
            if entry.msgid_plural and not entry.obsolete:
                assert sorted(entry.msgstr_plural) == list(range(n)), (
                    f"{entry.msgid!r}: forms {sorted(entry.msgstr_plural)}"
                )


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_committed_mo_is_what_polib_compiles_from_the_po(code, tmp_path):
    for path in _po_files(code):
        mo = path.with_suffix(".mo")
        assert mo.exists(), f"{mo} is missing: run manage.py compilecatalogues"
        fresh = tmp_path / mo.name
        fresh.write_bytes(catalogues.compile_po(path))
        committed = catalogues.entries(polib.mofile(str(mo)))
        expected = catalogues.entries(polib.mofile(str(fresh)))
        stale = sorted(k[1] for k in committed.keys() ^ expected.keys())
        stale += sorted(k[1] for k in committed.keys() & expected.keys() if committed[k] != expected[k])
        assert stale == [], f"{mo} is not compiled from {path.name}: run manage.py compilecatalogues"


@pytest.mark.parametrize("code", LANGUAGES)
def test_django_serves_the_catalogue_with_its_plural_rule(code):
    po = polib.pofile(str(catalogues.locale_dirs()[0] / to_locale(code) / "LC_MESSAGES" / "django.po"))
    plural = _plural_rule(po)
    wrong = []
    with translation.override(code):
        for entry in po.translated_entries():
            if entry.msgid_plural:
                for n in (0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 111):
                    got = (
                        translation.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                        if entry.msgctxt
                        else translation.ngettext(entry.msgid, entry.msgid_plural, n)
                    )
                    if got != entry.msgstr_plural[plural(n)]:
                        wrong.append((entry.msgid, n, got))
            else:
                got = (
                    translation.pgettext(entry.msgctxt, entry.msgid)
                    if entry.msgctxt
                    else translation.gettext(entry.msgid)
                )
                if got != entry.msgstr:
                    wrong.append((entry.msgid, got))
    assert wrong == []


def test_compilecatalogues_check_fails_on_a_stale_mo_and_compiling_fixes_it(tmp_path, settings):
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(catalogues.locale_dirs()[0] / "ru" / "LC_MESSAGES" / "django.po", folder / "django.po")
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compilecatalogues", "-l", "ru")
    call_command("compilecatalogues", "--check")
    po = polib.pofile(str(folder / "django.po"))
    po.translated_entries()[0].msgstr = "изменено"
    po.save()
    with pytest.raises(CommandError, match="not compiled"):
        call_command("compilecatalogues", "--check")
    call_command("compilecatalogues")
    assert "изменено" in catalogues.entries(polib.mofile(str(folder / "django.mo"))).values()


def test_the_catalogues_hold_every_string_of_the_sources():
    """makemessages on a copy of the sources finds no msgid a committed catalogue lacks (needs gettext)."""
    if not (shutil.which("xgettext") and shutil.which("msgmerge") and shutil.which("make")):
        if os.environ.get("REQUIRE_GETTEXT"):
            pytest.fail("GNU gettext is not installed (REQUIRE_GETTEXT is set)")
        pytest.skip("needs GNU gettext (xgettext, msgmerge) and make; CI installs them")
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_catalogues.py"), *LANGUAGES],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
