from django.core.management.base import CommandError
from tqdm import tqdm

from cards.interchange import check_game
from common.cli import USAGE_ERROR, LocalizedCommand
from rules import registry

from ...selectors import image_batch_failures
from ...services import image_batch_run, image_batch_start


class Command(LocalizedCommand):
    help = (
        "Make the renditions (thumbnail, web preview) of the artwork variants, in this process, with a progress bar. "
        "The run is an image batch: its progress is visible through the API (GET /api/artwork/batches/{id}/) meanwhile."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help=f"only this game's cards (one of: {', '.join(registry.keys())})")
        parser.add_argument(
            "--missing",
            action="store_true",
            help="only the variants whose renditions are missing or failed (default: remake all)",
        )

    def handle(self, *args, game=None, missing=False, **options):
        if game is not None and (findings := check_game(game)):
            raise CommandError(findings[0].message, returncode=USAGE_ERROR)
        batch = image_batch_start(game=game, only_missing=missing, enqueue=False)
        with tqdm(total=batch.total, unit="image", desc=f"batch {batch.pk}", file=self.stderr._out) as bar:
            batch = image_batch_run(batch, on_item=bar.update)
        self.stdout.write(
            f"image batch {batch.pk}: {batch.done} of {batch.total} images have their renditions, {batch.failed} failed"
        )
        if batch.failed:
            for failure in image_batch_failures(batch, limit=None):
                self.stderr.write(
                    f"variant {failure['variant']} of card {failure['card']}: {failure['error']}"
                )
            raise CommandError(
                f"{batch.failed} image(s) failed; fix them and run the command again with --missing"
            )
