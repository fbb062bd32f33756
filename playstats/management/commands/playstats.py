"""``manage.py playstats --game G [--rebuild]``: count the finished games not counted yet, or rebuild
every figure of the game from the tables' logs and the paper games (a chunk of games a task, over
the workers; in this process on the embedded default)."""

from django.core.management.base import BaseCommand, CommandError

from common.enqueue import runs_here
from common.errors import InvalidInput
from rules import registry
from rules.registry import UnknownGame

from ... import services
from ...selectors import tables_to_count


class Command(BaseCommand):
    help = "Count finished playtest games into the play statistics; --rebuild sums every game again from the logs."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="the game's key, e.g. vanguard")
        parser.add_argument(
            "--rebuild", action="store_true", help="delete the game's figures and sum every game again"
        )

    def handle(self, *args, game, rebuild, **options):
        try:
            registry.get(game)
        except UnknownGame as unknown:
            raise CommandError(str(unknown))
        if rebuild:
            try:
                count = services.playstats_rebuild(game=game)
            except InvalidInput as refused:  # a table dealt under rules this studio does not know
                raise CommandError(f"{refused.findings[0].code}: {refused}") from None
            if runs_here():  # the chunks ran here, as the transaction committed
                left = len(tables_to_count(game=game))
                if left:  # a chunk failed (logged): the sweep counts its tables later
                    raise CommandError(f"{game}: {left} finished tables were not counted again (see the log)")
                self.stdout.write(f"{game}: figures rebuilt from {count} games")
            else:
                self.stdout.write(
                    f"{game}: figures deleted; {count} games sent to the workers to count again, "
                    f"{services.REBUILD_CHUNK} a task (the figures fill as they count)"
                )
            return
        counted = sum(services.playstats_count_table(table_id=pk) for pk in tables_to_count(game=game))
        self.stdout.write(f"{game}: {counted} more games counted")
