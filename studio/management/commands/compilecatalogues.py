"""Compile the translation catalogues (``.po`` -> ``.mo``) with polib: no gettext tools needed.

Django's own ``compilemessages`` needs ``msgfmt``; the studio's compiled catalogues are committed,
so only who changes a ``.po`` runs this (``make messages`` does). ``--check`` changes nothing and
fails when a committed ``.mo`` is not what its ``.po`` compiles to.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from studio import catalogues


class Command(BaseCommand):
    help = (
        "Compile locale/<lang>/LC_MESSAGES/*.po into .mo files with polib (no msgfmt); --check compares only."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "-l", "--locale", action="append", default=[], help="only this language (repeatable), e.g. ru"
        )
        parser.add_argument(
            "--check", action="store_true", help="write nothing; fail if a .mo differs from its .po"
        )

    def handle(self, *args, locale, check, **options):
        try:
            import polib  # noqa: F401
        except ImportError:
            raise CommandError("polib is needed: pip install -e '.[dev]'")
        sources = catalogues.po_files(locale or None)
        if not sources:
            raise CommandError(f"no catalogue found under {', '.join(map(str, catalogues.locale_dirs()))}")
        stale = []
        for po_path in sources:
            mo_path = po_path.with_suffix(".mo")
            compiled = catalogues.compile_po(po_path)
            current = mo_path.read_bytes() if mo_path.exists() else None
            if current == compiled:
                self.stdout.write(f"{self.relative(mo_path)}: up to date")
                continue
            if check:
                stale.append(self.relative(mo_path))
                continue
            mo_path.write_bytes(compiled)
            self.stdout.write(f"{self.relative(mo_path)}: compiled")
        if stale:
            raise CommandError(
                f"not compiled from their .po: {', '.join(stale)} (run manage.py compilecatalogues)"
            )

    @staticmethod
    def relative(path: Path) -> str:
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
