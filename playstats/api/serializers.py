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
    other = serializers.CharField(help_text="the other deck's id")
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
    sides = serializers.ListField(child=serializers.CharField())
    cells = serializers.DictField(
        child=serializers.DictField(child=RateDoc()),
        help_text="side -> other side -> the side's win rate against it",
    )
