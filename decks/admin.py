"""Decks, formats, card lists and collections in the Django admin.

Writes that can change a verdict go through the services, so that the decks
concerned are marked stale and validated again, as from the API.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from common.errors import StudioError

from . import services
from .models import Deck, DeckEntry, DeckFormat, NamedCardList, OwnedCard


@admin.register(DeckFormat)
class DeckFormatAdmin(admin.ModelAdmin):
    list_display = ["game", "key", "name", "is_default", "copy_limit", "identity", "owned_only", "updated_at"]
    list_filter = ["game", "is_default", "owned_only"]
    search_fields = ["key", "name", "description"]
    readonly_fields = ["created_at", "updated_at"]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        return fields + ["game", "key"] if obj is not None else fields

    def save_model(self, request, obj, form, change):
        try:
            services.deck_format_save(fmt=obj)
        except StudioError as exc:
            raise ValidationError(exc.message) from exc

    def has_delete_permission(self, request, obj=None):
        return False  # decks refer to their format; make a new one instead


@admin.register(NamedCardList)
class NamedCardListAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "key", "provisional", "card_count", "updated_at"]
    list_filter = ["game", "provisional"]
    filter_horizontal = ["cards"]
    search_fields = ["name", "key"]

    @admin.display(description="cards")
    def card_count(self, obj):
        return obj.cards.count()


class EntryInline(admin.TabularInline):
    model = DeckEntry
    extra = 0
    can_delete = False
    fields = ["kind", "section", "position", "ref", "card", "count"]
    readonly_fields = fields
    ordering = ["kind", "section", "position"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.action(description="Validate again now")
def validate_again(modeladmin, request, queryset):
    done = services.decks_revalidate(decks=queryset)
    modeladmin.message_user(request, f"{done} deck(s) validated again.", messages.SUCCESS)


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    """Decks are built through the API and the commands; here they are read, revalidated or deleted."""

    list_display = ["name", "game", "format", "owner", "legal", "ready_to_play", "stale", "validated_at"]
    list_filter = ["game", "legal", "stale", "format"]
    search_fields = ["name", "owner__username"]
    list_select_related = ["format", "owner"]
    fields = [
        "name",
        "game",
        "format",
        "owner",
        "legal",
        "ready_to_play",
        "stale",
        "validated_at",
        "pretty_violations",
        "counts",
    ]
    readonly_fields = [
        "game",
        "format",
        "legal",
        "ready_to_play",
        "stale",
        "validated_at",
        "pretty_violations",
        "counts",
    ]
    raw_id_fields = ["owner"]
    inlines = [EntryInline]
    actions = [validate_again]

    @admin.display(description="violations")
    def pretty_violations(self, deck):
        if not deck.violations:
            return "none"
        return format_html_join(
            mark_safe("<br>"),
            "{} {}: {}",
            ((v["severity"], v["code"], v["message"]) for v in deck.violations),
        )

    def has_add_permission(self, request):
        return False

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if "owner" in form.changed_data:
            services.deck_validate(deck=obj)


@admin.register(OwnedCard)
class OwnedCardAdmin(admin.ModelAdmin):
    list_display = ["owner", "card", "count", "updated_at"]
    list_filter = ["card__game"]
    search_fields = ["owner__username", "card__stable_id", "card__name"]
    raw_id_fields = ["owner", "card"]
    list_select_related = ["owner", "card"]

    def save_model(self, request, obj, form, change):
        try:
            if change and "card" in form.changed_data:
                previous = OwnedCard.objects.get(pk=obj.pk)
                services.collection_set(owner=previous.owner, counts={previous.card.stable_id: 0})
            services.collection_set(owner=obj.owner, counts={obj.card.stable_id: obj.count})
        except StudioError as exc:
            raise ValidationError(exc.message) from exc
        obj.pk = OwnedCard.objects.get(owner=obj.owner, card=obj.card).pk

    def delete_model(self, request, obj):
        services.collection_set(owner=obj.owner, counts={obj.card.stable_id: 0})

    def delete_queryset(self, request, queryset):
        for obj in queryset.select_related("owner", "card"):
            self.delete_model(request, obj)
