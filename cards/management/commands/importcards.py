from django.core.management.base import BaseCommand, CommandError

from common.cli import USAGE_ERROR, read_json
from common.errors import InvalidInput

from ...imports import cards_import


class Command(BaseCommand):
    help = (
        "Import a card-set file (FORMATS.md): all or nothing; importing the same file twice changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a card-set JSON file (UTF-8), or - for standard input")

    def handle(self, *args, file, **options):
        payload = read_json(file)
        try:
            report = cards_import(payload=payload)
        except InvalidInput as exc:
            for finding in exc.findings:
                self.stderr.write(f"error: {finding.message}")
            raise CommandError(
                f"{file}: {exc.message}; fix the file and import it again", returncode=USAGE_ERROR
            ) from None
        for conflict in report.conflicts:
            self.stdout.write(f"conflict: {conflict.describe()}")
        self.stdout.write(report.summary())
