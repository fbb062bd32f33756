"""Every page a demo user reaches from the dashboard, in French and Russian, shows no raw status code and
none of the English sentences issue 25 found (issue 25, item 7), nor the words issue 45 found left in
English (item 6): what the reader sees, not the markup's attributes or the codes the pages show on purpose
in <code>."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import Resolver404, resolve

pytestmark = pytest.mark.django_db

# A code alone; beside its label in parentheses ("Validée (VALIDATED)", a card's history) it is said on purpose.
RAW = re.compile(
    r"(?<!\()\b(VALIDATED|NEEDS_REVIEW|DRAFT|DISABLED)\b|\bв игре (vanguard|darkrow|duel|riftbound|chesscards)\b"
)
ENGLISH = (
    "The hand is shown as dealt",
    "under the deck, draw as many",
    "Effect id",
    "what the effect does",
    "a use limit, keyed by player",
    "Forbidden",
    "Not Found",
    # Issue 45: the review queue's compact list, the template editor's labels, the translation
    # editor's faces and diff.
    "Waiting longest",
    "Compact list",
    "Blocked by errors",
    "Keys: j next card",
    "Ink on panels",
    "Name bar",
    "Click a part of a face",
    "as typed",
    "The source changed since",
    # Issue 45's English left: a game's name, the search help's lines, riftbound's types and field.
    "Chess cards",
    "integer from",
    ", or null",
    "Champion Unit",
    "Champion unit",
    "Gear",
    "Battlefield",
    "Tags",
)
# Pages issue 45 names, crawled first whatever the dashboard links to (each role sees those it may).
ISSUE_45_PAGES = (
    "/review/?game=darkrow",
    "/review/?game=darkrow&view=full",
    "/faces/darkrow/template/",
    "/cards/{card}/translations/ru/",
    "/cards/{card}/translations/en/",
    "/stats/vanguard/",
    "/stats/chesscards/",
    "/cards/help/",
    "/cards/new/",
    "/cards/new/?game=riftbound&type=BATTLEFIELD",
    "/review/?game=chesscards",
    "/faces/chesscards/template/",
)
SKIP = ("/accounts/logout/", "/api/", "/admin/", "/media/", "/static/", "/jsi18n/", "/i18n/")


class Visible(HTMLParser):
    """The text people read: outside <code>, <script>, <style>, <template>, <pre> and <textarea> (data
    as stored: a face template's JSON holds its English face's words); a menu's options are read (a
    game's name, a card type)."""

    HIDDEN = {"code", "script", "style", "template", "pre", "kbd", "samp", "textarea"}

    def __init__(self):
        super().__init__()
        self.depth, self.parts, self.links = 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.depth += 1
        if tag == "a":
            href = dict(attrs).get("href") or ""
            if href.startswith("/") and not href.startswith("//"):
                self.links.append(href.split("#")[0])

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def crawl(client, language: str, limit: int = 60, start=("/",)) -> dict[str, list[str]]:
    seen, queue, problems = set(), list(start), {}
    while queue and len(seen) < limit:
        url = queue.pop(0)
        path = url.split("?")[0]
        if (
            url in seen
            or path.startswith(SKIP)
            or path.endswith((".png", ".svg", ".pdf", ".zip", ".csv", ".json", ".txt"))
        ):
            continue
        seen.add(url)
        try:
            resolve(path)
        except Resolver404:
            continue
        response = client.get(url, headers={"Accept-Language": language})
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        parser = Visible()
        parser.feed(response.content.decode())
        text = " ".join(parser.parts)
        found = [m.group(0) for m in RAW.finditer(text)] + [e for e in ENGLISH if e in text]
        if found:
            problems[url] = sorted(set(found))
        queue += [link for link in parser.links if link not in seen]
    return problems


@pytest.mark.parametrize("language", ["fr", "ru"])
@pytest.mark.parametrize("role", ["designer", "reviewer", "playtester"])
def test_no_raw_status_code_nor_the_issues_english_on_any_page(client, make_user, make_card, role, language):
    from cards.services import card_set_status, card_update

    user = make_user(role, username=f"{role}-x")
    lead = make_user("designer", "reviewer", username="lead")
    card = make_card("darkrow", user=lead, name="Toyama Kazuha", text="Rapide : piochez une carte.")
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=lead)
    card_update(stable_id=card.stable_id, data={"text": "Rapide : piochez deux cartes."}, user=lead)
    make_card("darkrow", user=lead, name="Agasa", cost=2, atk=1, pv=2)
    client.force_login(user)
    start = [url.format(card=card.stable_id) for url in ISSUE_45_PAGES] + ["/"]
    assert crawl(client, language, limit=70, start=start) == {}
