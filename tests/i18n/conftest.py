"""A tiny test catalogue (built with polib), so that these tests do not wait for the real ones."""

from __future__ import annotations

import polib
import pytest

# msgid -> (French, Russian); a plural msgid -> its forms (French 2, Russian 3).
SINGULAR = {
    "Log in": ("Connexion", "Войти"),
    "%(section)s: %(ref)s names no %(game)s card": (
        "%(section)s : %(ref)s ne désigne aucune carte de %(game)s",
        "%(section)s: %(ref)s — в игре %(game)s нет такой карты",
    ),
    "Main deck": ("Deck principal", "Основная колода"),
    "Power": ("Puissance", "Сила"),
}
PLURAL = {
    (
        "%(section)s has %(observed)s card; it must have exactly %(expected)s",
        "%(section)s has %(observed)s cards; it must have exactly %(expected)s",
    ): (
        (
            "%(section)s : %(observed)s carte ; il en faut exactement %(expected)s",
            "%(section)s : %(observed)s cartes ; il en faut exactement %(expected)s",
        ),
        (
            "в разделе «%(section)s» %(observed)s карта; нужно ровно %(expected)s",
            "в разделе «%(section)s» %(observed)s карты; нужно ровно %(expected)s",
            "в разделе «%(section)s» %(observed)s карт; нужно ровно %(expected)s",
        ),
    ),
}
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def build(root, language: str, index: int) -> None:
    po = polib.POFile()
    po.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Language": language,
        "Plural-Forms": PLURAL_FORMS[language],
    }
    for msgid, forms in SINGULAR.items():
        po.append(polib.POEntry(msgid=msgid, msgstr=forms[index]))
    for (singular, plural), forms in PLURAL.items():
        po.append(
            polib.POEntry(
                msgid=singular,
                msgid_plural=plural,
                msgstr_plural=dict(enumerate(forms[index])),
            )
        )
    folder = root / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po.save_as_mofile(str(folder / "django.mo"))


def build_js(root) -> None:
    """A French djangojs catalogue beside the test one (for the JavaScript catalog)."""
    po = polib.POFile()
    po.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Language": "fr",
        "Plural-Forms": PLURAL_FORMS["fr"],
    }
    po.append(polib.POEntry(msgid="Chosen: %(name)s", msgstr="Choisi : %(name)s"))
    po.save_as_mofile(str(root / "fr" / "LC_MESSAGES" / "djangojs.mo"))


@pytest.fixture
def test_catalogue(tmp_path, settings):
    """LOCALE_PATHS pointing at a French and a Russian test catalogue (Django resets its caches)."""
    for index, language in enumerate(("fr", "ru")):
        build(tmp_path, language, index)
    settings.LOCALE_PATHS = [tmp_path]
    yield tmp_path
