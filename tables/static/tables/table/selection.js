/* The chosen card: its marks on the board, the panel of what can be done with it (#selection), its
 * zoom (#zoom). In rules mode the panel offers only the moves the rules allow the card now (the
 * intents that name it); at a free table, the table's own moves (move, tap, flip, reveal). */
import { L, RULES } from "./config.js";
import { button, el } from "./dom.js";
import { cardName, f, gettext, nameLang, translatedName } from "./i18n.js";
import { faceUrl, findCard, finished, gameMove, mine, pendingOf, playing, replaying, seatData, state, zoneLabel } from "./state.js";
import { send, sendIntent } from "./transport.js";

// The marks of the chosen card and of the mulligan's on the cards drawn, which stay the same elements.
export function markCards() {
  document.querySelectorAll("#board .tcard[data-instance]").forEach(function (item) {
    var instance = item.dataset.instance;
    var chosen = !!(state.selected && state.selected.instance === instance);
    item.classList.toggle("chosen", chosen);
    item.classList.toggle("mulligan", state.mulligan.some(function (m) { return m.instance === instance; }));
    var face = item.querySelector(".face");
    var pressed = chosen ? "true" : "false";
    if (face && face.getAttribute("aria-pressed") !== pressed) face.setAttribute("aria-pressed", pressed);
  });
}

export function renderSelection() {
  var box = document.getElementById("selection");
  box.textContent = "";
  var chosen = state.selected;
  if (chosen) {
    // The card may have moved since: find it again in the view.
    var found = findCard(chosen.instance);
    if (!found) { state.selected = null; chosen = null; }
    else { chosen.zone = found.zone; chosen.card = found.card; chosen.owner = found.owner || chosen.owner; }
  }
  if (!chosen) { box.hidden = true; return; }
  box.hidden = false;
  var card = chosen.card;
  box.appendChild(el("p", {}, [
    el("strong", { lang: nameLang(card), text: cardName(card) }),
    translatedName(card) ? el("span", { class: "muted small", lang: card.language || null, text: " (" + card.name + ")" }) : null,
    " · ", zoneLabel(chosen.zone),
  ]));
  var row = el("div", { class: "row" });
  row.appendChild(button(gettext("Zoom"), function () { zoom(card); }, { class: "secondary small", "aria-keyshortcuts": "z" }));
  var canAct = mine(chosen.owner) && !replaying() && !finished();
  var notes = [];
  if (canAct && state.view.status === "setup") {
    L.choices.forEach(function (choice) {
      if (choice.source === chosen.zone && pendingOf(chosen.owner).indexOf(choice.decision) >= 0) {
        row.appendChild(button(gettext("Choose"), function () { send("choose", { instance: card.instance }, chosen.owner).then(function () { state.selected = null; }); }, { class: "small" }));
      }
    });
  }
  if (playing() && RULES && !replaying() && !finished()) {
    // Only the moves the rules allow this card now (the intents that name it): of one's own cards,
    // and of the opponent's a move aimed at them (darkrow: damage an effect deals, marked by hand).
    var onBoard = 0;
    var free = {};
    state.intents.forEach(function (intent) {
      if (intent.instance !== card.instance || state.intentsSeq !== state.view.seq) return;
      if (state.view.board && intent.square) { onBoard += 1; return; }
      row.appendChild(button(intent.label, function () { sendIntent(intent).then(function (ok) { if (ok) state.selected = null; }); }, { class: "small", "data-kind": intent.kind }));
      var declared = gameMove(intent.kind);
      if (declared && declared.leftFree) free[intent.kind] = declared.leftFree;
    });
    // What the seed leaves free about these moves, said below them.
    Object.keys(free).forEach(function (kind) { notes.push(el("p", { class: "muted small leftfree", "data-kind": kind, text: free[kind] })); });
  }
  if (typeof onBoard !== "undefined" && onBoard) row.appendChild(el("span", { class: "muted small", "data-board-targets": onBoard, text: f(gettext("%(card)s: choose one of the marked squares on the board."), { card: cardName(card) }) }));
  if (canAct && playing() && !RULES) {
    var select = el("select", { "aria-label": gettext("Move to") });
    var targets = [];
    var seat = seatData(chosen.owner);
    (seat ? seat.zones : []).forEach(function (z) { if (z.key !== chosen.zone) targets.push(z.key); });
    (state.view.shared || []).forEach(function (z) { if (z.key !== chosen.zone) targets.push(z.key); });
    targets.forEach(function (key) { select.appendChild(el("option", { value: key, text: zoneLabel(key) })); });
    var faceDown = el("input", { type: "checkbox", id: "move-facedown" });
    row.appendChild(select);
    row.appendChild(el("label", { class: "small" }, [faceDown, " ", gettext("face down")]));
    row.appendChild(button(gettext("Move"), function () {
      var payload = { instance: card.instance, to: select.value };
      if (faceDown.checked) payload.faceDown = true;
      send("move", payload, chosen.owner);
    }, { class: "small" }));
    row.appendChild(button(card.tapped ? gettext("Untap") : gettext("Tap"), function () { send("tap", { instance: card.instance }, chosen.owner); }, { class: "secondary small", "aria-keyshortcuts": "t" }));
    row.appendChild(button(card.faceDown ? gettext("Turn face up") : gettext("Turn face down"), function () { send("flip", { instance: card.instance }, chosen.owner); }, { class: "secondary small", "aria-keyshortcuts": "f" }));
    if (!card.revealed) row.appendChild(button(gettext("Reveal"), function () { send("reveal", { instance: card.instance }, chosen.owner); }, { class: "secondary small" }));
  }
  row.appendChild(button(gettext("Done"), function () { state.selected = null; markCards(); renderSelection(); }, { class: "secondary small" }));
  box.appendChild(row);
  notes.forEach(function (note) { box.appendChild(note); });
}

// The card large, by the name the reader reads (the source name below a translated one).
export function zoom(card) {
  if (!card || !card.instance) return;
  var dialog = document.getElementById("zoom");
  var title = document.getElementById("zoom-title");
  title.textContent = cardName(card);
  if (nameLang(card)) title.setAttribute("lang", nameLang(card)); else title.removeAttribute("lang");
  // The source name, below the translated one.
  var source = document.getElementById("zoom-source");
  source.hidden = !translatedName(card);
  var sourceName = document.getElementById("zoom-source-name");
  sourceName.textContent = translatedName(card) ? card.name : "";
  if (card.language) sourceName.setAttribute("lang", card.language); else sourceName.removeAttribute("lang");
  var image = document.getElementById("zoom-image");
  image.hidden = !card.stableCardId;
  if (card.stableCardId) {
    image.src = faceUrl(card, 200);
    image.alt = cardName(card);
  }
  if (dialog.showModal && !dialog.open) dialog.showModal();
}
