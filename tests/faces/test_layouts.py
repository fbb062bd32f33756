"""Sheet layouts are data (issue 25, item 3): every shipped layout read back with a PDF library
(margins of at least 5 mm on paper, crop marks on the four sides of every trim line, the page's
grid as declared), a print shop's one card a page with its trim and bleed boxes, and a team's own
layout added as a JSON file, without code: offered by the API, used by the sheet routes, a bad file
left out and said by the system check (faces.W006)."""

import io
import json

import pdfplumber
import pikepdf
import pytest
from django.core import checks
from django.urls import reverse

from faces import layouts
from faces.render import render_face
from faces.sheet import MARK_GAP_MM, SheetError, sheet_layout, write_print_sheet
from faces.template import template_for

from .conftest import duel_deck  # noqa: F401 (a fixture)
from .helpers import demo_cards

MM = 72 / 25.4
SHIPPED = ["a4", "letter", "a4-landscape-8", "print-shop-single", "mpc-poker", "tgc-poker", "dtc-poker"]


def sheet(layout: str, bleed: float, n: int = 9, game: str = "vanguard"):
    template = template_for(game)
    held = sheet_layout(layout, bleed).bleed
    cards = (demo_cards(game) * 3)[:n]
    faces = [render_face(c, template, bleed_mm=held, fonts="none") for c in cards]
    out = io.BytesIO()
    write_print_sheet(faces, out, paper=layout, bleed_mm=bleed)
    return out.getvalue()


def test_the_studio_ships_its_layouts_papers_first():
    assert list(layouts.layouts()) == SHIPPED[:2] + sorted(SHIPPED[2:])
    assert layouts.problems() == ()


@pytest.mark.parametrize("name", ["a4", "letter", "a4-landscape-8"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_every_paper_layout_keeps_5_mm_and_marks_every_trim_line_on_four_sides(name, bleed):
    layout = sheet_layout(name, bleed)
    spec = layouts.layout_named(name)
    with pdfplumber.open(io.BytesIO(sheet(name, bleed, n=spec.per_page))) as pdf:
        page = pdf.pages[0]
        width, height = page.width / MM, page.height / MM
        assert (round(width, 1), round(height, 1)) == tuple(round(v, 1) for v in spec.paper)
        drawn = [*page.rects, *page.lines, *page.images, *page.chars]
        for obj in drawn:
            assert obj["x0"] / MM >= 5 - 0.05 and obj["top"] / MM >= 5 - 0.05, (name, obj.get("object_type"))
            assert obj["x1"] / MM <= width - 5 + 0.05 and obj["bottom"] / MM <= height - 5 + 0.05, name
        # one image per card (the faces are drawn without fonts: their artwork boxes are images or rects)
        lines = [
            (line["x0"] / MM, line["top"] / MM, line["x1"] / MM, line["bottom"] / MM)
            for line in page.lines
            if line.get("stroking_color") in ((0,), (0, 0, 0), 0, [0], [0, 0, 0], None)
        ]
    xs, ys = layout.trim_lines()
    # Cards side by side without bleed share their trim lines; with bleed or a gutter, two lines a gap.
    shared = layout.bleed == 0 and layout.gutter == 0
    assert len(xs) == (spec.columns + 1 if shared else 2 * spec.columns)
    assert len(ys) == (spec.rows + 1 if shared else 2 * spec.rows)
    grid_l, grid_t = layout.left, layout.top
    grid_r, grid_b = grid_l + layout.grid_w, grid_t + layout.grid_h
    vertical = [(x0, top, bottom) for x0, top, x1, bottom in lines if abs(x1 - x0) < 0.01]
    horizontal = [(top, x0, x1) for x0, top, x1, bottom in lines if abs(bottom - top) < 0.01]
    near = lambda a, b: abs(a - b) < 0.05
    for x in xs:
        assert any(near(v[0], x) and v[2] <= grid_t - MARK_GAP_MM + 0.05 for v in vertical), ("top", name, x)
        assert any(near(v[0], x) and v[1] >= grid_b + MARK_GAP_MM - 0.05 for v in vertical), (
            "bottom",
            name,
            x,
        )
    for y in ys:
        assert any(near(h[0], y) and h[2] <= grid_l for h in horizontal), ("left", name, y)
        assert any(near(h[0], y) and h[1] >= grid_r for h in horizontal), ("right", name, y)


def test_the_landscape_layout_holds_8_cards_a_page_with_a_5_mm_gutter():
    layout = sheet_layout("a4-landscape-8", 3)
    assert (layout.columns, layout.rows, layout.gutter, layout.per_page) == (4, 2, 5.0, 8)
    (x0, _y0), (x1, _y1) = layout.cell(0), layout.cell(1)
    assert x1 - x0 == pytest.approx(layout.cell_w + 5)
    with pdfplumber.open(io.BytesIO(sheet("a4-landscape-8", 3, n=17))) as pdf:
        assert len(pdf.pages) == 3  # 8 + 8 + 1


def test_a_print_shop_gets_one_card_a_page_with_its_trim_and_bleed_boxes():
    data = sheet("print-shop-single", 3, n=4)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 4
        for page in pdf.pages:
            media = [float(v) for v in page.obj["/MediaBox"]]
            trim = [float(v) for v in page.obj["/TrimBox"]]
            bleed = [float(v) for v in page.obj["/BleedBox"]]
            assert media[2] / MM == pytest.approx(63 + 6, abs=0.01) and media[3] / MM == pytest.approx(
                88 + 6, abs=0.01
            )
            assert bleed == pytest.approx(media, abs=0.01)
            assert [v / MM for v in trim] == pytest.approx([3, 3, 66, 91], abs=0.01)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert not pdf.pages[0].lines  # no crop marks: the shop cuts at the trim box


def test_a_layout_the_cards_do_not_fit_is_refused_with_what_and_why():
    tiny = layouts.parse(
        {"name": "tiny", "label": "Tiny", "paper": {"width": 100, "height": 100}}, "tiny.json"
    )
    with pytest.raises(SheetError, match="3 x 3 cards of 63 x 88 mm do not fit on the layout tiny"):
        sheet_layout(tiny, 0)


@pytest.mark.parametrize(
    "data, problem",
    [
        ({"name": "Big Sheet", "label": "x"}, "name must be lower case"),
        ({"name": "x", "label": "x", "columns": 0}, "columns must be a whole number from 1 to 10"),
        ({"name": "x", "label": "x", "paper": "a3"}, "paper must be a4, letter, card"),
        ({"name": "x", "label": "x", "gutter": -1}, "gutter must be a number from 0 to 30"),
        ({"name": "x", "label": "x", "cropMarks": "yes"}, "cropMarks must be true or false"),
        ({"name": "x", "label": "x", "colums": 2}, "unknown keys colums"),
        ({"name": "x", "label": "x", "paper": "card", "columns": 2}, "a card page holds one card"),
        ([], "a layout is a JSON object"),
    ],
)
def test_a_bad_layout_says_what_is_wrong(data, problem):
    with pytest.raises(layouts.LayoutError, match=problem):
        layouts.parse(data, "mine.json")


@pytest.fixture
def team_layouts(settings, tmp_path):
    settings.FACES_SHEET_LAYOUTS_DIR = str(tmp_path)
    (tmp_path / "letter-2x2.json").write_text(
        json.dumps(
            {
                "name": "letter-2x2",
                "label": "Letter, 4 big-margin cards",
                "labels": {"fr": "Letter, 4 cartes"},
                "paper": "letter",
                "columns": 2,
                "rows": 2,
                "gutter": 10,
                "margin": 20,
            }
        ),
        encoding="utf-8",
    )
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "again.json").write_text(json.dumps({"name": "a4", "label": "Mine"}), encoding="utf-8")
    return tmp_path


def test_a_team_adds_a_layout_as_a_file_and_a_bad_file_is_said_by_the_check(team_layouts):
    assert "letter-2x2" in layouts.layouts()
    assert layouts.layouts()["a4"].source.endswith("faces/layouts/a4.json")  # the studio's stays
    found = [m for m in checks.run_checks(tags=["faces"]) if m.id == "faces.W006"]
    assert len(found) == 2, found
    assert any("broken.json" in m.msg and "not a JSON file" in m.msg for m in found)
    assert any("again.json" in m.msg and "exists already" in m.msg for m in found)


def test_the_api_lists_the_layouts_in_the_readers_language(api, playtester, team_layouts):
    client = api(playtester)
    answer = client.get(reverse("faces-api:sheet-layouts"), HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200
    by_name = {layout["name"]: layout for layout in answer.json()}
    assert by_name["letter-2x2"]["label"] == "Letter, 4 cartes"
    assert by_name["letter-2x2"]["columns"] == 2 and by_name["letter-2x2"]["margin"] == 20
    assert by_name["print-shop-single"]["paper"] is None and by_name["print-shop-single"]["pageBoxes"]
    assert by_name["print-shop-single"]["printer"] is None
    sizes = by_name["mpc-poker"]["printer"].pop("sizes")  # the card sizes it prints (test_printer_routes)
    assert sizes["poker"] == {
        "trim": {"width": 2.5, "height": 3.5, "unit": "in"},
        "image": {"width": 822, "height": 1122},
    }
    assert by_name["mpc-poker"]["printer"] == {
        "spec": "https://www.makeplayingcards.com/design/custom-blank-card.html",
        "trim": {"width": 2.5, "height": 3.5, "unit": "in"},
        "image": {"width": 822, "height": 1122, "dpi": 300, "format": "png"},
        "safe": 0.125,
        "order": "front-back",
    }


def test_a_decks_sheet_on_the_teams_layout(api, playtester, duel_deck, team_layouts):  # noqa: F811
    client = api(playtester)
    url = reverse("faces-api:deck-sheet", args=[duel_deck.pk])
    response = client.get(url, {"layout": "letter-2x2"})
    assert response.status_code == 200
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        page = pdf.pages[0]
        assert round(page.width / MM, 1) == 215.9
        assert all(obj["x0"] / MM >= 20 - 0.05 for obj in [*page.rects, *page.lines, *page.images])
    refused = client.get(url, {"layout": "a3-poster"})
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "layout"
