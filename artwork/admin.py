"""Artwork in the Django admin: for looking, not editing.

Uploads, primary choice and deletions go through the API (and the services),
which check images, keep history and enforce the rules; the admin only shows.
"""

from django.contrib import admin
from django.utils.html import format_html

from .models import ArtworkEvent, ArtworkVariant, ImageBatch, Rendition


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RenditionInline(admin.TabularInline):
    model = Rendition
    fields = ["spec", "state", "width", "height", "byte_size", "error", "updated_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(ArtworkVariant)
class ArtworkVariantAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "card",
        "kind",
        "is_primary",
        "format",
        "width",
        "height",
        "uploaded_by",
        "created_at",
        "deleted_at",
    ]
    list_filter = ["kind", "is_primary", "format", "card__game"]
    search_fields = ["card__stable_id", "card__name", "sha256"]
    list_select_related = ["card", "uploaded_by"]
    readonly_fields = ["image"]
    inlines = [RenditionInline]

    @admin.display(description="image")
    def image(self, variant):
        return format_html(
            '<a href="{0}"><img src="{0}" style="max-width:320px;max-height:320px"></a>', variant.file.url
        )


@admin.register(ArtworkEvent)
class ArtworkEventAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "card", "variant", "action", "actor_name", "note"]
    list_filter = ["action"]
    search_fields = ["card__stable_id", "actor_name", "note"]
    list_select_related = ["card"]


@admin.register(ImageBatch)
class ImageBatchAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "game",
        "only_missing",
        "state",
        "total",
        "done",
        "failed",
        "created_by",
        "created_at",
        "finished_at",
    ]
    list_filter = ["state", "game"]
