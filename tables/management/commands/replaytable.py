import json

from django.core.management.base import CommandError

from common.cli import USAGE_ERROR, LocalizedCommand
from rules.tables import table_view

from ...models import Table
from ...selectors import RulesUnknown, table_state
from ...snapshot import card_versions

# Both seats: the whole table as its players see it (a deck's order and face-down cards stay counts).
BOTH = frozenset({0, 1})


class Command(LocalizedCommand):
    help = "Print a playtest table's state as JSON, replayed from its seed, decks and events (--at N: after event N)."

    def add_arguments(self, parser):
        parser.add_argument("id", help="the table's id")
        parser.add_argument(
            "--at", type=int, default=None, help="the state after event N (0: the dealt setup)"
        )

    def handle(self, *args, id, at=None, **options):
        table = (
            Table.objects.prefetch_related("seats__user").filter(pk=int(id) if id.isdigit() else None).first()
        )
        if table is None:
            raise CommandError(f"no table has the id {id!r}", returncode=USAGE_ERROR)
        seats = list(table.seats.all())
        if len(seats) != 2:
            raise CommandError(
                f"table {table.pk} waits for its second player: nothing is dealt yet", returncode=USAGE_ERROR
            )
        if at is not None and not 0 <= at <= table.seq:
            raise CommandError(f"--at: from 0 to {table.seq} (the table's seq)", returncode=USAGE_ERROR)
        try:
            state = table_state(table, at, seats=seats)
        except RulesUnknown as refused:
            raise CommandError(f"{refused.finding.code}: {refused}", returncode=USAGE_ERROR) from None
        view = table_view(state, BOTH)
        by_index = {s.index: s for s in seats}
        for seat_view in view["seats"]:
            seat = by_index[seat_view["seat"]]
            seat_view["user"] = seat.user.get_username() if seat.user else None
            seat_view["deck"] = {"id": seat.deck_id, "name": seat.deck_name}
            seat_view["verdict"] = seat.verdict
            seat_view["cardVersions"] = card_versions(seat.cards)
        data = {
            "id": table.pk,
            "game": table.game,
            "seed": table.seed,
            "tableStatus": table.status,
            "at": at,
            **view,
        }
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
