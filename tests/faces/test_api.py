"""Face routes: a card's face as SVG and PNG, print sheets, print jobs; permissions and query counts."""

import importlib.util

import pytest
from django.urls import reverse

from cards.models import Status
from faces.models import FaceRendition, JobState, PrintJob

pytestmark = pytest.mark.django_db

# The sheet writer (faces.sheet) is faces-core's; these tests wait for it rather than fake it.
needs_sheet = pytest.mark.skipif(
    importlib.util.find_spec("faces.sheet") is None, reason="faces.sheet (the PDF writer) is not there yet"
)


def _validated(card, reviewer):
    from cards.services import card_set_status

    return card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)


def svg_url(card):
    return reverse("faces-api:card-face-svg", args=[card.stable_id])


def png_url(card):
    return reverse("faces-api:card-face-png", args=[card.stable_id])


def test_a_face_as_svg_is_drawn_once_then_served_from_the_cache(
    api, designer, make_card, django_assert_num_queries
):
    card = make_card("darkrow", name="Toyama Kazuha")
    client = api(designer)
    first = client.get(svg_url(card))
    assert first.status_code == 200
    assert first["Content-Type"].startswith("image/svg+xml")
    body = b"".join(first.streaming_content)
    assert body.startswith(b"<svg") and b"Toyama Kazuha" in body
    assert b"@font-face" in body  # a standalone file: its fonts inside
    assert FaceRendition.objects.filter(format="svg").count() == 1
    # the card with its primary artwork (one query), the template, the cached face (the user's
    # permissions are cached by now)
    with django_assert_num_queries(3):
        second = client.get(svg_url(card))
    assert b"".join(second.streaming_content) == body
    assert first["ETag"] and client.get(svg_url(card), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_face_as_png_is_cached_and_a_second_request_draws_nothing(api, designer, make_card, monkeypatch):
    from faces import inputs

    card = make_card("darkrow")
    client = api(designer)
    first = client.get(png_url(card), {"dpi": 300})
    assert first.status_code == 200
    assert first["Content-Type"] == "image/png"
    body = b"".join(first.streaming_content)
    assert body.startswith(b"\x89PNG")
    assert (int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")) == (744, 1039)
    assert FaceRendition.objects.count() == 1

    def no_drawing(*args, **kwargs):
        raise AssertionError("a cached face was drawn again")

    monkeypatch.setattr(inputs, "render_face", no_drawing, raising=False)
    monkeypatch.setattr("faces.render.render_face", no_drawing)
    second = client.get(png_url(card), {"dpi": 300})
    assert second.status_code == 200
    assert b"".join(second.streaming_content) == body
    assert FaceRendition.objects.count() == 1


def test_a_face_is_keyed_by_its_cards_primary_artwork_read_with_the_card(
    api, designer, make_card, django_capture_on_commit_callbacks, django_assert_num_queries
):
    import io

    from artwork import services as artwork
    from tests.artwork.pictures import make_image

    card = make_card("darkrow", user=designer)
    with django_capture_on_commit_callbacks(execute=True):
        other = artwork.artwork_upload(  # another image of the card, no longer its primary: not on its face
            card=card, file=io.BytesIO(make_image("PNG", (420, 300))), user=designer, primary=True
        )
        primary = artwork.artwork_upload(
            card=card, file=io.BytesIO(make_image("PNG", (300, 420))), user=designer, primary=True
        )
    other.refresh_from_db()
    assert primary.sha256 != other.sha256 and not other.is_primary
    client = api(designer)
    first = client.get(png_url(card), {"dpi": 50})
    assert first.status_code == 200
    assert FaceRendition.objects.get(card=card).art_sha256 == primary.sha256
    assert f"-{primary.sha256[:12]}-" in first["ETag"]
    # the card with its primary artwork (one query), the template, the cached face
    with django_assert_num_queries(3):
        second = client.get(png_url(card), {"dpi": 50})
    assert second["ETag"] == first["ETag"]
    assert b"".join(second.streaming_content) == b"".join(first.streaming_content)


def test_a_png_with_bleed_and_as_a_download(api, designer, make_card):
    card = make_card("darkrow")
    response = api(designer).get(png_url(card), {"bleed": "3", "download": "1"})
    assert response.status_code == 200
    body = b"".join(response.streaming_content)
    assert int.from_bytes(body[16:20], "big") == 815  # (63 + 2 x 3) mm at 300 dpi
    assert "attachment" in response["Content-Disposition"] and "bleed3mm" in response["Content-Disposition"]


@pytest.mark.parametrize("params", [{"bleed": "50"}, {"bleed": "x"}, {"dpi": "5000"}, {"dpi": "abc"}])
def test_a_bad_size_is_a_clear_400(api, designer, make_card, params):
    card = make_card("darkrow")
    response = api(designer).get(png_url(card), params)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] in params


def test_a_playtester_gets_no_face_of_a_card_they_may_not_see(api, playtester, reviewer, make_card):
    draft = make_card("darkrow", name="Brouillon")
    client = api(playtester)
    assert client.get(svg_url(draft)).status_code == 404
    assert client.get(png_url(draft)).status_code == 404
    shown = _validated(make_card("darkrow", name="Validée", cost=3, atk=4, pv=3), reviewer)
    assert client.get(svg_url(shown)).status_code == 200


def test_anonymous_requests_are_refused(api, make_card):
    card = make_card("darkrow")
    assert api().get(svg_url(card)).status_code == 401


def test_an_image_request_that_accepts_only_images_still_gets_its_error(api, playtester, make_card):
    card = make_card("darkrow")
    response = api(playtester).get(svg_url(card), HTTP_ACCEPT="image/png")
    assert response.status_code == 404


# --- print sheets ------------------------------------------------------------------------------------
@needs_sheet
def test_a_decks_sheet(api, playtester, duel_deck, django_assert_max_num_queries):
    client = api(playtester)
    url = reverse("faces-api:deck-sheet", args=[duel_deck.pk])
    with django_assert_max_num_queries(14):  # a fixed number, whatever the deck's size
        response = client.get(url, {"paper": "letter", "backs": "1", "bleed": "3"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_another_users_deck_has_no_sheet(api, make_user, duel_deck):
    stranger = make_user("playtester", username="stranger")
    response = api(stranger).get(reverse("faces-api:deck-sheet", args=[duel_deck.pk]))
    assert response.status_code == 404


def test_a_deck_over_the_copy_limit_is_refused_with_the_limit(api, playtester, duel_deck, settings):
    settings.FACES_MAX_COPIES = 10
    response = api(playtester).get(reverse("faces-api:deck-sheet", args=[duel_deck.pk]))
    assert response.status_code == 400
    assert "10" in response.json()["detail"]
    assert response.json()["errors"][0]["code"] == "SHEET_TOO_LARGE"


def test_a_10000_copy_deck_is_refused(api, playtester, load_cards):
    from decks import services

    load_cards("duel")
    # 11 entries of 1000 copies (the most one entry holds): 11,000 copies, over the 10,000 a sheet takes.
    entries = [{"card": "DU-EX-001", "count": 1000} for _ in range(11)]
    deck = services.deck_create(
        data={"game": "duel", "name": "Énorme", "sections": {"main": entries}}, user=playtester
    )
    response = api(playtester).get(reverse("faces-api:deck-sheet", args=[deck.pk]))
    assert response.status_code == 400
    assert "10000" in response.json()["detail"]


def test_a_bad_paper_is_a_400(api, playtester, duel_deck):
    response = api(playtester).get(reverse("faces-api:deck-sheet", args=[duel_deck.pk]), {"paper": "a3"})
    assert response.status_code == 400


@needs_sheet
def test_a_selection_sheet(api, designer, make_card):
    a = make_card("darkrow", name="Un")
    b = make_card("darkrow", name="Deux")
    response = api(designer).get(
        reverse("faces-api:cards-sheet"), {"cards": f"{a.stable_id},{b.stable_id}*3"}
    )
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF")


def test_a_selection_with_a_card_one_may_not_see_is_404(api, playtester, make_card):
    draft = make_card("darkrow")
    response = api(playtester).get(reverse("faces-api:cards-sheet"), {"cards": draft.stable_id})
    assert response.status_code == 404


def test_a_selection_without_cards_is_a_400(api, designer):
    assert api(designer).get(reverse("faces-api:cards-sheet")).status_code == 400


@needs_sheet
def test_a_set_print_job_runs_and_is_downloaded(
    api, designer, load_cards, django_capture_on_commit_callbacks
):
    load_cards("duel")
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post(
            reverse("faces-api:print-jobs"), {"game": "duel", "set": "EXAMPLE"}, format="json"
        )
    assert started.status_code == 202
    job = PrintJob.objects.get(pk=started.json()["id"])
    assert job.state == JobState.DONE  # tasks run in-process here
    status = client.get(reverse("faces-api:print-job", args=[job.pk])).json()
    assert status["state"] == "DONE" and status["done"] == status["total"] > 0
    pdf = client.get(reverse("faces-api:print-job-file", args=[job.pk]))
    assert pdf.status_code == 200 and b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_a_print_job_is_its_creators(api, designer, make_user, load_cards):
    load_cards("duel")
    started = api(designer).post(reverse("faces-api:print-jobs"), {"game": "duel"}, format="json").json()
    other = make_user("designer", username="other")
    assert api(other).get(reverse("faces-api:print-job", args=[started["id"]])).status_code == 404


def test_a_print_job_for_an_unknown_game_is_a_400(api, designer):
    response = api(designer).post(reverse("faces-api:print-jobs"), {"game": "nope"}, format="json")
    assert response.status_code == 400


def test_the_routes_are_in_the_openapi_schema(api):
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path in (
        "/api/cards/{stableCardId}/face.svg",
        "/api/cards/{stableCardId}/face.png",
        "/api/decks/{id}/sheet.pdf",
        "/api/cards/sheet.pdf",
        "/api/print-jobs/",
    ):
        assert any(
            p.replace("{stable_id}", "{stableCardId}").replace("{pk}", "{id}") == path for p in paths
        ), path


# --- Tabletop Simulator ------------------------------------------------------------------------------------
needs_tts = pytest.mark.skipif(
    importlib.util.find_spec("faces.tts") is None, reason="faces.tts is not there yet"
)


@needs_tts
def test_a_decks_tts_zip_references_its_sheets_by_the_studios_public_urls(api, client, playtester, duel_deck):
    import io
    import json
    import zipfile
    from urllib.parse import urlparse

    response = api(playtester).get(reverse("faces-api:deck-tts", args=[duel_deck.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = archive.namelist()
    assert "deck.json" in names and "back.jpg" in names and "sheet-1.jpg" in names
    saved = json.loads(archive.read("deck.json"))
    state = saved["ObjectStates"][0]
    assert state["Name"] == "DeckCustom"
    assert len(state["DeckIDs"]) == sum(e.count for e in duel_deck.entries.all()) == 40
    url = state["CustomDeck"]["1"]["FaceURL"]
    assert url.startswith("http://testserver/faces/tts/")
    # TTS fetches it without a session: the signed address is enough, and serves the zip's image.
    served = client.get(urlparse(url).path)
    assert served.status_code == 200 and served["Content-Type"] == "image/jpeg"
    assert b"".join(served.streaming_content) == archive.read("sheet-1.jpg")
    forged = urlparse(url).path.replace("/sheet-1.jpg", "/../deck.json")
    assert client.get(forged).status_code == 404
    tampered = urlparse(url).path.split("/")
    tampered[5] = "0" * 32
    assert client.get("/".join(tampered)).status_code == 404


def test_another_users_deck_has_no_tts_export(api, make_user, duel_deck):
    stranger = make_user("playtester", username="stranger")
    assert api(stranger).get(reverse("faces-api:deck-tts", args=[duel_deck.pk])).status_code == 404
