import pytest


@pytest.fixture
def bulk_cards():
    """``bulk_cards(n)``: n darkrow Units at once, without revisions (volume tests only).

    Each has an undated stat change (BONUS_DURATION_REVIEW); ``status`` may be a
    value or a function of the card's number.
    """
    from cards.models import Card

    def make(n: int, start: int = 0, status="VALIDATED", prefix: str = "DR-BULK") -> None:
        Card.objects.bulk_create(
            [
                Card(
                    stable_id=f"{prefix}{i:06d}",
                    game="darkrow",
                    name=f"Unité {i}",
                    type="UNIT",
                    text="Déployez : +1 ATK.",
                    game_fields={"cost": 1, "atk": 1, "pv": 1},
                    status=status(i) if callable(status) else status,
                    effects=[
                        {
                            "effectId": f"{prefix}{i:06d}.bonus",
                            "kind": "triggered",
                            "timing": "ON_DEPLOY",
                            "actions": [{"do": "MODIFY_STAT", "stat": "ATK", "amount": 1, "target": "SELF"}],
                        }
                    ],
                )
                for i in range(start, start + n)
            ],
            batch_size=500,
        )

    return make


@pytest.fixture
def validated(make_card, reviewer):
    """``validated(game, **data)``: a card made and moved to VALIDATED by a reviewer."""
    from cards.services import card_set_status

    def make(game="darkrow", **data):
        card = make_card(game, **data)
        return card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)

    return make
