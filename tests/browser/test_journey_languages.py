"""The designer -> reviewer -> playtester journey of tests/browser/test_journey.py, in French (a Riftbound
team) and in Russian (a Vanguard team): each person has chosen their language in their preferences and
reads every page of the journey in it, although their browser asks for English. A designer creates a
card, uploads its image and submits it; a reviewer approves it from the review queue; a playtester
imports a decklist, completes it with the new card in the builder and sees it legal; the reviewer
disables the card and the playtester's open builder shows the deck illegal, the verdict and every
violation in the playtester's language (codes stay codes). On every page, no sentence of the English
journey appears."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import polib
import pytest
from django.conf import settings
from playwright.sync_api import expect

from cards import imports as card_imports
from cards.demo import card_set
from cards.models import Card, Status
from decks import services as deck_services
from decks.demo import DECKS_DIR
from decks.models import Deck
from studio.preferences import remember
from tests.artwork.pictures import make_image
from tests.browser.helpers import add_from_search, settles

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]

# What the English journey reads (tests/browser/test_journey.py and the pages it passes): none of it may
# show on a page of the French or the Russian journey.
ENGLISH = (
    "No problem found",
    "Create card",
    "Image file",
    "Upload",
    "it is now the card's primary image",
    "Note (kept in the history)",
    "Submit for review",
    "Needs review",
    "Review queue",
    "New card",
    "card now Validated",
    "Approve",
    "Disable",
    "legal deck",
    "Create deck",
    "Or paste it",
    "Imported",
    "Search",
    "Main deck",
    "Construction valid",
    "Construction not valid",
    "error to fix",
    "cards; it must have exactly",
    "only validated cards may be played",
    "is Disabled",
    "Validated just now",
    "Log out",
)


@dataclass(frozen=True)
class Journey:
    """One team's journey: their language, their game, the card the designer makes, the deck the
    playtester builds, and the words they read on the way (literal: what a reader of that language sees)."""

    language: str
    game: str
    game_name: str
    demo_deck: str  # the game's demo deck, pasted as a text decklist less ``left_out``
    left_out: str  # a card of the demo deck whose copies the new card takes the place of
    copies: int
    card_name: str
    card_type: str
    card_fields: dict[str, str]  # the form's label (or "#id") -> value (a checkbox: "check")
    card_text: str
    deck_name: str
    search: str  # what the playtester types to find the new card
    words: dict[str, str] = field(default_factory=dict)
    # The violations of the deck before the new card is added, and once it is disabled, as (code, text).
    short: tuple[tuple[str, str], ...] = ()
    disabled: tuple[tuple[str, str], ...] = ()


FRENCH = Journey(
    language="fr",
    game="riftbound",
    game_name="Riftbound",
    demo_deck="riftbound-example.deck.json",
    left_out="RB-EX-004",  # Example Fury Brawler, 3 copies
    copies=3,
    card_name="Éclaireuse des Braises",
    card_type="UNIT",
    card_fields={"#id_domains_0": "check", "Coût en énergie": "2", "Might": "2"},
    card_text="Quand vous jouez cette unité, piochez 1 carte.",
    deck_name="Braises et marées",
    search="eclaireuse",
    words={
        "nav": "Principale",
        "cards": "Cartes",
        "new card": "Nouvelle carte",
        "name": "Nom",
        "text": "Texte",
        "no problem": "Aucun problème relevé par les règles de Riftbound.",
        "create": "Créer la carte",
        "created": "{name} ({id}) créée en brouillon.",
        "upload": "Envoyer",
        "uploaded": "eclaireuse.png a été ajoutée\u202f; c’est maintenant l’image principale de la carte",
        "note": "Note (conservée dans l’historique)",
        "submit": "Soumettre à la revue",
        "needs review": "À revoir",
        "review": "Revue",
        "queue": "File de revue",
        "new in queue": "Jamais validée\xa0: tout est nouveau.",
        "note for": "Note pour {name}",
        "approve": "Approuver",
        "approved": "1 carte désormais Validée\xa0: {name}. Note\xa0: «\xa0Conforme\xa0».",
        "decks": "Decks",
        "paste": "Ou collez-le",
        "import": "Importer",
        "imported": "{deck} importé (pas encore légal\xa0: 1 problème listé ci-dessous).",
        "search": "Rechercher des cartes .*",
        "add": "Ajouter {name} à\xa0: Deck principal",
        "copies of": "Exemplaires de {name}",
        "valid": "Construction valide",
        "no violation": "Aucun problème\xa0: toutes les règles du format Construit sont respectées.",
        "not valid": "Construction non valide",
        "one error": "1 erreur à corriger",
        "disable": "Désactiver",
        "confirm": "Désactiver cette carte\u202f? 1 deck légal devient illégal.",
        "disabled": "Désactivée",
        "illegal": "Illégal",
        "one problem": "1 problème",
    },
    short=(("DECK_SIZE", "Deck principal\xa0: 37 cartes\u202f; il en faut exactement 40"),),
    disabled=(
        (
            "CARD_NOT_VALIDATED",
            "Deck principal\xa0: Éclaireuse des Braises ({id}) a le statut «\xa0Désactivée\xa0»\u202f; "
            "seules les cartes validées peuvent être jouées",
        ),
    ),
)

RUSSIAN = Journey(
    language="ru",
    game="vanguard",
    game_name="Cardfight!! Vanguard (Classic)",
    demo_deck="vanguard-td01.deck.json",
    left_out="TD01-007",  # Covenant Knight, Randolf, 4 copies
    copies=4,
    card_name="Рыцарь рассвета, Гавейн",
    card_type="NORMAL_UNIT",
    card_fields={
        "Сет": "BT01",
        "Грейд": "2",
        "Сила": "8000",
        "Щит": "5000",
        "Крит": "1",
        "Клан": "Royal Paladin",
    },
    card_text="[АВТО]: Когда эта единица выходит на поле, возьмите 1 карту.",
    deck_name="Клинки рассвета",
    search="рыцарь рассвета",
    words={
        "nav": "Главное меню",
        "cards": "Карты",
        "new card": "Новая карта",
        "name": "Название",
        "text": "Текст",
        "no problem": "Правила игры «Cardfight!! Vanguard (Classic)» не нашли ни одной проблемы.",
        "create": "Создать карту",
        "created": "{name} ({id})",
        "upload": "Загрузить",
        "uploaded": "eclaireuse.png",
        "note": "Заметка (сохраняется в истории)",
        "submit": "Отправить на проверку",
        "needs review": "На проверке",
        "review": "Проверка",
        "queue": "Очередь проверки",
        "new in queue": "",
        "note for": "Заметка к {name}",
        "approve": "Одобрить",
        "approved": "1 карта теперь «Утверждена»: {name}.",
        "decks": "Колоды",
        "paste": "Или вставьте его",
        "import": "Импорт",
        "imported": "Колода {deck} импортирована (пока нелегальна: 1 проблема, см. ниже).",
        "search": "Поиск карт .*",
        "add": "Добавить {name} в раздел «Основная колода»",
        "copies of": "Копии {name}",
        "valid": "Сборка корректна",
        "no violation": "Проблем нет: все правила формата «Классический» соблюдены.",
        "not valid": "Сборка некорректна",
        "one error": "1 ошибку нужно исправить",
        "disable": "Отключить",
        "confirm": "Отключить эту карту? 1 легальная колода станет нелегальной.",
        "disabled": "Отключена",
        "illegal": "Нелегальна",
        "one problem": "1 проблема",
    },
    short=(("DECK_SIZE", "в разделе «Основная колода» 46 карт; нужно ровно 50"),),
    disabled=(
        (
            "CARD_NOT_VALIDATED",
            "Основная колода: Рыцарь рассвета, Гавейн ({id}) — статус «Отключена»; "
            "играть можно только утверждёнными картами",
        ),
    ),
)


def msgids_shown_translated(language: str) -> frozenset[str]:
    """The catalogue's English sentences that read differently in ``language`` (placeholders aside).

    A sentence one of whose entries keeps the English words (a game's own context: riftbound's
    French says « Battlefield » as its seed does) is not English on these pages."""
    catalogue = polib.pofile(str(Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"))
    simple = [
        entry for entry in catalogue if not entry.msgid_plural and "%(" not in entry.msgid and entry.msgstr
    ]
    kept = {entry.msgid for entry in simple if entry.msgstr == entry.msgid}
    # Punctuation alone (":", whose French is " :") is no English sentence: only words are.
    return frozenset(
        entry.msgid for entry in simple if entry.msgid not in kept and any(c.isalpha() for c in entry.msgid)
    )


# The text of a page as a person reads it, without card data (written in its game's language and
# marked with its own lang), code samples, and what the browser itself writes (a file input's button).
PAGE_TEXTS = """lang => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest("script, style, code, pre, template, [hidden], [aria-hidden=true]")) continue;
    const marked = element.closest("[lang]");
    if (marked && marked.getAttribute("lang") !== lang) continue;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    if (text) texts.push(text);
  }
  for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title]")) {
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && !element.closest("[lang]:not([lang='" + lang + "'])")) texts.push(value.trim());
    }
  }
  return texts;
}"""


class Reader:
    """Checks every page a person of the journey reads: in their language, no English sentence."""

    def __init__(self, journey: Journey, screenshot):
        self.journey = journey
        self.translated = msgids_shown_translated(journey.language)
        self.screenshot = screenshot
        self.english: dict[str, list[str]] = {}

    def reads(self, page, name: str) -> None:
        language = self.journey.language
        expect(page.locator("html")).to_have_attribute("lang", language)
        texts = page.evaluate(PAGE_TEXTS, language)
        english = sorted({t for t in texts if t in self.translated})
        sentences = sorted(
            {s for s in ENGLISH for t in texts if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", t)}
        )
        self.screenshot(page, f"journey-{language}-{name}")
        if english or sentences:
            self.english[f"{name} ({page.url})"] = english + sentences

    def read_no_english(self) -> None:
        assert not self.english, (
            f"pages of the journey in {self.journey.language} read English: {self.english}"
        )


def pasted_decklist(journey: Journey) -> str:
    """The game's demo deck as a player pastes it (card names, count first), less ``left_out``."""
    data = json.loads((DECKS_DIR / journey.demo_deck).read_text(encoding="utf-8"))
    names = dict(Card.objects.filter(game=journey.game).values_list("stable_id", "name"))
    lines = [f"game: {journey.game}", f"name: {journey.deck_name}"]
    for pick in ("legend", "champion"):
        if data.get(pick):
            lines.append(f"{pick}: {names[data[pick]]}")
    for section, entries in data["sections"].items():
        lines += ["", f"{section}:"]
        lines += [f"{e.get('count', 1)} {names[e['card']]}" for e in entries if e["card"] != journey.left_out]
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@pytest.mark.parametrize("journey", [FRENCH, RUSSIAN], ids=lambda j: j.language)
def test_the_journey_in_the_teams_language(journey, session, make_user, screenshot, settings):
    settings.DECKS_PANEL_POLL_SECONDS = 1
    card_imports.cards_import(payload=card_set(journey.game))
    people = {}
    for role, username in (("designer", "dana"), ("reviewer", "remi"), ("playtester", "paula")):
        people[role] = make_user(role, username=username)
        remember(people[role], language=journey.language)
    words = journey.words
    reader = Reader(journey, screenshot)

    def nav(page, name):
        page.get_by_role("navigation", name=words["nav"]).get_by_role("link", name=name, exact=True).click()
        page.wait_for_load_state()  # htmx wires the page's forms on load

    # The designer creates the card with the game's own fields, adds its image and submits it.
    designer = session(people["designer"])
    reader.reads(designer, "home")
    nav(designer, words["cards"])
    designer.get_by_role("link", name=words["new card"]).click()
    designer.get_by_role("link", name=re.compile(f"^{re.escape(journey.game_name)}")).click()
    # The form is there once the HTML is parsed; htmx wires its live check only after "load".
    designer.wait_for_load_state()
    designer.get_by_label(words["name"], exact=True).fill(journey.card_name)
    designer.locator("#id_type").select_option(journey.card_type)
    for label, value in journey.card_fields.items():
        box = (
            designer.locator(label)
            if label.startswith("#")
            else designer.get_by_label(re.compile(f"^\\s*{re.escape(label)}"))
        )
        box.check() if value == "check" else box.fill(value)
    with settles(designer, "findings"):
        designer.get_by_label(words["text"], exact=True).fill(journey.card_text)
    expect(designer.locator("#findings")).to_contain_text(words["no problem"])
    reader.reads(designer, "new-card")
    designer.get_by_role("button", name=words["create"]).click()
    expect(designer.get_by_role("heading", name=journey.card_name, level=1)).to_be_visible()
    designer.wait_for_load_state()
    card = Card.objects.get(name=journey.card_name)
    expect(designer.get_by_role("status").first).to_contain_text(
        words["created"].format(name=journey.card_name, id=card.stable_id)
    )

    gallery = designer.locator("#artwork")
    designer.locator("#artwork-file").set_input_files(
        {"name": "eclaireuse.png", "mimeType": "image/png", "buffer": make_image("PNG", (300, 420))}
    )
    gallery.get_by_role("button", name=words["upload"]).click()
    expect(gallery.get_by_role("status").first).to_contain_text(words["uploaded"])
    designer.get_by_label(words["note"]).fill("Prêt" if journey.language == "fr" else "Готово")
    designer.get_by_role("button", name=words["submit"]).click()
    expect(designer.locator("#status-title .badge")).to_have_text(words["needs review"])
    reader.reads(designer, "card-submitted")

    # The reviewer finds it in the queue as a new card and approves it.
    reviewer = session(people["reviewer"])
    nav(reviewer, words["review"])
    reviewer.get_by_role("link", name=re.compile(f"^{re.escape(journey.game_name)}")).click()
    expect(reviewer.get_by_role("heading", name=words["queue"], level=1)).to_be_visible()
    item = reviewer.locator(f'.reviewitem[data-card="{card.stable_id}"]')
    expect(item).to_contain_text(words["new card"])
    reader.reads(reviewer, "review-queue")
    item.get_by_label(words["note for"].format(name=journey.card_name)).fill("Conforme")
    item.get_by_role("button", name=words["approve"]).click()
    expect(reviewer.locator("#notice")).to_contain_text(words["approved"].format(name=journey.card_name))
    card.refresh_from_db()
    assert card.status == Status.VALIDATED

    # The playtester (whose collection holds the cards, Vanguard plays owned cards only) pastes the
    # demo decklist less a few cards: the deck is short, and says so in their language.
    playtester = session(people["playtester"])
    data = json.loads((DECKS_DIR / journey.demo_deck).read_text(encoding="utf-8"))
    owned = {e["card"]: e.get("count", 1) for entries in data["sections"].values() for e in entries}
    deck_services.collection_set(owner=people["playtester"], counts={**owned, card.stable_id: journey.copies})
    nav(playtester, words["decks"])
    playtester.get_by_label(words["paste"]).fill(pasted_decklist(journey))
    playtester.get_by_role("button", name=words["import"]).click()
    expect(playtester.get_by_role("heading", name=journey.deck_name, level=1)).to_be_visible()
    expect(playtester.get_by_role("status").first).to_contain_text(
        words["imported"].format(deck=journey.deck_name)
    )
    verdict = playtester.locator("#verdict")
    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text(words["not valid"])
    violations_are(verdict, journey.short, card)
    reader.reads(playtester, "deck-short")

    # The builder completes it with the new card: legal.
    add_from_search(
        playtester,
        journey.search,
        journey.card_name,
        journey.copies,
        search=words["search"],
        add=words["add"],
        copies_of=words["copies of"],
    )
    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text(words["valid"])
    expect(verdict).to_contain_text(words["no violation"])
    violations_are(verdict, (), card)
    reader.reads(playtester, "deck-legal")
    assert Deck.objects.get(name=journey.deck_name).legal

    # The reviewer disables the card from its page, warned that one legal deck turns illegal.
    reviewer.goto(f"/cards/{card.stable_id}/")
    reviewer.get_by_label(words["note"]).fill("doublon" if journey.language == "fr" else "дубликат")
    asked = []
    reviewer.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    with settles(playtester, "deck"):  # the builder's refresh, its panel swapped
        reviewer.get_by_role("button", name=words["disable"], exact=True).click()
        expect(reviewer.locator("#status-title .badge")).to_have_text(words["disabled"])
        assert asked == [words["confirm"]]
        reader.reads(reviewer, "card-disabled")

    # The playtester's open builder turns illegal by itself: the verdict and every violation in their language.
    expect(verdict.locator('[data-verdict="construction"]')).to_contain_text(
        words["not valid"], timeout=15_000
    )
    expect(verdict).to_contain_text(words["one error"])
    violations_are(verdict, journey.disabled, card)
    reader.reads(playtester, "deck-illegal")
    nav(playtester, words["decks"])
    row = playtester.locator("tr", has_text=journey.deck_name)
    expect(row.locator(".badge.illegal")).to_have_text(words["illegal"])
    expect(row).to_contain_text(words["one problem"])
    reader.reads(playtester, "deck-list")
    assert not Deck.objects.get(name=journey.deck_name).legal
    reader.read_no_english()


def violations_are(verdict, expected, card) -> None:
    """The verdict lists exactly ``expected`` ((code, text) pairs), each in the reader's language."""
    items = verdict.locator("li[data-code]")
    expect(items).to_have_count(len(expected))
    for code, text in expected:
        expect(verdict.locator(f'li[data-code="{code}"]')).to_contain_text(text.format(id=card.stable_id))
