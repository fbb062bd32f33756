import argparse
import sys

from django.core.management.base import CommandError
from tqdm import tqdm

from common.cli import USAGE_ERROR, LocalizedCommand, read_json
from common.errors import InvalidInput
from common.finding_messages import message as finding_message

from ...imports import cards_import

# Files of this many cards get a progress bar on a terminal.
PROGRESS_FROM = 1000


class Command(LocalizedCommand):
    help = (
        "Import a card-set file (FORMATS.md): all or nothing; importing the same file twice changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a card-set JSON file (UTF-8), or - for standard input")
        parser.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            default=None,
            help=f"a progress bar on standard error (default: for {PROGRESS_FROM}+ cards on a terminal)",
        )

    def handle(self, *args, file, progress=None, **options):
        payload = read_json(file)
        cards = payload.get("cards") if isinstance(payload, dict) else None
        total = len(cards) if isinstance(cards, list) else 0
        if progress is None:
            progress = total >= PROGRESS_FROM and sys.stderr.isatty()
        try:
            with tqdm(total=total, unit="card", disable=not progress, file=sys.stderr, desc="import") as bar:
                report = cards_import(payload=payload, progress=bar.update)
        except InvalidInput as exc:
            for finding in exc.findings:
                self.stderr.write(f"error: {finding_message(finding)}")
            raise CommandError(
                f"{file}: {exc.message}; fix the file and import it again", returncode=USAGE_ERROR
            ) from None
        for conflict in report.conflicts:
            self.stdout.write(f"conflict: {conflict.describe()}")
        self.stdout.write(report.summary())
