"""Media are private: a file of a card is served only to those who may see the card (studio.media),
under a name nobody can guess; behind a proxy the file goes out by X-Accel-Redirect or X-Sendfile."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client

from artwork import services
from artwork.models import Rendition, RenditionState
from cards.models import Card
from faces.models import FaceRendition, PrintJob
from tests.artwork.pictures import make_image

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "playtester", "designer", "reviewer", "admin"]
# Who sees a card's files, by the card's status.
SEES = {
    "VALIDATED": {"playtester", "designer", "reviewer", "admin"},
    "DRAFT": {"designer", "reviewer", "admin"},
    "NEEDS_REVIEW": {"designer", "reviewer", "admin"},
    "DISABLED": {"designer", "reviewer", "admin"},
}


@pytest.fixture
def people(make_user):
    return {
        "anonymous": None,
        "playtester": make_user("playtester", username="pia"),
        "designer": make_user("designer", username="dan"),
        "reviewer": make_user("reviewer", username="rey"),
        "admin": make_user(username="ada", is_superuser=True, is_staff=True),
    }


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def files(make_card, people, django_capture_on_commit_callbacks):
    """One card with an image, its renditions and a drawn face; the media names of each."""
    card = make_card("darkrow", name="Toyama Kazuha", user=people["designer"])
    with django_capture_on_commit_callbacks(execute=True):  # the renditions' task runs in-process
        variant = services.artwork_upload(
            card=card, file=io.BytesIO(make_image("PNG", (300, 420))), user=people["designer"], primary=True
        )
    renditions = list(Rendition.objects.filter(variant=variant, state=RenditionState.READY))
    assert renditions
    assert (
        client_of(people["designer"]).get(f"/api/cards/{card.stable_id}/face.png?dpi=50").status_code == 200
    )
    face = FaceRendition.objects.get(card=card)
    names = {"image": variant.file.name, "rendition": renditions[0].file.name, "face": face.file.name}
    return card, names


@pytest.mark.parametrize("status", list(SEES))
def test_the_media_permission_matrix(files, people, status):
    card, names = files
    Card.objects.filter(pk=card.pk).update(status=status)
    for role in ROLES:
        client = client_of(people[role])
        for what, name in names.items():
            response = client.get(f"/media/{name}")
            expected = 200 if role in SEES[status] else 404
            assert response.status_code == expected, (role, status, what, name)
            if expected == 200:
                body = b"".join(response.streaming_content)
                assert body[:4] in (b"\x89PNG", b"RIFF") and "private" in response["Cache-Control"]
            else:  # exactly like a file that does not exist
                missing = client.get(f"/media/{name[:-8]}nope.png")
                assert missing.status_code == 404 and response.content == missing.content


def test_names_hold_no_sequential_id_and_cannot_be_guessed(files, settings):
    card, names = files
    variant = card.artwork.get()
    for what, name in names.items():
        assert str(card.pk) not in re.split(r"[/.-]", name), (what, name)
        assert str(variant.pk) not in re.split(r"[/.-]", name), (what, name)
        assert re.search(r"[0-9a-f]{24}", name), (what, name)
    # The keyed part depends on the SECRET_KEY: knowing the image is not enough to name its file.
    from artwork.storage import variant_name

    assert variant_name(variant.sha256, "png") == names["image"]
    settings.SECRET_KEY = "another-key-" + "x" * 40
    assert variant_name(variant.sha256, "png") != names["image"]


def test_only_files_the_studio_holds_are_served(people, settings, tmp_path):
    (tmp_path / "media").mkdir(exist_ok=True)
    (tmp_path / "media" / "stray.txt").write_text("not a studio file")
    client = client_of(people["admin"])
    for name in [
        "stray.txt",
        "../pyproject.toml",
        "artwork/../stray.txt",
        "faces/tts/1/x/back.jpg",
        "%2e%2e/x",
    ]:
        assert client.get(f"/media/{name}").status_code == 404, name
    assert client.post("/media/stray.txt").status_code == 405


def test_a_print_sheet_is_its_creators_and_the_reviewers(people, settings, tmp_path):
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    name = default_storage.save("faces/sheets/duel-secret.pdf", ContentFile(b"%PDF-1.7 sheet"))
    PrintJob.objects.create(game="duel", file=name, state="DONE", created_by=people["playtester"])
    other = people["designer"]
    assert client_of(people["playtester"]).get(f"/media/{name}").status_code == 200
    assert client_of(people["reviewer"]).get(f"/media/{name}").status_code == 200
    assert client_of(other).get(f"/media/{name}").status_code == 404
    assert client_of(None).get(f"/media/{name}").status_code == 404


def test_behind_nginx_the_file_goes_out_by_x_accel_redirect(files, people, settings):
    _, names = files
    settings.MEDIA_ACCEL_REDIRECT = "/protected-media/"
    response = client_of(people["designer"]).get(f"/media/{names['image']}")
    assert response.status_code == 200 and response.content == b""
    assert response["X-Accel-Redirect"] == f"/protected-media/{names['image']}"
    assert response["Content-Type"] == "image/png"
    # The check still comes first: no header for someone who may not see the card.
    refused = client_of(people["playtester"]).get(f"/media/{names['image']}")
    assert refused.status_code == 404 and "X-Accel-Redirect" not in refused


def test_with_x_sendfile_the_server_reads_the_path(files, people, settings):
    _, names = files
    settings.MEDIA_SENDFILE = True
    response = client_of(people["reviewer"]).get(f"/media/{names['face']}")
    assert response.status_code == 200 and response["X-Sendfile"].endswith(names["face"])


def test_whitenoise_never_serves_media(settings):
    from django.conf import settings as live

    assert not getattr(live, "WHITENOISE_ROOT", None)
    assert str(live.MEDIA_ROOT) != str(live.STATIC_ROOT)
    from django.urls import resolve

    assert resolve("/media/artwork/ab/x.png").func.__module__ == "studio.media"


def test_the_api_token_opens_the_urls_the_api_gives(files, people, api):
    """An API client follows the ``url``s of the API's answers with its token (issue 24)."""
    from rest_framework.authtoken.models import Token

    card, names = files
    Card.objects.filter(pk=card.pk).update(status="DRAFT")
    for role, expected in (("designer", 200), ("playtester", 404)):
        token = Token.objects.create(user=people[role])
        for name in names.values():
            response = Client().get(f"/media/{name}", HTTP_AUTHORIZATION=f"Token {token.key}")
            assert response.status_code == expected, (role, name)
    listed = api(people["designer"]).get(f"/api/cards/{card.stable_id}/artwork/").json()
    urls = re.findall(r'"(?:https?://testserver)?(/media/[^"]+)"', __import__("json").dumps(listed))
    token = Token.objects.get(user=people["designer"])
    assert urls and all(
        Client().get(url, HTTP_AUTHORIZATION=f"Token {token.key}").status_code == 200 for url in urls
    ), urls


def test_a_wrong_token_on_media_is_a_401(files):
    _card, names = files
    response = Client().get(f"/media/{names['image']}", HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
