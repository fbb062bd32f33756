"""A marker for the words of the rule sets that people read, translated by the web layer.

The core stays pure and language-free: a rule set's labels and help (fields, deck sections and
picks, draw setups) are plain English strings marked ``N_("...")``. ``N_`` does nothing at run
time; it only lets ``makemessages`` find them::

    python manage.py makemessages -l fr -l ru --keyword=N_   # or: make messages

The pages, the API and the commands translate them when they show them
(``common.i18n.tr``: ``gettext`` of the marked string, the string itself when no catalogue has it).
Card data (names, texts, a face template's printed words) is never translated: it is written in
its game's language.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is shown; return it unchanged."""
    return message
