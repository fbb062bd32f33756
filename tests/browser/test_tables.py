"""Two players at one playtest table, each in a browser of their own (two users, two contexts),
against the studio served as ASGI (HTTP and the tables' WebSockets, as runserver and gunicorn's
uvicorn workers serve it): a few turns of vanguard and of darkrow, each move seen arriving in the
other browser without a reload. Screenshots at 1280 and 390 px under test-output/screenshots/."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import socket
import threading
import time

import pytest
from playwright.sync_api import expect

from tables import replay, services
from tables.models import Table, TableEvent
from tests.tables.live_kit import deck_for

from .conftest import SCREENSHOTS_TAKEN, ReusedContext, _note_csp_violation, save_screenshot, session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _free_port() -> int:
    """A free port (``BROWSER_TEST_PORT``: that one, for a run that must keep to a range of ports)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", int(os.environ.get("BROWSER_TEST_PORT") or 0)))
        return sock.getsockname()[1]


class Serving:
    """studio.asgi under uvicorn in a thread (static files served as runserver does): one server for
    the test process, started by the first test that asks for it (``asgi_server``), stopped as the
    session ends, before its test database is dropped. A server of its own per test cost each a
    quarter of a second of waiting (uvicorn's start, then its shutdown's pauses of 0.1 s), idle time
    of the run.

    Between two tests it answers nothing: the tests' browser contexts are closed and what they were
    being answered is finished (``idle``) before the test's database is flushed."""

    def __init__(self) -> None:
        self.server = None
        self.url = ""
        self.thread: threading.Thread | None = None

    def start(self, session) -> str:
        """Start the server if it is not running, to stop with ``session``; its address."""
        if self.server is not None:
            return self.url
        import uvicorn
        from channels.routing import ProtocolTypeRouter
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
        from django.core.asgi import get_asgi_application

        from studio.asgi import application

        app = ProtocolTypeRouter(
            {
                "http": ASGIStaticFilesHandler(get_asgi_application()),
                "websocket": application.application_mapping["websocket"],
            }
        )
        port = _free_port()
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
        )
        self.thread = threading.Thread(target=server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.started, "uvicorn did not start"
        self.server, self.url = server, f"http://127.0.0.1:{port}"
        # The session's finalizers run last registered first: this one before the database's.
        session.addfinalizer(self.stop)
        return self.url

    def busy(self) -> bool:
        """Whether a request or a socket is still being answered (a connection the browser keeps
        open between two requests is not: the players' contexts are kept from one test to the next,
        ``PlayerContexts``, and their idle connections with them)."""
        state = self.server.server_state
        return bool(state.tasks) or any(_answering(connection) for connection in state.connections)

    def idle(self, seconds: float = 10) -> None:
        """Wait until nothing is being answered (``seconds`` at most, as the server's own shutdown
        waited at the end of each test before)."""
        deadline = time.monotonic() + seconds
        while self.server is not None and self.busy() and time.monotonic() < deadline:
            time.sleep(0.01)

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            self.thread.join(10)
            self.server = None
            # The server's threads are gone, their database connections not yet: collected now, so
            # that PostgreSQL drops the test database with no other session on it.
            gc.collect()


def _answering(connection) -> bool:
    """Whether a connection of uvicorn's is answering: a WebSocket's always, an HTTP one while a
    request's answer is not complete (idle between two requests otherwise)."""
    if not hasattr(connection, "cycle"):
        return True
    cycle = connection.cycle
    return cycle is not None and not cycle.response_complete


SERVING = Serving()


class PlayerContexts:
    """The players' browser contexts (``player``), kept for the test process and emptied after each
    test as a new context (no page but the keeper, no cookie, no permission, no cached answer:
    conftest's ``ReusedContext``). A new context cost Chromium about 0.45 s of CPU, and a table test
    opens one per player (two to four); a page of a kept context about 0.2 s. Closed as the session
    ends, before the browser."""

    def __init__(self) -> None:
        self.free: list[ReusedContext] = []
        self.taken: list[ReusedContext] = []

    def take(self, session, browser, url: str):
        """A context for one player of the test: a kept one, or a new one (to close with ``session``)."""
        if not self.free and not self.taken:
            session.addfinalizer(self.close)
        reused = self.free.pop() if self.free else ReusedContext(browser, url, "en-US")
        self.taken.append(reused)
        return reused.context

    def give_back(self) -> None:
        """The test's contexts emptied (their pages closed) and kept for the next test."""
        for reused in self.taken:
            reused.empty()
        self.free.extend(self.taken)
        self.taken = []

    def close(self) -> None:
        for reused in self.free + self.taken:
            reused.context.close()
        self.free, self.taken = [], []


PLAYER_CONTEXTS = PlayerContexts()


@pytest.fixture
def asgi_server(request, settings, monkeypatch, faces_drawn_once):
    """The address of studio.asgi under uvicorn (``Serving``), its channel layer in memory for this test,
    each face's PNG drawn once a process (``faces_drawn_once``: each test's database is flushed, its
    renditions with it, and the same demo faces were drawn again in every test).

    On SQLite the test database is in memory, shared between connections, whose table locks refuse
    two requests at once ("database table is locked"): each request's sync work then runs in the one
    thread that asgiref keeps for it (no thread per request), as the WSGI live server is made serial
    (tests/browser/conftest.py). PostgreSQL keeps a thread per request.
    """
    from django.core.handlers import asgi as django_asgi

    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        monkeypatch.setattr(django_asgi, "ThreadSensitiveContext", contextlib.nullcontext)
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield SERVING.start(request.session)
    # The pages are closed (``player`` ends first): what they were being answered is finished before
    # the database is flushed.
    SERVING.idle()


@pytest.fixture
def player(request, browser, asgi_server):
    """``player(user, width)``: a browser context of its own, logged in, on no page yet; CSP
    violations fail the test.

    Logged in as the ``login`` fixture does (tests/browser/conftest.py): the session Django's
    ``login()`` makes, its cookie handed to the browser, not the login form's page, its post and the
    home page it leads to, three pages per player for nothing the table tests look at (the form has
    tests of its own: test_login.py)."""
    violations = []

    def open_as(user, width: int = 1280):
        # A context of its own per player (``PlayerContexts``: kept from an earlier test, emptied).
        context = PLAYER_CONTEXTS.take(request.session, browser, asgi_server)
        context.add_cookies([session_cookie(user, asgi_server)])
        page = context.new_page()
        if width != 1280:
            page.set_viewport_size({"width": width, "height": 900})
        page.on("console", lambda message: _note_csp_violation(message.text, violations))
        page.on("dialog", lambda dialog: dialog.accept())  # the confirmations: concede, result
        return page

    yield open_as
    PLAYER_CONTEXTS.give_back()
    if violations:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(violations), pytrace=False)


def shoot(page, name: str, *, full_page: bool = True) -> None:
    if not SCREENSHOTS_TAKEN:
        return
    # The faces are drawn on their first request: the screenshot waits for them (a while at most).
    # Polled from here: wait_for_function's polling evaluates a string, which the page's CSP refuses.
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not page.evaluate("[...document.images].every(i => i.complete)"):
        page.wait_for_timeout(100)
    save_screenshot(page, name, full_page=full_page)


def seq(page) -> int:
    return int(page.locator("#table").get_attribute("data-seq") or 0)


def wait_seq(page, value: int, *, timeout: float = 10_000) -> None:
    """The page holds the table at seq ``value`` (its view and its log), within ``timeout`` ms (as
    long as the pages' other waits: a move's answer on two cores busy with the whole suite)."""
    expect(page.locator("#table")).to_have_attribute("data-seq", str(value), timeout=timeout)
    expect(page.locator(f"#log li[data-seq='{value}']")).to_have_count(1, timeout=timeout)


def log_line(page, number: int):
    return page.locator(f"#log li[data-seq='{number}']")


def zone(page, seat: int, key: str):
    return page.locator(f".side[data-seat='{seat}'] .zone[data-zone='{key}']")


def count_of(page, seat: int, key: str) -> str:
    return zone(page, seat, key).locator("h3 .count").inner_text()


def sit_down(player, alice, bob, game: str, free: bool = True):
    """Alice opens a table from her deck's page and sends the link; bob sits with his deck (``free``:
    the free table, the sandbox these tests play)."""
    mine = deck_for(game, alice, which=0)
    deck_for(game, bob, which=1, imported=True)
    a = player(alice)
    a.goto(f"/decks/{mine.pk}/")
    a.get_by_role("link", name="Play at a table").click()
    expect(a.get_by_label("Your deck")).to_have_value(str(mine.pk))
    if free:
        a.get_by_label("Free table: no rules, every move allowed").check()
    a.get_by_role("button", name="Open the table").click()
    expect(a.get_by_role("heading", name="Invite the second player")).to_be_visible()
    link = a.get_by_label("Invitation link").input_value()
    b = player(bob)
    b.goto(link)
    b.get_by_role("button", name="Sit down").click()
    table = Table.objects.get()
    expect(b).to_have_url(re.compile(rf"/tables/{table.pk}/$"))
    # Alice's page learns it without a reload: the setup is dealt, the invitation goes.
    expect(a.locator("#table-status")).to_contain_text("Setup")
    expect(a.locator("#invite")).to_be_hidden()
    for page in (a, b):
        expect(page.locator("#live")).to_contain_text("Live")
    return table, a, b


def seated(alice, bob, game: str, free: bool = False):
    """The table ``sit_down`` opens, opened server-side (tables.services, as the deck page's form and
    the invitation link do): alice's deck at seat 1, bob's at seat 2, the setup dealt; no page open
    (the pages, the form and the link are played through by the first vanguard test)."""
    table = services.table_create(
        user=alice, deck=deck_for(game, alice, which=0), mode="free" if free else None
    )
    services.table_join(user=bob, table=table, deck=deck_for(game, bob, which=1, imported=True))
    table.refresh_from_db()
    return table


def open_pages(player, table, users) -> list:
    """Each of ``users`` on the table's page in a browser of their own, its socket live."""
    pages = [player(user) for user in users]
    for page in pages:
        page.goto(f"/tables/{table.pk}/")
    for page in pages:
        expect(page.locator("#live")).to_contain_text("Live")
    return pages


def open_hot_seat(player, user, game: str, *, free: bool = False, width: int = 1280, **options):
    """A hot seat of ``game`` opened server-side by ``user`` with both demo decks (tables.services, as
    the tables page's form does: the form is played through by the hot seats of riftbound in the
    reader's language, the timer's, the solo tables'), its page open: (the page, the table)."""
    first, second = deck_for(game, user), deck_for(game, user, which=1, imported=True)
    mode = "free" if free else None
    table = services.table_create(user=user, deck=first, opponent_deck=second, mode=mode, **options)
    page = player(user, width)
    page.goto(f"/tables/{table.pk}/")
    return page, table


def seat_of(table, user) -> int:
    return table.seats.get(user=user).index


@pytest.mark.slow
def test_two_players_play_vanguard_and_see_each_move_arrive(player, make_user):
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    table, a, b = sit_down(player, alice, bob, "vanguard")
    pages = {seat_of(table, alice): a, seat_of(table, bob): b}
    # Each sees their own hand's faces and the other's hand as a count.
    for number, page in pages.items():
        expect(zone(page, number, "hand").locator(".tcard img")).to_have_count(5)
        expect(zone(page, 3 - number, "hand").locator("img")).to_have_count(0)
        assert count_of(page, 3 - number, "hand") == "5"
        # The starting vanguard face down: hidden to the other seat until the setup is done.
        expect(zone(page, 3 - number, "vc").locator("img")).to_have_count(0)
    shoot(a, "table-vanguard-setup-1280")

    # Setup: alice keeps, bob puts one card back; each sees the other's decision arrive.
    a.get_by_role("button", name="Keep this hand").click()
    wait_seq(b, 1)
    expect(log_line(b, 1)).to_contain_text("alice (seat 1) kept their hand")
    b.locator(f".side[data-seat='{seat_of(table, bob)}'] .zone[data-zone='hand'] .tcard .face").first.click()
    b.get_by_role("button", name="Put 1 card back").click()
    wait_seq(a, 2)
    expect(log_line(a, 2)).to_contain_text("bob (seat 2) put 1 card back and drew again")
    for page in (a, b):
        expect(page.locator("#table-status")).to_contain_text("Turn 1")
    table.refresh_from_db()
    active = _active(a)
    first = table.seats.get(index=active).user
    me, other = (a, b) if first == alice else (b, a)
    # Both vanguards are face up now: the other seat sees the starter's face.
    expect(zone(other, active, "vc").locator("img")).to_have_count(1)

    # The first player's turn: next step (n) to the draw, which draws by itself; then ride.
    me.locator("body").press("n")
    wait_seq(other, 3)
    expect(log_line(other, 3)).to_contain_text("went on to the next step")
    expect(other.locator(".steps li.current")).to_have_text("Draw")
    assert count_of(other, active, "hand") == "6"
    # Drag a card of the hand onto a rear-guard circle: the other sees its name there.
    card = zone(me, active, "hand").locator(".tcard .face").first
    name = card.get_attribute("title")
    card.drag_to(zone(me, active, "rc1"))
    wait_seq(other, 4)
    expect(zone(other, active, "rc1").locator(".tcard")).to_have_count(1)
    expect(zone(other, active, "rc1")).to_contain_text(name)
    expect(log_line(other, 4)).to_contain_text(f"moved {name} from Hand to")
    # Tap it with the keyboard (the chosen card), then end the turn (e).
    zone(me, active, "rc1").locator(".face").click()
    me.locator("body").press("t")
    wait_seq(other, 5)
    expect(zone(other, active, "rc1").locator(".tcard.tapped")).to_have_count(1)
    # A second tab of the same player that missed a move (its socket muted) sends an old seq: the
    # table refuses it (409), the tab says so and catches up; the tabs are in step again.
    muted = {"on": False}

    def route(ws):
        server = ws.connect_to_server()
        server.on_message(lambda message: None if muted["on"] else ws.send(message))

    tab = player(first)
    tab.route_web_socket(re.compile(r"/ws/tables/\d+/"), route)
    tab.goto(f"/tables/{table.pk}/")
    wait_seq(tab, 5)
    muted["on"] = True
    me.locator("body").press("u")
    wait_seq(other, 6)
    expect(log_line(other, 6)).to_contain_text("untapped all their cards")
    tab.locator("body").press("u")
    expect(tab.locator("#notice")).to_contain_text("The table moved on meanwhile")
    wait_seq(tab, 6)
    assert Table.objects.get(pk=table.pk).seq == 6  # the stale move changed nothing
    tab.close()

    me.locator("body").press("e")
    wait_seq(other, 7)
    expect(other.locator("#table-status")).to_contain_text("Turn 2")
    shoot(other, "table-vanguard-turn2-1280")

    # The second player's turn: stand, draw (n), the first player sees the draw as a count only.
    before = int(count_of(me, 3 - active, "hand"))
    other.locator("body").press("n")
    wait_seq(me, 8)
    assert int(count_of(me, 3 - active, "hand")) == before + 1
    expect(log_line(me, 8)).to_contain_text("1 card drawn")
    other.get_by_role("button", name="End turn").click()
    wait_seq(me, 9)
    expect(me.locator("#table-status")).to_contain_text("Turn 3")

    # At 390 px: one side at a time, the tabs switch it.
    narrow = player(bob, 390)
    narrow.goto(f"/tables/{table.pk}/")
    wait_seq(narrow, 9)
    expect(narrow.locator(".side.shown")).to_have_count(1)
    shoot(narrow, "table-vanguard-390")
    narrow.get_by_role("tab", name=re.compile("alice")).click()
    expect(narrow.locator(".side.shown")).to_have_attribute("data-seat", str(seat_of(table, alice)))
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390

    # Concede, with a confirmation: both see the result, and the replay steps through it.
    me.get_by_role("button", name="Concede").click()
    wait_seq(other, 10)
    expect(other.locator("#result")).to_contain_text("won")
    other.get_by_role("link", name="Replay the game step by step").click()
    expect(other.locator("#table-status")).to_contain_text("(after event 0)")
    other.get_by_role("button", name="Next", exact=True).click()
    expect(other.locator("#table-status")).to_contain_text("(after event 1)")
    expect(other).to_have_url(re.compile(r"\?at=1$"))
    shoot(other, "table-vanguard-replay-1280")


def _active(page) -> int:
    text = page.locator(".side .badge", has_text="their turn").locator("xpath=ancestor::section[1]")
    return int(text.get_attribute("data-seat"))


def test_two_players_play_darkrow_coin_toss_mulligan_and_turns(player, make_user):
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    table = seated(alice, bob, "darkrow", free=True)
    a, b = open_pages(player, table, (alice, bob))
    pages = {seat_of(table, alice): a, seat_of(table, bob): b}
    # The setup panel is drawn from the stream after the page loads: wait for it on both sides
    # before asking which one holds the coin's choice.
    for page in pages.values():
        expect(page.locator("#setup")).to_contain_text(re.compile("I play first|Waiting for"), timeout=20_000)
    winner = next(n for n, page in pages.items() if page.get_by_role("button", name="I play first").count())
    loser = 3 - winner
    expect(pages[loser].locator("#setup")).to_contain_text("Waiting for")
    # Life is dealt after the mulligan: face down, a count for both seats.
    pages[winner].get_by_role("button", name="I play first").click()
    wait_seq(pages[loser], 1)
    expect(log_line(pages[loser], 1)).to_contain_text("chose who plays first")
    for at, (number, page) in enumerate(pages.items(), start=2):
        wait_seq(page, at - 1)
        page.get_by_role("button", name="Keep this hand").click()
        wait_seq(pages[3 - number], at)
    for page in pages.values():
        wait_seq(page, 3)
        expect(page.locator("#table-status")).to_contain_text("Turn 1")
        assert count_of(page, 1, "life") == "5" and count_of(page, 2, "life") == "5"
        expect(zone(page, 1, "life").locator("img")).to_have_count(0)
    shoot(pages[winner], "table-darkrow-1280")
    me, other = pages[winner], pages[loser]
    hand = count_of(other, winner, "hand")
    # Ready, Indices, draw (none on the first player's first turn): three clicks on "Next step".
    for n in range(3):
        me.get_by_role("button", name="Next step").click()
        wait_seq(other, 4 + n)
    assert count_of(other, winner, "hand") == hand
    expect(other.locator("#log")).to_contain_text("no draw on the first player's first turn")
    card = zone(me, winner, "hand").locator(".tcard .face").first
    name = card.get_attribute("title")
    card.drag_to(zone(me, winner, "units"))
    wait_seq(other, 7)
    expect(zone(other, winner, "units")).to_contain_text(name)
    # A face on the board comes at the size it is drawn (71 x 99 CSS px), not a print face scaled
    # down: at least a pixel of the image for each pixel of the screen, and not much more.
    image = me.locator(".tcard .face img").first
    expect(image).to_have_attribute("srcset", re.compile(r"dpi=30\S* 1x, \S*dpi=60\S* 2x$"))
    expect(image).to_have_js_property("complete", True)
    served, drawn = image.evaluate(
        "i => [[i.naturalWidth, i.naturalHeight], [i.clientWidth * devicePixelRatio, i.clientHeight * devicePixelRatio]]"
    )
    assert drawn[0] <= served[0] and drawn[1] <= served[1], (served, drawn)
    assert served[0] * served[1] <= 1.25 * drawn[0] * drawn[1], (served, drawn)
    # The card zoom: the other player chooses the card and looks at it closely (a larger face).
    zone(other, winner, "units").locator(".face").first.click()
    other.locator("#selection").get_by_role("button", name="Zoom").click()
    expect(other.locator("#zoom")).to_be_visible()
    expect(other.locator("#zoom-title")).to_have_text(name)
    # The zoom shows the dealt version's face, larger: its address answers a PNG (asked directly, so
    # that a slow first drawing at 200 dpi on a loaded machine does not decide the test).
    # The demo Darkrow objects DR-O01..05 are references without a stable id: no face to zoom on.
    if other.locator("#zoom-image").get_attribute("hidden") is None:
        expect(other.locator("#zoom-image")).to_have_attribute("src", re.compile(r"/faces/.*dpi=200"))
        face = other.request.get(other.locator("#zoom-image").get_attribute("src"))
        assert face.status == 200 and face.headers["content-type"] == "image/png"
    else:
        expect(other.locator("#zoom-image")).to_be_hidden()
    other.keyboard.press("Escape")
    expect(other.locator("#zoom")).to_be_hidden()
    me.get_by_role("button", name="End turn").click()
    wait_seq(other, 8)
    other.get_by_role("button", name="Next step").click()
    wait_seq(me, 9)
    expect(me.locator(".steps li.current")).not_to_have_text("Ready")
    shoot(other, "table-darkrow-turn2-1280")
    narrow = player(alice, 390)
    narrow.goto(f"/tables/{table.pk}/")
    wait_seq(narrow, 9)
    shoot(narrow, "table-darkrow-390")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_a_hot_seat_of_riftbound_in_the_readers_language(player, make_user, language):
    """One player, both seats, the page and its log in French or Russian: each seat chooses its
    battlefield and keeps its hand, then the first turn begins."""
    from studio.models import Preference

    alice = make_user("playtester", username="alice")
    Preference.objects.update_or_create(user=alice, defaults={"language": language})
    first, second = deck_for("riftbound", alice), deck_for("riftbound", alice, which=1, imported=True)
    words = {
        "fr": {
            "open": "Ouvrir la table",
            "choose": "Choisir",
            "keep": "Garder cette main",
            "kept": "a gardé sa main",
            "turn": "Tour 1",
            "chose": "a choisi",
        },
        "ru": {
            "open": "Открыть стол",
            "choose": "Выбрать",
            "keep": "Оставить эту руку",
            "kept": "оставил(а) руку",
            "turn": "Ход 1",
            "chose": "выбрана карта",
        },
    }[language]
    page = player(alice, 1280 if language == "fr" else 390)
    page.goto(f"/tables/?deck={first.pk}")
    page.locator("#opponent_deck").select_option(str(second.pk))
    page.get_by_role("button", name=words["open"]).click()
    table = Table.objects.get()
    assert table.hot_seat
    expect(page.locator("#setup")).to_be_visible()
    at = 0
    for number in (1, 2):
        choices = page.locator(
            f".side[data-seat='{number}'] .zone[data-zone='battlefieldChoices'] .tcard .face"
        )
        if language == "ru":  # 390 px: one side at a time, its tab shows it
            page.get_by_role("tab", name=re.compile(rf"{number}\)$")).click()
        choices.first.click()
        page.locator("#selection").get_by_role("button", name=words["choose"], exact=True).click()
        at += 1
        wait_seq(page, at)
    expect(log_line(page, 1)).to_contain_text(words["chose"])
    for number in (1, 2):
        page.locator(f".decision[data-seat='{number}']").get_by_role("button", name=words["keep"]).click()
        at += 1
        wait_seq(page, at)
    expect(log_line(page, at)).to_contain_text(words["kept"])
    expect(page.locator("#table-status")).to_contain_text(words["turn"])
    shoot(page, f"table-riftbound-hotseat-{language}-{1280 if language == 'fr' else 390}")
    if language == "ru":
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # The note's field shows its whole prompt, and its button's label is one line (the buttons
        # fold at 390 px: opened first).
        page.get_by_role("button", name="Другие ходы").click()
        assert page.evaluate(NOTE_FORM_FITS) == {"promptShown": True, "buttonLines": 1}


# Whether the log's note form reads whole: its field wide enough for its prompt (the placeholder's
# width in the field's font), its button's label on one line.
NOTE_FORM_FITS = """() => {
  const form = document.querySelector(".tablenote"), input = form.querySelector("input");
  const style = getComputedStyle(input), context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const label = document.createRange();
  label.selectNodeContents(form.querySelector("button"));
  const lines = new Set([...label.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  return {promptShown: context.measureText(input.placeholder).width <= room, buttonLines: lines.size};
}"""


def open_chess_hot_seat(player, user, *, free: bool = True, width: int = 1280):
    """A hot seat of chesscards opened by ``user`` (both demo decks, ``open_hot_seat``): its page and
    its board, White to move (``free``: the free table, where the moves are the players' business)."""
    page, _table = open_hot_seat(player, user, "chesscards", free=free, width=width)
    board = page.locator(".chessboard")
    expect(board.locator("[data-square='e2']")).to_have_text("\u2659")
    return page, board


def test_a_hot_seat_of_chesscards_moves_the_pieces_on_the_board(player, make_user):
    """Chesscards' board at the table: White (the first player) picks a pawn and its square, ends the
    turn, Black answers; a piece reached is taken and shown aside; the board fits at 390 px."""
    alice = make_user("playtester", username="alice")
    page, board = open_chess_hot_seat(player, alice)
    table = Table.objects.get()

    def move(source: str, target: str, seq: int) -> None:
        board.locator(f"[data-square='{source}']").click()
        board.locator(f"[data-square='{target}']").click()
        wait_seq(page, seq)

    move("e2", "e4", 1)
    expect(board.locator("[data-square='e4']")).to_have_text("\u2659")
    expect(board.locator("[data-square='e2']")).to_have_text("")
    page.get_by_role("button", name="End turn").click()
    wait_seq(page, 2)
    move("d7", "d5", 3)
    page.get_by_role("button", name="End turn").click()
    wait_seq(page, 4)
    move("e4", "d5", 5)
    expect(board.locator("[data-square='d5']")).to_have_text("\u2659")
    expect(page.locator(".chesswrap")).to_contain_text("\u265f")
    expect(log_line(page, 5)).to_contain_text("from e4 to d5")
    assert TableEvent.objects.filter(table=table, kind="piece").count() == 3
    # A note for the log: kept with the moves, read in the replay.
    page.get_by_label("A note for the log").fill("Mur: to check against the seed")
    page.get_by_role("button", name="Add the note").click()
    wait_seq(page, 6)
    expect(log_line(page, 6)).to_contain_text("noted: Mur: to check against the seed")
    expect(page.get_by_label("A note for the log")).to_have_value("")
    shoot(page, "table-chesscards-1280")
    narrow = player(alice, 390)
    narrow.goto(f"/tables/{table.pk}/")
    wait_seq(narrow, 6)
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(narrow, "table-chesscards-390")


def test_a_move_whose_announce_is_lost_shows_at_once_on_the_page_that_made_it(player, make_user, monkeypatch):
    """The page that made a move does not wait for its announce (a channel layer that did not reach
    its web process): it shows the move's answer at once, well before the next ping."""
    from tables import realtime

    page, board = open_chess_hot_seat(player, make_user("playtester", username="alice"))
    expect(page.locator("#live")).to_contain_text("Live")
    monkeypatch.setattr(realtime, "announce", lambda *args, **kwargs: None)
    board.locator("[data-square='e2']").click()
    board.locator("[data-square='e4']").click()
    # Within 5 s: the socket's own ping comes every 10 s.
    wait_seq(page, 1)
    expect(board.locator("[data-square='e4']")).to_have_text("\u2659")
    assert TableEvent.objects.filter(kind="piece").count() == 1


def test_a_vanguard_hot_seat_in_rules_mode_offers_only_the_legal_moves_at_390(player, make_user, monkeypatch):
    """A vanguard table opened in its default mode (rules): the page shows only the moves the rules
    allow (GET intents/), no free Draw; the Draw step draws once, going on does not draw again; a card
    of the hand offers only its legal moves; everything fits at 390 px."""
    # The server draws the seed, and a hand may hold no card that may ride: seed 1, fixed here (the
    # server runs in this process), deals one.
    monkeypatch.setattr("tables.services.secrets.randbelow", lambda _bound: 1)
    alice = make_user("playtester", username="alice")
    page, table = open_hot_seat(player, alice, "vanguard", width=390)
    assert table.mode == "rules" and table.rules_version == "vanguard-3"
    page.get_by_role("button", name="Keep this hand").first.click()
    wait_seq(page, 1)
    page.get_by_role("button", name="Keep this hand").first.click()
    wait_seq(page, 2)
    actions = page.locator(".actions[data-mode='rules']")
    expect(actions.locator("[data-kind='step']")).to_have_count(1)
    expect(actions.locator("[data-kind='endTurn']")).to_have_count(1)
    expect(actions.get_by_role("button", name="Draw", exact=True)).to_have_count(0)
    expect(actions.get_by_role("button", name="Untap all")).to_have_count(0)
    active = _active(page)
    assert count_of(page, active, "hand") == "5"
    actions.locator("[data-kind='step']").click()  # Stand -> Draw: draws once
    wait_seq(page, 3)
    assert count_of(page, active, "hand") == "6"
    expect(page.locator(".steps li.current")).to_have_text("Draw")
    actions.locator("[data-kind='step']").click()  # Draw -> Ride: no second draw
    wait_seq(page, 4)
    assert count_of(page, active, "hand") == "6"
    expect(page.locator(".steps li.current")).to_have_text("Ride")
    # A grade 0 card chosen in the hand offers nothing but what the rules allow it (no free move).
    page.get_by_role("tab", name=re.compile(f"seat {active}")).click()
    zone(page, active, "hand").locator(".tcard .face").first.click()
    selection = page.locator("#selection")
    expect(selection.get_by_role("button", name="Move", exact=True)).to_have_count(0)
    expect(selection.get_by_role("button", name="Tap")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "table-vanguard-rules-390")
    # A card the rules let ride offers Ride: the log says it in the words the game declares.
    # The seat's intents come a moment after the view: the cards are tried again until one offers it.
    faces = zone(page, active, "hand").locator(".tcard .face")
    ride = selection.locator("[data-kind='ride']")
    deadline = time.monotonic() + 20
    while not ride.count():
        assert time.monotonic() < deadline, "no card of the hand offered Ride"
        for index in range(faces.count()):
            faces.nth(index).click()
            page.wait_for_timeout(100)
            if ride.count():
                break
    ride.first.click()
    wait_seq(page, 5)
    expect(log_line(page, 5)).to_contain_text("rode")
    expect(zone(page, active, "soul").locator("h3 .count")).to_have_text("1")
    # Nothing was refused: every event the page sent was an offered one.
    assert list(TableEvent.objects.filter(table=table).values_list("kind", flat=True)) == [
        "mulligan",
        "mulligan",
        "step",
        "step",
        "ride",
    ]


def test_the_movers_page_shows_the_moves_answer_and_asks_nothing_again(player, make_user):
    """Issue 42: a move's POST answers with the mover's event, view and intents; the page shows them
    and reads neither the table, its events nor its intents again (the socket's update of the same
    move changes nothing)."""
    alice = make_user("playtester", username="alice")
    first, second = deck_for("vanguard", alice), deck_for("vanguard", alice, which=1, imported=True)
    # Opened server-side, as the tables page's form does (open_hot_seat).
    table = services.table_create(user=alice, deck=first, opponent_deck=second)
    page = player(alice)
    updates: list = []  # the seq of each update the table's socket brings
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: updates.append(_update_seq(frame))))
    page.goto(f"/tables/{table.pk}/")
    page.get_by_role("button", name="Keep this hand").first.click()
    wait_seq(page, 1)
    page.get_by_role("button", name="Keep this hand").first.click()
    wait_seq(page, 2)
    expect(page.locator("#live")).to_contain_text("Live")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(f"{request.method} {request.url}"))
    actions = page.locator(".actions[data-mode='rules']")
    active = _active(page)
    actions.locator("[data-kind='step']").click()  # Stand -> Draw: draws once
    wait_seq(page, 3)
    expect(page.locator(".steps li.current")).to_have_text("Draw")
    assert count_of(page, active, "hand") == "6"
    # The cards drawn, each element marked: a move that moves no card draws none of them again.
    mark = "() => { const cards = document.querySelectorAll('#board .tcard'); "
    cards = page.evaluate(mark + "cards.forEach((c) => { c.drawnBefore = true; }); return cards.length; }")
    # The next step's button comes from the answer's intents: offered at once, and it plays.
    actions.locator("[data-kind='step']").click()
    wait_seq(page, 4)
    expect(page.locator(".steps li.current")).to_have_text("Ride")
    kept = "() => [...document.querySelectorAll('#board .tcard')].filter((c) => c.drawnBefore).length"
    assert cards > 6 and page.evaluate(kept) == cards
    # The socket's update of the same moves came, then a moment for the page to read it: had it asked
    # anything, the request is made as the update is read.
    deadline = time.monotonic() + 10
    while 4 not in updates:
        assert time.monotonic() < deadline, f"no update of seq 4 by the socket: {updates}"
        page.wait_for_timeout(20)
    page.wait_for_timeout(100)
    api = [a for a in asked if "/api/" in a]
    assert api == [f"POST {page.url.split('/tables/')[0]}/api/tables/{Table.objects.get().pk}/events/"] * 2, (
        asked
    )
    shoot(page, "table-vanguard-after-a-move")


def test_a_click_while_a_move_is_on_its_way_waits_for_its_answer(player, make_user):
    """The other seat's buttons of a hot seat come with the socket's update of a move, often before
    the move's answer (on PostgreSQL, whose server answers requests in threads of their own): a click
    on them waits for the answer, the table aria-busy meanwhile, and plays. The page dropped such a
    click without a word (CI's PostgreSQL run, once). Here the browser holds each move's answer back
    1 s after the server gave it."""

    def answered_late(route):
        if route.request.method != "POST":
            route.continue_()
            return
        answer = route.fetch()
        page.wait_for_timeout(1000)
        route.fulfill(response=answer)

    page, _table = open_hot_seat(player, make_user("playtester", username="alice"), "vanguard")
    expect(page.locator("#live")).to_contain_text("Live")
    page.route("**/api/tables/*/events/", answered_late)
    keep = [page.locator(f".decision[data-seat='{seat}'] [data-decision='mulligan']") for seat in (1, 2)]
    keep[0].click()
    wait_seq(page, 1)  # the socket's update, the answer still on its way
    expect(page.locator("#table")).to_have_attribute("aria-busy", "true")
    expect(keep[0]).to_have_count(0)
    keep[1].click()
    wait_seq(page, 2)
    expect(keep[1]).to_have_count(0)
    expect(page.locator("#table")).not_to_have_attribute("aria-busy", "true")
    assert list(TableEvent.objects.values_list("kind", "seat")) == [("mulligan", 1), ("mulligan", 2)]


def _update_seq(payload) -> int | None:
    """The seq of a table socket's update (``{"type": "update", "seq": N, ...}``); None for another message."""
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    return data.get("seq") if isinstance(data, dict) and data.get("type") == "update" else None


def test_the_creator_revokes_and_reissues_the_invitation_link_at_390(player, make_user):
    """Issue 47: a link sent to the wrong person is revoked from the table page (it leads nowhere),
    and a new one issued; the panel fits 390 px."""
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    mine = deck_for("duel", alice)
    deck_for("duel", bob, which=1, imported=True)
    # Opened server-side, as the tables page's form does (the form: the first vanguard test).
    table = services.table_create(user=alice, deck=mine)
    page = player(alice, 390)
    page.goto(f"/tables/{table.pk}/")
    old = page.get_by_label("Invitation link").input_value()
    page.get_by_role("button", name="Revoke the link").click()
    expect(page.locator("#invite-revoked")).to_be_visible()
    expect(page.get_by_label("Invitation link")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Issue a link").click()
    new = page.get_by_label("Invitation link").input_value()
    assert new and new != old
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    guest = player(bob)
    assert guest.goto(old).status == 404
    guest.goto(new)
    guest.get_by_role("button", name="Sit down").click()
    expect(guest).to_have_url(re.compile(rf"/tables/{Table.objects.get().pk}/$"))


@pytest.mark.slow
def test_a_table_whose_channel_layer_fails_says_so_and_reads_the_moves_itself(player, make_user, settings):
    """The channel layer cannot be reached: the socket sends the table and closes with 4503; the page
    says that live updates are paused and reads the table every 2 s: a move made in another tab shows
    without a socket to bring it."""
    settings.TABLE_POLL_SECONDS = 0.5  # the reads every half second here: less waiting for the next
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},  # nothing listens there
        }
    }
    page, board = open_chess_hot_seat(player, make_user("playtester", username="alice"))
    expect(page.locator("#live")).to_contain_text("Live updates are paused")
    other = page.context.new_page()
    other.goto(page.url)
    other.locator(".chessboard [data-square='e2']").click()
    other.locator(".chessboard [data-square='e4']").click()
    wait_seq(other, 1)
    wait_seq(page, 1)
    expect(board.locator("[data-square='e4']")).to_have_text("\u2659")


def test_a_hot_seat_asked_with_the_turn_timer_shows_both_clocks_counting_down_at_390(
    player, make_user, monkeypatch
):
    """Vanguard's turn timer (seed 002, section 1), asked for at a hot seat: both clocks shown, the
    turn's counting down; when the server's clock says the seat to act spent its turn and its bank,
    the periodic task records the loss and the page says so without a reload."""
    from datetime import timedelta

    from django.utils import timezone

    from tables import tasks

    alice = make_user("playtester", username="alice")
    first, second = deck_for("vanguard", alice), deck_for("vanguard", alice, which=1, imported=True)
    page = player(alice, 390)
    page.goto(f"/tables/?deck={first.pk}")
    page.locator("#opponent_deck").select_option(str(second.pk))
    page.get_by_label("Turn timer at a hot seat too").check()
    page.get_by_role("button", name="Open the table").click()
    table = Table.objects.get()
    assert table.timer and table.hot_seat
    page.get_by_role("button", name="Keep this hand").first.click()
    wait_seq(page, 1)
    page.get_by_role("button", name="Keep this hand").first.click()
    wait_seq(page, 2)
    clock = page.locator("#table-clock")
    expect(clock).to_be_visible()
    expect(clock).to_contain_text("bank 5:00")
    expect(clock).to_contain_text(re.compile(r"1:2\d, bank 5:00"))  # the turn's 90 s count down
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "table-vanguard-timer-390")
    active = _active(page)
    later = timezone.now() + timedelta(seconds=391)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert tasks.check_clocks() == {"timedOut": [table.pk]}
    wait_seq(page, 3)
    expect(log_line(page, 3)).to_contain_text("ran out of time")
    expect(page.locator("#table-status")).to_contain_text("The game is over")
    expect(clock).to_have_count(0)
    table.refresh_from_db()
    assert table.winner == 3 - active and table.result_reason == "TIME"


def _play_darkrow_until_a_leader_attack(table, users: dict[int, object]) -> tuple[int, dict]:
    """Darkrow's offered intents played server-side (the setup, deployments, steps), until the active
    seat is offered an attack on the opposing Leader while the defender has a READY unit to block
    with: (the attacker's seat, the attack intent)."""
    from rules.tables import intents
    from tables.selectors import table_state
    from tables.services import table_event_append

    for _ in range(300):
        table.refresh_from_db()
        state = table_state(table)
        offered = {seat: intents(state, seat - 1) for seat in (1, 2)}
        if state.phase == "playing":
            active = state.active + 1
            other = 3 - active
            leader = state.seats[other - 1].zones["leader"][0].instance
            ready = [c for c in state.seats[other - 1].zones["units"] if not c.tapped]
            for move, payload in offered[active]:
                if move.kind == "attack" and payload["target"] == leader and ready:
                    return active, payload
        pick = None
        for seat in (1, 2):
            for wanted in ("first", "mulligan", "deploy"):
                choices = [p for m, p in offered[seat] if m.kind == wanted and not p.get("cards")]
                if choices and pick is None:
                    pick = (seat, wanted, choices[0])
        if pick is None:
            kinds = {m.kind: p for m, p in offered[active]}
            kind = "step" if "step" in kinds else "endTurn" if "endTurn" in kinds else "discard"
            pick = (active, kind, kinds[kind])
        seat, kind, payload = pick
        table_event_append(
            user=users[seat], table=table, kind=kind, expected_seq=state.seq, payload=dict(payload)
        )
    raise AssertionError("no Leader attack was offered")


def test_a_darkrow_leader_attack_by_the_rules_takes_a_life_into_the_hand(player, make_user):
    """Two players at a darkrow table in rules mode: the attacker chooses its unit (its ATK/PV shown)
    and attacks the opposing Leader; the defender, who has a READY unit, is offered to block or to let
    it through, lets it through, and one Life card goes to their hand, on both screens (seed 000:
    "Attaque Leader non bloquée : première Life vers main, exactement une quelle que soit l'ATK")."""
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    table = seated(alice, bob, "darkrow")
    assert table.mode == "rules" and table.rules_version == "darkrow-2"
    users = {seat_of(table, alice): alice, seat_of(table, bob): bob}
    # The moves played server-side before any page is open (none reads the table meanwhile).
    attacker, attack = _play_darkrow_until_a_leader_attack(table, users)
    defender = 3 - attacker
    table.refresh_from_db()
    at = table.seq
    pages = dict(zip(users, open_pages(player, table, users.values()), strict=True))
    for page in pages.values():
        wait_seq(page, at)
    me, other = pages[attacker], pages[defender]
    assert count_of(other, defender, "life") == "5"
    hand = int(count_of(me, defender, "hand"))
    # The attacker's unit shows its ATK and PV (Toyama Kazuha 4/3, Vodka 6/6), to both players.
    unit = zone(me, attacker, "units").locator(f".tcard[data-instance='{attack['instance']}']")
    expect(unit.locator(".cardstats")).to_have_text(re.compile(r"^\d+/\d+$"))
    expect(zone(other, attacker, "units").locator(".cardstats").first).to_be_visible()
    unit.locator(".face").click()
    me.locator("#selection").locator("[data-kind='attack']", has_text="Gin").first.click()
    wait_seq(other, at + 1)
    expect(log_line(other, at + 1)).to_contain_text("attacked with")
    # The defender is offered its choice: block with a READY unit, or let the attack through.
    through = other.locator(".actions [data-kind='noBlock']")
    expect(through).to_have_count(1)
    expect(me.locator(".actions [data-kind='endTurn']")).to_have_count(0)  # the attacker waits
    through.click()
    wait_seq(me, at + 2)
    for page in pages.values():
        expect(zone(page, defender, "life").locator("h3 .count")).to_have_text("4")
    assert int(count_of(me, defender, "hand")) == hand + 1
    expect(log_line(me, at + 2)).to_contain_text("takes a Life card into their hand")
    shoot(other, "table-darkrow-rules-life-1280")
    narrow = player(alice, 390)
    narrow.goto(f"/tables/{table.pk}/")
    wait_seq(narrow, at + 2)
    shoot(narrow, "table-darkrow-rules-390")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390
    assert TableEvent.objects.filter(table=table, kind="noBlock").count() == 1


RULE_ACTIONS = ".actions[data-mode='rules']"
# The battle's moves first, then what takes the turn on (a page shows its own seat's intents only).
BATTLE_ORDER = ("trigger", "damageCheck", "driveCheck", "attack", "guard", "endGuard", "step", "endTurn")
# The kinds of the moves a page's rule actions offer (``[data-kind]`` inside ``RULE_ACTIONS``).
OFFERED_KINDS = "actions => [...document.querySelectorAll(`${actions} [data-kind]`)].map(e => e.dataset.kind)"


def _settled(pages, value: int) -> None:
    for page in pages:
        wait_seq(page, value)
        expect(page.locator(RULE_ACTIONS)).not_to_contain_text("Asking the table")


def _guard_from_hand(page, seat: int) -> bool:
    """A card of the hand the rules let guard, chosen and played; False if none may."""
    faces = zone(page, seat, "hand").locator(".tcard .face")
    selection = page.locator("#selection")
    for index in range(faces.count()):
        faces.nth(index).click()
        if selection.locator("[data-kind='guard']").count():
            selection.locator("[data-kind='guard']").first.click()
            return True
        selection.get_by_role("button", name="Done").click()
    return False


@pytest.mark.slow
def test_two_players_play_a_vanguard_battle_by_the_rules(player, make_user):
    """Two browsers at a rules table: the second player attacks, the defender guards from the hand,
    the drive check and the damage check are played from the offered moves only; each page sees the
    other's moves, the powers on the cards and the damage card face up; the battle fits at 390 px."""
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    table = seated(alice, bob, "vanguard")
    assert table.mode == "rules"
    a, b = open_pages(player, table, (alice, bob))
    pages = {seat_of(table, alice): a, seat_of(table, bob): b}
    a.get_by_role("button", name="Keep this hand").click()
    wait_seq(b, 1)
    b.get_by_role("button", name="Keep this hand").click()
    _settled(pages.values(), 2)
    # The units show their figures: power, critical, shield.
    expect(zone(a, 1, "vc").locator(".cardstats")).to_have_count(1)
    played: list[str] = []
    # The defender guards once from the hand (in the first battle where a card of the hand may).
    guarded, tried, narrow_shot = False, False, False
    for _ in range(80):
        if {"attack", "guard", "driveCheck", "damageCheck"} <= set(played) and not a.locator(
            ".actions .battle"
        ).count():
            break
        choice = None
        # What each page offers, read once a move (not a locator's count per kind and page: up to 32
        # round trips through Playwright's driver a move).
        offered = {seat: set(page.evaluate(OFFERED_KINDS, RULE_ACTIONS)) for seat, page in pages.items()}
        for kind in BATTLE_ORDER:
            for seat, page in pages.items():
                waiting = "endGuard" in offered[seat]
                if kind == "guard":
                    if not guarded and not tried and waiting:
                        choice = (seat, page, "guard")
                    continue
                if kind == "endGuard" and not (guarded or tried):
                    continue
                if kind in offered[seat]:
                    choice = (seat, page, kind)
                    break
            if choice:
                break
        assert choice is not None, played
        seat, page, kind = choice
        before = seq(page)
        if kind == "guard":
            tried = True
            if not _guard_from_hand(page, seat):
                continue  # no card of this hand may guard: done guarding, the next battle tries again
            guarded = True
        elif kind == "attack" and not narrow_shot:
            narrow_shot = True
            page.locator(f"{RULE_ACTIONS} [data-kind='attack']").first.click()
            _settled(pages.values(), before + 1)
            defender = 3 - seat
            narrow = player(table.seats.get(index=defender).user, 390)
            narrow.goto(f"/tables/{table.pk}/")
            wait_seq(narrow, before + 1)
            # The battle's figures: the attacker's power against the defender's and the shields.
            expect(narrow.locator(f"{RULE_ACTIONS} .battle")).to_contain_text(
                re.compile(r"\(\d+\) attacks .*\(\d+, shield 0\)")
            )
            assert narrow.evaluate("document.documentElement.scrollWidth") <= 390
            shoot(narrow, "table-vanguard-battle-390")
            narrow.close()
            played.append(kind)
            continue
        else:
            if kind == "attack":
                tried = False
            page.locator(f"{RULE_ACTIONS} [data-kind='{kind}']").first.click()
        _settled(pages.values(), before + 1)
        played.append(kind)
    assert {"attack", "guard", "driveCheck", "damageCheck"} <= set(played), played
    # Nothing was refused: every event was an offered one; the log names them in the game's words.
    kinds = list(TableEvent.objects.filter(table=table).values_list("kind", flat=True))
    assert {"attack", "guard", "driveCheck", "damageCheck"} <= set(kinds)
    for page in pages.values():
        expect(page.locator("#log")).to_contain_text("attacked from")
        expect(page.locator("#log")).to_contain_text("guarded with")
        expect(page.locator("#log")).to_contain_text("damage checked")
    damaged = next(s for s in (1, 2) if count_of(a, s, "damage") != "0")
    for page in pages.values():  # "Урон входит лицом вверх": both see its face
        expect(zone(page, damaged, "damage").locator(".tcard img").first).to_be_visible()
    shoot(a, "table-vanguard-battle-1280")


def _select_with(page, seat: int, key: str, kind: str, label_part: str, skip: tuple[str, ...] = ()):
    """Select, in ``seat``'s zone ``key``, a card that offers an intent ``kind`` whose label holds
    ``label_part``; that intent's button."""
    selection = page.locator("#selection")
    faces = zone(page, seat, key).locator(".tcard .face")
    # The seat's intents may come a moment after the view on a busy machine: looked through again.
    deadline = time.monotonic() + 5
    while True:
        for index in range(faces.count()):
            # The demo's gears go to the base too, with no Might: a unit is wanted.
            if any(gear in (faces.nth(index).get_attribute("aria-label") or "") for gear in skip):
                continue
            faces.nth(index).click()
            offered = selection.locator(f"[data-kind='{kind}']", has_text=label_part)
            if offered.count():
                return offered.first
        if time.monotonic() > deadline:
            break
        page.wait_for_timeout(250)
    raise AssertionError(f"no card of seat {seat}'s {key} offers {kind} {label_part!r}")


def test_a_riftbound_hot_seat_by_the_rules_plays_a_unit_moves_it_and_conquers(player, make_user):
    """Riftbound in its default mode (rules, seed 001): the turn opens at the Action phase (the table
    took Awaken, Beginning, Channel and Draw); a unit of the hand is played to the base, paid by the
    runes the intent names, and shows its Might; on the seat's next turn it moves to a battlefield and
    a showdown there conquers it: a point, and the battlefield shows who holds it."""
    page, table = open_hot_seat(player, make_user("playtester", username="alice"), "riftbound")
    assert table.mode == "rules" and table.rules_version == "riftbound-1"
    at = 0
    for number in (1, 2):
        zone(page, number, "battlefieldChoices").locator(".tcard .face").first.click()
        page.locator("#selection").get_by_role("button", name="Choose", exact=True).click()
        at += 1
        wait_seq(page, at)
    for number in (1, 2):
        page.locator(f".decision[data-seat='{number}']").get_by_role("button", name="Keep this hand").click()
        at += 1
        wait_seq(page, at)
    expect(page.locator(".steps li.current")).to_have_text("Action")
    actions = page.locator(".actions[data-mode='rules']")
    # A unit of the hand played to the base: its Might on the card, the runes exhausted for it (the
    # turns pass until a seat holds a unit its runes pay: 2 runes a turn, 3 on the second's first).
    for _turn in range(8):
        active = _active(page)
        try:
            play = _select_with(page, active, "hand", "play", "→ Base", skip=("Blade", "Banner"))
            break
        except AssertionError:
            actions.locator("[data-kind='endTurn']").click()
            at += 1
            wait_seq(page, at)
    play.click()
    at += 1
    wait_seq(page, at)
    expect(log_line(page, at)).to_contain_text("played")
    unit = zone(page, active, "base").locator(".tcard .face").first
    expect(unit.locator("[data-might]")).to_have_count(1)
    for _ in range(2):  # the other seat's turn passes
        actions.locator("[data-kind='endTurn']").click()
        at += 1
        wait_seq(page, at)
    assert _active(page) == active
    _select_with(page, active, "base", "moveUnit", "Battlefield of player 1").click()
    at += 1
    wait_seq(page, at)
    actions.locator("[data-kind='showdown']", has_text="Battlefield of player 1").click()
    at += 1
    wait_seq(page, at)
    expect(log_line(page, at)).to_contain_text("conquers")
    expect(page.locator(f".side[data-seat='{active}'] [data-counter='points'] strong")).to_have_text("1")
    held = page.locator(".zone[data-zone='battlefield1'] [data-controller]")
    expect(held).to_have_attribute("data-controller", str(active))
    shoot(page, "table-riftbound-rules-1280")
    # Nothing was refused: every event the page sent was an offered one.
    kinds = list(TableEvent.objects.filter(table=table).values_list("kind", flat=True))
    assert kinds[:4] == ["choose", "choose", "mulligan", "mulligan"]
    assert kinds[-5:] == ["play", "endTurn", "endTurn", "moveUnit", "showdown"]
    assert set(kinds[4:-5]) <= {"endTurn"}


# A deal of the two demo chesscards decks (the table's seed, drawn by the server) where White's second
# card drawn is a Mur and Black's first a Renfort: three draws, where another deal takes up to 41 of
# each (one card of the deck a Mur, one a Renfort). The test's loops still draw until the card comes
# if the demo decks change.
CHESS_SEED = 330


def test_a_chesscards_table_in_rules_mode_offers_the_legal_coups_and_plays_a_card_on_a_square(
    player, make_user, monkeypatch
):
    """Chesscards by its rules (seed 003): a piece chosen marks the squares its legal Coups reach, a
    Coup passes the turn; a Mur drawn and chosen in the hand marks its free squares, one clicked puts
    the card on its square with its duration, the rook's line stops there; the page fits 390 px."""
    # The deal fixed (the server runs in this process): the Mur and the Renfort come early.
    monkeypatch.setattr("tables.services.secrets.randbelow", lambda _bound: CHESS_SEED)
    alice = make_user("playtester", username="alice")
    page, board = open_chess_hot_seat(player, alice, free=False)
    table = Table.objects.get()
    assert table.mode == "rules" and table.rules_version == "chesscards-1" and table.seed == CHESS_SEED
    board.locator("[data-square='e2']").click()
    expect(board.locator(".square.target")).to_have_count(2)  # e3 and e4
    expect(board.locator("[data-square='e5']")).to_be_disabled()
    board.locator("[data-square='e4']").click()
    wait_seq(page, 1)
    expect(board.locator("[data-square='e4']")).to_have_text("\u2659")
    board.locator("[data-square='a7']").click()
    board.locator("[data-square='a5']").click()
    wait_seq(page, 2)
    # White draws its deck until a Mur comes (the seed gives no draw rule: a draw is the player's choice).
    actions = page.locator(".actions[data-mode='rules']")
    wall = page.locator(".side.below .tcard[data-zone='hand'] .face[title*='Mur']")
    for n in range(41):
        actions.locator("[data-kind='draw']").click()
        wait_seq(page, 3 + n)
        if wall.count():
            break
    seq_now = seq(page)
    wall.first.click()
    expect(page.locator("#selection")).to_contain_text("choose one of the marked squares")
    expect(board.locator(".square.target")).to_have_count(32)
    board.locator("[data-square='a3']").click()
    wait_seq(page, seq_now + 1)
    expect(board.locator("[data-square='a3'] .mark-wall")).to_have_count(1)
    expect(page.locator(".chesswrap .marks")).to_contain_text("until the end of turn")
    # The mandatory Coup: the a pawn's way is walled, no other card may be played meanwhile.
    expect(board.locator("[data-square='a2']")).to_be_disabled()
    board.locator("[data-square='b1']").click()
    expect(board.locator(".square.target")).to_have_count(1)  # a3 is walled: c3 only
    expect(board.locator("[data-square='a3']")).not_to_have_class(re.compile("target"))
    shoot(page, "table-chesscards-rules-1280")
    # In French and in Russian: the card on its square, its duration, the hints.
    page.get_by_role("button", name="Français").click()
    expect(page.locator(".chesswrap .marks")).to_contain_text("jusqu’à la fin du tour")
    expect(page.locator(".chesswrap")).to_contain_text("Un tour est un Coup")
    shoot(page, "table-chesscards-rules-1280-fr")
    narrow = player(alice, 390)
    narrow.goto(f"/tables/{table.pk}/")
    narrow.get_by_role("button", name="Русский").click()
    wait_seq(narrow, seq_now + 1)
    expect(narrow.locator(".chesswrap .marks")).to_contain_text("до конца хода")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(narrow, "table-chesscards-rules-390-ru")
    board.locator("[data-square='b1']").click()
    board.locator("[data-square='c3']").click()  # the wall's mandatory Coup: the turn passes
    wait_seq(page, seq_now + 2)
    # Black plays Renfort by hand (the table does not play its text): a pawn placed, then the turn ends.
    reinforcement = page.locator(".side.below .tcard[data-zone='hand'] .face[title*='Renfort']")
    for n in range(41):
        if reinforcement.count():
            break
        actions.locator("[data-kind='draw']").click()
        wait_seq(page, seq_now + 3 + n)
    at = seq(page)
    reinforcement.first.click()
    page.locator("#selection [data-kind='cardByHand']").click()
    wait_seq(page, at + 1)
    board.locator("[data-square='c6']").click()
    page.locator("[data-choice='place'] [data-piece='blackP']").click()
    wait_seq(page, at + 2)
    expect(board.locator("[data-square='c6']")).to_have_text("\u265f")
    actions.locator("[data-kind='endTurn']").click()
    wait_seq(page, at + 3)
    assert list(TableEvent.objects.filter(table=table).values_list("kind", flat=True))[-3:] == [
        "cardByHand",
        "adjust",
        "endTurn",
    ]


def _with_a_costed_helmet(table) -> None:
    """The seats' frozen decks with Casque de moto given a cost of 1 and a declared +1 PV while it stays
    attached (the demo data leave its cost empty: the studio does not store it, the deck names it by
    its reference and no table can play it), Toyama Kazuha a cost of 1 (a unit on the field sooner):
    test data, before any move."""

    helmet = {
        "effectId": "DR-O01.pv",
        "kind": "passive",
        "timing": "CONTINUOUS",
        "actions": [{"do": "MODIFY_STAT", "stat": "PV", "amount": 1, "target": "EQUIPPED_UNIT"}],
        "duration": "WHILE_ATTACHED",
    }
    for seat in table.seats.all():
        frozen = seat.cards
        for card in frozen["pool"]:
            if card["name"] == "DR-O01":
                # The demo's Casque de moto is not stored (no cost): the deck names it by its reference.
                card.update(name="Casque de moto", type="OBJECT", effects=[helmet])
                card["fields"] = {"cost": 1, "behavior": "EQUIPMENT"}
            if card["name"] == "Toyama Kazuha":
                card["fields"] = {**card["fields"], "cost": 1}
        seat.cards = frozen
        seat.save(update_fields=["cards"])
    replay.forget_all()


def _play_darkrow_until_an_equip(table, users: dict[int, object]) -> tuple[int, dict, int]:
    """Server-side moves (setup kept, units deployed, the turn moved on) until the active seat is offered
    to equip a unit (its own, else the other seat's: the seed leaves it free): (that seat, the intent,
    the seat of the unit)."""
    from rules.tables import intents
    from tables.selectors import table_state
    from tables.services import table_event_append

    for _ in range(300):
        table.refresh_from_db()
        state = table_state(table)
        offered = {seat: intents(state, seat - 1) for seat in (1, 2)}
        if state.phase == "playing":
            active = state.active + 1
            equips = [p for m, p in offered[active] if m.kind == "equip"]
            for payload in sorted(equips, key=lambda p: state.owner(p["target"]) != active - 1):
                return active, payload, state.owner(payload["target"]) + 1
        pick = None
        for seat in (1, 2):
            for wanted in ("first", "mulligan", "deploy"):
                choices = [p for m, p in offered[seat] if m.kind == wanted and not p.get("cards")]
                if choices and pick is None:
                    pick = (seat, wanted, choices[0])
        if pick is None:
            kinds = {m.kind: p for m, p in offered[active]}
            kind = "step" if "step" in kinds else "endTurn" if "endTurn" in kinds else "discard"
            pick = (active, kind, kinds[kind])
        seat, kind, payload = pick
        table_event_append(
            user=users[seat], table=table, kind=kind, expected_seq=state.seq, payload=dict(payload)
        )
    raise AssertionError("no equip was offered")


def test_a_darkrow_equipment_is_attached_by_the_rules_and_shown_on_its_unit(player, make_user):
    """Seed 000, "Actions, Objets et équipements": the player chooses an equipment of the hand, is
    offered to attach it to each unit of the field (what the seed leaves free said beside), attaches
    it; both pages show it on the field, the unit names it and its PV counts the declared +1, the
    units zone counts its slots without it; at 390 px and 1280 px."""
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    table = seated(alice, bob, "darkrow")
    users = {seat_of(table, alice): alice, seat_of(table, bob): bob}
    # The moves played server-side before any page is open (none reads the table meanwhile).
    _with_a_costed_helmet(table)
    seat, equip, holder = _play_darkrow_until_an_equip(table, users)
    table.refresh_from_db()
    at = table.seq
    pages = dict(zip(users, open_pages(player, table, users.values()), strict=True))
    for page in pages.values():
        wait_seq(page, at)
    me, other = pages[seat], pages[3 - seat]
    unit = zone(me, holder, "units").locator(f".tcard[data-instance='{equip['target']}']")
    pv_before = int(unit.locator(".cardstats").get_attribute("data-pv"))
    zone(me, seat, "hand").locator(f".tcard[data-instance='{equip['instance']}'] .face").click()
    selection = me.locator("#selection")
    expect(selection.locator("[data-kind='equip']").first).to_contain_text("Casque de moto")
    expect(selection.locator(".leftfree")).to_contain_text("leaves both free")
    shoot(me, "table-darkrow-equip-choose-1280")
    selection.locator("[data-kind='equip']", has_text=unit_name(me, equip["target"])).first.click()
    for page in pages.values():
        wait_seq(page, at + 1)
        # The equipment lies in its owner's units zone (beside the unit when it is theirs), named on the unit.
        gear = zone(page, seat, "units").locator(f".tcard.attached[data-instance='{equip['instance']}']")
        expect(gear.locator(".cardgear")).to_contain_text("→")
        expect(zone(page, seat, "units").locator("h3 .count")).to_contain_text("+ 1 ⚙")
        target = zone(page, holder, "units").locator(f".tcard[data-instance='{equip['target']}']")
        expect(target.locator(".cardgear")).to_contain_text("Casque de moto")
        expect(target.locator(".cardstats")).to_have_attribute("data-pv", str(pv_before + 1))
    expect(log_line(other, at + 1)).to_contain_text("equipped Casque de moto")
    expect(log_line(other, at + 1)).to_contain_text("(PV +1 while attached)")
    shoot(other, "table-darkrow-equip-1280")
    narrow = player(alice, 390)
    narrow.goto(f"/tables/{table.pk}/")
    wait_seq(narrow, at + 1)
    if seat_of(table, alice) != seat:
        narrow.locator("#sidetabs [role='tab']").nth(1).click()
    expect(zone(narrow, seat, "units").locator(".cardgear").first).to_be_visible()
    shoot(narrow, "table-darkrow-equip-390")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390
    assert TableEvent.objects.filter(table=table, kind="equip", payload__target=equip["target"]).count() == 1


def unit_name(page, instance: str) -> str:
    return page.locator(f".tcard[data-instance='{instance}'] .cardname").first.inner_text()


def _play_vanguard_until_an_intercept(table, users: dict[int, object]) -> int:
    """Server-side moves (hands kept, rear-guards called to the front row, attacks on the vanguard)
    until the defender is offered to intercept: the defender's seat."""
    from rules.tables import intents
    from tables.selectors import table_state
    from tables.services import table_event_append

    order = ("call", "ride", "attack", "endGuard", "driveCheck", "trigger", "damageCheck", "step", "endTurn")
    for _ in range(400):
        table.refresh_from_db()
        state = table_state(table)
        offered = {seat: intents(state, seat - 1) for seat in (1, 2)}
        for seat in (1, 2):
            if any(m.kind == "intercept" for m, _p in offered[seat]):
                return seat
        pick = None
        for seat in (1, 2):
            keep = [p for m, p in offered[seat] if m.kind == "mulligan" and not p.get("cards")]
            if keep:
                pick = (seat, "mulligan", keep[0])
                break
        for kind in order if pick is None else ():
            for seat in (1, 2):
                found = [p for m, p in offered[seat] if m.kind == kind]
                if kind == "call":
                    found = [p for p in found if p.get("to") in ("rc3", "rc4")]
                if kind == "attack":
                    found = [p for p in found if p.get("target") == "vc" and "booster" not in p]
                if found and pick is None:
                    pick = (seat, kind, found[0])
        assert pick is not None, {s: sorted({m.kind for m, _p in offered[s]}) for s in (1, 2)}
        seat, kind, payload = pick
        table_event_append(
            user=users[seat], table=table, kind=kind, expected_seq=state.seq, payload=dict(payload)
        )
    raise AssertionError("no intercept was offered")


def test_a_vanguard_intercept_transfers_the_attack_to_the_interceptor(player, make_user, monkeypatch):
    """Seed 002, section 5, Battle, 4: «Intercept: ... выходит в GC; атака переносится на него»: the
    defender intercepts from the offered moves (what the rules leave free said beside), both pages say
    the attack is on the interceptor now; at 1280 px and 390 px."""
    # The server draws the table's seed, and the moves played server-side below reach no intercept
    # before the game ends under some seeds (1, 3, 4, 6 and 8 of the first eight), after 50 to 240
    # events under the others: seed 5, where they do after 49 (seed 2 took 140), fixed here (the
    # server runs in this process).
    monkeypatch.setattr("tables.services.secrets.randbelow", lambda _bound: 5)
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    table = seated(alice, bob, "vanguard")
    assert table.seed == 5
    users = {seat_of(table, alice): alice, seat_of(table, bob): bob}
    # The moves played server-side before any page is open (none reads the table meanwhile).
    defender = _play_vanguard_until_an_intercept(table, users)
    table.refresh_from_db()
    at = table.seq
    pages = dict(zip(users, open_pages(player, table, users.values()), strict=True))
    for page in pages.values():
        wait_seq(page, at)
    me, other = pages[defender], pages[3 - defender]
    intercept = me.locator(f"{RULE_ACTIONS} [data-kind='intercept']").first
    expect(me.locator(f"{RULE_ACTIONS} .leftfree[data-kind='intercept']")).to_contain_text("leaves it free")
    intercept.click()
    for page in pages.values():
        wait_seq(page, at + 1)
        expect(page.locator(f"{RULE_ACTIONS} .battle")).to_contain_text("attacks the interceptor")
        expect(zone(page, defender, "gc").locator(".tcard")).to_have_count(1)
    expect(log_line(other, at + 1)).to_contain_text("the attack is transferred to the interceptor")
    shoot(other, "table-vanguard-intercept-1280")
    narrow = player(alice, 390)
    narrow.goto(f"/tables/{table.pk}/")
    wait_seq(narrow, at + 1)
    expect(narrow.locator(f"{RULE_ACTIONS} .battle")).to_contain_text("attacks the interceptor")
    shoot(narrow, "table-vanguard-intercept-390")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 390
