"""The shapes of the play statistics' answers, for the schema (the views build plain dicts)."""

from rest_framework import serializers


class RateDoc(serializers.Serializer):
    successes = serializers.IntegerField()
    trials = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True, help_text="successes / trials; null without a trial")
    low = serializers.FloatField(help_text="the 95 % Wilson interval's lower bound")
    high = serializers.FloatField(help_text="its upper bound")
    tooFew = serializers.BooleanField(help_text="fewer than 10 trials: too few to read")


class CardRatesDoc(serializers.Serializer):
    games = serializers.IntegerField(help_text="games with the card in a deck")
    seen = serializers.IntegerField(help_text="games where it was drawn or seen")
    played = serializers.IntegerField(help_text="games where it was played")
    playRate = RateDoc()
    seenRate = RateDoc()
    winInDeck = RateDoc()
    winSeen = RateDoc()
    winPlayed = RateDoc()
    mulliganRate = RateDoc()
    averageFirstTurn = serializers.FloatField(allow_null=True)


class RankedCardDoc(CardRatesDoc):
    stableCardId = serializers.CharField()
    name = serializers.CharField()


class RankingDoc(serializers.Serializer):
    game = serializers.CharField()
    cards = RankedCardDoc(many=True)


class VersionRatesDoc(CardRatesDoc):
    version = serializers.IntegerField()


class CardFiguresDoc(serializers.Serializer):
    card = serializers.CharField()
    all = CardRatesDoc()
    versions = VersionRatesDoc(many=True)


class MatchupDoc(serializers.Serializer):
    other = serializers.CharField(
        help_text="the other deck's id; 'other': the decks you may not open, together (no name)"
    )
    name = serializers.CharField(allow_null=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    winRate = RateDoc()


class DeckRecordDoc(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    winRate = RateDoc()
    averageTurns = serializers.FloatField(allow_null=True)
    matchups = MatchupDoc(many=True)


class GridDoc(serializers.Serializer):
    sides = serializers.ListField(
        child=serializers.CharField(),
        help_text="kind=deck: the ids of the decks you may open, and 'other' for all the others together",
    )
    names = serializers.DictField(
        child=serializers.CharField(), required=False, help_text="kind=deck: each side's deck name"
    )
    cells = serializers.DictField(
        child=serializers.DictField(child=RateDoc()),
        help_text="side -> other side -> the side's win rate against it",
    )


class ProposalSeatDoc(serializers.Serializer):
    index = serializers.IntegerField(help_text="1 or 2")
    deck = serializers.IntegerField(allow_null=True, help_text="the deck's id (null: deleted since)")
    deckName = serializers.CharField()
    owner = serializers.CharField(allow_null=True)
    answer = serializers.ChoiceField(
        choices=["", "asked", "confirmed", "declined"],
        help_text="'': nothing to answer (the recorder's deck); asked: waits for its owner",
    )


class ProposalDoc(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=["counted", "proposed", "declined"])
    playedOn = serializers.DateField()
    winner = serializers.IntegerField(allow_null=True, help_text="1 or 2; null: a draw")
    turns = serializers.IntegerField()
    notes = serializers.CharField()
    recordedBy = serializers.CharField(allow_null=True)
    recordedAt = serializers.DateTimeField()
    seats = ProposalSeatDoc(many=True)


class ProposalsDoc(serializers.Serializer):
    asked = ProposalDoc(many=True, help_text="games recorded against your decks, waiting for your answer")
    sent = ProposalDoc(
        many=True, help_text="games you recorded against another user's deck: waiting, or declined (last 100)"
    )
