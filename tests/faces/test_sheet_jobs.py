"""A print sheet larger than FACES_SYNC_SHEET_MAX copies is never drawn within the request: the
sheet routes answer 202 with the print job they started (Location: the job to poll), and a
browser following a page's link is sent to the job's page, which shows its progress."""

from __future__ import annotations

import pytest
from django.urls import reverse

from faces.models import JobState, PrintJob

pytestmark = pytest.mark.django_db


def test_a_large_selection_is_a_print_job_answered_202(
    api, designer, make_card, settings, django_capture_on_commit_callbacks
):
    settings.FACES_SYNC_SHEET_MAX = 4
    a = make_card("darkrow", name="Un")
    b = make_card("darkrow", name="Deux")
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = client.get(reverse("faces-api:cards-sheet"), {"cards": f"{a.stable_id},{b.stable_id}*4"})
    assert answer.status_code == 202, answer.content
    body = answer.json()
    job = PrintJob.objects.get(pk=body["id"])
    assert answer["Location"] == body["url"] and body["url"].endswith(f"/api/print-jobs/{job.pk}/")
    assert body["state"] == "QUEUED" and body["total"] == 5 and body["file"] is None
    assert job.card_ids == [f"{a.stable_id}*1", f"{b.stable_id}*4"]
    assert len(callbacks) == 1  # the job's task, sent on commit
    polled = client.get(body["url"])
    assert polled.status_code == 200 and polled.json()["state"] == "QUEUED"


def test_a_selection_at_the_limit_is_still_drawn_within_the_request(api, designer, make_card, settings):
    settings.FACES_SYNC_SHEET_MAX = 4
    a = make_card("darkrow", name="Un")
    response = api(designer).get(reverse("faces-api:cards-sheet"), {"cards": f"{a.stable_id}*4"})
    assert response.status_code != 202 and not PrintJob.objects.exists()


def test_a_large_decks_sheet_is_a_print_job_of_its_copies(api, playtester, duel_deck, settings):
    settings.FACES_SYNC_SHEET_MAX = 10
    answer = api(playtester).get(reverse("faces-api:deck-sheet", args=[duel_deck.pk]), {"paper": "letter"})
    assert answer.status_code == 202
    job = PrintJob.objects.get(pk=answer.json()["id"])
    assert job.paper == "letter" and job.game == "duel" and job.created_by == playtester
    copies = sum(int(ref.partition("*")[2]) for ref in job.card_ids)
    assert job.total == copies == sum(entry.count for entry in duel_deck.entries.all()) > 10


def test_a_page_link_to_a_large_sheet_opens_the_jobs_page_with_its_progress(
    client_as, playtester, duel_deck, settings
):
    settings.FACES_SYNC_SHEET_MAX = 10
    client = client_as(playtester)
    answer = client.get(
        reverse("faces-api:deck-sheet", args=[duel_deck.pk]),
        HTTP_ACCEPT="text/html,application/xhtml+xml,*/*;q=0.8",
    )
    job = PrintJob.objects.get()
    assert answer.status_code == 303 and answer["Location"] == reverse("faces:job", args=[job.pk])
    page = client.get(answer["Location"])
    assert page.status_code == 200
    assert b"<progress" in page.content and f"0 of {job.total} faces".encode() in page.content


def test_the_large_sheets_job_runs_to_its_pdf(
    api, designer, make_card, settings, django_capture_on_commit_callbacks
):
    pytest.importorskip("faces.sheet")
    settings.FACES_SYNC_SHEET_MAX = 2
    a = make_card("darkrow", name="Un")
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.get(reverse("faces-api:cards-sheet"), {"cards": f"{a.stable_id}*3"})
    job = PrintJob.objects.get(pk=answer.json()["id"])
    assert job.state == JobState.DONE
    done = client.get(answer["Location"]).json()
    assert done["done"] == done["total"] == 3 and done["file"]


def test_a_sheet_of_many_distinct_cards_is_a_print_job_however_few_its_copies(
    api, designer, make_card, settings
):
    settings.FACES_SYNC_SHEET_CARDS = 2  # each distinct card is drawn; its copies are not
    cards = [make_card("darkrow", name=name) for name in ("Un", "Deux", "Trois")]
    answer = api(designer).get(
        reverse("faces-api:cards-sheet"), {"cards": ",".join(c.stable_id for c in cards)}
    )
    assert answer.status_code == 202 and PrintJob.objects.get().total == 3


def test_the_same_large_sheet_asked_twice_is_one_job(api, playtester, duel_deck, settings):
    settings.FACES_SYNC_SHEET_MAX = 10
    url = reverse("faces-api:deck-sheet", args=[duel_deck.pk])
    first = api(playtester).get(url).json()
    again = api(playtester).get(url).json()
    assert again["id"] == first["id"] and PrintJob.objects.count() == 1
    other_paper = api(playtester).get(url, {"paper": "letter"}).json()
    assert other_paper["id"] != first["id"]
