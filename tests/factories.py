import factory
from django.contrib.auth import get_user_model


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password("secret-password")


# The smallest legal card of each game (make_card in tests/conftest.py, worlds built once a module).
CARD_DEFAULTS = {
    "darkrow": {"name": "Toyama Kazuha", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3},
    "vanguard": {"name": "Blaster Blade", "type": "NORMAL_UNIT", "set": "TD01", "grade": 2, "power": 9000},
    "riftbound": {"name": "Example Unit", "type": "UNIT", "might": 2, "domains": ["FURY"]},
    "duel": {"name": "Example Monster", "type": "MONSTER", "level": 4, "atk": 1500, "def": 1000},
    "chesscards": {"name": "Mur", "type": "CARD"},
}


def new_card(game: str = "darkrow", user=None, **data):
    """A card created through the service (so it has its first revision), ``data`` over the game's
    smallest legal card."""
    from cards import services

    return services.card_create(game=game, data={**CARD_DEFAULTS[game], **data}, user=user)
