"""The bodies of the table routes, for the schema (the views read them with the services' checks)."""

from __future__ import annotations

from rest_framework import serializers


class TableCreateDoc(serializers.Serializer):
    deck = serializers.IntegerField(help_text="One of your decks: seat 1.")
    opponentDeck = serializers.IntegerField(
        required=False, help_text="Another of your decks of the same game: you play both seats (hot seat)."
    )
    seed = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="A hot seat's seed (drawn by the server if not given; refused at a table of two users).",
    )
    public = serializers.BooleanField(required=False, help_text="Spectators may watch its public zones.")
    invite = serializers.CharField(required=False, help_text="The username of the player you invite.")
    mode = serializers.ChoiceField(
        choices=["rules", "free"],
        required=False,
        help_text="rules: only the moves the game's rules allow (the default where the game declares them); "
        "free: the sandbox.",
    )
    bot = serializers.ChoiceField(
        choices=["random", "greedy"],
        required=False,
        help_text="Solo play: a bot of this policy takes seat 2 with opponentDeck (any deck you may see), "
        "in rules mode; it plays its moves as a player's are played, seeing only what its seat may see.",
    )
    timer = serializers.BooleanField(
        required=False,
        help_text="The game's turn timer (vanguard: 90 s a turn and a 5-minute bank; an empty bank loses): "
        "on by default at a table of two users in rules mode, off at a hot seat unless asked for.",
    )


class TableJoinDoc(serializers.Serializer):
    deck = serializers.IntegerField(help_text="One of your decks of the table's game: seat 2.")
    token = serializers.CharField(required=False, help_text="The invitation link's token.")


class TableEventInDoc(serializers.Serializer):
    kind = serializers.CharField(
        help_text="mulligan, first, choose, draw, move, tap, untapAll, flip, reveal, ..."
    )
    expectedSeq = serializers.IntegerField(
        help_text="The seq of the table you played from (409 if it moved on)."
    )
    seat = serializers.IntegerField(required=False, help_text="1 or 2: the seat that plays (a hot seat).")


class TableCreatedDoc(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    seq = serializers.IntegerField()
    mode = serializers.CharField()
    rulesVersion = serializers.CharField()


class TablePlayedDoc(serializers.Serializer):
    """A move's answer: what the mover's page shows next, without asking again."""

    seq = serializers.IntegerField(help_text="The table's seq: the move's.")
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="The move as you may read it (as GET events/?since= gives it): one event.",
    )
    view = serializers.DictField(help_text="Your new view of the table (as GET /api/tables/{id}/ gives it).")
    intents = serializers.DictField(
        allow_null=True,
        help_text="In rules mode, the intents of the seat you act for now (as GET intents/ gives them, "
        "its default seat); null in free mode.",
    )


class InvitationDoc(serializers.Serializer):
    id = serializers.IntegerField()
    inviteToken = serializers.CharField(
        allow_null=True, help_text="The link's new token; null: the link is revoked."
    )
