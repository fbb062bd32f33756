from pathlib import Path

from cards.models import Card
from common.cli import LocalizedCommand
from common.finding_messages import message as finding_message
from common.i18n import supported

from ...adapters import face_card, primary_face_art, translations_for
from ...commands import bleed_option, game_template, untranslated_line, usage
from ...layouts import SizeNotPrinted, drawn_bleed, layouts, printer_for
from ...printer import card_image_bytes, card_text_safe_zone_findings, safe_zone_findings
from ...raster import face_to_png
from ...render import render_face


class Command(LocalizedCommand):
    help = (
        "Draw a card's face as SVG or PNG (FORMATS.md: renderface STABLE_ID --out FILE [--dpi 300] [--bleed MM] "
        "[--lang LANG] [--layout PRINTER]). --layout names a print shop's preset (mpc-poker, tgc-poker, dtc-poker: "
        "docs/faces.md): the PNG or JPEG is then exactly its pixels at its dpi, trim and bleed, sRGB. --lang draws it in that language (labels, and the card's validated translation; "
        "without one, its source texts, marked) and speaks it."
    )

    def add_arguments(self, parser):
        parser.add_argument("stable_id", help="the card's stableCardId")
        parser.add_argument("--out", required=True, help="the file to write: .svg or .png")
        parser.add_argument(
            "--dpi", type=int, default=300, help="PNG resolution (default 300: 744 x 1039 px)"
        )
        parser.add_argument(
            "--bleed", type=float, default=0, help="millimetres of frame and artwork around the card"
        )
        parser.add_argument(
            "--layout",
            help="a print shop's preset: the image at its pixels (one of "
            + ", ".join(n for n, spec in layouts().items() if spec.printer is not None)
            + ")",
        )

    def handle(self, *args, stable_id, out, dpi, bleed, layout=None, **options):
        path = Path(out)
        kind = path.suffix.lower()
        printer = None
        if layout is not None:
            spec = layouts().get(layout.lower())
            printers = [n for n, s in layouts().items() if s.printer is not None]
            if spec is None or spec.printer is None:
                raise usage(f"--layout {layout}: use one of {', '.join(printers)}")
            printer = spec.printer
            if kind not in (".png", ".jpg", ".jpeg"):
                raise usage(f"{out}: with --layout the file must end in .png, .jpg or .jpeg")
            bleed = drawn_bleed(spec, 0)
        elif kind not in (".svg", ".png"):
            raise usage(f"{out}: the file must end in .svg or .png")
        if not 10 <= dpi <= 1200:
            raise usage(f"--dpi {dpi}: the resolution is from 10 to 1200")
        bleed = bleed_option(bleed)
        card = Card.objects.filter(stable_id=stable_id).first()
        if card is None:
            raise usage(f"no card has the stableCardId {stable_id!r}")
        if printer is not None:  # the printer's numbers for the game's card size, or why it cannot
            try:
                printer = printer_for(spec, game_template(card.game))
            except SizeNotPrinted as exc:
                raise usage(str(exc)) from None
        lang = supported(options.get("lang"))  # LocalizedCommand has checked it
        translation = translations_for([card], lang).get(card.pk)
        face = render_face(
            face_card(card, lang=lang, translation=translation),
            game_template(card.game),
            primary_face_art(card),
            bleed_mm=bleed,
            fonts="embed" if kind == ".svg" else "none",
        )
        try:
            if printer is not None:
                path.write_bytes(card_image_bytes(face, printer, "png" if kind == ".png" else "jpeg"))
            elif kind == ".svg":
                path.write_text(face.svg, encoding="utf-8")
            else:
                path.write_bytes(face_to_png(face, dpi=dpi))
        except OSError as exc:
            raise usage(f"{out}: cannot be written ({exc.strerror or exc})") from None
        findings = list(face.findings)
        if printer is not None:  # a text box the printer may cut
            findings.extend(safe_zone_findings(game_template(card.game), spec, printer))
            findings.extend(card_text_safe_zone_findings([face], spec, printer))
        for finding in findings:
            self.stderr.write(f"{finding.severity}: {finding.code}: {finding_message(finding)}")
        self.stdout.write(f"{stable_id}: {out}")
        if line := untranslated_line(lang, [face]):
            self.stdout.write(line)
