"""Where artwork files go: names derived from content, written through Django's storage API only.

The storage is the one configured for the ``file`` fields (``STORAGES["default"]``):
the local ``MEDIA_ROOT`` in the embedded default, any backend at scale, with no
code change.
"""

from __future__ import annotations

from django.core.files.base import ContentFile
from django.core.files.storage import Storage

from common.media import private_token

from .renditions import RenditionSpec


def variant_name(sha256: str, extension: str) -> str:
    # The content hash (the same image is stored once) and a keyed hash of it: nobody who has the
    # image but not the SECRET_KEY can name its file.
    return f"artwork/{sha256[:2]}/{sha256}-{private_token('artwork', sha256)}.{extension}"


def rendition_name(sha256: str, spec: RenditionSpec) -> str:
    # The spec's size is in the name: a new size gets a new URL, never a stale cached copy; no
    # sequential id, a keyed hash of the image instead.
    return f"artwork/renditions/{sha256[:2]}/{private_token('rendition', sha256)}-{spec.label}.webp"


def save_content_addressed(storage: Storage, name: str, data: bytes) -> str:
    """Store ``data`` under ``name`` (derived from its hash): an existing file of that name is the
    same image, unless its size differs, which only a half-written copy can do: it is replaced."""
    if storage.exists(name):
        if storage.size(name) == len(data):
            return name
        storage.delete(name)
    return storage.save(name, ContentFile(data))


def save_replacing(storage: Storage, name: str, data: bytes) -> str:
    """Store ``data`` under ``name``, replacing what is there (e.g. a file half-written before a crash)."""
    if storage.exists(name):
        storage.delete(name)
    return storage.save(name, ContentFile(data))
