"""The notes people leave on a change (revisions, moves, artwork events, decisions)."""

from django.utils.translation import gettext_lazy as _

from rules.problems import invalid, problem

from .errors import InvalidInput


def checked_note(note: object, field: str = "note") -> str:
    """``note`` as stored, or InvalidInput (FIELD_INVALID): a note is a text (JSON's ``true`` or ``123``
    is not one), and no text accepts the NUL character (PostgreSQL refuses it)."""
    if note is None:
        return ""
    if not isinstance(note, str):
        raise InvalidInput([invalid(field, problem("NOT_TEXT"))])
    if "\x00" in note:
        raise InvalidInput([invalid(field, problem("NUL_CHARACTER"))])
    return note


# The notes the studio itself writes on revisions (in English, in the database): shown in the reader's
# language. A person's own note is shown as they wrote it.
STUDIO_NOTES = {
    "imported": _("imported"),
    "re-imported": _("re-imported"),
    "from the admin": _("from the admin"),
    "a later import differs": _("a later import differs"),
}


def shown_note(note: str | None) -> str:
    """A revision's note as the reader reads it: the studio's own words translated, a person's as written."""
    note = note or ""
    words = STUDIO_NOTES.get(note)
    return str(words) if words is not None else note
