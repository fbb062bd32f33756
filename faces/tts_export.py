"""A deck's Tabletop Simulator export, served by the studio: a zip, and its images at the studio's own URLs.

TTS loads a saved object's images from their URLs without logging in, so each
export's images are stored (``faces/tts/<deck>/<export>/``) and served by a
public route whose address holds a signature of the deck and the export:
unguessable, and good for that export only. The zip holds the same images
and the saved object (``deck.json``) that points at those URLs.

A local export (``?local=FOLDER``, ``exporttts --local FOLDER``) points the saved object at
``file:///`` paths under FOLDER instead, the folder the player unzips it into: TTS reads images
from the disk for local play, and nothing is stored on the studio.
"""

from __future__ import annotations

import io
import ipaddress
import re
import unicodedata
import uuid
import zipfile
from collections.abc import Callable
from pathlib import PurePath, PurePosixPath, PureWindowsPath
from urllib.parse import urlsplit

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from common.errors import InvalidInput
from decks.models import Deck
from rules.findings import error

from . import printing, selectors
from .inputs import inputs_for_cards, render_inputs

SALT = "faces.tts"
NAMES = frozenset({"back.jpg"})  # and sheet-N.jpg


def public_absolute(request) -> Callable[[str], str]:
    """Absolute URLs at the studio's public address (``STUDIO_PUBLIC_URL``), else at the request's."""
    base = settings.STUDIO_PUBLIC_URL
    if base:
        return lambda path: base + path
    return request.build_absolute_uri


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (127.0.0.1, ::1, localhost): another machine cannot load it."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def export_address(request) -> str:
    """The address a deck's export points its images at (the public one, else the request's)."""
    return public_absolute(request)("/")


LOCAL_FOLDER_MAX = 200  # characters: TTS on Windows reads paths of up to 260, and the names come after
_WINDOWS = re.compile(r"^[A-Za-z]:[\\/]")
_WINDOWS_FORBIDDEN = re.compile(r'[<>:"|?*]')


def _unsafe(character: str) -> bool:
    """A character no folder name the player reads may hold: a control character (C0, DEL, C1), a
    format character (bidi controls such as U+202E, which show a path other than the one it is,
    zero-width ones, soft hyphen), a lone surrogate, a private-use or unassigned code point, or a
    line or paragraph separator."""
    return unicodedata.category(character) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def local_folder(raw: str | None, *, field: str = "local") -> PurePath:
    """The folder a local export will be unzipped into: an absolute path, Windows (``C:\\Games\\deck``)
    or POSIX (``/home/me/deck``), with no ``..``; else InvalidInput (TTS_LOCAL_FOLDER_INVALID)."""
    folder = (raw or "").strip()

    def refuse() -> InvalidInput:
        shown = folder if len(folder) <= 80 else folder[:79] + "…"
        return InvalidInput(
            [
                error(
                    "TTS_LOCAL_FOLDER_INVALID",
                    params={"folder": shown, "maxLength": LOCAL_FOLDER_MAX},
                    field=field,
                )
            ]
        )

    if not folder or len(folder) > LOCAL_FOLDER_MAX or any(_unsafe(c) for c in folder):
        raise refuse()
    path: PurePath
    if _WINDOWS.match(folder):
        path = PureWindowsPath(folder)
        if any(_WINDOWS_FORBIDDEN.search(part) for part in path.parts[1:]):
            raise refuse()
    elif folder.startswith("/") and not folder.startswith("//"):
        path = PurePosixPath(folder)
    else:  # relative, ~, a UNC share (\\server), a URL: TTS would not find the files
        raise refuse()
    if ".." in path.parts or "." in folder.replace("\\", "/").split("/"):
        raise refuse()
    return path


def local_url(folder: PurePath) -> Callable[[str], str]:
    """``name`` -> ``folder/name`` as TTS writes a local image in a saved object: ``file:///`` and the
    path as the system spells it, not percent-encoded (``file:///C:\\Games\\My deck\\sheet-1.jpg``,
    ``file:///home/me/deck/sheet-1.jpg``)."""
    return lambda name: "file:///" + str(folder / name).lstrip("/")


def signature(deck_id: int, export_id: str) -> str:
    return salted_hmac(SALT, f"{deck_id}:{export_id}", algorithm="sha256").hexdigest()[:32]


def valid(deck_id: int, export_id: str, sig: str) -> bool:
    return constant_time_compare(signature(deck_id, export_id), sig)


def _folder(deck_id: int, export_id: str) -> str:
    return f"faces/tts/{deck_id}/{export_id}/"


def image_name(name: str) -> bool:
    """Only the names an export writes: back.jpg and sheet-N.jpg (never a path)."""
    if name in NAMES:
        return True
    stem = name.removeprefix("sheet-").removesuffix(".jpg")
    return name.startswith("sheet-") and name.endswith(".jpg") and stem.isdigit()


def image_open(deck_id: int, export_id: str, name: str):
    return default_storage.open(_folder(deck_id, export_id) + name, "rb")


def deck_tts_zip(
    deck: Deck,
    *,
    user,
    absolute: Callable[[str], str],
    local: PurePath | None = None,
    lang: str | None = None,
    untranslated: list[str] | None = None,
) -> tuple[bytes, object]:
    """The zip of ``deck``'s export (one face per card, its copies in the saved object) and the export.

    In ``lang`` (default: each card's own), faces, names and back; ``untranslated`` collects the
    stableCardIds printed in their source texts (marked: no current translation). With ``local`` (``local_folder``), the saved object's URLs are the images' paths under that folder
    once the zip is unpacked there, and no image is stored for the public route."""
    from .render import render_back
    from .tts import TtsEntry, write_tts_zip

    copies = printing.deck_copies(deck, user=user)
    printing.check_copies(sum(n for _c, n in copies))
    export_id = uuid.uuid4().hex
    sig = signature(deck.pk, export_id)
    folder = _folder(deck.pk, export_id)

    def url(name: str) -> str:
        return absolute(reverse("faces:tts-image", args=[deck.pk, export_id, sig, name]))

    face_url = local_url(local) if local is not None else url

    def entries():
        cards = [card for card, _n in copies]
        for inputs, (_card, n) in zip(inputs_for_cards(cards, lang=lang), copies, strict=True):
            if untranslated is not None and inputs.fallback_lang:
                untranslated.append(inputs.card.stable_id)
            yield TtsEntry(render_inputs(inputs).face, n)

    template = selectors.template_current(deck.game).data
    out = io.BytesIO()
    export = write_tts_zip(
        entries(),
        render_back(deck.game, template, fonts="none", lang=lang),
        out,
        deck_name=deck.name,
        face_url=face_url,
    )
    data = out.getvalue()
    if local is None:
        _store_images(data, folder)
    return data, export


def _store_images(data: bytes, folder: str) -> None:
    """Store the zip's images where the public route serves them from (the zip stays the one download)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if image_name(name):
                default_storage.save(folder + name, ContentFile(archive.read(name)))
