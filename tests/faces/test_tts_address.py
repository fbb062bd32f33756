"""Tabletop Simulator decks that load anywhere (issue 25): the export points at the studio's public
address (STUDIO_PUBLIC_URL), the deck page and the command warn about a loopback address, and the command
writes local file paths without one."""

import io
import json
import zipfile

import pytest
from django.core.management import call_command
from django.urls import reverse

from faces.tts_export import is_loopback

pytestmark = pytest.mark.django_db


def face_url(response) -> str:
    saved = json.loads(zipfile.ZipFile(io.BytesIO(response.content)).read("deck.json"))
    return saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]


def test_the_export_points_at_the_public_address(api, playtester, duel_deck, settings):
    settings.STUDIO_PUBLIC_URL = "https://studio.example.com"
    response = api(playtester).get(reverse("faces-api:deck-tts", args=[duel_deck.pk]), HTTP_HOST="127.0.0.1")
    assert response.status_code == 200
    assert face_url(response).startswith("https://studio.example.com/faces/tts/")


def test_without_one_it_is_the_requests_address(api, playtester, duel_deck, settings):
    settings.STUDIO_PUBLIC_URL = ""
    response = api(playtester).get(reverse("faces-api:deck-tts", args=[duel_deck.pk]), HTTP_HOST="127.0.0.1")
    assert face_url(response).startswith("http://127.0.0.1/faces/tts/")


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000/", True),
        ("http://localhost:8000/", True),
        ("http://[::1]:8000/", True),
        ("http://127.5.0.1/", True),
        ("https://studio.example.com/", False),
        ("http://192.168.1.20:8000/", False),
    ],
)
def test_loopback_addresses(url, loopback):
    assert is_loopback(url) is loopback


def test_the_deck_page_warns_on_a_loopback_address_only(client_as, playtester, duel_deck, settings):
    settings.STUDIO_PUBLIC_URL = ""
    client = client_as(playtester)
    url = reverse("decks:detail", args=[duel_deck.pk])
    page = client.get(url, HTTP_HOST="127.0.0.1").content.decode()
    assert "this machine only" in page and "STUDIO_PUBLIC_URL" in page
    settings.STUDIO_PUBLIC_URL = "https://studio.example.com"
    assert "this machine only" not in client.get(url, HTTP_HOST="127.0.0.1").content.decode()


def test_the_command_warns_on_a_loopback_base_url_and_writes_local_paths_without_one(duel_deck, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "exporttts",
        str(duel_deck.pk),
        out=str(tmp_path / "a"),
        base_url="http://127.0.0.1:8000/",
        stdout=out,
        stderr=err,
    )
    assert "this machine only" in err.getvalue()
    err = io.StringIO()
    call_command("exporttts", str(duel_deck.pk), out=str(tmp_path / "b"), stdout=out, stderr=err)
    assert err.getvalue() == ""
    saved = json.loads((tmp_path / "b" / "deck.json").read_text(encoding="utf-8"))
    assert saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"].startswith("file://")
