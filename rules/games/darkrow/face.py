"""Darkrow's face layout: the default face template of its cards (plain data, see
rules.face_template; drawn by faces.render), built from the blocks of rules.face_layouts."""

from rules import face_layouts as fl


# --- Card faces (issue 12): a noir frame whose colour follows the card's type -----------------
def template() -> dict:
    types = {
        "LEADER": ("#4a2c6b", "#1e1230", "#d8b45a"),
        "UNIT": ("#2f4f6f", "#14222f", "#b8c7d6"),
        "LEGENDARY": ("#9a7424", "#3d2c08", "#f1d27a"),
        "ACTION": ("#7a1f2b", "#300a10", "#e7a3aa"),
        "OBJECT": ("#2f6b5a", "#102a24", "#a9d6c6"),
        "PLACE": ("#6b4a2f", "#2a1b10", "#dcc29c"),
    }
    regions = [
        *fl.frame_regions(),
        *fl.name_regions(cost_field="cost"),
        fl.art_region(12.6, 39.4, emblem="⚖"),
        *fl.type_regions(52.8, content=["{type}", "{behavior}", "{archetypes}"]),
        *fl.text_regions(59.0, 20.8),
        fl.stat_badge("atk", fl.box(3.2, 79.6, 15.5, 6.2), "{@atk} {atk}", field="atk"),
        fl.stat_badge("pv", fl.box(63 - 3.2 - 15.5, 79.6, 15.5, 6.2), "{@pv} {pv}", field="pv"),
        fl.footer_region(81.0),
    ]
    return {
        "game": "darkrow",
        "name": "Darkrow",
        "size": {"width": 63, "height": 88},
        "cornerRadius": 3,
        "fonts": fl.FONTS,
        "palette": {**fl.BASE_PALETTE, **fl.BACK_PALETTE, "badge": "#15171c"},
        "frame": {
            "layers": [
                {
                    "field": "type",
                    "values": {
                        t: {"frame": a, "frame2": b, "accent": c, "badge": b, "artBg": a, "artBg2": b}
                        for t, (a, b, c) in types.items()
                    },
                }
            ]
        },
        "labels": {
            "type": {
                "LEADER": "Leader",
                "UNIT": "Unité",
                "LEGENDARY": "Légendaire",
                "ACTION": "Action",
                "OBJECT": "Objet",
                "PLACE": "Lieu",
            },
            "behavior": {"CONSUMABLE": "Consommable", "EQUIPMENT": "Équipement"},
        },
        # Its words in French (the game's language), then in English and Russian (as the studio's
        # catalogues name the types; ATK and PV are the team's abbreviations in every language).
        "language": "fr",
        "words": {"atk": "ATK", "pv": "PV", "backSubtitle": "Chaque indice compte"},
        "translations": {
            "en": {
                "labels": {
                    "type": {
                        "LEADER": "Leader",
                        "UNIT": "Unit",
                        "LEGENDARY": "Legendary",
                        "ACTION": "Action",
                        "OBJECT": "Object",
                        "PLACE": "Place",
                    },
                    "behavior": {"CONSUMABLE": "Consumable", "EQUIPMENT": "Equipment"},
                },
                "words": {"atk": "ATK", "pv": "PV", "backSubtitle": "Every Indice counts"},
            },
            "ru": {
                "labels": {
                    "type": {
                        "LEADER": "Лидер",
                        "UNIT": "Юнит",
                        "LEGENDARY": "Легендарная карта",
                        "ACTION": "Действие",
                        "OBJECT": "Объект",
                        "PLACE": "Место",
                    },
                    "behavior": {"CONSUMABLE": "Расходуемый", "EQUIPMENT": "Снаряжение"},
                },
                "words": {"atk": "ATK", "pv": "PV", "backSubtitle": "Каждый индекс на счету"},
            },
        },
        "regions": regions,
        "back": fl.back_side(
            "DARKROW",
            emblem="⚖",
            subtitle="{@backSubtitle}",
            palette={"back": "#2b2238", "back2": "#120e18", "backLine": "#d8b45a", "backInk": "#f3ead2"},
        ),
    }
