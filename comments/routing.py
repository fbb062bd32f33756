"""The comments' WebSocket route (studio/asgi.py): the inbox's count, live."""

from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/inbox/", consumers.InboxConsumer.as_asgi(), name="inbox-ws"),
]
