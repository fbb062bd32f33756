"""Load the demo data and the demo users (idempotent).

Each installed app may ship a ``demo`` module with ``load_demo(stdout)``; they
run in INSTALLED_APPS order (cards before decks), after the demo users exist
(demo decks have owners).
"""

from importlib import import_module

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from cards.roles import ROLES

# Demo accounts for one person on one machine; never use them on a shared server.
DEMO_USERS = {role: f"{role}-demo" for role in ROLES}
ADMIN = ("admin", "admin-demo")


class Command(BaseCommand):
    help = "Load the demo cards (and decks), create one demo user per role, and print their logins."

    def add_arguments(self, parser):
        parser.add_argument("--no-users", action="store_true", help="load the data only")

    @transaction.atomic
    def handle(self, *args, no_users=False, **options):
        if not no_users:
            self.create_users()
        self.stdout.write("Loading the demo data:")
        for app_config in apps.get_app_configs():
            try:
                module = import_module(f"{app_config.name}.demo")
            except ModuleNotFoundError as exc:
                if exc.name != f"{app_config.name}.demo":
                    raise
                continue
            if hasattr(module, "load_demo"):
                module.load_demo(self.stdout)

    def create_users(self):
        User = get_user_model()
        self.stdout.write("Demo logins (username / password):")
        for role, password in DEMO_USERS.items():
            user, _ = User.objects.get_or_create(username=role)
            user.set_password(password)
            user.save()
            user.groups.add(Group.objects.get(name=role))
            self.stdout.write(f"  {role:<11} {role} / {password}")
        username, password = ADMIN
        admin, _ = User.objects.get_or_create(username=username, defaults={"is_staff": True, "is_superuser": True})
        admin.is_staff = admin.is_superuser = True
        admin.set_password(password)
        admin.save()
        self.stdout.write(f"  {'admin':<11} {username} / {password}  (all rights, /admin/)")
