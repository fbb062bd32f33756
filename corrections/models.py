"""Declarative corrections of card effects, kept apart from the imported cards."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from common.history import AppendOnlyError, AppendOnlyModel  # noqa: F401 (AppendOnlyError: re-exported)

WITHDRAWAL_FIELDS = frozenset({"withdrawn_at", "withdrawn_by", "withdrawn_by_name", "withdrawn_why"})


class EffectCorrection(AppendOnlyModel):
    """One declarative correction of one effect of one card: the change, why, who, when.

    The card itself (its imported text, image and effects) is never touched:
    the correction is applied on top of it when the effective card is read
    (``corrections.selectors.effective_card``), so a re-import, which rewrites
    the card, leaves it in force. Corrections are append-only: never edited nor
    deleted; withdrawing one records who, when and why.
    """

    # A correction is never edited; it can only be withdrawn (and a new one stored).
    mutable_fields = WITHDRAWAL_FIELDS

    card = models.ForeignKey(
        "cards.Card",
        to_field="stable_id",
        db_column="stable_card_id",
        on_delete=models.PROTECT,
        related_name="effect_corrections",
    )
    effect_id = models.CharField("effectId", max_length=80)
    change = models.JSONField(
        help_text="JSON Patch operations inside the effect (add, replace, remove), e.g. "
        '[{"op": "add", "path": "/limit", "value": {...}}].'
    )
    why = models.TextField(help_text="Why the imported data is wrong: the ruling, the source.")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawn_by_name = models.CharField(max_length=150, blank=True, default="")
    withdrawn_why = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["card", "created_at", "id"]
        indexes = [models.Index(fields=["card", "withdrawn_at"])]
        constraints = [
            models.CheckConstraint(condition=~Q(effect_id=""), name="effect_correction_effect_id_not_empty"),
            models.CheckConstraint(condition=~Q(why=""), name="effect_correction_why_not_empty"),
        ]
        permissions = [("withdraw_effectcorrection", "Can withdraw an effect correction")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.card_id} {self.effect_id}"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None
