/* The keyboard shortcuts (listed on the page, templates/tables/table.html): d draw, u untap all,
 * n next step, e end the turn; t, f, z tap, flip, zoom the chosen card; Escape lets it go. In rules
 * mode a key plays only an offered move. Keys typed in a field or over the zoom are the field's. */
import { RULES } from "./config.js";
import { markCards, renderSelection, zoom } from "./selection.js";
import { offered, state } from "./state.js";
import { send, sendIntent } from "./transport.js";

export function listenToKeys() {
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && target.matches && target.matches("input, textarea, select, [contenteditable]")) return;
    if (document.getElementById("zoom").open) return;
    var key = event.key;
    var handled = true;
    if (RULES && (key === "d" || key === "u" || key === "n" || key === "e")) {
      // Rules mode: a key plays only an offered move (the next step, the end of the turn).
      var wanted = offered(key === "n" ? "step" : key === "e" ? "endTurn" : "")[0];
      if (wanted) sendIntent(wanted);
    }
    else if (key === "d") send("draw", { count: 1 });
    else if (key === "u") send("untapAll");
    else if (key === "n") send("step");
    else if (key === "e") send("endTurn");
    else if (key === "z" && state.selected) zoom(state.selected.card);
    else if (key === "t" && state.selected) send("tap", { instance: state.selected.instance }, state.selected.owner);
    else if (key === "f" && state.selected) send("flip", { instance: state.selected.instance }, state.selected.owner);
    else if (key === "Escape" && state.selected) { state.selected = null; markCards(); renderSelection(); }
    else handled = false;
    if (handled) event.preventDefault();
  });
}
