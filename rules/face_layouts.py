"""Building blocks of the games' default face templates (plain data; see rules.face_template).

A game module composes its template from these blocks with its own palette,
frame layers, labels and stats; a game that declares none gets
:func:`generic_template`, built from its fields. All sizes in millimetres on a
63 x 88 mm card, font sizes in points.
"""

from __future__ import annotations

from typing import Any

W, H = 63.0, 88.0

FONTS = {
    "title": {"family": "Noto Serif", "weight": "bold"},
    "body": {"family": "Noto Sans"},
    "bold": {"family": "Noto Sans", "weight": "bold"},
    "italic": {"family": "Noto Sans", "style": "italic"},
    "stat": {"family": "Noto Sans", "weight": "bold"},
    "emblem": {"family": "DejaVu Sans"},
}

# The names every default palette defines (layers override some of them per card).
BASE_PALETTE = {
    "border": "#15171c",
    "frame": "#5b6472",
    "frame2": "#2f353f",
    "accent": "#c9b37e",
    "panel": "#f4efe3",
    "panelInk": "#1d1f24",
    "textbox": "#fbf8f1",
    "ink": "#1d1f24",
    "badge": "#1d1f24",
    "badgeInk": "#ffffff",
    "artBg": "#7b8594",
    "artBg2": "#3a414c",
    "emblem": "#ffffffaa",
    "footerInk": "#e9e4d6",
}


def box(x: float, y: float, w: float, h: float) -> dict[str, float]:
    return {"x": x, "y": y, "w": w, "h": h}


def region(id: str, kind: str, b: dict[str, float], **rest: Any) -> dict[str, Any]:
    return {"id": id, "kind": kind, "box": b, **rest}


def frame_regions(*, inset: float = 2.2, radius: float = 2.4) -> list[dict[str, Any]]:
    """The card's edge (bleeds) and its coloured frame."""
    return [
        region("edge", "panel", box(0, 0, W, H), fill="@border"),
        region(
            "frame",
            "panel",
            box(inset, inset, W - 2 * inset, H - 2 * inset),
            fill="@frame",
            fill2="@frame2",
            radius=radius,
            stroke="@accent",
            strokeWidth=0.35,
        ),
    ]


def name_regions(
    *,
    y: float = 3.6,
    h: float = 7.6,
    cost_field: str | None = None,
    cost_side: str = "left",
    cost_content: str | None = None,
    cost_size: float = 14,
    size: float = 9.5,
) -> list[dict[str, Any]]:
    """The name bar; with a cost badge on one side when the card has that field."""
    regions = [
        region(
            "nameBar",
            "panel",
            box(3.6, y, W - 7.2, h),
            fill="@panel",
            stroke="@accent",
            strokeWidth=0.3,
            radius=1.6,
        )
    ]
    name = dict(
        content="{name}", font="title", size=size, minSize=5.5, maxLines=1, valign="middle", color="@panelInk"
    )
    if cost_field is None:
        regions.append(region("name", "text", box(4.6, y, W - 9.2, h), padding=0.6, **name))
        return regions
    d = h + 3.2
    bx = 2.4 if cost_side == "left" else W - 2.4 - d
    with_cost = (
        box(4.4 + d - 1.2, y, W - 9.2 - d + 1.4, h)
        if cost_side == "left"
        else box(4.6, y, W - 9.6 - d + 1.2, h)
    )
    regions += [
        region("name", "text", with_cost, padding=0.6, when={"field": cost_field, "present": True}, **name),
        region(
            "nameNoCost",
            "text",
            box(4.6, y, W - 9.2, h),
            padding=0.6,
            when={"field": cost_field, "present": False},
            **name,
        ),
        region(
            "cost",
            "text",
            box(bx, y - 1.6 + (h + 3.2 - d) / 2, d, d),
            shape="ellipse",
            fill="@badge",
            fill2="@frame2",
            stroke="@accent",
            strokeWidth=0.5,
            content=cost_content or f"{{{cost_field}}}",
            font="stat",
            size=cost_size,
            minSize=8,
            align="center",
            valign="middle",
            color="@badgeInk",
            maxLines=1,
            when={"field": cost_field, "present": True},
        ),
    ]
    return regions


def art_region(y: float, h: float, *, emblem: str = "✦", x: float = 4.2) -> dict[str, Any]:
    return region(
        "art", "art", box(x, y, W - 2 * x, h), fit="cover", emblem=emblem, stroke="@accent", strokeWidth=0.4
    )


def type_regions(
    y: float, *, content: list[str], right: str | None = None, h: float = 5.4
) -> list[dict[str, Any]]:
    regions = [
        region(
            "typeBar",
            "panel",
            box(3.6, y, W - 7.2, h),
            fill="@panel",
            stroke="@accent",
            strokeWidth=0.3,
            radius=1.2,
        ),
        region(
            "typeLine",
            "text",
            box(3.6, y, W - 7.2 - (12 if right else 0), h),
            content=content,
            separator=" — ",
            font="bold",
            size=6.6,
            minSize=4.6,
            maxLines=1,
            valign="middle",
            padding=1.3,
            color="@panelInk",
        ),
    ]
    if right:
        regions.append(
            region(
                "typeRight",
                "text",
                box(W - 3.6 - 14, y, 14, h),
                content=right,
                font="bold",
                size=5.6,
                minSize=4.2,
                maxLines=1,
                align="right",
                valign="middle",
                padding=1.3,
                color="@panelInk",
            )
        )
    return regions


def text_regions(y: float, h: float, *, size: float = 7.2, min_size: float = 4.4) -> list[dict[str, Any]]:
    return [
        region(
            "textBox",
            "panel",
            box(4.2, y, W - 8.4, h),
            fill="@textbox",
            stroke="@accent",
            strokeWidth=0.3,
            radius=1.0,
        ),
        region(
            "text",
            "text",
            box(4.2, y, W - 8.4, h),
            content="{text}",
            font="body",
            size=size,
            minSize=min_size,
            lineHeight=1.18,
            padding=1.7,
            color="@ink",
        ),
    ]


def stat_badge(
    id: str,
    b: dict[str, float],
    content: str | list[str],
    *,
    field: str,
    size: float = 8.5,
    shape: str = "hexagon",
    **rest: Any,
) -> dict[str, Any]:
    return region(
        id,
        "text",
        b,
        shape=shape,
        fill="@badge",
        stroke="@accent",
        strokeWidth=0.4,
        content=content,
        font="stat",
        size=size,
        minSize=5,
        align="center",
        valign="middle",
        maxLines=1,
        color="@badgeInk",
        when={"field": field, "present": True},
        **rest,
    )


def footer_region(y: float = 82.6, *, x: float = 20, w: float = 23) -> dict[str, Any]:
    return region(
        "footer",
        "text",
        box(x, y, w, 3.6),
        content=["{set}", "{stableCardId}"],
        separator=" · ",
        font="body",
        size=4.6,
        minSize=3.6,
        maxLines=1,
        align="center",
        valign="middle",
        color="@footerInk",
    )


def back_side(
    title: str, *, emblem: str, subtitle: str = "", palette: dict[str, str] | None = None
) -> dict[str, Any]:
    """A card back: a framed field, a lattice of diamonds, the game's emblem and its name."""
    regions: list[dict[str, Any]] = [
        region("edge", "panel", box(0, 0, W, H), fill="@backEdge"),
        region(
            "field",
            "panel",
            box(3, 3, W - 6, H - 6),
            fill="@back",
            fill2="@back2",
            radius=2.5,
            stroke="@backLine",
            strokeWidth=0.6,
        ),
        region(
            "inner",
            "panel",
            box(5.2, 5.2, W - 10.4, H - 10.4),
            radius=1.8,
            stroke="@backLine",
            strokeWidth=0.25,
        ),
    ]
    for row in range(7):
        if row == 5:  # the name and the subtitle's row: text on a clear field, never over the lattice
            continue
        for col in range(4):
            if row in (2, 3, 4) and col in (1, 2):  # behind the medal
                continue
            cx, cy = 11.5 + col * 13.3, 12.5 + row * 10.5
            regions.append(
                region(
                    f"lattice{row}{col}",
                    "panel",
                    box(cx - 3.2, cy - 3.2, 6.4, 6.4),
                    shape="diamond",
                    fill="@backLine",
                    opacity=0.22,
                )
            )
    regions += [
        region(
            "medal",
            "panel",
            box(W / 2 - 15, H / 2 - 17, 30, 30),
            shape="ellipse",
            fill="@back2",
            stroke="@backLine",
            strokeWidth=0.7,
        ),
        region(
            "medalRing",
            "panel",
            box(W / 2 - 12.5, H / 2 - 14.5, 25, 25),
            shape="ellipse",
            stroke="@backLine",
            strokeWidth=0.3,
        ),
        region(
            "emblem",
            "text",
            box(W / 2 - 12, H / 2 - 14, 24, 24),
            content=emblem,
            font="emblem",
            size=40,
            minSize=20,
            align="center",
            valign="middle",
            color="@backLine",
            maxLines=1,
        ),
        region(
            "title",
            "text",
            box(6, H / 2 + 15, W - 12, 8),
            content=title,
            font="title",
            size=15,
            minSize=8,
            align="center",
            valign="middle",
            color="@backInk",
            maxLines=1,
        ),
    ]
    if subtitle:
        regions.append(
            region(
                "subtitle",
                "text",
                box(6, H / 2 + 23, W - 12, 5),
                content=subtitle,
                font="italic",
                size=6.5,
                minSize=4.5,
                align="center",
                valign="middle",
                color="@backLine",
                maxLines=1,
            )
        )
    return {"palette": palette or {}, "regions": regions}


BACK_PALETTE = {
    "backEdge": "#0e1014",
    "back": "#2a2f3a",
    "back2": "#171a21",
    "backLine": "#c9b37e",
    "backInk": "#f3ead2",
}


def generic_template(
    game: str, name: str, fields: tuple[str, ...], card_types: tuple[str, ...]
) -> dict[str, Any]:
    """A plain template for a game that declares none: name, artwork, type line, the fields, the text."""
    shown = list(fields)[:4]
    stats = [f"{field}: {{{field}}}" for field in shown]
    regions = [
        *frame_regions(),
        *name_regions(),
        art_region(12.6, 38),
        *type_regions(51.4, content=["{type}", "{archetypes}"]),
        *text_regions(57.6, 17.6 if stats else 23.4),
    ]
    if stats:
        regions.append(
            region(
                "stats",
                "text",
                box(4.2, 75.8, W - 8.4, 5.6),
                content=stats,
                separator="  ·  ",
                font="bold",
                size=6.5,
                minSize=4.2,
                maxLines=1,
                align="center",
                valign="middle",
                color="@footerInk",
            )
        )
    regions.append(footer_region())
    return {
        "game": game,
        "name": name,
        "size": {"width": W, "height": H},
        "cornerRadius": 3,
        "fonts": FONTS,
        "palette": {**BASE_PALETTE, **BACK_PALETTE},
        "frame": {"layers": []},
        "labels": {},
        "regions": regions,
        "back": back_side(name.upper(), emblem="✦"),
    }
