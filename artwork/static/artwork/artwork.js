/* Artwork on a card's page: drag and drop onto the upload zone, upload progress, refusals shown in place.
   The zone is the label of a real file input: without JavaScript, or from the keyboard, the form works as is. */
(function () {
  "use strict";
  // Django's JavaScript catalog (jsi18n/, loaded first); the English words without it.
  var gettext = window.gettext || function (s) { return s; };

  function zoneOf(target) { return target && target.closest ? target.closest("[data-dropzone]") : null; }
  function hasFiles(event) { return event.dataTransfer && Array.prototype.indexOf.call(event.dataTransfer.types || [], "Files") !== -1; }

  function showChosen(input) {
    var zone = zoneOf(input);
    var slot = zone && zone.querySelector("[data-chosen]");
    if (slot) slot.textContent = input.files.length ? gettext("Chosen: %(name)s").replace("%(name)s", input.files[0].name) : "";
  }

  document.addEventListener("dragover", function (event) {
    if (!hasFiles(event) || !document.querySelector("[data-dropzone]")) return;
    // A file dropped beside the zone must not replace the page (and an unsaved edit with it).
    event.preventDefault();
    var zone = zoneOf(event.target);
    event.dataTransfer.dropEffect = zone ? "copy" : "none";
    document.querySelectorAll("[data-dropzone].over").forEach(function (z) { if (z !== zone) z.classList.remove("over"); });
    if (zone) zone.classList.add("over");
  });
  document.addEventListener("dragleave", function (event) {
    var zone = zoneOf(event.target);
    if (zone && !zone.contains(event.relatedTarget)) zone.classList.remove("over");
  });
  document.addEventListener("drop", function (event) {
    if (!hasFiles(event) || !document.querySelector("[data-dropzone]")) return;
    event.preventDefault();
    var zone = zoneOf(event.target);
    if (!zone) return;
    zone.classList.remove("over");
    var input = zone.querySelector("input[type=file]");
    var files = event.dataTransfer.files;
    if (!input || !files.length) return;
    // One image per upload: the first one dropped.
    var one = new DataTransfer();
    one.items.add(files[0]);
    input.files = one.files;
    showChosen(input);
    if (input.form.requestSubmit) input.form.requestSubmit(); else input.form.submit();
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-dropzone] input[type=file]")) showChosen(event.target);
  });

  document.addEventListener("htmx:xhr:progress", function (event) {
    var form = event.target.closest && event.target.closest("[data-artwork-upload]");
    var bar = form && form.querySelector("[data-upload-progress]");
    if (bar && event.detail.lengthComputable) bar.value = Math.round((event.detail.loaded / event.detail.total) * 100);
  });

  // Refusals (400, 409, 413) come back as the gallery with its message, marked X-Refusal: swap;
  // studio/refusals.js swaps them in place and takes the focus to the message.
})();
