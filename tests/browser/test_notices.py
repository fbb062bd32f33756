"""Watching a deck and the inbox's new kinds in the browser at 390 px, in Russian (its words are the
longest): the deck page's Watch button watches the deck, the inbox lists a new version, a paper
game and a watched deck's change, and its email choices offer the digest; nothing scrolls sideways."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_the_deck_watch_button_and_the_inbox_at_390_in_russian(session, make_user, make_card, screenshot):
    from cards import services as card_services
    from comments.models import Notification, Watch
    from decks import services as deck_services
    from studio.models import Preference

    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    owner = make_user("playtester", username="paula")
    Preference.objects.create(user=owner, language="ru")
    card = make_card("vanguard", user=designer, stableCardId="VG-B01", name="Blaster Blade")
    card_services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    deck = deck_services.deck_create(
        data={
            "game": "vanguard",
            "name": "Колода Паулы",
            "sections": {"main": [{"card": "VG-B01", "count": 4}]},
        },
        user=owner,
    )

    page = session(owner)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/decks/{deck.pk}/#comments")
    page.get_by_role("button", name="Следить за колодой").click()
    expect(page.get_by_role("button", name="Не следить")).to_be_visible()
    assert Watch.objects.filter(user=owner, deck=deck).exists()
    assert page.evaluate(FITS)
    screenshot(page, "notices-deck-watch-390-ru")

    card_services.card_update(stable_id=card.stable_id, data={"text": "Новый текст."}, user=designer)
    card_services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    deck_services.deck_update(
        deck=deck, data={"name": "Колода Паулы 2"}, user=make_user(is_superuser=True), partial=True
    )
    assert set(Notification.objects.filter(recipient=owner).values_list("kind", flat=True)) == {
        "version",
        "watch",
    }

    page.goto("/notifications/")
    rows = page.locator(".notification")
    expect(rows).to_have_count(2)
    expect(page.locator(".inboxlist")).to_contain_text("сделал версию 4 карты Blaster Blade из вашей колоды")
    expect(page.locator("input[name=digest]")).to_be_visible()
    page.locator("input[name=digest]").check()
    page.get_by_role("button", name="Сохранить выбор писем").click()
    expect(page.locator("input[name=digest]")).to_be_checked()
    assert page.evaluate(FITS)
    screenshot(page, "notices-inbox-390-ru")
