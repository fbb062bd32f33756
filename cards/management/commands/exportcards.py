from django.core.management.base import CommandError

from common.cli import USAGE_ERROR, LocalizedCommand
from rules import UnknownGame, get_ruleset

from ...selectors import card_export
from ...spreadsheets import FORMATS, UnusableFile, write_card_set


class Command(LocalizedCommand):
    help = (
        "Export a game's cards as a card-set file (FORMATS.md), to FILE or standard output (JSON); "
        "FILE's extension chooses JSON, CSV or XLSX."
    )

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument(
            "file",
            nargs="?",
            help="where to write (.json, .csv or .xlsx); standard output (JSON) when absent",
        )

    def handle(self, *args, game, file=None, **options):
        try:
            get_ruleset(game)
        except UnknownGame as exc:
            raise CommandError(str(exc), returncode=USAGE_ERROR) from None
        suffix = file.rsplit(".", 1)[-1].lower() if file and "." in file else "json"
        if suffix not in FORMATS:
            suffix = "json"  # .csv and .xlsx are spreadsheets; any other file is the JSON card set
        try:
            data = write_card_set(card_export(game=game), suffix)
        except UnusableFile as exc:
            raise CommandError(f"{file}: {exc}", returncode=USAGE_ERROR) from None
        if file is None:
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        try:
            with open(file, "wb") as handle:
                handle.write(data)
        except OSError as exc:
            raise CommandError(
                f"{file}: cannot be written ({exc.strerror or exc})", returncode=USAGE_ERROR
            ) from None
        self.stderr.write(f"{game}: cards written to {file}")
