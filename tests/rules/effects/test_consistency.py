"""Text and structure: every consistency check, on a flagged card and on a clean one."""

from __future__ import annotations

import pytest

from rules import CardData, Severity, registry

ONCE = {
    "per": "turn",
    "count": 1,
    "scope": "player",
    "key": ["player", "turn", "effectId"],
    "sharedByCopies": True,
}
KAZUHA_TEXT = (
    "Rapide une fois par tour à l’arrivée : déployer gratuitement depuis la main une unité citant Hattori Heiji ou Mouri Ran. "
    "Second rapide une fois par tour lorsqu’elle attaque : une autre unité alliée READY la remplace et s’épuise."
)


def deploy(effect_id="DR-T.deploy", **extra):
    return {
        "effectId": effect_id,
        "kind": "quick",
        "timing": "ON_ENTER_FIELD",
        "actions": [{"do": "DEPLOY", "from": ["HAND"], "free": True, "filter": {"cites": ["Hattori Heiji"]}}],
        **extra,
    }


def bonus(effect_id="DR-T.bonus", *, action_duration=None, **extra):
    action = {"do": "MODIFY_STAT", "stat": "ATK", "amount": 2, "target": "SELF"}
    if action_duration:
        action["duration"] = action_duration
    return {"effectId": effect_id, "kind": "triggered", "timing": "ON_RESOLVE", "actions": [action], **extra}


def card(text: str, *effects, game="darkrow", type="UNIT", name="Test") -> CardData:
    return CardData(
        game=game,
        name=name,
        type=type,
        stable_id="T-1",
        text=text,
        effects=effects,
        fields={"cost": 1, "atk": 1, "pv": 1},
    )


def codes(card_data: CardData) -> dict[str, list]:
    """The effect findings of the card, by code (its field findings are not the subject here)."""
    found: dict[str, list] = {}
    for f in registry.get(card_data.game).check_card(card_data):
        if (f.field or "").startswith("effects"):
            found.setdefault(f.code, []).append(f)
    return found


def test_a_card_without_structured_effects_has_nothing_to_compare():
    assert codes(card("Rapide une fois par tour : piocher 1 jusqu’à la fin du tour.")) == {}


# --- once per turn ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "phrase", ["une fois par tour", "1 fois par tour", "Une seule fois par tour", "once per turn"]
)
def test_text_says_once_per_turn_but_no_limit(phrase):
    found = codes(card(f"Rapide {phrase} à l’arrivée : déployer une unité.", deploy()))
    [flag] = found["EFFECT_LIMIT_MISSING"]
    assert flag.severity == Severity.WARNING
    assert flag.field == "effects[0].limit"
    assert flag.card == "T-1"
    assert codes(card(f"Rapide {phrase} à l’arrivée : déployer une unité.", deploy(limit=ONCE))) == {}


def test_a_limit_the_text_does_not_state():
    [flag] = codes(card("Rapide à l’arrivée : déployer une unité.", deploy(limit=ONCE)))[
        "EFFECT_LIMIT_UNSTATED"
    ]
    assert flag.severity == Severity.WARNING and flag.field == "effects[0].limit"
    assert flag.message == "effects[0].limit: the effect has a use limit the text never states"


def test_once_per_turn_is_counted_against_the_limited_effects():
    attack = {
        "effectId": "DR-T.attack",
        "kind": "quick",
        "timing": "ON_ATTACK",
        "actions": [{"do": "REPLACE_ATTACKER", "target": "SELF"}],
    }
    flagged = codes(card(KAZUHA_TEXT, deploy(limit=ONCE), attack))
    assert [f.field for f in flagged["EFFECT_LIMIT_MISSING"]] == ["effects"]
    assert flagged["EFFECT_LIMIT_MISSING"][0].message == (
        "effects: the text says once per turn and the effect has no limit"
    )
    assert codes(card(KAZUHA_TEXT, deploy(limit=ONCE), {**attack, "limit": ONCE})) == {}


def test_russian_once_per_turn_in_vanguard():
    effect = {
        "effectId": "VG-T.act",
        "kind": "activated",
        "timing": "MAIN_PHASE",
        "actions": [{"do": "DRAW", "count": 1}],
    }
    limited = {
        **effect,
        "limit": {
            "per": "turn",
            "scope": "player",
            "key": ["player", "turn", "effectId", "cardInstance"],
            "sharedByCopies": False,
        },
    }
    vanguard = dict(game="vanguard", type="NORMAL_UNIT")
    assert "EFFECT_LIMIT_MISSING" in codes(
        card("[АКТ] (VC) 1 раз за ход: возьмите карту.", effect, **vanguard)
    )
    assert codes(card("[АКТ] (VC) 1 раз за ход: возьмите карту.", limited, **vanguard)) == {}


# --- durations -----------------------------------------------------------------------------------
def test_a_stat_bonus_without_duration_is_an_error():
    [flag] = codes(card("Cible +2 ATK.", bonus()))["EFFECT_BONUS_NO_DURATION"]
    assert flag.severity == Severity.ERROR
    assert flag.field == "effects[0].actions[0].duration"
    assert codes(card("Cible +2 ATK.", bonus(action_duration="THIS_PRESENCE"))) == {}
    assert codes(card("Cible +2 ATK.", bonus(duration="WHILE_ACTIVE"))) == {}


@pytest.mark.parametrize(
    "game, stat, amount, duration",
    [
        ("riftbound", "MIGHT", 1, "UNTIL_END_OF_TURN"),
        ("vanguard", "POWER", 5000, "UNTIL_END_OF_BATTLE"),
        ("duel", "ATK", 300, "WHILE_EQUIPPED"),
    ],
)
def test_a_stat_bonus_needs_a_duration_in_every_game(game, stat, amount, duration):
    effect = {
        "effectId": "T.bonus",
        "kind": "triggered",
        "timing": "ON_PLAY" if game != "vanguard" else "ON_ATTACK",
        "actions": [{"do": "MODIFY_STAT", "stat": stat, "amount": amount}],
    }
    types = {"riftbound": "SPELL", "vanguard": "NORMAL_UNIT", "duel": "EQUIPMENT"}
    assert "EFFECT_BONUS_NO_DURATION" in codes(card("", effect, game=game, type=types[game]))
    effect["actions"][0]["duration"] = duration
    assert codes(card("", effect, game=game, type=types[game])) == {}


@pytest.mark.parametrize(
    "text, duration",
    [
        ("Cible sa Vermouth, +1 ATK/+1 PV jusqu’à fin du tour.", "UNTIL_END_OF_TURN"),
        ("Cible sa Vermouth, +1 ATK jusqu'à la fin du tour.", "UNTIL_END_OF_TURN"),
        ("Ayumi +2 PV pour cette présence sur le terrain.", "THIS_PRESENCE"),
        ("Target unit gets +1 ATK until end of turn.", "UNTIL_END_OF_TURN"),
    ],
)
def test_a_duration_in_the_text_that_the_structure_lacks(text, duration):
    [flag] = codes(card(text, bonus(duration="PERMANENT")))["EFFECT_DURATION_MISSING"]
    assert flag.severity == Severity.WARNING and flag.field == "effects[0].duration"
    assert duration in flag.message
    assert codes(card(text, bonus(duration=duration))) == {}


def test_two_durations_in_one_effect_ayumi():
    text = "Ayumi +2 PV pour cette présence sur le terrain, +2 ATK jusqu’à fin du tour."
    effect = {
        "effectId": "DR-T.ayumi",
        "kind": "triggered",
        "timing": "ON_RESOLVE",
        "actions": [
            {"do": "MODIFY_STAT", "stat": "PV", "amount": 2, "target": "SELF", "duration": "THIS_PRESENCE"},
            {
                "do": "MODIFY_STAT",
                "stat": "ATK",
                "amount": 2,
                "target": "SELF",
                "duration": "UNTIL_END_OF_TURN",
            },
        ],
    }
    assert codes(card(text, effect)) == {}
    effect["actions"][1]["duration"] = "THIS_PRESENCE"
    assert [f.message for f in codes(card(text, effect))["EFFECT_DURATION_MISSING"]] == [
        "effects[0].duration: the text names a duration (UNTIL_END_OF_TURN) the effect does not have"
    ]


def test_russian_durations_in_vanguard():
    effect = {
        "effectId": "VG-T.cont",
        "kind": "triggered",
        "timing": "ON_ATTACK",
        "actions": [{"do": "MODIFY_STAT", "stat": "POWER", "amount": 3000, "duration": "UNTIL_END_OF_TURN"}],
    }
    vanguard = dict(game="vanguard", type="NORMAL_UNIT")
    assert "EFFECT_DURATION_MISSING" in codes(card("[АВТО]: +3000 силы до конца боя.", effect, **vanguard))
    assert codes(card("[АВТО]: +3000 силы до конца хода.", effect, **vanguard)) == {}


# --- kinds -----------------------------------------------------------------------------------------
def test_a_kind_that_contradicts_the_text():
    activated = {**deploy(), "kind": "activated", "timing": "ACTIVATED"}
    [flag] = codes(card("Rapide : déployer une unité.", activated))["EFFECT_KIND_MISMATCH"]
    assert flag.severity == Severity.WARNING and flag.field == "effects[0].kind"
    assert flag.message == "effects[0].kind: the text says quick and the effect is activated"
    assert flag.params == {"path": "effects[0].kind", "observed": "activated", "expected": "quick"}
    assert codes(card("Rapide : déployer une unité.", deploy())) == {}
    assert "EFFECT_KIND_MISMATCH" in codes(card("Activable : déployer une unité.", deploy()))
    assert codes(card("Activable : déployer une unité.", activated)) == {}


def test_vanguard_ability_markers():
    effect = {
        "effectId": "VG-T.auto",
        "kind": "triggered",
        "timing": "ON_PLACE",
        "actions": [{"do": "DRAW", "count": 1}],
    }
    vanguard = dict(game="vanguard", type="NORMAL_UNIT")
    assert codes(card("[AUTO]: draw a card.", effect, **vanguard)) == {}
    assert "EFFECT_KIND_MISMATCH" in codes(card("[ACT]: draw a card.", effect, **vanguard))


# --- excerpts -------------------------------------------------------------------------------------
def test_an_effect_is_compared_with_its_own_excerpt():
    first = deploy(
        text="Rapide une fois par tour à l’arrivée : déployer gratuitement depuis la main une unité citant Hattori Heiji ou Mouri Ran.",
        limit=ONCE,
    )
    second = {
        "effectId": "DR-T.attack",
        "kind": "quick",
        "timing": "ON_ATTACK",
        "text": "Second rapide une fois par tour lorsqu’elle attaque",
        "actions": [{"do": "REPLACE_ATTACKER", "target": "SELF"}],
    }
    [flag] = codes(card(KAZUHA_TEXT, first, second))["EFFECT_LIMIT_MISSING"]
    assert flag.field == "effects[1].limit"  # its excerpt says once per turn
    assert flag.message == "effects[1].limit: the text says once per turn and the effect has no limit"
    assert codes(card(KAZUHA_TEXT, first, {**second, "limit": ONCE})) == {}


def test_an_excerpt_that_is_not_on_the_card():
    effect = deploy(text="Rapide : déployer deux unités.")
    [flag] = codes(card("Rapide : déployer une unité.", effect))["EFFECT_TEXT_NOT_ON_CARD"]
    assert flag.severity == Severity.WARNING and flag.field == "effects[0].text"
    assert codes(card("Rapide : déployer deux unités.", effect)) == {}


def test_text_outside_every_excerpt_is_still_read():
    effect = deploy(text="Rapide : déployer une unité.")
    [flag] = codes(card("Rapide : déployer une unité. Une fois par tour : piocher 1.", effect))[
        "EFFECT_LIMIT_MISSING"
    ]
    assert flag.field == "effects"  # the card text outside the excerpts
    assert flag.message == "effects: the text says once per turn and the effect has no limit"


# --- new mechanics ------------------------------------------------------------------------------
def test_an_effect_the_vocabulary_cannot_say_is_listed_new_mechanic_required():
    effect = deploy()
    effect["actions"] = [{"do": "NEW_MECHANIC", "description": "emprisonner l’unité adverse"}]
    [flag] = codes(card("Rapide : emprisonner une unité.", effect))["EFFECT_NEW_MECHANIC"]
    assert flag.severity == Severity.ERROR and flag.field == "effects[0].actions[0]"
    assert "emprisonner" in flag.message
    assert (
        registry.get("darkrow").effect_errors([{**effect, "actions": [{"do": "NEW_MECHANIC"}]}])[0].field
        == "effects[0].actions[0].description"
    )


def test_not_implemented_reopens_nothing():
    assert codes(card("Rapide : déployer une unité.", deploy(implemented=False))) == {}


def test_shape_errors_in_stored_effects_are_reported_instead_of_guessed():
    found = codes(card("Rapide une fois par tour.", {**deploy(), "kind": "fast"}))
    assert set(found) == {"EFFECT_SCHEMA"}
    assert found["EFFECT_SCHEMA"][0].is_error
