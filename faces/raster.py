"""SVG faces to PNG with resvg (a Rust renderer in a PyPI wheel: no system library, no browser).

resvg is given the shipped font files and never the system's, so a face
rasterises the same on every machine; the SVG's own @font-face rules (for
browsers) are not needed here.
"""

from __future__ import annotations

import resvg_py

from .fonts import font_files

DEFAULT_DPI = 300


def svg_to_png(svg: str, *, dpi: int = DEFAULT_DPI) -> bytes:
    """``svg`` (sized in millimetres) as PNG at ``dpi``: a 63 x 88 mm face at 300 dpi is 744 x 1039 px."""
    if not 10 <= dpi <= 1200:
        raise ValueError(f"dpi {dpi} is outside 10-1200")
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            dpi=float(dpi),
            skip_system_fonts=True,
            font_files=font_files(),
            font_family="Noto Sans",
            sans_serif_family="Noto Sans",
            serif_family="Noto Serif",
            text_rendering="optimize_legibility",
        )
    )
