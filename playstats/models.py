"""What the playtests say: sums of counts per day, rebuilt from the tables' logs at any time.

A table's event log is the only source of a table game (nothing is recorded twice): these rows
are its counts (rules.playstats.contribution), summed per game, format, source (table or paper),
day and card version, so that a page sums a few hundred rows, whatever the number of games, and
``manage.py playstats --rebuild`` makes them again from the logs. :class:`CountedGame` says which
games the sums hold (a game is counted once: counting is idempotent). A paper game is the one
record of a game played off the studio; one recorded against another user's deck is a proposal that
user answers (:class:`PaperGame.Status`): it is counted once every deck's owner confirmed it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Source(models.TextChoices):
    TABLE = "table", _("Played by the rules at a table of the studio")
    PAPER = "paper", _("Played on paper, recorded afterwards")
    FREE = "free", _("Played at a free table of the studio (no rule checked)")
    SIMULATED = "simulated", _("Played by the simulation lab's bots, by the rules")


class PaperGame(models.Model):
    """A game played off the studio, as a playtester recorded it: the two decks, the winner, and
    (optionally) the cards drawn and played. The decks' card versions are frozen when recorded.

    A deck of another user than the recorder is that user's to vouch for: its seat is asked
    (:class:`PaperSeat.Answer`), and the game is a proposal, counted nowhere, until each asked
    owner confirms it (then it is counted) or one declines it (then it never is)."""

    class Status(models.TextChoices):
        COUNTED = "counted", pgettext_lazy("paper game", "Counted")
        PROPOSED = "proposed", pgettext_lazy("paper game", "Waiting for an answer")
        DECLINED = "declined", pgettext_lazy("paper game", "Declined")

    game = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.COUNTED)
    format = models.CharField(max_length=64, blank=True, default="")
    decks = models.ManyToManyField("decks.Deck", through="PaperSeat", related_name="+")
    # 1 or 2; empty: a draw.
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    turns = models.PositiveIntegerField(default=0)
    played_on = models.DateField()
    notes = models.TextField(blank=True, default="")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_on", "-id"]
        indexes = [models.Index(fields=["recorded_by", "recorded_at"], name="paper_game_recorded")]

    def __str__(self) -> str:
        return f"paper game {self.pk} ({self.game}, {self.played_on})"


class PaperSeat(models.Model):
    class Answer(models.TextChoices):
        NONE = "", pgettext_lazy("paper game seat", "Nothing to answer")  # the recorder's deck, or no owner's
        ASKED = "asked", pgettext_lazy("paper game seat", "Asked")
        CONFIRMED = "confirmed", pgettext_lazy("paper game seat", "Confirmed")
        DECLINED = "declined", pgettext_lazy("paper game seat", "Declined")

    game = models.ForeignKey(PaperGame, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    deck = models.ForeignKey("decks.Deck", null=True, on_delete=models.SET_NULL, related_name="+")
    deck_name = models.CharField(max_length=200)
    # What names the deck's side in the game's matchups, as a table's seat does (rules.playstats.matchup_label).
    label = models.CharField(max_length=200, blank=True, default="")
    # The owner of a deck that is not the recorder's answers for it (who answered: the deck's owner then).
    answer = models.CharField(max_length=16, choices=Answer.choices, blank=True, default=Answer.NONE)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    # {stableCardId: [version, copies]} when recorded; the stable ids drawn and played.
    cards = models.JSONField(default=dict)
    drawn = models.JSONField(default=list, blank=True)
    played = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="paper_seat_unique_index")]
        indexes = [models.Index(fields=["answer", "deck"], name="paper_seat_answer")]

    def __str__(self) -> str:
        return f"seat {self.index} of paper game {self.game_id}"


class CountedGame(models.Model):
    """A game whose counts the sums hold: each game once (a table, or a paper game)."""

    table = models.OneToOneField(
        "tables.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    paper = models.OneToOneField(PaperGame, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=32, db_index=True)
    counted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(table__isnull=False, paper__isnull=True)
                | models.Q(table__isnull=True, paper__isnull=False),
                name="counted_game_one_source",
            )
        ]

    def __str__(self) -> str:
        return f"counted {self.game} game (table {self.table_id}, paper {self.paper_id})"


class _Sums(models.Model):
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=64)
    source = models.CharField(max_length=10, choices=Source.choices)
    day = models.DateField()

    class Meta:
        abstract = True


class CardFigure(_Sums):
    stable_id = models.CharField(max_length=64)
    version = models.PositiveIntegerField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    seen = models.PositiveIntegerField(default=0)
    wins_seen = models.PositiveIntegerField(default=0)
    played = models.PositiveIntegerField(default=0)
    wins_played = models.PositiveIntegerField(default=0)
    opening = models.PositiveIntegerField(default=0)
    mulligans = models.PositiveIntegerField(default=0)
    first_turn_sum = models.PositiveIntegerField(default=0)
    first_turn_games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "format", "source", "day", "stable_id", "version"], name="card_figure_unique"
            )
        ]
        indexes = [models.Index(fields=["game", "stable_id"])]

    def __str__(self) -> str:
        return f"{self.stable_id} v{self.version} {self.day} ({self.source})"


class DeckFigure(_Sums):
    deck = models.CharField(max_length=64, help_text="The deck's id.")
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    turns = models.PositiveIntegerField(default=0)
    timed = models.PositiveIntegerField(default=0, help_text="The games whose length (turns) is known.")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "format", "source", "day", "deck"], name="deck_figure_unique"
            )
        ]

    def __str__(self) -> str:
        return f"deck {self.deck} {self.day} ({self.source})"


class MatchupFigure(_Sums):
    """Games of one side against another: decks (kind "deck") or the game's identities ("label")."""

    kind = models.CharField(max_length=8)
    side = models.CharField(max_length=200)
    other = models.CharField(max_length=200)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "format", "source", "day", "kind", "side", "other"],
                name="matchup_figure_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.side} against {self.other} {self.day} ({self.source})"
