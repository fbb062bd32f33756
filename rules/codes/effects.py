"""The codes of a card's effects (rules.effects): outside the game's vocabulary, or at odds with the
card's text (each feeds the audit list of seed 000 that reviews it)."""

from __future__ import annotations

from ..i18n import N_
from .core import BONUS_DURATION_REVIEW, EFFECT, NEEDS_REVIEW, NEW_MECHANIC_REQUIRED, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
        "EFFECT_SCHEMA",
        EFFECT,
        N_(
            "an effect outside its game's vocabulary (unknown key or value, wrong kind); the field names its JSON path"
        ),
        params=("path", "problem", "problemKey", "problemParams"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: %(problem)s"),),
    ),
    Code(
        "EFFECT_ID_DUPLICATE",
        EFFECT,
        N_("two effects of one card share an effectId"),
        params=("effectId",),
        review_list=NEEDS_REVIEW,
        messages=(N_("two effects share the effectId %(effectId)s"),),
    ),
    Code(
        "EFFECT_ID_CHANGED",
        EFFECT,
        N_("an edit or re-import gives an existing effect a new effectId"),
        params=("observed", "expected"),
        messages=(
            N_(
                "the effect %(expected)s got a new id %(observed)s; effect ids never change: keep %(expected)s"
            ),
        ),
        hints=(N_("keep %(expected)s"),),
    ),
    Code(
        "EFFECT_ID_TAKEN",
        EFFECT,
        N_("another card of the game uses this effectId"),
        params=("effectId", "card"),
        messages=(N_("the effectId %(effectId)s is already used by %(card)s"),),
    ),
    Code(
        "EFFECT_BONUS_NO_DURATION",
        EFFECT,
        N_("a stat bonus without duration"),
        params=("path", "stat", "expected"),
        review_list=BONUS_DURATION_REVIEW,
        messages=(N_("%(path)s: a bonus to %(stat)s without a duration"),),
        hints=(N_("give it one of the game's durations"), N_("give it a duration: %(expected)s")),
    ),
    Code(
        "EFFECT_DURATION_MISSING",
        EFFECT,
        N_("the text names a duration the structure lacks"),
        severity=WARNING,
        params=("path", "expected"),
        review_list=BONUS_DURATION_REVIEW,
        messages=(
            N_("%(path)s: the text names a duration (%(expected)s) the effect does not have"),
            N_("%(path)s: the text names a duration the effect does not have"),
        ),
        hints=(N_("give the effect the duration %(expected)s, or check the text"),),
    ),
    Code(
        "EFFECT_LIMIT_MISSING",
        EFFECT,
        N_("the text says once per turn and the effect has no limit"),
        severity=WARNING,
        params=("path",),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: the text says once per turn and the effect has no limit"),),
    ),
    Code(
        "EFFECT_LIMIT_UNSTATED",
        EFFECT,
        N_("a limit the text does not state, or one that breaks the game's limit rule"),
        severity=WARNING,
        params=("path", "problem", "problemKey", "problemParams"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: %(problem)s"), N_("%(path)s: a limit the text does not state")),
    ),
    Code(
        "EFFECT_KIND_MISMATCH",
        EFFECT,
        N_("the text says quick, activated or passive and the effect's kind differs"),
        severity=WARNING,
        params=("path", "observed", "expected"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: the text says %(expected)s and the effect is %(observed)s"),),
        hints=(N_("make it %(expected)s, or check the text"),),
    ),
    Code(
        "EFFECT_TEXT_NOT_ON_CARD",
        EFFECT,
        N_("an effect's excerpt the card text no longer has"),
        severity=WARNING,
        params=("path", "text"),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(path)s: the card text no longer has “%(text)s”"),),
    ),
    Code(
        "EFFECT_NEW_MECHANIC",
        EFFECT,
        N_("what the game's vocabulary cannot say yet (NEW_MECHANIC)"),
        params=("path", "family", "description"),
        review_list=NEW_MECHANIC_REQUIRED,
        messages=(
            N_("%(path)s: a new mechanic (%(family)s): %(description)s"),
            N_("%(path)s: a new mechanic the game's vocabulary cannot say yet"),
        ),
    ),
    Code(
        "NOT_IMPLEMENTED",
        EFFECT,
        N_("an effect no engine runs yet: says nothing about the card"),
        severity=WARNING,
        neutral=True,
        messages=(N_("no engine runs this effect yet"),),
    ),
)
