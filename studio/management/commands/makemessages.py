"""Django's makemessages, with the studio's extra keywords (``make messages`` runs it).

``rules/`` is pure (no Django): its labels are marked with a no-op marker that xgettext must know.
``--also-djangojs`` extracts the ``djangojs`` domain too, after ``django``, in the same process:
``make catalogues-po`` (and ``scripts/check-catalogues``, which runs it) starts Django once, not
twice (1.3 CPU-seconds).
"""

from django.core.management.commands import makemessages

EXTRA_KEYWORDS = ["--keyword=N_", "--keyword=NC_:1c,2", "--keyword=NP_:1,2"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, *EXTRA_KEYWORDS]

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--also-djangojs",
            action="store_true",
            help="After the django domain, the djangojs domain with the same options, in this process.",
        )

    def handle(self, *args, **options):
        also_djangojs = options.pop("also_djangojs", False) and options["domain"] == "django"
        super().handle(*args, **options)
        if also_djangojs:
            super().handle(*args, **{**options, "domain": "djangojs"})
