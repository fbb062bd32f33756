"""importcards and exportcards as scripts use them: exit statuses, standard output and error."""

import io
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card
from rules import registry

KNOWN_GAMES = ", ".join(registry.keys())

ROOT = Path(__file__).resolve().parents[2]
CHESS = {
    "game": "chesscards",
    "cards": [{"stableCardId": "CC-001", "name": "Marche arrière", "type": "CARD", "status": "VALIDATED"}],
}


def write(path: Path, content) -> Path:
    path.write_text(
        content if isinstance(content, str) else json.dumps(content, ensure_ascii=False), encoding="utf-8"
    )
    return path


def manage(*args, tmp_path: Path) -> subprocess.CompletedProcess:
    """Run manage.py in a child process, on a database of its own (what a script sees)."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}", "DEBUG": "1"}
    env.pop("CELERY_BROKER_URL", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def import_file(path) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("importcards", str(path), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


# --- importcards ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_importcards_imports_and_says_what_it_did(tmp_path):
    path = write(tmp_path / "chess.json", CHESS)
    out, _ = import_file(path)
    assert out.strip() == "chesscards: 1 created, 0 updated, 0 unchanged"
    out, _ = import_file(path)
    assert out.strip() == "chesscards: 0 created, 0 updated, 1 unchanged"
    assert Card.objects.get().status == "VALIDATED"


@pytest.mark.django_db
def test_importcards_reads_standard_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(CHESS)))
    out = io.StringIO()
    call_command("importcards", "-", stdout=out)
    assert "1 created" in out.getvalue()


@pytest.mark.django_db
def test_importcards_lists_every_error_on_standard_error_and_exits_2(tmp_path):
    bad = {
        "game": "darkrow",
        "cards": [{"name": "Gin", "type": "LEADER", "atk": "3"}, {"name": "", "type": "UNIT"}],
    }
    path = write(tmp_path / "bad.json", bad)
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(path), stderr=err)
    assert caught.value.returncode == 2
    assert err.getvalue().splitlines() == [
        'error: card 0 (Gin): atk must be a whole number, not "3"',
        "error: card 1: name is required: a text that is not empty",
    ]
    assert str(caught.value) == f"{path}: nothing was imported: 2 error(s); fix the file and import it again"
    assert not Card.objects.exists()


def run_cli(*args, capsys, monkeypatch) -> tuple[int, str, str]:
    """Run ``manage.py ARGS`` as the command line does (parsing, messages, exit status), in this process."""
    from django.core.management import execute_from_command_line
    from django.db import connections

    # The command line closes the connections when done; the test's database must outlive it.
    monkeypatch.setattr(connections, "close_all", lambda: None)
    # Its django.setup() would configure logging again, its console handler bound to this test's
    # captured stderr: closed after the test, every later warning of the process would fail to be
    # written and print a traceback instead (4,000 of them in a run, 2.5 % of its CPU).
    monkeypatch.setattr("django.utils.log.configure_logging", lambda *args: None)
    capsys.readouterr()
    try:
        execute_from_command_line(["manage.py", *args])
        status = 0
    except SystemExit as exit:
        status = exit.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content, reason",
    [
        (None, "no such file"),
        ("{not json", "not valid JSON (line 1, column 2: Expecting property name enclosed in double quotes)"),
        (
            '{"game": "pokemon", "cards": []}',
            f"pokemon is not a game; use one of {KNOWN_GAMES}",
        ),
        (
            '{"game": "chesscards", "cards": [{"name": "Mur"}]}',
            "error: card 0 (Mur): type is required; use one of CARD",
        ),
    ],
    ids=["missing file", "bad JSON", "unknown game", "invalid cards"],
)
def test_importcards_exits_2_with_the_reason_on_standard_error(
    tmp_path, capsys, monkeypatch, content, reason
):
    path = tmp_path / "cards.json"
    if content is not None:
        write(path, content)
    status, out, err = run_cli("importcards", str(path), capsys=capsys, monkeypatch=monkeypatch)
    assert status == 2, err
    assert reason in err
    assert err.splitlines()[-1].startswith(f"CommandError: {path}: ")
    assert out == ""
    assert "Traceback" not in err
    assert not Card.objects.exists()


def test_a_real_process_exits_2_for_a_missing_file(tmp_path):
    done = manage("importcards", str(tmp_path / "nowhere.json"), tmp_path=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == f"CommandError: {tmp_path / 'nowhere.json'}: no such file"


def test_importcards_of_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(
        '{"game": "chesscards", "cards": [{"name": "Fantôme", "type": "CARD"}]}'.encode("latin-1")
    )
    with pytest.raises(CommandError, match="not UTF-8 text") as caught:
        call_command("importcards", str(path))
    assert caught.value.returncode == 2


# --- exportcards ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_exportcards_writes_to_standard_output(tmp_path):
    import_file(write(tmp_path / "chess.json", CHESS))
    out = io.StringIO()
    call_command("exportcards", "chesscards", stdout=out)
    exported = json.loads(out.getvalue())
    assert exported["game"] == "chesscards"
    assert [(c["stableCardId"], c["name"], c["status"]) for c in exported["cards"]] == [
        ("CC-001", "Marche arrière", "VALIDATED")
    ]
    assert "Marche arrière" in out.getvalue()  # UTF-8 as is, not \\u escapes


@pytest.mark.django_db
def test_exportcards_writes_to_a_file_and_the_file_imports_back_unchanged(tmp_path):
    import_file(write(tmp_path / "chess.json", CHESS))
    target = tmp_path / "out.json"
    err = io.StringIO()
    call_command("exportcards", "chesscards", str(target), stderr=err)
    assert f"chesscards: cards written to {target}" in err.getvalue()
    assert json.loads(target.read_text(encoding="utf-8"))["cards"][0]["stableCardId"] == "CC-001"
    out, _ = import_file(target)
    assert out.strip() == "chesscards: 0 created, 0 updated, 1 unchanged"


@pytest.mark.django_db
def test_exportcards_round_trip_on_the_command_line(tmp_path, capsys, monkeypatch):
    write(tmp_path / "chess.json", CHESS)
    assert (
        run_cli("importcards", str(tmp_path / "chess.json"), capsys=capsys, monkeypatch=monkeypatch)[0] == 0
    )
    status, out, err = run_cli("exportcards", "chesscards", capsys=capsys, monkeypatch=monkeypatch)
    assert (status, err) == (0, "")
    write(tmp_path / "exported.json", out)
    status, out, _ = run_cli(
        "importcards", str(tmp_path / "exported.json"), capsys=capsys, monkeypatch=monkeypatch
    )
    assert (status, out.strip()) == (0, "chesscards: 0 created, 0 updated, 1 unchanged")
    status, out, err = run_cli("exportcards", "pokemon", capsys=capsys, monkeypatch=monkeypatch)
    assert status == 2 and out == ""
    assert err.strip() == f"CommandError: unknown game 'pokemon'; the games are: {KNOWN_GAMES}"


def _console_streams():
    return [
        handler.stream
        for handler in logging.getLogger("django").handlers
        if type(handler) is logging.StreamHandler
    ]


@pytest.mark.django_db
def test_the_command_line_run_here_leaves_the_logging_as_it_was(capsys, monkeypatch):
    before = _console_streams()
    assert run_cli("exportcards", "chesscards", capsys=capsys, monkeypatch=monkeypatch)[0] == 0
    assert _console_streams() == before


@pytest.mark.django_db
def test_exportcards_of_an_unknown_game_or_to_an_unwritable_place_exits_2(tmp_path):
    with pytest.raises(CommandError, match="unknown game 'pokemon'") as caught:
        call_command("exportcards", "pokemon")
    assert caught.value.returncode == 2
    with pytest.raises(CommandError, match="cannot be written") as caught:
        call_command("exportcards", "chesscards", str(tmp_path / "missing" / "dir" / "out.json"))
    assert caught.value.returncode == 2


@pytest.mark.django_db
def test_importcards_speaks_the_language_asked_for(tmp_path, monkeypatch):
    """--lang fr (or LANG) says the errors, the refusal, the report's lines and an unusable file in
    that language; codes and exit statuses do not change."""
    bad = {"game": "darkrow", "cards": [{"name": "Gin", "type": "LEADER", "atk": "3"}]}
    path = write(tmp_path / "bad.json", bad)
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(path), stderr=err, lang="fr")
    assert caught.value.returncode == 2
    assert err.getvalue().startswith("erreur\u00a0: carte 0 (Gin)\u00a0: atk doit être un nombre entier")
    assert str(caught.value) == (
        f"{path}\u00a0: rien n’a été importé\u00a0: 1 erreur\u202f; corrigez le fichier et importez-le de nouveau"
    )
    # A designer's VALIDATED card the rules refuse: stored as Needs review, said so line by line.
    darkrow = {"game": "darkrow", "cards": [{"stableCardId": "DR-X", "name": "Sans stats", "type": "UNIT"}]}
    darkrow["cards"][0]["status"] = "VALIDATED"
    out = io.StringIO()
    call_command("importcards", str(write(tmp_path / "ok.json", darkrow)), stdout=out, lang="fr")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(
        "à revoir\u00a0: carte 0 (DR-X)\u00a0: DR-X (Sans stats) enregistrée en NEEDS_REVIEW"
    )
    assert lines[-1].startswith("Darkrow — cartes créées\u00a0: 1")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(write(tmp_path / "set.txt", "x")))
    assert str(caught.value) == (
        f"{tmp_path / 'set.txt'}: файл .txt — не набор карт: используйте файл набора карт .json, .csv или .xlsx"
    )
    with pytest.raises(CommandError) as caught:
        call_command("importcards", str(tmp_path / "nowhere.json"))
    assert str(caught.value) == f"{tmp_path / 'nowhere.json'}: нет такого файла"
