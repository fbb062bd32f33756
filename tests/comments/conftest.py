import pytest

from tests.tables.conftest import load_cards, make_deck, opponent  # noqa: F401 (the decks of the tables' tests)


@pytest.fixture
def draft(make_card, designer):
    """A DRAFT card of the designer's: playtesters may not read it."""
    return make_card(user=designer, stableCardId="DR-C01", name="Secret Draft Name")


@pytest.fixture
def shown(make_card, designer, reviewer):
    """A VALIDATED card everyone reads."""
    from cards import services

    card = make_card("vanguard", user=designer, stableCardId="VG-C01")
    return services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)


@pytest.fixture
def comment_on(api, django_capture_on_commit_callbacks):
    """Post a comment as ``user`` on the card, its on-commit work (the emails) run as after a commit."""

    def post(user, card, body: str, **more):
        with django_capture_on_commit_callbacks(execute=True):
            answer = api(user).post(
                f"/api/cards/{card.stable_id}/comments/", {"body": body, **more}, format="json"
            )
        assert answer.status_code == 201, answer.content
        return answer.json()

    return post


@pytest.fixture
def deck(playtester, shown):
    """The playtester's deck of the VALIDATED card."""
    from decks import services as deck_services

    return deck_services.deck_create(
        data={
            "game": "vanguard",
            "name": "Paula's",
            "sections": {"main": [{"card": shown.stable_id, "count": 4}]},
        },
        user=playtester,
    )
