"""Forms of the deck pages: a new deck, an import, a deck's settings, the odds question."""

from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from common import guards
from common.finding_messages import message as finding_message
from common.i18n import game_name
from rules import registry

from .interchange import looks_like_json, parse_decklist
from .models import DeckFormat

MAX_IMPORT_BYTES = 1_000_000


def _format_label(fmt: DeckFormat) -> str:
    return _("%(format)s (default)") % {"format": fmt.label} if fmt.is_default else fmt.label


def format_choices(game: str | None = None) -> list:
    """A game's formats by primary key; without ``game``, every game's, grouped and named with their game."""
    formats = DeckFormat.objects.order_by("game", "-is_default", "key")
    if game:
        return [(f.pk, _format_label(f)) for f in formats.filter(game=game)]
    formats = list(formats)
    groups = []
    for ruleset in registry:
        name = game_name(ruleset)
        options = [(f.pk, f"{name} · {_format_label(f)}") for f in formats if f.game == ruleset.key]
        if options:
            groups.append((name, options))
    return [("", _("— choose a game and its format —")), *groups]


class DeckCreateForm(forms.Form):
    format = forms.TypedChoiceField(label=_("Game and format"), coerce=int)
    name = forms.CharField(
        label=_("Name"),
        max_length=200,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. Échange tempo")}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()

    def deck_data(self) -> dict:
        fmt = DeckFormat.objects.get(pk=self.cleaned_data["format"])
        return {"game": fmt.game, "format": fmt.key, "name": self.cleaned_data["name"], "sections": {}}


def game_choices() -> list:
    return [("", _("— the decklist says (game: …) —")), *((r.key, game_name(r)) for r in registry)]


class DeckImportForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"),
        required=False,
        help_text=_("For a decklist that names no game (no game: line)."),
    )
    file = forms.FileField(
        label=_("Deck file"), required=False, help_text=_("A JSON deck file or a text decklist (UTF-8).")
    )
    text = forms.CharField(
        label=_("Or paste it"),
        required=False,
        widget=forms.Textarea(
            attrs={
                "rows": 7,
                "spellcheck": "false",
                "placeholder": "game: vanguard\nname: Royal Paladin\n\nmain:\n4 Blaster Blade\n4 Wingal",
            }
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if upload is None and not text:
            raise forms.ValidationError(_("Choose a deck file, or paste a decklist or a deck file's JSON."))
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(
                    f"{upload.name}: {upload.size:,} bytes; a deck file is at most {MAX_IMPORT_BYTES:,} bytes."
                )
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(
                    f"{upload.name}: not UTF-8 text (byte {exc.start + 1}); save the file as UTF-8 and try again."
                ) from None
        data["source"] = upload.name if upload is not None else "the pasted text"
        data["content"] = text
        return data

    def deck(self) -> tuple[dict | None, list[str]]:
        """The deck JSON object read from the file or text, or the reasons it cannot be read (nothing is stored)."""
        text, source = self.cleaned_data["content"], self.cleaned_data["source"]
        # A JSON array is a decklist too (Tabletop Simulator codes), and "[BT01#001] Name" a text line.
        if looks_like_json(text):
            try:
                raw = guards.loads(text.lstrip("\ufeff"))
            except json.JSONDecodeError as exc:
                return None, [
                    f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg}); fix it, or paste a text decklist"
                ]
            except guards.BadInput as exc:
                return None, [f"{source}: {exc}"]
            if not isinstance(raw, dict):
                return None, [f"{source}: a deck file is one JSON object with game, name and sections"]
            if self.cleaned_data.get("game"):
                raw.setdefault("game", self.cleaned_data["game"])
            return raw, []
        deck, findings = parse_decklist(text, game=self.cleaned_data.get("game") or None)
        if findings:
            return None, [f"{source}: {finding_message(f)}" for f in findings]
        return deck, []


class DeckSettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    format = forms.TypedChoiceField(label=_("Format"), coerce=int)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices(game)
        self.game = game

    def deck_data(self) -> dict:
        fmt = DeckFormat.objects.get(pk=self.cleaned_data["format"], game=self.game)
        return {"name": self.cleaned_data["name"], "format": fmt.key}


class OddsForm(forms.Form):
    """The odds question: at least K copies of the chosen cards by a turn (or in N cards)."""

    cards = forms.MultipleChoiceField(label=_("Cards"), required=False)
    copies = forms.IntegerField(label=_("At least"), min_value=1, max_value=99, initial=1)
    turn = forms.IntegerField(label=_("By your turn"), min_value=0, max_value=60, initial=1, required=False)
    order = forms.ChoiceField(
        label=_("You play"),
        choices=[("first", _("first")), ("second", _("second"))],
        initial="first",
        required=False,
    )
    seen = forms.IntegerField(label=_("Cards drawn"), min_value=1, max_value=1000, initial=5, required=False)

    def __init__(self, *args, card_choices, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cards"].choices = card_choices
