"""Riftbound's face layout: the default face template of its cards (plain data, see
rules.face_template; drawn by faces.render), built from the blocks of rules.face_layouts."""

from rules import face_layouts as fl

# --- Card faces (issue 12): the frame takes the card's domains (two domains blend) -------------
DOMAIN_COLORS = {
    "FURY": ("#c8402c", "#5a1409"),
    "CALM": ("#3f9e6a", "#123d27"),
    "MIND": ("#3b6fd1", "#122754"),
    "BODY": ("#e08a2a", "#5c310a"),
    "CHAOS": ("#8a4fc7", "#33154f"),
    "ORDER": ("#d4ae3a", "#574212"),
}


def template() -> dict:
    keywords_band = fl.region(
        "keywords",
        "text",
        fl.box(4.2, 58.4, 54.6, 5.0),
        content="{keywords}",
        font="bold",
        size=6.6,
        minSize=4.6,
        maxLines=1,
        valign="middle",
        padding=1.7,
        color="@accentInk",
        when={"field": "keywords", "present": True},
    )
    text_with_keywords = fl.region(
        "text",
        "text",
        fl.box(4.2, 62.8, 54.6, 16.6),
        content="{text}",
        font="body",
        size=7.2,
        minSize=4.4,
        lineHeight=1.18,
        padding=1.7,
        color="@ink",
        when={"field": "keywords", "present": True},
    )
    text_plain = {
        **fl.text_regions(58.4, 21.0)[1],
        "id": "textPlain",
        "when": {"field": "keywords", "present": False},
    }
    regions = [
        *fl.frame_regions(),
        *fl.name_regions(cost_field="energy"),
        fl.art_region(12.6, 39.0, emblem="⬢"),
        fl.region(
            "power",
            "pips",
            fl.box(5.6, 14.4, 20, 3.4),
            field="power",
            fill="#15171ccc",
            stroke="#ffffff",
            strokeWidth=0.35,
            colors={**{d: f"@{d.lower()}" for d in DOMAIN_COLORS}, "RAINBOW": "#f2f2f2"},
        ),
        fl.region(
            "flags",
            "text",
            fl.box(38.4, 13.6, 19.6, 4.6),
            content=["{unique}", "{signature}"],
            separator=" · ",
            shape="rect",
            radius=1,
            fill="@badge",
            font="bold",
            size=5.2,
            minSize=4,
            maxLines=1,
            align="center",
            valign="middle",
            color="@accent",
        ),
        *fl.type_regions(52.2, content=["{type}", "{domains}", "{tags}"], h=5.6),
        fl.region(
            "textBox",
            "panel",
            fl.box(4.2, 58.4, 54.6, 21.0),
            fill="@textbox",
            stroke="@accent",
            strokeWidth=0.3,
            radius=1.0,
        ),
        keywords_band,
        text_with_keywords,
        text_plain,
        fl.stat_badge(
            "might", fl.box(63 - 3.0 - 13, 77.8, 13, 8.2), "{might}", field="might", shape="shield", size=12
        ),
        fl.footer_region(81.6, x=6, w=30),
    ]
    # the keywords band's own colour under the text
    regions.insert(
        regions.index(keywords_band),
        fl.region(
            "keywordsBand",
            "panel",
            fl.box(4.5, 58.7, 54.0, 4.4),
            fill="@frame2",
            radius=0.8,
            when={"field": "keywords", "present": True},
        ),
    )
    return {
        "game": "riftbound",
        "name": "Riftbound",
        "size": {"width": 63, "height": 88},
        "cornerRadius": 3,
        "fonts": fl.FONTS,
        "palette": {
            **fl.BASE_PALETTE,
            **fl.BACK_PALETTE,
            "frame": "#8a8f98",
            "frame2": "#3b3f47",
            "accent": "#e4d7b0",
            "accentInk": "#f4ecd6",
            **{d.lower(): a for d, (a, _) in DOMAIN_COLORS.items()},
        },
        "frame": {
            "layers": [
                {
                    "field": "domains",
                    "split": True,
                    "values": {
                        d: {"frame": a, "frame2": b, "badge": b, "artBg": a, "artBg2": b}
                        for d, (a, b) in DOMAIN_COLORS.items()
                    },
                }
            ]
        },
        "labels": {
            "type": {
                "LEGEND": "Légende",
                "CHAMPION_UNIT": "Unité championne",
                "UNIT": "Unité",
                "SPELL": "Sort",
                "GEAR": "Équipement",
                "RUNE": "Rune",
                "BATTLEFIELD": "Champ de bataille",
            },
            "domains": {
                "FURY": "Fureur",
                "CALM": "Calme",
                "MIND": "Esprit",
                "BODY": "Corps",
                "CHAOS": "Chaos",
                "ORDER": "Ordre",
            },
            "unique": {"true": "UNIQUE"},
            "signature": {"true": "SIGNATURE"},
        },
        # Its words in French (the game's language), then in English and Russian (as the studio's
        # catalogues name the types and domains).
        "language": "fr",
        "words": {"backSubtitle": "Runes · Légendes · Champs de bataille"},
        "translations": {
            "en": {
                "labels": {
                    "type": {
                        "LEGEND": "Legend",
                        "CHAMPION_UNIT": "Champion Unit",
                        "UNIT": "Unit",
                        "SPELL": "Spell",
                        "GEAR": "Gear",
                        "RUNE": "Rune",
                        "BATTLEFIELD": "Battlefield",
                    },
                    "domains": {
                        "FURY": "Fury",
                        "CALM": "Calm",
                        "MIND": "Mind",
                        "BODY": "Body",
                        "CHAOS": "Chaos",
                        "ORDER": "Order",
                    },
                    "unique": {"true": "UNIQUE"},
                    "signature": {"true": "SIGNATURE"},
                },
                "words": {"backSubtitle": "Runes · Legends · Battlefields"},
            },
            "ru": {
                "labels": {
                    "type": {
                        "LEGEND": "Легенда",
                        "CHAMPION_UNIT": "Юнит-чемпион",
                        "UNIT": "Юнит",
                        "SPELL": "Заклинание",
                        "GEAR": "Снаряжение",
                        "RUNE": "Руна",
                        "BATTLEFIELD": "Поле боя",
                    },
                    "domains": {
                        "FURY": "Ярость",
                        "CALM": "Спокойствие",
                        "MIND": "Разум",
                        "BODY": "Тело",
                        "CHAOS": "Хаос",
                        "ORDER": "Порядок",
                    },
                    "unique": {"true": "УНИКАЛЬНАЯ"},
                    "signature": {"true": "ФИРМЕННАЯ"},
                },
                "words": {"backSubtitle": "Руны · Легенды · Поля боя"},
            },
        },
        "regions": regions,
        "back": fl.back_side(
            "RIFTBOUND",
            emblem="⬢",
            subtitle="{@backSubtitle}",
            palette={"back": "#1d3557", "back2": "#0b1526", "backLine": "#e4c77a", "backInk": "#f4ecd6"},
        ),
    }
