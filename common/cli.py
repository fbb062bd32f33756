"""Helpers shared by the management commands."""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

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


def read_json(path: str):
    """A JSON file's content, or a CommandError (exit status 2) that says why it cannot be read."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file", returncode=USAGE_ERROR) from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path}: not UTF-8 text (byte {exc.start})", returncode=USAGE_ERROR) from None
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
            returncode=USAGE_ERROR,
        ) from None
    except OSError as exc:
        raise CommandError(
            f"{path}: cannot be read ({exc.strerror or exc})", returncode=USAGE_ERROR
        ) from None


def read_text(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file", returncode=USAGE_ERROR) from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path}: not UTF-8 text (byte {exc.start})", returncode=USAGE_ERROR) from None
    except OSError as exc:
        raise CommandError(
            f"{path}: cannot be read ({exc.strerror or exc})", returncode=USAGE_ERROR
        ) from None
