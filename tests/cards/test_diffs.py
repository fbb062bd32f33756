"""Revision changes as rows people read (pure)."""

from cards.diffs import ChangeRow, Segment, change_rows, show, word_diff


def test_values_read_as_people_write_them():
    assert show(None) == show("") == show([]) == "—"
    assert (show(True), show(False), show(3)) == ("yes", "no", "3")
    assert show(["Lycéenne", "Gadgets"]) == "Lycéenne, Gadgets"
    assert show([{"effet": "piocher"}]) == '[\n {\n  "effet": "piocher"\n }\n]'


def test_short_values_are_before_and_after():
    rows = change_rows({"cost": {"before": 3, "after": 4}, "archetypes": {"before": [], "after": ["Gadgets"]}})
    assert rows == [ChangeRow("cost", "3", "4"), ChangeRow("archetypes", "—", "Gadgets")]
    assert not rows[0].inline


def test_long_texts_are_one_text_with_the_edits_marked():
    before = "Rapide : déployer une unité citant Hattori Heiji ou Mouri Ran depuis votre main."
    after = "Rapide : déployer une unité citant Hattori Heiji depuis votre main ou votre défausse."
    (row,) = change_rows({"text": {"before": before, "after": after}})
    assert row.inline
    deleted = "".join(s.text for s in row.segments if s.op == "delete")
    inserted = "".join(s.text for s in row.segments if s.op == "insert")
    assert "Mouri" in deleted and "défausse" in inserted
    # Keeping the equal and inserted pieces gives the new text back; equal and deleted, the old one.
    assert "".join(s.text for s in row.segments if s.op != "delete") == after
    assert "".join(s.text for s in row.segments if s.op != "insert") == before


def test_word_diff_keeps_spaces():
    assert word_diff("a b", "a c") == (Segment("equal", "a "), Segment("delete", "b"), Segment("insert", "c"))


def test_a_creation_lists_only_the_values_given():
    changes = {
        "name": {"before": None, "after": "Mur"},
        "text": {"before": None, "after": ""},
        "userModified": {"before": None, "after": False},
        "cost": {"before": None, "after": 0},
    }
    assert [r.field for r in change_rows(changes, created=True)] == ["name", "cost"]
