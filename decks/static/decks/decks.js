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
    if (polled && deck.querySelector("input:focus")) event.detail.shouldSwap = false;
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

  // A destructive form asks first.
  document.addEventListener("submit", function (event) {
    var message = event.target.dataset && event.target.dataset.confirm;
    if (message && !window.confirm(message)) event.preventDefault();
  });

  function init() {
    document.querySelectorAll("form[data-mulligan]").forEach(limitMulligan);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
