from cards.models import Card
from common.cli import LocalizedCommand
from common.finding_messages import message as finding_message
from common.i18n import supported
from decks.models import Deck
from rules.registry import registry

from ...adapters import deck_card_counts
from ...commands import (
    MAX_COPIES,
    bleed_option,
    faces_of,
    game_template,
    untranslated_line,
    usage,
)
from ...layouts import SizeNotPrinted, drawn_bleed, layout_named, layouts, printer_for
from ...printer import card_text_safe_zone_findings, safe_zone_findings, write_printer_zip
from ...render import render_back
from ...sheet import SheetError, printer_layouts, sheet_layout, write_print_sheet


class Command(LocalizedCommand):
    help = (
        "A print-and-play PDF (by default 3 x 3 cards a page with crop marks): a deck (one face per copy) or a "
        "game's set (FORMATS.md: printsheet (--deck ID | --game GAME [--set SET]) --out FILE.pdf "
        "[--paper a4|letter | --layout NAME [--cmyk]] [--bleed MM] [--lang LANG]). With a print shop's --layout, "
        "--out FILE.zip writes its card images (fronts/001-Name.png..., back.png) instead of the PDF. --lang prints the faces in that language "
        "(labels, and each card's validated translation; a card without one in its source texts, marked) "
        "and speaks it."
    )

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--deck", help="a deck's id")
        which.add_argument("--game", help="every card of a game (or of one set with --set)")
        parser.add_argument("--set", dest="set_code", help="with --game: only this set")
        parser.add_argument("--out", required=True, help="the PDF to write")
        parser.add_argument("--paper", default="a4", help="a4 (default) or letter")
        parser.add_argument(
            "--layout",
            help="a sheet layout by name (docs/faces.md), instead of --paper: " + ", ".join(layouts()),
        )
        parser.add_argument("--bleed", type=float, default=0, help="millimetres of bleed around each card")
        parser.add_argument(
            "--backs", action="store_true", help="a page of card backs after each page (duplex)"
        )
        parser.add_argument(
            "--cmyk",
            action="store_true",
            help="with a print shop's --layout: PDF/X-1a in CMYK (FOGRA39 profile), as DriveThruCards asks",
        )

    def handle(self, *args, deck, game, set_code, out, paper, layout, bleed, backs, cmyk=False, **options):
        as_zip = out.lower().endswith(".zip")
        if not (out.lower().endswith(".pdf") or as_zip):
            raise usage(f"{out}: the file must end in .pdf (or .zip: a print shop's images)")
        if as_zip and (layout is None or layout.lower() not in printer_layouts()):
            raise usage(
                f"{out}: a zip of card images is for a print shop's --layout: {', '.join(printer_layouts())}"
            )
        if as_zip and cmyk:
            raise usage("--cmyk: the zip holds the images a print shop uploads (sRGB); --cmyk is for its PDF")
        if layout is None and paper.lower() not in ("a4", "letter"):
            raise usage(f"--paper {paper}: use one of a4, letter (or --layout NAME)")
        if layout is not None and layout.lower() not in layouts():
            raise usage(f"--layout {layout}: use one of {', '.join(layouts())}")
        if cmyk and (layout is None or layout.lower() not in printer_layouts()):
            raise usage(f"--cmyk: use it with a print shop's --layout: {', '.join(printer_layouts())}")
        paper = (layout or paper).lower()
        bleed = drawn_bleed(paper, bleed_option(bleed))  # a printer's preset draws its own bleed
        if deck is not None:
            found = Deck.objects.filter(pk=deck if deck.isdigit() else None).first()
            if found is None:
                raise usage(f"no deck has the id {deck!r}")
            game_key = found.game
            copies = deck_card_counts(found)
            verdict = (
                "being checked"
                if found.legal is None or found.stale
                else ("legal" if found.legal else "not legal")
            )
            cover = f"{found.name} · {game_key} · {verdict}"
        else:
            if game not in registry:
                raise usage(f"unknown game {game!r}; the games are: {', '.join(registry.keys())}")
            if set_code is not None and set_code == "":
                raise usage("--set: give a set code")
            cards = Card.objects.filter(game=game).order_by("set_code", "stable_id")
            if set_code:
                cards = cards.filter(set_code=set_code)
            copies = [(card, 1) for card in cards]
            if not copies:
                raise usage(f"{game} has no card" + (f" in the set {set_code!r}" if set_code else ""))
            game_key = game
            cover = f"{game}" + (f" · {set_code}" if set_code else "") + f" · {len(copies)} cards"
        total = sum(n for _c, n in copies)
        if total > MAX_COPIES:
            raise usage(f"{total} copies is more than the {MAX_COPIES} a print sheet takes")
        template = game_template(game_key)
        lang = supported(options.get("lang"))  # LocalizedCommand has checked it
        if lang:
            cover = f"{cover} · {lang.upper()}"
        try:  # a print shop's numbers for the game's card size, or why it does not print it
            printer = printer_for(paper, template)
        except SizeNotPrinted as exc:
            raise usage(str(exc)) from None
        back = render_back(game_key, template, bleed_mm=bleed, fonts="none", lang=lang) if backs else None
        seen: list = []
        try:
            with open(out, "wb") as fh:
                if as_zip:  # the images a print shop's uploader takes, named in the deck's order
                    n = write_printer_zip(
                        faces_of(copies, bleed_mm=bleed, template=template, lang=lang, seen=seen),
                        fh,
                        printer,
                        back=back,
                    )
                else:
                    n = write_print_sheet(
                        faces_of(copies, bleed_mm=bleed, template=template, lang=lang, seen=seen),
                        fh,
                        paper=paper,
                        bleed_mm=bleed,
                        back=back,
                        cover=cover,
                        cmyk=cmyk,
                        printer=printer,
                    )
        except SheetError as exc:
            raise usage(str(exc)) from None
        except OSError as exc:
            raise usage(f"{out}: cannot be written ({exc.strerror or exc})") from None
        spec = layout_named(paper)
        per_page = 1 if spec is not None and spec.printer is not None else sheet_layout(paper, 0).per_page
        if as_zip:
            self.stdout.write(f"{out}: {n} cards, {n} images{' and the back' if backs else ''}")
        else:
            self.stdout.write(
                f"{out}: {n} cards, {-(-n // per_page)} pages{' and their backs' if backs else ''}"
            )
        if spec is not None:
            # a text box the printer may cut, then each card's own text that reaches into its safe zone
            found = (
                *safe_zone_findings(template, spec, printer),
                *card_text_safe_zone_findings(seen, spec, printer),
            )
            for finding in found:
                self.stderr.write(f"{finding.severity}: {finding.code}: {finding_message(finding)}")
        if line := untranslated_line(lang, seen):
            self.stdout.write(line)
