/* Behaviour every page shares, on top of htmx; every page works without it. */
(function () {
  "use strict";

  // A button that asks first (data-confirm): before htmx or the browser sends anything.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // In a form that writes (POST) with several fields, Enter in a one-line field does not send it (a card
  // was created by accident so); Ctrl+Enter (Cmd+Enter) does. Searches and filters (GET) send on Enter.
  function multiField(form) {
    if (!form || form.hasAttribute("data-enter-submits")) return false;
    if (form.hasAttribute("data-multifield")) return true;
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return false;
    var fields = form.querySelectorAll("input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=image]), select, textarea");
    return fields.length > 2;
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing) return;
    var target = event.target, form = target && target.form;
    if (!multiField(form)) return;
    if (event.ctrlKey || event.metaKey) {
      if (target.tagName === "BUTTON") return;
      // The form's one unnamed submit button (Save, Create); a form of several named moves needs a click.
      var submit = form.querySelectorAll("button[type=submit]:not([name]), input[type=submit]:not([name])");
      if (submit.length !== 1) return;
      event.preventDefault();
      if (form.requestSubmit) form.requestSubmit(submit[0]); else submit[0].click();
    } else if (target.tagName === "INPUT" && !/^(submit|button|checkbox|radio|file|reset|image)$/.test(target.type)) {
      event.preventDefault();
    }
  });

  // A region that refreshes itself (data-poll, with htmx's "every Ns" trigger) asks only while the page is
  // seen, and never while the person types in it. Not a trigger filter ("every 2s [cond]"): htmx evaluates
  // those with eval, which the Content-Security-Policy (and htmx's allowEval: false) forbids.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-poll")) return;
    if (event.detail.requestConfig && event.detail.requestConfig.verb !== "get") return;
    if (document.visibilityState !== "visible" || elt.querySelector("input:focus, textarea:focus, select:focus")) {
      event.preventDefault();
    }
  });
})();

// Phones: the header is one line that scrolls sideways (studio.css): the current page's link is
// brought into view at load, without scrolling the page itself.
(function () {
  "use strict";
  function showCurrent() {
    var header = document.querySelector("header.top");
    var current = header && header.querySelector("nav a[aria-current='page']");
    if (!current || header.scrollWidth <= header.clientWidth) return;
    header.scrollLeft = Math.max(0, current.offsetLeft - (header.clientWidth - current.offsetWidth) / 2);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showCurrent);
  else showCurrent();
})();
