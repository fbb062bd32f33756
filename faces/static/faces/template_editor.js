/* The face template editor: a click on a sample face selects the region under it (issue 45): its
   section of the form opens, its first value takes the focus. The regions' boxes are read from the
   form's own inputs (regions.N.box.x, ...), in the face's millimetres, as the preview draws them. */
(function () {
  "use strict";

  function number(form, name) {
    var input = form.querySelector('[name="t:' + name + '"]');
    return input ? parseFloat(String(input.value).replace(",", ".")) : NaN;
  }

  function regionAt(form, x, y) {
    var best = null;
    for (var i = 0; ; i++) {
      if (!form.querySelector('[name^="t:regions.' + i + '."]')) break;
      var bx = number(form, "regions." + i + ".box.x"), by = number(form, "regions." + i + ".box.y");
      var bw = number(form, "regions." + i + ".box.w"), bh = number(form, "regions." + i + ".box.h");
      if ([bx, by, bw, bh].some(isNaN)) continue;
      if (x >= bx && x <= bx + bw && y >= by && y <= by + bh) {
        // The smallest box under the pointer: the name bar rather than the frame around it.
        if (!best || bw * bh <= best.area) best = { index: i, area: bw * bh };
      }
    }
    return best && best.index;
  }

  function select(form, index) {
    var first = form.querySelector('[name^="t:regions.' + index + '."]');
    if (!first) return;
    var section = first.closest("details");
    if (section) section.open = true;
    form.querySelectorAll(".template-section.picked").forEach(function (s) { s.classList.remove("picked"); });
    if (section) section.classList.add("picked");
    var box = form.querySelector('[name="t:regions.' + index + '.box.x"]') || first;
    box.focus();
    box.scrollIntoView({ block: "center" });
  }

  document.addEventListener("click", function (event) {
    var svg = event.target.closest && event.target.closest("#template-preview svg");
    var form = document.getElementById("template-form");
    if (!svg || !form || !svg.getScreenCTM()) return;
    var point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    var at = point.matrixTransform(svg.getScreenCTM().inverse());
    var index = regionAt(form, at.x, at.y);
    if (index === null || index === undefined) return;
    event.preventDefault();
    select(form, index);
  });
})();
