/* Card faces: the face of a card shown while a pointer rests on (or focus is on) an element with data-face. */
(function () {
  "use strict";
  var box = null;
  function show(target, x, y) {
    var url = target.getAttribute("data-face");
    if (!url) return;
    if (!box) {
      box = document.createElement("div");
      box.className = "face-hover";
      box.setAttribute("aria-hidden", "true");
      var image = document.createElement("img");
      image.addEventListener("error", hide);  // a face the user may not see (404) shows nothing
      box.appendChild(image);
      document.body.appendChild(box);
    }
    var img = box.firstChild;
    if (img.getAttribute("src") !== url) { img.className = "face"; img.alt = ""; img.src = url; }
    var w = 200, h = 280, m = 12;
    var left = x + m + w > window.innerWidth ? Math.max(m, x - w - m) : x + m;
    var top = Math.min(Math.max(m, y - h / 2), window.innerHeight - h - m);
    box.style.left = left + "px";
    box.style.top = top + "px";
    box.hidden = false;
  }
  function hide() { if (box) box.hidden = true; }
  document.addEventListener("mouseover", function (e) {
    var t = e.target.closest && e.target.closest("[data-face]");
    if (t) show(t, e.clientX, e.clientY); else hide();
  });
  document.addEventListener("focusin", function (e) {
    var t = e.target.closest && e.target.closest("[data-face]");
    if (t) { var r = t.getBoundingClientRect(); show(t, r.right, r.top + r.height / 2); } else hide();
  });
  document.addEventListener("focusout", hide);
  document.addEventListener("scroll", hide, true);
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hide(); });
})();
