"""Documentation of the corrections API (OpenAPI); reading and writing go through selectors and services."""

from rest_framework import serializers


class CorrectionCreateDoc(serializers.Serializer):
    effectId = serializers.CharField(help_text="The id of the card's effect to correct.")
    change = serializers.ListField(
        child=serializers.DictField(),
        help_text="JSON Patch operations inside the effect (add, replace, remove), e.g. "
        '[{"op": "add", "path": "/limit", "value": {"per": "turn", "scope": "player", '
        '"key": ["player", "turn", "effectId"], "sharedByCopies": true}}].',
    )
    why = serializers.CharField(help_text="Why the imported data is wrong: the ruling and its source.")


class CorrectionWithdrawDoc(serializers.Serializer):
    why = serializers.CharField(help_text="Why the correction no longer applies.")


class CorrectionDoc(serializers.Serializer):
    id = serializers.IntegerField(
        allow_null=True, help_text="null for a correction the game's rules state (canonical)"
    )
    ref = serializers.CharField()
    canonical = serializers.BooleanField()
    effectId = serializers.CharField(allow_null=True)
    change = serializers.ListField(child=serializers.DictField())
    why = serializers.CharField()
    by = serializers.CharField()
    at = serializers.DateTimeField(allow_null=True)
    outcome = serializers.ChoiceField(
        choices=["APPLIED", "CONFLICT", "INVALID", "ORPHANED", "NO_MATCH", "AMBIGUOUS", "WITHDRAWN"]
    )
    reason = serializers.CharField()
