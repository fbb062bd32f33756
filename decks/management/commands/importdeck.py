from django.utils.translation import gettext, ngettext

from common.cli import LocalizedCommand
from common.errors import InvalidInput
from common.finding_messages import english
from common.i18n import game_name

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
        errors = sum(1 for v in deck.violations if v["severity"] == "error")
        verdict = (
            gettext("legal")
            if deck.legal
            else ngettext("not legal (%(count)s error(s))", "not legal (%(count)s error(s))", errors)
            % {"count": errors}
        )
        # The contract's English says the game's key; other languages its name.
        words = {
            "game": deck.game if english() else game_name(deck.game),
            "name": repr(deck.name),
            "pk": deck.pk,
            "verdict": verdict,
        }
        self.stderr.write(gettext("%(game)s deck %(name)s stored as %(pk)s: %(verdict)s") % words)
