"""The card pages: permissions per role, search, editor, live validation, transitions, pinned query counts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import services
from cards.models import Card, CardRevision, Status

pytestmark = pytest.mark.django_db


@pytest.fixture
def unit(make_card, designer):
    """A darkrow UNIT in DRAFT, made by the designer."""
    return make_card("darkrow", user=designer, name="Toyama Kazuha", archetypes=["Lycéenne", "Gadgets"])


def validated(card, reviewer):
    return services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)


def editor_post(card, **changes):
    """The editor's POST for ``card`` as it is, with ``changes``."""
    data = {
        "game": card.game,
        "version": card.version,
        "name": card.name,
        "type": card.type,
        "set": card.set_code,
        "text": card.text,
        "archetypes": "\n".join(card.archetypes),
        "effects": "[]",
        "revision_note": "",
    }
    for name, value in (card.game_fields or {}).items():
        data[name] = "" if value is None else value
    data.update(changes)
    return data


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# --- who may see what --------------------------------------------------------------------------
@pytest.mark.parametrize("url", ["/", "/cards/", "/cards/help/", "/cards/new/?game=darkrow", "/cards/DR-X/"])
def test_anonymous_visitors_are_sent_to_log_in(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_playtester_sees_only_validated_cards(client_as, playtester, reviewer, make_card):
    draft = make_card("darkrow", name="Brouillon secret")
    shown = validated(make_card("darkrow", name="Carte validée"), reviewer)
    client = client_as(playtester)
    page = text(client.get("/cards/"))
    assert "Carte validée" in page and "Brouillon secret" not in page
    assert client.get(f"/cards/{draft.stable_id}/").status_code == 404
    detail = client.get(f"/cards/{shown.stable_id}/")
    assert detail.status_code == 200
    assert 'id="card-editor"' not in detail.content.decode()
    assert "Submit for review" not in detail.content.decode()


def test_a_playtester_cannot_open_the_editor_nor_save_nor_validate_live(
    client_as, playtester, reviewer, make_card
):
    card = validated(make_card("darkrow"), reviewer)
    client = client_as(playtester)
    assert client.get("/cards/new/?game=darkrow").status_code == 403
    assert client.post(f"/cards/{card.stable_id}/", editor_post(card, name="Piraté")).status_code == 403
    assert client.post("/cards/validate/", editor_post(card)).status_code == 403
    assert client.post(f"/cards/{card.stable_id}/status/", {"status": "DISABLED"}).status_code == 403
    card.refresh_from_db()
    assert (card.name, card.status) == ("Toyama Kazuha", Status.VALIDATED)


def test_a_designer_submits_a_draft_but_never_sees_validate(client_as, designer, unit):
    page = client_as(designer).get(f"/cards/{unit.stable_id}/").content.decode()
    assert 'id="card-editor"' in page
    assert 'value="NEEDS_REVIEW"' in page and "Submit for review" in page
    assert 'value="VALIDATED"' not in page and ">Validate<" not in page
    services.card_set_status(stable_id=unit.stable_id, status=Status.NEEDS_REVIEW, user=designer)
    page = client_as(designer).get(f"/cards/{unit.stable_id}/").content.decode()
    assert 'value="VALIDATED"' not in page and "Back to draft" in page


def test_a_reviewer_sees_validate_and_disable_but_no_editor(client_as, reviewer, designer, unit):
    services.card_set_status(stable_id=unit.stable_id, status=Status.NEEDS_REVIEW, user=designer)
    page = client_as(reviewer).get(f"/cards/{unit.stable_id}/").content.decode()
    assert 'value="VALIDATED"' in page and ">Validate<" in page
    assert 'value="DISABLED"' in page
    assert 'id="card-editor"' not in page
    assert client_as(reviewer).get("/cards/new/?game=darkrow").status_code == 403


def test_validate_is_shown_disabled_with_the_reason_while_the_card_has_errors(
    client_as, reviewer, designer, make_card
):
    card = make_card("darkrow", user=designer, name="Sans coût", cost=None)
    page = text(client_as(reviewer).get(f"/cards/{card.stable_id}/"))
    assert re.search(r'value="VALIDATED" class="primary" disabled', page)
    assert "Fix the errors listed on this page first" in page
    assert "UNIT cards need a value for cost" in page


# --- browser --------------------------------------------------------------------------------------
@pytest.fixture
def catalogue(make_card, designer):
    return [
        make_card("chesscards", name="Échange équivalent", text="Échange une de tes Pièces"),
        make_card(
            "darkrow", name="Toyama Kazuha", archetypes=["Lycéenne"], text="Rapide : citant Hattori Heiji."
        ),
        make_card("darkrow", name="Agasa", cost=2, atk=1, pv=2, archetypes=["Gadgets"]),
        make_card("darkrow", name="Gin", type="LEADER", cost=None, atk=None, pv=None),
        make_card("vanguard", name="Blaster Blade"),
    ]


def test_search_ignores_accents_and_case(client_as, designer, catalogue):
    page = text(client_as(designer).get("/cards/", {"q": "ECHANGE equivalent"}))
    assert "Échange équivalent" in page
    assert "Agasa" not in page
    assert "<strong>1</strong> card " in page


def test_a_query_that_cannot_be_read_says_why_next_to_the_box(client_as, designer, catalogue):
    for query in [
        "cost<=beaucoup",
        "colour:red",
        'cites:"Hattori',
        "cost<=99999999999999999999999",
        "status:fini",
    ]:
        response = client_as(designer).get("/cards/", {"q": query})
        assert response.status_code == 200
        page = text(response)
        assert "This query cannot be read:" in page, query
        assert 'aria-invalid="true"' in page
        assert "Fix the query above" in page


QUERY_PIECES = st.sampled_from(
    [
        "t:",
        "t=",
        "cost",
        "grade",
        "<=",
        ">",
        "!=",
        ":",
        "=",
        "-",
        '"',
        " or ",
        " ",
        "arch:",
        "cites:",
        "is:",
        "set:",
        "id:",
        "game:",
        "domains:",
        "sentinel",
        "unit",
        "é",
        "%",
        "_",
        "\\",
        "\x00",
        "9",
        "99999999999999999999",
        "status:",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    query=st.lists(QUERY_PIECES, max_size=8).map("".join),
    game=st.sampled_from(["", "darkrow", "vanguard", "nope"]),
)
def test_no_query_ever_breaks_the_page(client_as, designer, catalogue, query, game):
    response = client_as(designer).get("/cards/", {"q": query, "game": game})
    # A NUL character no database can take is refused before the page (studio.middleware).
    assert response.status_code == (400 if "\x00" in query else 200)


def test_the_game_selector_narrows_game_fields(client_as, designer, catalogue):
    page = text(client_as(designer).get("/cards/", {"q": "cost<=2", "game": "darkrow"}))
    assert "Agasa" in page and "Toyama Kazuha" not in page


def test_facets_count_the_results_and_link_to_narrower_queries(client_as, designer, catalogue):
    response = client_as(designer).get("/cards/", {"q": "game:darkrow"})
    facets = {facet["key"]: {f["value"]: f for f in facet["links"]} for facet in response.context["facets"]}
    assert {v: f["count"] for v, f in facets["t"].items()} == {"UNIT": 2, "LEADER": 1}
    assert {v: f["count"] for v, f in facets["arch"].items()} == {"LYCEENNE": 1, "GADGET": 1}
    assert facets["status"]["DRAFT"]["count"] == 3
    assert facets["t"]["UNIT"]["url"] == "?q=game%3Adarkrow+t%3DUNIT"
    assert [facet["title"] for facet in response.context["facets"]] == [
        "Game",
        "Type",
        "Status",
        "Set",
        "Archetype",
    ]
    narrowed = client_as(designer).get("/cards/" + facets["t"]["UNIT"]["url"])
    assert narrowed.context["total"] == 2
    again = {
        f["value"]: f for facet in narrowed.context["facets"] if facet["key"] == "t" for f in facet["links"]
    }
    assert again["UNIT"]["active"] and again["UNIT"]["url"] == "?q=game%3Adarkrow"


def test_grid_and_list_views_and_pages(client_as, designer, make_card):
    for i in range(50):
        make_card("chesscards", name=f"Carte {i:02d}")
    client = client_as(designer)
    grid = client.get("/cards/")
    assert grid.context["view"] == "grid" and 'class="cardgrid"' in grid.content.decode()
    assert grid.content.decode().count('class="cardtile"') == 48
    assert grid.content.decode().count('class="face tileface"') == 48  # each card's face
    listing = client.get("/cards/", {"view": "list", "page": 2})
    assert 'class="cardtable stack"' in listing.content.decode()
    assert [c.name for c in listing.context["page"].object_list] == ["Carte 48", "Carte 49"]
    assert client.get("/cards/", {"page": "many"}).status_code == 200


def test_each_tile_links_to_its_own_card(client_as, designer, make_card):
    """A tile's picture and name both open the tile's card (the address is reversed once a tile)."""
    cards = [make_card("chesscards", name=name) for name in ("Alfil", "Bouclier")]
    page = client_as(designer).get("/cards/").content.decode()
    tiles = re.findall(r'<article class="cardtile".*?</article>', page, re.S)
    assert len(tiles) == 2
    for card, tile in zip(sorted(cards, key=lambda c: c.name), tiles, strict=True):
        assert card.name in tile
        assert re.findall(r'<a href="([^"]*)"', tile) == [reverse("cards:detail", args=[card.stable_id])] * 2


def test_names_sort_ignoring_accents(client_as, designer, make_card):
    for name in ["Zèbre", "Épée", "Bouclier", "échelle"]:
        make_card("chesscards", name=name)
    response = client_as(designer).get("/cards/")
    assert [c.name for c in response.context["page"].object_list] == ["Bouclier", "échelle", "Épée", "Zèbre"]


def test_htmx_gets_only_the_results_and_the_error_slot(client_as, designer, catalogue):
    client = client_as(designer)
    response = client.get("/cards/", {"q": "kazuha"}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert "<html" not in page and "Toyama Kazuha" in page
    assert 'id="query-error"' in page and 'hx-swap-oob="true"' in page
    bad = client.get("/cards/", {"q": "cost<"}, headers={"HX-Request": "true"}).content.decode()
    assert "This query cannot be read:" in bad


def test_the_help_page_documents_keys_with_french_examples(client_as, playtester):
    page = text(client_as(playtester).get("/cards/help/"))
    for example in [
        '"échange équivalent"',
        'cites:"Hattori Heiji"',
        "t:unit cost&lt;=3 arch:lycéenne",
        '!"Blaster Blade"',
        "-(t:unit or t:leader)",
        '"шаг назад"',  # a card by a translated name (issue 28, item 6)
        'n:"step back"',
    ]:
        assert example in page
    assert "Cost (Indices)" in page and "trigger" in page


def test_every_query_the_help_page_shows_runs_and_finds_demo_cards(client_as, playtester, designer):
    """The help page's links, run on the demo cards: each query reads, and each example finds cards."""
    from urllib.parse import parse_qs, urlsplit

    from django.core.management import call_command

    call_command("loaddemo", stdout=__import__("io").StringIO())
    page = client_as(playtester).get("/cards/help/").content.decode()
    links = re.findall(r'href="(/cards/\?q=[^"]+)"', page)
    examples = re.search(r'<ul class="examples" id="examples">(.*?)</ul>', page, re.S).group(1)
    example_links = set(re.findall(r'href="(/cards/\?q=[^"]+)"', examples))
    assert len(links) > 25 and len(example_links) >= 10
    client = client_as(designer)
    for link in links:
        query = parse_qs(urlsplit(link.replace("&amp;", "&")).query)["q"][0]
        response = client.get("/cards/", {"q": query})
        assert response.status_code == 200
        assert not response.context["error"], (query, response.context["error"])
        if link in example_links:
            assert response.context["total"] > 0, f"the help example {query!r} finds no demo card"


# --- dashboard -----------------------------------------------------------------------------------
def test_the_dashboard_counts_cards_by_status_and_provenance_with_links(
    client_as, designer, reviewer, catalogue
):
    validated(catalogue[2], reviewer)
    response = client_as(designer).get("/")
    games = {g["ruleset"].key: g for g in response.context["games"]}
    darkrow = games["darkrow"]
    assert darkrow["total"] == 3
    statuses = {s["value"]: s for s in darkrow["statuses"]}
    assert statuses["DRAFT"]["count"] == 2 and statuses["VALIDATED"]["count"] == 1
    assert statuses["NEEDS_REVIEW"]["url"] == "/cards/?q=game%3Adarkrow+status%3Areview"
    provenance = dict(darkrow["provenance"])
    assert [(p["label"], p["count"]) for p in provenance["Creation"]] == [
        ("Imported", 0),
        ("Manual", 3),
        ("AI generated", 0),
    ]
    assert games["duel"]["total"] == 0
    page = response.content.decode()
    assert "Latest changes" in page and "/cards/?q=game%3Adarkrow+status%3Areview" in page


def test_a_playtester_dashboard_counts_only_validated_cards(client_as, playtester, reviewer, catalogue):
    validated(catalogue[2], reviewer)
    response = client_as(playtester).get("/")
    darkrow = next(g for g in response.context["games"] if g["ruleset"].key == "darkrow")
    assert darkrow["total"] == 1
    assert "Latest changes" not in response.content.decode()
    assert "New card" not in response.content.decode()


# --- editor ----------------------------------------------------------------------------------------
def test_a_designer_creates_a_card_from_the_editor(client_as, designer):
    data = {
        "name": "Mouri Ran",
        "type": "UNIT",
        "cost": "3",
        "atk": "4",
        "pv": "4",
        "archetypes": "Lycéenne, Karaté",
        "effects": "[]",
        "revision_note": "première version",
    }
    response = client_as(designer).post("/cards/new/?game=darkrow", data)
    card = Card.objects.get(name="Mouri Ran")
    assert response.status_code == 302 and response["Location"] == f"/cards/{card.stable_id}/"
    assert (card.status, card.game_fields["cost"], card.archetypes) == (
        Status.DRAFT,
        3,
        ["Lycéenne", "Karaté"],
    )
    assert card.revisions.get().note == "première version"


def test_the_editor_refuses_what_cannot_be_read_and_keeps_the_input(client_as, designer):
    data = {"name": "Mouri Ran", "type": "UNIT", "cost": "trois", "effects": "[{", "text": "Texte à garder"}
    response = client_as(designer).post("/cards/new/?game=darkrow", data)
    assert response.status_code == 400
    assert not Card.objects.exists()
    page = text(response)
    assert "Not saved: 2 problems to fix" in page
    assert "cost must be a whole number, not trois" in page
    # Under its field, the message is the field's problem, as the cost's is (never "effects: effects:").
    assert "<p>effects is not valid JSON at line 1, column 3" in page and "effects: effects:" not in page
    assert "Texte à garder" in page and 'value="Mouri Ran"' in page


def test_the_editor_offers_a_game_choice_without_a_game(client_as, designer):
    page = text(client_as(designer).get("/cards/new/"))
    assert "Which game?" in page and "?game=riftbound" in page
    assert client_as(designer).get("/cards/new/?game=chess").status_code == 400


def test_the_editor_renders_each_kind_of_field(client_as, designer, make_card):
    card = make_card(
        "riftbound",
        user=designer,
        name="Jinx",
        type="CHAMPION_UNIT",
        domains=["FURY", "CHAOS"],
        tags=["Jinx"],
        keywords=["ASSAULT 1", "TANK"],
        energy=3,
        might=2,
        unique=True,
    )
    page = text(client_as(designer).get(f"/cards/{card.stable_id}/"))
    assert re.search(
        r'<input type="number" name="energy" value="3" step="1" inputmode="numeric" min="0"', page
    )
    assert re.search(r'<input type="checkbox" name="domains" value="FURY"[^>]*checked', page)
    assert re.search(r'<input type="checkbox" name="domains" value="CALM"(?![^>]*checked)', page)
    assert re.search(
        r'<textarea name="keywords"[^>]*>\s*ASSAULT 1\nTANK</textarea>'.replace("\\n", " "), page
    )
    assert re.search(r'<input type="checkbox" name="unique"[^>]*checked', page)
    # Fields the type does not have are there for other types, hidden and disabled.
    assert re.search(
        r'id="field-might" data-types="CHAMPION_UNIT UNIT" data-required-for="CHAMPION_UNIT UNIT">', page
    )
    vanguard = make_card("vanguard", user=designer)
    page = text(client_as(designer).get(f"/cards/{vanguard.stable_id}/"))
    assert re.search(r'<select name="trigger"', page)
    assert re.search(
        r'id="field-trigger" data-types="TRIGGER_UNIT" data-required-for="TRIGGER_UNIT" hidden>', page
    )
    assert re.search(r'<input type="number" name="grade" value="2"[^>]*min="0" max="3"', page)


def test_saving_an_edit_writes_a_revision_shown_with_its_diff(client_as, designer, unit):
    client = client_as(designer)
    response = client.post(
        f"/cards/{unit.stable_id}/",
        editor_post(unit, cost="4", text="Nouveau texte", revision_note="plus cher"),
    )
    assert response.status_code == 302
    unit.refresh_from_db()
    assert (unit.version, unit.game_fields["cost"]) == (2, 4)
    page = text(client.get(f"/cards/{unit.stable_id}/"))
    assert "Saved: Toyama Kazuha is now at version 2." in page
    assert "plus cher" in page
    assert re.search(
        r"<code>cost</code></th> <td class=\"value\"><del>3</del></td><td class=\"value\"><ins>4</ins></td>",
        page,
    )
    assert "First values" in page


def test_saving_the_untouched_form_changes_nothing(client_as, designer, make_card):
    card = make_card(
        "riftbound",
        user=designer,
        name="Jinx",
        type="CHAMPION_UNIT",
        domains=["FURY"],
        tags=["Jinx"],
        might=2,
        text="Première ligne.\nDeuxième ligne.\n",
    )
    assert card.game_fields["power"] is None and card.game_fields["keywords"] == []
    client = client_as(designer)
    form = client.get(f"/cards/{card.stable_id}/").context["form"]
    data = {name: value for name, value in form.initial.items() if value not in (None, False, [])}
    data.update(game="riftbound", domains=["FURY"], text="Première ligne.\r\nDeuxième ligne.\r\n")
    response = client.post(f"/cards/{card.stable_id}/", data)
    assert response.status_code == 302
    assert card.revisions.count() == 1
    assert "Nothing changed" in text(client.get(f"/cards/{card.stable_id}/"))


def test_an_out_of_range_value_is_saved_as_a_draft_and_reported(client_as, designer, unit):
    client = client_as(designer)
    assert client.post(f"/cards/{unit.stable_id}/", editor_post(unit, pv="0")).status_code == 302
    page = text(client.get(f"/cards/{unit.stable_id}/"))
    assert "pv is 0; it must be at least 1" in page


def test_changing_the_type_clears_the_fields_it_does_not_have(client_as, designer, unit):
    client_as(designer).post(f"/cards/{unit.stable_id}/", editor_post(unit, type="LEADER"))
    unit.refresh_from_db()
    assert unit.type == "LEADER" and unit.game_fields["cost"] is None and unit.game_fields["atk"] is None


def test_a_stale_save_is_refused_keeps_the_input_and_offers_to_reload(
    client_as, designer, reviewer, make_user, unit
):
    other = make_user("designer", username="olga")
    services.card_update(
        stable_id=unit.stable_id, data={"cost": 5}, user=other, expected_version=1, note="rééquilibrage"
    )
    client = client_as(designer)
    response = client.post(f"/cards/{unit.stable_id}/", editor_post(unit, name="Kazuha (mon idée)", cost="2"))
    assert response.status_code == 409
    unit.refresh_from_db()
    assert (unit.name, unit.game_fields["cost"], unit.version) == ("Toyama Kazuha", 5, 2)
    page = text(response)
    assert "Not saved: this card changed while you were editing it" in page
    assert "You started from version 1; it is now at version 2." in page
    assert 'value="Kazuha (mon idée)"' in page and 'name="cost" value="2"' in page
    assert "by olga" in page and "rééquilibrage" in page
    assert f'href="/cards/{unit.stable_id}/" data-discard>Reload the current card' in page
    # Saving over it, knowingly, works (and stays in the history).
    overwrite = editor_post(unit, name="Kazuha (mon idée)", cost="2", version="1", overwrite_version="2")
    assert client.post(f"/cards/{unit.stable_id}/", overwrite).status_code == 302
    unit.refresh_from_db()
    assert (unit.name, unit.version) == ("Kazuha (mon idée)", 3)


@pytest.mark.parametrize(
    "sent", [{"version": "x1"}, {"version": "1", "overwrite_version": "x2"}, {"version": "²"}]
)
def test_a_malformed_version_is_refused_never_taken_as_no_version(client_as, designer, make_user, unit, sent):
    other = make_user("designer", username="olga")
    services.card_update(stable_id=unit.stable_id, data={"cost": 5}, user=other, expected_version=1)
    response = client_as(designer).post(
        f"/cards/{unit.stable_id}/", editor_post(unit, name="Kazuha (mon idée)", cost="2", **sent)
    )
    assert response.status_code == 400
    unit.refresh_from_db()
    assert (unit.name, unit.game_fields["cost"], unit.version) == ("Toyama Kazuha", 5, 2)
    page = text(response)
    assert "Not saved: 1 problem to fix" in page
    assert "the version sent is not a version number; reload the card" in page
    assert 'value="Kazuha (mon idée)"' in page


def test_editing_a_validated_card_sends_it_back_to_review_and_says_so(client_as, designer, reviewer, unit):
    unit = validated(unit, reviewer)
    client = client_as(designer)
    client.post(f"/cards/{unit.stable_id}/", editor_post(unit, text="Retouché"))
    unit.refresh_from_db()
    assert unit.status == Status.NEEDS_REVIEW
    assert "went from Validated to Needs review" in text(client.get(f"/cards/{unit.stable_id}/"))


# --- live validation -------------------------------------------------------------------------------------
def test_live_validation_reports_rule_findings_at_their_fields(client_as, designer):
    client = client_as(designer)
    data = {
        "game": "darkrow",
        "name": "Mouri Ran",
        "type": "UNIT",
        "cost": "",
        "atk": "4",
        "pv": "0",
        "effects": "[]",
    }
    page = text(client.post("/cards/validate/", data))
    assert "UNIT cards need a value for cost" in page
    assert (
        '<div class="errors" id="errors-cost" hx-swap-oob="true"><p>UNIT cards need a value for cost</p></div>'
        in page
    )
    assert "pv is 0; it must be at least 1" in page
    assert '<div class="errors" id="errors-name" hx-swap-oob="true"></div>' in page
    done = text(client.post("/cards/validate/", {**data, "cost": "3", "pv": "4", "archetypes": "Gadgets"}))
    assert "No problem found" in done
    assert '<div class="errors" id="errors-cost" hx-swap-oob="true"></div>' in done
    assert "<code>GADGET</code>" in done
    assert not Card.objects.exists()


def test_live_validation_reports_shape_errors_and_effects_json(client_as, designer):
    client = client_as(designer)
    page = text(
        client.post(
            "/cards/validate/", {"game": "darkrow", "name": "", "type": "UNIT", "effects": '[{"a": 1,]'}
        )
    )
    # The message as a field's problem ("effects is not valid JSON...", as "cost must be a whole
    # number"), never "effects: effects: ...", and under the field.
    assert (
        "<strong>effects</strong></a>: effects is not valid JSON at line 1, column 10: Expecting property name enclosed in double quotes"
        in page
    )
    assert "effects: effects:" not in page
    assert 'id="errors-effects" hx-swap-oob="true"><p>effects is not valid JSON at line 1, column 10' in page
    page = text(
        client.post(
            "/cards/validate/", {"game": "darkrow", "name": "", "type": "UNIT", "effects": '{"a": 1}'}
        )
    )
    assert "<strong>name</strong></a>: name is required: a text that is not empty" in page
    assert 'id="errors-name" hx-swap-oob="true"><p>name is required: a text that is not empty' in page
    assert "<strong>effects</strong></a>: effects must be a list of objects" in page
    assert "name: name:" not in page
    assert client.post("/cards/validate/", {"game": "nope"}).status_code == 400


# --- transitions -------------------------------------------------------------------------------------------
def test_a_designer_submits_for_review_and_a_reviewer_validates_with_a_note(
    client_as, designer, reviewer, unit
):
    response = client_as(designer).post(
        f"/cards/{unit.stable_id}/status/", {"status": "NEEDS_REVIEW", "version": 1}
    )
    assert response.status_code == 302
    unit.refresh_from_db()
    assert unit.status == Status.NEEDS_REVIEW
    client_as(reviewer).post(
        f"/cards/{unit.stable_id}/status/", {"status": "VALIDATED", "note": "Bon pour moi", "version": 2}
    )
    unit.refresh_from_db()
    assert unit.status == Status.VALIDATED
    assert CardRevision.objects.filter(card=unit).latest("version").note == "Bon pour moi"
    assert "Toyama Kazuha is now Validated." in text(client_as(reviewer).get(f"/cards/{unit.stable_id}/"))


def test_transitions_refused_say_why(client_as, designer, reviewer, make_card, unit):
    assert (
        client_as(designer).post(f"/cards/{unit.stable_id}/status/", {"status": "VALIDATED"}).status_code
        == 403
    )
    client = client_as(reviewer)
    broken = make_card("darkrow", name="Sans coût", cost=None)
    client.post(f"/cards/{broken.stable_id}/status/", {"status": "VALIDATED"})
    page = text(client.get(f"/cards/{broken.stable_id}/"))
    assert "Not changed: the card cannot be validated (VALIDATED) while its rule set reports errors" in page
    client.post(f"/cards/{unit.stable_id}/status/", {"status": "DISABLED", "version": 99})
    assert "Not changed: the card changed since you opened it" in text(
        client.get(f"/cards/{unit.stable_id}/")
    )
    assert Card.objects.get(pk=unit.pk).status == Status.DRAFT
    for version in ("²", "abc", "-1"):  # never taken as "no version", which would skip the check
        client.post(f"/cards/{unit.stable_id}/status/", {"status": "DISABLED", "version": version})
        assert "Not changed: the version sent is not a version number" in text(
            client.get(f"/cards/{unit.stable_id}/")
        )
    assert Card.objects.get(pk=unit.pk).status == Status.DRAFT


def test_a_note_with_a_nul_character_is_refused_and_nothing_moves(client_as, reviewer, unit):
    client = client_as(reviewer)
    client.post(f"/cards/{unit.stable_id}/status/", {"status": "DISABLED", "note": "a\x00b", "version": 1})
    assert "Not changed: note contains a NUL character" in text(client.get(f"/cards/{unit.stable_id}/"))
    assert Card.objects.get(pk=unit.pk).status == Status.DRAFT
    assert CardRevision.objects.filter(card=unit).count() == 1


def test_the_detail_shows_provenance_archetype_keys_and_history(client_as, reviewer, designer, unit):
    page = text(client_as(reviewer).get(f"/cards/{unit.stable_id}/"))
    assert "Lycéenne</span>" in page and "<code>LYCEENNE</code>" in page
    assert "Gadgets</span>" in page and "<code>GADGET</code>" in page
    assert 'Manual <code class="muted">MANUAL</code>' in page
    assert "by dana" in page
    assert "v1</span> <strong>Created</strong> by dana" in page


# --- query counts ----------------------------------------------------------------------------------------
def queries(django_assert_max_num_queries, client, url, limit):
    with django_assert_max_num_queries(limit) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


# Session (and the permissions stamp), user, their groups (navigation), the header's unread count
# (comments), then the page's own reads: the user's permissions are kept from their first request
# (studio.permissions).
PAGES = [
    # + card counts (one aggregate for every game), decks by verdict (one aggregate), latest changes;
    # designers and reviewers: the review state of every game (audits, cards and import conflicts: three aggregates).
    ("/", 10),
    # + facets (one aggregate, also the total), the page of cards, the reader's translations of the
    # page's cards (one query; none when every card is written in the reader's language)
    ("/cards/", 7),
    ("/cards/?view=list&q=t:unit", 7),
    ("/cards/?q=game:darkrow status:draft&game=darkrow", 7),
    ("/cards/help/", 4),
]


@pytest.mark.parametrize("role", ["designer", "reviewer", "playtester"])
def test_page_queries_do_not_grow_with_the_number_of_cards(
    django_assert_max_num_queries, client_as, make_user, reviewer, make_card, role
):
    client = client_as(make_user(role, username=f"{role}-q"))
    client.get("/cards/help/")  # the user's permissions read, then kept

    def add(n):
        for _ in range(n):
            validated(
                make_card(
                    "darkrow",
                    name=f"Carte {Card.objects.count()}",
                    archetypes=["Lycéenne", f"Club {Card.objects.count()}"],
                ),
                reviewer,
            )

    add(5)
    few = [queries(django_assert_max_num_queries, client, url, limit) for url, limit in PAGES]
    add(25)
    many = [queries(django_assert_max_num_queries, client, url, limit) for url, limit in PAGES]
    assert few == many


def test_detail_queries_do_not_grow_with_the_history(
    django_assert_max_num_queries, client_as, designer, unit
):
    client = client_as(designer)
    url = f"/cards/{unit.stable_id}/"
    client.get("/cards/help/")  # the designer's permissions read, then kept (studio.permissions)

    def edit(n):
        for _ in range(n):
            card = Card.objects.get(pk=unit.pk)
            services.card_update(
                stable_id=card.stable_id, data={"text": f"v{card.version + 1}"}, user=designer
            )

    # 6 (the permissions kept, the header's unread count), + the artwork gallery: variants, their renditions, the artwork history (tests/artwork/test_views.py),
    # + the card's translations (one query, whatever their number), + its play figures (one query),
    # + its comment threads (their replies only when there are some) and whether the reader watches it,
    # + the bots' figures of the card (the simulation lab: one query, apart from the people's),
    # + its game's face template (the regions of its face a thread may be about: one query).
    edit(5)
    few = queries(django_assert_max_num_queries, client, url, 14)
    edit(30)
    many = queries(django_assert_max_num_queries, client, url, 14)
    assert few == many


def test_the_browser_counts_a_bounded_number_of_matches(client_as, designer, catalogue, monkeypatch):
    from cards import views

    monkeypatch.setattr(views, "FACET_LIMIT", 3)
    response = client_as(designer).get("/cards/")
    assert response.context["total"] == 3 and response.context["total_capped"]
    assert "3+" in response.content.decode()
    narrow = client_as(designer).get("/cards/", {"q": "game:darkrow t:unit"})
    assert narrow.context["total"] == 2 and not narrow.context["total_capped"]


def test_the_query_order_wins_over_the_sort_menu(client_as, designer, catalogue):
    response = client_as(designer).get("/cards/", {"q": "game:darkrow order:name dir:desc", "sort": "id"})
    assert [c.name for c in response.context["page"]] == ["Toyama Kazuha", "Gin", "Agasa"]
