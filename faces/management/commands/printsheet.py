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
from ...layouts import drawn_bleed, layout_named, layouts
from ...printer import safe_zone_findings
from ...render import render_back
from ...sheet import SheetError, sheet_layout, write_print_sheet


class Command(LocalizedCommand):
    help = (
        "A print-and-play PDF (by default 3 x 3 cards a page with crop marks): a deck (one face per copy) or a "
        "game's set (FORMATS.md: printsheet (--deck ID | --game GAME [--set SET]) --out FILE.pdf "
        "[--paper a4|letter | --layout NAME] [--bleed MM] [--lang LANG]). --lang prints the faces in that language "
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

    def handle(self, *args, deck, game, set_code, out, paper, layout, bleed, backs, **options):
        if not out.lower().endswith(".pdf"):
            raise usage(f"{out}: the file must end in .pdf")
        if layout is None and paper.lower() not in ("a4", "letter"):
            raise usage(f"--paper {paper}: use one of a4, letter (or --layout NAME)")
        if layout is not None and layout.lower() not in layouts():
            raise usage(f"--layout {layout}: use one of {', '.join(layouts())}")
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
        back = render_back(game_key, template, bleed_mm=bleed, fonts="none", lang=lang) if backs else None
        seen: list = []
        try:
            with open(out, "wb") as fh:
                n = write_print_sheet(
                    faces_of(copies, bleed_mm=bleed, template=template, lang=lang, seen=seen),
                    fh,
                    paper=paper,
                    bleed_mm=bleed,
                    back=back,
                    cover=cover,
                )
        except SheetError as exc:
            raise usage(str(exc)) from None
        except OSError as exc:
            raise usage(f"{out}: cannot be written ({exc.strerror or exc})") from None
        spec = layout_named(paper)
        per_page = 1 if spec is not None and spec.printer is not None else sheet_layout(paper, 0).per_page
        self.stdout.write(f"{out}: {n} cards, {-(-n // per_page)} pages{' and their backs' if backs else ''}")
        if spec is not None:
            for finding in safe_zone_findings(template, spec):  # a text box the printer may cut
                self.stderr.write(f"{finding.severity}: {finding.code}: {finding_message(finding)}")
        if line := untranslated_line(lang, seen):
            self.stdout.write(line)
