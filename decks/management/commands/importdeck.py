from common.cli import LocalizedCommand
from common.errors import InvalidInput

from ...files import read_deck_file, unusable
from ...services import deck_create


class Command(LocalizedCommand):
    help = "Store a deck file (JSON or text decklist) and print the new deck's id."

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="a deck file (JSON or text decklist, UTF-8), or - for standard input"
        )
        parser.add_argument("--owner", help="the owner's username (overrides the file's owner)")

    def handle(self, *args, file, owner=None, **options):
        data = read_deck_file(file)
        if owner is not None and isinstance(data, dict):
            data["owner"] = owner
        try:
            deck = deck_create(data=data)
        except InvalidInput as exc:
            raise unusable(file, exc) from None
        self.stdout.write(str(deck.pk))
        verdict = (
            "legal"
            if deck.legal
            else f"not legal ({len([v for v in deck.violations if v['severity'] == 'error'])} error(s))"
        )
        self.stderr.write(f"{deck.game} deck {deck.name!r} stored as {deck.pk}: {verdict}")
