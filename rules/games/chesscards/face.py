"""Chess Cards's face layout: the default face template of its cards (plain data, see
rules.face_template; drawn by faces.render), built from the blocks of rules.face_layouts."""

from rules import face_layouts as fl


# --- Card faces (issue 12): ivory and ebony, a small artwork and room for the long texts -------
def template() -> dict:
    regions = [
        *fl.frame_regions(),
        *fl.name_regions(),
        fl.art_region(12.6, 26.0, emblem="♞"),
        *fl.type_regions(39.4, content=["{type}", "{archetypes}"], right="{stableCardId}"),
        *fl.text_regions(45.6, 37.4, size=7.4, min_size=4.2),
        fl.region(
            "corner",
            "text",
            fl.box(25.5, 83.0, 12, 2.8),
            content="♔ ♕ ♖",
            font="emblem",
            size=5,
            minSize=4,
            align="center",
            valign="middle",
            color="@accent",
            maxLines=1,
        ),
    ]
    return {
        "game": "chesscards",
        "name": "Chess cards",
        "size": {"width": 63, "height": 88},
        "cornerRadius": 3,
        "fonts": fl.FONTS,
        "palette": {
            **fl.BASE_PALETTE,
            **fl.BACK_PALETTE,
            "border": "#141414",
            "frame": "#e9dfc8",
            "frame2": "#b9a77f",
            "accent": "#2b2b2b",
            "panel": "#1f1f1f",
            "panelInk": "#f5efe0",
            "textbox": "#fffaf0",
            "artBg": "#d8ccb0",
            "artBg2": "#8d7d5a",
            "emblem": "#1f1f1faa",
        },
        "frame": {"layers": []},
        # Its words in French (the game's language), then in English and Russian.
        "language": "fr",
        "labels": {"type": {"CARD": "Carte"}},
        "words": {"backSubtitle": "41 cartes · échecs"},
        "translations": {
            "en": {"labels": {"type": {"CARD": "Card"}}, "words": {"backSubtitle": "41 cards · chess"}},
            "ru": {"labels": {"type": {"CARD": "Карта"}}, "words": {"backSubtitle": "41 карта · шахматы"}},
        },
        "regions": regions,
        "back": fl.back_side(
            "CHESS CARDS",
            emblem="♞",
            subtitle="{@backSubtitle}",
            palette={"back": "#2b2b2b", "back2": "#0d0d0d", "backLine": "#e9dfc8", "backInk": "#f5efe0"},
        ),
    }
