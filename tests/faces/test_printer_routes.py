"""The print shops' files where users print (issue 40, item 2): the sheet routes' ``?cmyk=1`` and
``.zip``, print jobs (API and the print page) making the CMYK PDF/X-1a and the zip of card images,
and a clear 400 for what a layout cannot make. Read back with pikepdf, pdfplumber and Pillow."""

from __future__ import annotations

import io
import zipfile

import pdfplumber
import pikepdf
import pytest
from django.urls import reverse
from PIL import Image

from faces.models import JobState, PrintJob
from tests.decks.conftest import load_cards  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def _check_cmyk_pdf(data: bytes, pixels=(825, 1125), page=(198, 270)) -> int:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.pdf_version == "1.4"
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
        for p in pdf.pages:
            assert [float(v) for v in p.obj["/MediaBox"]] == [
                0,
                0,
                pytest.approx(page[0]),
                pytest.approx(page[1]),
            ]
            (raw,) = p.get_images().values()
            assert raw.ColorSpace == "/DeviceCMYK" and (raw.Width, raw.Height) == pixels
            assert "/SMask" not in raw
        count = len(pdf.pages)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert pdf.pages[0].images[0]["srcsize"] == pixels
    return count


def _check_zip(data: bytes, pixels=(822, 1122), back=True) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert names[0].startswith("fronts/001-") and names[0].endswith(".png")
        assert ("back.png" in names) is back
        for member in names:
            image = Image.open(io.BytesIO(archive.read(member)))
            assert image.format == "PNG" and image.mode == "RGB" and image.size == pixels
            assert tuple(round(d) for d in image.info["dpi"]) == (300, 300)
    return names


def test_a_decks_sheet_route_makes_the_cmyk_pdfx(api, playtester, small_duel_deck):
    response = api(playtester).get(
        reverse("faces-api:deck-sheet", args=[small_duel_deck.pk]), {"layout": "dtc-poker", "cmyk": "1"}
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert _check_cmyk_pdf(response.content) == 6  # a page a copy


def test_a_decks_zip_route_holds_the_uploaders_images(api, playtester, small_duel_deck):
    response = api(playtester).get(
        reverse("faces-api:deck-sheet-zip", args=[small_duel_deck.pk]), {"layout": "mpc-poker", "backs": "1"}
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    names = _check_zip(response.content)
    assert len(names) == 6 + 1  # an image a copy, and the back


def test_a_selections_zip_route(api, designer, load_cards):  # noqa: F811
    from cards.models import Card

    load_cards("duel")
    card = Card.objects.filter(game="duel").first()
    response = api(designer).get(
        reverse("faces-api:cards-sheet-zip"), {"cards": f"{card.stable_id}*2", "layout": "tgc-poker"}
    )
    assert response.status_code == 200, response.content
    names = _check_zip(response.content, pixels=(825, 1125), back=False)
    assert names == [f"fronts/001-{card.name}.png", f"fronts/002-{card.name}.png"]


@pytest.mark.parametrize(
    ("route", "params", "field"),
    [
        ("faces-api:deck-sheet", {"cmyk": "1"}, "cmyk"),  # a4: no printer
        ("faces-api:deck-sheet-zip", {"layout": "letter"}, "format"),
        ("faces-api:deck-sheet-zip", {"layout": "mpc-poker", "cmyk": "1"}, "cmyk"),
    ],
)
def test_what_a_layout_cannot_make_is_a_clear_400(api, playtester, small_duel_deck, route, params, field):
    response = api(playtester).get(reverse(route, args=[small_duel_deck.pk]), params)
    assert response.status_code == 400, response.content
    text = response.content.decode()
    assert field in text and ("mpc-poker" in text or "PDF" in text)


def test_a_size_the_printer_does_not_print_is_a_400(api, playtester, small_duel_deck):
    from faces.services import template_save
    from tests.faces.test_card_sizes import sized

    template_save(game="duel", data=sized("duel", "tarot"))
    response = api(playtester).get(
        reverse("faces-api:deck-sheet", args=[small_duel_deck.pk]), {"layout": "dtc-poker"}
    )
    assert response.status_code == 400
    assert "dtc-poker does not print tarot cards" in response.content.decode()
    ok = api(playtester).get(
        reverse("faces-api:deck-sheet-zip", args=[small_duel_deck.pk]), {"layout": "tgc-poker"}
    )
    assert ok.status_code == 200
    _check_zip(ok.content, pixels=(900, 1500), back=False)


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ({"layout": "dtc-poker", "cmyk": True}, "pdf"),
        ({"layout": "mpc-poker", "format": "zip", "backs": True}, "zip"),
    ],
)
def test_a_print_job_makes_the_cmyk_pdf_and_the_zip(
    api,
    designer,
    a_duel_card_of_each_type,
    django_capture_on_commit_callbacks,
    body,
    kind,
):
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post(reverse("faces-api:print-jobs"), {"game": "duel", **body}, format="json")
    assert started.status_code == 202, started.content
    job = PrintJob.objects.get(pk=started.json()["id"])
    assert job.state == JobState.DONE, job.error  # tasks run in-process here
    assert job.total == 6  # a card of each type
    status = client.get(reverse("faces-api:print-job", args=[job.pk])).json()
    assert status["format"] == kind and status["cmyk"] is bool(body.get("cmyk"))
    assert status["file"].endswith(f"/sheet.{kind}")
    answer = client.get(status["file"])
    assert answer.status_code == 200 and answer["Content-Type"] == f"application/{kind}"
    data = b"".join(answer.streaming_content)
    if kind == "pdf":
        assert _check_cmyk_pdf(data) == job.total
    else:
        assert len(_check_zip(data)) == job.total + 1


def test_the_print_page_starts_a_zip_job_and_offers_its_download(
    client_as,
    designer,
    a_duel_card_of_each_type,
    django_capture_on_commit_callbacks,
):
    client = client_as(designer)
    page = client.get(reverse("faces:print", args=["duel"]))
    assert b'name="cmyk"' in page.content and b'value="zip"' in page.content
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("faces:print-start", args=["duel"]),
            {"layout": "tgc-poker", "format": "zip", "backs": "1"},
        )
    job = PrintJob.objects.get()
    assert answer.status_code == 302 and job.output == "zip" and job.state == JobState.DONE, job.error
    shown = client.get(reverse("faces:job", args=[job.pk])).content.decode()
    assert "Download the zip of card images" in shown
    download = client.get(reverse("faces:job-file", args=[job.pk]))
    assert download["Content-Type"] == "application/zip"
    _check_zip(b"".join(download.streaming_content), pixels=(825, 1125))


def test_the_print_page_says_why_cmyk_is_refused(client_as, designer, load_cards):  # noqa: F811
    load_cards("duel")
    client = client_as(designer)
    answer = client.post(
        reverse("faces:print-start", args=["duel"]), {"layout": "a4", "cmyk": "1"}, follow=True
    )
    assert not PrintJob.objects.exists()
    assert "mpc-poker" in answer.content.decode()


def test_the_layouts_route_says_the_sizes_each_printer_prints(api, designer):
    layouts = {item["name"]: item for item in api(designer).get(reverse("faces-api:sheet-layouts")).json()}
    mpc = layouts["mpc-poker"]["printer"]["sizes"]
    assert list(mpc) == ["poker", "bridge", "tarot", "mini"]
    assert mpc["bridge"]["image"] == {"width": 747, "height": 1122}
    assert mpc["tarot"]["trim"] == {"width": 2.75, "height": 4.75, "unit": "in"}
    assert list(layouts["dtc-poker"]["printer"]["sizes"]) == ["poker"]
    assert layouts["a4"]["printer"] is None
