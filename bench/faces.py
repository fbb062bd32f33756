"""Benchmark of card faces: SVG and PNG faces per second, print sheets' time and peak memory.

    .venv/bin/python bench/faces.py [--rounds 3] [--pdf 50 500]

Pure (no database): the 112 Vanguard demo cards of cards/demo/vanguard.json.
- SVG: faces/s of ``render_face`` for the 112 cards, fonts embedded (subset
  data URLs, the default) and linked (``fonts="link"``).
- PNG: faces/s of ``render_face`` + ``svg_to_png`` at 300 dpi (744 x 1039 px)
  against a plain Pillow script that draws the same boxes and the same lines
  of text (ImageDraw, ImageFont of the same font files and sizes) onto the
  same size and encodes a PNG, in the same run; best of ``--rounds``,
  alternating. Target: ratio >= 0.8 (the script exits 1 below it).
- PDF: a sheet of N cards (the demo cards cycled, each copy with its own
  synthetic 1200 x 1680 artwork made as it is drawn): wall time, and in a
  fresh process for each N, peak Python memory (tracemalloc) and peak RSS.
  Target: peak(500) / peak(50) <= 1.5.
Figures go to bench/README.md ("Faces").
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The sheets read their layouts' folder from the settings (FACES_SHEET_LAYOUTS_DIR); no database.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")

import django  # noqa: E402

django.setup()

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from faces.drawing import Shape, TextLine  # noqa: E402
from faces.raster import face_to_png, svg_to_png  # noqa: E402
from faces.render import FaceArt, FaceCard, render_face  # noqa: E402
from faces.template import template_for  # noqa: E402

DPI = 300
PX_PER_MM = DPI / 25.4


def vanguard_cards() -> list[FaceCard]:
    data = json.loads((ROOT / "cards" / "demo" / "vanguard.json").read_text(encoding="utf-8"))
    return [FaceCard.from_data("vanguard", c) for c in data["cards"]]


_BASE: list[Image.Image] = []


def artwork(i: int) -> FaceArt:
    """A distinct artwork per copy (noise and a mark of its own), as JPEG bytes of 1200 x 1680."""
    if not _BASE:
        gradient = Image.linear_gradient("L").resize((1200, 1680))
        for k in range(4):
            noise = Image.effect_noise((1200, 1680), 30 + 10 * k)
            _BASE.append(Image.merge("RGB", (gradient, noise, gradient.rotate(90 * k))))
    im = _BASE[i % len(_BASE)].copy()
    ImageDraw.Draw(im).rectangle((40 + i % 900, 60, 240 + i % 900, 260), fill=(i % 256, (7 * i) % 256, 90))
    out = io.BytesIO()
    im.save(out, "JPEG", quality=85)
    return FaceArt(out.getvalue(), 1200, 1680)


# --- SVG ----------------------------------------------------------------------------------------
def svg_rate(cards, template, fonts: str, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for card in cards:
            render_face(card, template, fonts=fonts, font_url="/static/faces/fonts/")
        best = min(best, time.perf_counter() - t)
    return len(cards) / best


# --- PNG: the studio against plain Pillow ---------------------------------------------------------
def studio_png(card, template) -> bytes:
    """What the studio does for a PNG face: lay the face out, then draw it (faces.raster.face_to_png)."""
    return face_to_png(render_face(card, template, fonts="none"), dpi=DPI)


def resvg_png(card, template) -> bytes:
    """The PNG the studio made before: the face's SVG rasterised by resvg."""
    return svg_to_png(render_face(card, template, fonts="none").svg, dpi=DPI)


_pil_fonts: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


def plain_pillow_png(drawing) -> bytes:
    """The same boxes and lines of text, drawn by Pillow alone (no layout: the lines are given)."""
    w, h = round(drawing.width * PX_PER_MM), round(drawing.height * PX_PER_MM)
    im = Image.new("RGB", (w, h), drawing.background.hex)
    draw = ImageDraw.Draw(im)
    for item in drawing.items:
        if isinstance(item, Shape):
            box = [
                item.x * PX_PER_MM,
                item.y * PX_PER_MM,
                (item.x + item.w) * PX_PER_MM,
                (item.y + item.h) * PX_PER_MM,
            ]
            fill = item.fill.color.hex if item.fill is not None else None
            outline = item.stroke.hex if item.stroke is not None else None
            width = max(1, round(item.stroke_width * PX_PER_MM)) if outline else 0
            if item.kind == "ellipse":
                draw.ellipse(box, fill=fill, outline=outline, width=width)
            elif item.kind == "polygon":
                draw.polygon(
                    [(x * PX_PER_MM, y * PX_PER_MM) for x, y in item.points],
                    fill=fill,
                    outline=outline,
                    width=width,
                )
            else:
                draw.rounded_rectangle(
                    box, radius=item.radius * PX_PER_MM, fill=fill, outline=outline, width=width
                )
        elif isinstance(item, TextLine):
            size = max(1, round(item.size * PX_PER_MM))
            key = (str(item.face.path), size)
            font = _pil_fonts.get(key) or _pil_fonts.setdefault(key, ImageFont.truetype(key[0], size))
            anchor = {"start": "ls", "middle": "ms", "end": "rs"}[item.anchor]
            draw.text(
                (item.x * PX_PER_MM, item.y * PX_PER_MM),
                item.text,
                font=font,
                fill=item.color.hex,
                anchor=anchor,
            )
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def png_rates(cards, template, rounds: int) -> dict[str, float]:
    """Faces/s of each side, best of ``rounds``; the sides alternate within each round."""
    import faces.raster as raster

    drawings = [render_face(c, template, fonts="none").drawing for c in cards]

    def studio_zlib6() -> None:  # the studio's drawing, encoded at Pillow's default level as the baseline is
        level, raster.PNG_COMPRESS_LEVEL = raster.PNG_COMPRESS_LEVEL, 6
        try:
            for card in cards:
                studio_png(card, template)
        finally:
            raster.PNG_COMPRESS_LEVEL = level

    sides = {
        "studio": lambda: [studio_png(card, template) for card in cards],
        "plain": lambda: [plain_pillow_png(drawing) for drawing in drawings],
        "studio_zlib6": studio_zlib6,
        "resvg": lambda: [resvg_png(card, template) for card in cards],
    }
    best = dict.fromkeys(sides, float("inf"))
    for _ in range(rounds):
        for name, run in sides.items():
            t = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t)
    return {name: len(cards) / seconds for name, seconds in best.items()}


# --- PDF: time and memory, one process per size -------------------------------------------------------
def pdf_child(n: int) -> dict:
    from faces.sheet import write_print_sheet

    cards = vanguard_cards()
    template = template_for("vanguard")

    def faces():
        for i in range(n):
            yield render_face(cards[i % len(cards)], template, artwork(i), fonts="none")

    artwork(0)  # the four synthetic bases, made once before measuring (the benchmark's, not the sheet's)
    tracemalloc.start()
    t = time.perf_counter()
    # To a file, as a print job writes it: the sheet streams to disk, never whole in memory.
    with tempfile.TemporaryFile() as out:
        write_print_sheet(faces(), out, paper="a4", cover=f"bench · {n} cards")
        size = out.tell()
    seconds = time.perf_counter() - t
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "cards": n,
        "seconds": seconds,
        "peak_mb": peak / 2**20,
        "rss_mb": rss,
        "pdf_mb": size / 2**20,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pdf", type=int, nargs="+", default=[50, 500])
    parser.add_argument("--pdf-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--skip-faces", action="store_true", help="only the PDF figures")
    parser.add_argument("--skip-pdf", action="store_true", help="only the SVG and PNG figures")
    args = parser.parse_args()
    if args.pdf_child:
        print(json.dumps(pdf_child(args.pdf_child)))
        return

    ok = True
    if not args.skip_faces:
        cards = vanguard_cards()
        template = template_for("vanguard")
        render_face(cards[0], template)  # load the fonts' metrics once
        embed = svg_rate(cards, template, "embed", args.rounds)
        link = svg_rate(cards, template, "link", args.rounds)
        print(
            f"SVG  {len(cards)} Vanguard faces: {embed:.1f} faces/s (fonts embedded), {link:.1f} faces/s (fonts linked)"
        )
        rates = png_rates(cards, template, args.rounds)
        studio, plain = rates["studio"], rates["plain"]
        ratio = studio / plain
        print(
            f"PNG  300 dpi: studio {studio:.1f} faces/s, plain Pillow {plain:.1f} faces/s, ratio {ratio:.2f} (target >= 0.8)"
        )
        print(
            f"PNG  the studio's drawing encoded at zlib 6 as the baseline: {rates['studio_zlib6']:.1f} faces/s, "
            f"ratio {rates['studio_zlib6'] / plain:.2f}; resvg from the SVG (before): {rates['resvg']:.1f} faces/s, "
            f"ratio {rates['resvg'] / plain:.2f}"
        )
        ok = ok and ratio >= 0.8

    results = []
    for n in [] if args.skip_pdf else args.pdf:
        done = subprocess.run(
            [sys.executable, __file__, "--pdf-child", str(n)], capture_output=True, text=True, check=True
        )
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        r = results[-1]
        print(
            f"PDF  {r['cards']} cards: {r['seconds']:.1f} s, {r['cards'] / r['seconds']:.1f} cards/s, "
            f"peak Python {r['peak_mb']:.1f} MB, peak RSS {r['rss_mb']:.0f} MB, file {r['pdf_mb']:.1f} MB"
        )
    if len(results) >= 2:
        small, large = results[0], results[-1]
        flat = large["peak_mb"] / small["peak_mb"]
        rss = large["rss_mb"] / small["rss_mb"]
        print(
            f"PDF  peak({large['cards']}) / peak({small['cards']}): {flat:.2f} Python, {rss:.2f} RSS (target <= 1.5)"
        )
        ok = ok and flat <= 1.5
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
