"""Reading deck files for the commands: a JSON deck file or a text decklist, told apart by content."""

from __future__ import annotations

import json

from django.core.management.base import CommandError

from common import guards
from common.cli import not_json, read_text, unreadable
from common.finding_messages import message as finding_message

from .interchange import looks_like_json, parse_decklist


def read_deck_file(path: str, game: str | None = None) -> dict:
    """The deck in ``path`` as a deck JSON object, or a CommandError (exit status 2) with a one-line reason."""
    text = read_text(path)
    if looks_like_json(text):
        try:
            data = guards.loads(text.lstrip("\ufeff"))
            if game is not None and isinstance(data, dict):
                data.setdefault("game", game)
            return data
        except json.JSONDecodeError as exc:
            raise not_json(path, exc) from None
        except guards.BadInput as exc:
            raise unreadable(path, str(exc)) from None
    deck, findings = parse_decklist(text, game=game)
    if findings:
        raise unreadable(path, "; ".join(finding_message(f) for f in findings))
    return deck


def unusable(path: str, exc) -> CommandError:
    """A service's InvalidInput as the one-line reason of exit status 2."""
    return unreadable(path, "; ".join(finding_message(f) for f in exc.findings) or exc.reader_message())
