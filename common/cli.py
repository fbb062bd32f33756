"""Helpers shared by the management commands."""

from __future__ import annotations

import json
import sys

from django.core.management.base import CommandError

USAGE_ERROR = 2  # FORMATS.md: exit status 2 for unusable input


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
