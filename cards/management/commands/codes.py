"""The catalogue of finding codes (rules.codes): as JSON, as the table of docs/codes.md, or written into it."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError

from common.cli import LocalizedCommand
from rules import registry
from rules.codes import catalogue, markdown_table

BEGIN, END = "<!-- codes:begin (python manage.py codes --readme) -->", "<!-- codes:end -->"


def readme_path() -> Path:
    """Where the table lives: docs/codes.md (it was the README's until the README got short)."""
    return Path(settings.BASE_DIR) / "docs" / "codes.md"


def with_table(readme: str, table: str) -> str:
    """``readme`` with the text between the markers replaced by ``table``."""
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise CommandError(f"docs/codes.md has no {BEGIN} ... {END} block to write the table into")
    return readme[: start + len(BEGIN)] + "\n" + table + readme[end:]


class Command(LocalizedCommand):
    help = "Print the finding codes (JSON), their table (--markdown), or write the table into docs/codes.md (--readme)."

    def add_arguments(self, parser):
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--markdown", action="store_true", help="the README's table")
        group.add_argument("--readme", action="store_true", help="write the table into README.md")

    def handle(self, *args, markdown=False, readme=False, **options):
        codes = catalogue(registry)
        # The table of docs/codes.md: every code, the games' own included (their column says which game).
        if markdown:
            self.stdout.write(markdown_table(codes), ending="")
        elif readme:
            path = readme_path()
            text = path.read_text(encoding="utf-8")
            updated = with_table(text, markdown_table(codes))
            if updated != text:
                path.write_text(updated, encoding="utf-8")
            self.stdout.write(f"{path.name}: {'table written' if updated != text else 'already up to date'}")
        else:
            self.stdout.write(json.dumps([c.to_dict() for c in codes.values()], indent=2, ensure_ascii=False))
