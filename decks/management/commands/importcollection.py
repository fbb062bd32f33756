from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext, ngettext

from common.cli import USAGE_ERROR, LocalizedCommand
from common.errors import InvalidInput

from ...files import read_deck_file, unusable
from ...services import collection_import


class Command(LocalizedCommand):
    help = "Add the cards of a card list (a deck file: JSON or text decklist) to a user's collection."

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="a card list (JSON deck file or text decklist, UTF-8), or - for standard input"
        )
        parser.add_argument("--owner", required=True, help="the collection's owner (username)")
        parser.add_argument("--replace", action="store_true", help="make the list the whole collection")

    def handle(self, *args, file, owner, replace=False, **options):
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(
                gettext("no user is named %(owner)s") % {"owner": repr(owner)}, returncode=USAGE_ERROR
            )
        try:
            cards = collection_import(owner=user, data=read_deck_file(file), replace=replace)
        except InvalidInput as exc:
            raise unusable(file, exc) from None
        copies = sum(cards.values())
        self.stdout.write(
            ngettext(
                "%(owner)s owns %(copies)s card(s) of %(kinds)s kind(s)",
                "%(owner)s owns %(copies)s card(s) of %(kinds)s kind(s)",
                copies,
            )
            % {"owner": owner, "copies": copies, "kinds": len(cards)}
        )
