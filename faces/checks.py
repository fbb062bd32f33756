"""System checks (``manage.py check``): every rule set's default face template can be drawn.

A game's default template is code, not data a designer typed: a mistake in it
would show as a broken face on every page of the game, far from its cause. The
check validates each registered rule set's template as the studio validates a
designer's (:func:`faces.template.validate_template`), and looks for the font
files it needs on disk. Ids are stable (tools and people silence or look them up):

- ``faces.E001``: the template does not match the face template JSON Schema
  (an unknown key, a value of the wrong kind, a colour that is not a colour);
- ``faces.E002``: a region lies outside the card;
- ``faces.E003``: a font the template names is not shipped with the studio
  (an unknown family or face, or its file missing from ``faces/fonts``);
- ``faces.E004``: anything else the template gets wrong (a palette colour, a
  field, a filter or a font role that does not exist);
- ``faces.E005``: the rule set's template cannot even be built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core import checks

from rules import registry

from .fonts import FACES, face_for
from .template import TemplateError, validate_template

IDS = {"schema": "faces.E001", "outside": "faces.E002", "font": "faces.E003", "": "faces.E004"}
BUILD_FAILED = "faces.E005"


def _missing_font_files(template: Mapping[str, Any]) -> list[TemplateError]:
    errors = []
    fonts = template.get("fonts") if isinstance(template.get("fonts"), Mapping) else {}
    for role, spec in fonts.items():
        if not isinstance(spec, Mapping):
            continue
        try:
            face = face_for(spec.get("family", ""), spec.get("weight", "normal"), spec.get("style", "normal"))
        except KeyError:
            continue  # an unknown family: validate_template says so
        if not face.path.is_file():
            errors.append(
                TemplateError(
                    f"fonts.{role}", f"the font file {face.file} is missing", (str(face.path),), "font"
                )
            )
    return errors


def template_problems(rulesets: Iterable | None = None) -> list[checks.CheckMessage]:
    """One error per mistake of each rule set's default face template (see the module's ids)."""
    messages: list[checks.CheckMessage] = []
    for ruleset in rulesets if rulesets is not None else registry:
        try:
            template = ruleset.face_template_data()
        except Exception as exc:  # a broken declaration must be reported, not crash the check
            messages.append(
                checks.Error(
                    f"{ruleset.key}: its default face template cannot be built: {exc}",
                    hint="fix the rule set's face_template (or generic_template)",
                    obj=ruleset.key,
                    id=BUILD_FAILED,
                )
            )
            continue
        for error in [*validate_template(template, game=ruleset.key), *_missing_font_files(template)]:
            where = f" at {error.path}" if error.path else ""
            allowed = f"allowed: {', '.join(error.allowed)}" if error.allowed else None
            messages.append(
                checks.Error(
                    f"{ruleset.key}: the default face template{where}: {error.message}",
                    hint=allowed,
                    obj=ruleset.key,
                    id=IDS.get(error.kind, IDS[""]),
                )
            )
    return messages


def missing_shipped_fonts() -> list[checks.CheckMessage]:
    """faces.E003 for each shipped face (fallback included) whose file is not in ``faces/fonts``."""
    return [
        checks.Error(
            f"the shipped font file {face.file} ({face.family} {face.weight} {face.style}) is missing",
            hint=f"restore {face.path} from the repository",
            obj="faces",
            id=IDS["font"],
        )
        for face in FACES
        if not face.path.is_file()
    ]


LAYOUT_LEFT_OUT = "faces.W006"


def layout_problems() -> list[checks.CheckMessage]:
    """faces.W006 for each of the team's sheet layout files (FACES_SHEET_LAYOUTS_DIR) left out."""
    from .layouts import problems

    return [
        checks.Warning(
            f"sheet layout left out: {problem}",
            hint="fix the file (docs/faces.md, Sheet layouts) or remove it; the other layouts are offered",
            obj="faces",
            id=LAYOUT_LEFT_OUT,
        )
        for problem in problems()
    ]


@checks.register("faces")
def default_face_templates(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    return [*missing_shipped_fonts(), *template_problems(), *layout_problems()]
