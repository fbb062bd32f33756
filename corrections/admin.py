"""Effect corrections in the Django admin: stored through the service, never edited nor deleted, withdrawn by an action."""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.html import format_html

from common.errors import StudioError

from . import services
from .models import EffectCorrection


class EffectCorrectionForm(forms.ModelForm):
    class Meta:
        model = EffectCorrection
        fields = ["card", "effect_id", "change", "why"]

    def clean(self):
        cleaned = super().clean()
        card = cleaned.get("card")
        if card is None:
            return cleaned
        data = {
            "effectId": cleaned.get("effect_id") or "",
            "change": cleaned.get("change"),
            "why": cleaned.get("why") or "",
        }
        fields = {"effectId": "effect_id", "why": "why"}
        for finding in services.correction_problems(card=card, data=data):
            field = fields.get(
                finding.field or "", "change" if (finding.field or "").startswith("change") else None
            )
            self.add_error(field, finding.message)
        return cleaned


@admin.register(EffectCorrection)
class EffectCorrectionAdmin(admin.ModelAdmin):
    form = EffectCorrectionForm
    list_display = ["id", "card", "effect_id", "author_name", "created_at", "withdrawn_at"]
    list_filter = ["card__game", ("withdrawn_at", admin.EmptyFieldListFilter)]
    search_fields = ["card__stable_id", "card__name", "effect_id", "why", "author_name"]
    autocomplete_fields = ["card"]
    actions = ["withdraw"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return [
            "card",
            "effect_id",
            "pretty_change",
            "why",
            "author_name",
            "created_at",
            "withdrawn_at",
            "withdrawn_by_name",
            "withdrawn_why",
        ]

    def get_fields(self, request, obj=None):
        return (
            self.get_readonly_fields(request, obj)
            if obj is not None
            else ["card", "effect_id", "change", "why"]
        )

    @admin.display(description="change")
    def pretty_change(self, correction):
        return format_html("<pre>{}</pre>", json.dumps(correction.change, ensure_ascii=False, indent=2))

    def save_model(self, request, obj, form, change):
        data = {
            "effectId": form.cleaned_data["effect_id"],
            "change": form.cleaned_data["change"],
            "why": form.cleaned_data["why"],
        }
        try:
            saved = services.correction_create(
                stable_id=form.cleaned_data["card"].stable_id, data=data, user=request.user
            )
        except StudioError as exc:
            # The form already ran the same checks.
            raise ValidationError(exc.message) from exc
        obj.pk = saved.pk

    @admin.action(description="Withdraw (kept in the history)", permissions=["withdraw"])
    def withdraw(self, request, queryset):
        try:
            with transaction.atomic():
                for correction in queryset:
                    services.correction_withdraw(
                        stable_id=correction.card_id,
                        correction_id=correction.pk,
                        why="withdrawn from the admin",
                        user=request.user,
                    )
        except StudioError as exc:
            self.message_user(request, f"Nothing changed: {exc.message}", messages.ERROR)
            return
        self.message_user(request, f"{queryset.count()} correction(s) withdrawn.", messages.SUCCESS)

    def has_withdraw_permission(self, request):
        return request.user.has_perm("corrections.withdraw_effectcorrection")

    def has_change_permission(self, request, obj=None):
        # Corrections are append-only: the change view only shows them.
        return False

    def has_delete_permission(self, request, obj=None):
        return False
