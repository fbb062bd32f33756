"""``manage.py runserver`` is Daphne's (HTTP and WebSockets), given by studio.devserver."""

from django.core.management import get_commands, load_command_class


def test_runserver_is_daphnes_serving_the_asgi_application():
    # Imported here, not at collection: Daphne's command brings Twisted and Autobahn (0.17 CPU-s),
    # which every xdist process paid at collection for the one process that runs this test.
    from daphne.management.commands.runserver import Command as DaphneRunserver

    from studio.asgi import application

    command = load_command_class(get_commands()["runserver"], "runserver")
    assert isinstance(command, DaphneRunserver)
    assert command.get_application({"use_static_handler": False}) is application
