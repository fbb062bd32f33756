"""The API's schema as the studio serves it, asked for once in a run of the suite.

Every xdist process collects tests/studio/test_api_fuzz.py, whose tests are made from the schema (a
test an operation): each process asked the studio for /api/schema/, and drf-spectacular generated
it in each (half a CPU-second of each process's collection, a third of it looking for GeoDjango's
GDAL library in a dozen subprocesses). The processes of a run have the same code and settings, so
the same schema: the first to ask writes the answer into the run's temporary folder, where the
others, having waited for its lock, read it. Run in one process (``-n 0``), it asks the studio.
"""

from __future__ import annotations

import fcntl
import hashlib
from pathlib import Path

# The run's folder shared by its processes (the parent of each one's basetemp), set by
# tests/conftest.py in an xdist process; None in a run of one process.
SHARED: Path | None = None


def served(application, path: str) -> str:
    """The body the WSGI ``application`` answers to GET ``path`` (as schemathesis's ``from_wsgi``
    sends it), asked once in a run."""
    if SHARED is None:
        return _ask(application, path)
    saved = SHARED / f"api-schema-{hashlib.sha256(path.encode()).hexdigest()[:16]}"
    with open(saved.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process of the run may be asking for it
        try:
            if saved.exists():
                return saved.read_text(encoding="utf-8")
            text = _ask(application, path)
            partial = saved.with_suffix(".partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(saved)
            return text
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _ask(application, path: str) -> str:
    from werkzeug.test import Client

    response = Client(application).get(path)
    if response.status_code != 200:
        raise RuntimeError(f"GET {path}: {response.status}\n{response.get_data(as_text=True)[:2000]}")
    return response.get_data(as_text=True)
