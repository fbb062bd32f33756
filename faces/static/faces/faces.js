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

/* A face you can read: the editor's face zoomed in a dialog (fitted to the window, or at its print size:
   one pixel of the 300 dpi face a pixel of the screen), and the review queue's before and after faces at
   full size, side by side or overlaid (the after face over the before one, its opacity on a slider). */
(function () {
  "use strict";
  var gettext = window.gettext || function (s) { return s; };
  var MM_PER_INCH = 25.4, DPI = 300;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "class") node.className = attrs[k];
      else if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  // The dialog: a title, the view's buttons (aria-pressed), Close; Escape closes it too.
  function dialog(title, views, body) {
    var box = el("dialog", { class: "face-dialog", "aria-label": title });
    var bar = el("div", { class: "face-dialog-bar" }, [el("strong", { text: title })]);
    var buttons = views.map(function (v) {
      var b = el("button", { type: "button", class: "secondary small", "aria-pressed": "false", "data-view": v.name, text: v.label });
      b.addEventListener("click", function () { choose(v.name); });
      bar.appendChild(b);
      return b;
    });
    var close = el("button", { type: "button", class: "small", text: gettext("Close") });
    close.addEventListener("click", function () { box.close(); });
    bar.appendChild(close);
    box.appendChild(bar);
    box.appendChild(body);
    box.addEventListener("close", function () { box.remove(); });
    function choose(name) {
      buttons.forEach(function (b) { b.setAttribute("aria-pressed", String(b.getAttribute("data-view") === name)); });
      views.forEach(function (v) { body.classList.toggle("view-" + v.name, v.name === name); });
    }
    document.body.appendChild(box);
    choose(views[0].name);
    box.showModal();
    return box;
  }

  // A face's print width in screen pixels: its width in millimetres at 300 dpi (a poker card: 744 px).
  function printWidth(svg) {
    var width = svg.getAttribute("width") || "";
    var mm = /mm$/.test(width) ? parseFloat(width) : svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 63;
    return Math.round((mm || 63) / MM_PER_INCH * DPI);
  }

  document.addEventListener("click", function (event) {
    var zoom = event.target.closest && event.target.closest("[data-face-zoom]");
    if (zoom) {
      var source = document.querySelector(zoom.getAttribute("data-face-zoom") + " svg");
      if (!source) return;
      var face = source.cloneNode(true);
      face.removeAttribute("id");
      var stage = el("div", { class: "face-stage" }, [face]);
      stage.setAttribute("data-print-width", String(printWidth(source)));
      face.style.setProperty("--print-width", printWidth(source) + "px");
      dialog(zoom.getAttribute("data-title") || gettext("Face"), [
        { name: "fit", label: gettext("Fit to the window") },
        { name: "full", label: gettext("Actual size (300 dpi)") },
      ], stage);
      return;
    }
    var compare = event.target.closest && event.target.closest("[data-face-compare]");
    if (compare) {
      function figure(url, label, cls) {
        return el("figure", { class: cls }, [
          el("img", { class: "face", src: url, alt: label }),
          el("figcaption", { text: label }),
        ]);
      }
      var before = figure(compare.getAttribute("data-before"), compare.getAttribute("data-before-label"), "before");
      var after = figure(compare.getAttribute("data-after"), compare.getAttribute("data-after-label"), "after");
      var slider = el("input", { type: "range", min: "0", max: "100", value: "50", "aria-label": gettext("How much of the face after the change shows over the face before") });
      slider.addEventListener("input", function () { after.style.opacity = String(slider.value / 100); });
      var stage2 = el("div", { class: "face-stage compare" }, [
        el("div", { class: "faces" }, [before, after]),
        el("label", { class: "overlay-only small" }, [document.createTextNode(gettext("Before") + " "), slider, document.createTextNode(" " + gettext("After"))]),
      ]);
      var box = dialog(compare.getAttribute("data-title") || gettext("Face"), [
        { name: "side", label: gettext("Side by side") },
        { name: "overlay", label: gettext("Overlaid") },
      ], stage2);
      box.querySelectorAll("[data-view]").forEach(function (b) {
        b.addEventListener("click", function () { after.style.opacity = b.getAttribute("data-view") === "overlay" ? String(slider.value / 100) : ""; });
      });
    }
  });
})();
