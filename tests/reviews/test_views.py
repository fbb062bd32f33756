"""The review pages: permissions per role, diffs, moves one card or several (all or nothing),
proposals and import conflicts, audits with their progress, the dashboard slot, pinned query counts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from artwork.models import BatchState, ImageBatch
from cards.imports import cards_import
from cards.models import Card, CardRevision, Status
from cards.services import card_update
from cards.translations import translation_save, translation_set_status
from reviews import audits, services
from reviews.models import Audit, AuditStatus, Proposal, ProposalStatus
from rules import registry
from tests.reviews.effects import bonus, imported

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def edited(validated, designer):
    """A validated darkrow Unit a designer then edited: text, archetypes, a game field."""
    card = validated(name="Toyama Kazuha", text="Rapide : piochez une carte.", archetypes=["Lycéenne"])
    return card_update(
        stable_id=card.stable_id,
        data={"text": "Rapide : piochez deux cartes.", "archetypes": ["Lycéenne", "Gadgets"], "atk": 5},
        user=designer,
    )


def run_audit(game="darkrow"):
    return audits.audit_run(audit_id=audits.audit_start(game=game, enqueue=False).pk)


# --- who may see what ------------------------------------------------------------------------------
@pytest.mark.parametrize("url", ["/review/", "/audits/", "/audits/1/progress/", "/audits/images/1/progress/"])
def test_anonymous_visitors_are_sent_to_log_in(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("url", ["/review/", "/audits/"])
def test_playtesters_may_not_open_the_review_pages(client_as, playtester, url):
    assert client_as(playtester).get(url).status_code == 403


def test_the_menu_offers_the_review_pages_to_whom_may_open_them(client_as, playtester, designer, reviewer):
    def menu(user):
        return text(client_as(user).get("/")).split("<nav", 2)[1].split("</nav>", 1)[0]

    assert 'href="/review/"' not in menu(playtester) and 'href="/audits/"' not in menu(playtester)
    assert 'href="/review/"' in menu(designer) and 'href="/audits/"' not in menu(designer)
    assert 'href="/review/"' in menu(reviewer) and 'href="/audits/"' in menu(reviewer)


def test_designers_look_at_the_queue_but_only_see_their_moves(client_as, designer, edited, make_card):
    make_card("darkrow", name="Brouillon")
    client = client_as(designer)
    page = text(client.get("/review/"))
    assert "Toyama Kazuha" in page and "Brouillon" in page
    assert "Approve" not in page and "Disable" not in page
    assert (
        '<button type="submit" name="status" value="DRAFT"' in page
    )  # take a card back to draft: theirs to do
    assert 'href="/audits/' not in page.split("<main", 1)[1]
    assert client.get("/audits/").status_code == 403
    nav = page.split("<nav", 2)[1].split("</nav>", 1)[0]
    assert "Audits" not in nav and 'href="/review/"' in nav  # the queue is in their menu


def test_a_designer_asking_for_validated_is_refused_and_nothing_moves(client_as, designer, edited):
    response = client_as(designer).post(
        "/review/transition/", {"cards": [edited.stable_id], "status": "VALIDATED", "note": "ok"}
    )
    assert response.status_code == 403
    assert "only a reviewer can move a card from NEEDS_REVIEW to VALIDATED" in text(response)
    assert Card.objects.get(pk=edited.pk).status == Status.NEEDS_REVIEW


# --- the queue: diffs -------------------------------------------------------------------------------
def test_the_queue_shows_the_diff_since_the_last_validated_version(client_as, reviewer, edited, make_card):
    make_card("darkrow", name="Toute neuve")
    page = text(client_as(reviewer).get("/review/", {"game": "darkrow", "view": "full"}))
    item = page.split(f'data-card="{edited.stable_id}"', 1)[1].split("</li>", 1)[0]
    assert "Changes since validated version 2" in item
    assert "<del>une</del><ins>deux</ins> <del>carte</del><ins>cartes</ins>" in page
    assert "<ins>Gadgets</ins>" in item and "<del>Lycéenne</del>" not in item
    assert "<del>4</del> → <ins>5</ins>" in item  # atk, a game field
    new = page.split("Toute neuve", 1)[1]
    assert "New card" in new.split("</li>", 1)[0]


def test_effects_read_as_structured_changes(client_as, reviewer, validated, designer):
    effect = bonus(duration="UNTIL_END_OF_TURN")
    card = validated(name="Casquette", effects=[effect])
    changed = {**effect, "actions": [{**effect["actions"][0], "amount": 3}]}
    card_update(stable_id=card.stable_id, data={"effects": [changed]}, user=designer)
    page = text(client_as(reviewer).get("/review/"))
    assert f"<code>{effect['effectId']}</code>" in page and "change-changed" in page
    assert "<code>actions[0].amount</code>: <del>2</del> → <ins>3</ins>" in page


def test_the_queue_shows_review_lists_and_why_and_filters_by_list_and_provenance(
    client_as, reviewer, make_card
):
    imported("Bonus", [bonus()], status="NEEDS_REVIEW")
    make_card("darkrow", name="Manuelle")
    run_audit()
    client = client_as(reviewer)
    page = text(client.get("/review/", {"game": "darkrow", "list": "BONUS_DURATION_REVIEW"}))
    assert "Bonus" in page and "Manuelle" not in page
    assert "<strong>Bonus duration review (BONUS_DURATION_REVIEW)</strong>:" in page
    page = text(client.get("/review/", {"game": "darkrow", "creationMethod": "MANUAL"}))
    assert "Manuelle" in page and ">Bonus<" not in page
    page = text(client.get("/review/", {"game": "darkrow", "status": "NOPE"}))
    assert "These filters cannot be used" in page


# --- the queue: moves ---------------------------------------------------------------------------------
def test_a_reviewer_approves_one_card_with_a_note_in_place(client_as, reviewer, edited):
    response = client_as(reviewer).post(
        "/review/transition/",
        {
            "cards": [edited.stable_id],
            "status": "VALIDATED",
            "note": "relu, conforme",
            "query": "game=darkrow",
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    page = text(response)
    assert "1 card now Validated: Toyama Kazuha. Note: “relu, conforme”." in page
    assert "<html" not in page  # the queue region only
    assert Card.objects.get(pk=edited.pk).status == Status.VALIDATED
    assert CardRevision.objects.filter(card=edited).latest("version").note == "relu, conforme"


def test_bulk_moves_all_or_nothing_through_the_page(client_as, reviewer, make_card):
    good = [make_card("darkrow", name=f"Bonne {i}") for i in range(2)]
    bad = imported("Sans durée", [bonus()], status="NEEDS_REVIEW")  # an error finding: cannot be VALIDATED
    client = client_as(reviewer)
    ids = [c.stable_id for c in good] + [bad.stable_id]
    response = client.post("/review/transition/", {"cards": ids, "status": "VALIDATED", "note": "lot"})
    assert response.status_code == 409
    page = text(response)
    assert "Nothing changed: 1 of 3 card(s) cannot move" in page
    assert (
        f"<code>{bad.stable_id}</code></a>: the card cannot be validated (VALIDATED) while its rule set reports errors"
        in page
    )
    assert set(Card.objects.filter(stable_id__in=ids).values_list("status", flat=True)) == {
        "DRAFT",
        "NEEDS_REVIEW",
    }
    response = client.post(
        "/review/transition/",
        {"cards": [c.stable_id for c in good], "status": "VALIDATED", "query": "game=darkrow"},
    )
    assert response.status_code == 302 and response["Location"] == "/review/?game=darkrow"
    assert set(Card.objects.filter(pk__in=[c.pk for c in good]).values_list("status", flat=True)) == {
        "VALIDATED"
    }
    # Nothing selected: said plainly, nothing changes.
    response = client.post("/review/transition/", {"status": "DISABLED"}, HTTP_HX_REQUEST="true")
    assert "select at least one card first" in text(response)


@pytest.mark.parametrize("sid", ["DR-NOPE", "x y", "<b>x</b>", "a/b"])
def test_an_unknown_or_malformed_card_id_is_named_in_the_refusal_not_a_crash(
    client_as, reviewer, make_card, sid
):
    card = make_card("darkrow", name="Bonne")
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client_as(reviewer).post(
            "/review/transition/", {"cards": [card.stable_id, sid], "status": "NEEDS_REVIEW"}, **htmx
        )
        # The same status either way; htmx swaps the region in place (X-Refusal: swap), ticks kept.
        assert response.status_code == 400
        assert response.get("X-Refusal") == ("swap" if htmx else None)
        page = response.content.decode()
        assert "Nothing changed:" in page
        if htmx:
            assert f'value="{card.stable_id}" id="sel-{card.stable_id}" data-select="bulk" checked' in page
        assert f"<code>{escape(sid)}</code>: no card is {escape(sid)}" in page
        assert f'href="/cards/{sid}/"' not in page  # nothing to open
    assert Card.objects.get(pk=card.pk).status == Status.DRAFT


def test_a_card_with_errors_offers_approve_disabled_with_the_reason(client_as, reviewer):
    imported("Sans durée", [bonus()], status="NEEDS_REVIEW")
    page = text(client_as(reviewer).get("/review/"))
    assert re.search(r'value="VALIDATED" class="primary" disabled title="Its rule set reports errors', page)


# --- proposals and import conflicts ------------------------------------------------------------------------
def test_a_reviewer_accepts_or_rejects_ai_proposals(client_as, reviewer, designer, validated):
    card = validated(name="Toyama Kazuha")
    first = services.proposal_submit_change(
        stable_id=card.stable_id, changes={"atk": 6}, user=designer, note="plus fort"
    )
    second = services.proposal_submit_change(stable_id=card.stable_id, changes={"pv": 1}, user=designer)
    client = client_as(reviewer)
    page = text(client.get("/review/", {"game": "darkrow"}))
    assert f"proposal #{first.pk}" in page and "plus fort" in page and "<del>4</del> → <ins>6</ins>" in page
    assert client_as(designer).post(f"/review/proposals/{first.pk}/accept/").status_code == 403
    client = client_as(reviewer)
    response = client.post(
        f"/review/proposals/{first.pk}/accept/",
        {"version": card.version, "note": "oui"},
        HTTP_HX_REQUEST="true",
    )
    assert f"Proposal #{first.pk} for Toyama Kazuha accepted" in text(response)
    assert Card.objects.get(pk=card.pk).game_fields["atk"] == 6
    # The card moved on: a decision made on its old version is refused, nothing applied.
    response = client.post(
        f"/review/proposals/{second.pk}/accept/", {"version": card.version}, HTTP_HX_REQUEST="true"
    )
    assert f"Proposal #{second.pk} not accepted" in text(response)
    assert Proposal.objects.get(pk=second.pk).status == ProposalStatus.DRAFT
    client.post(f"/review/proposals/{second.pk}/reject/", {"note": "non"})
    assert Proposal.objects.get(pk=second.pk).status == ProposalStatus.REJECTED


@pytest.mark.parametrize("version", ["²", "abc", "-1"])
def test_a_proposal_accepted_with_a_version_that_is_no_number_is_refused_and_left_open(
    client_as, reviewer, designer, validated, version
):
    card = validated(name="Toyama Kazuha")
    proposal = services.proposal_submit_change(stable_id=card.stable_id, changes={"atk": 6}, user=designer)
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client_as(reviewer).post(
            f"/review/proposals/{proposal.pk}/accept/", {"version": version, "query": "game=darkrow"}, **htmx
        )
        assert response.status_code == 400
        assert f"Proposal #{proposal.pk} not accepted: the version sent is not a version number" in text(
            response
        )
    assert Proposal.objects.get(pk=proposal.pk).status == ProposalStatus.DRAFT
    assert Card.objects.get(pk=card.pk).game_fields["atk"] == 4


def test_a_reviewer_resolves_an_import_conflict(client_as, reviewer, designer):
    file = {
        "game": "darkrow",
        "cards": [{"stableCardId": "DR-U01", "name": "Vodka", "type": "UNIT", "cost": 6, "atk": 6, "pv": 6}],
    }
    cards_import(payload=file)
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=file)
    client = client_as(reviewer)
    page = text(client.get("/review/", {"game": "darkrow"}))
    assert (
        'Open import conflicts <span class="count">1</span>' in page and "<del>5</del> → <ins>6</ins>" in page
    )
    conflict = Card.objects.get(stable_id="DR-U01").import_conflicts.get()
    response = client.post(
        f"/review/conflicts/{conflict.pk}/resolve/",
        {"keep": "USER", "query": "game=darkrow"},
        HTTP_HX_REQUEST="true",
    )
    assert "resolved: kept the studio" in text(response)
    assert Card.objects.get(stable_id="DR-U01").game_fields["atk"] == 5


# --- query counts ---------------------------------------------------------------------------------------
def queries(django_assert_max_num_queries, client, url, limit, **params):
    with django_assert_max_num_queries(limit) as captured:
        response = client.get(url, params)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


def test_queue_queries_do_not_grow_with_the_number_of_cards(
    django_assert_max_num_queries, client_as, reviewer, designer, validated, make_card
):
    client = client_as(reviewer)
    client.get("/review/")  # the reviewer's permissions read, then kept (studio.permissions)

    def add(n):
        for i in range(n):
            card = validated(name=f"Carte {Card.objects.count()}")
            card_update(stable_id=card.stable_id, data={"text": f"Texte {i}"}, user=designer)
            make_card("darkrow", name=f"Neuve {Card.objects.count()}")
            services.proposal_submit_change(stable_id=card.stable_id, changes={"atk": 9}, user=designer)
            translation_save(
                stable_id=card.stable_id, language="ru", data={"name": f"Карта {i}"}, user=designer
            )

    add(2)
    run_audit()
    # Session (and the permissions stamp), user, groups, the header's unread count (comments); waiting
    # per game, the count and page of cards, their last validated revisions, list entries and proposals;
    # open proposals, open conflicts, the translations waiting with their cards, the latest audit, the
    # authors; the play figures of the edited cards (playstats); the cards' open comment threads
    # (comments).
    few = queries(django_assert_max_num_queries, client, "/review/", 18, game="darkrow", view="full")
    # The compact list: every waiting card with its latest author (one query) and which have play
    # figures (one), the lines' open threads (one), then the pane's one card as above.
    compact = queries(django_assert_max_num_queries, client, "/review/", 19, game="darkrow")
    add(12)
    run_audit()
    many = queries(django_assert_max_num_queries, client, "/review/", 18, game="darkrow", view="full")
    assert few == many
    assert compact == queries(django_assert_max_num_queries, client, "/review/", 19, game="darkrow")
    assert "Карта 11" in client.get("/review/", {"game": "darkrow"}).content.decode()


def test_audit_page_queries_do_not_grow_with_the_entries(django_assert_max_num_queries, client_as, reviewer):
    client = client_as(reviewer)
    client.get("/audits/")  # the reviewer's permissions read, then kept (studio.permissions)
    imported("Bonus 0", [bonus()])
    run_audit()
    few = queries(django_assert_max_num_queries, client, "/audits/", 12, game="darkrow")
    for i in range(1, 40):
        imported(f"Bonus {i}", [bonus()])
    run_audit()
    many = queries(django_assert_max_num_queries, client, "/audits/", 12, game="darkrow")
    assert few == many


# --- audits ------------------------------------------------------------------------------------------------
def test_the_audits_page_shows_the_latest_audit_its_lists_and_counts(client_as, reviewer, validated):
    imported("Bonus", [bonus()])
    validated(name="Toyama Kazuha")
    audit = run_audit()
    page = text(client_as(reviewer).get("/audits/", {"game": "darkrow"}))
    assert f"Latest audit <strong>#{audit.pk}</strong>" in page
    assert (
        "Review open" in page
        and "Blocking lists: <strong>Bonus duration review (BONUS_DURATION_REVIEW)</strong>" in page
    )
    assert re.search(
        r"Identities \(cards in play\)</th><td data-label=\"Expected\">72</td><td data-label=\"Actual\">2 ",
        page,
    )
    assert (
        'aria-current="page" class="blocks">Bonus duration review <code>BONUS_DURATION_REVIEW</code> <b>1</b>'
        in page
    )
    assert ">Bonus</a>" in page and "EFFECT_BONUS_NO_DURATION" in page


def test_list_entries_are_paginated(client_as, reviewer):
    for i in range(30):
        imported(f"Bonus {i:02d}", [bonus()])
    run_audit()
    client = client_as(reviewer)
    first = text(client.get("/audits/", {"game": "darkrow", "list": "BONUS_DURATION_REVIEW"}))
    assert (
        "30 entries" in first
        and "Page 1 of 2" in first
        and ">Bonus 00</a>" in first
        and ">Bonus 29</a>" not in first
    )
    second = client.get(
        "/audits/",
        {"game": "darkrow", "list": "BONUS_DURATION_REVIEW", "page": 2, "part": "entries"},
        HTTP_HX_REQUEST="true",
    )
    assert ">Bonus 29</a>" in text(second) and "<html" not in text(second)


def test_starting_an_audit_runs_it_and_a_second_one_is_refused_while_it_runs(
    client_as, reviewer, django_capture_on_commit_callbacks
):
    imported("Bonus", [bonus()])
    client = client_as(reviewer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/audits/start/", {"game": "darkrow"})
    assert response.status_code == 302
    assert Audit.objects.get().status == AuditStatus.DONE
    running = Audit.objects.create(
        game="darkrow", status=AuditStatus.RUNNING, total=10, done=4, step="checking cards"
    )
    response = client.post("/audits/start/", {"game": "darkrow"})
    assert response.status_code == 409
    assert f"An audit of Darkrow is already running (#{running.pk}): follow its progress below" in text(
        response
    )
    response = client.post("/audits/start/", {"game": "darkrow"}, HTTP_HX_REQUEST="true")
    assert "already running" in text(response) and "<html" not in text(response)
    assert client_as_designer_refused(client, "/audits/start/")


def client_as_designer_refused(client, url) -> bool:
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    user = UserFactory(username="dina")
    user.groups.add(Group.objects.get(name="designer"))
    client.force_login(user)
    return client.post(url, {"game": "darkrow"}).status_code == 403


def test_the_progress_fragment_polls_while_running_and_stops_when_done(client_as, reviewer):
    audit = Audit.objects.create(
        game="darkrow", status=AuditStatus.RUNNING, total=10, done=4, step="checking cards"
    )
    client = client_as(reviewer)
    running = client.get(f"/audits/{audit.pk}/progress/", HTTP_HX_REQUEST="true")
    body = text(running)
    assert 'hx-trigger="every 1s"' in body and "checking cards" in body and 'aria-valuenow="40"' in body
    assert "HX-Trigger" not in running
    Audit.objects.filter(pk=audit.pk).update(status=AuditStatus.DONE, done=10, step="done")
    done = client.get(f"/audits/{audit.pk}/progress/", HTTP_HX_REQUEST="true")
    assert "hx-trigger" not in text(done) and 'aria-valuenow="100"' in text(done) and "done" in text(done)
    assert "auditFinished" in done["HX-Trigger"]
    assert client.get("/audits/999/progress/").status_code == 404


def test_image_batches_start_and_report_progress(client_as, reviewer, playtester):
    client = client_as(reviewer)
    response = client.post("/audits/images/", {"game": "darkrow", "missing": "1"})
    assert response.status_code == 302
    batch = ImageBatch.objects.get()
    assert batch.only_missing and batch.state == BatchState.DONE  # nothing to do
    ImageBatch.objects.filter(pk=batch.pk).update(state=BatchState.RUNNING, total=4, done=1, failed=1)
    body = text(client.get(f"/audits/images/{batch.pk}/progress/"))
    assert 'hx-trigger="every 1s"' in body and "2 / 4" in body and "1 failed" in body
    assert client_as(playtester).post("/audits/images/", {"game": "darkrow"}).status_code == 403


# --- the dashboard ----------------------------------------------------------------------------------------
def test_the_dashboard_shows_each_game_review_state_by_role(
    client_as, reviewer, designer, playtester, validated
):
    imported("Bonus", [bonus()])
    validated(name="Toyama Kazuha")
    audit = run_audit()
    page = text(client_as(reviewer).get("/"))
    darkrow = page.split('data-review="darkrow">', 1)[1].split("</div>", 1)[0]
    assert "Open" in darkrow and f"audit #{audit.pk}" in darkrow
    assert 'list=BONUS_DURATION_REVIEW">Bonus duration review (BONUS_DURATION_REVIEW)</a> <b>1</b>' in darkrow
    assert 'data-review="chesscards">' in page and "no audit yet" in page
    designer_page = text(client_as(designer).get("/"))
    assert re.search(
        r'data-review="darkrow">Review <span class="badge NEEDS_REVIEW">open</span>', designer_page
    )
    assert "BONUS_DURATION_REVIEW" not in designer_page
    assert "data-review=" not in text(client_as(playtester).get("/"))


def test_review_closures_of_every_game_take_three_queries(django_assert_num_queries, validated):
    from reviews.selectors import review_closures

    validated(name="Toyama Kazuha")
    run_audit()
    with django_assert_num_queries(3):
        closures = review_closures()
    assert [c["game"] for c in closures] == registry.keys()


# --- translations ----------------------------------------------------------------------------------------
def test_the_review_queue_lists_the_translations_waiting_each_beside_its_source(
    client_as, reviewer, designer, validated
):
    card = validated(name="Kazuha", text="Piochez une carte.", archetypes=["Lycéenne"])
    translation_save(
        stable_id=card.stable_id,
        language="ru",
        data={"name": "Кадзуха", "text": "Возьмите карту.", "archetypes": ["Старшеклассница"]},
        user=designer,
    )
    client = client_as(reviewer)
    page = client.get("/review/", {"game": "darkrow"}).content.decode()
    panel = page[page.index('id="translations"') :]
    # The source and the translation side by side: every printed text, the printed labels too.
    source = re.search(r'<div class="source" lang="fr">.*?</div>', panel, re.S).group(0)
    target = re.search(r'<div class="target" lang="ru">.*?</div>', panel, re.S).group(0)
    assert "Kazuha" in source and "Piochez une carte." in source and "Lycéenne" in source
    assert "Кадзуха" in target and "Возьмите карту." in target and "Старшеклассница" in target
    assert reverse("cards:translation", args=[card.stable_id, "ru"]) in panel
    assert 'class="badge DRAFT"' in panel
    # Once VALIDATED (and current), it no longer waits; another game's translations are not listed.
    translation_set_status(stable_id=card.stable_id, language="ru", status="NEEDS_REVIEW", user=designer)
    translation_set_status(stable_id=card.stable_id, language="ru", status="VALIDATED", user=reviewer)
    page = client.get("/review/", {"game": "darkrow"}).content.decode()
    assert "Кадзуха" not in page and "No translation of" in page
