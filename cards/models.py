"""Cards and their append-only history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.constraints import one_of
from common.history import AppendOnlyError, AppendOnlyModel  # noqa: F401 (AppendOnlyError: re-exported)
from rules import get_ruleset
from rules.text import search_fold


class Status(models.TextChoices):
    DRAFT = "DRAFT", _("Draft")
    NEEDS_REVIEW = "NEEDS_REVIEW", _("Needs review")
    VALIDATED = "VALIDATED", _("Validated")
    DISABLED = "DISABLED", _("Disabled")


class Origin(models.TextChoices):
    USER = "USER", _("User")
    AI = "AI", _("AI")


class CreationMethod(models.TextChoices):
    IMPORTED = "IMPORTED", _("Imported")
    MANUAL = "MANUAL", _("Manual")
    AI_GENERATED = "AI_GENERATED", _("AI generated")


DERIVED_FIELDS = ("search_text", "search_name", "search_body", "archetype_index", "search_translated")
# Batches of a bulk write (cards, revisions, translations): a few hundred rows an INSERT/UPDATE keeps
# statements small on both databases.
BULK_BATCH = 500


def translated_lines(names: list[str] | tuple[str, ...]) -> str:
    """The searchable form of a card's translated names (``Card.search_translated``): each name's
    :func:`rules.text.search_fold` form on a line of its own, the whole framed by line feeds, so that
    a name term is a substring (`` шаг``) and an exact name a whole line (``\\n шаг назад \\n``)."""
    lines = [line for line in (search_fold(name) for name in names) if line]
    return "\n" + "\n".join(lines) + "\n" if lines else ""


def derived_columns(
    game: str, name: str, text: str, set_code: str, archetypes: list | None, translated_names: str = ""
) -> dict[str, str]:
    """The search columns of a card with this content (:func:`rules.text.search_fold` forms);
    ``translated_names``: its current translations' names, one a line (searched as its words too)."""
    search_name, search_body = search_fold(name), search_fold(text)
    # Parts on their own lines: a phrase never runs from one into the next.
    parts = [
        search_name,
        search_body,
        search_fold(set_code),
        *(search_fold(a) for a in archetypes or []),
        *(search_fold(n) for n in translated_names.splitlines()),
    ]
    keys = get_ruleset(game).archetype_keys(archetypes or [])
    return {
        "search_text": "\n".join(p for p in parts if p),
        "search_name": search_name,
        "search_body": search_body,
        "archetype_index": "|" + "|".join(keys) + "|" if keys else "",
        "search_translated": translated_lines(translated_names.splitlines()),
    }


class Card(models.Model):
    """One card of one game.

    ``stable_id`` is given once and never changes, whatever else is edited.
    ``game_fields`` holds the fields its game's rule set declares; ``effects``
    the declarative effects (data, not code). ``version`` grows with every
    change and guards concurrent edits. ``search_text`` (name, text, set and
    archetypes), ``search_name``, ``search_body`` (the text) and
    ``archetype_index`` are derived on save for accent-insensitive search and
    archetype filters (see :mod:`cards.search`).
    """

    stable_id = models.CharField("stableCardId", max_length=64, unique=True, editable=False)
    game = models.CharField(max_length=32)
    name = models.CharField(max_length=200)
    type = models.CharField(max_length=32)
    set_code = models.CharField("set", max_length=64, blank=True, default="")
    text = models.TextField(blank=True, default="")
    archetypes = models.JSONField(default=list, blank=True, help_text="Printed labels, as printed.")
    game_fields = models.JSONField(default=dict, blank=True)
    effects = models.JSONField(default=list, blank=True)
    origin = models.CharField(max_length=8, choices=Origin.choices, default=Origin.USER)
    creation_method = models.CharField(
        max_length=16, choices=CreationMethod.choices, default=CreationMethod.MANUAL
    )
    user_modified = models.BooleanField(default=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The latest revision written while the card was VALIDATED: the reference of review diffs
    # (None: never VALIDATED). Kept by cards.services.card_save_change.
    last_validated_revision = models.ForeignKey(
        "CardRevision", null=True, blank=True, editable=False, on_delete=models.SET_NULL, related_name="+"
    )
    # The language its printed texts are written in; "": its rule set's ``language``.
    source_language = models.CharField(max_length=8, blank=True, default="")
    # The names of its current translations (VALIDATED, not STALE), one a line: kept by
    # cards.translations, part of search_text so that a search finds a card by them.
    translated_names = models.TextField(editable=False, default="")
    # The languages of those translations, "|en|ru|" (what lang: reads, cards.search), kept with them.
    translated_languages = models.CharField(max_length=200, editable=False, default="")
    # Derived on save (refresh_derived), searched through trigram indexes (cards.search).
    search_text = models.TextField(editable=False, default="")
    search_name = models.TextField(editable=False, default="")
    search_body = models.TextField(editable=False, default="")
    archetype_index = models.TextField(editable=False, default="")
    # Its current translations' names in searchable form (:func:`translated_lines`): what the
    # query language's name terms and ``cites:`` read besides ``search_name`` (cards.search).
    search_translated = models.TextField(editable=False, default="")

    class Meta:
        ordering = ["game", "name", "stable_id"]
        indexes = [
            models.Index(fields=["game", "status"]),
            models.Index(fields=["game", "type"]),
            models.Index(fields=["game", "name"]),
            models.Index(fields=["search_name", "stable_id"], name="card_search_name_order"),
        ]
        constraints = [
            models.CheckConstraint(condition=one_of("status", Status), name="card_status_valid"),
            models.CheckConstraint(condition=one_of("origin", Origin), name="card_origin_valid"),
            models.CheckConstraint(
                condition=one_of("creation_method", CreationMethod), name="card_creation_method_valid"
            ),
            models.CheckConstraint(condition=~Q(stable_id=""), name="card_stable_id_not_empty"),
            models.CheckConstraint(condition=~Q(name=""), name="card_name_not_empty"),
            models.CheckConstraint(condition=Q(version__gte=1), name="card_version_positive"),
        ]
        permissions = [
            ("review_card", "Can make review transitions (validate, disable, send back)"),
            ("view_unvalidated_card", "Can see cards that are not VALIDATED"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.stable_id})"

    @property
    def ruleset(self):
        return get_ruleset(self.game)

    @property
    def language(self) -> str:
        """The language of its printed texts: its own, else its rule set's."""
        return self.source_language or self.ruleset.language

    def archetype_keys(self) -> list[str]:
        return self.ruleset.archetype_keys(self.archetypes or [])

    def forget_translations(self) -> None:
        """Its translations fell behind its source (STALE): their names and languages are no
        longer searched (saved with the card's write, which refreshes its search columns)."""
        self.translated_names = ""
        self.translated_languages = ""

    def refresh_derived(self) -> None:
        """Recompute the search columns from the card's content (every write path calls this)."""
        for attr, value in derived_columns(
            self.game, self.name, self.text, self.set_code, self.archetypes, self.translated_names
        ).items():
            setattr(self, attr, value)

    def save(self, *args, **kwargs):  # noqa: DJ012
        self.refresh_derived()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, *DERIVED_FIELDS, "updated_at"}
        super().save(*args, **kwargs)


class RevisionAction(models.TextChoices):
    CREATE = "CREATE", _("Created")
    UPDATE = "UPDATE", _("Edited")
    IMPORT = "IMPORT", _("Imported")
    STATUS = "STATUS", _("Status changed")
    REVERT = "REVERT", _("Reverted")


class CardRevision(AppendOnlyModel):
    """One change of a card: who, when, what (each changed field before and after).

    Revisions are append-only: they are never edited nor deleted. ``snapshot``
    is the whole card after the change, in the interchange format, so that any
    two revisions can be compared and a card can be reverted to one.
    """

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="revisions")
    version = models.PositiveIntegerField()
    action = models.CharField(max_length=16, choices=RevisionAction.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    note = models.TextField(blank=True, default="")
    changes = models.JSONField(default=dict, help_text="{field: {before, after}}")
    snapshot = models.JSONField(default=dict)

    class Meta:
        ordering = ["card", "version"]
        constraints = [
            models.UniqueConstraint(fields=["card", "version"], name="card_revision_unique_version"),
            models.CheckConstraint(
                condition=one_of("action", RevisionAction), name="card_revision_action_valid"
            ),
        ]
        indexes = [models.Index(fields=["card", "-version"])]

    def __str__(self) -> str:
        return f"{self.card_id} v{self.version} {self.action}"

    @property
    def status_after(self) -> str | None:
        return self.snapshot.get("status")


class ConflictResolution(models.TextChoices):
    KEPT_USER = "KEPT_USER", _("Kept the user's version")
    TOOK_IMPORTED = "TOOK_IMPORTED", _("Took the imported version")
    SUPERSEDED = "SUPERSEDED", _("Superseded by a later import")


class ImportConflict(models.Model):
    """A re-import that would have overwritten a card a user had changed since.

    The import kept the user's version; both versions are kept here (in the
    interchange format) until a reviewer resolves the conflict. Unresolved
    conflicts are listed in VERSION_CONFLICTS by the review audits.
    """

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="import_conflicts")
    game = models.CharField(max_length=32)
    imported = models.JSONField(help_text="The card as the file had it.")
    kept = models.JSONField(help_text="The user's version, kept by the import.")
    card_version = models.PositiveIntegerField(help_text="The card's version when the conflict was found.")
    fields = models.JSONField(default=list, help_text="The keys on which the two versions differ.")
    created_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolution = models.CharField(max_length=16, choices=ConflictResolution.choices, blank=True, default="")
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolution_note = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["game", "resolution"]), models.Index(fields=["card", "resolution"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(resolution="") | one_of("resolution", ConflictResolution),
                name="import_conflict_resolution_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"import conflict #{self.pk} on {self.card_id}"

    @property
    def is_open(self) -> bool:
        return not self.resolution


class TranslationStatus(models.TextChoices):
    """A translation is reviewed like a card (without DISABLED: a translation is withdrawn by
    sending it back to DRAFT)."""

    DRAFT = "DRAFT", _("Draft")
    NEEDS_REVIEW = "NEEDS_REVIEW", _("Needs review")
    VALIDATED = "VALIDATED", _("Validated")


class CardTranslation(models.Model):
    """The printed texts of a card in one language: name, text, flavour, printed labels
    (archetypes) and the texts of its structured effects (``effect_texts``: effect id -> text).

    Structured data (stats, the effects' structure) is never translated nor copied here.
    ``source_version`` is the card version it translates; ``stale`` turns true, in the
    transaction that changes the card's source text, and false again only when a person saves
    the translation (cards.translations). Each save and status move appends a
    :class:`CardTranslationRevision` to the card's history.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(max_length=8)
    name = models.CharField(max_length=200)
    text = models.TextField(blank=True, default="")
    flavour = models.TextField(blank=True, default="")
    archetypes = models.JSONField(default=list, blank=True)
    effect_texts = models.JSONField(default=dict, blank=True)
    source_version = models.PositiveIntegerField()
    status = models.CharField(
        max_length=16, choices=TranslationStatus.choices, default=TranslationStatus.DRAFT
    )
    stale = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)
    search_name = models.TextField(editable=False, default="")
    # The text's searchable form (rules.text.search_fold): what ``cites:`` reads in a translation.
    search_body = models.TextField(editable=False, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_by_name = models.CharField(max_length=150, blank=True, default="")

    class Meta:
        ordering = ["card", "language"]
        constraints = [
            models.UniqueConstraint(fields=["card", "language"], name="card_translation_one_per_language"),
            models.CheckConstraint(
                condition=one_of("status", TranslationStatus), name="card_translation_status_valid"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="card_translation_name_not_empty"),
        ]
        indexes = [
            models.Index(fields=["status", "stale"], name="card_translation_review"),
            models.Index(fields=["language", "search_name"], name="card_translation_name"),
        ]

    def __str__(self) -> str:
        return f"{self.card_id} [{self.language}] {self.name}"

    @property
    def is_current(self) -> bool:
        """Shown to playtesters and printed: VALIDATED and not behind its source."""
        return self.status == TranslationStatus.VALIDATED and not self.stale

    def refresh_derived(self) -> None:
        """Its searchable forms, from its name and text (each save; a bulk_create calls it first)."""
        self.search_name = search_fold(self.name)
        self.search_body = search_fold(self.text)

    def save(self, *args, **kwargs):  # noqa: DJ012
        self.refresh_derived()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_name", "search_body", "updated_at"}
        super().save(*args, **kwargs)


class TranslationAction(models.TextChoices):
    SAVE = "SAVE", _("Translated")
    IMPORT = "IMPORT", _("Imported")
    STATUS = "STATUS", _("Status changed")


class CardTranslationRevision(AppendOnlyModel):
    """One change of a card's translation, in the card's append-only history: who, when, the
    card version it translates, its status and the whole translation after the change."""

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="translation_revisions")
    language = models.CharField(max_length=8)
    version = models.PositiveIntegerField(help_text="The translation's version.")
    source_version = models.PositiveIntegerField(help_text="The card version it translates.")
    action = models.CharField(max_length=16, choices=TranslationAction.choices)
    status = models.CharField(max_length=16, choices=TranslationStatus.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    note = models.TextField(blank=True, default="")
    snapshot = models.JSONField(default=dict)

    class Meta:
        ordering = ["card", "language", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "language", "version"], name="card_translation_revision_unique_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card_id} [{self.language}] v{self.version} {self.action}"


class ImportJobState(models.TextChoices):
    QUEUED = "QUEUED", _("Queued")
    RUNNING = "RUNNING", _("Running")
    DONE = "DONE", _("Done")
    FAILED = "FAILED", _("Failed")


class CardSetImportJob(models.Model):
    """A card-set import too large for a request (more than ``CARDSETS_SYNC_MAX_ROWS`` rows): the
    uploaded file is kept and a task imports it, all or nothing, as a request would; its progress,
    then its report (or every error), are read by polling (cards.imports_jobs)."""

    file = models.FileField(max_length=255)
    name = models.CharField(max_length=255, blank=True, default="", help_text="The uploaded file's name.")
    game = models.CharField(max_length=32, blank=True, default="", help_text="The game given with the file.")
    state = models.CharField(max_length=8, choices=ImportJobState.choices, default=ImportJobState.QUEUED)
    total = models.PositiveIntegerField(default=0, help_text="Rows (cards) in the file.")
    done = models.PositiveIntegerField(default=0, help_text="Cards checked so far.")
    report = models.JSONField(null=True, blank=True, help_text="The import's report, once DONE.")
    # A FAILED import's answer, as the request would have given it: its status and every error.
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    errors = models.JSONField(default=list, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The broker could not take the job: the sweep sends it again.
    enqueue_failed_at = models.DateTimeField(null=True, blank=True)
    # Written while a worker imports (common.heartbeat); none for WORK_STALE_AFTER: the sweep takes it up.
    heartbeat_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=one_of("state", ImportJobState), name="cardset_import_job_state_valid"
            )
        ]

    def __str__(self) -> str:
        return f"import job {self.pk} ({self.name}): {self.state} {self.done}/{self.total}"

    @property
    def percent(self) -> int:
        if self.state == ImportJobState.DONE:
            return 100
        return min(99, int(100 * self.done / self.total)) if self.total else 0
