"""Deck, format, card-list and collection JSON of the API.

Decks are the deck file format of FORMATS.md (:func:`decks.interchange.deck_to_dict`)
plus ``id``, ``validation`` (the validation result) and ``stale``. Writes go
through the services; the declared serializers below document the formats for
the OpenAPI schema.
"""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_serializer
from rest_framework import serializers

from cards.api.games import GameChoiceField
from common.api import FindingDoc, Text
from common.guards import INT32_MAX
from rules import registry
from rules.decks import ValidationResult

from ..interchange import deck_to_dict
from ..models import Deck, DeckFormat, Identity, NamedCardList


def validation_to_dict(deck: Deck, fresh: ValidationResult | None = None) -> dict:
    """The deck's validation result; for a stale deck, the one computed now (``fresh``), never the old one."""
    if fresh is not None:
        data = fresh.to_dict()
    else:
        data = {
            "legal": bool(deck.legal),
            "game": deck.game,
            "format": deck.format.key,
            "counts": deck.counts,
            "violations": deck.violations,
            "readyToPlay": bool(deck.ready_to_play),
            "resolved": deck.resolved or {},
            "suggestions": deck.suggestions or {},
        }
    data["stale"] = deck.stale
    data["validatedAt"] = deck.validated_at.isoformat() if deck.validated_at else None
    data["cardVersions"] = deck.card_versions
    return data


def deck_representation(deck: Deck, fresh: ValidationResult | None = None) -> dict:
    data = {"id": deck.pk, "version": deck.version, **deck_to_dict(deck)}
    data["stale"] = deck.stale
    data["validation"] = validation_to_dict(deck, fresh)
    data["createdAt"] = deck.created_at.isoformat()
    data["updatedAt"] = deck.updated_at.isoformat()
    return data


# --- documentation of the deck format (OpenAPI) -------------------------------------------
class EntryDoc(serializers.Serializer):
    card = serializers.CharField(
        help_text="A stableCardId, or a name that names exactly one card of the game."
    )
    count = serializers.IntegerField(required=False, default=1, min_value=1)


class DeckInDoc(serializers.Serializer):
    game = GameChoiceField()
    decklist = serializers.CharField(
        required=False,
        help_text="A text decklist (FORMATS.md), instead of sections: `4 Blaster Blade`, `4x Name`, "
        "`Name x4`, `4 Name (SET) 005`, `4 SET-005`, under section headers such as `Main deck:`.",
    )
    format = serializers.CharField(
        required=False, allow_null=True, help_text="Default: the game's default format."
    )
    name = serializers.CharField(required=False)
    owner = serializers.CharField(required=False, allow_null=True, help_text="A username; yours by default.")
    sections = serializers.DictField(child=EntryDoc(many=True), help_text="{section: [entries]}")

    def get_fields(self):
        # Each game's picks (darkrow activeLeader; riftbound legend, champion), as its rule set declares them.
        fields = super().get_fields()
        games: dict[str, list[str]] = {}
        for ruleset in registry:
            for pick in ruleset.deck_picks:
                games.setdefault(pick, []).append(ruleset.key)
        for pick, keys in games.items():
            fields[pick] = serializers.CharField(required=False, allow_null=True, help_text=", ".join(keys))
        return fields


@extend_schema_serializer(component_name="DeckBySections")
class DeckBySectionsDoc(DeckInDoc):
    """A deck as its sections of entries (no ``decklist``)."""

    decklist = None


@extend_schema_serializer(component_name="DeckByDecklist")
class DeckByDecklistDoc(DeckInDoc):
    """A deck as a pasted text decklist (no ``sections``); ``game`` may be its ``game:`` line."""

    game = GameChoiceField(required=False)  # default: the decklist's `game:` line
    decklist = serializers.CharField(
        help_text="A text decklist (FORMATS.md): `4 Blaster Blade`, `4x Name`, `Name x4`, "
        "`4 Name (SET) 005`, `4 SET-005`, under section headers such as `Main deck:`."
    )
    sections = None


# A deck sent whole (validate, create, replace): its sections or a decklist, never both (the
# server refuses `sections` beside `decklist`): one of the two shapes (oneOf).
DECK_IN = PolymorphicProxySerializer(
    component_name="DeckIn",
    serializers=[DeckBySectionsDoc, DeckByDecklistDoc],
    resource_type_field_name=None,
)


class ValidationDoc(serializers.Serializer):
    legal = serializers.BooleanField()
    game = serializers.CharField()
    format = serializers.CharField()
    counts = serializers.DictField(child=serializers.IntegerField())
    violations = FindingDoc(many=True)
    readyToPlay = serializers.BooleanField()
    resolved = serializers.DictField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="{section or pick: {reference as written: stableCardId of the card it plays}}, for names "
        "and printings by set and number; a name of several printings of one identity plays the printing picked.",
    )
    suggestions = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="{reference: the closest card names} for references that name no card (UNKNOWN_CARD).",
    )


class StoredValidationDoc(ValidationDoc):
    stale = serializers.BooleanField(
        help_text="A card or the format changed since the stored result: this one was computed now."
    )
    validatedAt = serializers.DateTimeField(allow_null=True)
    cardVersions = serializers.DictField(child=serializers.IntegerField())


class DeckDoc(DeckInDoc):
    id = serializers.IntegerField()
    version = serializers.IntegerField(
        help_text="Grows at each change; send it back (If-Match or version) to change or delete the deck."
    )
    stale = serializers.BooleanField()
    validation = StoredValidationDoc()
    createdAt = serializers.DateTimeField()
    updatedAt = serializers.DateTimeField()


# --- formats, card lists ----------------------------------------------------------------------
class DeckFormatSerializer(serializers.ModelSerializer):
    game = GameChoiceField()
    description = Text(required=False, allow_blank=True)
    isDefault = serializers.BooleanField(source="is_default", required=False)
    copyLimit = serializers.IntegerField(
        source="copy_limit", allow_null=True, required=False, min_value=0, max_value=INT32_MAX
    )
    identity = serializers.ChoiceField(choices=Identity.choices, required=False)
    allowedSets = serializers.JSONField(
        source="allowed_sets", required=False, help_text="Set codes; empty: every set."
    )
    sections = serializers.JSONField(
        required=False, help_text='{"main": {"exact": 40}, "leaders": {"min": 1, "max": 5}}'
    )
    banlist = serializers.JSONField(required=False, help_text="{card reference: 0 | 1 | 2}")
    exceptions = serializers.JSONField(
        required=False, help_text="{card reference: copy limit, or null for any number}"
    )
    ownedOnly = serializers.BooleanField(source="owned_only", required=False)
    updatedAt = serializers.DateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = DeckFormat
        fields = [
            "id",
            "game",
            "key",
            "name",
            "description",
            "isDefault",
            "sections",
            "copyLimit",
            "identity",
            "allowedSets",
            "banlist",
            "exceptions",
            "ownedOnly",
            "updatedAt",
        ]
        # Uniqueness of (game, key) is checked by the service's save (409/400), not twice here.
        validators = []


class CardRefField(serializers.SlugRelatedField):
    def __init__(self, **kwargs):
        super().__init__(slug_field="stable_id", **kwargs)

    def get_queryset(self):
        from cards.models import Card

        return Card.objects.all()


class NamedCardListSerializer(serializers.ModelSerializer):
    game = GameChoiceField()
    description = Text(required=False, allow_blank=True)
    cards = CardRefField(many=True, required=False, help_text="stableCardIds")
    updatedAt = serializers.DateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = NamedCardList
        fields = ["id", "game", "key", "name", "description", "provisional", "cards", "updatedAt"]

    def validate(self, attrs):
        game = attrs.get("game") or (self.instance.game if self.instance else None)
        others = [card.stable_id for card in attrs.get("cards", []) if card.game != game]
        if others:
            raise serializers.ValidationError(
                {
                    "cards": [
                        gettext("not %(game)s cards: %(cards)s") % {"game": game, "cards": ", ".join(others)}
                    ]
                }
            )
        return attrs


class CollectionEntrySerializer(serializers.Serializer):
    card = serializers.CharField(source="card.stable_id")
    game = serializers.CharField(source="card.game")
    name = serializers.CharField(source="card.name")
    count = serializers.IntegerField()
