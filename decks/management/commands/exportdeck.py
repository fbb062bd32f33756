import json

from django.core.management.base import CommandError

from common.cli import USAGE_ERROR, LocalizedCommand

from ...exports import (
    SITES,
    NotExportable,
    default_site,
    dropped,
    site_export,
    sites_of,
    tts_exportable,
    tts_line,
)
from ...interchange import deck_to_dict, deck_to_text
from ...models import Deck
from ...selectors import decklist_names, export_printings


class Command(LocalizedCommand):
    help = "Print a stored deck as a deck file (JSON), or as a text decklist with --text."

    def add_arguments(self, parser):
        parser.add_argument("id", help="the deck's id")
        form = parser.add_mutually_exclusive_group()
        form.add_argument("--text", action="store_true", help="a text decklist instead of JSON")
        form.add_argument(
            "--site",
            nargs="?",
            const="",
            choices=["", *SITES],
            metavar="SITE",
            help=(
                "the deck as a site or tool writes it: piltover (Piltover Archive), pixelborn, tts "
                "(riftbound), cockatrice (.cod), decksite (the game's deck site, with set codes); "
                "alone: the game's deck site (riftbound: piltover)"
            ),
        )
        form.add_argument("--tts", action="store_true", help="riftbound: a Tabletop Simulator code line")

    def handle(self, *args, id, text=False, site=None, tts=False, **options):
        deck = (
            Deck.objects.select_related("format", "owner")
            .prefetch_related("entries__card")
            .filter(pk=id if id.isdigit() else None)
            .first()
        )
        if deck is None:
            raise CommandError(f"no deck has the id {id!r}", returncode=USAGE_ERROR)
        data = deck_to_dict(deck)
        if site == "tts":
            site, tts = None, True
        if site and site not in sites_of(deck.game):
            raise CommandError(
                f"{deck.game} decks have no {site} form; use one of {', '.join(sites_of(deck.game))}",
                returncode=USAGE_ERROR,
            )
        if tts and not tts_exportable(deck.game):
            raise CommandError(
                f"{deck.game} decks have no Tabletop Simulator code line", returncode=USAGE_ERROR
            )
        if tts:
            try:
                self.stdout.write(tts_line(data, export_printings(deck)), ending="")
            except NotExportable as exc:
                raise CommandError(
                    f"{exc.args[0]} has no set code and collector number: Tabletop Simulator cannot name it",
                    returncode=USAGE_ERROR,
                ) from None
        elif site is not None:
            site = site or default_site(deck.game)
            try:
                self.stdout.write(site_export(data, export_printings(deck), site), ending="")
            except NotExportable as exc:
                raise CommandError(
                    f"{exc.args[0]} has no set code and collector number: {site} cannot name it",
                    returncode=USAGE_ERROR,
                ) from None
            for section in dropped(data, site):
                self.stderr.write(f"{site} has no {section}: it is not written")
        elif text:
            self.stdout.write(deck_to_text(data, decklist_names(deck)), ending="")
        else:
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
