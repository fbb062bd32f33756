"""The API's JSON, with every finding's ``message`` in the reader's language.

Text that UTF-8 cannot hold (a lone surrogate that reached an answer some other way than a body,
which :mod:`common.guards` refuses) is written as JSON escapes rather than failing the answer.

Codes, keys and params never change; only ``message`` is rendered again from its code's template
(``common.finding_messages``) when the reader's language is not English: the user's preference,
else ``Accept-Language`` (``LocaleMiddleware``).
"""

from __future__ import annotations

from rest_framework import renderers

from .finding_messages import localize


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        data = localize(data)
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            return _Escaped().render(data, accepted_media_type, renderer_context)


class _Escaped(renderers.JSONRenderer):
    ensure_ascii = True
