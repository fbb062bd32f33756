"""``manage.py runserver`` as Daphne's: HTTP and the tables' WebSockets (studio.asgi) in one process.

Daphne's own app (``"daphne"`` in INSTALLED_APPS) imports its server, and with it Twisted, in every
process that sets Django up: 0.4 CPU-seconds for each command, worker and test process that never
serves. This app only names Daphne's ``runserver``, imported when that command runs. It comes before
``django.contrib.staticfiles`` in INSTALLED_APPS: the first app that has a command gives it.
"""
