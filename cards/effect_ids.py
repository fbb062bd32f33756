"""Effect ids across a game's cards: unique in the game, never renamed by an edit.

The effect schema checks one card (rules.effects); these checks need the other
cards, so they run where a card is written (services._apply) and in the admin
form. An effectId is the key of corrections and of "once per turn" limits
(player + turn + effectId): two cards sharing one would share a limit, and a
renamed one would silently leave its corrections behind.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q

from rules import Finding
from rules.effects.shape import effect_id_changes, json_path
from rules.findings import error

from .models import Card


class EffectIdIndex:
    """Which card holds each effectId of a game.

    ``EffectIdIndex(game)`` looks the ids up card by card (one query per card
    written); ``EffectIdIndex.load(game)`` reads them all at once, for batch
    work such as an import, and follows the cards written through it.
    """

    def __init__(self, game: str, owners: dict[str, str] | None = None):
        self.game = game
        self._owners = owners

    @classmethod
    def load(cls, game: str) -> EffectIdIndex:
        owners: dict[str, str] = {}
        for stable_id, effects in (
            Card.objects.filter(game=game).exclude(effects=[]).values_list("stable_id", "effects")
        ):
            owners.update((effect_id, stable_id) for effect_id in _ids(effects))
        return cls(game, owners)

    def problems(
        self, *, stable_id: str, name: str, before: Sequence[Any], after: Sequence[Any]
    ) -> list[Finding]:
        """Why ``after`` (the new effects of card ``stable_id``) cannot replace ``before``; [] when it can."""
        findings = [
            error(f.code, card=stable_id, field=f.field, params=f.params, hint=f.hint)
            for f in effect_id_changes(before, after, card_ref=stable_id)
        ]
        wanted = {effect_id: index for index, effect_id in _indexed_ids(after)}
        for effect_id, other in sorted(self._owners_of(wanted, stable_id).items()):
            path = json_path([wanted[effect_id], "effectId"])
            findings.append(
                error(
                    "EFFECT_ID_TAKEN",
                    card=stable_id,
                    field=path,
                    params={"effectId": effect_id, "card": other},
                )
            )
        return findings

    def record(self, stable_id: str, before: Sequence[Any], after: Sequence[Any]) -> None:
        if self._owners is not None:
            for effect_id in _ids(before):
                self._owners.pop(effect_id, None)
            self._owners.update((effect_id, stable_id) for effect_id in _ids(after))

    def _owners_of(self, wanted: dict[str, int], stable_id: str) -> dict[str, str]:
        if not wanted:
            return {}
        if self._owners is not None:
            return {e: self._owners[e] for e in wanted if self._owners.get(e, stable_id) != stable_id}
        # A text prefilter (one query), then an exact check of the candidates' effect ids.
        condition = Q()
        for effect_id in wanted:
            condition |= Q(effects__icontains=json.dumps(effect_id))
        owners = {}
        candidates = Card.objects.filter(game=self.game).filter(condition).exclude(stable_id=stable_id)
        for other, effects in candidates.values_list("stable_id", "effects"):
            owners.update((effect_id, other) for effect_id in _ids(effects) if effect_id in wanted)
        return owners


def _indexed_ids(effects: Iterable[Any]) -> Iterable[tuple[int, str]]:
    for index, effect in enumerate(effects or []):
        if isinstance(effect, dict) and isinstance(effect.get("effectId"), str):
            yield index, effect["effectId"]


def _ids(effects: Iterable[Any]) -> list[str]:
    return [effect_id for _, effect_id in _indexed_ids(effects)]
