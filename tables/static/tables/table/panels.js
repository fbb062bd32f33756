/* The panels around the board: the status line and the turn timer, the setup's decisions, the
 * result, what no player decides alone (a claimed result, an undo, a search) and the replay bar. */
import { config, L, narrow, root } from "./config.js";
import { button, el } from "./dom.js";
import { f, gettext, ngettext } from "./i18n.js";
import { actingSeat, finished, mine, playing, redraw, replaying, searching, seatName, state, stepLabel, zoneLabel } from "./state.js";
import { catchUp, getJSON, send } from "./transport.js";

// The status line under the title; the invitation and the panel to sit hidden once nobody is awaited.
export function renderStatus(view) {
  // The invitation is done with once the second player sits down.
  var invite = document.getElementById("invite");
  if (invite && view.status !== "waiting") invite.hidden = true;
  var sit = document.getElementById("sit");
  if (sit && view.status !== "waiting") sit.hidden = true;
  var words = {
    setup: gettext("Setup: each player decides, then the first turn begins."),
    playing: f(gettext("Turn %(number)s · %(seat)s plays · %(step)s"), { number: view.turn.number, seat: seatName(view.turn.seat), step: stepLabel(view.turn.step) }),
    finished: gettext("The game is over."),
    waiting: gettext("Waiting for the second player."),
  };
  var status = document.getElementById("table-status");
  status.textContent = (words[view.status] || view.status) + (replaying() ? " " + f(gettext("(after event %(seq)s)"), { seq: view.seq }) : "");
}

// The turn timer (kept by the server; both players see both clocks): the answer's seconds left,
// counted down here from the moment it arrived; at zero the table is read again (the server then
// records the loss on time).
function clockText(seconds) {
  var whole = Math.max(0, Math.ceil(seconds));
  var m = Math.floor(whole / 60), s = whole % 60;
  return m + ":" + (s < 10 ? "0" : "") + s;
}
export function renderClock() {
  var view = state.view;
  var node = document.getElementById("table-clock");
  var clock = view && !replaying() && view.status === "playing" ? view.clock : null;
  if (!clock) { if (node) node.parentNode.removeChild(node); return; }
  if (!node) {
    node = el("p", { id: "table-clock", class: "row subtitle", role: "timer", "aria-label": gettext("Turn timer") });
    var status = document.getElementById("table-status");
    status.parentNode.insertBefore(node, status.nextSibling);
  }
  var elapsed = (Date.now() - (state.clockAt || Date.now())) / 1000;
  var turnLeft = Math.max(0, clock.turnLeft - elapsed);
  var overflow = Math.max(0, elapsed - clock.turnLeft);
  var parts = [1, 2].map(function (number) {
    var bank = clock.banks[number - 1];
    if (number === clock.active) {
      bank = Math.max(0, bank - overflow);
      return f(gettext("%(seat)s: %(turn)s, bank %(bank)s"), { seat: seatName(number), turn: clockText(turnLeft), bank: clockText(bank) });
    }
    return f(gettext("%(seat)s: bank %(bank)s"), { seat: seatName(number), bank: clockText(bank) });
  });
  node.textContent = parts.join(" · ");
  var out = turnLeft <= 0 && Math.max(0, clock.banks[clock.active - 1] - overflow) <= 0;
  // Once a view: a fresh one (update) may ask again.
  if (out && !state.clockAsked) { state.clockAsked = true; catchUp(); }
}

// Once a second while the table has a clock.
export function startClock() {
  setInterval(function () { if (state.view && state.view.clock) renderClock(); }, 1000);
}

// The setup's decisions (mulligan, who plays first, the game's own choices), each seat's own.
export function renderSetup(view) {
  var box = document.getElementById("setup");
  box.textContent = "";
  if (view.status !== "setup" || replaying()) { box.hidden = true; return; }
  box.hidden = false;
  box.appendChild(el("h2", { text: gettext("Setup") }));
  if (L.setup) {
    // How the game's setup goes: folded on a narrow screen (the hand comes first), as left after.
    if (state.setupRulesOpen === undefined) state.setupRulesOpen = !narrow.matches;
    var how = el("details", { class: "setuprules", open: state.setupRulesOpen }, [
      el("summary", { text: gettext("How the setup goes") }),
      el("p", { class: "muted small", text: L.setup }),
    ]);
    how.addEventListener("toggle", function () { state.setupRulesOpen = how.open; });
    box.appendChild(how);
  }
  var waiting = [];
  view.seats.forEach(function (seat) {
    var pending = seat.pending || [];
    if (!pending.length) return;
    if (!mine(seat.seat)) { waiting.push(seatName(seat.seat)); return; }
    var part = el("div", { class: "decision", "data-seat": seat.seat });
    if (config.seats.length > 1) part.appendChild(el("h3", { text: seatName(seat.seat) }));
    if (pending.indexOf("mulligan") >= 0) {
      var max = L.mulligan && L.mulligan.max;
      var chosen = state.mulligan.filter(function (m) { return m.seat === seat.seat; }).map(function (m) { return m.instance; });
      part.appendChild(el("p", { text: max === null || max === undefined
        ? gettext("Mulligan: choose in your hand the cards to put back (none keeps the hand), then confirm.")
        : f(ngettext("Mulligan: choose in your hand up to %(max)s card to put back (none keeps the hand), then confirm.", "Mulligan: choose in your hand up to %(max)s cards to put back (none keeps the hand), then confirm.", max), { max: max }) }));
      part.appendChild(button(chosen.length ? f(ngettext("Put %(count)s card back", "Put %(count)s cards back", chosen.length), { count: chosen.length }) : gettext("Keep this hand"), function () {
        send("mulligan", { cards: chosen }, seat.seat).then(function (ok) { if (ok) state.mulligan = state.mulligan.filter(function (m) { return m.seat !== seat.seat; }); });
      }, { "data-decision": "mulligan" }));
    }
    if (pending.indexOf("first") >= 0) {
      part.appendChild(el("p", { text: gettext("You won the coin toss: choose who plays first.") }));
      var row = el("p", { class: "row" });
      row.appendChild(button(gettext("I play first"), function () { send("first", { first: seat.seat }, seat.seat); }));
      row.appendChild(button(gettext("I play second"), function () { send("first", { first: 3 - seat.seat }, seat.seat); }, { class: "secondary" }));
      part.appendChild(row);
    }
    L.choices.forEach(function (choice) {
      if (pending.indexOf(choice.decision) < 0) return;
      part.appendChild(el("p", { text: f(gettext("%(choice)s: choose a card of your %(zone)s (the Choose button on the card)."), { choice: choice.label || gettext("Choice"), zone: zoneLabel(choice.source) }) }));
    });
    box.appendChild(part);
  });
  if (waiting.length) box.appendChild(el("p", { class: "muted", text: f(gettext("Waiting for %(seats)s to decide."), { seats: waiting.join(", ") }) }));
}

// The result, or the one the engine proposes and a player confirms.
export function renderResult(view) {
  var box = document.getElementById("result");
  box.textContent = "";
  var proposal = view.proposal;
  var result = view.result;
  if (!proposal && !result) { box.hidden = true; return; }
  box.hidden = false;
  if (result) {
    box.appendChild(el("h2", { text: result.winner ? f(gettext("%(seat)s won"), { seat: seatName(result.winner) }) : gettext("The game ended in a draw") }));
    box.appendChild(el("p", { class: "muted", text: reasonWords(result.reason) }));
    if (!replaying()) box.appendChild(el("p", {}, [el("a", { href: config.page + "?at=0", class: "button secondary", text: gettext("Replay the game step by step") })]));
    return;
  }
  box.appendChild(el("p", { text: f(gettext("The game may be over: %(reason)s. %(seat)s wins if you confirm."), { reason: reasonWords(proposal.reason), seat: seatName(proposal.winner) }) }));
  if (config.seats.length && !replaying()) {
    box.appendChild(button(gettext("Confirm the result"), function () {
      if (window.confirm(f(gettext("Record that %(seat)s wins? The game ends."), { seat: seatName(proposal.winner) }))) {
        send("result", { winner: proposal.winner, reason: proposal.reason }, config.seats[0]);
      }
    }));
  }
}
function reasonWords(reason) {
  var words = {
    CONCEDED: gettext("by concession"), RECORDED: gettext("as a player recorded it"), DECK_OUT: gettext("a deck ran out"),
    DAMAGE: gettext("six damage"), LIFE_POINTS: gettext("no life points left"), POINTS: gettext("the points were reached"),
    NO_LIFE: gettext("no Life left"), DRAW: gettext("a draw"), TIME: gettext("a player ran out of time"),
    TURN_LIMIT: gettext("150 turns were played: a draw"),
    CHECKMATE: gettext("checkmate"), STALEMATE: gettext("stalemate"),
  };
  return words[reason] || reason || "";
}

// What no player decides alone: a claimed result, an undo, a search (rules.tables.fairness).
function answer(kind, seat, label, primary) {
  return button(label, function () { send(kind, {}, seat); }, { class: primary ? "small" : "secondary small", "data-kind": kind });
}
export function renderFair(view) {
  var box = document.getElementById("fair");
  if (!box) return;
  box.textContent = "";
  var live = !replaying() && !finished() && config.seats.length;
  var parts = [];
  var claim = view.claim;
  if (claim) {
    var words = claim.winner ? f(gettext("%(seat)s proposes the result: %(winner)s wins."), { seat: seatName(claim.seat), winner: seatName(claim.winner) })
      : f(gettext("%(seat)s proposes a draw."), { seat: seatName(claim.seat) });
    var row = el("p", { class: "row", "data-proposal": "result" }, [words + " "]);
    if (live && mine(3 - claim.seat)) {
      row.appendChild(answer("acceptResult", 3 - claim.seat, gettext("Accept the result"), true));
      row.appendChild(answer("refuseResult", 3 - claim.seat, gettext("Refuse"), false));
    } else if (live) row.appendChild(el("span", { class: "muted small", text: gettext("Waiting for the other player's answer.") }));
    parts.push(row);
  }
  var undo = view.undoRequest;
  if (undo) {
    var line = el("p", { class: "row", "data-proposal": "undo" }, [f(gettext("%(seat)s asks to undo event #%(seq)s."), { seat: seatName(undo.seat), seq: undo.seq }) + " "]);
    if (live && mine(3 - undo.seat)) {
      line.appendChild(answer("acceptUndo", 3 - undo.seat, gettext("Undo it"), true));
      line.appendChild(answer("refuseUndo", 3 - undo.seat, gettext("Refuse"), false));
    } else if (live) line.appendChild(el("span", { class: "muted small", text: gettext("Waiting for the other player's answer.") }));
    parts.push(line);
  }
  (view.searching || []).forEach(function (s) {
    parts.push(el("p", { class: "muted small" }, [mine(s.seat)
      ? f(gettext("%(seat)s is looking through their %(zone)s: move the card you look for, then shuffle it (the other player sees only that you searched)."), { seat: seatName(s.seat), zone: zoneLabel(s.zone) })
      : f(gettext("%(seat)s is looking through their %(zone)s."), { seat: seatName(s.seat), zone: zoneLabel(s.zone) })]));
  });
  // The free table's buttons (in rules mode the offered moves are the table's own buttons).
  if (live && playing() && config.mode !== "rules") {
    var acting = actingSeat();
    var actions = el("div", { class: "row fairactions" + (state.actionsOpen ? "" : " folded") });
    if (view.canUndo && !undo) actions.appendChild(button(gettext("Ask to undo the last move"), function () { send("undo", {}, acting); }, { class: "secondary small" }));
    if (!searching(acting, "deck")) actions.appendChild(button(gettext("Search my deck"), function () { send("search", { zone: "deck" }, acting); }, { class: "secondary small" }));
    var count = el("input", { type: "number", min: "1", max: "60", value: "1", class: "revealcount", "aria-label": gettext("How many cards to reveal") });
    actions.appendChild(el("span", { class: "row" }, [count, button(gettext("Reveal the top of my deck"), function () { send("reveal", { zone: "deck", count: Number(count.value) || 1 }, acting); }, { class: "secondary small" })]));
    parts.push(actions);
  }
  parts.forEach(function (part) { box.appendChild(part); });
  box.hidden = !parts.length;
}

// The replay: the table after event N, step by step (?at=N).
export function renderReplaybar() {
  var bar = document.getElementById("replaybar");
  bar.textContent = "";
  if (!replaying()) {
    if (state.lastSeq) bar.appendChild(el("a", { href: config.page + "?at=0", class: "small", text: gettext("Replay from the start") }));
    return;
  }
  var last = state.lastSeq;
  var at = state.replayAt;
  bar.appendChild(el("p", { text: f(gettext("Replay: after event %(at)s of %(last)s"), { at: at, last: last }) }));
  var row = el("div", { class: "row" });
  row.appendChild(button(gettext("Start"), function () { goTo(0); }, { class: "secondary small", disabled: at <= 0 }));
  row.appendChild(button(gettext("Previous"), function () { goTo(at - 1); }, { class: "secondary small", disabled: at <= 0 }));
  row.appendChild(button(gettext("Next"), function () { goTo(at + 1); }, { class: "small", disabled: at >= last }));
  row.appendChild(button(gettext("End"), function () { goTo(last); }, { class: "secondary small", disabled: at >= last }));
  row.appendChild(el("a", { href: config.page, class: "small", text: gettext("Back to the table") }));
  bar.appendChild(row);
}
function goTo(at) {
  at = Math.max(0, Math.min(at, state.lastSeq));
  getJSON(config.api + "?at=" + at).then(function (view) {
    state.replayAt = at;
    history.replaceState(null, "", config.page + "?at=" + at);
    document.querySelectorAll("#log li").forEach(function (li) { li.classList.toggle("future", Number(li.dataset.seq) > at); });
    state.view = view;
    redraw.all();
    root.dataset.seq = view.seq;
  });
}
