"""Django's makemessages, with the studio's extra keywords (``make messages`` runs it).

``rules/`` is pure (no Django): its labels are marked with a no-op marker that xgettext must know.
"""

from django.core.management.commands import makemessages

EXTRA_KEYWORDS = ["--keyword=N_", "--keyword=NC_:1c,2", "--keyword=NP_:1,2"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, *EXTRA_KEYWORDS]
