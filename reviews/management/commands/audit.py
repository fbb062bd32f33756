"""python manage.py audit GAME: run a game's review audit here, with a progress bar, and say whether its review is closed."""

from __future__ import annotations

from django.core.management.base import CommandError
from tqdm import tqdm

from common.cli import USAGE_ERROR, LocalizedCommand
from common.errors import InvalidInput
from rules import registry
from rules.audit import REVIEW_LISTS

from ... import audits, selectors

NOT_CLOSED = 1


class Command(LocalizedCommand):
    help = (
        "Audit a game's cards into the five review lists (streamed, with a progress bar), store the result and "
        "say whether the game's review is closed and which lists block it. For cron: `manage.py audit --all`."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "games", nargs="*", metavar="GAME", help=f"one or more of: {', '.join(registry.keys())}"
        )
        parser.add_argument("--all", action="store_true", help="audit every game")
        parser.add_argument(
            "--batch-size", type=int, default=None, help="cards read and progress written per batch"
        )
        bar = parser.add_mutually_exclusive_group()
        bar.add_argument(
            "--progress",
            action="store_true",
            help="a progress bar even when standard error is not a terminal",
        )
        bar.add_argument(
            "--no-progress", action="store_true", help="no progress bar (the default when not on a terminal)"
        )
        parser.add_argument(
            "--show", type=int, default=10, metavar="N", help="reasons shown per list (default 10, 0: none)"
        )
        parser.add_argument(
            "--fail-if-open",
            action="store_true",
            help=f"exit with status {NOT_CLOSED} if a review is not closed",
        )

    def handle(self, *args, games, all, batch_size, progress, no_progress, show, fail_if_open, **options):
        if all:
            games = registry.keys()
        if not games:
            raise CommandError(
                "name a game (or --all); the games are: " + ", ".join(registry.keys()), returncode=USAGE_ERROR
            )
        if batch_size is not None and batch_size < 1:
            raise CommandError("--batch-size must be at least 1", returncode=USAGE_ERROR)
        open_games = []
        for game in games:
            try:
                audit = audits.audit_start(game=game, trigger="command", enqueue=False)
            except InvalidInput as exc:
                raise CommandError(exc.message, returncode=USAGE_ERROR) from None
            except audits.AuditRunning as exc:
                raise CommandError(exc.message, returncode=USAGE_ERROR) from None
            # disable=None: a bar only on a terminal, unless asked for.
            disable = True if no_progress else (False if progress else None)
            with tqdm(desc=f"audit {game}", unit="item", disable=disable, file=self.stderr._out) as bar:

                def report(done, total, step, bar=bar):
                    if bar.total != total:
                        bar.total = total
                    bar.set_postfix_str(step, refresh=False)
                    bar.update(done - bar.n)

                audit = audits.audit_run(audit_id=audit.pk, progress=report, batch_size=batch_size)
            self.report(audit, show)
            if not selectors.review_closure(game=game)["closed"]:
                open_games.append(game)
        if fail_if_open and open_games:
            raise CommandError(f"review not closed: {', '.join(open_games)}", returncode=NOT_CLOSED)

    def report(self, audit, show: int) -> None:
        write = self.stdout.write
        write(f"Audit #{audit.pk} of {audit.game}: {audit.status}, {audit.total} item(s)")
        for name in REVIEW_LISTS:
            count = (audit.list_counts or {}).get(name, 0)
            write(f"  {name:<24} {count} card(s)")
            if count and show:
                for entry in selectors.audit_entries(audit=audit, list_name=name)[:show]:
                    write(f"    {entry.stable_id} {entry.name}: {entry.reason}")
        for key, value in (audit.counts or {}).items():
            write(f"  count {key}: {_count_line(value)}")
        closure = selectors.review_closure(game=audit.game)
        if closure["closed"]:
            write(f"Review of {audit.game}: CLOSED")
        else:
            write(
                f"Review of {audit.game}: OPEN; blocking lists: {', '.join(closure['blockingLists']) or 'none'}"
            )
            for reason in closure["reasons"]:
                write(f"  - {reason}")


def _count_line(value: dict) -> str:
    expected = (
        "no count fixed by the source" if value.get("expected") is None else f"expected {value['expected']}"
    )
    extra = f", {value['validated']} validated" if "validated" in value else ""
    return f"{expected}, actual {value.get('actual')}{extra}"
