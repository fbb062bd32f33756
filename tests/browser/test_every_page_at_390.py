"""Every main page of each role at 390 px, in English, French and Russian (issue 17, item 5): the page never
scrolls sideways (every table fits: a wide one becomes one block per row), no word of a table breaks inside
(a header read "Revie|w"), and nothing a page loads fails (no console error, no 4xx or 5xx: the favicon,
scripts, thumbnails). On the demo data (``loaddemo``), with an audit of Darkrow finished."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from cards.models import Card, Status
from decks.models import Deck
from reviews import audits
from tests.browser.helpers import settled

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]

WIDTH = 390

# Words of a table cell or header laid out on two lines (a word broken inside); codes and ids may break.
BROKEN_WORDS = r"""() => {
  const out = [];
  for (const cell of document.querySelectorAll("th, td")) {
    if (!cell.offsetParent || cell.closest(".visually-hidden, thead[class], [hidden]")) continue;
    const box = cell.getBoundingClientRect();
    if (box.width < 3) continue;  // a visually hidden header
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      if (node.parentElement.closest("code, kbd, pre")) continue;
      for (const m of node.data.matchAll(/\S{3,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""

HIDDEN_TABLE_HEAD = "table.stack thead, table.decktable thead"


def _pages(role: str, card: str, validated: str, deck: int) -> list[str]:
    # The pages each role sees with its own content (its home, the cards it may see).
    common = ["/", "/cards/", "/cards/?view=list"]
    # Pages that are the same whoever reads them, but for the header (test_header_at_390.py fits
    # every role's header): read by one role each.
    shared = {
        "designer": ["/cards/help/", "/accounts/preferences/", "/notifications/"],
        "reviewer": ["/stats/vanguard/", "/activity/"],
        "playtester": ["/tables/", f"/activity/?card={validated}"],
    }[role]
    common = [*common, *shared]
    decks = [
        "/decks/",
        f"/decks/{deck}/",
        f"/decks/{deck}/stats/",
        f"/decks/{deck}/draws/",
        f"/faces/decks/{deck}/",
        f"/stats/paper/?deck={deck}",
    ]
    return {
        "designer": [
            *common,
            f"/cards/{card}/",
            "/cards/new/?game=darkrow",
            "/cards/sets/",
            "/review/?game=darkrow",
            "/faces/darkrow/template/",
            "/faces/darkrow/print/",
            "/decks/",
        ],
        "reviewer": [
            *common,
            f"/cards/{card}/",
            "/review/?game=darkrow",
            "/audits/?game=darkrow",
            "/audits/?game=darkrow&list=NEEDS_REVIEW",
            "/audits/?game=vanguard",
            *decks,
        ],
        "playtester": [*common, f"/cards/{validated}/", *decks, "/stats/paper/proposals/"],
    }[role]


@pytest.fixture
def demo(db):
    call_command("loaddemo", verbosity=0)
    audits.audit_run(audit_id=audits.audit_start(game="darkrow", enqueue=False).pk)
    card = Card.objects.filter(game="darkrow", type="OBJECT").order_by("stable_id").first()
    validated = Card.objects.filter(game="vanguard", status=Status.VALIDATED).order_by("stable_id").first()
    deck = Deck.objects.filter(game="vanguard", owner__username="playtester").order_by("pk").first()
    return card.stable_id, validated.stable_id, deck.pk


# Pages loading at once, each in a page of its own of the test's browser context: one page's loading,
# drawing and checks while the server answers the next (a page waited for alone left the test idle
# for most of its 47 visits a role).
IN_FLIGHT = 3


def _watched(page, failures: list[str]):
    """``page`` at 390 px, each console error, script error and 4xx or 5xx answer it meets in ``failures``."""
    page.on(
        "console",
        lambda m: failures.append(f"{page.url}: console {m.type}: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda error: failures.append(f"{page.url}: script error: {error}"))
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.set_viewport_size({"width": WIDTH, "height": 844})
    return page


@pytest.mark.slow
@pytest.mark.parametrize("role", ["designer", "reviewer", "playtester"])
def test_every_page_of_a_role_fits_390_px_in_every_language_and_loads_without_error(
    role, page, demo, screenshot
):
    card, validated, deck = demo
    failures: list[str] = []
    _watched(page, failures)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(role)
    page.get_by_label("Password").fill(f"{role}-demo")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    # The same session (the context's cookie) and language in every page.
    pages = [page, *(_watched(page.context.new_page(), failures) for _ in range(IN_FLIGHT - 1))]
    problems: list[str] = []

    def check(shown, language: str, path: str, response) -> None:
        assert response is not None and response.status == 200, (language, path)
        # "load" has every image, script and style the page asks for; what htmx loads after it
        # (a panel, a count) is done once no element is in an htmx request or swap. Not
        # "networkidle": half a second of quiet per page, 150 pages a run.
        shown.wait_for_load_state("load")
        settled(shown)
        width = shown.evaluate("document.documentElement.scrollWidth")
        if width > WIDTH:
            problems.append(f"{language} {path}: the page is {width} px wide")
        broken = shown.evaluate(BROKEN_WORDS)
        if broken:
            problems.append(f"{language} {path}: words broken inside a table cell: {broken[:5]}")
        if role == "reviewer" and path.startswith("/audits/?game=darkrow&"):
            screenshot(shown, f"audits-390-{language}")
        if role == "designer" and path.startswith("/review/"):
            screenshot(shown, f"review-390-{language}")
        if role == "playtester" and path == "/cards/?view=list":
            screenshot(shown, f"card-list-390-{language}")

    for language in ("en", "fr", "ru"):
        page.locator(f"header form button[value={language}]").click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        loading = []  # (page, path, its answer), IN_FLIGHT at most, the oldest first
        for i, path in enumerate(_pages(role, card, validated, deck)):
            shown = pages[i % IN_FLIGHT]
            if len(loading) == IN_FLIGHT:
                check(*loading.pop(0))  # that page's previous visit, checked before it goes on
            # "commit": the page's answer has arrived; the test goes on to the next page while this
            # one loads, and waits for its "load" in check().
            loading.append((shown, language, path, shown.goto(path, wait_until="commit")))
        for visit in loading:
            check(*visit)
    assert not problems, "\n".join(problems)
    assert not failures, "\n".join(failures)
    # The demo data has what these pages show: the audit's lists, a deck's sections.
    if role == "reviewer":
        page.goto("/audits/?game=darkrow")
        assert re.search(r"#\d+", page.locator("table.closures").inner_text())
