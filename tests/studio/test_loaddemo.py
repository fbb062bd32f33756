"""loaddemo: the demo cards of the five games and one user per role, idempotent."""

import io
import json
from collections import Counter

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory

from cards.demo import DEMO_DIR
from cards.models import Card, CardRevision

pytestmark = pytest.mark.django_db


def loaddemo() -> str:
    out = io.StringIO()
    call_command("loaddemo", stdout=out)
    return out.getvalue()


def everything():
    users = sorted(get_user_model().objects.values_list("username", "password", "is_staff", "is_superuser"))
    cards = sorted(Card.objects.values_list("stable_id", "version", "status", "updated_at"))
    return users, cards, CardRevision.objects.count()


def test_loaddemo_loads_the_demo_cards_and_users_and_a_second_run_changes_nothing():
    first = loaddemo()
    by_game = Counter(Card.objects.values_list("game", flat=True))
    assert by_game["chesscards"] == 41
    assert by_game["vanguard"] == 112
    darkrow_file = json.loads((DEMO_DIR / "darkrow.json").read_text(encoding="utf-8"))
    assert by_game["darkrow"] == len(darkrow_file["cards"])
    assert set(Card.objects.filter(game="darkrow").values_list("stable_id", flat=True)) == {
        card["stableCardId"] for card in darkrow_file["cards"]
    }
    assert by_game["riftbound"] > 0 and by_game["duel"] > 0

    chess = Card.objects.filter(game="chesscards")
    assert set(chess.values_list("status", "creation_method", "origin", "user_modified")) == {
        ("VALIDATED", "IMPORTED", "USER", False)
    }
    assert chess.get(name="Échange équivalent").text.startswith("Échange une de tes Pièces")
    assert not Card.objects.filter(game="darkrow", type="ACTION").exists()
    assert Card.objects.filter(game="darkrow", status="NEEDS_REVIEW").exists()
    assert set(Card.objects.filter(game__in=["riftbound", "duel"]).values_list("set_code", flat=True)) == {
        "EXAMPLE"
    }
    assert CardRevision.objects.count() == Card.objects.count()

    for line in (
        "designer / designer-demo",
        "reviewer / reviewer-demo",
        "playtester / playtester-demo",
        "admin / admin-demo",
    ):
        assert line in first
    assert "chesscards: 41 created, 0 updated, 0 unchanged" in first

    before = everything()
    second = loaddemo()
    assert everything() == before
    assert "vanguard: 0 created, 0 updated, 112 unchanged" in second
    assert "designer / designer-demo" in second


# The login lockout (django-axes) checks every authentication against the request it came with.
LOGIN = RequestFactory().post("/accounts/login/")


def test_one_demo_user_per_role_in_its_group_and_the_logins_work():
    loaddemo()
    for role in ("designer", "reviewer", "playtester"):
        user = authenticate(LOGIN, username=role, password=f"{role}-demo")
        assert user is not None, role
        assert list(user.groups.values_list("name", flat=True)) == [role]
        assert not user.is_staff
    admin = authenticate(LOGIN, username="admin", password="admin-demo")
    assert admin.is_staff and admin.is_superuser


def test_loaddemo_puts_back_the_printed_password():
    loaddemo()
    user = get_user_model().objects.get(username="designer")
    user.set_password("forgotten")
    user.save()
    loaddemo()
    assert authenticate(LOGIN, username="designer", password="designer-demo") is not None
