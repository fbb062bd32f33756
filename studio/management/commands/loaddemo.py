"""Load the demo data and the demo users (idempotent).

Each installed app may ship a ``demo`` module with ``load_demo(stdout)``; they
run in INSTALLED_APPS order (cards before decks), after the demo users exist
(demo decks have owners).
"""

from importlib import import_module

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from common.cli import LocalizedCommand
from common.roles import ROLES
from studio.models import Preference

# Demo accounts for one person on one machine; never use them on a shared server.
DEMO_USERS = {role: f"{role}-demo" for role in ROLES}
ADMIN = ("admin", "admin-demo")
# A mixed team, each in their own language (the admin reads the browser's); kept once chosen:
# loaddemo never overrides a language a demo user switched to.
DEMO_LANGUAGES = {"designer": "fr", "reviewer": "fr", "playtester": "ru"}
LANGUAGE_NAMES = {"en": "English", "fr": "français", "ru": "русский"}


class Command(LocalizedCommand):
    help = "Load the demo cards (and decks), create one demo user per role, and print their logins."

    def add_arguments(self, parser):
        parser.add_argument("--no-users", action="store_true", help="load the data only")

    @transaction.atomic
    def handle(self, *args, no_users=False, **options):
        # The users come first (demo decks have owners); their logins are printed last, where they are seen.
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
        if not no_users:
            self.print_logins()

    def create_users(self):
        for role, password in DEMO_USERS.items():
            user = self.demo_user(role, password)
            user.groups.add(Group.objects.get(name=role))
            if role in DEMO_LANGUAGES:
                Preference.objects.get_or_create(user=user, defaults={"language": DEMO_LANGUAGES[role]})
        username, password = ADMIN
        self.demo_user(username, password, is_staff=True, is_superuser=True)

    def print_logins(self):
        self.stdout.write("Demo logins (username / password):")
        languages = dict(
            Preference.objects.filter(user__username__in=list(DEMO_USERS)).values_list(
                "user__username", "language"
            )
        )
        for role, password in DEMO_USERS.items():
            language = LANGUAGE_NAMES.get(languages.get(role, ""), "the browser's language")
            self.stdout.write(f"  {role:<11} {role} / {password}  (reads {language})")
        username, password = ADMIN
        self.stdout.write(f"  {'admin':<11} {username} / {password}  (all rights, /admin/)")

    def demo_user(self, username: str, password: str, **flags):
        """The demo user, with the printed password; saved only when something must change.

        Re-setting an unchanged password would give it a new hash, which logs its sessions out. A
        user just created has none to check: checking it would hash a random one all the same (Django
        evens out the time of a failed check), a second hash of the settings' hasher (half a
        CPU-second with Django's default) for each demo user on a fresh database.
        """
        user, created = get_user_model().objects.get_or_create(username=username)
        changed = [name for name, value in flags.items() if getattr(user, name) != value]
        for name in changed:
            setattr(user, name, flags[name])
        if created or not user.check_password(password):
            user.set_password(password)
            changed.append("password")
        if not user.is_active:
            user.is_active = True
            changed.append("is_active")
        if changed:
            user.save(update_fields=changed)
        return user
