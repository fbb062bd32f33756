"""The deck pages: permissions per role, builder changes, import and export, stale verdicts, pinned query counts."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.urls import reverse

from cards import services as card_services
from cards.models import Card, Status
from decks import services
from decks.models import Deck, DeckEntry

from .pages import HTMX, small_duel, text

pytestmark = pytest.mark.django_db


def urls(deck) -> list[str]:
    return [
        reverse("decks:detail", args=[deck.pk]),
        reverse("decks:stats", args=[deck.pk]),
        reverse("decks:draws", args=[deck.pk]) + "?seed=1",
        reverse("decks:odds", args=[deck.pk]),
        reverse("decks:export", args=[deck.pk]) + "?as=text",
        reverse("decks:panel", args=[deck.pk]),
    ]


# --- who may see what -------------------------------------------------------------------------------
def test_anonymous_visitors_are_sent_to_log_in(client, duel_deck):
    for url in [reverse("decks:list"), *urls(duel_deck)]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login"))
    response = client.post(reverse("decks:add", args=[duel_deck.pk]), {"card": "DU-EX-001"})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert DeckEntry.objects.filter(deck=duel_deck, card__stable_id="DU-EX-001").get().count == 4


def test_a_user_without_a_role_is_refused(client_as, make_user, duel_deck):
    client = client_as(make_user(username="nobody"))
    assert client.get(reverse("decks:list")).status_code == 403
    assert client.get(reverse("decks:detail", args=[duel_deck.pk])).status_code == 403


def test_a_playtester_sees_and_changes_only_their_decks(client_as, make_user, playtester, duel_deck):
    other = small_duel(make_user("playtester", username="olga"), name="Le deck d’Olga")
    client = client_as(playtester)
    listing = text(client.get(reverse("decks:list")))
    assert "Example duel deck" in listing and "Le deck d’Olga" not in listing
    assert "Owner" not in listing
    for url in urls(duel_deck):
        assert client.get(url).status_code == 200, url
    for url in urls(other):
        assert client.get(url).status_code == 404, url
    response = client.post(reverse("decks:add", args=[other.pk]), {"card": "DU-EX-002"})
    assert response.status_code == 404
    assert not DeckEntry.objects.filter(deck=other, card__stable_id="DU-EX-002").exists()
    page = text(client.get(reverse("decks:detail", args=[duel_deck.pk])))
    assert 'id="id_q"' in page and "One copy more of Example Light Squire" in page


def test_a_reviewer_sees_every_deck_but_changes_only_their_own(client_as, reviewer, playtester, duel_deck):
    client = client_as(reviewer)
    listing = text(client.get(reverse("decks:list")))
    assert "Example duel deck" in listing and "Owner" in listing and "paula" in listing
    page = client.get(reverse("decks:detail", args=[duel_deck.pk]))
    assert page.status_code == 200
    shown = text(page)
    assert "Construction valid" in shown
    assert 'id="id_q"' not in shown and "One copy more" not in shown and "Deck settings" not in shown
    response = client.post(reverse("decks:add", args=[duel_deck.pk]), {"card": "DU-EX-002"}, **HTMX)
    assert response.status_code == 403
    response = client.post(
        reverse("decks:entry", args=[duel_deck.pk]),
        {"section": "main", "position": 0, "ref": "DU-EX-001", "count": 0},
        **HTMX,
    )
    assert response.status_code == 403
    assert client.post(reverse("decks:delete", args=[duel_deck.pk])).status_code == 403
    assert DeckEntry.objects.filter(deck=duel_deck).count() == 13
    assert client.get(reverse("decks:search", args=[duel_deck.pk])).status_code == 403


def test_a_designer_builds_decks_and_sees_unvalidated_cards_marked(client_as, designer, duel, make_card):
    draft = make_card("duel", name="Brouillon de duel", user=designer)
    deck = small_duel(designer)
    client = client_as(designer)
    results = text(client.get(reverse("decks:search", args=[deck.pk]), {"q": "brouillon"}))
    assert "Brouillon de duel" in results and "Draft: not playable" in results
    client.post(reverse("decks:add", args=[deck.pk]), {"card": draft.stable_id})
    page = text(client.get(reverse("decks:detail", args=[deck.pk])))
    assert "CARD_NOT_VALIDATED" in page and f"{draft.stable_id}) is Draft" in page


def test_a_playtester_searches_validated_cards_only(client_as, playtester, duel, make_card, designer):
    make_card("duel", name="Brouillon de duel", user=designer)
    deck = small_duel(playtester)
    results = text(
        client_as(playtester).get(reverse("decks:search", args=[deck.pk]), {"q": "t:monster level>=7"})
    )
    assert (
        "Example Dark Dragon" in results
        and "Example Neutral Titan" in results
        and "Example Squire" not in results
    )
    assert "Brouillon" not in text(
        client_as(playtester).get(reverse("decks:search", args=[deck.pk]), {"q": "brouillon"})
    )
    bad = text(client_as(playtester).get(reverse("decks:search", args=[deck.pk]), {"q": "level<="}))
    assert "This query cannot be read" in bad


# --- building ----------------------------------------------------------------------------------------
def test_adding_cards_updates_the_verdict_live(client_as, playtester, duel):
    deck = small_duel(playtester, **{"DU-EX-001": 36})
    client = client_as(playtester)
    response = client.post(reverse("decks:add", args=[deck.pk]), {"card": "DU-EX-009"}, **HTMX)
    assert response.status_code == 200 and response["HX-Trigger"] == "deckChanged"
    panel = text(response)
    assert "Main deck has 37 cards; it must have exactly 40" in panel
    assert 'data-code="DECK_SIZE"' in panel
    response = client.post(reverse("decks:add", args=[deck.pk]), {"card": "DU-EX-009", "count": 3}, **HTMX)
    panel = text(response)
    assert "Construction valid" in panel and "No problem found" in panel
    deck.refresh_from_db()
    assert deck.legal and deck.counts == {"main": 40}
    assert list(deck.entries.values_list("ref", "count")) == [("DU-EX-001", 36), ("DU-EX-009", 4)]


def test_steppers_set_and_remove_entries(client_as, playtester, duel):
    deck = small_duel(playtester, **{"DU-EX-001": 3, "DU-EX-002": 2})
    client = client_as(playtester)
    url = reverse("decks:entry", args=[deck.pk])
    client.post(url, {"section": "main", "position": 1, "ref": "DU-EX-002", "delta": 1, "count": 2}, **HTMX)
    client.post(url, {"section": "main", "position": 0, "ref": "DU-EX-001", "count": 7}, **HTMX)
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-001": 7, "DU-EX-002": 3}
    client.post(url, {"section": "main", "position": 0, "ref": "DU-EX-001", "count": 0}, **HTMX)
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-002": 3}
    # Without JavaScript: the same forms, then back to the builder.
    response = client.post(url, {"section": "main", "position": 0, "ref": "DU-EX-002", "delta": -1})
    assert response.status_code == 302 and response["Location"] == reverse("decks:detail", args=[deck.pk])
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-002": 2}


def test_a_change_made_on_an_outdated_page_is_refused_and_changes_nothing(client_as, playtester, duel):
    deck = small_duel(playtester, **{"DU-EX-001": 3, "DU-EX-002": 2})
    client = client_as(playtester)
    response = client.post(
        reverse("decks:entry", args=[deck.pk]),
        {"section": "main", "position": 0, "ref": "DU-EX-002", "count": 9},
        **HTMX,
    )
    # A refusal is a message for the place the player acted (studio/refusals.js), not a new panel.
    assert response.status_code == 409 and response["X-Refusal"] == "message"
    assert "Not changed: main changed since this page was shown" in text(response)
    assert 'role="alert"' in text(response) and 'id="deck"' not in text(response)
    bad = client.post(
        reverse("decks:entry", args=[deck.pk]),
        {"section": "main", "position": 0, "ref": "DU-EX-001", "count": 5000},
        **HTMX,
    )
    assert bad.status_code == 400
    assert "count must be a whole number from 0 (remove) to 1000" in text(bad)
    unknown = client.post(reverse("decks:add", args=[deck.pk]), {"card": "DU-NOPE"}, **HTMX)
    assert "Not changed: DU-NOPE is no duel card" in text(unknown)
    assert dict(deck.entries.values_list("ref", "count")) == {"DU-EX-001": 3, "DU-EX-002": 2}


def test_cards_go_to_their_home_section_and_picks(client_as, playtester, load_cards):
    load_cards("darkrow", "riftbound")
    client = client_as(playtester)
    darkrow = services.deck_create(data={"game": "darkrow", "name": "Osaka"}, user=playtester)
    client.post(reverse("decks:add", args=[darkrow.pk]), {"card": "DR-L03"}, **HTMX)
    client.post(reverse("decks:add", args=[darkrow.pk]), {"card": "DR-U02"}, **HTMX)
    assert set(darkrow.entries.values_list("section", "ref")) == {("leaders", "DR-L03"), ("main", "DR-U02")}
    page = text(
        client.post(
            reverse("decks:pick", args=[darkrow.pk]), {"pick": "activeLeader", "card": "DR-L03"}, **HTMX
        )
    )
    assert 'option value="DR-L03" selected' in page
    darkrow.refresh_from_db()
    assert not any(v["code"] == "ACTIVE_LEADER" for v in darkrow.violations)

    rift = services.deck_create(data={"game": "riftbound", "name": "Fureur"}, user=playtester)
    for card in ("RB-EX-001", "RB-EX-002", "RB-EX-017", "RB-EX-019"):
        client.post(reverse("decks:add", args=[rift.pk]), {"card": card}, **HTMX)
    entries = set(rift.entries.values_list("kind", "section", "ref"))
    assert entries == {
        ("PICK", "legend", "RB-EX-001"),
        ("CARD", "main", "RB-EX-002"),
        ("CARD", "runes", "RB-EX-017"),
        ("CARD", "battlefields", "RB-EX-019"),
    }
    page = text(
        client.post(reverse("decks:pick", args=[rift.pk]), {"pick": "champion", "card": "RB-EX-002"}, **HTMX)
    )
    assert "Example Hero Champion (RB-EX-002)" in page
    assert "no Chosen Champion" not in page
    cleared = text(client.post(reverse("decks:pick", args=[rift.pk]), {"pick": "legend", "card": ""}, **HTMX))
    assert "no Legend: pick the Legend" in cleared


def test_each_violation_points_at_its_card_and_section(client_as, playtester, load_cards):
    load_cards("darkrow")
    deck = services.deck_create(
        data={
            "game": "darkrow",
            "name": "Mixte",
            "sections": {"main": [{"card": "DR-U02", "count": 4}, {"card": "DR-O01"}, {"card": "Inconnue"}]},
        },
        user=playtester,
    )
    page = client_as(playtester).get(reverse("decks:detail", args=[deck.pk])).content.decode()
    row = re.search(r'<tr id="(s0-e1)"[^>]*data-card="DR-O01"', page)
    assert row, "the entry of DR-O01 has an anchor"
    # DR-O01 is NEEDS_REVIEW: for a playtester it does not exist (its name and status stay hidden).
    unknown = re.search(
        r'<li class="error" data-code="UNKNOWN_CARD" data-section="main" data-card="DR-O01">(.*?)</li>',
        page,
        re.S,
    )
    assert unknown and f'href="#{row.group(1)}"' in unknown.group(1)
    assert "Casque de moto" not in page and "NEEDS_REVIEW" not in page
    assert re.search(
        r'data-code="COPY_LIMIT" data-section="main" data-card="DR-U02">.*?href="#s0-e0"', page, re.S
    )
    assert re.search(
        r'data-code="UNKNOWN_CARD" data-section="main" data-card="Inconnue">.*?href="#s0-e2"', page, re.S
    )
    # No Leader candidate: a warning on the active Leader, never an error (FORMATS.md v1.1).
    assert "LEADER_CANDIDATES" not in page
    assert re.search(
        r'data-code="ACTIVE_LEADER" data-section="activeLeader">.*?href="#pick-activeLeader"', page, re.S
    )
    assert "Not ready to play" in page


# --- stale decks -----------------------------------------------------------------------------------
def test_a_stale_deck_is_marked_and_never_shown_legal_from_its_old_result(client_as, playtester, duel_deck):
    # A card disabled without the revalidation having run yet (a broker outage, a busy worker).
    Card.objects.filter(stable_id="DU-EX-003").update(status=Status.DISABLED)
    Deck.objects.filter(pk=duel_deck.pk).update(stale=True)
    client = client_as(playtester)
    page = text(client.get(reverse("decks:detail", args=[duel_deck.pk])))
    assert "Stale" in page and "Construction not valid" in page and "Checked just now" in page
    assert "Example Steel Golem (DU-EX-003) is Disabled" in page
    listing = text(client.get(reverse("decks:list")))
    assert "badge stale" in listing and "badge illegal" in listing and "badge legal" not in listing
    assert "Example duel deck" in text(client.get(reverse("decks:list"), {"verdict": "stale"}))
    assert "Example duel deck" not in text(client.get(reverse("decks:list"), {"verdict": "legal"}))


def test_disabling_a_card_makes_the_deck_illegal_itemized(
    client_as, playtester, reviewer, duel_deck, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # the revalidation runs once the change commits
        card_services.card_set_status(
            stable_id="DU-EX-003", status=Status.DISABLED, user=reviewer, note="doublon"
        )
    page = text(client_as(playtester).get(reverse("decks:detail", args=[duel_deck.pk])))
    assert "Construction not valid" in page and 'data-verdict="stale"' not in page
    assert (
        "Main deck: Example Steel Golem (DU-EX-003) is Disabled; only validated cards may be played" in page
    )


def test_the_panel_answers_only_when_the_deck_changed(client_as, playtester, duel_deck):
    client = client_as(playtester)
    page = client.get(reverse("decks:detail", args=[duel_deck.pk])).content.decode()
    token = re.search(r"panel/\?since=([^\"]+)\"", page).group(1).replace("&amp;", "&")
    from urllib.parse import unquote

    url = reverse("decks:panel", args=[duel_deck.pk])
    assert client.get(url, {"since": unquote(token)}).status_code == 204
    Deck.objects.filter(pk=duel_deck.pk).update(stale=True)
    changed = client.get(url, {"since": unquote(token)})
    assert changed.status_code == 200 and "Stale" in text(changed)


# --- new decks, import and export ---------------------------------------------------------------------
def test_creating_a_deck(client_as, playtester, duel):
    from decks.models import DeckFormat

    fmt = DeckFormat.objects.get(game="duel", key="standard")
    client = client_as(playtester)
    response = client.post(reverse("decks:create"), {"format": fmt.pk, "name": "Échange équivalent"})
    deck = Deck.objects.get(name="Échange équivalent")
    assert response.status_code == 302 and response["Location"] == reverse("decks:detail", args=[deck.pk])
    assert (deck.game, deck.format, deck.owner) == ("duel", fmt, playtester)
    refused = client.post(reverse("decks:create"), {"format": 999999, "name": "x"})
    assert refused.status_code == 400 and Deck.objects.count() == 1


DECKLIST = """game: duel
name: Échange équivalent
owner: quelqu'un d'autre

main:
20 Example Light Squire
10x Example Dark Imp
DU-EX-009
"""


def test_importing_a_text_decklist_makes_it_yours(client_as, playtester, duel):
    client = client_as(playtester)
    response = client.post(reverse("decks:import"), {"text": DECKLIST})
    deck = Deck.objects.get(name="Échange équivalent")
    assert response.status_code == 302 and deck.owner == playtester
    assert list(deck.entries.values_list("ref", "count")) == [
        ("Example Light Squire", 20),
        ("Example Dark Imp", 10),
        ("DU-EX-009", 1),
    ]
    page = text(client.get(response["Location"]))
    assert "Main deck has 31 cards; it must have exactly 40" in page


def test_importing_a_file_upload(client_as, playtester, duel, demo_deck):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(
        "duel.deck.json", json.dumps(demo_deck("duel-example")).encode(), content_type="application/json"
    )
    response = client_as(playtester).post(reverse("decks:import"), {"file": upload})
    assert response.status_code == 302
    assert Deck.objects.get(name="Example duel deck").legal


@pytest.mark.parametrize(
    "content, expected",
    [
        ('{"game": "duel", "sections": {"main": [}', "not valid JSON at line 1, column 40"),
        (
            "main:\n0 Example Light Squire\n",
            "line 2 of the decklist (0 Example Light Squire) cannot be read: the count must be from 1 to 1000",
        ),
        ("main:\n4 Example Light Squire\n", "game is required: write a header line such as 'game: vanguard'"),
        ("game: belote\nmain:\n1 As\n", "belote"),
        (
            "game: duel\nformat: vintage\nmain:\n1 Example Spell\n",
            "duel has no format vintage; use one of standard",
        ),
        (
            '{"game": "duel", "sections": {"main": [{"card": "DU-EX-001", "count": 0}]}}',
            "sections.main[0].count must be a whole number from 1 to 1000",
        ),
        ('["a", "list"]', "it is a JSON array but not one of Tabletop Simulator codes"),
    ],
)
def test_an_import_that_cannot_be_read_says_why_and_stores_nothing(
    client_as, playtester, duel, content, expected
):
    response = client_as(playtester).post(reverse("decks:import"), {"text": content})
    assert response.status_code == 400
    page = text(response)
    assert "Nothing was imported" in page and expected in page
    assert Deck.objects.count() == 0 and DeckEntry.objects.count() == 0


def test_an_upload_that_is_not_utf8_is_refused(client_as, playtester, duel):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("deck.txt", "game: duel\nmain:\n1 Épée\n".encode("latin-1"))
    response = client_as(playtester).post(reverse("decks:import"), {"file": upload})
    assert response.status_code == 400 and "not UTF-8 text" in text(response)
    assert client_as(playtester).post(reverse("decks:import"), {}).status_code == 400
    assert Deck.objects.count() == 0


def test_export_text_and_json_round_trip(client_as, playtester, duel):
    deck = services.deck_create(
        data={
            "game": "duel",
            "name": "Échange équivalent",
            "sections": {"main": [{"card": "Example Light Squire", "count": 3}, {"card": "Inconnue"}]},
        },
        user=playtester,
    )
    client = client_as(playtester)
    as_text = client.get(reverse("decks:export", args=[deck.pk]), {"as": "text"})
    assert as_text["Content-Type"] == "text/plain; charset=utf-8"
    assert (
        "attachment" in as_text["Content-Disposition"]
        and "echange-equivalent.txt" in as_text["Content-Disposition"]
    )
    body = as_text.content.decode("utf-8")
    assert body.splitlines()[:3] == ["game: duel", "format: standard", "name: Échange équivalent"]
    assert "3 Example Light Squire" in body and "1 Inconnue" in body
    as_json = client.get(reverse("decks:export", args=[deck.pk]), {"as": "json"})
    data = json.loads(as_json.content.decode("utf-8"))
    assert data["sections"]["main"] == [{"card": "DU-EX-001", "count": 3}, {"card": "Inconnue", "count": 1}]
    assert "Échange équivalent" in as_json.content.decode("utf-8")  # not escaped
    # What was exported imports again as the same deck.
    client.post(reverse("decks:import"), {"text": body})
    again = Deck.objects.exclude(pk=deck.pk).get()
    assert [(e.card_id, e.count, e.ref) for e in again.entries.order_by("position")] == [
        (Card.objects.get(stable_id="DU-EX-001").pk, 3, "Example Light Squire"),
        (None, 1, "Inconnue"),
    ]


def test_settings_and_delete(client_as, playtester, duel):
    deck = small_duel(playtester)
    client = client_as(playtester)
    client.post(reverse("decks:settings", args=[deck.pk]), {"name": "Renommé", "format": deck.format_id})
    deck.refresh_from_db()
    assert deck.name == "Renommé"
    response = client.post(reverse("decks:delete", args=[deck.pk]))
    assert response.status_code == 302 and not Deck.objects.filter(pk=deck.pk).exists()


# --- statistics and draws --------------------------------------------------------------------------------
def test_statistics_show_the_level_curve_and_types(client_as, playtester, duel_deck):
    page = text(client_as(playtester).get(reverse("decks:stats", args=[duel_deck.pk])))
    assert "Level (stars) curve" in page and "<svg" in page
    # The demo deck: 4 copies of each level 1-4 monster, then 2, 2, 1, 1; 18 cards without level.
    assert re.search(
        r'<th scope="row">1</th><td>4</td>.*<th scope="row">8</th><td>1</td>.*<th scope="row">none</th><td>18</td>',
        page,
    )
    assert (
        '<th scope="row">Monster</th><td>22</td>' in page and '<th scope="row">Spell</th><td>5</td>' in page
    )


# --- the dashboard -----------------------------------------------------------------------------------
def test_dashboard_counts_decks_by_verdict(client_as, playtester, reviewer, make_user, duel_deck):
    small_duel(playtester, name="Incomplet")
    small_duel(make_user("playtester", username="olga"), name="Autre")
    Deck.objects.filter(name="Autre").update(stale=True)
    mine = client_as(playtester).get("/").content.decode()
    duel_counts = re.search(r'data-decks="duel">(.*?)</ul>', mine, re.S).group(1)
    counts = dict(re.findall(r'badge (legal|illegal|stale)">\w+</span> <b>(\d+)</b>', duel_counts))
    assert counts == {"legal": "1", "illegal": "1", "stale": "0"}
    assert "Your decks" in mine
    everyone = client_as(reviewer).get("/").content.decode()
    duel_counts = re.search(r'data-decks="duel">(.*?)</ul>', everyone, re.S).group(1)
    assert dict(re.findall(r'badge (legal|illegal|stale)">\w+</span> <b>(\d+)</b>', duel_counts)) == {
        "legal": "1",
        "illegal": "1",
        "stale": "1",
    }
    assert "?game=duel&amp;verdict=stale" in duel_counts


# --- query counts -------------------------------------------------------------------------------------
def queries(django_assert_max_num_queries, client, url, limit, **extra):
    with django_assert_max_num_queries(limit) as captured:
        response = client.get(url, **extra)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


# Session (and the permissions stamp), user, their groups (navigation): 3, a whole page's header its
# unread count (comments: 1, not a part of a page that htmx swaps in), then each page's own reads
# (the user's permissions are kept from their first request: studio.permissions).
def test_list_and_dashboard_queries_do_not_grow_with_the_number_of_decks(
    django_assert_max_num_queries, client_as, playtester, reviewer, duel
):
    def add(n):
        for i in range(n):
            small_duel(
                playtester, name=f"Deck {Deck.objects.count()}", **{"DU-EX-001": 2, "DU-EX-002": 3 + i % 3}
            )

    for user in (playtester, reviewer):
        Deck.objects.all().delete()
        client = client_as(user)
        client.get("/decks/")  # the user's permissions read, then kept
        add(3)
        Deck.objects.filter(pk=Deck.objects.first().pk).update(
            stale=True
        )  # a stale deck is validated for the page
        # + the count, the page of decks; the stale decks' validation now (entries, cards, formats, what cards
        # the owners may see); the dashboard's
        # one aggregate of decks by verdict (a reviewer's dashboard also reads the latest changes and, in three
        # queries, the review state of every game).
        pages = [("/decks/", 11), ("/decks/?verdict=illegal", 7), ("/", 10)]
        few = [queries(django_assert_max_num_queries, client, url, limit) for url, limit in pages]
        add(27)
        Deck.objects.filter(name__in=["Deck 5", "Deck 9"]).update(stale=True)
        many = [queries(django_assert_max_num_queries, client, url, limit) for url, limit in pages]
        assert few == many


def test_deck_page_queries_do_not_grow_with_the_number_of_entries(
    django_assert_max_num_queries, client_as, playtester, duel, designer, make_card
):
    client = client_as(playtester)
    client.get("/decks/")  # the playtester's permissions read, then kept
    deck = small_duel(playtester)
    cards = list(Card.objects.filter(game="duel").order_by("stable_id").values_list("stable_id", flat=True))

    def pages():
        d = reverse("decks:detail", args=[deck.pk])
        return [
            # + the deck, its entries, their cards, the search results, the formats of the settings form,
            # the printings of the names several printings share (the printing choice), the reader's
            # translations of all the page's cards (one query: cards.translation_selectors); its comment
            # threads (comments: one query while it has none) and whether the reader watches it (one)
            (d, 13),
            (d + "?q=t:monster", 13),
            # + on SQLite, the text's one sample of the cards (common or rare: cards.search)
            (reverse("decks:search", args=[deck.pk]) + "?q=example", 8 + (connection.vendor == "sqlite")),
            # + the deck's record at the tables and its matchups (playstats), the translations of its cards
            (reverse("decks:stats", args=[deck.pk]), 10),
            # + the translations of the deck's cards (one query: decks.draw_views.reader_names)
            (reverse("decks:draws", args=[deck.pk]) + "?seed=4&mulligan=1&draws=2", 8),
            (reverse("decks:odds", args=[deck.pk]) + "?cards=DU-EX-001&copies=1&turn=3", 7),
            (reverse("decks:export", args=[deck.pk]) + "?as=text", 6),  # + the names shared by several cards
            (reverse("decks:panel", args=[deck.pk]), 9),
        ]

    few = [queries(django_assert_max_num_queries, client, url, limit) for url, limit in pages()]
    for stable_id in cards[1:]:
        services.deck_card_add(deck=deck, stable_id=stable_id, count=2, user=playtester)
    for i in range(20):  # entries that name no card, too
        services.deck_update(
            deck=deck,
            data={"sections": {"extra": [{"card": f"Inconnue {j}"} for j in range(i + 1)]}},
            user=playtester,
            partial=True,
        )
    assert DeckEntry.objects.filter(deck=deck).count() == 33
    many = [queries(django_assert_max_num_queries, client, url, limit) for url, limit in pages()]
    assert few == many
