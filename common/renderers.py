"""The API's JSON, with every finding's ``message`` in the reader's language.

Codes, keys and params never change; only ``message`` is rendered again from its code's template
(``common.finding_messages``) when the reader's language is not English: the user's preference,
else ``Accept-Language`` (``LocaleMiddleware``).
"""

from __future__ import annotations

from rest_framework import renderers

from .finding_messages import localize


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        return super().render(localize(data), accepted_media_type, renderer_context)
