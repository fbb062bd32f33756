/* Talking to the server: moves go out by POST, the table's news comes in by its WebSocket, or by
 * polling the API while no socket is open.
 *
 * A move goes to POST /api/tables/{id}/events/ with the seq the page shows (expectedSeq); its answer
 * is shown at once (the events as the mover reads them, the new view and, in rules mode, the
 * intents); a 409 means the table moved on meanwhile: the page catches up. The other players' moves
 * arrive over the table's WebSocket (tables/consumers.py), cut to what the viewer may see. A dropped
 * socket opens again from the last seq held (nothing lost, nothing twice); while it is closed the
 * page reads GET /api/tables/{id}/ and its events/ every 2 s. A socket closed with 4503 (the studio's
 * channel layer failed: no move would come by socket) makes the page read the events API at once and
 * every 2 s, and try a socket again later, later each time while it fails; closed with 4403, the
 * viewer may not see the table any more.
 *
 * Solo play: the server plays a bot's whole turn at once (tables.services.table_bot_play, each move
 * announced as it commits), so its moves would reach the page as one burst. Whatever brings them
 * (the socket, a poll, a catch-up), the page shows a bot's moves one at a time, config.botPace ms
 * apart, as a person's would arrive; the viewer's own moves and everything else at once (receive).
 */
import { config, csrf, root, RULES } from "./config.js";
import { el, say } from "./dom.js";
import { gettext } from "./i18n.js";
import { appendLog } from "./log.js";
import { actingSeat, actingSeatOf, finished, redraw, replaying, state } from "./state.js";

export function getJSON(url) {
  return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } }).then(function (response) {
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  });
}

// The view and the events since the last seq held, read from the API: at the start, every 2 s while
// no socket is open, after a 409.
export function catchUp() {
  if (replaying()) return Promise.resolve();
  // The view first, then the events up to its seq (as the socket does).
  return getJSON(config.api).then(function (view) {
    return getJSON(config.api + "events/?since=" + heldSeq()).then(function (data) {
      var events = (data.events || []).filter(function (e) { return e.seq <= view.seq; });
      receive(events, view);
    });
  }).then(function () {
    // Read without the socket: the page is as fresh as its last read, not live.
    if (state.link !== "live" && state.link !== "paused") setLink(pollTimer ? "polling" : "connecting");
  }, function () { if (state.link !== "live") setLink("offline"); });
}

// A move for a seat (by default the acting one): a promise of true if the table took it, false if
// it refused it or could not be reached (the notice says why).
export function send(kind, payload, seat) {
  if (replaying() || state.busy || !config.seats.length) return Promise.resolve(false);
  // A move never waits for the bot's moves still to be shown: they are shown at once, and the move is
  // played from the latest state the page holds (not refused as played from an older one).
  showAll();
  if (finished() || !state.view) return Promise.resolve(false);
  var body = { kind: kind, expectedSeq: state.view.seq };
  Object.keys(payload || {}).forEach(function (key) { body[key] = payload[key]; });
  if (config.seats.length > 1) body.seat = seat || actingSeat();
  setBusy(true);
  state.answering = true; // the answer brings the intents: an update meanwhile asks none
  return fetch(config.api + "events/", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf },
    body: JSON.stringify(body),
  }).then(function (response) {
    setBusy(false);
    if (response.status === 201) {
      say("");
      // The answer is what this page shows next (the move as the mover reads it, the new view and,
      // in rules mode, the intents): nothing is asked again. The socket's update of the same move
      // changes nothing (each event once, the view by seq).
      return response.json().then(function (played) {
        state.answering = false;
        var mine = played.intents;
        var newer = played.view && (!state.view || played.view.seq >= state.view.seq);
        if (mine && newer && mine.seat === actingSeatOf(played.view)) {
          state.intents = mine.intents || [];
          state.intentsSeat = mine.seat;
          state.intentsSeq = mine.seq;
        }
        receive(played.events || [], played.view);
        if (!RULES) return true;
        // The socket may have brought this view first, drawn while the answer was awaited (without
        // moves): the answer's intents are drawn now.
        if (state.view && state.intentsSeq === state.view.seq && state.movesDrawn !== state.intentsSeq + ":" + state.intentsSeat) redraw.moves();
        // The answer brought no intents for the seat that acts now (another seat of a hot seat
        // answers the move, or the table moved on before this answer came: the bot answered at
        // once), and the updates that came meanwhile asked none: they are asked now.
        refreshIntents();
        return true;
      }, function () { catchUp(); return true; });
    }
    if (response.status === 409) {
      say(gettext("The table moved on meanwhile: it shows the latest state now; make your move again if it still applies."), "warn");
      catchUp();
      return false;
    }
    return response.json().then(function (data) {
      var finding = data.errors && data.errors[0];
      say((data.detail || (finding && finding.message) || gettext("The table refused this move.")), "error");
      return false;
    }, function () {
      say(gettext("The move could not be sent; try again."), "error");
      return false;
    });
  }, function () {
    setBusy(false);
    say(gettext("The move could not be sent: the studio cannot be reached. Try again."), "error");
    return false;
  }).then(function (sent) {
    if (state.answering) { state.answering = false; if (RULES) refreshIntents(); } // no answer to read
    return sent;
  });
}

// One move at a time: while one is on its way the table is busy (aria-busy) and its buttons take no
// click (table.css), so a click is never dropped unseen by send(). The other seat's buttons of a hot
// seat are drawn by the socket's update of the move, often before its answer comes.
function setBusy(busy) {
  state.busy = busy;
  if (busy) root.setAttribute("aria-busy", "true");
  else root.removeAttribute("aria-busy");
}

// Rules mode: the intents of the acting seat at the view's seq, asked again after each update. A
// request that fails (the studio busy: a 503, the network) is asked again, later each time, while the
// view stays at that seq: the page never stays without its moves.
function refreshIntents(attempt) {
  if (!RULES || replaying() || !config.seats.length || !state.view || state.answering) return;
  var seq = state.view.seq;
  var seat = actingSeat();
  if (state.intentsSeq === seq && state.intentsSeat === seat) return; // a move's answer brought them
  var url = config.intents + (config.seats.length > 1 && seat ? "?seat=" + seat : "");
  getJSON(url).then(function (data) {
    if (!state.view || data.seq !== state.view.seq) return; // an older answer: a newer one follows
    state.intents = data.intents || [];
    state.intentsSeat = data.seat;
    state.intentsSeq = seq;
    redraw.moves();
  }).catch(function () {
    var tries = (attempt || 0) + 1;
    setTimeout(function () {
      if (state.view && state.view.seq === seq) refreshIntents(tries);
    }, Math.min(10000, 500 * Math.pow(2, tries - 1)));
  });
}

// Rules mode: an offered move, sent as the rules gave it (but for its label).
export function sendIntent(intent) {
  var payload = {};
  Object.keys(intent).forEach(function (key) { if (key !== "kind" && key !== "label") payload[key] = intent[key]; });
  return send(intent.kind, payload, state.intentsSeat);
}

// The connection indicator says what the page does now: live (the socket open and answering),
// reading the table every 2 s (no socket), or cut off (the last read failed). "Live" only once the
// socket has brought a message, and no longer once it has been silent for config.silenceMs (the
// studio's TABLE_SOCKET_SILENCE_SECONDS; it pings every TABLE_SOCKET_PING_SECONDS meanwhile).
export function setLink(link) {
  var node = document.getElementById("live");
  // Said already: the indicator stays as drawn (each poll says "not live" again, every 2 s).
  if (state.link === link && node.dataset.link === link) return;
  state.link = link;
  // A word (all a phone shows) and the sentence that says it.
  var words = {
    connecting: [gettext("Connecting…"), gettext("Connecting…")],
    live: [gettext("Live"), config.hotSeat ? gettext("Live: every move is kept as it is played.")
      : config.seats.length ? gettext("Live: the other player's moves appear as they are played.")
      : gettext("Live: the moves appear as they are played.")],
    polling: [gettext("Not live"), gettext("Not live: the table is read again every 2 seconds.")],
    paused: [gettext("Not live"), gettext("Live updates are paused: the table is read every 2 seconds.")],
    offline: [gettext("Cut off"), gettext("The table cannot be reached: it tries again.")],
    closed: [gettext("Closed"), gettext("You may not see this table any more.")],
  }[link] || ["", ""];
  node.dataset.link = link;
  node.textContent = "";
  node.title = words[1];
  node.appendChild(el("span", { class: "linkword", text: words[0] }));
  node.appendChild(el("span", { class: "linkmore", text: words[1] }));
}

// Asks the open socket for any event it has not sent yet; false when there is none open.
function ping() {
  var socket = state.socket;
  if (!state.open || !socket || socket.readyState !== 1) return false;
  socket.send(JSON.stringify({ type: "ping" }));
  return true;
}

let pollTimer = null;
// The table's socket, opened again from the last seq held whenever it drops; the polls meanwhile.
export function connect() {
  if (replaying() || !window.WebSocket) { startPolling(); return; }
  var scheme = location.protocol === "https:" ? "wss://" : "ws://";
  var socket = new WebSocket(scheme + location.host + config.ws + "?since=" + heldSeq());
  state.socket = socket;
  if (!state.link) setLink("connecting");
  socket.onopen = function () {
    state.open = true;
    state.heard = Date.now();
    // Now and then a ping: the server sends any move whose announce did not reach this process,
    // and answers (pong). A socket silent for too long is closed: the page reads by polls again.
    clearInterval(state.pinger);
    state.pinger = setInterval(function () {
      if (Date.now() - state.heard > config.silenceMs) { socket.close(); return; }
      ping();
    }, config.pingMs);
    state.retries = 0;
    // A socket that stays open is a layer that works again.
    clearTimeout(state.steady);
    state.steady = setTimeout(function () { state.layerDown = 0; }, 30000);
  };
  socket.onmessage = function (message) {
    var data;
    try { data = JSON.parse(message.data); } catch (e) { return; }
    state.heard = Date.now();
    if (state.socket === socket && state.link !== "live") { stopPolling(); setLink("live"); }
    if (data.type === "update") receive(data.events || [], data.view);
  };
  socket.onclose = function (event) {
    state.open = false;
    clearInterval(state.pinger);
    clearTimeout(state.steady);
    if (state.socket !== socket) return;
    if (event.code === 4403) {
      setLink("closed");
      return;
    }
    if (event.code === 4503) {
      // The studio's channel layer failed: the page reads the moves itself, from now on.
      state.layerDown += 1;
      setLink("paused");
      catchUp();
      startPolling();
      setTimeout(connect, Math.min(60000, 5000 * Math.pow(2, state.layerDown - 1)));
      return;
    }
    setLink("polling");
    startPolling();
    state.retries += 1;
    setTimeout(connect, Math.min(10000, 300 * Math.pow(2, state.retries)));
  };
}
function startPolling() {
  if (pollTimer || replaying()) return;
  pollTimer = setInterval(catchUp, config.pollMs || 2000); // the studio's TABLE_POLL_SECONDS
}
function stopPolling() { clearInterval(pollTimer); pollTimer = null; }

// What the page received and has not shown yet, in seq order: steps of {events, view, paced}, a
// bot's move a step of its own (paced: shown botPace ms after the bot's previous one), the other
// events together. Each event is held once (those up to heldSeq() are dropped), a view only if it
// is not older than the newest held, so the steps are shown in the order the table played them.
const waiting = [];
let paceTimer = null;
let botShownAt = 0;

// The last seq the page holds, shown or waiting to be.
function heldSeq() {
  for (var i = waiting.length - 1; i >= 0; i--) {
    var events = waiting[i].events;
    if (events.length) return events[events.length - 1].seq;
  }
  return state.lastSeq;
}

function newestView() {
  for (var i = waiting.length - 1; i >= 0; i--) if (waiting[i].view) return waiting[i].view;
  return state.view;
}

// A move of a seat a bot plays (solo play), not one the viewer plays.
function botMove(event, view) {
  if (!event.seat || config.seats.indexOf(event.seat) >= 0) return false;
  var seats = ((view || state.view) || {}).seats || [];
  return seats.some(function (seat) { return seat.seat === event.seat && !!seat.bot; });
}

// An update from the server (the socket, the API, a move's answer): shown at once, but for a bot's
// moves, shown one at a time. The first view (the page's load) and a replay: at once.
export function receive(events, view) {
  if (replaying()) { update(events, view); return; }
  var held = heldSeq();
  var newest = newestView();
  if (view && newest && view.seq < newest.seq) view = null; // older than what the page holds
  var pace = state.view ? config.botPace || 0 : 0;
  var steps = [];
  var step = null;
  events.forEach(function (event) {
    if (event.seq <= held) return;
    var paced = pace > 0 && botMove(event, view);
    if (!step || paced || step.paced) {
      step = { events: [], view: null, paced: paced };
      steps.push(step);
    }
    step.events.push(event);
  });
  if (view) {
    if (steps.length) steps[steps.length - 1].view = view;
    else steps.push({ events: [], view: view, paced: false });
  }
  if (!steps.length) return;
  Array.prototype.push.apply(waiting, steps);
  showDue();
  // More of the bot's moves to show after the one shown (whose intents the table answers for a
  // later seq, never this one's): the bot is playing.
  if (waiting.length && state.view && state.intentsSeq !== state.view.seq && botPlaying()) redraw.moves();
}

// While a bot's moves wait to be shown the viewer has nothing to play (their moves are asked once the
// last is shown): no intents at the view shown. False when no intents are asked here.
function botPlaying() {
  if (!RULES || !config.seats.length || !state.view) return false;
  state.intents = [];
  state.intentsSeat = actingSeatOf(state.view);
  state.intentsSeq = state.view.seq;
  return true;
}

// Shows the steps waiting, up to a bot's move that is not due yet (then again when it is). A page
// nobody looks at shows them at once: a hidden tab's timers are slowed to one a minute.
function showDue() {
  clearTimeout(paceTimer);
  paceTimer = null;
  while (waiting.length) {
    var step = waiting[0];
    if (step.paced && !document.hidden) {
      var due = botShownAt + (config.botPace || 0) - Date.now();
      if (due > 0) { paceTimer = setTimeout(showDue, due); break; }
    }
    if (step.paced) botShownAt = Date.now();
    waiting.shift();
    update(step.events, step.view);
  }
  markWaiting();
}

// Every step waiting, shown now (the viewer plays a move).
function showAll() {
  clearTimeout(paceTimer);
  paceTimer = null;
  while (waiting.length) {
    var step = waiting.shift();
    update(step.events, step.view);
  }
  markWaiting();
}

// The steps received and not shown yet, on the table's element (data-waiting).
function markWaiting() { root.dataset.waiting = waiting.length; }

// Each event once, in order: those after the last seq held are added, the view replaces the old one.
export function update(events, view) {
  // The view first: the log names the players it seats. A view of the seq shown that differs only by
  // its clock (a poll, the socket's update of the mover's own move) sets the clock and redraws
  // nothing: the buttons stay the same elements (a click or a half-typed value is not lost).
  var fresh = view && (!state.view || view.seq > state.view.seq || (view.seq === state.view.seq && !sameBut(view, state.view, "clock")));
  if (view && !fresh && state.view && view.seq === state.view.seq && !replaying()) {
    state.view = view;
    state.clockAt = Date.now();
    state.clockAsked = false;
  }
  if (fresh && !replaying()) { state.view = view; state.clockAt = Date.now(); state.clockAsked = false; }
  events.forEach(function (event) {
    if (event.seq > state.lastSeq) {
      state.events.push(event);
      state.lastSeq = event.seq;
      appendLog(event);
    }
  });
  if (fresh && !replaying()) {
    if (view.status !== "setup") state.mulligan = [];
    if (waiting.length) botPlaying();
    redraw.all();
    if (RULES) refreshIntents();
  }
  if (!replaying()) root.dataset.seq = state.view ? state.view.seq : 0;
}

// Two views alike but for one key (both as the server serialized them: the same keys in the same order).
function sameBut(one, other, key) {
  var a = Object.assign({}, one), b = Object.assign({}, other);
  delete a[key];
  delete b[key];
  return JSON.stringify(a) === JSON.stringify(b);
}
