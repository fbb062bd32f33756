"""Duel's face layout: the default face template of its cards (plain data, see
rules.face_template; drawn by faces.render), built from the blocks of rules.face_layouts."""

from rules import face_layouts as fl


# --- Card faces (issue 12): the frame follows the card type, the accent its faction ----------
def template() -> dict:
    types = {
        "MONSTER": ("#c4843c", "#5a3412", "#f3d9b0"),
        "SPELL": ("#1d9a8a", "#0a3d37", "#c9efe8"),
        "TRAP": ("#a23b72", "#43122d", "#f2c6dd"),
        "EQUIPMENT": ("#5f7286", "#222b35", "#d9e2ec"),
        "CHARACTER": ("#3557a8", "#111f45", "#d3ddf4"),
        "TERRAIN": ("#5f8a34", "#223512", "#dcebc9"),
    }
    regions = [
        *fl.frame_regions(),
        *fl.name_regions(
            cost_field="faction", cost_side="right", cost_content="{faction|factionIcon}", cost_size=15
        ),
        # The level's stars, right-aligned under the name bar: they end left of the faction badge
        # (which hangs below the bar), and run to the edge when the card has no faction.
        fl.region(
            "level",
            "text",
            fl.box(4.2, 11.4, 44.8, 4.6),
            content="{level|stars}",
            font="emblem",
            size=9.5,
            minSize=6,
            align="right",
            valign="middle",
            color="#f2c230",
            maxLines=1,
            when={"field": "faction", "present": True},
        ),
        fl.region(
            "levelNoFaction",
            "text",
            fl.box(4.2, 11.4, 54.6, 4.6),
            content="{level|stars}",
            font="emblem",
            size=9.5,
            minSize=6,
            align="right",
            valign="middle",
            color="#f2c230",
            maxLines=1,
            when={"field": "faction", "present": False},
        ),
        fl.region(
            "kindTag",
            "text",
            fl.box(4.2, 11.4, 54.6, 4.6),
            content="[{type|upper}]",
            font="bold",
            size=6.4,
            minSize=4.4,
            align="right",
            valign="middle",
            color="@accent",
            maxLines=1,
            when={"notTypes": ["MONSTER"]},
        ),
        fl.art_region(16.4, 39.6, emblem="❂", x=5.2),
        *fl.type_regions(56.8, content=["{type}", "{monsterType}", "{faction}", "{archetypes}"], h=5.2),
        *fl.text_regions(62.6, 17.0),
        fl.region(
            "atkdef",
            "text",
            fl.box(27, 80.2, 31.8, 4.8),
            content="{@atk} {atk}  /  {@def} {def}",
            font="stat",
            size=7.4,
            minSize=5,
            align="right",
            valign="middle",
            padding=0.4,
            color="@footerInk",
            maxLines=1,
            when={"field": "atk", "present": True},
        ),
        fl.footer_region(80.9, x=4.2, w=22),
    ]
    regions[-1] = {**regions[-1], "align": "left"}
    return {
        "game": "duel",
        "name": "Duel",
        "size": {"width": 63, "height": 88},
        "cornerRadius": 3,
        "fonts": fl.FONTS,
        "palette": {**fl.BASE_PALETTE, **fl.BACK_PALETTE, "badge": "#2a2a2a"},
        "frame": {
            "layers": [
                {
                    "field": "type",
                    "values": {
                        t: {"frame": a, "frame2": b, "accent": c, "artBg": a, "artBg2": b}
                        for t, (a, b, c) in types.items()
                    },
                },
                {
                    "field": "faction",
                    "values": {
                        "LIGHT": {"badge": "#f3e3a1", "badgeInk": "#8a5a00"},
                        "DARKNESS": {"badge": "#2b1640", "badgeInk": "#c9a7f0"},
                    },
                },
            ]
        },
        "labels": {
            "type": {
                "MONSTER": "Monstre",
                "SPELL": "Magie",
                "TRAP": "Piège",
                "EQUIPMENT": "Équipement",
                "CHARACTER": "Personnage",
                "TERRAIN": "Terrain",
            },
            "faction": {"LIGHT": "Lumière", "DARKNESS": "Ténèbres"},
            "factionIcon": {"LIGHT": "☀", "DARKNESS": "☾"},
        },
        # Its words in French (the game's language), then in English and Russian (as the studio's
        # catalogues name the types and factions; ATK, DEF and LP in every language).
        "language": "fr",
        "words": {"atk": "ATK", "def": "DEF", "backSubtitle": "6 000 LP · 40 cartes"},
        "translations": {
            "en": {
                "labels": {
                    "type": {
                        "MONSTER": "Monster",
                        "SPELL": "Spell",
                        "TRAP": "Trap",
                        "EQUIPMENT": "Equipment",
                        "CHARACTER": "Character",
                        "TERRAIN": "Terrain",
                    },
                    "faction": {"LIGHT": "Light", "DARKNESS": "Darkness"},
                },
                "words": {"atk": "ATK", "def": "DEF", "backSubtitle": "6,000 LP · 40 cards"},
            },
            "ru": {
                "labels": {
                    "type": {
                        "MONSTER": "Монстр",
                        "SPELL": "Магия",
                        "TRAP": "Ловушка",
                        "EQUIPMENT": "Снаряжение",
                        "CHARACTER": "Персонаж",
                        "TERRAIN": "Поле",
                    },
                    "faction": {"LIGHT": "Свет", "DARKNESS": "Тьма"},
                },
                "words": {"atk": "ATK", "def": "DEF", "backSubtitle": "6 000 LP · 40 карт"},
            },
        },
        "regions": regions,
        "back": fl.back_side(
            "DUEL",
            emblem="❂",
            subtitle="{@backSubtitle}",
            palette={"back": "#5a2d0c", "back2": "#1e0e03", "backLine": "#e9b44c", "backInk": "#fbeed2"},
        ),
    }
