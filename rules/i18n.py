"""A marker for the words of the rule sets that people read, translated by the web layer.

The core stays pure and language-free: a rule set's labels and help (fields, deck sections and
picks, draw setups) are plain English strings marked ``N_("...")``. ``N_`` does nothing at run
time; it only lets ``makemessages`` find them::

    python manage.py makemessages -l fr -l ru --keyword=N_   # or: make messages

The pages, the API and the commands translate them when they show them
(``common.i18n.tr``: ``gettext`` of the marked string, the string itself when no catalogue has it).
A word that is one game's own, and that another game says otherwise in the same language (duel's
SPELL is a « Magie », riftbound's a « Sort »), is marked ``NC_(game key, "...")``: its catalogue
entry has the game's key as context (``msgctxt``), and ``tr(label, context=key)`` finds it.
A template whose words follow a number (a finding's message, "%(observed)s cards") is marked
``NP_(singular, plural, count)``: both forms reach the catalogue as one plural entry, and the web
layer picks the reader's form from the param ``count`` names (Russian has three).

Card data (names, texts, a face template's printed words) is never translated: it is written in
its game's language.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is shown; return it unchanged."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context`` (a game's key); return it unchanged."""
    return message


@dataclass(frozen=True, slots=True)
class Plural:
    """A text with a singular and a plural form; ``count`` names the param whose number chooses."""

    singular: str
    plural: str
    count: str

    def form(self, number: object) -> str:
        """The English form for ``number`` (what the catalogues translate from)."""
        return self.singular if number == 1 else self.plural


def NP_(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural text for translation (``makemessages --keyword=NP_:1,2``)."""
    return Plural(singular, plural, count)
