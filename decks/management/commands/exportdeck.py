import json

from django.core.management.base import CommandError

from common.cli import USAGE_ERROR, LocalizedCommand

from ...interchange import deck_to_dict, deck_to_text
from ...models import Deck
from ...selectors import decklist_names


class Command(LocalizedCommand):
    help = "Print a stored deck as a deck file (JSON), or as a text decklist with --text."

    def add_arguments(self, parser):
        parser.add_argument("id", help="the deck's id")
        parser.add_argument("--text", action="store_true", help="a text decklist instead of JSON")

    def handle(self, *args, id, text=False, **options):
        deck = (
            Deck.objects.select_related("format", "owner")
            .prefetch_related("entries__card")
            .filter(pk=id if id.isdigit() else None)
            .first()
        )
        if deck is None:
            raise CommandError(f"no deck has the id {id!r}", returncode=USAGE_ERROR)
        data = deck_to_dict(deck)
        if text:
            self.stdout.write(deck_to_text(data, decklist_names(deck)), ending="")
        else:
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
