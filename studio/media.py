"""``/media/``: every uploaded or drawn file through a permission check (common.media)."""

from __future__ import annotations

from django.core.files.storage import default_storage
from django.http import Http404
from django.views.decorators.http import require_safe

from artwork.selectors import media_readable as artwork_readable
from common.media import clean_name, send
from faces.selectors import media_readable as faces_readable

OWNERS = (artwork_readable, faces_readable)


@require_safe
def serve(request, name: str):
    """The file ``name`` for a user who may read it; 404 otherwise, exactly as for a missing file
    (a file of a card you may not see does not exist for you)."""
    name = clean_name(name)
    for readable in OWNERS:
        allowed = readable(user=request.user, name=name)
        if allowed is not None:
            if allowed:
                return send(default_storage, name)
            break
    raise Http404("no such file")
