"""The base of every game's rule set.

A game module subclasses :class:`RuleSet`, declares its card types, fields,
archetype aliases and card-level checks as class attributes, and registers an
instance with :func:`rules.registry.register`. Everything here is pure: plain
values in, every finding out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import CardData
from .codes import Code, game_codes
from .decks import DeckCheck, DeckData, ValidationResult, validate_deck
from .declarations import DeclarationProblem, declaration_problems
from .draws import DrawSetup, unstated_setup
from .effects.consistency import consistency_findings
from .effects.schema import build_schema, compile_schema
from .effects.shape import effect_errors
from .effects.vocabulary import EffectVocabulary
from .fields import FieldSpec
from .findings import HINT, Finding, error
from .formats import FormatData
from .i18n import N_
from .pool import CardPool
from .problems import problem
from .text import canonical_key, key_words

if TYPE_CHECKING:
    from .corrections import CanonicalCorrection
    from .tables.clock import TurnTimer
    from .tables.moves import GameMoves
    from .tables.spec import TableSpec
    from .translations import GlossaryTerm

CardCheck = Callable[[CardData], Iterable[Finding]]


class RuleSet:
    key: ClassVar[str]
    # Its name in English, marked N_: the pages show it in the reader's language (common.i18n.game_name).
    name: ClassVar[str]
    language: ClassVar[str] = "fr"
    # The seed file its rules come from (the seeds win over anything else); "": none.
    seed: ClassVar[str] = ""
    card_types: ClassVar[tuple[str, ...]]
    fields: ClassVar[tuple[FieldSpec, ...]] = ()
    # How the pages name each card type and each value of an enum field (field -> value -> label),
    # in English, marked N_ (rules.i18n) or NC_(key, ...) when a word is the game's own (duel's
    # SPELL is a « Magie », riftbound's a « Sort »). Unlabelled keys read as words (NORMAL_UNIT: "Normal unit").
    type_labels: ClassVar[Mapping[str, str]] = {}
    value_labels: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # Explicit alias decisions: canonical key of a printed label -> canonical key it resolves to.
    archetype_aliases: ClassVar[Mapping[str, str]] = {}
    # Card-level checks beyond the field declarations; each returns every finding it has.
    card_checks: ClassVar[tuple[CardCheck, ...]] = ()
    id_prefix: ClassVar[str]
    default_format: ClassVar[str]
    # Whether a card of this game must name its set.
    set_required: ClassVar[bool] = False
    # What the game's structured effects may say (rules.effects); None: no effect may be stored.
    effect_vocabulary: ClassVar[EffectVocabulary | None] = None
    # The game's terms as its team writes them in each language (rules.translations): a card
    # translation that renders one otherwise is a TRANSLATION_GLOSSARY warning.
    glossary: ClassVar[tuple[GlossaryTerm, ...]] = ()
    # Declarative corrections the game's rules state, applied on top of imported cards (rules.corrections).
    canonical_corrections: ClassVar[tuple[CanonicalCorrection, ...]] = ()

    # --- codes and audits (rules.codes, rules.audit) ------------------------------------------------
    # Finding codes of the game's own checks, with their templates (rules/games/<game>/codes.py); the
    # shared catalogue (rules.codes.ENTRIES) holds only those every game may raise.
    codes: ClassVar[tuple[Code, ...]] = ()
    # Counts the game's source fixes, reported by audits next to the actual ones,
    # e.g. {"identities": 72, "artwork": {"HD": 72}}.
    expected_counts: ClassVar[Mapping[str, Any]] = {}

    # --- decks (see rules.decks) ----------------------------------------------------------
    deck_sections: ClassVar[tuple[str, ...]] = ("main",)
    # Single-card picks beside the sections (darkrow: activeLeader; riftbound: legend, champion).
    deck_picks: ClassVar[tuple[str, ...]] = ()
    # Sections the format's copy limit counts.
    copy_limit_sections: ClassVar[tuple[str, ...]] = ("main",)
    # References that name no card but something of the game (darkrow: INDICE).
    reserved_refs: ClassVar[Mapping[str, str]] = {}
    # The game's own deck checks, run after the common ones; each returns every finding it has.
    deck_checks: ClassVar[tuple[DeckCheck, ...]] = ()
    # The formats the studio starts with: stored after each migrate when missing (decks.defaults), never
    # overwritten there, so reviewers edit them freely. The one named default_format is the default.
    default_formats: ClassVar[tuple[FormatData, ...]] = ()

    # --- the deck builder's pages: where cards go, statistics, test draws ----------------------
    # Card type -> the section (or pick) a card of that type is added to; other types go to the first section.
    deck_home: ClassVar[Mapping[str, str]] = {}
    # Pick -> (section, card types or None): the deck's cards the builder offers for that pick.
    deck_pick_choices: ClassVar[Mapping[str, tuple[str, frozenset[str] | None]]] = {}
    # The numeric field of the deck's curve (cost, energy, grade, level), and the fields counted in statistics.
    curve_field: ClassVar[str | None] = None
    breakdown_fields: ClassVar[tuple[str, ...]] = ()
    # The game's setup for test draws (rules.draws); None: the game states none (see :meth:`draws`).
    draw_setup: ClassVar[DrawSetup | None] = None
    # How the pages name each section and pick, and what a pick is (shown next to it).
    deck_labels: ClassVar[Mapping[str, str]] = {"main": N_("Main deck")}
    deck_help: ClassVar[Mapping[str, str]] = {}
    # Other headers players write for a section or pick in a text decklist ("Rune:", "Candidates:"), in
    # any case and spacing; a section's or pick's own name and English label are always understood.
    deck_aliases: ClassVar[Mapping[str, str]] = {}

    # --- the studio around the rules ------------------------------------------------------------
    # The game's hue on the pages (CSS custom property --game on [data-game=key]); None: the studio's.
    hue: ClassVar[str | None] = None
    # The demo card set that `loaddemo` imports (a file name in cards/demo/); None: no demo cards.
    demo_card_set: ClassVar[str | None] = None
    # Card keys (interchange format) that no deck rule of the game reads: editing them leaves verdicts alone.
    verdict_neutral_keys: ClassVar[frozenset[str]] = frozenset(
        {"text", "archetypes", "effects", "origin", "creationMethod", "userModified"}
    )

    # --- the playtest table (rules.tables): zones, counters, setup and turn from the seed -------------
    # None: a plain table (deck, hand, discard and a shared play area).
    table: ClassVar[TableSpec | None] = None
    # The game's own table moves (rules.tables.moves.GameMoves, declared in rules/games/<game>/moves.py);
    # None: the free table only.
    table_moves: ClassVar[GameMoves | None] = None
    # A bot's evaluation of a state for a seat (rules.tables.bots' greedy policy: damage, Life, points,
    # material, cards; higher is better), declared in rules/games/<game>/evaluation.py; None: the
    # greedy bot plays at random.
    bot_evaluate: ClassVar[Any] = None  # a staticmethod (state, seat) -> float
    # What the table moves read of a card (rules.tables.coverage.EngineReads: stats, keywords, the
    # effects executed), declared beside them in rules/games/<game>/moves.py; None: no rules mode.
    engine_reads: ClassVar[Any] = None
    # The game's turn timer (rules.tables.clock.TurnTimer: seconds a turn, the bank beyond them; an
    # empty bank loses), kept by the server at its tables of two users; None: no timer.
    table_timer: ClassVar[TurnTimer | None] = None
    # What names a deck's side in the play statistics' matchups beside the deck itself: a pick (the
    # Legend, the active Leader) or the most frequent value of a field of its cards (a clan); None: none.
    matchup_pick: ClassVar[str | None] = None
    matchup_field: ClassVar[str | None] = None

    def table_mode(self, mode: str | None = None) -> str:
        """The mode of a new table: ``mode`` when given, else "rules" where the game has a rules mode."""
        if mode is not None:
            return mode
        return "rules" if self.table_moves is not None and self.table_moves.rules else "free"

    def has_rules_mode(self) -> bool:
        return self.table_moves is not None and self.table_moves.rules

    def rules_version(self, mode: str) -> str:
        """The rules version a table of this mode records (``rulesVersion``): the game's moves' in
        rules mode; in free mode the free table's (the shared kinds and the games' free moves:
        rules.tables.moves.FREE_VERSION)."""
        from .tables.moves import FREE_VERSION, RULES

        if mode == RULES and self.table_moves is not None:
            return self.table_moves.version
        return FREE_VERSION

    def table_spec(self) -> TableSpec:
        """The game's playtest table: its own, else a plain one."""
        if self.table is not None:
            return self.table
        from .tables.spec import plain_table

        return plain_table()

    # --- card faces (rules.face_template; drawn by faces.render) ------------------------------
    # The default face template of the game's cards (JSON data); None: a plain one built from the fields.
    face_template: ClassVar[Mapping[str, Any] | None] = None

    def face_template_data(self) -> Mapping[str, Any]:
        """The game's default face template: its own, else a plain one from its fields."""
        if self.face_template is not None:
            return self.face_template
        from .face_layouts import generic_template

        return generic_template(self.key, self.name, self.field_names(), self.card_types)

    def pick_fits(self, pick: str, card: CardData, picked: Mapping[str, Any]) -> bool:
        """Whether ``card`` may be ``pick`` beside the cards already ``picked`` ({pick: card}), when a
        list without headers is placed by card type (rules.placement): any card of the pick's types."""
        return True

    def section_for(self, card_type: str) -> str:
        """Where the builder adds a card of ``card_type``: a section or a pick."""
        return self.deck_home.get(card_type, self.deck_sections[0])

    @property
    def has_ready_verdict(self) -> bool:
        """Whether a legal deck of the game may still not be ready to play (the pages show a second verdict).

        Its own codes that block "ready to play" (darkrow's ACTIVE_LEADER), or a default format of owned
        cards only (vanguard's classic: OWNERSHIP_NOT_CHECKED).
        """
        own = any(c.blocks_ready and (self.key in c.games or c in self.codes) for c in game_codes(self))
        return own or any(fmt.owned_only for fmt in self.default_formats)

    def label_of(self, name: str) -> str:
        """How the pages name a section or a pick of this game."""
        return self.deck_labels.get(name) or name

    def type_label(self, card_type: str) -> str:
        """How the pages name a card type of this game (in English; the web layer translates it)."""
        return self.type_labels.get(card_type) or key_words(card_type)

    def field_label(self, name: str) -> str:
        """How the pages name a field of this game's cards (its declared label, else its key)."""
        spec = self.field_spec(name)
        return (spec.label if spec is not None else "") or name

    def value_label(self, field: str, value: str) -> str:
        """How the pages name one value of an enum field (CONSUMABLE: "Consumable")."""
        return self.value_labels.get(field, {}).get(value) or key_words(value)

    def draws(self) -> DrawSetup:
        """The setup test draws follow: the declared one, or, when the game states none, the cards the user chooses."""
        return self.draw_setup or unstated_setup(self.deck_sections[0])

    def default_format_data(self) -> FormatData:
        for fmt in self.default_formats:
            if fmt.key == self.default_format:
                return fmt
        return FormatData(game=self.key, key=self.default_format)

    def declaration_problems(self) -> list[DeclarationProblem]:
        """What the rule set declares inconsistently (a home that is no section, an unknown default format...)."""
        return declaration_problems(self)

    # --- declarations -------------------------------------------------------------------
    def field_names(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.fields)

    def field_spec(self, name: str) -> FieldSpec | None:
        for spec in self.fields:
            if spec.name == name:
                return spec
        return None

    def archetype_key(self, label: str) -> str:
        key = canonical_key(label)
        return self.archetype_aliases.get(key, key)

    def archetype_keys(self, labels: Iterable[str]) -> list[str]:
        keys: list[str] = []
        for label in labels:
            key = self.archetype_key(label)
            if key and key not in keys:
                keys.append(key)
        return keys

    # --- shape: what can never be stored ----------------------------------------------------
    def clean_fields(
        self, card_type: Any, name: str, values: Mapping[str, Any], *, card_ref: str | None = None
    ) -> tuple[dict[str, Any], list[Finding]]:
        """Game fields ready to store, or the errors that forbid storing them.

        Coerces the accepted spellings, checks the shape, then fills defaults.
        """
        values = self.coerce_fields(dict(values))
        errors = self.shape_errors(card_type, values, card_ref=card_ref)
        if errors:
            return {}, errors
        return self.normalize_fields(card_type, name, values), []

    def coerce_fields(self, values: dict[str, Any]) -> dict[str, Any]:
        """Accepted alternative spellings of values, turned into the stored form."""
        return values

    def shape_errors(
        self, card_type: Any, values: Mapping[str, Any], *, card_ref: str | None = None
    ) -> list[Finding]:
        """Errors that make a card impossible to store: unknown type, unknown key, wrong kind of value."""
        findings: list[Finding] = []
        if card_type not in self.card_types:
            findings.append(
                error(
                    "CARD_TYPE",
                    card=card_ref,
                    field="type",
                    params={"value": card_type, "game": self.key, "expected": list(self.card_types)},
                    hint=HINT,
                )
            )
        for name, value in values.items():
            spec = self.field_spec(name)
            if spec is None:
                findings.append(
                    error(
                        "FIELD_UNKNOWN",
                        card=card_ref,
                        field=name,
                        params={
                            "field": name or '""',
                            "game": self.key,
                            "expected": list(self.field_names()),
                        },
                        hint=HINT if self.field_names() else N_("remove it"),
                    )
                )
                continue
            why = spec.shape_error(value)
            if why:
                findings.append(
                    error(
                        "FIELD_TYPE",
                        card=card_ref,
                        field=name,
                        params={"field": name, "accepts": spec.describe(), **why.params()},
                        hint=HINT,
                    )
                )
        return findings

    def normalize_fields(self, card_type: str, name: str, values: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared field of the game, with the defaults the rule set fills in.

        Called on shape-valid values only. Fields absent from ``values`` are None.
        """
        return {spec.name: values.get(spec.name) for spec in self.fields}

    # --- content: what a reviewer must look at ---------------------------------------------
    def check_card(self, card: CardData) -> list[Finding]:
        """Every card-level finding of ``card``: field content, then the game's own checks."""
        findings: list[Finding] = []
        if not card.name or not card.name.strip():
            findings.append(
                error(
                    "NAME_REQUIRED",
                    card=card.ref,
                    field="name",
                    params={"card": card.ref},
                    hint=N_("give the card its printed name"),
                )
            )
        if self.set_required and not card.set:
            findings.append(
                error(
                    "FIELD_REQUIRED",
                    card=card.ref,
                    field="set",
                    params={"field": "set", "game": self.key},
                    hint=N_("give the set code printed on the card, e.g. TD01"),
                )
            )
        if card.type not in self.card_types:
            findings.append(
                error(
                    "CARD_TYPE",
                    card=card.ref,
                    field="type",
                    params={"value": card.type, "game": self.key, "expected": list(self.card_types)},
                    hint=HINT,
                )
            )
            return findings
        for spec in self.fields:
            findings.extend(spec.content_findings(card.type, card.get(spec.name), card.ref))
        for check in self.card_checks:
            findings.extend(check(card))
        findings.extend(self.effect_findings(card))
        return findings

    # --- effects: data, not code (rules.effects) ---------------------------------------------
    @cached_property
    def effect_schema(self) -> dict:
        """The JSON Schema (Draft 2020-12) of a card's ``effects`` list in this game."""
        vocabulary = self.effect_vocabulary
        if vocabulary is None:
            return {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": f"{self.name} effects",
                "description": f"{self.key} declares no effect vocabulary: cards have no structured effects",
                "type": "array",
                "maxItems": 0,
            }
        return build_schema(vocabulary, game=self.key, title=f"{self.name} effects")

    @cached_property
    def _effect_validator(self):
        return compile_schema(self.effect_schema)

    def effect_errors(self, effects: Any, *, card_ref: str | None = None) -> list[Finding]:
        """Every shape error of a card's effects, each naming its JSON path: they block a save."""
        if self.effect_vocabulary is None:
            if effects in ([], None):
                return []
            return [
                error(
                    "EFFECT_SCHEMA",
                    card=card_ref,
                    field="effects",
                    params={"path": "effects", **problem("NO_EFFECTS", game=self.key).params()},
                    hint=N_("send []"),
                )
            ]
        return effect_errors(self._effect_validator, self.effect_vocabulary, effects, card_ref=card_ref)

    def effect_findings(self, card: CardData) -> list[Finding]:
        """Shape errors of stored effects, else where their text and structure disagree."""
        if not card.effects:
            return []
        shape = self.effect_errors(list(card.effects), card_ref=card.ref)
        if shape or self.effect_vocabulary is None:
            return shape
        return consistency_findings(card, self.effect_vocabulary)

    def validate_deck(
        self,
        deck: DeckData,
        cards: CardPool | Iterable[CardData],
        fmt: FormatData,
        collection: Mapping[str, int] | None = None,
    ) -> ValidationResult:
        """Every violation of ``deck`` in ``fmt``: the common checks, then :attr:`deck_checks`."""
        return validate_deck(self, deck, cards, fmt, collection)

    def __repr__(self) -> str:
        return f"<RuleSet {self.key}>"
