"""The codes of an artwork the studio refuses: an upload that is no image it takes (artwork.images,
whose own words, translated there, are the ``problem`` param), an image that cannot be a card's
primary one (artwork.services). The artwork of a card's face is faces' (rules.codes.faces)."""

from __future__ import annotations

from ..i18n import N_
from .core import INPUT, Code

CODES: tuple[Code, ...] = (
    Code(
        "ARTWORK_EMPTY",
        INPUT,
        N_("an uploaded artwork file that is empty"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    Code(
        "ARTWORK_TOO_LARGE",
        INPUT,
        N_("an uploaded artwork file over ARTWORK_MAX_BYTES"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    Code(
        "ARTWORK_TOO_MANY_PIXELS",
        INPUT,
        N_("an uploaded image of more pixels than ARTWORK_MAX_PIXELS"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    Code(
        "ARTWORK_CORRUPT",
        INPUT,
        N_("an uploaded image that cannot be decoded"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    Code(
        "ARTWORK_ANIMATED",
        INPUT,
        N_("an uploaded image that is animated"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    Code(
        "ARTWORK_NOT_AN_IMAGE",
        INPUT,
        N_("an uploaded file that is no JPEG, PNG or WebP image"),
        params=("problem",),
        # its words: the upload check's (artwork.images, gettext), in the reader's language
        messages=(N_("%(problem)s"),),
    ),
    Code(
        "ARTWORK_PRIMARY_NOT_HD",
        INPUT,
        N_("a PK reference or a Full Artwork made a card's primary image"),
        params=("kind",),
        messages=(N_("a %(kind)s image cannot be a card's primary image; choose an HD one"),),
    ),
)
