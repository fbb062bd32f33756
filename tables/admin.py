"""Playtest tables in the Django admin: read only (a game is written by its players' events)."""

from __future__ import annotations

from django.contrib import admin

from .models import Seat, Table, TableEvent


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ["index", "user", "bot", "deck", "deck_name", "verdict", "joined_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class EventInline(admin.TabularInline):
    model = TableEvent
    fields = ["seq", "seat", "kind", "payload", "by", "created_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    max_num = 0

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "status", "seq", "created_by", "hot_seat", "public", "created_at"]
    list_filter = ["game", "status", "public", "hot_seat"]
    list_select_related = ["created_by"]
    readonly_fields = [
        "game",
        "status",
        "seed",
        "created_by",
        "hot_seat",
        "invited",
        "created_at",
        "started_at",
        "finished_at",
        "winner",
        "result_reason",
        "seq",
    ]
    fields = ["public", *readonly_fields]
    inlines = [SeatInline, EventInline]

    def has_add_permission(self, request):
        return False
