"""The simulation lab's writes: a simulation asked, its games played in chunks, cancelled.

Each game's seed comes from the simulation's seed and the game's index, and a chunk skips the games
already stored: the same simulation gives the same games whatever the number of workers, the order
the chunks run in, or a chunk run twice (a task retried).
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from cards.interchange import card_data
from cards.models import Card, CardRevision
from cards.selectors import card_list
from common.enqueue import enqueue_on_commit
from common.errors import InvalidInput
from decks.models import Deck
from decks.selectors import deck_list
from playstats.services import playstats_add_simulated
from rules import CardData, registry
from rules.playstats import SIMULATED, matchup_label, table_facts
from rules.problems import invalid, problem
from rules.tables import deal_table
from rules.tables.bots import PERFECT, POLICIES, RANDOM, events_to_rows, play_out
from rules.tables.state import rng_for
from tables import snapshot

from .models import SimulatedGame, Simulation

MAX_GAMES = 10_000
# Games a task plays (a chunk): small enough that a cancel stops the work soon.
CHUNK = 20
# A game the bots have not finished after this many moves is stored unfinished.
MAX_EVENTS = 3000
SEED_BOUND = 2**53


def _whole(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput([invalid(field, problem("COUNT_FROM_TO", minimum=low, maximum=high))])
    return value


def _deck(user, value: Any, field: str) -> Deck:
    deck = None
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63:
        deck = deck_list(user=user).filter(pk=value).first()
    if deck is None:
        raise InvalidInput([invalid(field, problem("NO_DECK_TO_SEE", value=repr(value)[:40]))])
    return deck


def _rules_games() -> list[str]:
    return [r.key for r in registry if r.has_rules_mode()]


@transaction.atomic
def simulation_create(
    *, user, deck, opponent_deck, games, seed=None, policy=None, variant: tuple[Card, int] | None = None
) -> Simulation:
    """Ask for ``games`` games of ``deck`` against ``opponent_deck`` (ids of decks ``user`` may see),
    played by bots of ``policy`` from ``seed`` (drawn when not given); they are enqueued on commit.
    ``variant`` (a card, a version): both decks are frozen with that version of the card instead."""
    mine = _deck(user, deck, "deck")
    theirs = _deck(user, opponent_deck, "opponentDeck")
    count = _whole(games, "games", 1, MAX_GAMES)
    if seed is None:
        seed = secrets.randbelow(SEED_BOUND)
    seed = _whole(seed, "seed", 0, SEED_BOUND - 1)
    policy = RANDOM if policy is None else policy
    if policy not in POLICIES:
        raise InvalidInput(
            [invalid("policy", problem("NOT_ALLOWED", value=repr(policy)[:40], expected=list(POLICIES)))]
        )
    if mine.game not in _rules_games():
        raise InvalidInput(
            [invalid("deck", problem("NO_RULES_MODE", game=mine.game, expected=_rules_games()))]
        )
    if theirs.game != mine.game:
        raise InvalidInput(
            [invalid("opponentDeck", problem("NOT_SAME_GAME", game=theirs.game, expected=mine.game))]
        )
    ruleset = registry.get(mine.game)
    cards, opponent_cards = snapshot.freeze(mine), snapshot.freeze(theirs)
    if variant is not None:
        card, version = variant
        frozen = _version_json(card, version)
        found = [_substitute(cards, frozen), _substitute(opponent_cards, frozen)]
        if not any(found):
            raise InvalidInput([invalid("card", problem("CARD_NOT_IN_DECKS", value=card.stable_id))])
    simulation = Simulation.objects.create(
        owner=user,
        game=mine.game,
        format=mine.format.key if mine.format_id else "",
        deck=mine,
        opponent_deck=theirs,
        deck_name=mine.name,
        opponent_name=theirs.name,
        cards=cards,
        opponent_cards=opponent_cards,
        games=count,
        seed=seed,
        policy=policy,
        perfect_information=PERFECT[policy],
        rules_version=ruleset.rules_version("rules"),
        variant_card=variant[0].stable_id if variant else "",
        variant_version=variant[1] if variant else None,
    )
    enqueue_on_commit("simulations.run", simulation.pk)
    return simulation


def _version_json(card: Card, version: int) -> dict[str, Any]:
    """One version of ``card`` as a frozen deck keeps it (an older one from its revision's snapshot)."""
    if version == card.version:
        return snapshot.card_json(card_data(card), card.pk)
    taken = CardRevision.objects.filter(card=card, version=version).values_list("snapshot", flat=True).first()
    if taken is None:
        raise InvalidInput(
            [
                invalid(
                    "versions",
                    problem("NO_SUCH_VERSION", card=card.stable_id, value=version, maximum=card.version),
                )
            ]
        )
    names = registry.get(card.game).field_names()
    data = CardData(
        game=card.game,
        name=taken.get("name") or card.name,
        type=taken.get("type") or card.type,
        stable_id=card.stable_id,
        set=taken.get("set") or "",
        text=taken.get("text") or "",
        archetypes=tuple(taken.get("archetypes") or ()),
        fields={name: taken[name] for name in names if taken.get(name) is not None},
        effects=tuple(taken.get("effects") or ()),
        status=taken.get("status") or "DRAFT",
        version=version,
    )
    return snapshot.card_json(data, card.pk)


def _substitute(frozen: dict[str, Any], card: dict[str, Any]) -> bool:
    """Put ``card`` in place of every version of it a frozen deck holds; whether it held one."""
    found = False
    for n, held in enumerate(frozen["pool"]):
        if held.get("stableCardId") == card["stableCardId"]:
            frozen["pool"][n] = dict(card)
            found = True
    return found


def _versions(card: Card, versions: Any) -> tuple[int, int]:
    if versions is None:
        if card.version < 2:
            raise InvalidInput([invalid("versions", problem("TWO_VERSIONS", before=1, after=2))])
        return card.version - 1, card.version
    example = {"before": max(1, card.version - 1), "after": card.version}
    if not isinstance(versions, list | tuple) or len(versions) != 2:
        raise InvalidInput([invalid("versions", problem("TWO_VERSIONS", **example))])
    for n, version in enumerate(versions):
        if isinstance(version, bool) or not isinstance(version, int):
            raise InvalidInput([invalid(f"versions[{n}]", problem("VERSION_NUMBER"))])
        if not 1 <= version <= card.version:
            raise InvalidInput(
                [
                    invalid(
                        f"versions[{n}]",
                        problem("NO_SUCH_VERSION", card=card.stable_id, value=version, maximum=card.version),
                    )
                ]
            )
    if versions[0] == versions[1]:
        raise InvalidInput([invalid("versions", problem("TWO_VERSIONS", **example))])
    return versions[0], versions[1]


@transaction.atomic
def simulation_ab_create(
    *, user, deck, opponent_deck, card, games, versions=None, seed=None, policy=None
) -> tuple[Simulation, Simulation]:
    """An A/B run: the same matchup, seed and bots twice, both decks frozen with version A of ``card``
    (a stableCardId ``user`` may see) then with version B (default: the one before the card's current
    version, then the current one: the edit under review). The same seed deals the same games, so
    the difference between the two is the edit's, not the dice's."""
    found = None
    if isinstance(card, str) and card:
        found = card_list(user=user).filter(stable_id=card).first()
    if found is None:
        raise InvalidInput([invalid("card", problem("CARD_NOT_IN_DECKS", value=repr(card)[:40]))])
    before, after = _versions(found, versions)
    if seed is None:
        seed = secrets.randbelow(SEED_BOUND)
    common = {"user": user, "deck": deck, "opponent_deck": opponent_deck, "games": games, "policy": policy}
    first = simulation_create(**common, seed=seed, variant=(found, before))
    second = simulation_create(**common, seed=seed, variant=(found, after))
    Simulation.objects.filter(pk=first.pk).update(pair=second)
    Simulation.objects.filter(pk=second.pk).update(pair=first)
    first.pair, second.pair = second, first
    return first, second


def simulation_chunks(*, simulation_id: int) -> list[tuple[int, int]]:
    """Mark a queued simulation running; the chunks of its games still to play."""
    with transaction.atomic():
        simulation = Simulation.objects.select_for_update().filter(pk=simulation_id).first()
        if simulation is None or simulation.status in (Simulation.Status.CANCELLED, Simulation.Status.DONE):
            return []
        if simulation.status == Simulation.Status.QUEUED:
            simulation.status = Simulation.Status.RUNNING
            simulation.save(update_fields=["status"])
    played = set(SimulatedGame.objects.filter(simulation_id=simulation_id).values_list("index", flat=True))
    return [
        (start, min(start + CHUNK, simulation.games))
        for start in range(0, simulation.games, CHUNK)
        if not set(range(start, min(start + CHUNK, simulation.games))) <= played
    ]


def game_seed(seed: int, index: int) -> int:
    """The seed of a simulation's game ``index`` (the same wherever and whenever it is played)."""
    return rng_for(seed, "simulation", index).randrange(SEED_BOUND)


def simulation_play_chunk(*, simulation_id: int, start: int, stop: int) -> int:
    """Play the games ``start`` to ``stop`` (excluded) not stored yet; the number played. Stops at a
    cancel (read before each game)."""
    simulation = Simulation.objects.filter(pk=simulation_id).first()
    if simulation is None:
        return 0
    ruleset = registry.get(simulation.game)
    decks = [
        snapshot.thaw(simulation.game, simulation.cards),
        snapshot.thaw(simulation.game, simulation.opponent_cards),
    ]
    labels = (matchup_label(ruleset, decks[0]), matchup_label(ruleset, decks[1]))
    done = set(
        SimulatedGame.objects.filter(simulation=simulation, index__gte=start, index__lt=stop).values_list(
            "index", flat=True
        )
    )
    played = 0
    for index in range(start, stop):
        if index in done:
            continue
        status = Simulation.objects.filter(pk=simulation_id).values_list("status", flat=True).first()
        if status in (Simulation.Status.CANCELLED, None):
            break
        seed = game_seed(simulation.seed, index)
        dealt = deal_table(ruleset, seed, decks, mode="rules")
        game = play_out(
            dealt,
            policies=(simulation.policy, simulation.policy),
            seed=seed,
            evaluate=ruleset.bot_evaluate,
            max_events=MAX_EVENTS,
        )
        end = game.state
        winner, reason = (None, "") if end.result is None else (end.result[0], end.result[1])
        facts = table_facts(
            dealt,
            game.events,
            format=simulation.format,
            day=timezone.localdate(timezone.now()).isoformat(),
            decks=(
                str(simulation.deck_id or f"sim-{simulation.pk}-1"),
                str(simulation.opponent_deck_id or f"sim-{simulation.pk}-2"),
            ),
            deck_names=(simulation.deck_name, simulation.opponent_name),
            labels=labels,
        )
        try:
            with transaction.atomic():
                SimulatedGame.objects.create(
                    simulation=simulation,
                    index=index,
                    seed=seed,
                    winner=None if winner is None else winner + 1,
                    reason=reason,
                    turns=end.turn,
                    first=None if end.first is None else end.first + 1,
                    events=events_to_rows(game.events),
                    counted=True,
                )
                # Counted once, with its row: simulated figures never mix with the tables' and paper's.
                playstats_add_simulated(dataclasses.replace(facts, source=SIMULATED))
        except IntegrityError:
            continue  # stored meanwhile by another run of this chunk
        played += 1
    _finish_if_complete(simulation_id)
    return played


def _finish_if_complete(simulation_id: int) -> None:
    with transaction.atomic():
        simulation = Simulation.objects.select_for_update().get(pk=simulation_id)
        if simulation.status != Simulation.Status.RUNNING:
            return
        if SimulatedGame.objects.filter(simulation=simulation).count() >= simulation.games:
            simulation.status = Simulation.Status.DONE
            simulation.finished_at = timezone.now()
            simulation.save(update_fields=["status", "finished_at"])


def simulation_cancel(*, user, simulation: Simulation) -> Simulation:
    """Stop a simulation: its running chunks stop before their next game; the games played stay."""
    with transaction.atomic():
        locked = Simulation.objects.select_for_update().get(pk=simulation.pk)
        if locked.status in (Simulation.Status.QUEUED, Simulation.Status.RUNNING):
            locked.status = Simulation.Status.CANCELLED
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "finished_at"])
    return locked
