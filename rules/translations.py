"""Card translations, the pure part: what of a card is translated, when a translation falls
behind its source, and a game's glossary checks.

A translation holds the printed texts of a card in one language: its name, text, flavour
(when the card has one), printed labels (archetypes) and the texts of its structured effects
(by effect id). Structured data (stats, the effects' structure) is never translated.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .findings import Finding, warning
from .text import fold

# The studio's languages a translation may be written in (the interface's languages).
LANGUAGES = ("en", "fr", "ru")
TRANSLATED_KEYS = ("name", "text", "flavour", "archetypes", "effects")
# A game field holding a card's flavour text, when its rule set declares one.
FLAVOUR_FIELD = "flavour"


def source_texts(card: Mapping[str, Any]) -> dict[str, Any]:
    """The printed texts of ``card`` (its interchange form): what its translations translate.

    ``effects`` maps each effect id to its text (effects without a text are left out).
    """
    effects = {}
    for effect in card.get("effects") or []:
        if isinstance(effect, Mapping) and effect.get("effectId") and effect.get("text"):
            effects[str(effect["effectId"])] = str(effect["text"])
    return {
        "name": card.get("name") or "",
        "text": card.get("text") or "",
        "flavour": card.get(FLAVOUR_FIELD) or "",
        "archetypes": list(card.get("archetypes") or []),
        "effects": effects,
    }


def source_changed(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    """Whether a change from ``before`` to ``after`` (interchange forms) changes a printed text:
    then every translation of the card falls behind (STALE). A new card ({}) has none."""
    return bool(before) and source_texts(before) != source_texts(after)


def stale_finding(*, card: str, language: str, source_version: int, version: int) -> Finding:
    return warning(
        "TRANSLATION_STALE",
        card=card,
        params={"card": card, "language": language, "sourceVersion": source_version, "version": version},
    )


# --- glossary ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GlossaryTerm:
    """One term of a game, as its team writes it in each language.

    ``forms`` gives, per language, the expected rendering first and then other accepted forms
    (inflections); a form matches where a word starts with it, accent- and case-insensitively.
    """

    key: str
    forms: Mapping[str, tuple[str, ...]]

    def expected(self, language: str) -> str | None:
        forms = self.forms.get(language) or ()
        return forms[0] if forms else None

    def found_in(self, language: str, text: str) -> bool:
        folded = fold(text)
        return any(_word_start(form).search(folded) for form in self.forms.get(language) or ())


def _word_start(form: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(fold(form)))


def glossary_findings(
    *,
    card: str,
    glossary: Iterable[GlossaryTerm],
    source_language: str,
    source: Mapping[str, Any],
    language: str,
    translation: Mapping[str, Any],
) -> list[Finding]:
    """A warning for each glossary term the source uses in a text whose translation renders it
    otherwise (without the term's expected form in ``language``), as Weblate's glossary check."""
    findings = []
    for field, source_text, translated in _paired_texts(source, translation):
        for term in glossary:
            expected = term.expected(language)
            if expected is None or not term.found_in(source_language, source_text):
                continue
            if not translated or term.found_in(language, translated):
                continue
            findings.append(
                warning(
                    "TRANSLATION_GLOSSARY",
                    card=card,
                    field=field,
                    params={
                        "card": card,
                        "language": language,
                        "field": field,
                        "term": term.expected(source_language) or term.key,
                        "expected": expected,
                    },
                )
            )
    return findings


def _paired_texts(source: Mapping[str, Any], translation: Mapping[str, Any]):
    for key in ("name", "text", "flavour"):
        yield key, source.get(key) or "", translation.get(key) or ""
    source_effects = source.get("effects") or {}
    for effect_id, text in (translation.get("effects") or {}).items():
        yield f"effects.{effect_id}", source_effects.get(effect_id, ""), text or ""
