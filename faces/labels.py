"""The face template editor's words (issue 45 item 5): each value of a template by a label in the
reader's language ("Ink on panels", not ``palette.panelInk``), its path kept beside it for whoever
searches by it. A key the studio has no word for is shown as words made of its name."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.i18n import field_label, type_label
from rules import registry

SECTIONS = {
    "game": _("Game"),
    "name": _("Template name"),
    "language": _("Language of the faces"),
    "size": _("Card size"),
    "cornerRadius": _("Corner radius"),
    "fonts": _("Fonts"),
    "palette": _("Colours"),
    "frame": _("Frame colours by card type"),
    "labels": _("Printed words"),
    "regions": _("Regions"),
    "back": _("Card back"),
    "words": _("Words of the face"),
    "translations": _("Words in other languages"),
}
PALETTE = {
    "border": _("Border"),
    "frame": _("Frame"),
    "frame2": _("Frame, second shade"),
    "accent": _("Accent"),
    "accentInk": _("Ink on the accent"),
    "panel": _("Panels"),
    "panelInk": _("Ink on panels"),
    "textbox": _("Text box"),
    "ink": _("Ink"),
    "badge": _("Badges"),
    "badgeInk": _("Ink on badges"),
    "artBg": _("Behind the art"),
    "artBg2": _("Behind the art, second shade"),
    "emblem": _("Emblem"),
    "footerInk": _("Ink of the footer"),
    "backEdge": _("Edge of the back"),
    "back": _("Back"),
    "back2": _("Back, second shade"),
    "backLine": _("Lines of the back"),
    "backInk": _("Ink of the back"),
    "gradeFill": _("Grade badge"),
    "triggerFill": _("Trigger badge"),
}
PROPERTIES = {
    "id": _("Name of the region"),
    "kind": pgettext_lazy("a face region", "Kind"),
    "box": _("Position and size"),
    "x": _("Left"),
    "y": _("Top"),
    "w": _("Width"),
    "h": _("Height"),
    "width": _("Width"),
    "height": _("Height"),
    "align": _("Horizontal alignment"),
    "valign": _("Vertical alignment"),
    "color": _("Colour"),
    "colors": _("Colours"),
    "content": _("Content"),
    "field": _("Card field shown"),
    "fill": _("Fill"),
    "fill2": _("Fill, second shade"),
    "fit": _("Fitting"),
    "font": _("Font"),
    "lineHeight": _("Line height"),
    "maxLines": _("Most lines"),
    "minSize": _("Smallest font size"),
    "padding": _("Padding"),
    "radius": _("Corner radius"),
    "separator": _("Separator"),
    "shape": _("Shape"),
    "size": _("Font size"),
    "stroke": _("Outline"),
    "strokeWidth": _("Outline width"),
    "when": _("Shown when"),
    "family": _("Family"),
    "weight": _("Weight"),
    "style": _("Style"),
    "layers": _("Layers"),
    "values": _("Values"),
}
REGIONS = {
    "art": _("Art"),
    "edge": _("Edge"),
    "footer": _("Footer"),
    "frame": _("Frame"),
    "name": _("Name"),
    "nameBar": _("Name bar"),
    "nameNoCost": _("Name (no cost)"),
    "text": _("Text"),
    "textBox": _("Text box"),
    "textPlain": _("Text (plain)"),
    "textShade": _("Text shade"),
    "typeBar": _("Type bar"),
    "typeLine": _("Type line"),
    "typeRight": _("Type (right)"),
    "statBar": _("Stat bar"),
    "corner": _("Corner"),
    "cost": pgettext_lazy("a region of a card's face", "Cost"),
    "kind": pgettext_lazy("a region of a card's face", "Kind"),
    "flags": _("Flags"),
    "keywords": _("Keywords"),
    "keywordsBand": _("Keywords band"),
    "kindTag": _("Kind tag"),
    "trigger": _("Trigger"),
    "triggerIcon": _("Trigger icon"),
    "triggerName": _("Trigger name"),
    "gradeCaption": _("Grade caption"),
    "gradeValue": _("Grade value"),
    "levelNoFaction": _("Level (no faction)"),
    "atkdef": _("ATK and DEF"),
}


def _words(key: str) -> str:
    """``nameNoCost`` as "name no cost": a key without a label still reads as words."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", str(key)).replace("_", " ")
    return spaced[:1].upper() + spaced[1:].lower()


def region_label(region: str, game: str) -> str:
    if region in REGIONS:
        return str(REGIONS[region])
    ruleset = registry.get(game) if game in registry else None
    if ruleset is not None and ruleset.field_spec(region) is not None:
        return field_label(ruleset, region)
    return _words(region)


def section_label(section: str, game: str) -> str:
    """A section of the form: "Colours", or "Region: Name bar" for a region's own section."""
    if " · " in section:
        _head, region = section.split(" · ", 1)
        return _("Region: %(name)s") % {"name": region_label(region, game)}
    return str(SECTIONS.get(section, _words(section)))


def row_label(path: str, game: str) -> str:
    """One value by its words: ``palette.panelInk`` "Ink on panels", ``regions.3.box.x`` "Position
    and size › Left", ``frame.layers.0.values.UNIT.accent`` "Unit › Accent"."""
    parts = path.split(".")
    if parts[0] == "palette" and len(parts) == 2:
        return str(PALETTE.get(parts[1], _words(parts[1])))
    if parts[0] == "regions" and len(parts) >= 3:
        parts = parts[2:]
    elif parts[0] in SECTIONS and len(parts) == 1:
        return str(SECTIONS[parts[0]])
    elif parts[0] in ("fonts", "labels", "size", "frame", "back", "words", "translations"):
        parts = parts[1:]
    words = []
    ruleset = registry.get(game) if game in registry else None
    for part in parts:
        if part.isdigit():
            continue
        if part in ("layers", "values"):
            continue
        if ruleset is not None and part in ruleset.card_types:
            words.append(type_label(ruleset, part))
        elif part in PALETTE and parts[0] != "fonts":
            words.append(str(PALETTE[part]))
        elif part in PROPERTIES:
            words.append(str(PROPERTIES[part]))
        else:
            words.append(_words(part))
    return " › ".join(words) or path
