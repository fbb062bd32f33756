/* Card pages: a little plain JavaScript on top of htmx; every page works without it. */
(function () {
  "use strict";

  // The editor shows (and sends) only the game fields the selected card type has.
  function applyType(form) {
    var select = form.querySelector("select[name=type]");
    if (!select) return;
    var type = select.value;
    form.querySelectorAll("[data-types]").forEach(function (wrap) {
      var has = wrap.dataset.types.split(" ").indexOf(type) !== -1;
      var required = (wrap.dataset.requiredFor || "").split(" ").indexOf(type) !== -1;
      wrap.hidden = !has;
      wrap.querySelectorAll("input, select, textarea").forEach(function (el) { el.disabled = !has; });
      var mark = wrap.querySelector(".req");
      if (mark) mark.hidden = !required;
    });
    var none = form.querySelector("[data-nofields]");
    if (none) none.hidden = !!form.querySelector("[data-types]:not([hidden])");
  }

  // Saving an edit to a VALIDATED card asks first (data-confirm-save: it goes back to review, the decks
  // that use it); declining keeps every change in the form.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var warning = form && form.getAttribute && form.getAttribute("data-confirm-save");
    if (warning && !window.confirm(warning)) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);

  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (event.target.name === "type" && form && form.hasAttribute("data-card-editor")) applyType(form);
  });

  // The Game menu follows a game: (g:) typed in the query; it goes back to "All games" once the term is gone.
  function gameInQuery(query) {
    var found = null;
    query.replace(/(^|\s)(?:game|g):("?)([A-Za-z]+)\2(?=\s|$)/g, function (all, lead, quote, key) { found = key.toLowerCase(); });
    return found;
  }
  document.addEventListener("input", function (event) {
    if (event.target.id !== "id_q") return;
    var menu = document.getElementById("id_game");
    if (!menu) return;
    var key = gameInQuery(event.target.value);
    var known = key && menu.querySelector('option[value="' + key + '"]');
    if (known) { menu.value = key; menu.dataset.fromQuery = "1"; }
    else if (menu.dataset.fromQuery) { menu.value = ""; delete menu.dataset.fromQuery; }
  });

  // "/" goes to the search box, as in most tools with a search.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    var box = document.getElementById("id_q") || document.getElementById("dash-q");
    if (box) { event.preventDefault(); box.focus(); box.select(); }
  });

  // Leaving the editor with unsaved input asks first (nothing lost by a stray click).
  var dirty = false;
  document.addEventListener("input", function (event) {
    if (event.target.form && event.target.form.hasAttribute("data-card-editor")) dirty = true;
  });
  document.addEventListener("submit", function () { dirty = false; });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-discard]")) dirty = false;
  });
  window.addEventListener("beforeunload", function (event) {
    if (dirty) { event.preventDefault(); event.returnValue = ""; }
  });

  // Facets fold away on small screens (the cards come first); a reader who opened them keeps them open.
  var small = window.matchMedia("(max-width: 800px)");
  var facetsOpened = false;
  function foldFacets() {
    document.querySelectorAll("details[data-fold-small]").forEach(function (fold) {
      fold.open = !small.matches || facetsOpened;
    });
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("details[data-fold-small]") && small.matches) facetsOpened = event.target.open;
  }, true);
  document.addEventListener("htmx:afterSwap", foldFacets);
  if (small.addEventListener) small.addEventListener("change", foldFacets);

  function init() {
    foldFacets();
    document.querySelectorAll("form[data-card-editor]").forEach(applyType);
    // A stale save keeps the input: it is still unsaved.
    if (document.getElementById("stale")) dirty = true;
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
