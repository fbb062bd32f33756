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
    if (count) count.textContent = ticked + " selected";
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

  // After an action, the outcome is announced and takes the focus (keyboard users land on it).
  document.addEventListener("htmx:afterSwap", function () {
    var notice = document.getElementById("notice");
    if (notice) notice.focus();
    updateCount("bulk");
  });
})();
