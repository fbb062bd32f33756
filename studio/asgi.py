"""The studio as an ASGI application: HTTP (Django) and WebSockets (the playtest tables' real time).

Served by runserver (daphne, first in INSTALLED_APPS) and in production by gunicorn with uvicorn's
workers (studio/gunicorn.py, scripts/entrypoint web). A WebSocket is authenticated by the session
cookie and refused from another origin than the studio's: scheme, host and port (studio/websocket_origin.py).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
# Django first: the routes below import models.
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from studio.websocket_origin import SameOriginValidator  # noqa: E402
from tables.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
