"""python manage.py audit GAME: run a game's review audit here, with a progress bar, and say whether its review is closed."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext, ngettext, pgettext
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
            raise CommandError(
                gettext("review not closed: %(games)s") % {"games": ", ".join(open_games)},
                returncode=NOT_CLOSED,
            )

    def report(self, audit, show: int) -> None:
        write = self.stdout.write
        write(
            ngettext(
                "Audit #%(pk)s of %(game)s: %(status)s, %(total)s item",
                "Audit #%(pk)s of %(game)s: %(status)s, %(total)s items",
                audit.total or 0,
            )
            % {"pk": audit.pk, "game": audit.game, "status": audit.status, "total": audit.total}
        )
        for name in REVIEW_LISTS:
            count = (audit.list_counts or {}).get(name, 0)
            write(f"  {name:<24} " + ngettext("%(count)s card", "%(count)s cards", count) % {"count": count})
            if count and show:
                colon = pgettext(
                    "after a label, before what it says", ":"
                )  # French: a no-break space before it
                for entry in selectors.audit_entries(audit=audit, list_name=name)[:show]:
                    write(f"    {entry.stable_id} {entry.name}{colon} {entry.message}")
        # Keys in a fixed order: PostgreSQL's jsonb keeps them in its own order, SQLite as written.
        for key, value in sorted((audit.counts or {}).items()):
            write("  " + gettext("count %(key)s: %(line)s") % {"key": key, "line": _count_line(value)})
        closure = selectors.review_closure(game=audit.game)
        if closure["closed"]:
            write(gettext("Review of %(game)s: CLOSED") % {"game": audit.game})
        else:
            write(
                gettext("Review of %(game)s: OPEN; blocking lists: %(lists)s")
                % {"game": audit.game, "lists": ", ".join(closure["blockingLists"]) or gettext("none")}
            )
            for reason in closure["reasons"]:
                write(f"  - {reason}")


def _count_line(value: dict) -> str:
    expected = (
        gettext("no count fixed by the source")
        if value.get("expected") is None
        else gettext("expected %(count)s") % {"count": _counted(value["expected"])}
    )
    extra = (
        (", " + gettext("%(count)s validated") % {"count": value["validated"]})
        if "validated" in value
        else ""
    )
    return gettext("%(expected)s, actual %(actual)s%(extra)s") % {
        "expected": expected,
        "actual": _counted(value.get("actual")),
        "extra": extra,
    }


def _counted(value) -> str:
    """A count, or counts by kind ("HD 72, REFERENCE 53"), as people read them, kinds in name order."""
    if isinstance(value, dict):
        return ", ".join(f"{kind} {count}" for kind, count in sorted(value.items()))
    return str(value)
