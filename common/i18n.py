"""The web layer's side of the rule sets' words, and the language of the commands.

``tr`` translates a rule set's label or help (marked ``N_`` in ``rules``, see :mod:`rules.i18n`)
when it is shown; a string no catalogue has comes back as it is.

``language_from_env`` reads the language a command speaks from ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` (gettext's order: ``fr_FR.UTF-8`` is French, ``C`` English), for
``common.cli.LocalizedCommand``'s ``--lang``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from django.conf import settings
from django.utils.translation import gettext

ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def tr(text: str | None) -> str:
    """A rule set's label or help in the reader's language."""
    if not text:
        return text or ""
    return gettext(text)


def supported(code: str | None) -> str | None:
    """``code`` (``fr``, ``fr-FR``, ``fr_FR.UTF-8``, ``ru_RU``) as one of settings.LANGUAGES, or None."""
    if not code:
        return None
    base = code.split(".", 1)[0].split("@", 1)[0].replace("_", "-").lower()
    known = {key.lower() for key, _ in settings.LANGUAGES}
    if base in known:
        return base
    base = base.split("-", 1)[0]
    if base in ("c", "posix"):
        return "en"
    return base if base in known else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment, one of settings.LANGUAGES (LANGUAGE_CODE when none is)."""
    environ = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        value = environ.get(name, "")
        if not value:
            continue
        # LANGUAGE may list several ("fr:en"); the others name one locale.
        for part in value.split(":") if name == "LANGUAGE" else [value]:
            found = supported(part)
            if found:
                return found
        if name != "LANGUAGE":
            break  # the first locale variable set decides, as in gettext
    return settings.LANGUAGE_CODE
