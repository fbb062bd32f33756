import argparse
import sys

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from tqdm import tqdm

from common.cli import USAGE_ERROR, LocalizedCommand, unreadable
from common.errors import InvalidInput
from common.finding_messages import message as finding_message

from ...imports import cards_import_file, refusal_message
from ...spreadsheets import UnusableFile, read_card_set

# Files of this many cards get a progress bar on a terminal.
PROGRESS_FROM = 1000


def _read_bytes(path: str) -> bytes:
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise unreadable(path, _("no such file")) from None
    except OSError as exc:
        raise unreadable(path, _("cannot be read (%(why)s)") % {"why": exc.strerror or exc}) from None


class Command(LocalizedCommand):
    help = (
        "Import a card-set file (FORMATS.md): JSON, CSV or XLSX (by its extension); all or nothing; "
        "importing the same file twice changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file",
            help="a card-set file: .json (UTF-8, with or without BOM), .csv (UTF-8, comma or semicolon) "
            "or .xlsx; - for JSON on standard input",
        )
        parser.add_argument(
            "--game", help="the game of a spreadsheet without a 'game' column (a file naming another fails)"
        )
        parser.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            default=None,
            help=f"a progress bar on standard error (default: for {PROGRESS_FROM}+ cards on a terminal)",
        )

    def handle(self, *args, file, game=None, progress=None, **options):
        data = _read_bytes(file)
        name = None if file == "-" else file
        try:
            sheet = read_card_set(data, name=name, game=game)
        except UnusableFile as exc:
            raise unreadable(file, str(exc)) from None
        cards = sheet.payload.get("cards") if isinstance(sheet.payload, dict) else None
        total = len(cards) if isinstance(cards, list) else 0
        if progress is None:
            progress = total >= PROGRESS_FROM and sys.stderr.isatty()
        try:
            with tqdm(total=total, unit="card", disable=not progress, file=sys.stderr, desc="import") as bar:
                report = cards_import_file(data=data, name=name, game=game, progress=bar.update)
        except InvalidInput as exc:
            for finding in exc.findings:
                # Named by its place in the file (row and column, card), as the import page says it.
                self.stderr.write(_("error: %(message)s") % {"message": refusal_message(finding)})
            raise CommandError(
                _("%(path)s: %(why)s; fix the file and import it again") % {"path": file, "why": exc.message},
                returncode=USAGE_ERROR,
            ) from None
        for finding in report.warnings:
            self.stderr.write(_("warning: %(message)s") % {"message": finding_message(finding)})
        for conflict in report.conflicts:
            self.stdout.write(_("conflict: %(message)s") % {"message": conflict.describe()})
        for note in report.needs_review:
            self.stdout.write(_("needs review: %(message)s") % {"message": note.describe()})
        self.stdout.write(report.summary())
