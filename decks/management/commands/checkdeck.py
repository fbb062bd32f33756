import json
import sys

from django.core.management.base import CommandError
from django.utils.translation import gettext

from common.cli import USAGE_ERROR, LocalizedCommand
from common.errors import InvalidInput
from common.finding_messages import localize
from common.finding_messages import message as finding_message
from rules import registry

from ...files import read_deck_file, unusable
from ...interchange import game_named
from ...services import deck_check

NOT_LEGAL = 1


class Command(LocalizedCommand):
    help = (
        "Validate a deck file (JSON or text decklist) against the studio's cards; stores nothing. "
        "Exit status 0 legal, 1 not legal, 2 unusable input."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="a deck file (JSON or text decklist, UTF-8), or - for standard input"
        )
        parser.add_argument("--json", action="store_true", help="print the validation result as JSON")
        parser.add_argument(
            "--game", help="the game of a decklist that names none (a game key or display name)"
        )

    def handle(self, *args, file, json=False, game=None, **options):
        if game is not None:
            key = game_named(game)
            if key is None:
                raise CommandError(
                    f"--game {game!r}: no such game; use one of {', '.join(registry.keys())}",
                    returncode=USAGE_ERROR,
                )
            game = key
        try:
            result = deck_check(data=read_deck_file(file, game))
        except InvalidInput as exc:
            raise unusable(file, exc) from None
        if json:
            self.stdout.write(_dumps(localize(result.to_dict())))
        else:
            verdict = gettext("legal") if result.legal else gettext("NOT LEGAL")
            counts = ", ".join(f"{name} {count}" for name, count in result.counts.items())
            self.stdout.write(f"{result.game}/{result.format}: {verdict} ({counts})")
            for finding in result.violations:
                self.stdout.write(f"  {finding.severity:<7} {finding.code}: {finding_message(finding)}")
        if not result.legal:
            sys.stdout.flush()
            sys.exit(NOT_LEGAL)


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
