"""A card-set file above CARDSETS_SYNC_MAX_ROWS on the card-sets page, in a real browser at 390 px:
the import job's progress is shown in place, then its report (tasks run in-process here), and the
job is listed among the recent large imports; screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cards.models import Card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_large_file_is_imported_as_a_job_shown_in_place(
    page, login, make_user, screenshot, settings, tmp_path
):
    settings.CARDSETS_SYNC_MAX_ROWS = 3
    # 1 s served in production (tests/cards/test_import_jobs.py): the poll, not its period, is tested here.
    settings.CARDSETS_JOB_POLL_SECONDS = 0.25
    rows = "".join(f"Carte {i};UNIT;{i % 8};1;2\n" for i in range(6))
    big = tmp_path / "big.csv"
    big.write_text("name;type;cost;atk;pv\n" + rows, encoding="utf-8")
    page.set_viewport_size({"width": 390, "height": 900})
    login(page, make_user("designer", username="dana390"), "/cards/sets/")
    page.locator("#set-import").get_by_label("Game").select_option("darkrow")
    page.get_by_label("Card-set file").set_input_files(str(big))
    page.get_by_role("button", name="Import", exact=True).click()
    report = page.locator("#set-report")
    expect(report.locator("[data-import-job]")).to_be_visible()
    screenshot(page, "card-sets-import-job-390")
    expect(report).to_contain_text("Darkrow: 6 created, 0 updated, 0 unchanged.", timeout=15_000)
    assert Card.objects.count() == 6
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, "card-sets-import-job-done-390")
    page.goto("/cards/sets/")
    expect(page.locator(".importjobs")).to_contain_text("big.csv")
