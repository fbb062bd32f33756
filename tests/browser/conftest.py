"""Browser tests: Playwright for Python driving Debian's Chromium against the live server.

The browser is Debian's old headless shell (``apt-get install chromium-headless-shell``) where it
is installed, else Debian's Chromium itself (``apt-get install chromium``), or the one ``CHROMIUM``
names (``chromium_path``; .ci/run installs both and runs the suite once in each); no browser is
downloaded. Without one these tests skip, unless REQUIRE_BROWSER is set (CI), where they fail.
With SCREENSHOTS=1 (``make screenshots``, and CI's SQLite run) screenshots of the main pages go to
test-output/screenshots/ for people to look at.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.live_serving import SERIAL, TURN

# expect() waits 5 s by default, the pages' actions 10 s (new_context): on CI's PostgreSQL pass (two
# test processes, a Celery worker and Chromium on two cores) a page's first answer once took longer
# than 5 s. One patience for both.
expect.set_options(timeout=10_000)

# The headless shell first: it is the build Playwright runs headless tests in, the same Blink without
# the full browser around it, and it takes half the CPU (tests/browser, same run: 95 against 169
# core-seconds of Chromium, the whole run 202 against 269).
BROWSERS = ("chromium-headless-shell", "chromium")


def chromium_path(environ=os.environ, which=shutil.which) -> str | None:
    """The browser the tests drive: ``CHROMIUM`` if set, else the first of ``BROWSERS`` installed."""
    if environ.get("CHROMIUM"):
        return environ["CHROMIUM"]
    for name in BROWSERS:
        found = which(name)
        if found:
            return found
    return None


CHROMIUM = chromium_path()
# The features Playwright disables itself (playwright-core's chromiumSwitches.ts).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


def screenshots_asked(environ=os.environ) -> bool:
    """Whether this run takes screenshots (``SCREENSHOTS=1``). They are for people to look at and
    nothing in the suite reads them back, while a full page's costs Chromium about a third of a
    core-second (135 a run): only a run that asks takes them."""
    return environ.get("SCREENSHOTS", "") not in ("", "0")


SCREENSHOTS_TAKEN = screenshots_asked()

# Playwright's sync API runs an event loop in the test's thread; Django's ORM
# calls from the test itself (fixtures, assertions) stay synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _websockets_where_served(request, settings):
    """The session's live server serves HTTP only (WSGI): its pages open no WebSocket (the header's
    inbox count polls), as under WEBSOCKETS=0; a test on studio.asgi (``asgi_server``) has them."""
    settings.WEBSOCKETS = "asgi_server" in request.fixturenames


@pytest.fixture(autouse=True)
def _take_the_turn(request):
    """On SQLite a browser test uses the database in turns with the live server (``Turn``): it
    holds the turn while it runs and lends it while Playwright waits for the browser. The server
    is opened and closed around every test that uses it by tests/conftest.py."""
    turns = SERIAL and "live_server" in request.fixturenames
    if turns:
        TURN.take()
    yield
    if turns:
        TURN.give_back()


def pytest_collection_modifyitems(config, items):
    if CHROMIUM and Path(CHROMIUM).exists():
        return
    for item in items:
        if "browser" in item.keywords:
            if os.environ.get("REQUIRE_BROWSER"):
                item.add_marker(pytest.mark.xfail(reason=_no_browser(), run=False, strict=True))
            else:
                item.add_marker(pytest.mark.skip(reason=_no_browser()))


def _no_browser() -> str:
    if CHROMIUM:
        return f"no browser at CHROMIUM={CHROMIUM}"
    return "no Chromium: apt-get install chromium-headless-shell (or chromium), or set CHROMIUM"


@pytest.fixture(scope="session")
def browser():
    from django.db import connections
    from playwright._impl import _sync_base
    from playwright.sync_api import sync_playwright

    # Playwright leaves its event loop marked as running in this thread, so
    # Django then looks its connections up in async (context) storage and
    # would open new ones, without the serialized data that
    # serialized_rollback restores. Carry the thread's connections over.
    existing = {alias: connections[alias] for alias in connections}
    with sync_playwright() as playwright, pytest.MonkeyPatch.context() as patch:
        patch.setattr(_sync_base, "wait_for_future", TURN.lending(_sync_base.wait_for_future))
        for alias, connection in existing.items():
            connections[alias] = connection
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                # Playwright's own list (a later --disable-features replaces an earlier one) and
                # RenderDocument: a new document without a new frame host each time costs Chromium a
                # quarter less CPU per navigation, and the suite makes about two thousand.
                "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, "RenderDocument")),
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def browser_locale():
    """The browser's language (its Accept-Language): English, which the suite's tests read; a test
    of the studio in another language overrides this fixture (tests/browser/test_language.py)."""
    return "en-US"


def new_context(browser, base_url: str, locale: str = "en-US", width: int = 1280):
    """A browser context as the tests use them: 10 s timeouts, and every page's Content-Security-
    Policy violations said on its console (a test listening there fails on one)."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900}, locale=locale)
    context.set_default_timeout(10_000)
    context.add_init_script(CSP_LISTENER)
    return context


class ReusedContext:
    """A browser context kept for the whole run, the tests' pages opened in it, and emptied after
    each test (``page``). A new context costs Chromium about 0.45 s of CPU; a new page 0.2 while
    another page of the studio keeps its renderer process alive (``keeper``), 0.35 otherwise."""

    def __init__(self, browser, base_url: str, locale: str):
        self.context = new_context(browser, base_url, locale)
        self.keeper = self.context.new_page()
        self.keeper.goto("/static/studio/favicon.svg")
        self.devtools = self.context.new_cdp_session(self.keeper)

    def empty(self) -> None:
        """As a new context: no page but the keeper, no cookie (the session), permission or cached
        answer (a face or an image at the same address may differ in the next test)."""
        for opened in self.context.pages:
            if opened is not self.keeper:
                opened.close()
        self.context.clear_cookies()
        self.context.clear_permissions()
        self.devtools.send("Network.clearBrowserCache")


@pytest.fixture(scope="session")
def browser_contexts(browser, live_server):
    """``browser_contexts(locale)``: the run's reused context for a browser language."""
    contexts: dict[str, ReusedContext] = {}

    def context_for(locale: str) -> ReusedContext:
        if locale not in contexts:
            contexts[locale] = ReusedContext(browser, live_server.url, locale)
        return contexts[locale]

    yield context_for
    for reused in contexts.values():
        reused.context.close()


@pytest.fixture
def page(browser_contexts, browser_locale):
    reused = browser_contexts(browser_locale)
    page = reused.context.new_page()
    violations: list[str] = []
    page.on("console", lambda message: _note_csp_violation(message.text, violations))
    yield page
    reused.empty()
    if violations:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(violations), pytrace=False)


# A securitypolicyviolation event said on the console, where the page fixture hears it (Chromium
# also logs "Refused to ..." itself; both are caught).
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile || document.location.href}:${event.lineNumber}`);
});
"""


def _note_csp_violation(text: str, violations: list[str]) -> None:
    if text.startswith("CSP violation:") or "Content Security Policy" in text:
        violations.append(text)


@pytest.fixture
def login(live_server):
    """``login(page, user)``: ``user``'s browser is logged in and shows the page the login form leads
    to ("/"), or ``path``.

    The session is the one Django's ``login()`` makes (the user's language preference read into it),
    its cookie handed to the browser: the login form's page and its post are not loaded again in
    every test (the tests of the form itself use ``helpers.login_in_any_language``)."""

    def do(page, user, path: str = "/"):
        page.context.add_cookies([session_cookie(user, live_server.url)])
        page.goto(path)

    return do


def session_cookie(user, url: str) -> dict:
    """The cookie of a session Django's ``login()`` makes for ``user``, for a browser context.

    Made from the test's thread while another page may be open: SQLite's shared in-memory test
    database refuses a write at once ("database table is locked") while the live server's thread
    reads that table, instead of waiting for it; the login is tried again, a moment later."""
    from django.contrib.sessions.backends.base import UpdateError
    from django.db import OperationalError
    from django.test import Client

    deadline = time.monotonic() + 15
    while True:
        try:
            client = Client()
            client.force_login(user)
            break
        except (OperationalError, UpdateError) as error:
            # The session backend turns the lock met while it saves into an UpdateError.
            cause = error if isinstance(error, OperationalError) else error.__context__
            if "locked" not in str(cause) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    return {"name": cookie.key, "value": cookie.value, "url": url}


@pytest.fixture
def session(browser, live_server, login, browser_locale):
    """``session(user)``: a browser session of its own per person, logged in, its browser asking for
    ``browser_locale`` (the pages follow a person's own language preference over it)."""
    contexts = []

    def open_as(user):
        context = new_context(browser, live_server.url, browser_locale)
        contexts.append(context)
        page = context.new_page()
        login(page, user)
        return page

    yield open_as
    for context in contexts:
        context.close()


def save_screenshot(page, name: str, *, full_page: bool = True) -> Path | None:
    """Save a screenshot of ``page`` as test-output/screenshots/NAME.png, when the run takes them
    (``SCREENSHOTS=1``); its path, or None."""
    if not SCREENSHOTS_TAKEN:
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture
def screenshot():
    """``screenshot(page, name)``: a full-page screenshot of a main page (``save_screenshot``)."""
    return save_screenshot


# The faces drawn in this process, by drawing and dpi (``faces_drawn_once``); a few hundred at most.
FACES_DRAWN: dict[tuple[object, int], bytes] = {}
FACES_DRAWN_AT_MOST = 400


@pytest.fixture
def faces_drawn_once(monkeypatch):
    """A face's PNG drawn once in this process for the same drawing at the same dpi, reused by the
    next test that shows it: for the tests that crawl pages (a page's thumbnails) or play at tables
    (test_tables.py's ``asgi_server``), not for those of drawing (tests/faces/, test_faces.py), which
    draw every face.

    faces.raster.drawing_to_png is a pure function of its drawing (a frozen value holding every box,
    line of text and the artwork's bytes) and dpi, so the bytes are those a drawing would give; only
    where they come from changes. Each test's database and media are new, and its server drew the
    same demo faces again (test_every_page_at_390.py: 180 faces for 75 drawings). The face's
    rendition is still looked up, stored and served as in the studio."""
    from faces import raster

    draw = raster.drawing_to_png

    def drawn_once(drawing, *, dpi: int = raster.DEFAULT_DPI) -> bytes:
        key = (drawing, dpi)
        data = FACES_DRAWN.get(key)
        if data is None:
            data = draw(drawing, dpi=dpi)
            if len(FACES_DRAWN) >= FACES_DRAWN_AT_MOST:
                FACES_DRAWN.clear()
            FACES_DRAWN[key] = data
        return data

    monkeypatch.setattr(raster, "drawing_to_png", drawn_once)


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Uploads go to a temporary MEDIA_ROOT, which the live server serves (read at each request).

    With a broker (the PostgreSQL run of .ci/run) the renditions are made by the real
    worker, another process: the tests keep the MEDIA_ROOT it shares with them.
    """
    if not os.environ.get("CELERY_BROKER_URL"):
        settings.MEDIA_ROOT = str(tmp_path / "media")
    return settings.MEDIA_ROOT
