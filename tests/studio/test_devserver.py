"""``manage.py runserver`` is Daphne's (HTTP and WebSockets); no other process imports Daphne's Twisted."""

import os
import subprocess
import sys
from pathlib import Path

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.core.management import get_commands, load_command_class

ROOT = Path(__file__).resolve().parents[2]


def test_runserver_is_daphnes_serving_the_asgi_application():
    command = load_command_class(get_commands()["runserver"], "runserver")
    assert isinstance(command, DaphneRunserver)
    from studio.asgi import application

    assert command.get_application({"use_static_handler": False}) is application


def test_a_process_that_does_not_serve_imports_neither_daphne_nor_twisted():
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, django; django.setup(); from django.core.management import get_commands; get_commands(); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'daphne', 'twisted'}))",
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "studio.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == "[]", shown.stdout + shown.stderr
