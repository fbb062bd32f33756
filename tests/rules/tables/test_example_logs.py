"""Pinned rules (issue 46, item 6): each game's stored example logs (tests/data/tables/, recorded by
tests/rules/tables/examples.py) replay under the rules version they record to the summary stored
with them; a log under a rules version this studio does not know is refused (TABLE_RULES_UNKNOWN).

A rule changed without bumping the game's rules version makes its log replay to another summary (or
refuse one of its events); a bumped version makes the stored log unknown: either way this test says
to record the game's log again (docs/adding-a-game.md, "Pinned rules")."""

from __future__ import annotations

import pytest

from rules import get_ruleset
from rules.tables import Refusal, is_legacy, replay_recorded

from .examples import EXAMPLES, FORMAT, events_of, load, modes, path_for, summary, thaw_deck
from .kit import GAMES

LOGS = sorted(EXAMPLES.glob("*.json"))
RECORD = (
    "record it again: .venv/bin/python -m tests.rules.tables.examples {game}:{mode} (docs/adding-a-game.md)"
)


def replayed(log: dict, *, version: str | None = None):
    game = log["game"]
    return replay_recorded(
        get_ruleset(game),
        log["rulesVersion"] if version is None else version,
        log["seed"],
        [thaw_deck(game, d) for d in log["decks"]],
        events_of(log),
        mode=log["mode"],
        table=f"{game}-{log['mode']}",
    )


def test_every_game_keeps_a_log_of_each_of_its_modes():
    missing = [
        f"{game}:{mode}" for game in GAMES for mode in modes(game) if not path_for(game, mode).exists()
    ]
    assert not missing, f"no example log of {missing}: " + RECORD.format(game="<game>", mode="<mode>")


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_an_example_log_replays_to_its_summary_under_its_rules(path):
    log = load(path)
    assert log["format"] == FORMAT and log["events"]
    game, mode = log["game"], log["mode"]
    current = get_ruleset(game).rules_version(mode)
    hint = RECORD.format(game=game, mode=mode)
    # A free table of the legacy version (before rules.tables.fairness) replays as it was played.
    # An older version the game's moves still replay: the same (GameMoves.replays: vanguard-1 under
    # vanguard-2), or under its own moves (GameMoves.previous: vanguard-2 beside vanguard-3).
    moves = get_ruleset(game).table_moves
    older = moves.versions() if mode == "rules" and moves is not None else ()
    assert log["rulesVersion"] in (current, *older) or is_legacy(mode, log["rulesVersion"]), (
        f"{path.name} was recorded under {log['rulesVersion']}, the rules are now {current}: {hint}"
    )
    try:
        state = replayed(log)
    except Refusal as refusal:
        pytest.fail(
            f"{path.name}: an event is refused ({refusal.finding.code}): the rules changed, bump {game}'s rules version and {hint}"
        )
    assert summary(state) == log["expected"], (
        f"{path.name} replays to another table: the rules changed, bump {game}'s rules version and {hint}"
    )


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_log_under_rules_this_studio_does_not_know_is_refused(path):
    log = load(path)
    with pytest.raises(Refusal) as refused:
        replayed(log, version=log["rulesVersion"] + "-unknown")
    finding = refused.value.finding
    assert finding.code == "TABLE_RULES_UNKNOWN"
    assert finding.params["rulesVersion"] == log["rulesVersion"] + "-unknown"
    assert finding.params["expected"] == get_ruleset(log["game"]).rules_version(log["mode"])


def test_a_rules_log_of_a_game_without_rules_is_refused():
    without = [game for game in GAMES if not get_ruleset(game).has_rules_mode()]
    if not without:
        pytest.skip("every game has its rules mode")
    game = without[0]
    log = load(path_for(game, "free"))
    with pytest.raises(Refusal) as refused:
        replay_recorded(
            get_ruleset(game),
            f"{game}-1",
            log["seed"],
            [thaw_deck(game, d) for d in log["decks"]],
            [],
            mode="rules",
        )
    assert refused.value.finding.code == "TABLE_RULES_UNKNOWN"
    assert refused.value.finding.params["expected"] is None


def test_the_duel_rules_log_is_a_whole_game():
    log = load(path_for("duel", "rules"))
    assert log["rulesVersion"] == "duel-1"
    assert log["expected"]["phase"] == "finished" and log["expected"]["result"]["reason"] != "CONCEDED"
    kinds = {event["kind"] for event in log["events"]}
    assert {"summon", "attack", "resolveAttack", "step", "endTurn"} <= kinds, kinds


def test_the_vanguard_rules_log_is_a_whole_game():
    log = load(path_for("vanguard", "rules"))
    assert log["expected"]["phase"] == "finished" and log["expected"]["result"]["reason"] != "CONCEDED"


def test_a_vanguard_2_log_with_an_intercept_replays_under_vanguard_2_s_own_moves():
    """vanguard-3 changed the intercept (the attack goes to the interceptor, seed 002 section 5):
    the kept vanguard-2 log replays to its summary under vanguard-2's moves, whose intercept added
    the interceptor's shield and left the attack on its target."""
    log = load(EXAMPLES / "vanguard-rules-v2-intercept.json")
    assert log["rulesVersion"] == "vanguard-2"
    assert summary(replayed(log)) == log["expected"]
    seq = next(e["seq"] for e in log["events"] if e["kind"] == "intercept")
    upto = {**log, "events": [e for e in log["events"] if e["seq"] <= seq]}
    old = replayed(upto).turn_state["battle"]
    new = replayed(upto, version="vanguard-3").turn_state["battle"]
    assert old["at"] == "vc" and old["shield"] > 0 and "intercepted" not in old
    assert new["at"] == "gc" and new["shield"] == 0 and new["intercepted"] == old["target"]
