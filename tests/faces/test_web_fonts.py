"""The fonts pages load for inline faces (faces/webfonts.py): each face in parts by characters, as
faces.css names them, every character of the font in exactly one part, and each part as the font
for its characters (the same glyphs, kerning and ligatures)."""

import itertools

from fontTools.ttLib import TTFont

from faces import webfonts
from faces.fonts import FACES


def test_faces_css_names_every_part_of_every_face_as_the_command_writes_them():
    css = webfonts.CSS.read_text(encoding="utf-8")
    assert webfonts.with_rules(css) == css, "faces.css is not what `manage.py webfonts` writes: run it"
    assert "format('truetype')" not in css  # no whole font for pages
    for face in FACES:
        for part in webfonts.parts_of(face):
            name = webfonts.part_file(face, part)
            assert f"url('fonts/web/{name}')" in css
            assert (webfonts.WEB_DIR / name).is_file(), name


def test_the_parts_ranges_cover_every_code_point_once():
    ranges = sorted(r for part in webfonts.PARTS.values() for r in part)
    assert ranges[0][0] == 0 and ranges[-1][1] == webfonts.LAST
    for (_, last), (first, _) in itertools.pairwise(ranges):
        assert first == last + 1, (hex(last), hex(first))


def test_each_part_holds_the_fonts_characters_of_its_ranges_with_its_layout_tables():
    for face in FACES:
        font = TTFont(face.path, lazy=True)
        whole = font.getBestCmap()
        tables = {tag for tag in ("GSUB", "GPOS", "GDEF", "kern") if tag in font}
        seen: set[int] = set()
        for part in webfonts.parts_of(face):
            ranges = webfonts.PARTS[part]
            cut = TTFont(webfonts.WEB_DIR / webfonts.part_file(face, part), lazy=True)
            cmap = cut.getBestCmap()
            assert all(any(a <= code <= b for a, b in ranges) for code in cmap), (face.file, part)
            assert {code: whole[code] for code in cmap} == cmap, (face.file, part)
            assert cut["OS/2"].usWeightClass == font["OS/2"].usWeightClass, (face.file, part)
            assert cut["head"].macStyle == font["head"].macStyle, (face.file, part)
            assert cut["name"].getBestFullName() == font["name"].getBestFullName(), (face.file, part)
            if part == "text":
                assert tables <= {tag for tag in tables if tag in cut}, (face.file, part)
            seen |= cmap.keys()
        assert seen == whole.keys(), face.file
