"""JSON of the review API: inputs are checked here, writes go through the services."""

from __future__ import annotations

from django.utils.translation import gettext
from rest_framework import serializers

from cards.api.games import GameChoiceField
from cards.api.serializers import CardSerializer
from cards.diff import card_diff
from cards.models import Status
from common.api import Text
from rules.audit import REVIEW_LISTS

from ..selectors import proposal_live_diff
from ..services import MAX_BULK_CARDS


def _iso(value):
    return value.isoformat() if value else None


# --- queue and transitions -----------------------------------------------------------------
class ReviewItemSerializer(serializers.BaseSerializer):
    """One card of the review queue: the card, its review lists, open proposals, allowed moves and its diff."""

    def to_representation(self, item):
        return {
            "card": CardSerializer(item["card"], with_findings=True).data,
            "lists": item["lists"],
            "openProposals": item["openProposals"],
            "allowedStatuses": item["allowedStatuses"],
            "diff": item["diff"],
        }


class BulkTransitionSerializer(serializers.Serializer):
    cards = serializers.ListField(
        child=serializers.CharField(max_length=64),
        min_length=1,
        max_length=MAX_BULK_CARDS,
        help_text="stableCardIds",
    )
    status = serializers.ChoiceField(choices=Status.values)
    note = Text(required=False, allow_blank=True, default="", max_length=5000)


class RevertSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1, help_text="The revision whose content the card gets back."
    )
    note = Text(required=False, allow_blank=True, default="", max_length=5000)


# --- audits ------------------------------------------------------------------------------------
class AuditStartSerializer(serializers.Serializer):
    game = GameChoiceField()


class AuditSerializer(serializers.BaseSerializer):
    def to_representation(self, audit):
        return {
            "id": audit.pk,
            "game": audit.game,
            "status": audit.status,
            "trigger": audit.trigger,
            "requestedBy": audit.requested_by.get_username() if audit.requested_by_id else None,
            "createdAt": _iso(audit.created_at),
            "startedAt": _iso(audit.started_at),
            "finishedAt": _iso(audit.finished_at),
            "progress": {"done": audit.done, "total": audit.total, "step": audit.step},
            "ranOn": audit.ran_on,
            "lists": audit.list_counts or None,
            "counts": audit.counts or None,
            "error": audit.error,
        }


class AuditEntrySerializer(serializers.BaseSerializer):
    def to_representation(self, entry):
        return {
            "list": entry.list,
            "stableCardId": entry.stable_id,
            "name": entry.name,
            "code": entry.code,
            # In the reader's language (Accept-Language, else the user's preference); code and params never change.
            "reason": entry.message,
            "params": entry.params or {},
            "field": entry.field or None,
        }


class AuditEntryFilterSerializer(serializers.Serializer):
    list = serializers.ChoiceField(choices=REVIEW_LISTS, required=False)


# --- proposals --------------------------------------------------------------------------------
class ProposalCreateSerializer(serializers.Serializer):
    """Either a new card (``game`` and ``card``) or a change to a card (``stableCardId`` and ``changes``)."""

    game = GameChoiceField(required=False)
    card = serializers.DictField(required=False, help_text="A proposed new card, in the interchange format.")
    stableCardId = serializers.CharField(
        required=False, max_length=64, help_text="The card the change is for."
    )
    changes = serializers.DictField(required=False, help_text="The proposed values (interchange keys).")
    note = Text(required=False, allow_blank=True, default="", max_length=5000)

    def validate(self, data):
        new = "card" in data
        change = "stableCardId" in data or "changes" in data
        if new == change:
            raise serializers.ValidationError(
                gettext(
                    "give either game and card (a proposed new card) or stableCardId and changes (a proposed change)"
                )
            )
        if new and "game" not in data:
            raise serializers.ValidationError({"game": gettext("a proposed new card needs its game")})
        if change and not ("stableCardId" in data and "changes" in data):
            raise serializers.ValidationError(
                {"changes": gettext("a proposed change needs stableCardId and changes")}
            )
        return data


class ProposalSerializer(serializers.BaseSerializer):
    def __init__(self, *args, detail: bool = False, **kwargs):
        self.detail = detail
        super().__init__(*args, **kwargs)

    def to_representation(self, proposal):
        data = {
            "id": proposal.pk,
            "kind": "CHANGE",
            "stableCardId": proposal.card.stable_id,
            "name": proposal.card.name,
            "game": proposal.game,
            "origin": proposal.origin,
            "creationMethod": proposal.creation_method,
            "status": proposal.status,
            "changes": proposal.changes,
            "note": proposal.note,
            "baseVersion": proposal.base_version,
            "cardVersion": proposal.card.version,
            "cardMovedOn": proposal.card.version != proposal.base_version,
            "diff": proposal.diff,
            "submittedBy": proposal.submitted_by.get_username() if proposal.submitted_by_id else None,
            "createdAt": _iso(proposal.created_at),
            "reviewedBy": proposal.reviewed_by.get_username() if proposal.reviewed_by_id else None,
            "reviewedAt": _iso(proposal.reviewed_at),
            "reviewNote": proposal.review_note,
            "appliedVersion": proposal.applied_version,
        }
        if self.detail and proposal.status == "DRAFT":
            data["currentDiff"] = proposal_live_diff(proposal=proposal)
        return data


class DecisionSerializer(serializers.Serializer):
    note = Text(required=False, allow_blank=True, default="", max_length=5000)
    version = serializers.IntegerField(
        required=False, min_value=1, help_text="The card version you reviewed (412 if stale)."
    )


# --- import conflicts and identities --------------------------------------------------------------
class ImportConflictSerializer(serializers.BaseSerializer):
    def to_representation(self, conflict):
        return {
            "id": conflict.pk,
            "stableCardId": conflict.card.stable_id,
            "name": conflict.card.name,
            "game": conflict.game,
            "open": conflict.is_open,
            "fields": conflict.fields,
            "cardVersion": conflict.card_version,
            "kept": conflict.kept,
            "imported": conflict.imported,
            "diff": card_diff(conflict.kept, conflict.imported),
            "createdAt": _iso(conflict.created_at),
            "resolution": conflict.resolution or None,
            "resolvedAt": _iso(conflict.resolved_at),
            "resolvedBy": conflict.resolved_by.get_username() if conflict.resolved_by_id else None,
            "resolutionNote": conflict.resolution_note,
        }


class ResolveSerializer(serializers.Serializer):
    keep = serializers.ChoiceField(choices=["USER", "IMPORTED"], help_text="USER keeps the studio's version.")
    note = Text(required=False, allow_blank=True, default="", max_length=5000)


class DistinctIdentitySerializer(serializers.Serializer):
    cards = serializers.ListField(child=serializers.CharField(max_length=64), min_length=2, max_length=2)
    note = Text(required=False, allow_blank=True, default="", max_length=5000)

    def to_representation(self, decision):
        return {
            "id": decision.pk,
            "cards": [decision.card_a.stable_id, decision.card_b.stable_id],
            "game": decision.card_a.game,
            "note": decision.note,
            "createdBy": decision.created_by.get_username() if decision.created_by_id else None,
            "createdAt": _iso(decision.created_at),
        }
