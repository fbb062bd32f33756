"""scripts/check-catalogues: are the committed catalogues up to date with the sources?

Copies the checkout (without .git, .venv, var, media, test output; hard links but for the
catalogues, which makemessages writes) to a temporary directory, runs
``make catalogues-po`` there (the same makemessages as ``make messages``), and compares: a msgid the
sources have and a committed .po lacks is an error (it would show in English): exit status 1.
Arguments: the languages to check (default: settings.LANGUAGES but English).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = (".git", ".venv", "var", "media", "test-output", "node_modules", ".hypothesis", ".pytest_cache")


def languages() -> list[str]:
    """settings.LANGUAGES but English (the sources' language)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
    import django
    from django.conf import settings

    django.setup()
    return [code for code, _name in settings.LANGUAGES if code.split("-")[0] != "en"]


def _not_copied(folder: str, names: list[str]) -> set[str]:
    """What the copy leaves out: SKIP, the compiled catalogues and, at the top, the folders
    makemessages is told to ignore (MESSAGES_ARGS in the Makefile: the tests, the benchmarks). The
    compiled modules (__pycache__/) are copied: each makemessages process would compile the studio's
    modules again as Django starts."""
    skipped = set(shutil.ignore_patterns(*SKIP, "*.mo")(folder, names))
    if Path(folder) == ROOT:
        skipped |= {"tests", "bench"} & set(names)
    return skipped


def _linked_or_copied(source: str, target: str) -> str:
    """The copy's files are hard links to the checkout's (a copy of 22 MB cost 0.25 CPU-seconds, the
    links nothing), but the catalogues: makemessages and msgattrib write the .po files in place, and
    would write the checkout's. A file that cannot be linked (another file system) is copied."""
    if "locale" not in Path(source).relative_to(ROOT).parts:
        try:
            os.link(source, target)
            return target
        except OSError:
            pass
    return shutil.copy2(source, target)


def keys(path: Path) -> dict[tuple[str, str], list[tuple[str, str]]]:
    import polib

    if not path.exists():
        return {}
    return {(e.msgctxt or "", e.msgid): e.occurrences for e in polib.pofile(str(path)) if not e.obsolete}


def main() -> int:
    for tool in ("xgettext", "msgmerge", "make"):
        if shutil.which(tool) is None:
            print(
                f"check-catalogues: {tool} is not installed (apt-get install gettext make)", file=sys.stderr
            )
            return 2
    codes = sys.argv[1:] or languages()
    from django.utils.translation import to_locale

    with tempfile.TemporaryDirectory(prefix="catalogues-") as tmp:
        copy = Path(tmp) / "src"
        shutil.copytree(ROOT, copy, symlinks=True, ignore=_not_copied, copy_function=_linked_or_copied)
        run = subprocess.run(
            [
                "make",
                "-s",
                "-C",
                str(copy),
                "catalogues-po",
                f"PY={sys.executable}",
                f"LANGUAGES_TRANSLATED={' '.join(codes)}",
            ],
            capture_output=True,
            text=True,
        )
        if run.returncode:
            print(run.stdout, run.stderr, sep="\n", file=sys.stderr)
            print("check-catalogues: makemessages failed", file=sys.stderr)
            return 2
        problems = 0
        for code in codes:
            folder = Path("locale") / to_locale(code) / "LC_MESSAGES"
            for fresh_path in sorted((copy / folder).glob("*.po")):
                committed_path = ROOT / folder / fresh_path.name
                committed = keys(committed_path)
                for key, where in keys(fresh_path).items():
                    if key not in committed:
                        problems += 1
                        place = ", ".join(f"{f}:{n}" for f, n in where[:3])
                        context = f" (context {key[0]!r})" if key[0] else ""
                        print(f"{committed_path.relative_to(ROOT)}: missing {key[1]!r}{context} from {place}")
        if problems:
            print(f"check-catalogues: {problems} string(s) missing; run `make messages` and translate them")
            return 1
    print(f"check-catalogues: the catalogues of {', '.join(codes)} hold every string of the sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
