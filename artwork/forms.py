"""The artwork upload form of a card's page (the image itself is checked by the service, never here)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .images import megabytes, megapixels
from .models import Kind


class UploadForm(forms.Form):
    # A plain FileField, not an ImageField: the image is checked by artwork.services
    # from its header, never decoded whole in the web process.
    file = forms.FileField(
        label=_("Image file"),
        error_messages={
            "required": _("Choose an image file (JPEG, PNG or WebP) or drop one on the zone."),
            "empty": _("The file is empty; choose a JPEG, PNG or WebP image."),
        },
    )
    kind = forms.ChoiceField(label=_("Kind"), choices=Kind.choices, initial=Kind.HD)
    primary = forms.BooleanField(
        label=_("Make it the card's primary image"),
        required=False,
        help_text=_("HD only. The current primary image is kept, as an older HD."),
    )
    note = forms.CharField(
        label=_("Note"), required=False, max_length=500, help_text=_("Optional, kept in the history.")
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "artwork-%s")
        super().__init__(*args, **kwargs)

    @staticmethod
    def limits() -> str:
        """What the zone takes, in the reader's words and numbers ("jusqu’à 20 Mo et 40 Mpx")."""
        return gettext("JPEG, PNG or WebP, up to %(size)s and %(pixels)s") % {
            "size": megabytes(settings.ARTWORK_MAX_BYTES),
            "pixels": megapixels(settings.ARTWORK_MAX_PIXELS),
        }

    def primary_choice(self) -> bool | None:
        """True when asked; otherwise None, so an HD becomes primary when the card has none yet (the service's rule)."""
        return True if self.cleaned_data.get("primary") else None

    def problems(self) -> str:
        return " ".join(message for messages in self.errors.values() for message in messages)
