"""The studio as an ASGI application: HTTP (Django) and WebSockets (the playtest tables' real time,
the header's inbox count).

Served by runserver (Daphne's, given by studio.devserver): HTTP and WebSockets in one process, HTTP run
as WSGI runs it, synchronously, on a bounded pool of threads (studio/serving.py: Django's own ASGI
handler gave every request a new thread). In production (scripts/entrypoint web) it holds the
tables' WebSockets only, under gunicorn's uvicorn worker (studio/gunicorn_sockets.py), behind the
front that sends HTTP to gunicorn's sync workers on studio.wsgi (studio/Caddyfile). A WebSocket
is authenticated by the session cookie and refused from another origin than the studio's: scheme,
host and port (studio/websocket_origin.py).
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
# Django first: the routes below import models.
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from studio.serving import ThreadPoolHTTP  # noqa: E402
from studio.web_role import refuse_persistent_connections  # noqa: E402

# A persistent connection per thread cannot work here: refused at start, with what to set instead.
refuse_persistent_connections(settings.DATABASES)
django_application = ThreadPoolHTTP()
# The routes and every view they import, loaded once before gunicorn forks its workers (preload_app):
# 3-5 s a worker at its first request otherwise, on a busy machine.
ROUTES = get_resolver().url_patterns

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from comments.routing import websocket_urlpatterns as comment_sockets  # noqa: E402
from studio.websocket_origin import SameOriginValidator  # noqa: E402
from tables.routing import websocket_urlpatterns as table_sockets  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(table_sockets + comment_sockets))),
    }
)
