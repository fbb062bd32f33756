"""What the artwork pages show of the apps above artwork, as slots (:mod:`common.slots`).

A new primary image is checked against the card's faces (an art box it has too few pixels for):
faces owns the faces and fills this slot in its ``AppConfig.ready()``; artwork never imports it.
"""

from __future__ import annotations

from cards.models import Card
from common.slots import Slot
from rules import Finding


def _no_findings(card: Card, size: tuple[int, int]) -> tuple[Finding, ...]:
    return ()


# The findings of an image of ``size`` (width, height) as the primary artwork of ``card``: faces.
primary_artwork_findings = Slot("artwork.primary_artwork_findings", _no_findings)
