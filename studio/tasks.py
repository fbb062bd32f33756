"""Tasks that belong to the studio as a whole."""

import os
import socket

from celery import shared_task


@shared_task(name="studio.ping")
def ping() -> dict:
    """Answer with where it ran: proves that a real worker (another process) runs tasks."""
    return {"host": socket.gethostname(), "pid": os.getpid()}
