from django.core.management.base import CommandError

from common.cli import USAGE_ERROR, LocalizedCommand
from rules import registry

from ...models import Deck
from ...services import decks_revalidate


class Command(LocalizedCommand):
    help = "Validate again the stale decks (those waiting for revalidation), or every deck with --all."

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only the decks of this game")
        parser.add_argument("--all", action="store_true", help="every deck, stale or not")
        parser.add_argument("--batch-size", type=int, default=1000)

    def handle(self, *args, game=None, all=False, batch_size=1000, **options):
        decks = Deck.objects.all() if all else Deck.objects.filter(stale=True)
        if game is not None:
            if game not in registry:
                raise CommandError(
                    f"unknown game {game!r}; the games are: {', '.join(registry.keys())}",
                    returncode=USAGE_ERROR,
                )
            decks = decks.filter(game=game)
        if batch_size < 1:
            raise CommandError("--batch-size must be 1 or more", returncode=USAGE_ERROR)
        done = decks_revalidate(decks=decks, batch_size=batch_size)
        left = Deck.objects.filter(stale=True).count()
        self.stdout.write(f"{done} deck(s) validated again; {left} still stale")
