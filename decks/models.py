"""Decks, deck formats as data, named card lists and players' collections."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.i18n import tr
from rules import registry
from rules.formats import IDENTITIES, SIDEBOARD, FormatData, SizeBound, size_bound_errors
from rules.problems import Problem, problem


def _games():
    from common.i18n import game_name

    return [(key, game_name(key)) for key in registry.keys()]


class Identity(models.TextChoices):
    STABLE_ID = "stableCardId", "stableCardId (each card on its own)"
    NAME = "name", "card name (all cards of one name together)"
    NAME_ID = "nameId", "nameId (prints and arts of one card together)"


assert set(Identity.values) == set(IDENTITIES)


class DeckFormat(models.Model):
    """A deck format of one game, as data that reviewers edit (admin, API).

    ``sections``: {section: {"exact": n} | {"min": a, "max": b}}; a section
    without bound has no size rule. ``banlist``: {card reference: copies allowed
    (0, 1 or 2)}. ``exceptions``: {card reference: copy limit, or null for any
    number}. A card reference is a stableCardId, or the card's identity (its name,
    or nameId) under this format's identity.
    """

    game = models.CharField(max_length=32, choices=_games)
    key = models.SlugField(max_length=64, help_text="How deck files name the format, e.g. standard.")
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True, default="")
    is_default = models.BooleanField(default=False, help_text="The game's format when a deck names none.")
    sections = models.JSONField(default=dict, blank=True)
    copy_limit = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: no copy limit.")
    identity = models.CharField(max_length=16, choices=Identity.choices, default=Identity.STABLE_ID)
    allowed_sets = models.JSONField(default=list, blank=True, help_text="Set codes; empty: every set.")
    banlist = models.JSONField(default=dict, blank=True)
    exceptions = models.JSONField(default=dict, blank=True)
    owned_only = models.BooleanField(default=False, help_text="Decks may only use cards their owner owns.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "key"]
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="deck_format_unique_key"),
            models.UniqueConstraint(
                fields=["game"], condition=Q(is_default=True), name="deck_format_one_default_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.key}"

    @property
    def label(self) -> str:
        """The name people read: a rule set's own format name in the reader's language
        (« Construit »), a name a reviewer gave as it was written."""
        ruleset = registry.get(self.game) if self.game in registry else None
        if ruleset is not None and any(f.name == self.name for f in ruleset.default_formats):
            return tr(self.name, self.game)
        return self.name

    def clean(self):
        errors = format_errors(
            game=self.game,
            sections=self.sections,
            banlist=self.banlist,
            exceptions=self.exceptions,
            allowed_sets=self.allowed_sets,
        )
        if errors:
            raise ValidationError({key: [str(why) for why in found] for key, found in errors.items()})

    def data(self) -> FormatData:
        """The format as the pure rules see it."""
        return FormatData(
            game=self.game,
            key=self.key,
            name=self.name,
            sections={name: SizeBound.from_dict(bound) for name, bound in (self.sections or {}).items()},
            copy_limit=self.copy_limit,
            identity=self.identity,
            allowed_sets=frozenset(self.allowed_sets) if self.allowed_sets else None,
            banlist=self.banlist or {},
            exceptions=self.exceptions or {},
            owned_only=self.owned_only,
            description=self.description,
        )


def format_errors(*, game, sections, banlist, exceptions, allowed_sets) -> dict[str, list[Problem]]:
    """Field errors of a format's data (shared by the model, the admin and the API), as problems
    that name their path."""
    errors: dict[str, list[Problem]] = {}
    if game in registry and isinstance(sections, dict):
        known = (*registry.get(game).deck_sections, SIDEBOARD)  # a format may declare a sideboard
        for section, bound in sections.items():
            if section not in known:
                errors.setdefault("sections", []).append(
                    problem(
                        "FORMAT_SECTION",
                        path="sections",
                        value=repr(section),
                        game=game,
                        expected=list(known),
                    )
                )
            errors.setdefault("sections", []).extend(size_bound_errors(section, bound))
    elif not isinstance(sections, dict):
        errors["sections"] = [problem("SIZES_SHAPE", path="sections")]
    if not isinstance(banlist, dict) or any(
        value not in (0, 1, 2) or isinstance(value, bool) for value in banlist.values()
    ):
        errors["banlist"] = [problem("BANLIST_SHAPE", path="banlist")]
    if not isinstance(exceptions, dict) or any(
        value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0)
        for value in exceptions.values()
    ):
        errors["exceptions"] = [problem("EXCEPTIONS_SHAPE", path="exceptions")]
    if not isinstance(allowed_sets, list) or not all(
        isinstance(code, str) and code.strip() for code in allowed_sets
    ):
        errors["allowed_sets"] = [problem("SET_CODES", path="allowed_sets")]
    return {key: value for key, value in errors.items() if value}


class NamedCardList(models.Model):
    """A named list of cards that reviewers keep (the duel "Cour des Damnés"), possibly provisional."""

    game = models.CharField(max_length=32, choices=_games)
    key = models.SlugField(max_length=64)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True, default="")
    provisional = models.BooleanField(default=True, help_text="The list is not settled yet.")
    cards = models.ManyToManyField("cards.Card", blank=True, related_name="named_lists")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "key"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="named_card_list_unique_key")]

    def __str__(self) -> str:
        return f"{self.name}{' (provisional)' if self.provisional else ''}"


class CardVersions(models.Model):
    """``{stableCardId: version}`` of the cards a validation run read, stored once and shared by
    every deck the run validated: a deck points at it instead of carrying its own copy (which
    was most of what a revalidation wrote, bench/README.md). Identical sets share one row."""

    digest = models.CharField(max_length=64, unique=True, help_text="sha256 of the versions, as sorted JSON.")
    versions = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "card versions"

    def __str__(self) -> str:
        return f"{len(self.versions)} card versions ({self.digest[:12]})"


class Deck(models.Model):
    """A deck: sections of entries (:class:`DeckEntry`), picks, and its latest validation result.

    The result (``legal``, ``violations``, ``counts``, ``validated_at``,
    ``validated_against``) is what the rules said when the deck was last validated.
    ``stale`` is set, in the same transaction, when a card or the format it was
    computed against changes; ``stale_generation`` grows at each such change so
    that a revalidation that read the deck before the change does not clear it.
    """

    game = models.CharField(max_length=32, choices=_games)
    format = models.ForeignKey(DeckFormat, on_delete=models.PROTECT, related_name="decks")
    name = models.CharField(max_length=200)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="decks"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The latest validation result.
    legal = models.BooleanField(null=True)
    ready_to_play = models.BooleanField(null=True)
    violations = models.JSONField(default=list, blank=True)
    counts = models.JSONField(default=dict, blank=True)
    # {section: {reference as written: stableCardId played}} for names and printings by set and number.
    resolved = models.JSONField(default=dict, blank=True)
    # {reference: closest names} for references that name no card.
    suggestions = models.JSONField(default=dict, blank=True)
    validated_at = models.DateTimeField(null=True, blank=True)
    validated_against = models.ForeignKey(
        CardVersions,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The card versions the latest validation read.",
    )
    stale = models.BooleanField(default=True)
    stale_generation = models.PositiveIntegerField(default=0)
    # Grows at every change of what the player wrote (name, format, owner, entries, picks), never
    # at a revalidation: a PUT, PATCH or DELETE of an older version is refused (412).
    version = models.PositiveIntegerField(default=1)
    # The builder page that made the latest changes, and the version its run of changes started
    # from: a change that page sends from a version of that run is its own, not a stale one
    # (its requests may cross: a count still on its way, an add meanwhile). Empty: the API, a command.
    edit_tab = models.CharField(max_length=40, blank=True, default="")
    edit_tab_from = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name", "id"]
        indexes = [
            models.Index(fields=["owner", "game"]),
            models.Index(fields=["stale"], condition=Q(stale=True), name="deck_stale_idx"),
        ]
        permissions = [
            ("view_all_decks", "Can see every player's decks"),
            ("manage_all_decks", "Can change every player's decks and give decks to others"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"

    @property
    def has_tts_code(self) -> bool:
        """Whether the deck exports as a Tabletop Simulator code line (decks.exports)."""
        from .exports import tts_exportable

        return tts_exportable(self.game)

    @property
    def card_versions(self) -> dict[str, int]:
        """``{stableCardId: version}`` of this deck's cards, as its latest validation read them.

        The cards its entries hold, and the printings it plays for names of several printings
        (the result's ``resolved`` map, as :func:`rules.decks.played_id` reads it). Reads the
        entries and ``validated_against`` (prefetch both for many decks).
        """
        if self.validated_against_id is None:
            return {}
        read = self.validated_against.versions
        held = {e.card.stable_id for e in self.entries.all() if e.card_id is not None}
        named = {sid for refs in (self.resolved or {}).values() for sid in refs.values()}
        ids = sorted(held | named)
        return {sid: read[sid] for sid in ids if sid in read}


class EntryKind(models.TextChoices):
    CARD = "CARD", _("Entry of a section")
    PICK = "PICK", _("Pick (active Leader, Legend, Chosen Champion)")


class DeckEntry(models.Model):
    """One line of a deck: the reference as written and, when it names one card, that card.

    An entry that names no card (or several) is kept with ``card`` empty: a
    validation reports it and never deletes it. Picks are entries of kind PICK
    whose ``section`` is the pick's name.
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    kind = models.CharField(max_length=8, choices=EntryKind.choices, default=EntryKind.CARD)
    section = models.CharField(max_length=64)
    position = models.PositiveIntegerField()
    ref = models.CharField(max_length=200, help_text="The stableCardId or name as written.")
    ref_key = models.CharField(
        max_length=200, editable=False, db_index=True, help_text="The reference, folded."
    )
    card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.PROTECT, related_name="deck_entries"
    )
    count = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["deck", "kind", "section", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "kind", "section", "position"], name="deck_entry_unique_position"
            ),
            models.CheckConstraint(condition=Q(count__gte=1), name="deck_entry_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.ref}"


class OwnedCard(models.Model):
    """Copies of one card a user owns (a collection has no copy limit)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_cards")
    card = models.ForeignKey("cards.Card", on_delete=models.PROTECT, related_name="owners")
    count = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "card"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "card"], name="owned_card_unique"),
            models.CheckConstraint(condition=Q(count__gte=1), name="owned_card_count_positive"),
        ]
        verbose_name = "owned card"

    def __str__(self) -> str:
        return f"{self.owner} owns {self.count} × {self.card_id}"
