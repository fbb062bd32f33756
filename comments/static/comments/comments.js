// @name completion in a comment's text: the names come from the server, which lists only the people
// who may read the card. Arrow keys choose, Enter or a click inserts, Escape closes.
(function () {
  "use strict";
  var timer = null;

  function prefixAt(area) {
    var before = area.value.slice(0, area.selectionStart);
    var match = /(^|[^\w@.+-])@([\w.@+-]*)$/.exec(before);
    return match ? match[2] : null;
  }

  function listFor(area) {
    var list = area.nextElementSibling;
    if (!list || !list.classList.contains("mentionlist")) {
      list = document.createElement("ul");
      list.className = "mentionlist";
      list.setAttribute("role", "listbox");
      list.id = area.id + "-mentions";
      area.setAttribute("aria-controls", list.id);
      area.after(list);
    }
    return list;
  }

  function insert(area, name) {
    var start = area.selectionStart;
    var before = area.value.slice(0, start).replace(/@[\w.@+-]*$/, "@" + name + " ");
    area.value = before + area.value.slice(start);
    area.selectionStart = area.selectionEnd = before.length;
    listFor(area).innerHTML = "";
    area.focus();
  }

  function choices(area) {
    var section = area.closest("[data-mentions-url]");
    var prefix = prefixAt(area);
    var list = listFor(area);
    if (!section || prefix === null) { list.innerHTML = ""; return; }
    fetch(section.getAttribute("data-mentions-url") + "?q=" + encodeURIComponent(prefix), {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) { list.innerHTML = html; });
  }

  document.addEventListener("input", function (event) {
    var area = event.target;
    if (!area.matches || !area.matches("textarea[data-mentions]")) return;
    clearTimeout(timer);
    timer = setTimeout(function () { choices(area); }, 150);
  });

  document.addEventListener("keydown", function (event) {
    var area = event.target;
    if (!area.matches || !area.matches("textarea[data-mentions]")) return;
    var list = area.nextElementSibling;
    if (!list || !list.classList.contains("mentionlist") || !list.children.length) return;
    var items = Array.prototype.slice.call(list.children);
    var current = items.findIndex(function (li) { return li.getAttribute("aria-selected") === "true"; });
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      var next = (current + (event.key === "ArrowDown" ? 1 : items.length - 1) + (current < 0 && event.key === "ArrowUp" ? 1 : 0)) % items.length;
      items.forEach(function (li, i) { li.setAttribute("aria-selected", i === next ? "true" : "false"); });
    } else if (event.key === "Enter" && current >= 0) {
      event.preventDefault();
      insert(area, items[current].getAttribute("data-name"));
    } else if (event.key === "Escape") {
      list.innerHTML = "";
    }
  });

  document.addEventListener("click", function (event) {
    var item = event.target.closest && event.target.closest(".mentionlist li[data-name]");
    if (!item) return;
    insert(item.parentElement.previousElementSibling, item.getAttribute("data-name"));
  });
})();

// The editor's beat says "typing" when the designer typed in the card editor since the last beat.
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    if (!event.target.closest || !event.target.closest("#card-editor")) return;
    var flag = document.querySelector("#presence [data-typing]");
    if (flag) flag.value = "1";
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.target && event.target.id === "presence") {
      var flag = event.target.querySelector("[data-typing]");
      if (flag) flag.value = "0";
    }
  });
})();

// A thread on a region of the card's face: "Comment on a region" lays the face template's regions
// over the face (#face-preview) as buttons; picking one chooses it in the new thread's form and goes
// to its text. A thread's "show on the face" outlines its region there. The regions (their places in
// % of the card) come from the page (#face-regions), never from the drawing.
(function () {
  "use strict";
  var picking = false;

  function regions() {
    var data = document.getElementById("face-regions");
    if (!data) return [];
    try { return JSON.parse(data.textContent); } catch (e) { return []; }
  }

  function overlay(create) {
    var preview = document.getElementById("face-preview");
    var face = preview && preview.querySelector("svg.face");
    if (!face) return null;
    var layer = preview.querySelector(".face-regions");
    if (!layer && create) {
      layer = document.createElement("div");
      layer.className = "face-regions";
      regions().forEach(function (region) {
        var spot = document.createElement("button");
        spot.type = "button";
        spot.className = "face-region";
        spot.setAttribute("data-region", region.id);
        spot.setAttribute("aria-label", interpolate(gettext("Comment on %(region)s"), { region: region.label }, true));
        spot.title = region.label;
        spot.style.left = region.left + "%";
        spot.style.top = region.top + "%";
        spot.style.width = region.width + "%";
        spot.style.height = region.height + "%";
        layer.appendChild(spot);
      });
      preview.appendChild(layer);
    }
    if (layer) {
      // Over the drawn face exactly, wherever the panel places it.
      var outer = preview.getBoundingClientRect();
      var box = face.getBoundingClientRect();
      layer.style.left = (box.left - outer.left) + "px";
      layer.style.top = (box.top - outer.top) + "px";
      layer.style.width = box.width + "px";
      layer.style.height = box.height + "px";
    }
    return layer;
  }

  function toggleButton() {
    var tools = document.querySelector(".face-panel .face-zoom-tools");
    if (!tools || !regions().length || tools.querySelector("[data-pick-region]")) return;
    var pick = document.createElement("button");
    pick.type = "button";
    pick.className = "secondary small";
    pick.setAttribute("data-pick-region", "");
    pick.setAttribute("aria-pressed", "false");
    pick.textContent = gettext("Comment on a region");
    tools.appendChild(document.createTextNode(" "));
    tools.appendChild(pick);
  }

  function setPicking(on) {
    picking = on;
    var layer = overlay(on);
    if (layer) layer.classList.toggle("picking", on);
    var pick = document.querySelector("[data-pick-region]");
    if (pick) {
      pick.setAttribute("aria-pressed", on ? "true" : "false");
      pick.textContent = on ? gettext("Cancel: no region") : gettext("Comment on a region");
    }
  }

  function choose(id) {
    setPicking(false);
    var select = document.getElementById("comment-region");
    var field = document.getElementById("comment-field");
    var body = document.getElementById("comment-body");
    if (select) select.value = id;
    if (field) field.value = ""; // a region or a field, not both
    if (body) { body.scrollIntoView({ block: "center" }); body.focus(); }
  }

  function show(id, tries) {
    var layer = overlay(true);
    if (!layer) {
      // The face is drawn after the page: a click that comes first waits for it (5 s at most).
      tries = tries || 0;
      if (tries < 20) setTimeout(function () { show(id, tries + 1); }, 250);
      return;
    }
    layer.querySelectorAll(".face-region").forEach(function (spot) {
      spot.classList.toggle("shown", spot.getAttribute("data-region") === id);
    });
    layer.classList.add("showing");
    document.getElementById("face-preview").scrollIntoView({ block: "center" });
    setTimeout(function () {
      layer.classList.remove("showing");
      layer.querySelectorAll(".face-region.shown").forEach(function (spot) { spot.classList.remove("shown"); });
    }, 4000);
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) return;
    if (target.closest("[data-pick-region]")) { setPicking(!picking); return; }
    var spot = target.closest(".face-regions .face-region");
    if (spot && picking) { choose(spot.getAttribute("data-region")); return; }
    var shown = target.closest("[data-show-region]");
    if (shown) show(shown.getAttribute("data-show-region"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picking) setPicking(false);
  });
  // The face is drawn again (its language, the editor's input): the regions go over the new one.
  document.addEventListener("htmx:afterSwap", function () {
    toggleButton();
    if (picking) setPicking(true);
  });
  window.addEventListener("resize", function () { overlay(false); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", toggleButton);
  else toggleButton();
})();

// A link to a comment the card page folds away (#comment-<id> alone: a link copied from the page,
// an email sent before the folds): the page again naming it (?comment=<id>), which the server
// answers with its thread unfolded (comments.slots).
(function () {
  "use strict";
  function unfold() {
    var match = /^#comment-(\d+)$/.exec(location.hash);
    if (!match || document.getElementById("comment-" + match[1])) return;
    var params = new URLSearchParams(location.search);
    if (!document.querySelector("#comments[data-folds]") || params.get("comment") === match[1]) return;
    params.set("comment", match[1]);
    location.replace(location.pathname + "?" + params.toString() + location.hash);
  }
  window.addEventListener("hashchange", unfold);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", unfold);
  else unfold();
})();
