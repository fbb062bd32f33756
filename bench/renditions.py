"""Renditions per second: the studio's task versus a plain Pillow ``thumbnail()`` loop, same images, one run.

    .venv/bin/python bench/renditions.py [--images 16] [--size 1500x2100] [--rounds 5]

Both sides make the same renditions (every spec of ``artwork.renditions.SPECS``,
WebP at the spec's quality) from the same stored images and write each one to a
file. The studio side is the task ``artwork.render`` called in-process: it
reads the variants and their rendition rows from the database, decodes each
source once for every spec, writes through Django's storage API and marks each
rendition READY. The plain side opens the file and calls ``thumbnail()`` once
per rendition, as one would without the studio. Best of ``--rounds`` for each,
alternating, on a throw-away SQLite database and media directory; wall-clock
time decides (CPU time of this process is shown too: on a shared machine it
is the steadier figure). Exit status 1 when the ratio is under the target (0.8).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

TARGET = 0.8
ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", type=int, default=16)
    parser.add_argument(
        "--size", default="1500x2100", help="WIDTHxHEIGHT of the source images (a card's HD scan)"
    )
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))

    scratch = Path(tempfile.mkdtemp(prefix="bench-renditions-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="studio.settings",
        DATABASE_URL=f"sqlite:///{scratch / 'bench.sqlite3'}",
        MEDIA_ROOT=str(scratch / "media"),
        LOG_LEVEL="WARNING",
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)

    from artwork import services
    from artwork.models import ArtworkVariant
    from artwork.renditions import SPECS
    from artwork.tasks import render
    from cards.models import Card

    services._enqueue_render = lambda *a, **k: None  # the variants wait: the benchmark runs the task itself
    card = Card.objects.create(game="darkrow", stable_id="DR-BENCH", name="Bench", type="UNIT")
    formats = []
    for n in range(args.images):
        fmt = "PNG" if n % 4 == 3 else "JPEG"  # mostly JPEG, some PNG, as artwork comes
        formats.append(fmt)
        services.artwork_upload(
            card=card, file=io.BytesIO(artwork_like(width, height, n, fmt)), kind="REFERENCE"
        )
    variants = list(ArtworkVariant.objects.order_by("pk"))
    ids = [v.pk for v in variants]
    sources = [v.file.path for v in variants]
    specs = list(SPECS.values())
    count = len(ids) * len(specs)
    out_dir = scratch / "plain"
    out_dir.mkdir()

    def studio() -> None:
        result = render(ids, force=True)
        assert result == {"done": len(ids), "failed": 0}, result

    def plain() -> None:
        for i, path in enumerate(sources):
            for spec in specs:
                plain_thumbnail(path, spec, out_dir / f"{i}-{spec.name}.webp")

    wall: dict[str, list[float]] = {"plain": [], "studio": []}
    cpu: dict[str, list[float]] = {"plain": [], "studio": []}
    for round_ in range(args.rounds):
        order = [("plain", plain), ("studio", studio)]
        for name, run in order if round_ % 2 == 0 else reversed(order):
            start, start_cpu = time.perf_counter(), time.process_time()
            run()
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)

    print(
        f"images: {len(ids)} ({formats.count('JPEG')} JPEG, {formats.count('PNG')} PNG), {width}×{height}; "
        f"renditions: {', '.join(f'{s.name} {s.box[0]}×{s.box[1]} WebP q{s.quality}' for s in specs)}"
    )
    rates, cpu_rates = {}, {}
    for name, label in (("plain", "plain Pillow thumbnail() loop"), ("studio", "studio task artwork.render")):
        best, best_cpu = min(wall[name]), min(cpu[name])
        rates[name], cpu_rates[name] = count / best, count / best_cpu
        print(
            f"{label:<31} {count} renditions in {best:6.2f} s = {rates[name]:5.1f} renditions/s"
            f"  (CPU {best_cpu:6.2f} s = {cpu_rates[name]:5.1f}/s; best of {args.rounds})"
        )
    ratio = rates["studio"] / rates["plain"]
    print(
        f"ratio studio / plain: {ratio:.2f} (CPU time: {cpu_rates['studio'] / cpu_rates['plain']:.2f}); target >= {TARGET}"
    )
    return 0 if ratio >= TARGET else 1


def plain_thumbnail(path: str, spec, target: Path) -> None:
    from PIL import Image

    with Image.open(path) as im:
        im.thumbnail(spec.box)
        if im.mode not in ("RGB", "RGBA", "L"):
            im = im.convert("RGBA" if "A" in im.mode else "RGB")
        im.save(target, "WEBP", quality=spec.quality, method=4)


def artwork_like(width: int, height: int, seed: int, fmt: str) -> bytes:
    """A picture with what artwork has: smooth shading, shapes with edges, some grain (not noise only)."""
    import random

    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    rng = random.Random(seed)
    base = Image.merge(
        "RGB",
        [
            Image.linear_gradient("L").resize((width, height)),
            Image.radial_gradient("L").resize((width, height)),
            Image.linear_gradient("L").rotate(90).resize((width, height)),
        ],
    )
    draw = ImageDraw.Draw(base)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(width // 40, width // 6)
        colour = tuple(rng.randrange(256) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)
        else:
            draw.line([x, y, rng.randrange(width), rng.randrange(height)], fill=colour, width=max(2, r // 8))
    base = base.filter(ImageFilter.GaussianBlur(2))
    grain = Image.effect_noise((width, height), 12).convert("RGB")
    base = ImageChops.add(base, grain, scale=1.0, offset=-6)
    buffer = io.BytesIO()
    base.save(buffer, fmt, **({"quality": 90} if fmt == "JPEG" else {}))
    return buffer.getvalue()


if __name__ == "__main__":
    sys.exit(main())
