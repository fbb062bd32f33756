"""Cards in the Django admin.

Edits go through the same services as the API, so the admin writes revisions,
keeps stable ids and provenance, and refuses what the API refuses, as form
errors. Status moves are admin actions that follow the review workflow.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from common.errors import StudioError
from rules import registry
from rules.text import fold

from . import services
from .interchange import COMMON_KEYS, card_to_dict
from .models import Card, CardRevision, Status

# Interchange keys that are model fields of another name in the form.
FORM_FIELD_OF_KEY = {"set": "set_code", "creationMethod": "creation_method"}


class CardAdminForm(forms.ModelForm):
    """A card's form: checked, then saved, by the services (a dry run during validation)."""

    game = forms.ChoiceField(choices=lambda: [(rs.key, rs.name) for rs in registry])
    game_fields = forms.JSONField(
        required=False,
        help_text='The game\'s own fields as a JSON object, e.g. {"cost": 3, "atk": 4, "pv": 3}; '
        "a field left out is empty (null).",
    )
    # The version the form was opened at: a card changed since is not overwritten.
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    # Set by CardAdmin.get_form: who is saving.
    request = None

    class Meta:
        model = Card
        fields = [
            "game",
            "name",
            "type",
            "set_code",
            "text",
            "archetypes",
            "game_fields",
            "effects",
            "origin",
            "creation_method",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["expected_version"].initial = self.instance.version
            self.fields["game_fields"].initial = {
                name: value
                for name, value in card_to_dict(self.instance).items()
                if name in self.instance.ruleset.field_names()
            }
        else:
            self.fields["game_fields"].initial = {}

    @property
    def game_key(self) -> str | None:
        return self.instance.game if self.instance.pk else self.cleaned_data.get("game")

    def interchange(self) -> dict:
        """The card's interchange form, from the cleaned data."""
        cleaned = self.cleaned_data
        data = {
            "name": cleaned.get("name") or "",
            "type": cleaned.get("type") or "",
            "set": cleaned.get("set_code") or "",
            "text": cleaned.get("text") or "",
            "archetypes": cleaned.get("archetypes") if cleaned.get("archetypes") is not None else [],
            "effects": cleaned.get("effects") if cleaned.get("effects") is not None else [],
        }
        if not self.instance.pk:
            data["origin"] = cleaned.get("origin") or "USER"
            data["creationMethod"] = cleaned.get("creation_method") or "MANUAL"
        game_fields = cleaned.get("game_fields") or {}
        if self.game_key in registry:
            # The JSON object is the whole set of the card's game fields: a field left out is emptied.
            data.update(dict.fromkeys(registry.get(self.game_key).field_names()))
        data.update(game_fields)
        return data

    def clean_game_fields(self):
        value = self.cleaned_data.get("game_fields")
        if value is not None and not isinstance(value, dict):
            raise forms.ValidationError('Enter a JSON object, e.g. {"cost": 3}.')
        return value

    def _post_clean(self):
        super()._post_clean()
        if self.is_bound and not self._errors:
            # A dry run of the very write save_model makes: every refusal becomes a form error.
            try:
                with transaction.atomic():
                    self.write()
                    transaction.set_rollback(True)
            except StudioError as exc:
                self.add_studio_error(exc)

    def write(self) -> Card:
        user = self.request.user if self.request is not None else None
        if self.instance.pk:
            return services.card_update(
                stable_id=self.instance.stable_id,
                data=self.interchange(),
                user=user,
                expected_version=self.cleaned_data.get("expected_version"),
                note="from the admin",
            )
        return services.card_create(
            game=self.game_key, data=self.interchange(), user=user, note="from the admin"
        )

    def add_studio_error(self, exc: StudioError) -> None:
        if not exc.findings:
            self.add_error(None, exc.message)
            return
        for finding in exc.findings:
            target = FORM_FIELD_OF_KEY.get(finding.field, finding.field)
            if target and target.startswith("effects"):
                target = "effects"  # a JSON path into the effects, e.g. effects[2].actions[0].stat
            if target not in self.fields:
                # What is not a common key of a card is one of the game's fields (or an unknown one).
                target = "game_fields" if finding.field and finding.field not in COMMON_KEYS else None
            self.add_error(target, finding.message)


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

    def has_delete_permission(self, request, obj=None):
        return False


def _transition_action(target: str, label: str, permission: str):
    @admin.action(description=label, permissions=[permission])
    def move(modeladmin, request, queryset):
        refused = []
        with transaction.atomic():
            for card in queryset:
                try:
                    services.card_set_status(
                        stable_id=card.stable_id, status=target, user=request.user, note="from the admin"
                    )
                except StudioError as exc:
                    refused.append(f"{card.name} ({card.stable_id}): {exc.message}")
            if refused:
                transaction.set_rollback(True)
        if refused:
            modeladmin.message_user(request, "Nothing changed. " + " · ".join(refused), messages.ERROR)
        else:
            modeladmin.message_user(request, f"{len(queryset)} card(s) moved to {target}.", messages.SUCCESS)

    move.__name__ = f"move_to_{target.lower()}"
    return move


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = [
        "stable_id",
        "name",
        "game",
        "type",
        "set_code",
        "status",
        "origin",
        "creation_method",
        "user_modified",
        "version",
    ]
    list_filter = ["game", "status", "type", "origin", "creation_method", "user_modified"]
    search_fields = ["stable_id", "name", "search_text"]
    readonly_fields = [
        "stable_id",
        "status",
        "user_modified",
        "version",
        "created_at",
        "updated_at",
        "findings",
    ]
    inlines = [RevisionInline]
    actions = [
        # The workflow decides per card and per user; the permissions only choose who sees the action.
        _transition_action(Status.NEEDS_REVIEW, "Send to review (NEEDS_REVIEW)", "workflow"),
        _transition_action(Status.VALIDATED, "Validate (VALIDATED)", "review"),
        _transition_action(Status.DISABLED, "Disable (DISABLED)", "review"),
        _transition_action(Status.DRAFT, "Back to draft (DRAFT)", "workflow"),
    ]

    def get_search_results(self, request, queryset, search_term):
        # search_text is folded (case and accents): "echange" finds "Échange équivalent".
        return super().get_search_results(request, queryset, fold(search_term))

    def has_review_permission(self, request):
        return request.user.has_perm("cards.review_card")

    def has_workflow_permission(self, request):
        return self.has_review_permission(request) or self.has_change_permission(request)

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += ["game", "origin", "creation_method"]
        return fields

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        form.request = request
        return form

    def findings(self, card):
        if card.pk is None:
            return "—"
        # The stored card's: a form that failed validation leaves its bad values on the instance.
        found = services.card_findings(Card.objects.get(pk=card.pk))
        if not found:
            return "none"
        return format_html_join(mark_safe("<br>"), "{}: {}", ((f.code, f.message) for f in found))

    def save_model(self, request, obj, form, change):
        saved = form.write()
        obj.pk, obj.stable_id = saved.pk, saved.stable_id

    def has_delete_permission(self, request, obj=None):
        # Cards are never deleted (their history is kept); disable them instead.
        return False


@admin.register(CardRevision)
class CardRevisionAdmin(admin.ModelAdmin):
    list_display = ["card", "version", "action", "author_name", "created_at"]
    list_filter = ["action", "card__game"]
    list_select_related = ["card"]
    search_fields = ["card__stable_id", "card__name", "author_name", "note"]
    readonly_fields = [
        "card",
        "version",
        "action",
        "author",
        "author_name",
        "created_at",
        "note",
        "pretty_changes",
    ]
    exclude = ["changes", "snapshot"]

    def pretty_changes(self, revision):
        return format_html("<pre>{}</pre>", json.dumps(revision.changes, ensure_ascii=False, indent=2))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
