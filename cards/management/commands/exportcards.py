import json

from django.core.management.base import CommandError

from common.cli import USAGE_ERROR, LocalizedCommand
from rules import UnknownGame, get_ruleset

from ...selectors import card_export


class Command(LocalizedCommand):
    help = "Export a game's cards as a card-set file (FORMATS.md), to FILE or standard output."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("file", nargs="?", help="where to write; standard output when absent")

    def handle(self, *args, game, file=None, **options):
        try:
            get_ruleset(game)
        except UnknownGame as exc:
            raise CommandError(str(exc), returncode=USAGE_ERROR) from None
        text = json.dumps(card_export(game=game), ensure_ascii=False, indent=2) + "\n"
        if file is None:
            self.stdout.write(text, ending="")
            return
        try:
            with open(file, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            raise CommandError(
                f"{file}: cannot be written ({exc.strerror or exc})", returncode=USAGE_ERROR
            ) from None
        self.stderr.write(f"{game}: cards written to {file}")
