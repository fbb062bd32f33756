import argparse
import sys

from django.core.management.base import CommandError
from tqdm import tqdm

from common.cli import USAGE_ERROR, LocalizedCommand
from common.errors import InvalidInput
from common.finding_messages import message as finding_message

from ...imports import cards_import_file
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
        raise CommandError(f"{path}: no such file", returncode=USAGE_ERROR) from None
    except OSError as exc:
        raise CommandError(
            f"{path}: cannot be read ({exc.strerror or exc})", returncode=USAGE_ERROR
        ) from None


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
            raise CommandError(f"{file}: {exc}", returncode=USAGE_ERROR) from None
        cards = sheet.payload.get("cards") if isinstance(sheet.payload, dict) else None
        total = len(cards) if isinstance(cards, list) else 0
        if progress is None:
            progress = total >= PROGRESS_FROM and sys.stderr.isatty()
        try:
            with tqdm(total=total, unit="card", disable=not progress, file=sys.stderr, desc="import") as bar:
                report = cards_import_file(data=data, name=name, game=game, progress=bar.update)
        except InvalidInput as exc:
            for finding in exc.findings:
                self.stderr.write(f"error: {finding_message(finding)}")
            raise CommandError(
                f"{file}: {exc.message}; fix the file and import it again", returncode=USAGE_ERROR
            ) from None
        for finding in report.warnings:
            self.stderr.write(f"warning: {finding_message(finding)}")
        for conflict in report.conflicts:
            self.stdout.write(f"conflict: {conflict.describe()}")
        for note in report.needs_review:
            self.stdout.write(f"needs review: {note.describe()}")
        self.stdout.write(report.summary())
