"""Card JSON of the API: the interchange format of FORMATS.md plus what the studio keeps.

Reading is :func:`cards.interchange.card_to_dict`; writing goes through the
services, which parse the same format with one parser. The declared fields
below document the format for the OpenAPI schema.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api import FindingDoc, Text
from rules import registry
from rules.fields import FieldSpec, Kind

from ..interchange import ARCHETYPE_MAX_LENGTH, ARCHETYPES_MAX, TEXT_MAX_LENGTH, card_to_dict
from ..models import CreationMethod, Origin, Status
from ..services import card_findings
from .games import GameChoiceField


def game_fields_help() -> dict[str, str]:
    """Per field name, what each game accepts in it."""
    help: dict[str, list[str]] = {}
    for ruleset in registry:
        for spec in ruleset.fields:
            types = "" if spec.types is None else f" ({', '.join(sorted(spec.types))})"
            help.setdefault(spec.name, []).append(f"{ruleset.key}{types}: {spec.describe()}")
    return {name: "; ".join(parts) for name, parts in help.items()}


class CardSerializer(serializers.BaseSerializer):
    def __init__(self, *args, with_findings: bool = False, **kwargs):
        self.with_findings = with_findings
        super().__init__(*args, **kwargs)

    def to_representation(self, card):
        data = card_to_dict(card)
        data["game"] = card.game
        data["version"] = card.version
        data["archetypeKeys"] = card.archetype_keys()
        data["createdAt"] = card.created_at.isoformat() if card.created_at else None
        data["updatedAt"] = card.updated_at.isoformat() if card.updated_at else None
        if self.with_findings:
            data["findings"] = [f.to_dict() for f in card_findings(card)]
        return data


# --- documentation of the format (OpenAPI) --------------------------------------------
def _value_schema(spec: FieldSpec) -> dict:
    """The OpenAPI 3.0 schema of one game field's values (null aside)."""
    match spec.kind:
        case Kind.INT:
            schema: dict = {"type": "integer"}
            if spec.minimum is not None:
                schema["minimum"] = spec.minimum
            if spec.maximum is not None:
                schema["maximum"] = spec.maximum
            return schema
        case Kind.BOOL:
            return {"type": "boolean"}
        case Kind.ENUM:
            return {"type": "string", "enum": list(spec.choices)}
        case Kind.ENUM_LIST:
            return {"type": "array", "items": {"type": "string", "enum": list(spec.choices)}}
        case Kind.STR_LIST:
            return {"type": "array", "items": {"type": "string"}}
    return {"type": "string"}


def game_field_schemas() -> dict[str, dict]:
    """Per field name, its schema across the games that have it (``oneOf`` when they differ)."""
    variants: dict[str, list[dict]] = {}
    for ruleset in registry:
        for spec in ruleset.fields:
            schema = _value_schema(spec)
            if schema not in variants.setdefault(spec.name, []):
                variants[spec.name].append(schema)
    help = game_fields_help()
    return {
        name: {
            **(options[0] if len(options) == 1 else {"oneOf": options}),
            "nullable": True,
            "description": help[name],
        }
        for name, options in variants.items()
    }


def _game_field_docs() -> dict[str, serializers.Field]:
    fields = {}
    for name, schema in game_field_schemas().items():
        doc_field = extend_schema_field(schema)(type(f"GameFieldDoc_{name}", (serializers.JSONField,), {}))
        fields[name] = doc_field(required=False, allow_null=True)
    return fields


class ErrorDoc(serializers.Serializer):
    """An error answer: ``detail`` for people; for bad input, a list of messages per field and every finding
    (a 400 of a parameter's or a field's check may give only the messages per field)."""

    detail = serializers.CharField(required=False)
    errors = FindingDoc(many=True, required=False)
    currentVersion = serializers.IntegerField(required=False, help_text="412 only: the card's version now.")


class GameFieldSpecDoc(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.CharField()
    accepts = serializers.CharField()
    types = serializers.ListField(child=serializers.CharField())
    requiredFor = serializers.ListField(child=serializers.CharField())
    choices = serializers.ListField(child=serializers.CharField())
    choiceLabels = serializers.DictField(
        child=serializers.CharField(), help_text="Each choice's label, in the reader's language."
    )
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    help = serializers.CharField()


class GameDoc(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    language = serializers.CharField()
    cardTypes = serializers.ListField(child=serializers.CharField())
    cardTypeLabels = serializers.DictField(
        child=serializers.CharField(), help_text="Each card type's label, in the reader's language."
    )
    defaultFormat = serializers.CharField()
    setRequired = serializers.BooleanField()
    fields = GameFieldSpecDoc(many=True)
    archetypeAliases = serializers.DictField(child=serializers.CharField())
    codes = serializers.ListField(
        child=serializers.CharField(), help_text="Finding codes of this game (GET /api/codes/)."
    )


class CodeDoc(serializers.Serializer):
    code = serializers.CharField()
    topic = serializers.ChoiceField(choices=["card", "effect", "deck", "review", "input"])
    severity = serializers.ChoiceField(choices=["error", "warning"], help_text="The usual one.")
    severities = serializers.ListField(child=serializers.CharField(), help_text="Every severity it may have.")
    blocksReady = serializers.BooleanField(help_text="A legal deck with it is not ready to play.")
    reviewList = serializers.CharField(allow_null=True, help_text="The audit list it feeds.")
    neutral = serializers.BooleanField(help_text="It never lists a card.")
    games = serializers.ListField(child=serializers.CharField(), help_text="Empty: any game.")
    params = serializers.ListField(
        child=serializers.CharField(), help_text="Names a finding's params may hold."
    )
    help = serializers.CharField()


class _CardCommonDoc(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    type = serializers.CharField(help_text="A card type of the game's rule set (GET /api/games/).")
    set = serializers.CharField(required=False, allow_blank=True, max_length=64)
    text = serializers.CharField(required=False, allow_blank=True, max_length=TEXT_MAX_LENGTH)
    archetypes = serializers.ListField(
        child=serializers.CharField(max_length=ARCHETYPE_MAX_LENGTH),
        required=False,
        max_length=ARCHETYPES_MAX,
        help_text="Printed labels, as printed.",
    )
    effects = serializers.ListField(
        child=serializers.DictField(), required=False, help_text="Structured effects."
    )

    def get_fields(self):
        fields = super().get_fields()
        fields.update(_game_field_docs())
        return fields


class CardCreateDoc(_CardCommonDoc):
    game = GameChoiceField()
    stableCardId = serializers.RegexField(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", required=False)
    origin = serializers.ChoiceField(choices=Origin.values, required=False)
    creationMethod = serializers.ChoiceField(choices=CreationMethod.values, required=False)
    userModified = serializers.BooleanField(required=False)
    status = serializers.ChoiceField(
        choices=Status.values, required=False, help_text="DRAFT by default; AI proposals always start DRAFT."
    )


class CardPatchDoc(_CardCommonDoc):
    version = serializers.IntegerField(
        required=False, help_text="The version you read; a stale one answers 412."
    )

    def get_fields(self):
        fields = super().get_fields()
        for field in fields.values():
            field.required = False
        return fields


class CardDoc(_CardCommonDoc):
    stableCardId = serializers.CharField()
    game = serializers.CharField()
    origin = serializers.ChoiceField(choices=Origin.values)
    creationMethod = serializers.ChoiceField(choices=CreationMethod.values)
    userModified = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Status.values)
    version = serializers.IntegerField()
    archetypeKeys = serializers.ListField(child=serializers.CharField())
    createdAt = serializers.DateTimeField()
    updatedAt = serializers.DateTimeField()
    findings = FindingDoc(
        many=True, required=False, help_text="The rule set's findings (one card's routes only)."
    )


class StatusChangeSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Status.values)
    note = Text(required=False, allow_blank=True, default="", max_length=5000)
    version = serializers.IntegerField(
        required=False, min_value=1, help_text="Refuse (412) if the card moved on since."
    )


class RevisionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    action = serializers.CharField()
    author = serializers.CharField(source="author_name")
    createdAt = serializers.DateTimeField(source="created_at")
    note = serializers.CharField()
    changes = serializers.DictField()
    snapshot = serializers.DictField()
