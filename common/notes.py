"""The notes people leave on a change (revisions, moves, artwork events, decisions)."""

from rules.findings import error

from .errors import InvalidInput


def checked_note(note: str | None, field: str = "note") -> str:
    """``note`` as stored, or InvalidInput: no text accepts the NUL character (PostgreSQL refuses it)."""
    note = note or ""
    if "\x00" in note:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"{field} contains the NUL character (\\x00); remove it and send again",
                    field=field,
                )
            ]
        )
    return note
