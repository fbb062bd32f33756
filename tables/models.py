"""A playtest table: two seats with their frozen decks, and an append-only log of events.

The state of a game is never stored: it is :func:`rules.tables.replay_table` of the table's
seed, its seats' frozen decks (:attr:`Seat.cards`) and its events, so that any point of a game
can be replayed and a card edited later changes nothing at the table. ``Table.seq``, ``status``
and the result are a cache of that state, kept by the services in the transaction of each event.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy


def _games():
    from common.i18n import game_name
    from rules import registry

    return [(r.key, game_name(r)) for r in registry]


MODE_CHOICES = [
    ("rules", pgettext_lazy("table mode", "Rules")),
    ("free", pgettext_lazy("table mode", "Free")),
]


# A seat a bot plays (solo play: rules.tables.bots' policies), by its policy; "" for a person.
BOT_CHOICES = [
    ("random", pgettext_lazy("table bot", "Bot (random)")),
    ("greedy", pgettext_lazy("table bot", "Bot (greedy)")),
]


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", pgettext_lazy("table status", "Waiting for a second player")
        SETUP = "setup", pgettext_lazy("table status", "Setup")
        PLAYING = "playing", pgettext_lazy("table status", "Playing")
        FINISHED = "finished", pgettext_lazy("table status", "Finished")

    game = models.CharField(max_length=32, choices=_games)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    seed = models.BigIntegerField(help_text="The table's seed: with the decks and events, the whole game.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Spectators (whoever may watch tables: every role, tables.view_table) may watch its public zones.
    public = models.BooleanField(default=False)
    # Both seats are the creator's.
    hot_seat = models.BooleanField(default=False)
    # The invitation: a link carries the token; or a user of the studio is invited by name.
    invite_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # False: the creator revoked the link (its token is no longer the table's); re-issuing it opens a new one.
    invite_open = models.BooleanField(default=True)
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The result (1 or 2; empty: none, or a draw) and why ("CONCEDED", "DAMAGE", "RECORDED"...).
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    result_reason = models.CharField(max_length=32, blank=True, default="")
    # The seq of the last event (0: the dealt setup).
    seq = models.PositiveIntegerField(default=0)
    # "rules": only the game's declared moves, each checked (rules.tables.moves); "free": the sandbox.
    mode = models.CharField(max_length=8, choices=MODE_CHOICES, default="free")
    # The rules the table was dealt under (RuleSet.rules_version): a replay under others is refused.
    rules_version = models.CharField(max_length=64, default="free-1")
    # The game's turn timer (RuleSet.table_timer) runs: on at a table of two users in rules mode, off
    # at a hot seat unless asked for at creation; an empty bank loses (tables.services.table_clock_check).
    timer = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "public"])]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.game}, {self.status})"


class Seat(models.Model):
    """One seat of a table (1 or 2), with the deck as it was when the player sat down."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(help_text="1 or 2.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_seats"
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="table_seats"
    )
    deck_name = models.CharField(max_length=200)
    # A bot plays this seat (its policy; no user): tables.services.table_bot_play, by the task
    # tables.bot_play, through the checks, log and announce of a person's move.
    bot = models.CharField(max_length=16, choices=BOT_CHOICES, blank=True, default="")
    # The deck's verdict when the player sat down: {"legal", "readyToPlay", "violations"}.
    verdict = models.JSONField(default=dict)
    # The frozen deck (tables.snapshot): every copy with its section, the picks, each card's
    # stableCardId and version and its data as the table was dealt from it.
    cards = models.JSONField()
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="table_seat_unique_index"),
            models.CheckConstraint(condition=models.Q(index__in=(1, 2)), name="table_seat_index_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"


class TableEvent(models.Model):
    """One accepted event of a table, never changed nor deleted (the table's replay reads them)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    # The seat that played it, 1 or 2 (as in the API; the engine counts from 0).
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=32)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="table_event_unique_seq")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.seq} of table {self.table_id}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("a table's events are append-only")
        super().save(*args, **kwargs)
