"""Card-set spreadsheets (FORMATS.md "Card-set spreadsheets"): CSV and XLSX through the one JSON importer."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cards.demo import card_set, demo_games
from cards.imports import cards_import, cards_import_file
from cards.interchange import parse_card
from cards.models import Card, CardRevision
from cards.selectors import card_export
from cards.spreadsheets import UnusableFile, read_card_set, to_csv, to_xlsx
from common.errors import InvalidInput

pytestmark = pytest.mark.django_db


def messages(caught) -> list[str]:
    return [f.message for f in caught.value.findings]


def csv_bytes(text: str, bom: bool = False) -> bytes:
    return (("\ufeff" if bom else "") + text).encode("utf-8")


def state() -> list[tuple]:
    return list(
        Card.objects.order_by("stable_id").values_list("stable_id", "version", "status", "game_fields")
    )


# --- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", demo_games())
@pytest.mark.parametrize("writer", [to_csv, to_xlsx], ids=["csv", "xlsx"])
def test_every_demo_set_goes_json_to_sheet_to_json_unchanged(game, writer):
    cards_import(payload=card_set(game))
    exported = card_export(game=game)
    sheet = read_card_set(writer(exported), name=f"x.{writer.__name__[3:]}")
    assert sheet.errors == []
    before, revisions = state(), CardRevision.objects.count()
    report = cards_import_file(data=writer(exported), name=f"set.{writer.__name__[3:]}")
    # Export then import is the identity: nothing changed, and the export is the same JSON again.
    assert report.created == [] and report.updated == [] and len(report.unchanged) == len(exported["cards"])
    assert state() == before and CardRevision.objects.count() == revisions
    assert card_export(game=game) == exported


def test_a_sheet_imported_twice_changes_nothing_the_second_time():
    data = csv_bytes(
        "name;type;cost;atk;pv;archetypes;text\n"
        "Vodka;UNIT;6;6;6;Organisation | Noir;Percent.\n"
        "Gin;LEADER;;;;Organisation;\n"
    )
    first = cards_import_file(data=data, name="set.csv", game="darkrow")
    assert len(first.created) == 2
    before, revisions = state(), CardRevision.objects.count()
    second = cards_import_file(data=data, name="set.csv", game="darkrow")
    assert second.created == second.updated == [] and len(second.unchanged) == 2
    assert state() == before and CardRevision.objects.count() == revisions
    vodka = Card.objects.get(name="Vodka")
    assert vodka.archetypes == ["Organisation", "Noir"] and vodka.game_fields["cost"] == 6


def test_csv_with_bom_commas_quotes_and_effects_as_json():
    effects = [
        {
            "effectId": "DR-SH.e1",
            "kind": "triggered",
            "timing": "ON_DEPLOY",
            "actions": [{"do": "DRAW", "count": 1}],
        }
    ]
    quoted = json.dumps(effects).replace('"', '""')
    data = csv_bytes(
        f"game,stableCardId,name,type,cost,atk,pv,text,effects\n"
        f'darkrow,DR-SH1,"Vodka, le tueur",UNIT,6,6,6,"Ligne 1\nLigne 2","{quoted}"\n',
        bom=True,
    )
    report = cards_import_file(data=data, name="set.csv")
    assert report.created == ["DR-SH1"]
    card = Card.objects.get(stable_id="DR-SH1")
    assert (card.name, card.text, card.effects) == ("Vodka, le tueur", "Ligne 1\nLigne 2", effects)


def test_json_reads_with_or_without_a_bom(tmp_path):
    path = tmp_path / "set.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(card_set("duel")).encode())
    out = io.StringIO()
    call_command("importcards", str(path), stdout=out)
    assert "duel:" in out.getvalue() and "created" in out.getvalue()


# --- errors: row, column, what is allowed ------------------------------------------------------------
def test_a_bad_row_imports_nothing_and_names_row_column_and_what_is_allowed():
    data = csv_bytes(
        "name,type,grade,power,set,trigger,sentinel,effects\n"
        "Blaster Blade,NORMAL_UNIT,2,9000,TD01,,no,\n"
        "Bad Grade,NORMAL_UNIT,deux,9000,TD01,,,\n"
        "Bad Bool,NORMAL_UNIT,1,8000,TD01,,perhaps,\n"
        "Bad Effects,NORMAL_UNIT,1,8000,TD01,,,{not json\n"
        "Bad Trigger,TRIGGER_UNIT,0,5000,TD01,SOMETIMES,,\n"
    )
    with pytest.raises(InvalidInput) as caught:
        cards_import_file(data=data, name="set.csv", game="vanguard")
    found = messages(caught)
    assert (
        "row 3 (Bad Grade), column grade (C): 'deux' is not a whole number; allowed: a whole number from 0 to 3, or empty"
        in found
    )
    assert any(
        m.startswith("row 4 (Bad Bool), column sentinel (G): 'perhaps' is not true or false; allowed:")
        for m in found
    )
    assert any(m.startswith("row 5 (Bad Effects), column effects (H): is not valid JSON") for m in found)
    assert any(
        m.startswith("row 6 (Bad Trigger), column trigger (F):") and "CRITICAL, DRAW, STAND, HEAL" in m
        for m in found
    ), found
    assert not Card.objects.exists()


def test_an_unknown_column_is_left_out_with_one_warning_naming_it():
    """Issue 40: a column the card set does not know no longer refuses the whole import."""
    report = cards_import_file(
        data=csv_bytes("name,type,colour\nMur,CARD,red\n"), name="s.csv", game="chesscards"
    )
    assert len(report.created) == 1
    [finding] = report.warnings
    assert finding.code == "SHEET_COLUMNS_LEFT_OUT" and finding.severity == "warning"
    assert finding.message == "columns left out (no key of chesscards cards, header row 1): colour (C)"
    assert "colour" not in Card.objects.get().game_fields


def test_the_game_comes_from_the_option_or_a_game_column():
    with pytest.raises(UnusableFile, match="names no game"):
        read_card_set(csv_bytes("name,type\nMur,CARD\n"), name="s.csv")
    with pytest.raises(InvalidInput) as caught:
        cards_import_file(data=csv_bytes("game,name,type\nduel,Mur,CARD\n"), name="s.csv", game="chesscards")
    assert any("row 2 (Mur), column game" in m for m in messages(caught))


@pytest.mark.parametrize(
    "name, data, why",
    [
        ("cards.png", b"\x89PNG\r\n\x1a\n\x00\x00", "is no card set"),
        ("cards.xlsx", b"not a zip at all", "not an XLSX file"),
        ("cards.csv", b"name,type\n\x00\x01", "NUL"),
        ("cards.csv", b"name,type\n\xff\xfe", "not UTF-8"),
        ("cards.json", b"{nope", "not valid JSON"),
    ],
)
def test_a_file_that_is_no_card_set_exits_2_with_one_line(tmp_path, capsys, name, data, why):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(path), "--game", "duel")
    assert caught.value.returncode == 2
    assert why in str(caught.value) and "\n" not in str(caught.value)
    assert capsys.readouterr().err == ""


def test_the_command_names_rows_in_errors_and_exits_2(tmp_path):
    path = tmp_path / "set.csv"
    path.write_text("name,type,level\nDragon,DRAGON,4\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(path), "--game", "duel", stderr=err)
    assert caught.value.returncode == 2
    assert (
        "error: row 2 (Dragon), column type (B): DRAGON is not a card type of duel; use one of"
        in err.getvalue()
    )
    assert not Card.objects.exists()


def test_export_command_writes_the_format_its_extension_names(tmp_path):
    cards_import(payload=card_set("riftbound"))
    for suffix in ("csv", "xlsx", "json"):
        path = tmp_path / f"out.{suffix}"
        call_command("exportcards", "riftbound", str(path), stderr=io.StringIO())
        report = cards_import_file(data=path.read_bytes(), name=path.name)
        assert report.created == report.updated == [] and len(report.unchanged) == 21


# --- bombs -------------------------------------------------------------------------------------------
def test_an_xlsx_that_unpacks_too_large_is_refused_from_the_archive(settings):
    settings.CARDSETS_MAX_UNPACKED_BYTES = 1000
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", "<a/>" + " " * 5000)
    with pytest.raises(UnusableFile, match="unpacks to") as caught:
        read_card_set(out.getvalue(), name="bomb.xlsx")
    assert caught.value.too_large


def test_too_many_rows_are_refused(settings):
    settings.CARDSETS_MAX_ROWS = 3
    data = csv_bytes("name,type\n" + "".join(f"Mur {i},CARD\n" for i in range(4)))
    with pytest.raises(UnusableFile, match="more than 3 rows"):
        read_card_set(data, name="s.csv", game="chesscards")
    settings.CARDSETS_MAX_BYTES = 10
    with pytest.raises(UnusableFile, match="larger than 10 bytes"):
        read_card_set(data, name="s.csv", game="chesscards")


# --- property: any chess card set survives CSV and XLSX ----------------------------------------------
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
labels = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters=";|"), min_size=1, max_size=12
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cards=st.lists(
        st.fixed_dictionaries(
            {
                "name": texts.filter(lambda s: s.strip() and s == s.strip()),
                "text": texts,
                "archetypes": st.lists(labels.filter(lambda s: s.strip() == s and s), max_size=3),
                "status": st.sampled_from(["DRAFT", "NEEDS_REVIEW", "VALIDATED"]),
            }
        ),
        max_size=5,
    )
)
@example(cards=[{"name": "A", "text": "", "archetypes": ["["], "status": "DRAFT"}])
@example(cards=[{"name": "A", "text": "", "archetypes": ["[x]", "b"], "status": "DRAFT"}])
@example(cards=[{"name": "=A1", "text": "'=x", "archetypes": ["@cmd", "+1"], "status": "DRAFT"}])
@example(cards=[{"name": "-3", "text": "''", "archetypes": ["'+x"], "status": "DRAFT"}])
def test_property_a_card_set_reads_back_the_same_from_csv_and_xlsx(cards):
    payload = {
        "game": "chesscards",
        "cards": [
            {
                "stableCardId": f"CC-P{i}",
                "type": "CARD",
                "set": "",
                "effects": [],
                "origin": "USER",
                "creationMethod": "IMPORTED",
                "userModified": False,
                **card,
            }
            for i, card in enumerate(cards)
        ],
    }

    def content(cards):
        parsed = [parse_card(card, game="chesscards") for card in cards]
        assert all(not findings for _, findings in parsed)
        return [(ci.stable_id, ci.content()) for ci, _ in parsed]

    for writer, name in ((to_csv, "p.csv"), (to_xlsx, "p.xlsx")):
        sheet = read_card_set(writer(payload), name=name, game="chesscards")
        assert sheet.errors == []
        assert content(sheet.payload["cards"]) == content(payload["cards"])


def test_xlsx_xml_is_read_through_defusedxml():
    from openpyxl import xml

    assert xml.DEFUSEDXML is True


def test_a_text_an_xlsx_cell_cannot_keep_is_refused_on_export_not_mangled(tmp_path):
    cards_import(
        payload={"game": "chesscards", "cards": [{"stableCardId": "CC-V", "name": "Mur", "type": "CARD"}]}
    )
    # A card stored before control characters were refused (issue 24): its export says where it is.
    Card.objects.filter(stable_id="CC-V").update(text="a\x0bb")
    with pytest.raises(CommandError) as caught:
        call_command("exportcards", "chesscards", str(tmp_path / "out.xlsx"), stderr=io.StringIO())
    assert caught.value.returncode == 2 and "row 2 (CC-V) holds a control character" in str(caught.value)
    path = tmp_path / "out.csv"
    call_command("exportcards", "chesscards", str(path), stderr=io.StringIO())
    with pytest.raises(InvalidInput) as refused:
        cards_import_file(data=path.read_bytes(), name="out.csv")
    (found,) = refused.value.findings
    assert found.field == "text" and "U+000B" in found.message


def test_a_text_that_looks_like_a_formula_stays_text_in_xlsx():
    payload = {
        "game": "chesscards",
        "cards": [{"stableCardId": "CC-F", "name": "=SUM(1,2)", "type": "CARD", "text": "+1 @all -x"}],
    }
    cards_import(payload=payload)
    data = to_xlsx(card_export(game="chesscards"))
    assert b"<f>" not in zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml")
    assert cards_import_file(data=data, name="x.xlsx").unchanged == ["CC-F"]


# --- CSV injection (OWASP) and a stale XLSX dimension (issue 24) ---------------------------------------
FORMULAS = {
    "CC-F1": {"name": '=HYPERLINK("http://evil.example","click")', "text": "+SUM(1,2)"},
    "CC-F2": {"name": "@cmd", "text": "\t=1+1"},
    "CC-F3": {"name": "-2+3", "text": "\r=cmd|' /C calc'!A0"},
    "CC-F4": {"name": "'=already quoted", "text": "'plain quote"},
    "CC-F5": {"name": "-3", "text": "+4"},  # numbers are no formulas: left as they are
}


def test_a_csv_export_neutralises_formula_cells_and_reads_back_the_same():
    import csv as csv_module

    cards_import(
        payload={
            "game": "chesscards",
            "cards": [{"stableCardId": key, "type": "CARD", **card} for key, card in FORMULAS.items()],
        }
    )
    data = to_csv(card_export(game="chesscards"))
    rows = list(csv_module.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    cells = [cell for row in rows[1:] for cell in row]
    run = [cell for cell in cells if cell and cell[0] in "=+-@\t\r" and cell not in ("-3", "+4")]
    assert run == [], run
    assert '\'=HYPERLINK("http://evil.example","click")' in cells and "'@cmd" in cells
    assert "''=already quoted" in cells and "'plain quote" in cells and "-3" in cells
    assert cards_import_file(data=data, name="x.csv").unchanged == sorted(FORMULAS)
    for key, card in FORMULAS.items():
        stored = Card.objects.get(stable_id=key)
        assert (stored.name, stored.text) == (card["name"], card["text"])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("=+-@\t\r' a1."), max_size=6))
def test_property_neutralising_is_undone_exactly_and_leaves_no_formula(text):
    from cards.spreadsheets import formula_neutralised, formula_restored

    written = formula_neutralised(text)
    assert formula_restored(written) == text
    assert not written or written[0] not in "=+-@\t\r" or re.fullmatch(r"[+-][0-9.]+", written)


def stale_dimension(rows: int) -> bytes:
    """An XLSX of ``rows`` cards whose sheet declares A1:K2 (as some writers leave it)."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["name", "type"])
    for i in range(rows):
        sheet.append([f"Carte {i}", "CARD"])
    out = io.BytesIO()
    book.save(out)
    source = zipfile.ZipFile(io.BytesIO(out.getvalue()))
    result = io.BytesIO()
    with zipfile.ZipFile(result, "w") as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                content, n = re.subn(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:K2"', content)
                assert n == 1
            target.writestr(info, content)
    return result.getvalue()


def test_an_xlsx_with_a_stale_dimension_is_read_in_full():
    sheet = read_card_set(stale_dimension(5), name="stale.xlsx", game="chesscards")
    assert [card["name"] for card in sheet.payload["cards"]] == [f"Carte {i}" for i in range(5)]
    result = cards_import_file(data=stale_dimension(5), name="stale.xlsx", game="chesscards")
    assert len(result.created) == 5 and Card.objects.filter(game="chesscards").count() == 5
