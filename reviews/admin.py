"""Review audits, proposals and identity decisions in the Django admin (read-mostly: writes go through the API)."""

from django.contrib import admin

from cards.models import ImportConflict

from .models import Audit, AuditEntry, DistinctIdentity, Proposal


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class AuditEntryInline(admin.TabularInline):
    model = AuditEntry
    extra = 0
    can_delete = False
    fields = ["list", "stable_id", "name", "code", "reason"]
    readonly_fields = fields
    max_num = 0
    show_change_link = False


@admin.register(Audit)
class AuditAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game", "status", "trigger", "done", "total", "step", "created_at", "finished_at"]
    list_filter = ["game", "status", "trigger"]
    readonly_fields = [f.name for f in Audit._meta.fields]
    inlines = [AuditEntryInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["audit", "list", "stable_id", "name", "code"]
    list_filter = ["list", "audit__game"]
    search_fields = ["stable_id", "name", "reason"]
    list_select_related = ["audit"]


@admin.register(Proposal)
class ProposalAdmin(ReadOnlyAdmin):
    list_display = ["pk", "card", "game", "status", "submitted_by", "created_at", "reviewed_by"]
    list_filter = ["game", "status"]
    search_fields = ["card__stable_id", "card__name", "note"]
    readonly_fields = [f.name for f in Proposal._meta.fields]
    list_select_related = ["card", "submitted_by", "reviewed_by"]


@admin.register(DistinctIdentity)
class DistinctIdentityAdmin(admin.ModelAdmin):
    list_display = ["card_a", "card_b", "note", "created_by", "created_at"]
    raw_id_fields = ["card_a", "card_b"]
    readonly_fields = ["created_by", "created_at"]
    list_select_related = ["card_a", "card_b", "created_by"]

    def save_model(self, request, obj, form, change):
        if obj.card_a_id > obj.card_b_id:
            obj.card_a_id, obj.card_b_id = obj.card_b_id, obj.card_a_id
        obj.created_by = obj.created_by or request.user
        super().save_model(request, obj, form, change)


@admin.register(ImportConflict)
class ImportConflictAdmin(ReadOnlyAdmin):
    list_display = ["pk", "card", "game", "fields", "created_at", "resolution", "resolved_by"]
    list_filter = ["game", "resolution"]
    search_fields = ["card__stable_id", "card__name"]
    readonly_fields = [f.name for f in ImportConflict._meta.fields]
    list_select_related = ["card", "resolved_by"]
