import json
import sys

from django.core.management.base import BaseCommand

from common.errors import InvalidInput

from ...files import read_deck_file, unusable
from ...services import deck_check

NOT_LEGAL = 1


class Command(BaseCommand):
    help = (
        "Validate a deck file (JSON or text decklist) against the studio's cards; stores nothing. "
        "Exit status 0 legal, 1 not legal, 2 unusable input."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="a deck file (JSON or text decklist, UTF-8), or - for standard input"
        )
        parser.add_argument("--json", action="store_true", help="print the validation result as JSON")

    def handle(self, *args, file, json=False, **options):
        try:
            result = deck_check(data=read_deck_file(file))
        except InvalidInput as exc:
            raise unusable(file, exc) from None
        if json:
            self.stdout.write(_dumps(result.to_dict()))
        else:
            verdict = "legal" if result.legal else "NOT LEGAL"
            counts = ", ".join(f"{name} {count}" for name, count in result.counts.items())
            self.stdout.write(f"{result.game}/{result.format}: {verdict} ({counts})")
            for finding in result.violations:
                self.stdout.write(f"  {finding.severity:<7} {finding.code}: {finding.message}")
        if not result.legal:
            sys.stdout.flush()
            sys.exit(NOT_LEGAL)


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
