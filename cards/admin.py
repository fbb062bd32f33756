"""Cards in the Django admin.

Edits go through the same services as the API, so the admin writes revisions,
keeps stable ids and provenance, and refuses what the API refuses. Status moves
are admin actions that follow the review workflow.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from studio.errors import StudioError

from . import services
from .effect_ids import EffectIdIndex
from .interchange import card_to_dict, parse_card
from .models import Card, CardRevision, Status


class CardAdminForm(forms.ModelForm):
    game_fields = forms.JSONField(
        required=False,
        help_text="The game's own fields as a JSON object, e.g. {\"cost\": 3, \"atk\": 4, \"pv\": 3}.",
    )

    class Meta:
        model = Card
        fields = ["game", "name", "type", "set_code", "text", "archetypes", "game_fields", "effects", "origin", "creation_method"]

    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game") if not self.instance.pk else self.instance.game
        data = self.interchange(cleaned)
        try:
            from rules import get_ruleset

            get_ruleset(game)
        except KeyError as exc:
            raise ValidationError({"game": str(exc)}) from None
        card_input, findings = parse_card(data, game=game)
        if card_input is not None:
            # Effect ids unique in the game and never renamed; the instance still holds the stored effects here.
            findings = EffectIdIndex(game).problems(
                stable_id=self.instance.stable_id or "", name=card_input.name, before=self.instance.effects or [], after=card_input.effects
            )
        for finding in findings:
            target = {"set": "set_code", "creationMethod": "creation_method"}.get(finding.field, finding.field)
            if target and target.startswith("effects"):
                target = "effects"
            if target not in self.fields:
                target = "game_fields" if finding.field else None
            self.add_error(target, finding.message)
        return cleaned

    def interchange(self, cleaned) -> dict:
        data = {
            "name": cleaned.get("name") or "",
            "type": cleaned.get("type") or "",
            "set": cleaned.get("set_code") or "",
            "text": cleaned.get("text") or "",
            "archetypes": cleaned.get("archetypes") or [],
            "effects": cleaned.get("effects") or [],
            "origin": cleaned.get("origin") or "USER",
            "creationMethod": cleaned.get("creation_method") or "MANUAL",
        }
        game_fields = cleaned.get("game_fields") or {}
        if isinstance(game_fields, dict):
            data.update(game_fields)
        else:
            self.add_error("game_fields", "must be a JSON object")
        return data


class RevisionInline(admin.TabularInline):
    model = CardRevision
    extra = 0
    can_delete = False
    fields = ["version", "action", "author_name", "created_at", "note", "changed"]
    readonly_fields = fields
    ordering = ["-version"]

    def changed(self, revision):
        return ", ".join(revision.changes) or "—"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def _transition_action(target: str, label: str):
    @admin.action(description=label, permissions=["change"])
    def move(modeladmin, request, queryset):
        try:
            with transaction.atomic():
                for card in queryset:
                    services.card_set_status(stable_id=card.stable_id, status=target, user=request.user, note="from the admin")
        except StudioError as exc:
            modeladmin.message_user(request, f"Nothing changed: {exc.message}", messages.ERROR)
            return
        modeladmin.message_user(request, f"{queryset.count()} card(s) moved to {target}.", messages.SUCCESS)

    move.__name__ = f"move_to_{target.lower()}"
    return move


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ["stable_id", "name", "game", "type", "set_code", "status", "origin", "creation_method", "user_modified", "version"]
    list_filter = ["game", "status", "type", "origin", "creation_method", "user_modified"]
    search_fields = ["stable_id", "name", "search_text"]
    readonly_fields = ["stable_id", "status", "user_modified", "version", "created_at", "updated_at", "findings"]
    inlines = [RevisionInline]
    actions = [
        _transition_action(Status.NEEDS_REVIEW, "Send to review (NEEDS_REVIEW)"),
        _transition_action(Status.VALIDATED, "Validate (VALIDATED)"),
        _transition_action(Status.DISABLED, "Disable (DISABLED)"),
        _transition_action(Status.DRAFT, "Back to draft (DRAFT)"),
    ]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += ["game", "origin", "creation_method"]
        return fields

    def findings(self, card):
        found = services.card_findings(card)
        if not found:
            return "none"
        return format_html_join(mark_safe("<br>"), "{}: {}", ((f.code, f.message) for f in found))

    def save_model(self, request, obj, form, change):
        data = form.interchange(form.cleaned_data)
        try:
            if change:
                for key in ("origin", "creationMethod"):
                    data.pop(key, None)
                saved = services.card_update(stable_id=obj.stable_id, data=data, user=request.user, note="from the admin")
            else:
                saved = services.card_create(game=form.cleaned_data["game"], data=data, user=request.user, note="from the admin")
        except StudioError as exc:
            # The form already ran the same checks; a refusal here is a workflow one.
            raise ValidationError(exc.message) from exc
        obj.pk, obj.stable_id = saved.pk, saved.stable_id

    def get_changeform_initial_data(self, request):
        return {"game_fields": {}}

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if obj is not None:
            form.base_fields["game_fields"].initial = {k: v for k, v in card_to_dict(obj).items() if k in obj.ruleset.field_names()}
        return form

    def has_delete_permission(self, request, obj=None):
        # Cards are never deleted (their history is kept); disable them instead.
        return False


@admin.register(CardRevision)
class CardRevisionAdmin(admin.ModelAdmin):
    list_display = ["card", "version", "action", "author_name", "created_at"]
    list_filter = ["action", "card__game"]
    search_fields = ["card__stable_id", "card__name", "author_name", "note"]
    readonly_fields = ["card", "version", "action", "author", "author_name", "created_at", "note", "pretty_changes"]
    exclude = ["changes", "snapshot"]

    def pretty_changes(self, revision):
        return format_html("<pre>{}</pre>", json.dumps(revision.changes, ensure_ascii=False, indent=2))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
