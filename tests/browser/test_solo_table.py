"""Solo play (issue 44, item 1), in Russian at 390 px: a playtester opens a vanguard table against a
greedy bot from the tables page, keeps their hand, plays to the end of their turn, and sees the bot's
moves arrive in the log and on the board like a person's, the bot's seat named as a bot and its hand
hidden; the bot's turn, played at once by the server, reaches the page one move at a time, and a move
of the person's never waits for it (tests/browser/test_tables.py's server and helpers; screenshots
under test-output/screenshots/)."""

from __future__ import annotations

import os
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tables.models import Table, TableEvent
from tests.tables.live_kit import deck_for

from .test_table_steps_fit import cut_steps
from .test_tables import asgi_server, player, seq, shoot, wait_seq, zone  # noqa: F401 (fixtures)

# The seed of the pacing test's table (its bot's turn there is several moves long).
SEED = 1
# How often the settling loops below look at the table (three looks alike: settled). In-process the
# bot has played its turn by the time the person's move is answered: a tenth of a second; with a real
# worker (CELERY_BROKER_URL, .ci/run's PostgreSQL pass) its moves come a moment apart: 0.3 s.
LOOK_SECONDS = 0.3 if os.environ.get("CELERY_BROKER_URL") else 0.1

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _click_when_offered(page, locator, *, seconds: float = 20) -> None:
    """Click ``locator`` once the page shows it, visible and enabled: the seat's intents may come a
    moment after the view on a busy machine. Playwright's click waits for that itself, inside the
    page (not a look from here every 250 ms: three round trips through its driver a look)."""
    try:
        locator.first.click(timeout=seconds * 1000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"never offered: {locator}") from None


# The page's seq once it is past ``value`` (or, ``seconds`` later, the one it stayed at): waited for
# inside the page, in one evaluate (wait_for_function's polling evaluates a string, which the page's
# CSP refuses; an evaluate's promise is awaited as is).
SEQ_PAST = """([value, ms]) => new Promise((resolve) => {
  const table = document.getElementById('table');
  const until = Date.now() + ms;
  (function look() {
    const now = Number(table.dataset.seq || 0);
    if (now > value || Date.now() > until) resolve(now); else setTimeout(look, 50);
  })();
})"""


def _wait_past(page, value: int, *, seconds: float = 15) -> None:
    now = page.evaluate(SEQ_PAST, [value, seconds * 1000])
    assert now > value, f"the page stayed at seq {now}"


def _settled(page, table, *, seconds: float = 30) -> int:
    """The table's seq once the bot has stopped moving and the page shows it: the bot's moves are
    played one after another (in the worker on the PostgreSQL run), so the seq read at one moment
    may already be behind by the time the page is asked."""
    deadline = time.monotonic() + seconds
    last, steady = None, 0
    while True:
        table.refresh_from_db()
        steady = steady + 1 if table.seq == last and seq(page) == table.seq else 0
        if steady >= 3:
            return table.seq
        assert time.monotonic() < deadline, f"the page stayed at seq {seq(page)}, the table at {table.seq}"
        last = table.seq
        page.wait_for_timeout(LOOK_SECONDS * 1000)


def _bot_moves(table) -> list[TableEvent]:
    return list(TableEvent.objects.filter(table=table, seat=2).order_by("seq"))


# The first of the rule actions' endTurn and step buttons that is visible (endTurn first), as soon as
# one is (null after ``ms``): Playwright's visibility (a box of some size, not visibility: hidden).
OFFERED_TURN_MOVE = """(ms) => new Promise((resolve) => {
  const until = Date.now() + ms;
  const shown = (kind) => {
    const button = document.querySelector(`.actions[data-mode='rules'] [data-kind='${kind}']`);
    if (!button) return false;
    const box = button.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== 'hidden';
  };
  (function look() {
    const kind = ['endTurn', 'step'].find(shown);
    if (kind || Date.now() > until) resolve(kind || null); else setTimeout(look, 50);
  })();
})"""


def _play_until_the_bot_has_played(page, table, *, seconds: float = 90) -> None:
    """The person plays until their turn ends (ending it as soon as it is offered), so that the bot
    plays a turn (at once if it plays first)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not [e for e in _bot_moves(table) if e.kind != "mulligan"]:
        table.refresh_from_db()
        now = table.seq
        # Which of the two the page offers, visible, waited for inside the page (a second at most:
        # then the table is looked at again), in one evaluate, not a count and a look of each.
        kind = page.evaluate(OFFERED_TURN_MOVE, 1000)
        if kind is None:
            continue
        button = page.locator(f".actions[data-mode='rules'] [data-kind='{kind}']").first
        if kind == "step":
            # The steps of the turn, the next one a button, read whole (at 390 px in Russian too).
            assert cut_steps(page) == []
        try:
            # The page may take the button back between the look and the click (the table moved on:
            # its next view came): then the loop looks again at what it offers now.
            button.click(timeout=3000)
        except PlaywrightTimeoutError:
            continue
        _wait_past(page, now)


def _server_settled(table, *, seconds: float = 30) -> int:
    """The table's seq once the bot stopped playing (the server's side only: in-process it has when
    the person's move is answered, on a worker a moment later)."""
    deadline = time.monotonic() + seconds
    last, steady = None, 0
    while steady < 3:
        assert time.monotonic() < deadline, "the bot kept playing"
        time.sleep(LOOK_SECONDS)
        table.refresh_from_db()
        steady = steady + 1 if table.seq == last else 0
        last = table.seq
    return table.seq


def test_a_solo_game_against_a_bot_in_russian(player, make_user, settings):  # noqa: F811
    from studio.models import Preference

    # The bot's moves shown one at a time (transport.js), a tenth of a second apart: the page goes
    # through its pacing, and the test does not wait a person's pace for each move.
    settings.TABLE_BOT_PACE_MS = 100

    alice = make_user("playtester", username="alice")
    Preference.objects.update_or_create(user=alice, defaults={"language": "ru"})
    mine, theirs = deck_for("vanguard", alice), deck_for("vanguard", alice, which=1, imported=True)
    page = player(alice, 390)
    page.goto(f"/tables/?deck={mine.pk}")
    page.get_by_label("Соперник").select_option("greedy")
    page.get_by_label("Колода бота").select_option(str(theirs.pk))
    page.get_by_role("button", name="Открыть стол").click()
    table = Table.objects.get()
    assert not table.hot_seat and table.mode == "rules"
    assert table.seats.get(index=2).bot == "greedy" and table.seats.get(index=2).user is None
    # The bot's seat is a bot's, in the reader's language: on the page and in the log.
    expect(page.get_by_role("heading", name="Место 2: Бот (жадный)")).to_be_visible()
    expect(page.get_by_role("tab", name="Бот (жадный) (место 2)")).to_be_visible()
    # It kept (or changed) its hand as soon as the table was dealt; the page shows that move.
    wait_seq(page, 1)
    expect(page.locator("#log li[data-seq='1']")).to_contain_text("Бот (жадный)")
    _click_when_offered(page, page.get_by_role("button", name="Оставить эту руку"))
    # Seq 2 at least: when the bot plays first, its turn follows her move at once.
    _wait_past(page, 1)
    # The game begins (the bot's first turn is played at once when it goes first).
    expect(page.locator("#table-status")).to_contain_text("Ход")
    # Alice plays until her turn ends (she ends it as soon as it is offered); the bot's turn follows,
    # its moves arriving on her page over the socket, until the table waits for her again.
    _play_until_the_bot_has_played(page, table)
    played = [e for e in _bot_moves(table) if e.kind != "mulligan"]
    assert played, "the bot never played its turn"
    assert all(e.by_id is None for e in played)
    # Its moves are on the page: the table's seq, and its log lines, named as the bot's.
    wait_seq(page, _settled(page, table))
    last = _bot_moves(table)[-1].seq
    expect(page.locator(f"#log li[data-seq='{last}']")).to_contain_text("Бот (жадный)")
    # Its hand stays hidden from the person: counted, never a face.
    page.get_by_role("tab", name="Бот (жадный) (место 2)").click()
    hand = zone(page, 2, "hand")
    expect(hand).to_be_visible()
    expect(hand.locator("h3 .count")).not_to_have_text("0")
    assert hand.locator("img[src*='face']").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert cut_steps(page) == []
    shoot(page, "table-solo-bot-ru-390")
    assert seq(page) == table.seq


def test_the_bots_turn_reaches_the_page_one_move_at_a_time(player, make_user, settings, monkeypatch):  # noqa: F811
    """The bot's turn, played at once by the server, reaches the page one move at a time; a move of the
    person's never waits for the show: what is left of it is shown at once, and her move is taken."""
    # Two minutes between two of the bot's moves: while the test runs, the page shows the first
    # move of the bot's turn and holds the others (a page without the pace shows them all at once).
    settings.TABLE_BOT_PACE_MS = 120_000
    # A seed drawn by the server, fixed here (the live server runs in this process): a random bot's
    # turn may be one move (the third seed of a run once was), and this test needs two or more.
    monkeypatch.setattr("tables.services.secrets.randbelow", lambda _bound: SEED)
    alice = make_user("playtester", username="alice")
    mine, theirs = deck_for("vanguard", alice), deck_for("vanguard", alice, which=1, imported=True)
    page = player(alice)
    page.goto(f"/tables/?deck={mine.pk}")
    page.get_by_label("Opponent").select_option("random")
    page.get_by_label("The bot's deck").select_option(str(theirs.pk))
    page.get_by_role("button", name="Open the table").click()
    table = Table.objects.get()
    # The bot's hand, kept when the table was dealt, is shown with the page (its first view: at once).
    wait_seq(page, 1)
    _click_when_offered(page, page.get_by_role("button", name="Keep this hand"))
    _wait_past(page, 1)
    _play_until_the_bot_has_played(page, table)
    settled = _server_settled(table)
    hers = TableEvent.objects.filter(table=table, seat=1).order_by("seq").last().seq
    turn = [e.seq for e in _bot_moves(table) if e.seq > hers]
    assert len(turn) >= 2 and turn[-1] == settled, (turn, settled)
    # Every move of the bot's turn reached the page; the first is shown, the others wait their turn.
    expect(page.locator("#table")).to_have_attribute("data-waiting", str(len(turn) - 1))
    wait_seq(page, turn[0])
    for later in turn[1:]:
        expect(page.locator(f"#log li[data-seq='{later}']")).to_have_count(0)
    # Meanwhile she has nothing to play: the bot plays.
    expect(page.locator(".actions[data-mode='rules']")).to_contain_text("Nothing to play now")
    # Her own move does not wait: the bot's moves are shown at once, hers is played from the table's
    # latest seq (taken, not refused as played from an older one) and shown.
    page.get_by_label("A note for the log").fill("the bot rode at once")
    page.get_by_role("button", name="Add the note").click()
    wait_seq(page, settled + 1)
    note = TableEvent.objects.get(table=table, seq=settled + 1)
    assert note.kind == "note" and note.seat == 1
    expect(page.locator("#table")).to_have_attribute("data-waiting", "0")
    # Nothing lost, nothing out of order: a log line for each event of the table, in its order.
    lines = page.locator("#log li[data-seq]").evaluate_all("lis => lis.map(li => li.dataset.seq)")
    shown = [int(n) for n in lines]
    assert shown == list(range(1, settled + 2))
    expect(page.locator(f"#log li[data-seq='{settled + 1}']")).to_contain_text("the bot rode at once")
