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

Card data (names, texts, a face template's printed words) is never translated: it is written in
its game's language.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is shown; return it unchanged."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context`` (a game's key); return it unchanged."""
    return message
