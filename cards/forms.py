"""The card editor's form: the common fields and a game's own, built from its rule set's FieldSpecs.

The form lays the fields out and turns what a browser sends into the card
interchange format (:mod:`cards.interchange`). It decides nothing about what a
card may hold: the one parser and the game's rule set do, so the editor, the
API and imports say the same things. Form field names are the interchange keys,
so a finding's ``field`` names its form field.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common import guards, i18n
from common.i18n import tr
from common.labels import without_path
from rules import Finding, RuleSet
from rules.fields import FieldSpec, Kind
from rules.findings import error
from rules.problems import Problem, problem

from .models import Card

COMMON_FIELDS = ("name", "type", "set", "text", "archetypes", "effects")
LIST_HELP = _("One per line (or separated by commas on one line).")


def split_list(text: str) -> list[str]:
    """Items typed one per line, or separated by commas when they are all on one line."""
    text = (text or "").strip()
    if not text:
        return []
    parts = text.splitlines() if "\n" in text else text.split(",")
    return [part.strip() for part in parts if part.strip()]


def _lf(text: str) -> str:
    """Browsers send line breaks as CRLF; cards keep LF."""
    return (text or "").replace("\r\n", "\n").replace("\r", "\n")


def _empty(value: Any) -> bool:
    return value is None or value is False or value == [] or value == ""


def type_label(card_type: str, game: RuleSet | str | None = None) -> str:
    """A card type in the reader's language (its game's label; see :func:`common.i18n.type_label`)."""
    return i18n.type_label(game, card_type)


def _range_help(spec: FieldSpec) -> str:
    if spec.minimum is not None and spec.maximum is not None:
        return gettext("From %(minimum)s to %(maximum)s.") % {
            "minimum": spec.minimum,
            "maximum": spec.maximum,
        }
    if spec.minimum is not None:
        return gettext("%(minimum)s or more.") % {"minimum": spec.minimum}
    if spec.maximum is not None:
        return gettext("At most %(maximum)s.") % {"maximum": spec.maximum}
    return ""


def _game_field(ruleset: RuleSet, spec: FieldSpec) -> forms.Field:
    """The form field of one FieldSpec; no Django-side validation, the rule set has the say."""
    # A rule set's label and help are marked N_ in rules/: translated here, where they are shown.
    label = tr(spec.label) or spec.name
    spec_help = tr(spec.help)
    match spec.kind:
        case Kind.INT:
            attrs = {"step": 1, "inputmode": "numeric"}
            if spec.minimum is not None:
                attrs["min"] = spec.minimum
            if spec.maximum is not None:
                attrs["max"] = spec.maximum
            help_text = " ".join(p for p in (_range_help(spec), spec_help) if p)
            return forms.CharField(
                label=label, required=False, widget=forms.NumberInput(attrs=attrs), help_text=help_text
            )
        case Kind.ENUM:
            choices = [("", "—"), *((c, i18n.value_label(ruleset, spec.name, c)) for c in spec.choices)]
            return forms.CharField(
                label=label, required=False, widget=forms.Select(choices=choices), help_text=spec_help
            )
        case Kind.ENUM_LIST:
            choices = [(c, i18n.value_label(ruleset, spec.name, c)) for c in spec.choices]
            return forms.Field(
                label=label,
                required=False,
                widget=forms.CheckboxSelectMultiple(choices=choices),
                help_text=spec_help,
            )
        case Kind.STR_LIST:
            help_text = " ".join(p for p in (str(LIST_HELP), spec_help) if p)
            return forms.CharField(
                label=label, required=False, widget=forms.Textarea(attrs={"rows": 2}), help_text=help_text
            )
        case Kind.BOOL:
            return forms.BooleanField(label=label, required=False, help_text=spec_help)
        case _:
            return forms.CharField(label=label, required=False, help_text=spec_help)


class CardForm(forms.Form):
    """A card of one game, as typed in the editor.

    ``to_data()`` gives the interchange dict to hand to the services (or to
    :func:`cards.interchange.parse_card`) and the findings of what could not
    even be read (a number that is not a number, effects that are not JSON).
    """

    name = forms.CharField(
        label=_("Name"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": 200, "autocomplete": "off"}),
    )
    type = forms.CharField(label=_("Type"), required=False)
    set = forms.CharField(
        label=_("Set"), required=False, widget=forms.TextInput(attrs={"maxlength": 64, "autocomplete": "off"})
    )
    # Not stripped: a card's text is kept exactly as typed (line breaks included).
    text = forms.CharField(
        label=_("Text"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 5, "class": "prose"}),
    )
    archetypes = forms.CharField(
        label=_("Archetypes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "class": "prose"}),
        help_text=format_lazy("{} {}", _("As printed on the card."), LIST_HELP),
    )
    effects = forms.CharField(
        label=_("Effects (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_("A JSON list of structured effects; [] for none."),
    )
    revision_note = forms.CharField(
        label=_("Note for the history"),
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("What changed and why (optional)")}),
    )
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, ruleset: RuleSet, *args, card: Card | None = None, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.card = card
        self.fields["type"].widget = forms.Select(
            choices=[(t, type_label(t, ruleset)) for t in ruleset.card_types]
        )
        self.fields["set"].label = _("Set (required)") if ruleset.set_required else _("Set")
        self.specs: dict[str, FieldSpec] = {}
        for spec in ruleset.fields:
            self.fields[spec.name] = _game_field(ruleset, spec)
            self.specs[spec.name] = spec
        # Every field's messages live in a slot the live validation refills.
        for name, field in self.fields.items():
            if not isinstance(field.widget, forms.HiddenInput):
                described = f"errors-{name} help-{name}" if field.help_text else f"errors-{name}"
                field.widget.attrs.setdefault("aria-describedby", described)

    # --- layout ---------------------------------------------------------------------------------
    def game_fields(self) -> list[dict[str, Any]]:
        """Each game field with the card types that have it and require it, and whether the selected type does."""
        selected = self.selected_type()
        out = []
        for name, spec in self.specs.items():
            out.append(
                {
                    "field": self[name],
                    "spec": spec,
                    "types": " ".join(t for t in self.ruleset.card_types if spec.applies_to(t)),
                    "required_for": " ".join(t for t in self.ruleset.card_types if t in spec.required_for),
                    "applies": spec.applies_to(selected),
                    "required": selected in spec.required_for,
                }
            )
        return out

    def has_applicable_fields(self) -> bool:
        selected = self.selected_type()
        return any(spec.applies_to(selected) for spec in self.specs.values())

    def selected_type(self) -> str:
        value = self["type"].value()
        return value if value in self.ruleset.card_types else self.ruleset.card_types[0]

    # --- in and out -------------------------------------------------------------------------------
    @classmethod
    def initial_for(cls, card: Card) -> dict[str, Any]:
        """The form's initial values for a stored card."""
        initial: dict[str, Any] = {
            "name": card.name,
            "type": card.type,
            "set": card.set_code,
            "text": card.text,
            "archetypes": "\n".join(card.archetypes or []),
            "effects": json.dumps(card.effects or [], ensure_ascii=False, indent=2),
            "version": card.version,
        }
        stored = card.game_fields or {}
        for spec in card.ruleset.fields:
            value = stored.get(spec.name)
            if spec.kind is Kind.STR_LIST:
                value = "\n".join(value or [])
            elif spec.kind is Kind.ENUM_LIST:
                value = list(value or [])
            elif spec.kind is Kind.BOOL:
                value = bool(value)
            elif value is None:
                value = ""
            initial[spec.name] = value
        return initial

    def archetypes_typed(self) -> list[str]:
        """The archetypes the form holds: as posted (a refused save keeps them), else its initial ones."""
        source = self.data if self.is_bound else self.initial
        return split_list(source.get("archetypes") or "")

    def to_data(self) -> tuple[dict[str, Any], list[Finding]]:
        """The card typed in, in the interchange format, and what could not be read.

        Game fields the selected type does not have are sent empty (null), so
        that changing a card's type never carries a value it cannot hold. An
        empty input (no box ticked, nothing typed) keeps the card's own empty
        value (null, [] or false), so that saving an untouched form changes nothing.
        """
        if not self.is_bound:
            raise ValueError("to_data() needs a bound form")
        self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        findings: list[Finding] = []
        card_type = cleaned.get("type") or ""
        data: dict[str, Any] = {
            "name": cleaned.get("name", ""),
            "type": card_type,
            "set": cleaned.get("set", ""),
            "text": _lf(cleaned.get("text", "")),
            "archetypes": split_list(cleaned.get("archetypes", "")),
        }
        effects_text = _lf(cleaned.get("effects") or "").strip()
        if effects_text:
            try:
                data["effects"] = guards.loads(effects_text)
            except json.JSONDecodeError as exc:
                why = problem("NOT_JSON", line=exc.lineno, column=exc.colno, detail=exc.msg)
                findings.append(
                    error("FIELD_INVALID", field="effects", params={"field": "effects", **why.params()})
                )
            except guards.BadInput as exc:
                why = problem("NOT_READABLE", detail=str(exc))
                findings.append(
                    error("FIELD_INVALID", field="effects", params={"field": "effects", **why.params()})
                )
        else:
            data["effects"] = []
        for name, spec in self.specs.items():
            if card_type in self.ruleset.card_types and not spec.applies_to(card_type):
                data[name] = None
                continue
            value, why = self._read(spec, cleaned.get(name))
            if why:
                findings.append(error("FIELD_TYPE", field=name, params={"field": name, **why.params()}))
            if self.card is not None:
                stored = (self.card.game_fields or {}).get(name)
                if _empty(value) and _empty(stored):
                    value = stored
            data[name] = value
        return data, findings

    @staticmethod
    def _read(spec: FieldSpec, raw: Any) -> tuple[Any, Problem | None]:
        match spec.kind:
            case Kind.INT:
                text = (raw or "").strip()
                if not text:
                    return None, None
                try:
                    return int(text), None
                except ValueError:
                    return None, problem("NOT_WHOLE_NUMBER", value=text)
            case Kind.ENUM | Kind.STR:
                return (raw.strip() or None) if isinstance(raw, str) else None, None
            case Kind.ENUM_LIST:
                return [item for item in (raw or []) if item], None
            case Kind.STR_LIST:
                return split_list(_lf(raw or "")), None
            case Kind.BOOL:
                return bool(raw), None
        return raw, None

    def show_findings(self, findings: list[Finding]) -> list[Finding]:
        """Attach each finding that names a field of this form to it; return the others."""
        others = []
        for finding in findings:
            name = finding.field
            if name in self.fields and name not in ("version", "revision_note"):
                self.add_error(name, without_path(finding.message, name))
            else:
                others.append(finding)
        return others
