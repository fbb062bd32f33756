from pathlib import Path

from django.utils.translation import gettext

from common.cli import LocalizedCommand
from common.errors import InvalidInput
from common.i18n import supported
from decks.models import Deck

from ...adapters import deck_card_counts, face_inputs
from ...commands import MAX_COPIES, game_template, untranslated_line, usage
from ...render import render_back, render_face
from ...tts import TtsEntry, write_tts_dir
from ...tts_export import is_loopback, local_folder, local_url


class Command(LocalizedCommand):
    help = (
        "A Tabletop Simulator export of a deck: sheets of faces (JPEG, 10 x 7), back.jpg and deck.json "
        "(FORMATS.md: exporttts DECK_ID --out DIR). Without --base-url the JSON points at the files in DIR; "
        "with --local FOLDER, at the files once DIR's content is copied into FOLDER (on this machine or another). "
        "--lang draws the faces and names in that language (a card without a validated translation in its "
        "source texts, marked) and speaks it."
    )

    def add_arguments(self, parser):
        parser.add_argument("deck_id", help="the deck's id")
        parser.add_argument("--out", required=True, help="the folder to write")
        where = parser.add_mutually_exclusive_group()
        where.add_argument("--base-url", help="the URL the images will be served from (ends with /)")
        where.add_argument(
            "--local",
            metavar="FOLDER",
            help="the absolute folder the files will be copied into for Tabletop Simulator (C:\\Games\\deck, "
            "/home/me/deck): deck.json points at file:/// paths under it",
        )

    def handle(self, *args, deck_id, out, base_url, local=None, **options):
        face_url = None
        if local is not None:
            try:
                face_url = local_url(local_folder(local))
            except InvalidInput as exc:
                raise usage(f"TTS_LOCAL_FOLDER_INVALID: {exc.reader_message()}") from None
        deck = Deck.objects.filter(pk=deck_id if deck_id.isdigit() else None).first()
        if deck is None:
            raise usage(f"no deck has the id {deck_id!r}")
        copies = deck_card_counts(deck)
        total = sum(n for _c, n in copies)
        if total == 0:
            raise usage(f"the deck {deck.name!r} has no card to export")
        if total > MAX_COPIES:
            raise usage(f"{total} copies is more than the {MAX_COPIES} an export takes")
        directory = Path(out)
        if directory.exists() and not directory.is_dir():
            raise usage(f"{out}: is a file, not a folder")
        template = game_template(deck.game)
        lang = supported(options.get("lang"))  # LocalizedCommand has checked it
        seen: list = []

        def entries():
            counts = [n for _c, n in copies]
            for (card, art), n in zip(face_inputs((c for c, _n in copies), lang=lang), counts, strict=True):
                face = render_face(card, template, art, fonts="none")
                seen.append(face)
                yield TtsEntry(face, n)

        if base_url and is_loopback(base_url):
            self.stderr.write(
                gettext(
                    "warning: %(url)s is this machine only: Tabletop Simulator on another machine cannot load "
                    "the images; give the address others reach (STUDIO_PUBLIC_URL), or no --base-url for "
                    "local files"
                )
                % {"url": base_url}
            )
        back = render_back(deck.game, template, fonts="none", lang=lang)
        try:
            export = write_tts_dir(
                entries(), back, directory, deck_name=deck.name, base_url=base_url, face_url=face_url
            )
        except OSError as exc:
            raise usage(f"{out}: cannot be written ({exc.strerror or exc})") from None
        self.stdout.write(
            f"{out}: {len(export.sheets)} sheet(s), {export.total} cards; load deck.json in Tabletop Simulator "
            "(Objects > Saved Objects)"
        )
        if line := untranslated_line(lang, seen):
            self.stdout.write(line)
        if local is not None:
            self.stdout.write(
                gettext(
                    "local mode: copy the files of %(out)s into %(folder)s on the computer that runs Tabletop "
                    "Simulator; deck.json points at them there"
                )
                % {"out": out, "folder": local}
            )
