"""Helpers for the browser tests."""

import re
from contextlib import contextmanager

from playwright.sync_api import expect


def wait_loaded(locator, timeout: float = 10_000) -> bool:
    """Wait until the image really arrived (served and decoded), not only its <img> tag."""
    locator.scroll_into_view_if_needed()  # a lazy image loads once near the viewport
    locator.page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=locator.element_handle(), timeout=timeout
    )
    return True


# What htmx did, kept in the page: a failure below says which requests went, were aborted or swapped.
HTMX_LOG = """() => {
  if (window.__htmxLog) return;
  window.__htmxLog = [];
  for (const name of ["beforeRequest", "abort", "afterRequest", "beforeSwap", "sendError", "responseError"]) {
    document.body.addEventListener("htmx:" + name, (event) => {
      const d = event.detail || {}, elt = d.elt || event.target;
      window.__htmxLog.push([Math.round(performance.now()), name, elt && (elt.id || elt.tagName),
        d.requestConfig && d.requestConfig.verb, d.requestConfig && d.requestConfig.path, d.xhr && d.xhr.status,
        d.shouldSwap]);
    });
  }
}"""


# htmx's settled swaps per target id, counted in the page from the first call on (``settles``).
SETTLES_COUNTED = """target => {
  if (!window.__settles) {
    window.__settles = {};
    document.body.addEventListener("htmx:afterSettle", (event) => {
      const id = event.detail.target && event.detail.target.id;
      if (id) window.__settles[id] = (window.__settles[id] || 0) + 1;
    });
  }
  return window.__settles[target] || 0;
}"""

# Resolves once #target has settled more than ``seen`` times: the page's own event, no polling (a
# tab behind another has no animation frames); fails after ``timeout`` ms.
SETTLED_AGAIN = """([target, seen, timeout]) => new Promise((resolve, reject) => {
  const done = () => (window.__settles[target] || 0) > seen;
  if (done()) return resolve();
  const timer = setTimeout(() => reject(new Error(`#${target} was not swapped by htmx within ${timeout} ms`)), timeout);
  const check = () => {
    if (!done()) return;
    document.body.removeEventListener("htmx:afterSettle", check);
    clearTimeout(timer);
    resolve();
  };
  document.body.addEventListener("htmx:afterSettle", check);
})"""


@contextmanager
def settles(page, target: str, timeout: float = 20_000):
    """The block makes htmx swap new content into ``#target`` (a live check, a search after its
    debounce): wait for that swap to settle, told by the page itself. Playwright's ``expect`` looks
    again 0, 20, 70, 170, 270 ms after it starts, then only every half second: a debounced answer
    (300-400 ms) was read a quarter of a second late on average. The assertions that follow are
    unchanged; a swap of an earlier request only makes them wait as before."""
    seen = page.evaluate(SETTLES_COUNTED, target)
    yield
    page.evaluate(SETTLED_AGAIN, [target, seen, timeout])


def add_from_search(
    page,
    query: str,
    name: str,
    copies: int,
    *,
    search: str = "Search .* cards",
    add: str = "Add {name} to Main deck",
    copies_of: str = "Copies of {name}",
):
    """In the deck builder: search, add one copy of ``name``, type the number of copies in its
    stepper, and wait until the deck has stored them (the panel comes back with that count) and the
    page is quiet again: each change's answer asks the search results to be drawn again
    (``deckChanged``), and that search, answered after the test changed the deck itself, would show
    the test's change (a loaded machine: results at version 6 where the test expected 5).

    ``search`` (a pattern), ``add`` and ``copies_of`` are the builder's words in the page's
    language (English by default)."""
    box = page.get_by_role("searchbox", name=re.compile(search))
    # The builder first: called right after a click that opens it, the page may have no body yet.
    expect(box).to_be_visible()
    page.evaluate(HTMX_LOG)
    with settles(page, "results"):
        box.fill(query)
    result = page.locator(".result", has_text=name)
    # The search runs after htmx's 300 ms delay, on the live server: give a loaded machine (CI runs
    # the suite beside everything else) more than the default 5 s.
    expect(result).to_have_count(1, timeout=20_000)
    result.get_by_role("button", name=add.format(name=name)).click()
    copies_of = copies_of.format(name=name)
    copies_box = page.get_by_label(copies_of)
    expect(copies_box).to_have_value("1")
    settled(page)  # a person never types within the milliseconds before htmx wires the new panel
    copies_box.fill(str(copies))
    copies_box.press("Tab")
    expect(page.get_by_label(copies_of)).to_have_value(str(copies))
    try:
        # The attribute, not what was typed: the deck panel as the server rendered it after the change.
        expect(page.get_by_label(copies_of)).to_have_attribute("value", str(copies))
    except AssertionError as failure:
        raise AssertionError(f"{failure}\nhtmx log: {page.evaluate('window.__htmxLog')}") from None
    settled(page)


def settled(page):
    """Wait until htmx has finished swapping and settling new content (its forms then send changes)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-swapping, .htmx-settling, .htmx-added, .htmx-request')"
    )


# Whether the page fits its window's width (no sideways scrolling).
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def login_in_any_language(page, user, password: str = "secret-password"):
    """Log in whatever the page's language: the form's fields by their ids, not their labels."""
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(user.get_username())
    page.locator("#id_password").fill(password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
