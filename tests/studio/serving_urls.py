"""Routes for tests/studio/test_serving.py: what ThreadPoolHTTP (studio/serving.py) must serve as
WSGI does: a plain answer, a body read, a streamed answer, a file, each noting its thread."""

from __future__ import annotations

import threading

from asgiref.sync import async_to_sync
from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

SEEN: list[str] = []  # the names of the threads that ran the views and the streamed parts


def plain(request):
    SEEN.append(threading.current_thread().name)
    return HttpResponse("plain")


@csrf_exempt
def echo(request):
    SEEN.append(threading.current_thread().name)
    return HttpResponse(request.body[::-1], content_type="application/octet-stream")


def streamed(request):
    SEEN.append(threading.current_thread().name)

    def parts():
        for n in range(3):
            SEEN.append(threading.current_thread().name)
            yield f"part {n};".encode()

    return StreamingHttpResponse(parts())


def file(request):
    return FileResponse(open(__file__, "rb"))


LOOPS: list = []  # the event loop async_to_sync ran its coroutine on, in the view


def loop(request):
    import asyncio

    async def running():
        return asyncio.get_running_loop()

    LOOPS.append(async_to_sync(running)())
    return HttpResponse("loop")


urlpatterns = [
    path("plain/", plain),
    path("echo/", echo),
    path("streamed/", streamed),
    path("file/", file),
    path("loop/", loop),
]
