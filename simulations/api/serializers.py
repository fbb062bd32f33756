"""The bodies of the lab's routes, for the schema (the views read them with the services' checks)."""

from __future__ import annotations

from rest_framework import serializers


class SimulationCreateDoc(serializers.Serializer):
    deck = serializers.IntegerField(min_value=1, help_text="A deck you may see: seat 1.")
    opponentDeck = serializers.IntegerField(
        min_value=1, help_text="A deck of the same game you may see: seat 2."
    )
    games = serializers.IntegerField(min_value=1, max_value=10_000, help_text="How many games the bots play.")
    seed = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**53 - 1,
        help_text="The same request with the same seed gives the same results (drawn when not given).",
    )
    policy = serializers.ChoiceField(
        choices=["random", "greedy"],
        required=False,
        help_text="random (the default): any legal move; greedy: the move the game's evaluation scores best "
        "(it plays with perfect information).",
    )


class SimulationCreatedDoc(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()


class SimulationABDoc(SimulationCreateDoc):
    card = serializers.CharField(help_text="The stableCardId of a card one of the two decks plays.")
    versions = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        min_length=2,
        max_length=2,
        required=False,
        help_text="[A, B]: two versions of the card (default: the one before the current, then the current).",
    )


class SimulationABCreatedDoc(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(), help_text="Version A's simulation, then B's."
    )
    versions = serializers.ListField(child=serializers.IntegerField())
