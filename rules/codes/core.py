"""A finding code, and where its key finds it: the :class:`Code` type and the :data:`index`.

A :class:`Code` is everything people and tools may rely on about a code: its usual severity (and
any other it may take), whether it keeps a legal deck from being "ready to play", the audit list it
feeds, a one-line help for people, the names of the parameters a finding of that code carries
(``Finding.params``: enough to write its message again in another language from the code alone),
and its message and hint templates.

The :data:`index` knows every code by its key. The shared codes are declared into it once, by
:mod:`rules.codes` (its topic modules); a game's own codes when its rule set is registered
(:class:`rules.registry.RuleSetRegistry` adds ``RuleSet.codes``, and takes them out again when the
game is unregistered). So a lookup never imports the registry, nor a game.

Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..i18n import Plural
from ..severity import Severity

if TYPE_CHECKING:
    from ..findings import Finding
    from ..ruleset import RuleSet

# The five review lists of seed 000, in the seed's order.
BONUS_DURATION_REVIEW = "BONUS_DURATION_REVIEW"
OBJECT_BEHAVIOR_REVIEW = "OBJECT_BEHAVIOR_REVIEW"
NEEDS_REVIEW = "NEEDS_REVIEW"
NEW_MECHANIC_REQUIRED = "NEW_MECHANIC_REQUIRED"
VERSION_CONFLICTS = "VERSION_CONFLICTS"
REVIEW_LISTS = (
    BONUS_DURATION_REVIEW,
    OBJECT_BEHAVIOR_REVIEW,
    NEEDS_REVIEW,
    NEW_MECHANIC_REQUIRED,
    VERSION_CONFLICTS,
)

# What a code is about (the README groups its table by them).
CARD, EFFECT, DECK, REVIEW, INPUT = "card", "effect", "deck", "review", "input"
TOPICS = (CARD, EFFECT, DECK, REVIEW, INPUT)

ERROR, WARNING = Severity.ERROR, Severity.WARNING


@dataclass(frozen=True, slots=True)
class Code:
    """One finding code, as people and tools may rely on it."""

    key: str
    topic: str
    help: str
    severity: Severity = ERROR
    # Other severities a finding of this code may have (LEADER_CANDIDATES: a repeated candidate is a warning).
    also: tuple[Severity, ...] = ()
    # The names a finding of this code may carry in its params.
    params: tuple[str, ...] = ()
    # The audit list it feeds; None: an error feeds NEEDS_REVIEW, a warning no list.
    review_list: str | None = None
    # It never lists a card, whatever its severity (NOT_IMPLEMENTED reopens no ambiguity).
    neutral: bool = False
    # A deck with it may be legal but is not ready to play.
    blocks_ready: bool = False
    # The games that emit it; empty: any game.
    games: tuple[str, ...] = ()
    # Every code carries its message templates, marked N_ (NP_ for a plural) and written with
    # %(param)s of its params, and the templates of its hints: the only words of its findings
    # (rules.findings.error takes no message; common/finding_messages.py translates these).
    messages: tuple[str | Plural, ...] = ()
    hints: tuple[str | Plural, ...] = ()

    @property
    def severities(self) -> tuple[Severity, ...]:
        return (self.severity, *self.also)

    def list_for(self, severity: Severity) -> str | None:
        """The audit list a finding of this code and ``severity`` puts its card in."""
        if self.neutral or self.topic == INPUT:  # input is refused: nothing is stored to list
            return None
        if self.review_list is not None:
            return self.review_list
        return NEEDS_REVIEW if severity == ERROR else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.key,
            "topic": self.topic,
            "severity": str(self.severity),
            "severities": [str(s) for s in self.severities],
            "blocksReady": self.blocks_ready,
            "reviewList": self.list_for(self.severity),
            "neutral": self.neutral,
            "games": list(self.games),
            "params": list(self.params),
            "help": self.help,
        }


class CodeIndex:
    """Every code by its key: the shared ones (declared once) and each registered game's own."""

    def __init__(self) -> None:
        self._shared: dict[str, Code] = {}
        self._games: dict[str, tuple[Code, ...]] = {}
        self._own: dict[str, Code] = {}
        # The shared codes, read-only (rules.codes.CODES).
        self.shared: Mapping[str, Code] = MappingProxyType(self._shared)

    def share(self, codes: Iterable[Code]) -> None:
        """Declare codes every game may raise; a key declared twice is refused."""
        for code in codes:
            if code.key in self._shared:
                raise ValueError(f"the code {code.key} is declared twice")
            self._shared[code.key] = code

    def add(self, game: str, codes: Iterable[Code]) -> None:
        """Index the codes ``game``'s rule set declares (``RuleSet.codes``), in place of any it had."""
        self._games[game] = tuple(codes)
        self._reindex()

    def discard(self, game: str) -> None:
        """Forget ``game``'s codes (its rule set was unregistered); nothing if it had none."""
        if self._games.pop(game, None) is not None:
            self._reindex()

    def games(self) -> list[str]:
        """The games whose codes are indexed, in order."""
        return sorted(self._games)

    def get(self, key: str) -> Code | None:
        """The entry for ``key``: a shared code, or one an indexed game declares; None if nobody does."""
        found = self._shared.get(key)
        return self._own.get(key) if found is None else found

    def _reindex(self) -> None:
        # Two games declaring one key differently is rules.E015 (conflicts); the first game by key wins.
        self._own = {}
        for game in sorted(self._games):
            for code in self._games[game]:
                self._own.setdefault(code.key, code)


# The index rules.codes declares the shared codes into, and the rule-set registry the games' own.
index = CodeIndex()
CODES: Mapping[str, Code] = index.shared


def catalogue(rulesets: Iterable[RuleSet] = ()) -> dict[str, Code]:
    """Every code: the shared ones, and those the given rule sets declare (``RuleSet.codes``)."""
    codes = dict(CODES)
    for ruleset in rulesets:
        for code in getattr(ruleset, "codes", ()):
            codes.setdefault(code.key, code)
    return codes


def game_codes(ruleset: RuleSet) -> list[Code]:
    """The codes a card or deck of ``ruleset``'s game may get: the shared ones for any game, its own."""
    return [c for c in catalogue([ruleset]).values() if not c.games or ruleset.key in c.games]


def lookup(key: str) -> Code | None:
    """The entry for ``key``: a shared code, or one a registered game declares; None if nobody does."""
    return index.get(key)


def code_of(key: str, ruleset: RuleSet | None = None) -> Code | None:
    """The catalogue's entry for ``key`` (a game's own codes included), or None."""
    found = CODES.get(key)
    if found is None and ruleset is not None:
        found = next((c for c in getattr(ruleset, "codes", ()) if c.key == key), None)
    return found


def list_for(finding: Finding, ruleset: RuleSet | None = None) -> str | None:
    """The audit list ``finding`` puts its card in, or None.

    A field of the rule set may send one missing value to its own list
    (darkrow: an Object without behaviour goes to OBJECT_BEHAVIOR_REVIEW).
    """
    if finding.code == "FIELD_REQUIRED" and finding.field and ruleset is not None:
        spec = ruleset.field_spec(finding.field)
        if spec is not None and spec.review_list_when_missing:
            return spec.review_list_when_missing
    code = code_of(finding.code, ruleset)
    if code is None:
        return NEEDS_REVIEW if finding.severity == ERROR else None
    return code.list_for(finding.severity)


def blocks_ready(finding: Finding, ruleset: RuleSet | None = None) -> bool:
    code = code_of(finding.code, ruleset)
    return code is not None and code.blocks_ready


def conflicts(rulesets: Iterable[RuleSet]) -> list[str]:
    """Codes a rule set declares that clash with the catalogue or another game's (for the system checks)."""
    problems = []
    seen: dict[str, tuple[str, Code]] = {}
    for ruleset in rulesets:
        for code in getattr(ruleset, "codes", ()):
            if code.key in CODES and CODES[code.key] != code:
                problems.append(
                    f"{ruleset.key} declares {code.key}, a code of the shared catalogue, differently"
                )
            elif code.key in seen and seen[code.key][1] != code:
                problems.append(f"{ruleset.key} and {seen[code.key][0]} declare {code.key} differently")
            seen.setdefault(code.key, (ruleset.key, code))
    return problems


def markdown_table(codes: Mapping[str, Code] | None = None) -> str:
    """The table of codes of docs/codes.md (``python manage.py codes --markdown`` writes it): ``codes``
    (every code, ``catalogue(registry)``), or the shared catalogue."""
    codes = CODES if codes is None else codes
    rows = [
        "| code | about | severity | ready to play | review list | games | parameters | meaning |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for topic in TOPICS:
        for code in (c for c in codes.values() if c.topic == topic):
            lists = code.list_for(code.severity) or ("none" if code.neutral else "—")
            rows.append(
                f"| {code.key} | {code.topic} | {' / '.join(code.severities)} | "
                f"{'blocks' if code.blocks_ready else '—'} | {lists} | {', '.join(code.games) or 'all'} | "
                f"{', '.join(code.params) or '—'} | {code.help} |"
            )
    return "\n".join(rows) + "\n"
