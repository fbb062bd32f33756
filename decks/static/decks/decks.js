/* Deck pages: a little plain JavaScript on top of htmx; every page works without it. */
(function () {
  "use strict";

  // Filters apply as soon as they change.
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches && target.matches("[data-autosubmit]") && target.form) target.form.requestSubmit();
  });

  // A mulligan puts back at most N cards: further boxes are disabled once N are ticked.
  function limitMulligan(form) {
    var max = parseInt(form.dataset.maxPut, 10);
    var boxes = form.querySelectorAll("input[name=put]");
    var ticked = form.querySelectorAll("input[name=put]:checked").length;
    boxes.forEach(function (box) { if (!isNaN(max)) box.disabled = !box.checked && ticked >= max; });
    var count = form.querySelector("[data-put-count]");
    if (count) count.textContent = ticked;
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute("data-mulligan")) limitMulligan(form);
  });

  // The deck's refresh (its poll) never replaces a count the player is typing: it lands at a later poll.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var deck = document.getElementById("deck");
    var polled = event.detail.elt === deck && event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    // Nor a refused change's message and the input it kept (a stale version: the player reloads, see below).
    if (polled && deck.querySelector("input:focus, [data-refusal-placed]")) event.detail.shouldSwap = false;
  });

  // Enter in a copy count sends it once: the browser would fire its change and submit the form (two
  // requests); committing the value (blur) fires the one change the form listens to.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches("form.stepper input[name=count]")) return;
    event.preventDefault();
    input.blur();
    input.focus();
  });

  // Every change of the deck sends the version the page shows (the deck panel's data-version, current after
  // each change and each refresh), so that a change made meanwhile in another tab is never overwritten: the
  // studio refuses it (412) and says so where the player acted, their input kept (studio/refusals.js).
  // This page's own changes may cross (a count on its way, an add meanwhile): they carry this page's id, and
  // the studio takes a version of this page's own run of changes as current.
  var tab = Math.random().toString(36).slice(2) + Date.now().toString(36);
  function shownVersion() {
    var deck = document.getElementById("deck");
    return deck && deck.dataset.version;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var version = shownVersion();
    if (version && form && form.querySelector("input[name=version]")) {
      event.detail.parameters.version = version;
      event.detail.parameters.tab = tab;
    }
  });
  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector && event.target.querySelector("input[name=version]");
    var version = shownVersion();
    if (!input || !version) return;
    input.value = version;
    var own = event.target.querySelector("input[name=tab]");
    if (!own) {
      own = document.createElement("input");
      own.type = "hidden";
      own.name = "tab";
      event.target.appendChild(own);
    }
    own.value = tab;
  }, true);

  // A destructive form asks first.
  document.addEventListener("submit", function (event) {
    var message = event.target.dataset && event.target.dataset.confirm;
    if (message && !window.confirm(message)) event.preventDefault();
  });

  // The builder's two tabs on small screens: the deck (first) and the search; arrows move between them.
  function showTab(button) {
    var tabs = button.closest("[data-builder-tabs]");
    var builder = tabs.nextElementSibling;
    tabs.querySelectorAll("[role=tab]").forEach(function (tab) {
      var on = tab === button;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    });
    builder.setAttribute("data-show", button.dataset.show);
  }
  document.addEventListener("click", function (event) {
    var tab = event.target.closest && event.target.closest("[data-builder-tabs] [role=tab]");
    if (tab) showTab(tab);
  });
  document.addEventListener("keydown", function (event) {
    var tab = event.target.closest && event.target.closest("[data-builder-tabs] [role=tab]");
    if (!tab || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    var other = tab.parentNode.querySelector("[role=tab]:not([aria-selected=true])");
    if (other) { showTab(other); other.focus(); event.preventDefault(); }
  });

  function init() {
    document.querySelectorAll("[data-builder-tabs]").forEach(function (tabs) { tabs.hidden = false; });
    document.querySelectorAll("form[data-mulligan]").forEach(limitMulligan);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
