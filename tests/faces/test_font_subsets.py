"""The fonts' subsets kept on disk (faces.fonts: one file per font, characters, subsetter and options),
shared by every process, and the layout tables dropped before a subsetter reads them."""

from __future__ import annotations

import contextlib
import io
import shutil
import threading
from datetime import datetime
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont

from faces import fonts

STAR = frozenset("★")  # outside the blocks: a subset of a glyph or two, quick to make


@pytest.fixture
def cache_dir(settings, tmp_path):
    settings.FACES_FONT_CACHE_DIR = str(tmp_path / "subsets")
    return tmp_path / "subsets"


def dejavu() -> fonts.FontFace:
    return fonts.face_for("DejaVu Sans")


def made(face, chars) -> str:
    """The subset as a process that has not made it yet gets it (this process's memory bypassed)."""
    return fonts._subset_woff2.__wrapped__(face, chars)


def test_a_subset_is_made_once_then_read_from_disk_by_any_process(cache_dir, monkeypatch):
    first = made(dejavu(), STAR)
    (kept,) = cache_dir.glob("*.woff2")
    assert kept.read_bytes()[:4] == b"wOF2"

    def no_subsetting(*args):
        raise AssertionError("a kept subset was made again")

    monkeypatch.setattr(fonts, "_make_woff2", no_subsetting)
    assert made(dejavu(), STAR) == first
    with pytest.raises(AssertionError):  # other characters: another subset
        made(dejavu(), frozenset("♞"))


def test_a_changed_font_file_subsetter_or_options_make_a_new_subset(cache_dir, tmp_path, monkeypatch):
    font_dir = tmp_path / "fonts"
    font_dir.mkdir()
    shutil.copy(dejavu().path, font_dir / dejavu().file)
    monkeypatch.setattr(fonts, "FONT_DIR", font_dir)
    before = made(dejavu(), STAR)

    # The same file name, other glyphs: the star twice as wide.
    font = TTFont(font_dir / dejavu().file)
    glyph = font.getBestCmap()[ord("★")]
    width, lsb = font["hmtx"][glyph]
    font["hmtx"][glyph] = (width * 2, lsb)
    font.save(font_dir / dejavu().file)
    after = made(dejavu(), STAR)
    assert after != before
    assert TTFont(io.BytesIO(fonts.base64.b64decode(after)))["hmtx"][glyph][0] == width * 2
    assert len(list(cache_dir.glob("*.woff2"))) == 2

    monkeypatch.setattr(fonts.fontTools, "version", "99.0")
    made(dejavu(), STAR)
    monkeypatch.setattr(fonts, "SUBSET_OPTIONS_VERSION", fonts.SUBSET_OPTIONS_VERSION + 1)
    made(dejavu(), STAR)
    assert len(list(cache_dir.glob("*.woff2"))) == 4


def test_a_torn_or_foreign_file_is_made_again(cache_dir):
    whole = made(dejavu(), STAR)
    (kept,) = cache_dir.glob("*.woff2")
    data = kept.read_bytes()
    for bad in (data[: len(data) // 2], b"", b"<html>not a font</html>" + data[24:]):
        kept.write_bytes(bad)
        assert made(dejavu(), STAR) == whole
        assert kept.read_bytes() == data


def test_a_torn_or_foreign_pdf_font_is_made_again(cache_dir):
    path = fonts.pdf_font_file(dejavu(), set(STAR))
    data = path.read_bytes()
    assert path.parent == cache_dir and TTFont(path).getBestCmap()[ord("★")]
    for bad in (data[: len(data) // 2], b"", b"<html>not a font</html>" + data[24:]):
        path.write_bytes(bad)
        fonts._checked_pdf_fonts.discard(path)  # as another process finds it
        assert fonts.pdf_font_file(dejavu(), set(STAR)) == path
        assert path.read_bytes() == data


def test_writers_at_once_never_show_a_reader_half_a_file(cache_dir):
    data = fonts.base64.b64decode(made(dejavu(), STAR))
    (path,) = cache_dir.glob("*.woff2")
    path.unlink()
    seen: list[bytes] = []
    done = threading.Event()

    def read():
        while not done.is_set():
            with contextlib.suppress(FileNotFoundError):  # before the first rename
                seen.append(path.read_bytes())

    def write():
        for _ in range(25):
            fonts._write_cached(path, data)

    reader = threading.Thread(target=read)
    writers = [threading.Thread(target=write) for _ in range(6)]
    reader.start()
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    done.set()
    reader.join()
    assert seen and all(s == data for s in seen)
    assert [p.name for p in cache_dir.iterdir()] == [path.name]  # no temporary file left behind


def test_a_cache_that_cannot_be_written_still_serves_the_subset(settings, tmp_path, caplog):
    (tmp_path / "a-file").write_text("")
    settings.FACES_FONT_CACHE_DIR = str(tmp_path / "a-file")
    assert fonts.base64.b64decode(made(dejavu(), STAR))[:4] == b"wOF2"
    assert "font subset not kept" in caplog.text
    settings.FACES_FONT_CACHE_DIR = ""
    assert fonts.subset_cache_dir() is None
    assert made(dejavu(), STAR)


def test_layout_tables_dropped_first_change_no_byte_of_a_subset_or_pdf():
    """DejaVu Sans has GPOS and a legacy kern table: the subsetter drops both (legacy_kern off), so
    dropping them before it must too; the SVG's WOFF2 and the PDF's font are the same bytes."""
    from fpdf import FPDF

    face, chars = dejavu(), fonts._subset_key(set("Aé★"))
    assert {"GPOS", "kern"} <= set(TTFont(face.path, lazy=True).keys())
    options = subset.Options(
        flavor="woff2", layout_features=[], name_IDs=[], notdef_outline=True, hinting=False
    )
    options.drop_tables += [*fonts.LAYOUT_TABLES, "FFTM"]
    font = TTFont(face.path, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)) + " ")
    subsetter.subset(font)
    unread = io.BytesIO()
    font.flavor = "woff2"
    font.save(unread)
    assert fonts._make_woff2(face, chars) == unread.getvalue()

    def pdf(drop: bool) -> bytes:
        doc = FPDF()
        doc.set_creation_date(datetime(2026, 1, 1))
        doc.add_page()
        doc.add_font("dejavu", "", str(face.path))
        if drop:
            fonts.drop_layout_tables(doc.fonts["dejavu"].ttfont)
        doc.set_font("dejavu", size=12)
        doc.text(10, 10, "AVA Té ★")
        return bytes(doc.output())

    assert pdf(drop=True) == pdf(drop=False)


def test_fpdf2_reads_the_blocks_a_sheet_draws_and_writes_the_same_pdf(settings, tmp_path, monkeypatch):
    """A sheet gives fpdf2 each font cut to the blocks of characters its pages draw (kept on disk as the
    SVG subsets are), not the whole font: the same PDF, byte for byte, as from the whole fonts. Faces
    of every demo game (French, Russian, the games' symbols), a back, and a cover line in Russian."""
    from fpdf import FPDF

    from cards.demo import demo_games
    from faces import sheet
    from faces.render import render_back, render_face
    from faces.template import template_for

    from .helpers import demo_cards

    added: list[str] = []

    class Dated(FPDF):  # a fixed date: fpdf2 writes the time of the document
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.set_creation_date(datetime(2026, 1, 1))

        def add_font(self, family=None, style="", fname=None, **kwargs):
            added.append(str(fname))
            return super().add_font(family, style, fname, **kwargs)

    monkeypatch.setattr(sheet, "FPDF", Dated)
    faces = [
        render_face(card, template_for(game), fonts="none")
        for game in demo_games()
        for card in demo_cards(game)[:3]
    ]
    back = render_back("riftbound", template_for("riftbound"), fonts="none")

    def pdf(cache: str) -> bytes:
        settings.FACES_FONT_CACHE_DIR = cache
        added.clear()
        out = io.BytesIO()
        sheet.write_print_sheet(faces, out, back=back, cover="Колода « Élan »", pages_per_batch=10)
        return out.getvalue()

    whole = pdf("")
    assert added and all(fonts.FONT_DIR in Path(name).parents for name in added)
    kept = pdf(str(tmp_path))
    assert added and all(Path(name).parent == tmp_path for name in added), added
    assert kept == whole
