/* Refused htmx requests (4xx), lost connections and server errors: the message appears where the user
   acted, the page and its unsaved input stay, the focus and the view go to the message. The same with
   DEBUG on and off: see common/refusals.py for the answers' two kinds (X-Refusal: swap | message). */
(function () {
  "use strict";

  // Django's JavaScript catalog (jsi18n/, loaded first); the English words without it.
  var gettext = window.gettext || function (s) { return s; };
  var focusNext = null;

  function refused(status) { return status >= 400 && status < 500; }

  function reveal(message) {
    if (!message) return;
    if (!message.hasAttribute("tabindex")) message.setAttribute("tabindex", "-1");
    message.focus({ preventScroll: true });
    message.scrollIntoView({ block: "center" });
  }

  // Where a message goes: a [data-refusal-slot] of the nearest [data-refusal-host] or form, else just before it.
  function hostOf(elt) {
    if (!elt || !elt.closest) return document.getElementById("content") || document.body;
    return elt.closest("[data-refusal-host]") || elt.closest("form") || elt;
  }

  function place(elt, html) {
    var host = hostOf(elt);
    if (!host.isConnected) host = document.getElementById("content") || document.body;
    clear(host);
    var box = document.createElement("div");
    box.setAttribute("data-refusal-placed", "");
    box.innerHTML = html;
    var slot = host.querySelector("[data-refusal-slot]");
    if (slot) slot.appendChild(box);
    else host.insertAdjacentElement(host === document.body ? "afterbegin" : "beforebegin", box);
    host.__refusal = box;
    reveal(box.querySelector("[data-refusal]") || box);
  }

  function clear(host) {
    if (host && host.__refusal) { host.__refusal.remove(); host.__refusal = null; }
  }

  function generic(text) {
    var p = document.createElement("div");
    p.className = "refusal";
    p.setAttribute("role", "alert");
    p.setAttribute("data-refusal", "");
    p.textContent = text;
    return p.outerHTML;
  }

  // django-htmx's debug script (DEBUG=1) replaces the whole document with a 4xx answer: refusals never reach it.
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && refused(xhr.status)) event.stopPropagation();
  }, true);

  document.addEventListener("htmx:beforeRequest", function (event) {
    clear(hostOf(event.detail.elt));
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status < 400) return;
    var kind = xhr.getResponseHeader("X-Refusal");
    if (refused(xhr.status) && kind === "swap") {
      // The region itself carries the refusal (a gallery with its message, the queue with the refused cards).
      event.detail.shouldSwap = true;
      event.detail.isError = false;
      focusNext = event.detail.target && event.detail.target.id;
      return;
    }
    event.detail.shouldSwap = false;
    var html;
    if (refused(xhr.status) && kind === "message") html = xhr.responseText;
    else if (refused(xhr.status)) html = generic(gettext("Not done: the studio refused the request (%s). Your input is kept; correct it or reload the page.").replace("%s", xhr.status));
    else html = generic(gettext("Not done: the studio failed to answer (%s). Your input is kept; try again in a moment.").replace("%s", xhr.status));
    place(event.detail.elt, html);
  });

  document.addEventListener("htmx:sendError", function (event) {
    place(event.detail.elt, generic(gettext("Not sent: the studio cannot be reached. Your input is kept; try again once you are back online.")));
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (focusNext === null) return;
    var region = (focusNext && document.getElementById(focusNext)) || document;
    focusNext = null;
    reveal(region.querySelector("[data-refusal], [role=alert]"));
  });
})();
