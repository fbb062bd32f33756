"""Helpers shared by the management commands."""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext

from .i18n import language_from_env, supported

USAGE_ERROR = 2  # FORMATS.md: exit status 2 for unusable input


class LocalizedCommand(BaseCommand):
    """A command that speaks its user's language: ``--lang fr``, else ``LANGUAGE``/``LC_ALL``/``LANG``.

    Messages, findings (``common.finding_messages``) and refusals are in that language; codes,
    JSON keys and exit statuses never change.
    """

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--lang",
            default=None,
            help="the language of the messages: "
            + ", ".join(code for code, _ in settings.LANGUAGES)
            + " (default: from LANGUAGE, LC_ALL or LANG)",
        )
        return parser

    def execute(self, *args, **options):
        requested = options.get("lang")
        language = supported(requested) if requested else language_from_env()
        if requested and language is None:
            raise CommandError(
                f"--lang {requested}: use one of {', '.join(code for code, _ in settings.LANGUAGES)}",
                returncode=USAGE_ERROR,
            )
        with translation.override(language):
            return super().execute(*args, **options)


def unreadable(path: str, why: str) -> CommandError:
    """Why the file ``path`` cannot be used (``why``, in the active language): exit status 2."""
    return CommandError(gettext("%(path)s: %(why)s") % {"path": path, "why": why}, returncode=USAGE_ERROR)


def not_json(path: str, exc: json.JSONDecodeError) -> CommandError:
    why = gettext("not valid JSON (line %(line)s, column %(column)s: %(why)s)") % {
        "line": exc.lineno,
        "column": exc.colno,
        "why": exc.msg,
    }
    return unreadable(path, why)


def read_json(path: str):
    """A JSON file's content, or a CommandError (exit status 2) that says why it cannot be read."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise unreadable(path, gettext("no such file")) from None
    except UnicodeDecodeError as exc:
        raise unreadable(path, gettext("not UTF-8 text (byte %(byte)s)") % {"byte": exc.start}) from None
    except json.JSONDecodeError as exc:
        raise not_json(path, exc) from None
    except OSError as exc:
        raise unreadable(path, gettext("cannot be read (%(why)s)") % {"why": exc.strerror or exc}) from None


def read_text(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise unreadable(path, gettext("no such file")) from None
    except UnicodeDecodeError as exc:
        raise unreadable(path, gettext("not UTF-8 text (byte %(byte)s)") % {"byte": exc.start}) from None
    except OSError as exc:
        raise unreadable(path, gettext("cannot be read (%(why)s)") % {"why": exc.strerror or exc}) from None
