"""What the database benchmarks share: a database to fill, Django set up on it, migrated.

    from benchkit import django_on   # bench/benchkit.py (the scripts run from bench/)

    with django_on(args.database_url, prefix="bench-search-", secret="bench-search-"):
        ...  # Django is set up and the database migrated

Without a URL the benchmark works in a temporary SQLite file (removed at the
end), never in the studio's own database, and with a temporary MEDIA_ROOT; with a PostgreSQL URL the database
is created when missing. Tasks run in-process (no broker), DEBUG is off.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def create_pg_database(url: str) -> None:
    """Create the PostgreSQL database ``url`` names, when it does not exist (nothing for SQLite)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(url)
    admin = f"host={config['HOST']} port={config['PORT'] or 5432} user={config['USER']} dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{config["NAME"]}"')


@contextmanager
def django_on(
    database_url: str | None, *, prefix: str, secret: str | None = None, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Django set up on ``database_url`` (else a temporary SQLite file) and migrated; yields the URL."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        url = database_url or f"sqlite:///{tmp}/bench.sqlite3"
        if database_url:
            create_pg_database(database_url)
        os.environ["DATABASE_URL"] = url
        os.environ["MEDIA_ROOT"] = f"{tmp}/media"  # uploads and renditions never go to the studio's media/
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
        os.environ.pop("CELERY_BROKER_URL", None)
        if secret is not None:
            os.environ["DEBUG"] = "0"
            os.environ.setdefault("SECRET_KEY", secret + "x" * 40)
        os.environ.update(env or {})

        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield url


def pages_without_manifest() -> None:
    """Pages name their static files: with DEBUG off, without collectstatic's manifest, they are named
    as stored (for the rest of the process)."""
    from django.conf import settings
    from django.test import override_settings

    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    override_settings(STORAGES=storages).enable()


# --- Where the CPU went (Linux's /proc) ------------------------------------------------------------
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the process's name (None once it has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def own_cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system, every thread) of one process, without its children."""
    fields = _stat(pid)
    # utime and stime: the 14th and 15th fields (the 12th and 13th after the name).
    return sum(int(value) for value in fields[11:13]) / CLOCK_TICKS if fields else 0.0


def children_of(pid: int) -> list[int]:
    """The live children of a process (of any of its threads)."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    except (FileNotFoundError, ProcessLookupError):
        pass
    return found


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) of a process and of its children, live or ended (reaped ones are
    in their parent's cutime and cstime)."""
    total = 0.0
    pids = [pid]
    while pids:
        current = pids.pop()
        fields = _stat(current)
        if fields is None:
            continue
        # utime, stime, cutime, cstime: the 14th to 17th fields.
        total += sum(int(value) for value in fields[11:15]) / CLOCK_TICKS
        pids += children_of(current)
    return total


def machine_cpu_ticks() -> tuple[int, int]:
    """The machine's CPU ticks since boot, all cores: (busy, idle); iowait counts as idle."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    # guest and guest_nice (9th, 10th) are already in user and nice.
    return sum(values[:8]) - idle, idle


def processes_named(name: str) -> list[int]:
    """The pids whose command name (/proc/PID/comm) is ``name``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except (FileNotFoundError, ProcessLookupError, PermissionError):
                continue
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return ""


# PostgreSQL's processes that serve every database (their titles, after "postgres: [CLUSTER: ]").
POSTGRES_SHARED = frozenset(
    {
        "checkpointer",
        "background writer",
        "walwriter",
        "autovacuum launcher",
        "logical replication launcher",
        "archiver",
        "stats collector",
    }
)


class CpuAccount:
    """Where a machine's cores went while a benchmark ran, in CPU seconds: the processes of ``tree``
    (a worker and its pool), PostgreSQL's backends connected to ``database`` (each sampled every
    ``every`` seconds while it lives: a backend that ends takes at most that much of its CPU unseen,
    and its parent, the postmaster, sums every database's), PostgreSQL's shared processes (the
    postmaster itself, the WAL writer, the checkpointer...), Redis, this process, and the rest of the
    machine (other users of it: ``others``), against the run's wall time x the cores.

    PostgreSQL's shared processes and Redis serve whoever uses them: on a shared machine their share
    is an upper bound of the run's."""

    def __init__(self, *, tree: int, database: str, every: float = 0.2) -> None:
        import threading

        self.tree, self.database, self.every = tree, database, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, name="cpu-account", daemon=True)
        self._backends: dict[int, list[float]] = {}  # pid: [first seen, last seen]
        postmasters = [p for p in processes_named("postgres") if " -D " in _cmdline(p)]
        self.postmaster = postmasters[0] if postmasters else None
        self.redis = processes_named("redis-server")

    def _postgres(self) -> tuple[list[int], list[int]]:
        """PostgreSQL's processes: the backends of this database, and the shared ones."""
        if self.postmaster is None:
            return [], []
        ours, shared = [], [self.postmaster]
        for pid in children_of(self.postmaster):
            words = _cmdline(pid).split()
            # "postgres: [CLUSTER: ]USER DATABASE HOST(PORT) STATE" (an autovacuum worker names its
            # database too); the other databases' backends are the rest of the machine's.
            if self.database in words[1:]:
                ours.append(pid)
            elif any(" ".join(words[start:]) in POSTGRES_SHARED for start in (1, 2)):
                shared.append(pid)
        return ours, shared

    def _sample(self, *, first: bool = False) -> None:
        for pid in self._postgres()[0]:
            seconds = own_cpu_seconds(pid)
            seen = self._backends.setdefault(pid, [seconds if first else 0.0, seconds])
            seen[1] = max(seen[1], seconds)

    def _poll(self) -> None:
        while not self._stop.wait(self.every):
            self._sample()

    def _shared(self) -> float:
        return sum(own_cpu_seconds(pid) for pid in self._postgres()[1])

    def start(self) -> None:
        import time

        self._sample(first=True)
        self._began = {
            "wall": time.perf_counter(),
            "machine": machine_cpu_ticks(),
            "tree": tree_cpu_seconds(self.tree),
            "postgresShared": self._shared(),
            "redis": sum(own_cpu_seconds(pid) for pid in self.redis),
            "bench": own_cpu_seconds(os.getpid()),
        }
        self._thread.start()

    def stop(self, *, games: int) -> dict:
        """The run's accounting: CPU seconds, their share of wall x cores (%), and a game's."""
        import time

        self._stop.set()
        self._thread.join()
        self._sample()
        began = self._began
        wall = time.perf_counter() - began["wall"]
        busy, idle = (now - then for now, then in zip(machine_cpu_ticks(), began["machine"], strict=True))
        seconds = {
            "workers": tree_cpu_seconds(self.tree) - began["tree"],
            "postgres": sum(last - first for first, last in self._backends.values()),
            "postgresShared": self._shared() - began["postgresShared"],
            "redis": sum(own_cpu_seconds(pid) for pid in self.redis) - began["redis"],
            "bench": own_cpu_seconds(os.getpid()) - began["bench"],
        }
        seconds["others"] = max(0.0, busy / CLOCK_TICKS - sum(seconds.values()))
        seconds["idle"] = idle / CLOCK_TICKS
        cores = os.cpu_count() or 1
        capacity = wall * cores
        return {
            "cores": cores,
            "cpuSeconds": {key: round(value, 2) for key, value in seconds.items()},
            "cpuShare": {key: round(100 * value / capacity, 1) for key, value in seconds.items()},
            "cpuSecondsAGame": {
                key: round(seconds[key] / games, 4) for key in ("workers", "postgres") if games
            },
        }
