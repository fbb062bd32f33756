"""``manage.py runserver`` is Daphne's (HTTP and WebSockets), given by studio.devserver."""

from daphne.management.commands.runserver import Command as DaphneRunserver
from django.core.management import get_commands, load_command_class


def test_runserver_is_daphnes_serving_the_asgi_application():
    from studio.asgi import application

    command = load_command_class(get_commands()["runserver"], "runserver")
    assert isinstance(command, DaphneRunserver)
    assert command.get_application({"use_static_handler": False}) is application
