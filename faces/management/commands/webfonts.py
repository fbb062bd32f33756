from django.core.management.base import BaseCommand

from faces import webfonts


class Command(BaseCommand):
    help = (
        "Cut the shipped fonts into the WOFF2 parts pages load (faces/fonts/web/) and name them in faces.css."
    )

    def handle(self, *args, **options):
        for path in webfonts.write_all():
            self.stdout.write(str(path))
