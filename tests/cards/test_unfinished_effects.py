"""A card written in the editor saves as a draft with an unfinished effect (issue 45, item 2): the
effect is kept, listed with its problem, and the card cannot be VALIDATED until it is finished;
the API and imports still refuse effects that do not meet the schema."""

from __future__ import annotations

import json
import re

import pytest

from cards import services
from cards.models import Card, Status
from common.errors import Conflict, InvalidInput

pytestmark = pytest.mark.django_db

UNFINISHED = {
    "effectId": "DR-N.e1",
    "kind": "triggered",
    "timing": "ON_DEPLOY",
    "targets": [{"id": "unit", "side": "OPPONENT"}],  # what: not chosen yet
    "actions": [{"do": "DRAW", "count": 1}],
}


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def new_card_post(**changes):
    data = {
        "game": "darkrow",
        "name": "Brouillon à effet",
        "type": "UNIT",
        "set": "",
        "text": "À l’entrée : piochez une carte.",
        "archetypes": "Lycéenne\nGadgets",
        "effects": json.dumps([UNFINISHED]),
        "revision_note": "",
        "cost": 2,
        "atk": 2,
        "pv": 2,
    }
    data.update(changes)
    return data


def test_a_draft_with_an_unfinished_effect_saves_and_lists_its_problem(client_as, designer, reviewer):
    client = client_as(designer)
    response = client.post("/cards/new/?game=darkrow", new_card_post())
    assert response.status_code == 302, text(response)[:2000]
    card = Card.objects.get(name="Brouillon à effet")
    assert card.status == Status.DRAFT
    assert card.effects == [UNFINISHED] and card.archetypes == ["Lycéenne", "Gadgets"]
    page = text(client.get(response["Location"]))
    assert "effects[0].targets[0]" in page and "EFFECT_SCHEMA" in page
    # Only VALIDATED needs the problem gone.
    with pytest.raises(Conflict):
        services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)
    # An edit in the editor saves too, and finishing the effect clears the problem.
    finished = {**UNFINISHED, "targets": [{"id": "unit", "what": "UNIT", "side": "OPPONENT"}]}
    data = new_card_post(effects=json.dumps([finished]), version=card.version)
    assert client.post(f"/cards/{card.stable_id}/", data).status_code == 302
    card.refresh_from_db()
    assert card.effects == [finished]
    assert "EFFECT_SCHEMA" not in text(client.get(f"/cards/{card.stable_id}/"))


def test_the_api_still_refuses_an_effect_that_does_not_meet_the_schema(designer):
    with pytest.raises(InvalidInput) as refused:
        services.card_create(
            game="darkrow",
            data={"name": "Par l’API", "type": "UNIT", "cost": 1, "atk": 1, "pv": 1, "effects": [UNFINISHED]},
            user=designer,
        )
    assert any("targets[0]" in str(f.params.get("path", "")) for f in refused.value.findings)


def archetype_panel(page: str) -> str:
    return page.split('id="archetype-keys"', 1)[1].split("</ul>", 1)[0]


def test_after_a_refused_creation_the_archetype_panel_shows_the_archetypes_typed(client_as, designer):
    # Effects that are not JSON: the page refuses the card and keeps what was typed.
    response = client_as(designer).post("/cards/new/?game=darkrow", new_card_post(effects="[{"))
    assert response.status_code == 400
    panel = archetype_panel(text(response))
    assert "No archetype printed" not in panel
    assert "<span>Lycéenne</span>" in panel and "<span>Gadgets</span>" in panel
    assert ">LYCEENNE<" in panel and ">GADGET" in panel


def test_after_a_refused_save_the_archetype_panel_agrees_with_the_field(client_as, designer):
    client = client_as(designer)
    assert client.post("/cards/new/?game=darkrow", new_card_post(archetypes="")).status_code == 302
    card = Card.objects.get(name="Brouillon à effet")
    response = client.post(
        f"/cards/{card.stable_id}/",
        new_card_post(effects="[{", version=card.version, archetypes="Lycéenne\nGadgets"),
    )
    assert response.status_code == 400
    panel = archetype_panel(text(response))
    assert (
        "No archetype printed" not in panel
        and "<span>Lycéenne</span>" in panel
        and "<span>Gadgets</span>" in panel
    )
    card.refresh_from_db()
    assert card.archetypes == []  # nothing saved
    # The saved card's page, unrefused, shows the card's own (none).
    assert "No archetype printed" in archetype_panel(text(client.get(f"/cards/{card.stable_id}/")))
