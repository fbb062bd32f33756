"""The simulation lab as a reviewer uses it (issue 44), in Russian on a phone: from the edited card's
page to an A/B run of its two versions, the halves' figures side by side, labelled as the bots'."""

import re

import pytest
from playwright.sync_api import expect

from tests.tables import conftest as table_fixtures

from .test_tables import shoot

load_cards, make_deck, opponent = table_fixtures.load_cards, table_fixtures.make_deck, table_fixtures.opponent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_an_ab_run_of_an_edited_card_in_russian_at_390_px(page, login, make_user, make_deck):
    from cards.models import Card
    from cards.services import card_update
    from simulations.models import Simulation
    from studio.models import Preference

    reviewer = make_user("reviewer", username="rita")
    Preference.objects.update_or_create(user=reviewer, defaults={"language": "ru"})
    mine, theirs = make_deck(reviewer, "vanguard"), make_deck(reviewer, "vanguard", second=True)
    card = Card.objects.get(pk=mine.entries.filter(card__isnull=False).values_list("card", flat=True)[0])
    card_update(stable_id=card.stable_id, data={"power": 99000}, user=make_user("designer", username="dana"))
    card.refresh_from_db()

    page.set_viewport_size({"width": 390, "height": 900})
    login(page, reviewer, f"/cards/{card.stable_id}/")
    coverage = page.locator("section.coverage")
    expect(coverage.locator("h2")).to_have_text("Что движок играет в этой карте")
    expect(coverage.locator("[data-field='stats']")).to_contain_text("99000")
    expect(coverage.locator("[data-field='stats']")).not_to_contain_text("False")
    coverage.scroll_into_view_if_needed()
    shoot(page, "card-coverage-ru-390", full_page=False)
    page.get_by_role(
        "link", name="Сравнить две версии этой карты в лаборатории симуляций (A/B-прогон)"
    ).click()
    expect(page.locator("h1")).to_contain_text("A/B-прогон")
    page.get_by_label("Против (место 2)").select_option(str(theirs.pk))
    expect(page.get_by_label("Версия A")).to_have_value(str(card.version - 1))
    expect(page.get_by_label("Версия B")).to_have_value(str(card.version))
    page.get_by_label("Партий для каждой версии").fill("4")
    page.get_by_label("Сид (необязательно)").fill("12")
    page.get_by_role("button", name="Смоделировать обе версии").click()

    halves = page.locator("[data-simulation-progress]")
    expect(halves).to_have_count(2)
    expect(halves.nth(0).locator("h2")).to_contain_text(f"в{card.version - 1}")
    expect(halves.nth(1).locator("h2")).to_contain_text(f"в{card.version}")
    for n in range(2):
        expect(halves.nth(n).locator("[data-field='finished']")).to_have_text("4", timeout=60_000)
    expect(page.locator(".pagehead")).to_contain_text("Смоделировано ботами")
    expect(page.locator("#difference-title")).to_have_text("Что даёт правка")
    assert Simulation.objects.filter(variant_card=card.stable_id, seed=12).count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "simulations-ab-ru-390")
    difference = page.locator("[data-field='difference']").inner_text()
    # Russian decimals: a comma, never a point.
    assert re.search(r"[+−]?\d+,\d", difference) and not re.search(r"\d\.\d", difference), difference
