"""Tabletop Simulator local mode (issue 25, item 4): ?local=FOLDER and exporttts --local FOLDER write a
saved object whose FaceURL/BackURL are file:/// paths under FOLDER (where the zip is unpacked), with
the images those paths name; a bad folder is a 400 with its finding (TTS_LOCAL_FOLDER_INVALID), or exit 2."""

import io
import json
import zipfile

import pytest
from django.urls import reverse

from common.errors import InvalidInput
from faces.tts_export import LOCAL_FOLDER_MAX, local_folder, local_url
from tests.decks.test_commands import run

pytestmark = pytest.mark.django_db

BAD = [
    "",
    "   ",
    "relative/deck",
    "~/deck",
    "..",
    "/home/me/../etc",
    "C:\\Games\\..\\Windows",
    "/a/./b",
    "\\\\server\\share\\deck",
    "//server/share",
    "file:///home/me/deck",
    "https://example.com/deck",
    "C:\\Games\\a?b",
    "C:deck",
    "/home/me\n/deck",
    "/home/\x00me",
    "/" + "x" * LOCAL_FOLDER_MAX,
    # format characters (issue 47): bidi controls show another path than the one written, zero-width
    # ones hide in it; C1 controls, separators, unassigned and private-use code points
    "/home/me/\u202edeck",  # RIGHT-TO-LEFT OVERRIDE: "/home/me/kced" on screen
    "C:\\Games\\\u2066deck\u2069",  # LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE
    "/home/me/de\u200bck",  # ZERO WIDTH SPACE
    "/home/me/\u200fdeck",  # RIGHT-TO-LEFT MARK
    "/home/me/de\ufeffck",  # ZERO WIDTH NO-BREAK SPACE (BOM)
    "/home/me/de\u00adck",  # SOFT HYPHEN
    "/home/me/\u0085deck",  # NEXT LINE (C1)
    "/home/me/\u2028deck",  # LINE SEPARATOR
    "/home/me/\ue000deck",  # private use
    "/home/me/\U000e0041deck",  # TAG LATIN CAPITAL LETTER A
]


def saved(data: bytes) -> dict:
    return json.loads(zipfile.ZipFile(io.BytesIO(data)).read("deck.json"))


def urls(state: dict) -> set[str]:
    return {
        u
        for sheet in state["ObjectStates"][0]["CustomDeck"].values()
        for u in (sheet["FaceURL"], sheet["BackURL"])
    }


@pytest.mark.parametrize(
    ("folder", "face"),
    [
        ("C:\\Games\\TTS\\My deck", "file:///C:\\Games\\TTS\\My deck\\sheet-1.jpg"),
        ("C:/Games/TTS", "file:///C:\\Games\\TTS\\sheet-1.jpg"),
        ("/home/me/tts deck", "file:///home/me/tts deck/sheet-1.jpg"),
        ("/Users/me/TTS/", "file:///Users/me/TTS/sheet-1.jpg"),
    ],
)
def test_a_folder_and_its_urls(folder, face):
    assert local_url(local_folder(folder))("sheet-1.jpg") == face


@pytest.mark.parametrize(
    "folder", ["/home/me/Колода", "C:\\Jeux\\Deck été", "/home/me/デッキ 🃏", "/home/me/עברית"]
)
def test_a_folder_in_any_script_is_read(folder):
    local_folder(folder)


@pytest.mark.parametrize("folder", BAD)
def test_a_bad_folder_is_refused_with_its_code(folder):
    with pytest.raises(InvalidInput) as refused:
        local_folder(folder)
    [finding] = refused.value.findings
    assert finding.code == "TTS_LOCAL_FOLDER_INVALID" and finding.field == "local"
    assert finding.params["maxLength"] == LOCAL_FOLDER_MAX
    assert len(finding.params.get("folder") or "") <= 80


def test_the_api_writes_a_local_zip(api, playtester, duel_deck):
    url = reverse("faces-api:deck-tts", args=[duel_deck.pk])
    response = api(playtester).get(url, {"local": "C:\\Games\\TTS\\duel"})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert "tts-local.zip" in response["Content-Disposition"]
    state = saved(response.content)
    found = urls(state)
    assert found == {"file:///C:\\Games\\TTS\\duel\\sheet-1.jpg", "file:///C:\\Games\\TTS\\duel\\back.jpg"}
    names = set(zipfile.ZipFile(io.BytesIO(response.content)).namelist())
    assert names == {"deck.json", "sheet-1.jpg", "back.jpg"}  # every file a URL names, under its name
    assert len(state["ObjectStates"][0]["DeckIDs"]) == 40


def test_the_api_posix_folder(api, playtester, duel_deck):
    response = api(playtester).get(
        reverse("faces-api:deck-tts", args=[duel_deck.pk]), {"local": "/home/me/tts"}
    )
    assert urls(saved(response.content)) == {
        "file:///home/me/tts/sheet-1.jpg",
        "file:///home/me/tts/back.jpg",
    }


@pytest.mark.parametrize("folder", ["../../etc", "", "x" * 500, "C:\\a\\..\\b", "http://127.0.0.1/"])
def test_the_api_refuses_a_bad_folder_with_400_and_its_finding(api, playtester, duel_deck, folder):
    url = reverse("faces-api:deck-tts", args=[duel_deck.pk])
    response = api(playtester).get(url, {"local": folder}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    text = json.dumps(body, ensure_ascii=False)
    assert "TTS_LOCAL_FOLDER_INVALID" in text
    assert "dossier" in text and "absolute path" not in text  # the reader's language, from the catalogue


def test_the_command_writes_local_paths_under_the_folder(duel_deck, tmp_path):
    status, out, err = run(
        "exporttts", str(duel_deck.pk), "--out", str(tmp_path / "x"), "--local", "D:\\TTS\\duel"
    )
    assert status == 0, err
    state = json.loads((tmp_path / "x" / "deck.json").read_text(encoding="utf-8"))
    assert urls(state) == {"file:///D:\\TTS\\duel\\sheet-1.jpg", "file:///D:\\TTS\\duel\\back.jpg"}
    assert (tmp_path / "x" / "sheet-1.jpg").is_file() and (tmp_path / "x" / "back.jpg").is_file()
    assert "D:\\TTS\\duel" in out


@pytest.mark.parametrize("folder", ["relative", "/a/../b", "x" * 300])
def test_the_command_refuses_a_bad_folder_with_exit_2(duel_deck, tmp_path, folder):
    status, _out, err = run("exporttts", str(duel_deck.pk), "--out", str(tmp_path / "x"), "--local", folder)
    assert status == 2 and "TTS_LOCAL_FOLDER_INVALID" in err and "\n" not in err.strip()
    assert not (tmp_path / "x").exists()


def test_the_command_takes_local_or_base_url_not_both(duel_deck, tmp_path):
    status, _out, err = run(
        "exporttts",
        str(duel_deck.pk),
        "--out",
        str(tmp_path / "x"),
        "--local",
        "/a",
        "--base-url",
        "https://x/",
    )
    assert status != 0 and "not allowed with" in err  # argparse's refusal (exit 2 from the shell)


def test_the_deck_page_offers_the_local_mode_in_french(client_as, playtester, duel_deck):
    page = (
        client_as(playtester)
        .get(reverse("decks:detail", args=[duel_deck.pk]), HTTP_ACCEPT_LANGUAGE="fr")
        .content.decode()
    )
    action = reverse("faces-api:deck-tts", args=[duel_deck.pk])
    assert f'action="{action}"' in page and 'name="local"' in page
    assert "Tabletop Simulator, fichiers locaux (zip)" in page and "Télécharger le zip local" in page
