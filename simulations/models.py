"""The simulation lab (issue 44): N games of a deck against another, played by bots by the rules.

A :class:`Simulation` freezes both decks at the versions of the moment (as a table's seats do), its
seed and the bots' policy; each :class:`SimulatedGame` is stored compactly (its seed and the bots'
moves are enough to replay it) and counted once in the play statistics as ``source: simulated``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Simulation(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulations")
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=64, blank=True)
    deck = models.ForeignKey("decks.Deck", null=True, on_delete=models.SET_NULL, related_name="+")
    opponent_deck = models.ForeignKey("decks.Deck", null=True, on_delete=models.SET_NULL, related_name="+")
    deck_name = models.CharField(max_length=200)
    opponent_name = models.CharField(max_length=200)
    # Both decks frozen when asked (tables.snapshot's form): a card edited later changes nothing here.
    cards = models.JSONField()
    opponent_cards = models.JSONField()
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    policy = models.CharField(max_length=16)
    perfect_information = models.BooleanField(default=False)
    rules_version = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    # An A/B run: two simulations of one matchup, seed and policy, the second's decks frozen with
    # another version of one card (``variant_card`` at ``variant_version`` in each).
    pair = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    variant_card = models.CharField(max_length=64, blank=True)
    variant_version = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"simulation {self.pk}: {self.deck_name} v {self.opponent_name} x{self.games}"


class SimulatedGame(models.Model):
    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="played")
    index = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    # 1 or 2 (the simulation's deck is seat 1), None: a draw or unfinished (``reason`` "" then).
    winner = models.PositiveSmallIntegerField(null=True)
    reason = models.CharField(max_length=32, blank=True)
    turns = models.PositiveIntegerField(default=0)
    first = models.PositiveSmallIntegerField(null=True)
    # The bots' moves: [[seat, kind, payload], ...] (the seq is the position).
    events = models.JSONField()
    counted = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["simulation", "index"], name="simulated_game_once")]
        ordering = ["simulation", "index"]

    def __str__(self) -> str:
        return f"game {self.index} of simulation {self.simulation_id}"
