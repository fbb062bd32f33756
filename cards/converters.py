"""The ``stable_id`` path converter (a stableCardId in an address), registered on import: the card
pages and every other app's routes that name a card use it."""

from django.urls import register_converter

from .interchange import STABLE_ID_RE


class StableIdConverter:
    regex = STABLE_ID_RE.pattern.strip("^$")

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(StableIdConverter, "stable_id")
