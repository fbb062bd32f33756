"""French typography in the French catalogues (issue 25, item 7): a no-break space (U+00A0) before
':' and inside « », a narrow one (U+202F) before ; ! ? -- the rule of scripts/french_typography.py."""

import importlib.util
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("french_typography", ROOT / "scripts" / "french_typography.py")
typo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(typo)

NB, NN = "\u00a0", "\u202f"
CATALOGUES = [p for p in typo.DEFAULT_CATALOGUES if p.exists()]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_every_french_msgstr_follows_the_rule(path):
    po = polib.pofile(str(path))
    bad = [f"line {e.linenum}: {[v for _, v in typo.entry_forms(e)]!r}" for e in typo.offending(po)]
    assert not bad, "run scripts/french-typography:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Statut : %(s)s", f"Statut{NB}: %(s)s"),
        ("Statut: %(s)s", f"Statut{NB}: %(s)s"),
        ("%(n)s cartes : bien", f"%(n)s cartes{NB}: bien"),
        ("(3): reste", f"(3){NB}: reste"),
        ("Deck principal : 37 cartes ; il en faut 40", f"Deck principal{NB}: 37 cartes{NN}; il en faut 40"),
        ("Supprimer ? Vraiment !", f"Supprimer{NN}? Vraiment{NN}!"),
        ("Supprimer?", f"Supprimer{NN}?"),
        (f"Oui{NB}? non{NB};", f"Oui{NN}? non{NN};"),
        ("le statut « Désactivée »", f"le statut «{NB}Désactivée{NB}»"),
        ("le statut «Désactivée»", f"le statut «{NB}Désactivée{NB}»"),
        ("Audit n° %(n)s : terminé", f"Audit n° %(n)s{NB}: terminé"),
        ("{{ label }}: {{ count }}", f"{{{{ label }}}}{NB}: {{{{ count }}}}"),
        ("Note :</strong>", f"Note{NB}:</strong>"),
    ],
)
def test_fixes(before, after):
    assert typo.fix(before) == after
    assert typo.fix(after) == after  # idempotent


@pytest.mark.parametrize(
    "kept",
    [
        "voir https://example.com/a?b=c:d",
        "à 12:30, un ratio 3:2",
        "%s:%s",
        "%(a)s:%(b)s",
        "<code>t:unit</code> et <code>a ; b ?</code>",
        "`x : y`",
        'cherchez arch:GADGET, lang:fr ou name:"Ran"',
        '<a href="%(url)s?layout=a4&amp;lang=fr">page</a>',
        "<code>!=</code> exclut, != aussi",
        "a::b",
        "Chianti &amp; Korn",
        "attendez...",
        "{% url 'x' %}?a=b",
        "[le guide](https://example.com/doc?x=1)",
    ],
)
def test_leaves_syntax_alone(kept):
    assert typo.fix(kept) == kept


def test_a_query_key_written_as_in_the_english_keeps_its_colon():
    assert typo.fix("lang: trouve les cartes", "lang: finds the cards") == "lang: trouve les cartes"
    assert typo.fix("lang: trouve", "language: finds") == f"lang{NB}: trouve"


def test_an_entry_marked_keep_is_left_alone(tmp_path):
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="%(key)s: x", msgstr="%(key)s: y", comment="french-typography: keep"))
    po.append(polib.POEntry(msgid="Status: %(s)s", msgstr="Statut: %(s)s"))
    po.append(
        polib.POEntry(
            msgid="%(n)s card: ok",
            msgid_plural="%(n)s cards: ok",
            msgstr_plural={0: "%(n)s carte: ok", 1: "%(n)s cartes : ok"},
        )
    )
    path = tmp_path / "django.po"
    po.save(str(path))
    assert typo.main(["--check", str(path)]) == 1
    assert typo.main([str(path)]) == 0
    again = polib.pofile(str(path))
    assert [e.msgstr for e in again][:2] == ["%(key)s: y", f"Statut{NB}: %(s)s"]
    assert again[2].msgstr_plural == {0: f"%(n)s carte{NB}: ok", 1: f"%(n)s cartes{NB}: ok"}
    assert typo.main(["--check", str(path)]) == 0
