"""The API's JSON, with every finding's ``message`` in the reader's language.

Text that UTF-8 cannot hold (a lone surrogate that reached an answer some other way than a body,
which :mod:`common.guards` refuses) is written as JSON escapes rather than failing the answer.

Codes, keys and params never change; only ``message`` is rendered again from its code's template
(``common.finding_messages``) when the reader's language is not English: the user's preference,
else ``Accept-Language`` (``LocaleMiddleware``).

A finding is an object with a ``message`` key, so an answer whose JSON has no ``"message"`` in it
holds none and is sent as it was written: the walk through the answer (every node of a page of 50
cards, 2,000 a request) is made only for the answers that may hold a finding. (A string value
cannot hold ``"message"`` with its quotes as they are: JSON writes a quote in a string ``\\"``.)
"""

from __future__ import annotations

from rest_framework import renderers

from .finding_messages import english, localize

FINDING_KEY = b'"message"'


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        body = self._render(data, accepted_media_type, renderer_context)
        if english() or FINDING_KEY not in body:
            return body
        return self._render(localize(data), accepted_media_type, renderer_context)

    def _render(self, data, accepted_media_type, renderer_context):
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            return _Escaped().render(data, accepted_media_type, renderer_context)


class _Escaped(renderers.JSONRenderer):
    ensure_ascii = True
