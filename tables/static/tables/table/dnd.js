/* Drag and drop: a card of one's own (or the back of one's deck) carried to a zone, or a card of the
 * hand to a square of the board (chess.js). What is carried is {instance, from, owner}: the card's
 * instance (none for a pile's back), the zone it comes from and its owner's seat. */
import { RULES } from "./config.js";
import { say } from "./dom.js";
import { gettext } from "./i18n.js";
import { actingSeat, state } from "./state.js";
import { send, sendIntent } from "./transport.js";

// An element its owner may drag, carrying ``data``.
export function carry(node, data) {
  node.addEventListener("dragstart", function (event) {
    event.dataTransfer.setData("text/plain", JSON.stringify(data));
    event.dataTransfer.effectAllowed = "move";
  });
}

// An element something carried may be dropped on (marked "over" meanwhile): ``land(data)`` with what
// it carries; whatever else is dropped (a text, a file) is let go.
export function dropTarget(node, land) {
  node.addEventListener("dragover", function (event) { event.preventDefault(); node.classList.add("over"); });
  node.addEventListener("dragleave", function () { node.classList.remove("over"); });
  node.addEventListener("drop", function (event) {
    event.preventDefault();
    node.classList.remove("over");
    var data;
    try { data = JSON.parse(event.dataTransfer.getData("text/plain")); } catch (e) { return; }
    land(data);
  });
}

// A zone (``box``, its key ``zone``): what lands there is a move to it. In rules mode only a move the
// rules allow lands: the offered intent that takes this card (or pile) there.
export function zoneTarget(box, zone) {
  dropTarget(box, function (data) {
    if (!data || data.from === zone && !data.instance) return;
    if (data.instance && data.from === zone) return;
    if (RULES) {
      var landing = state.intents.filter(function (intent) {
        if (state.intentsSeq !== state.view.seq) return false;
        if (data.instance && intent.instance === data.instance) return intent.to ? intent.to === zone : intent.kind === "ride" && zone === "vc";
        return !intent.instance && intent.from === data.from && intent.to === zone;
      })[0];
      if (landing) sendIntent(landing);
      else say(gettext("The rules do not allow this move now."), "warn");
      return;
    }
    var payload = { to: zone };
    if (data.instance) payload.instance = data.instance;
    else payload.from = data.from;
    send("move", payload, Number(data.owner) || actingSeat());
  });
}
