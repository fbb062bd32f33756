"""gunicorn's settings, from the environment (scripts/entrypoint web, make serve)."""

import multiprocessing
import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
# Two workers a core is gunicorn's advice for I/O-bound Django; a small machine gets at least 2.
workers = int(os.environ.get("WEB_CONCURRENCY") or max(2, multiprocessing.cpu_count() * 2))
# studio.asgi under uvicorn's workers: HTTP and the tables' WebSockets (Channels) in each process.
# HTTP runs on WEB_THREADS threads a worker (studio/serving.py); gunicorn's own threads serve only
# its threaded workers (bench/load.py --server wsgi-sync uses the sync ones).
threads = 1
worker_class = "uvicorn_worker.UvicornWorker"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Recycle workers now and then: a slow leak never grows without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
accesslog = "-" if os.environ.get("ACCESS_LOG", "1") not in ("0", "false", "no") else None
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
preload_app = True
