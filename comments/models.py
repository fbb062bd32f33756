"""Comment threads on a card (the whole card, one field, a region of its face, one translation's
field), a deck, or an event of a finished table's log, and the notifications they and the cards'
status moves send.

A thread is its first comment (``parent`` None); its replies point at it. A comment records the
card version it was written on, so that a thread written before an edit says so. Who may read a
comment is who may read its card or deck (selectors.py); a notification is shown only while its
recipient may still read what it names. A comment on a table's event is read by who may see the
table and sees that event at least as its author saw it (comments/table_threads.py): it never
reveals a card hidden from its reader.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.constraints import one_of

BODY_MAX = 5000


class Comment(models.Model):
    card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="comments"
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="comments"
    )
    # A finished table, and the event of its log the thread is about (its seq).
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="comments"
    )
    event_seq = models.PositiveIntegerField(null=True, blank=True)
    # The seats the author held at the table ("1", "2", "12" at a hot seat, "" a spectator): what they
    # saw of the event, which a reader must see too (comments/table_threads.py).
    seats = models.CharField(max_length=2, blank=True, default="")
    # The region of the card's face the thread is about (the id of a region of its game's face
    # template, faces/); "": not a place on the face.
    region = models.CharField(max_length=64, blank=True, default="")
    # The card's field (an interchange key) the thread is about; "": the whole card.
    field = models.CharField(max_length=64, blank=True, default="")
    # The translation the thread is about (its field); "": the card in its own language.
    language = models.CharField(max_length=8, blank=True, default="")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="replies"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    body = models.TextField(max_length=BODY_MAX)
    card_version = models.PositiveIntegerField(null=True, blank=True)
    resolved = models.BooleanField(default=False)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    # Whether the author wrote the first thread as a reviewer: an open one holds the card's validation.
    by_reviewer = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    # A deleted comment with replies keeps its place in the thread, without its words.
    deleted = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [
            models.Index(fields=["card", "parent", "resolved"], name="comment_card_open"),
            models.Index(fields=["deck", "parent"], name="comment_deck_threads"),
            models.Index(fields=["table", "event_seq"], name="comment_table_event"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(Q(card__isnull=False) & Q(deck__isnull=True) & Q(table__isnull=True))
                | (Q(card__isnull=True) & Q(deck__isnull=False) & Q(table__isnull=True))
                | (Q(card__isnull=True) & Q(deck__isnull=True) & Q(table__isnull=False)),
                name="comment_on_card_deck_or_table",
            ),
            models.CheckConstraint(
                condition=Q(table__isnull=True) | Q(event_seq__isnull=False),
                name="comment_table_names_its_event",
            ),
        ]

    def __str__(self) -> str:
        return f"comment {self.pk} on {self.card_id or self.deck_id or self.table_id}"

    @property
    def thread_id(self) -> int:
        return self.parent_id or self.pk


class Kind(models.TextChoices):
    MENTION = "mention", _("Mentions of me")
    REPLY = "reply", _("Replies to my threads")
    STATUS = "status", _("Status changes of my cards")
    WATCH = "watch", _("Changes of what I watch")
    VERSION = "version", _("New versions of the cards in my decks")
    TABLE = "table", _("Finished games at my tables")
    PAPER = "paper", _("Paper games waiting for my confirmation")


class Notification(models.Model):
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    card = models.ForeignKey("cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    comment = models.ForeignKey(Comment, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    activity = models.ForeignKey(
        "Activity", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # A finished game at the recipient's table; a paper game waiting for their answer.
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    paper = models.ForeignKey(
        "playstats.PaperGame", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # A status move: the status reached (kept, as the card moves on).
    status = models.CharField(max_length=16, blank=True, default="")
    # A new version of a card: the version reached (the latest one while the notice is unread).
    version = models.PositiveIntegerField(null=True, blank=True)
    read = models.BooleanField(default=False)
    emailed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["recipient", "read", "-created_at"], name="notification_inbox")]
        constraints = [models.CheckConstraint(condition=one_of("kind", Kind), name="notification_kind_valid")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.recipient_id}"


class EmailChoice(models.Model):
    """Which kinds of notification a user also receives by email (every kind unless turned off), and
    whether in one email a day (``digest``) rather than one email a notification."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    mention = models.BooleanField(_("mentions of me"), default=True)
    reply = models.BooleanField(_("replies to my threads"), default=True)
    status = models.BooleanField(_("status changes of my cards"), default=True)
    watch = models.BooleanField(_("changes of what I watch"), default=True)
    version = models.BooleanField(_("new versions of the cards in my decks"), default=True)
    table = models.BooleanField(_("finished games at my tables"), default=True)
    paper = models.BooleanField(_("paper games waiting for my confirmation"), default=True)
    digest = models.BooleanField(_("one email a day of my unread notifications"), default=False)

    def __str__(self) -> str:
        return f"emails of {self.user_id}"

    def wants(self, kind: str) -> bool:
        return kind in Kind.values and bool(getattr(self, kind, False))


class Happening(models.TextChoices):
    EDIT = "edit", _("Edits")
    STATUS = "status", _("Status moves")
    TRANSLATION = "translation", _("Translations")
    COMMENT = "comment", _("Comments")


class Activity(models.Model):
    """One line of the change feed (/activity/): who changed what and when. Written by the
    receivers of the card's revisions and translations' revisions and of a deck's changes (a run of
    changes of one person is one line, activity.deck_edited), and by comment_create."""

    kind = models.CharField(max_length=16, choices=Happening.choices)
    game = models.CharField(max_length=32, blank=True, default="")
    card = models.ForeignKey("cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    comment = models.ForeignKey(Comment, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    version = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=16, blank=True, default="")
    language = models.CharField(max_length=8, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]
        indexes = [
            models.Index(fields=["game", "-id"], name="activity_game"),
            models.Index(fields=["card", "-id"], name="activity_card"),
            models.Index(fields=["deck", "-id"], name="activity_deck"),
            models.Index(fields=["kind", "-id"], name="activity_kind"),
        ]
        constraints = [
            models.CheckConstraint(condition=one_of("kind", Happening), name="activity_kind_valid")
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.card_id or self.deck_id}"


class Watch(models.Model):
    """A user watches a card, a deck or a whole game: its changes reach their inbox (kind ``watch``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    card = models.ForeignKey("cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=32, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "card"], condition=Q(card__isnull=False), name="watch_card_once"
            ),
            models.UniqueConstraint(
                fields=["user", "deck"], condition=Q(deck__isnull=False), name="watch_deck_once"
            ),
            models.UniqueConstraint(fields=["user", "game"], condition=~Q(game=""), name="watch_game_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} watches {self.card_id or self.deck_id or self.game}"


class Presence(models.Model):
    """Who has a card's editor open (seen at each of its beats) and when they last typed there."""

    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField()
    typing_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "user"], name="presence_once")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.card_id}"


class CardLock(models.Model):
    """A designer's explicit lock on a card (as Wagtail's LockableMixin): others see it and may not
    save an edit while it holds; a reviewer may take it over."""

    card = models.OneToOneField("cards.Card", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    taken_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.card_id} locked by {self.user_id}"
