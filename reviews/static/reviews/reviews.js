/* Review pages: a little plain JavaScript on top of htmx; every page works without it. */
(function () {
  "use strict";

  function updateCount(formId) {
    var boxes = document.querySelectorAll('input[data-select="' + formId + '"]');
    var ticked = document.querySelectorAll('input[data-select="' + formId + '"]:checked').length;
    var all = document.querySelector('input[data-select-all="' + formId + '"]');
    if (all) {
      all.checked = boxes.length > 0 && ticked === boxes.length;
      all.indeterminate = ticked > 0 && ticked < boxes.length;
    }
    var count = document.querySelector("[data-selected-count]");
    if (count) count.textContent = interpolate(ngettext("%(count)s selected", "%(count)s selected", ticked), { count: ticked }, true);
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.dataset.selectAll) {
      document.querySelectorAll('input[data-select="' + target.dataset.selectAll + '"]').forEach(function (box) { box.checked = target.checked; });
      updateCount(target.dataset.selectAll);
    } else if (target.dataset.select) {
      updateCount(target.dataset.select);
    }
  });

  // A filter that changes the whole page (the game: its review lists, authors and audit) loads it
  // whole, with every filter of the form, instead of the queue's region alone (htmx listens on the form).
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.hasAttribute && target.hasAttribute("data-navigate") && target.form) {
      event.stopPropagation();
      target.form.submit();
    }
  }, true);

  // After an action, the outcome is announced and takes the focus (keyboard users land on it).
  document.addEventListener("htmx:afterSwap", function () {
    var notice = document.getElementById("notice");
    if (notice) notice.focus();
    updateCount("bulk");
  });

  // The compact queue's keys (the arrows keep scrolling): j next line, k previous, a approve, b back to draft, x tick the
  // line. Each one clicks what a mouse would (the line's link, the pane's button), so htmx and the
  // refusals behave the same; never while typing in a field.
  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function openLine(step) {
    var lines = Array.prototype.slice.call(document.querySelectorAll("tr[data-line]"));
    if (!lines.length) return false;
    var current = lines.findIndex(function (line) { return line.classList.contains("open"); });
    var next = lines[current + step];
    if (!next) {
      var more = document.querySelector(step > 0 ? "[data-next-page]" : "[data-previous-page]");
      if (more) more.click();
      return !!more;
    }
    next.querySelector("a[data-open]").click();
    return true;
  }

  function move(status) {
    var button = document.querySelector('#pane button[name="status"][value="' + status + '"]');
    if (!button || button.disabled) return false;
    button.click();
    return true;
  }

  var KEYS = {
    j: function () { return openLine(1); },
    k: function () { return openLine(-1); },
    a: function () { return move("VALIDATED"); },
    b: function () { return move("DRAFT"); },
    x: function () {
      var box = document.querySelector("tr[data-line].open input[data-select]");
      if (box) box.click();
      return !!box;
    }
  };

  // A key pressed while the queue is being answered or swapped waits for it: until htmx has
  // settled the new region, its buttons are not yet htmx's and a click would post the whole page.
  function busy() {
    return !!document.querySelector(".htmx-request, #queue.htmx-swapping, #queue.htmx-settling");
  }

  function whenSettled(action, tries) {
    if (busy() && tries < 200) { setTimeout(function () { whenSettled(action, tries + 1); }, 25); return; }
    action();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    var action = KEYS[event.key];
    if (!action || !document.getElementById("pane")) return;
    event.preventDefault();
    whenSettled(action, 0);
  });

  // A line opened by the keyboard or a click is brought into view with its pane (on phones the pane
  // is under the list).
  document.addEventListener("htmx:afterSettle", function (event) {
    var open = document.querySelector("tr[data-line].open");
    if (open && event.detail && event.detail.requestConfig && /card=/.test(event.detail.requestConfig.path || "")) {
      open.scrollIntoView({ block: "nearest" });
    }
  });
})();
