"""Private media: unguessable file names, and how a file a user may read is handed over.

Uploaded and drawn files (artwork, renditions, card faces, print sheets) are never served as
static files: every ``/media/`` request goes through ``studio.media.serve``, which asks the app
that owns the name whether the user may read it (a card's artwork and faces: whoever may see the
card), else answers 404. Names are not guessable either: they carry a keyed hash
(:func:`private_token`) of what they hold, never a sequential id alone.

How the bytes go out (``MEDIA_ACCEL_REDIRECT``, ``MEDIA_SENDFILE``):

- unset (the embedded default): Django streams the file (``FileResponse``);
- ``MEDIA_ACCEL_REDIRECT=/protected-media/``: an empty answer with
  ``X-Accel-Redirect: /protected-media/<name>``; nginx serves the file from an ``internal``
  location (``location /protected-media/ { internal; alias /srv/studio/media/; }``), so
  the permission is Django's and the bytes are nginx's;
- ``MEDIA_SENDFILE=1``: ``X-Sendfile: <absolute path>`` (Apache mod_xsendfile, lighttpd);
- a storage with no local path (S3 and the like): a redirect to the storage's own URL, which
  must then be a signed, short-lived one (e.g. django-storages' ``querystring_auth``).
"""

from __future__ import annotations

import mimetypes
import posixpath
from urllib.parse import quote

from django.conf import settings
from django.core.files.storage import Storage
from django.http import FileResponse, Http404, HttpResponse, HttpResponseRedirect
from django.utils.crypto import salted_hmac

SALT = "studio.media"


def private_token(*parts: object) -> str:
    """A keyed hash of ``parts`` (24 hex digits): the same parts give the same name (so a file
    half-written by a dead run is found and replaced), but nobody without the SECRET_KEY can
    compute it."""
    return salted_hmac(SALT, ":".join(str(p) for p in parts), algorithm="sha256").hexdigest()[:24]


def clean_name(name: str) -> str:
    """``name`` as stored by the file fields, or Http404 for anything that is not (``..``, ``/x``)."""
    normal = posixpath.normpath(name)
    if not name or normal != name or name.startswith(("/", "../")) or "\\" in name or "\x00" in name:
        raise Http404("no such file")
    return name


def send(storage: Storage, name: str) -> HttpResponse:
    """The answer that hands ``name`` of ``storage`` to a user already allowed to read it."""
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    accel = settings.MEDIA_ACCEL_REDIRECT
    if accel:
        response = HttpResponse(content_type=content_type)
        response["X-Accel-Redirect"] = accel.rstrip("/") + "/" + quote(name)
    else:
        try:
            path = storage.path(name)
        except NotImplementedError:  # no local file: the storage's own (signed) URL
            response = HttpResponseRedirect(storage.url(name))
        else:
            if settings.MEDIA_SENDFILE:
                response = HttpResponse(content_type=content_type)
                response["X-Sendfile"] = path
            else:
                try:
                    response = FileResponse(storage.open(name, "rb"), content_type=content_type)
                except FileNotFoundError:
                    raise Http404("no such file")
    # Private files: never kept by a shared cache.
    response["Cache-Control"] = "private, max-age=3600"
    response["X-Content-Type-Options"] = "nosniff"
    return response
