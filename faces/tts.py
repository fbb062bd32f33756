"""Tabletop Simulator exports: sheets of faces (JPEG) and the DeckCustom saved object that references them.

A sheet is a grid of at most 10 x 7 slots: up to 69 distinct cards, and in
the last slot the card back, which TTS shows for a hidden card. Each card is
drawn once whatever its count; the saved object's ``DeckIDs`` repeat its id
once per copy, so TTS deals the right number. The URLs of the images are the
caller's (the studio's own URLs, or file paths for a local export).
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from PIL import Image

from .raster import drawing_to_image, svg_to_png
from .render import RenderedFace

COLUMNS, ROWS = 10, 7
FACES_PER_SHEET = COLUMNS * ROWS - 1  # the last slot holds the back (TTS's hidden card)
FACE_WIDTH_PX = 400  # a 63 x 88 mm face becomes 400 x 559 px; a sheet 4000 x 3913 px
JPEG_QUALITY = 88


@dataclass(frozen=True, slots=True)
class TtsEntry:
    face: RenderedFace
    count: int


@dataclass
class TtsExport:
    deck_name: str
    sheets: list[str] = field(default_factory=list)  # file names, in order
    back: str = "back.jpg"
    saved_object: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)  # stableCardId -> copies

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _face_image(face: RenderedFace, width_px: int) -> Image.Image:
    dpi = max(10.0, width_px / (face.width_mm + 2 * face.bleed_mm) * 25.4)
    if face.drawing is not None:
        # Drawn at the resolution that makes it ``width_px`` wide, not at a whole dpi and resampled
        # (a Lanczos pass cost as much as drawing the face).
        image = drawing_to_image(face.drawing, dpi=dpi).convert("RGB")
    else:
        with Image.open(io.BytesIO(svg_to_png(face.svg, dpi=round(dpi)))) as im:
            image = im.convert("RGB")
    height_px = round(width_px * face.height_mm / face.width_mm)
    if image.size != (width_px, height_px):
        image = image.resize((width_px, height_px), Image.Resampling.LANCZOS)
    return image


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def _transform(y: float = 1.0) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": y,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def build_tts_export(
    entries: Iterable[TtsEntry],
    back: RenderedFace,
    write: Callable[[str, bytes], None],
    *,
    deck_name: str,
    face_url: Callable[[str], str],
    width_px: int = FACE_WIDTH_PX,
) -> TtsExport:
    """Draw the sheets and the back, hand each image to ``write(name, data)``, and build the saved object.

    ``face_url(name)`` is the URL TTS loads an image ``name`` from. Sheets are
    drawn one at a time: memory holds one sheet, whatever the deck's size.
    """
    export = TtsExport(deck_name=deck_name)
    back_image = _face_image(back, width_px)
    write(export.back, _jpeg(back_image))
    height_px = back_image.height
    custom_deck: dict[str, dict[str, Any]] = {}
    deck_ids: list[int] = []
    contained: list[dict[str, Any]] = []
    sheet: Image.Image | None = None
    slot = 0

    def flush() -> None:
        nonlocal sheet
        if sheet is None:
            return
        sheet.paste(back_image, ((COLUMNS - 1) * width_px, (ROWS - 1) * height_px))
        name = f"sheet-{len(export.sheets) + 1}.jpg"
        write(name, _jpeg(sheet))
        export.sheets.append(name)
        custom_deck[str(len(export.sheets))] = {
            "FaceURL": face_url(name),
            "BackURL": face_url(export.back),
            "NumWidth": COLUMNS,
            "NumHeight": ROWS,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        sheet = None

    for entry in entries:
        if entry.count <= 0:
            continue
        if sheet is None:
            sheet = Image.new("RGB", (COLUMNS * width_px, ROWS * height_px), "#202020")
            slot = 0
        image = _face_image(entry.face, width_px)
        sheet.paste(image, ((slot % COLUMNS) * width_px, (slot // COLUMNS) * height_px))
        sheet_no = len(export.sheets) + 1
        card_id = sheet_no * 100 + slot
        for _copy in range(entry.count):
            deck_ids.append(card_id)
            contained.append(
                {
                    "Name": "Card",
                    "Transform": _transform(),
                    "Nickname": entry.face.name,
                    "Description": entry.face.stable_id,
                    "GMNotes": entry.face.stable_id,
                    "CardID": card_id,
                    "CustomDeck": {str(sheet_no): None},  # filled in below, once the sheet's URL is known
                }
            )
        export.counts[entry.face.stable_id] = export.counts.get(entry.face.stable_id, 0) + entry.count
        slot += 1
        if slot == FACES_PER_SHEET:
            flush()
    flush()
    for card in contained:
        key = next(iter(card["CustomDeck"]))
        card["CustomDeck"] = {key: custom_deck[key]}
    if len(contained) == 1:  # TTS has no deck of one card: the card itself
        state = {**contained[0], "Nickname": contained[0]["Nickname"]}
    else:
        state = {
            "Name": "DeckCustom",
            "Transform": _transform(),
            "Nickname": deck_name,
            "Description": "",
            "DeckIDs": deck_ids,
            "CustomDeck": custom_deck,
            "ContainedObjects": contained,
        }
    export.saved_object = {
        "SaveName": deck_name,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "ObjectStates": [state],
        "TabStates": {},
        "VersionNumber": "",
    }
    return export


def write_tts_dir(
    entries: Iterable[TtsEntry],
    back: RenderedFace,
    directory: Path,
    *,
    deck_name: str,
    base_url: str | None = None,
    face_url: Callable[[str], str] | None = None,
    width_px: int = FACE_WIDTH_PX,
) -> TtsExport:
    """The export as files in ``directory``: the sheets, back.jpg and deck.json.

    Without ``base_url`` the JSON points at the files themselves (``file://``),
    which TTS loads from the disk; with it, at ``base_url + name``; with
    ``face_url`` (a local export's folder, ``tts_export.local_url``), at ``face_url(name)``.
    """
    directory.mkdir(parents=True, exist_ok=True)

    def write(name: str, data: bytes) -> None:
        (directory / name).write_bytes(data)

    def url(name: str) -> str:
        if face_url is not None:
            return face_url(name)
        return f"{base_url}{name}" if base_url else (directory / name).resolve().as_uri()

    export = build_tts_export(entries, back, write, deck_name=deck_name, face_url=url, width_px=width_px)
    (directory / "deck.json").write_text(
        json.dumps(export.saved_object, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return export


def write_tts_zip(
    entries: Iterable[TtsEntry],
    back: RenderedFace,
    out: BinaryIO,
    *,
    deck_name: str,
    face_url: Callable[[str], str],
    json_name: str = "deck.json",
    width_px: int = FACE_WIDTH_PX,
) -> TtsExport:
    """The export as one zip (the sheets, back.jpg and the saved object), images referenced by ``face_url``."""
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        export = build_tts_export(
            entries, back, archive.writestr, deck_name=deck_name, face_url=face_url, width_px=width_px
        )
        archive.writestr(json_name, json.dumps(export.saved_object, ensure_ascii=False, indent=1))
    return export
