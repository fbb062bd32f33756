"""faces.E00x: every rule set's default face template is checked by ``manage.py check``."""

from __future__ import annotations

import copy

import pytest
from django.core import checks

from faces import checks as face_checks
from faces.fonts import FontFace
from faces.template import template_for
from rules import registry


class FakeRuleSet:
    def __init__(self, key: str, template=None, error: Exception | None = None):
        self.key = key
        self._template = template
        self._error = error

    def face_template_data(self):
        if self._error is not None:
            raise self._error
        return self._template


def ids(messages) -> list[str]:
    return sorted(m.id for m in messages)


def test_every_registered_games_default_template_passes():
    messages = checks.run_checks(tags=["faces"])
    assert [m for m in messages if m.id.startswith("faces.")] == []


def test_the_check_runs_on_the_real_registry_and_sees_each_game(monkeypatch):
    seen = []
    real = face_checks.validate_template

    def spy(data, *, game=None):
        seen.append(game)
        return real(data, game=game)

    monkeypatch.setattr(face_checks, "validate_template", spy)
    face_checks.default_face_templates()
    assert set(registry.keys()) <= set(seen)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda t: t.update(shadow=True), "faces.E001"),  # an unknown key: the JSON Schema
        (lambda t: t["regions"][0].update(fill="red"), "faces.E001"),  # not a colour
        (lambda t: t["regions"][-1]["box"].update(x=60, w=20), "faces.E002"),  # outside the card
        (lambda t: t["fonts"]["body"].update(family="Comic Sans"), "faces.E003"),  # not shipped
        (lambda t: t["regions"][0].update(fill="@nowhere"), "faces.E004"),  # no such palette colour
    ],
)
def test_a_broken_default_template_is_an_error_with_a_stable_id(change, expected):
    template = copy.deepcopy(template_for("vanguard"))
    change(template)
    messages = face_checks.template_problems([FakeRuleSet("vanguard", template)])
    assert expected in ids(messages)
    assert all(isinstance(m, checks.Error) and m.obj == "vanguard" for m in messages)


def test_the_message_names_the_path():
    template = copy.deepcopy(template_for("vanguard"))
    template["regions"][2]["box"].update(y=80, h=20)
    [message] = face_checks.template_problems([FakeRuleSet("vanguard", template)])
    assert message.id == "faces.E002"
    assert "regions[2].box" in message.msg and "outside the card" in message.msg
    assert "y + h up to 88" in message.hint


def test_a_template_that_cannot_be_built_is_reported_not_raised():
    messages = face_checks.template_problems([FakeRuleSet("broken", error=RuntimeError("boom"))])
    assert ids(messages) == ["faces.E005"]
    assert "boom" in messages[0].msg


def test_a_missing_font_file_is_reported(monkeypatch):
    gone = FontFace("Noto Sans", "normal", "normal", "NotoSans-Gone.ttf")
    monkeypatch.setattr(face_checks, "FACES", (gone,))
    monkeypatch.setattr(face_checks, "face_for", lambda *a, **k: gone)
    messages = face_checks.default_face_templates()
    assert "faces.E003" in ids(messages)
    assert any("NotoSans-Gone.ttf" in m.msg for m in messages)
