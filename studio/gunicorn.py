"""gunicorn's settings for HTTP, from the environment (scripts/entrypoint web, make serve).

The web role runs two gunicorns behind Caddy (studio/Caddyfile): this one serves HTTP, pages and
the API, with sync workers on ``studio.wsgi``; ``studio/gunicorn_sockets.py`` serves the tables'
WebSockets. A sync worker accepts a connection only when it is idle and serves one request at a
time, with one thread: under load each request goes to a free process, and a process's pool of
PostgreSQL connections (and ``CONN_MAX_AGE``, were it allowed) is used as WSGI uses it.
"""

import gc
import multiprocessing
import os

# scripts/entrypoint web binds a private Unix socket (--bind); BIND is the address Caddy listens on.
bind = os.environ.get("BIND", "127.0.0.1:8000")
# Two workers a core is gunicorn's advice for I/O-bound Django; a small machine gets at least 2.
workers = int(os.environ.get("WEB_CONCURRENCY") or max(2, multiprocessing.cpu_count() * 2))
worker_class = "sync"
threads = 1
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Recycle workers now and then: a slow leak never grows without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
accesslog = "-" if os.environ.get("ACCESS_LOG", "1") not in ("0", "false", "no") else None
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's control socket (gunicornc) is one path a user by default: the web role's two masters,
# and any other gunicorn on the machine, would take it from each other. Nothing here uses it.
control_socket_disable = True
# The code, the routes and every view they import are loaded once, before the workers are forked.
preload_app = True


def pre_fork(server, worker):
    """What the master loaded (preload_app: the studio) is frozen before each fork, as Python's gc
    documentation advises for processes that fork: no collection in a worker walks it again (nor
    writes to its pages, shared with the master), and a stopping process no longer collects it
    object by object on its way out (half a second of CPU a process; the web role's four stopped
    in 2 CPU-seconds)."""
    gc.freeze()
