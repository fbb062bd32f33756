"""gunicorn's settings for the tables' WebSockets (scripts/entrypoint web): uvicorn's workers on
``studio.asgi``, behind Caddy's ``/ws/`` route (studio/Caddyfile).

A socket mostly waits: one event loop holds a team's sockets, so one process is the default
(``WEBSOCKET_WORKERS``). Its moves reach the sockets of every process, and a move sent over HTTP
(the sync workers of studio/gunicorn.py) reaches them, through the Redis channel layer
(``CHANNEL_LAYER_URL``), which ``scripts/entrypoint web`` requires (studio/web_role.py,
:func:`~studio.web_role.check_web_role`).
"""

import os

from studio.gunicorn import (  # noqa: F401  the same limits, logs and trusted proxies
    accesslog,
    control_socket_disable,
    errorlog,
    forwarded_allow_ips,
    graceful_timeout,
    pre_fork,
    preload_app,
    timeout,
)

workers = int(os.environ.get("WEBSOCKET_WORKERS") or 1)
worker_class = "uvicorn_worker.UvicornWorker"
threads = 1
# Not recycled after a number of requests: a recycled process would close every socket it holds.
max_requests = 0
