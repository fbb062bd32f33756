/* A playtest table: the viewer's view from the API, each move over the table's WebSocket.
 *
 * The page holds no card the viewer may not see: everything shown comes from GET /api/tables/{id}/
 * and the socket's updates (tables/consumers.py), both cut to what the viewer may see. Moves go to
 * POST /api/tables/{id}/events/ with the seq the page shows (expectedSeq); a 409 means the table moved
 * on meanwhile: the page catches up. A dropped socket opens again from the last seq held (nothing lost,
 * nothing twice); while it is closed the page asks the events API instead. A socket closed with 4503
 * (the studio's channel layer failed: no move would come by socket) makes the page read the events
 * API at once and every 2 s, and try a socket again later, later each time while it fails.
 */
(function () {
  "use strict";

  var root = document.getElementById("table");
  var configNode = document.getElementById("table-config");
  if (!root || !configNode) return;
  var config = JSON.parse(configNode.textContent);
  var L = config.labels;
  var csrf = root.dataset.csrf;

  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  var interpolate = window.interpolate || function (s, o) {
    return s.replace(/%\((\w+)\)s/g, function (_, k) { return o[k]; });
  };
  function f(text, values) { return interpolate(text, values, true); }

  // A card in the reader's language: the server gives each card the viewer may see its names by language
  // when it has current (VALIDATED, not stale) translations (tables.selectors.with_translated_names);
  // the page shows its reader's (config.language), the source name ("name") one click away (the zoom).
  var READER = config.language || (document.documentElement.lang || "").split("-")[0];
  function translatedName(card) { return (card && card.names && card.names[READER]) || ""; }
  function cardName(card) { return translatedName(card) || (card && card.name) || ""; }
  function nameLang(card) { return translatedName(card) ? READER : (card && card.language) || null; }

  var state = {
    view: null,
    events: [],
    lastSeq: 0,
    replayAt: config.replayAt,
    selected: null, // {instance, owner, zone, name}
    mulligan: [],
    shown: null, // the side shown on a narrow screen
    socket: null,
    open: false,
    retries: 0,
    layerDown: 0, // sockets closed in a row because the channel layer failed (4503)
    busy: false,
    // Rules mode: the moves the rules allow the acting seat now (GET intents/), each sent as is.
    intents: [],
    intentsSeq: -1,
    link: "", // what the connection indicator says: connecting, live, polling, offline, closed
    heard: 0, // when the socket last brought a message
    actionsOpen: false, // the folded buttons of a narrow screen, opened
  };
  var RULES = config.mode === "rules";
  // A narrow screen (a phone): the cards first, the buttons folded.
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 640px)") : { matches: false };

  // --- small helpers ---------------------------------------------------------------------------
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === "text") node.textContent = value;
        else if (key === "on") Object.keys(value).forEach(function (name) { node.addEventListener(name, value[name]); });
        else if (key === "dataset") Object.keys(value).forEach(function (name) { node.dataset[name] = value[name]; });
        else node.setAttribute(key, value === true ? "" : value);
      });
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function zoneLabel(key) { return (L.zones[key] && L.zones[key].label) || key; }
  function counterLabel(key) { return (L.counters[key] && L.counters[key].label) || key; }
  function stepLabel(key) {
    for (var i = 0; i < L.steps.length; i++) if (L.steps[i].key === key) return L.steps[i].label;
    return key || "";
  }
  function seatData(number) {
    if (!state.view) return null;
    for (var i = 0; i < state.view.seats.length; i++) if (state.view.seats[i].seat === number) return state.view.seats[i];
    return null;
  }
  function seatName(number) {
    var seat = seatData(number);
    var who = seat && seat.user ? (typeof seat.user === "object" ? seat.user.username || seat.user.name : seat.user) : "";
    return who ? f(gettext("%(name)s (seat %(seat)s)"), { name: who, seat: number }) : f(gettext("Seat %(seat)s"), { seat: number });
  }
  function mine(number) { return config.seats.indexOf(number) >= 0; }
  function playing() { return state.view && state.view.status === "playing"; }
  function finished() { return state.view && state.view.status === "finished"; }
  function replaying() { return state.replayAt !== null && state.replayAt !== undefined; }
  function faceUrl(card, dpi) {
    // The face of the version the table was dealt (through the table), else the card's current one.
    // In the reader's language where the card has a validated translation of that version (the table's
    // route falls back to the face it was dealt otherwise).
    if (card.face) return card.face + "?dpi=" + dpi + (config.faceLang ? "&lang=" + encodeURIComponent(config.faceLang) : "");
    return config.faceUrl.replace("{id}", encodeURIComponent(card.stableCardId)) + "?dpi=" + dpi + (card.version ? "&version=" + encodeURIComponent(card.version) : "");
  }
  // The seat the viewer acts for: theirs; in hot seat the one whose turn it is, or whose setup decision is due.
  function actingSeat() {
    if (config.seats.length === 1) return config.seats[0];
    if (!config.seats.length || !state.view) return null;
    if (state.view.turn && state.view.turn.seat && state.view.status === "playing") return state.view.turn.seat;
    for (var i = 0; i < state.view.seats.length; i++) {
      if ((state.view.seats[i].pending || []).length) return state.view.seats[i].seat;
    }
    return config.seats[0];
  }
  function pendingOf(number) { var seat = seatData(number); return (seat && seat.pending) || []; }

  var noticeTimer = null;
  function say(text, kind) {
    var notice = document.getElementById("notice");
    notice.textContent = text;
    notice.className = "notice " + (kind || "");
    notice.hidden = !text;
    clearTimeout(noticeTimer);
    if (text) noticeTimer = setTimeout(function () { notice.hidden = true; }, 8000);
  }

  // --- talking to the server -------------------------------------------------------------------
  function getJSON(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    });
  }

  function catchUp() {
    if (replaying()) return Promise.resolve();
    // The view first, then the events up to its seq (as the socket does).
    return getJSON(config.api).then(function (view) {
      return getJSON(config.api + "events/?since=" + state.lastSeq).then(function (data) {
        var events = (data.events || []).filter(function (e) { return e.seq <= view.seq; });
        update(events, view);
      });
    }).then(function () {
      // Read without the socket: the page is as fresh as its last read, not live.
      if (state.link !== "live" && state.link !== "paused") setLink(pollTimer ? "polling" : "connecting");
    }, function () { if (state.link !== "live") setLink("offline"); });
  }

  function send(kind, payload, seat) {
    if (replaying() || finished() || state.busy || !state.view || !config.seats.length) return Promise.resolve(false);
    var body = { kind: kind, expectedSeq: state.view.seq };
    Object.keys(payload || {}).forEach(function (key) { body[key] = payload[key]; });
    if (config.seats.length > 1) body.seat = seat || actingSeat();
    state.busy = true;
    return fetch(config.api + "events/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
    }).then(function (response) {
      state.busy = false;
      if (response.status === 201) {
        say("");
        // The move shows at once on the page that made it, its announce lost or not: the socket's
        // ping brings any event it has not sent yet (each once), the poll reads it without a socket.
        if (!ping()) catchUp();
        return true;
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
      state.busy = false;
      say(gettext("The move could not be sent: the studio cannot be reached. Try again."), "error");
      return false;
    });
  }

  // Rules mode: the intents of the acting seat at the view's seq, asked again after each update.
  function refreshIntents() {
    if (!RULES || replaying() || !config.seats.length || !state.view) return;
    var seq = state.view.seq;
    var seat = actingSeat();
    var url = config.intents + (config.seats.length > 1 && seat ? "?seat=" + seat : "");
    getJSON(url).then(function (data) {
      if (!state.view || data.seq !== state.view.seq) return; // an older answer: a newer one follows
      state.intents = data.intents || [];
      state.intentsSeat = data.seat;
      state.intentsSeq = seq;
      renderTurnbar(state.view);
      renderSelection();
    }).catch(function () { state.intents = []; });
  }
  function offered(kind) {
    if (!state.view || state.intentsSeq !== state.view.seq) return [];
    return state.intents.filter(function (intent) { return intent.kind === kind; });
  }
  function sendIntent(intent) {
    var payload = {};
    Object.keys(intent).forEach(function (key) { if (key !== "kind" && key !== "label") payload[key] = intent[key]; });
    return send(intent.kind, payload, state.intentsSeat);
  }

  // The connection indicator says what the page does now: live (the socket open and answering),
  // reading the table every 2 s (no socket), or cut off (the last read failed). "Live" only once the
  // socket has brought a message, and no longer once it has been silent for SILENCE ms.
  var SILENCE = 15000;
  function setLink(link) {
    state.link = link;
    var node = document.getElementById("live");
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

  var pollTimer = null;
  function connect() {
    if (replaying() || !window.WebSocket) { startPolling(); return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + config.ws + "?since=" + state.lastSeq);
    state.socket = socket;
    if (!state.link) setLink("connecting");
    socket.onopen = function () {
      state.open = true;
      state.heard = Date.now();
      // Now and then a ping: the server sends any move whose announce did not reach this process,
      // and answers (pong). A socket silent for too long is closed: the page reads by polls again.
      clearInterval(state.pinger);
      state.pinger = setInterval(function () {
        if (Date.now() - state.heard > SILENCE) { socket.close(); return; }
        ping();
      }, 5000);
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
      if (data.type === "update") update(data.events || [], data.view);
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
    pollTimer = setInterval(catchUp, 2000);
  }
  function stopPolling() { clearInterval(pollTimer); pollTimer = null; }

  // Each event once, in order: those after the last seq held are added, the view replaces the old one.
  function update(events, view) {
    // The view first: the log names the players it seats.
    var fresh = view && (!state.view || view.seq >= state.view.seq);
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
      render();
      if (RULES) refreshIntents();
    }
    if (!replaying()) root.dataset.seq = state.view ? state.view.seq : 0;
  }

  // --- the log, in words -----------------------------------------------------------------------
  function cardWords(moved) {
    if (moved && moved.name) return cardName(moved);
    return gettext("a hidden card");
  }
  function describe(event) {
    var who = event.seat ? seatName(event.seat) : gettext("The table");
    var p = event.payload || {};
    var moved = event.moved || [];
    var did = event.did || [];
    var first = moved[0];
    var card = event.card ? cardName(event.card) : first ? cardWords(first) : gettext("a card");
    var on = did.length && did[0].on;
    switch (event.kind) {
      case "mulligan":
        return p.count ? f(ngettext("%(who)s put %(count)s card back and drew again", "%(who)s put %(count)s cards back and drew again", p.count), { who: who, count: p.count })
          : f(gettext("%(who)s kept their hand"), { who: who });
      case "first": return f(gettext("%(who)s chose who plays first: %(seat)s"), { who: who, seat: seatName(p.first) });
      case "choose": return f(gettext("%(who)s chose %(card)s"), { who: who, card: card });
      case "draw": return f(ngettext("%(who)s drew %(count)s card", "%(who)s drew %(count)s cards", p.count || 1), { who: who, count: p.count || 1 });
      case "move":
        if (!first) return f(gettext("%(who)s moved a card"), { who: who });
        return f(first.faceDown ? gettext("%(who)s moved %(card)s from %(from)s to %(to)s, face down") : gettext("%(who)s moved %(card)s from %(from)s to %(to)s"),
          { who: who, card: cardWords(first), from: zoneLabel(first.from), to: zoneLabel(first.to) });
      case "tap": return f(on ? gettext("%(who)s tapped %(card)s") : gettext("%(who)s untapped %(card)s"), { who: who, card: card });
      case "untapAll": return f(gettext("%(who)s untapped all their cards"), { who: who });
      case "flip": return f(on ? gettext("%(who)s turned %(card)s face down") : gettext("%(who)s turned %(card)s face up"), { who: who, card: card });
      case "reveal":
        if (p.zone) return f(ngettext("%(who)s revealed the top card of their %(zone)s", "%(who)s revealed the top %(count)s cards of their %(zone)s", p.count || 1), { who: who, count: p.count || 1, zone: zoneLabel(p.zone) });
        return f(gettext("%(who)s revealed %(card)s"), { who: who, card: card });
      case "search": return f(ngettext("%(who)s searched their %(zone)s (%(count)s card)", "%(who)s searched their %(zone)s (%(count)s cards)", (did[0] && did[0].count) || 0), { who: who, zone: zoneLabel(p.zone), count: (did[0] && did[0].count) || 0 });
      case "acceptResult": return f(gettext("%(who)s accepted the proposed result"), { who: who });
      case "refuseResult": return f(gettext("%(who)s refused the proposed result"), { who: who });
      case "undo": return f(gettext("%(who)s asks to undo event #%(seq)s"), { who: who, seq: did[0] ? did[0].seq : "?" });
      case "acceptUndo": return f(gettext("%(who)s agreed: event #%(seq)s is undone"), { who: who, seq: did[0] ? did[0].seq : "?" });
      case "refuseUndo": return f(gettext("%(who)s refused the undo"), { who: who });
      case "shuffle": return f(gettext("%(who)s shuffled their %(zone)s"), { who: who, zone: zoneLabel(p.zone) });
      case "counter": return f(gettext("%(who)s set %(counter)s to %(value)s"), { who: who, counter: counterLabel(p.key), value: p.value });
      case "note": return f(gettext("%(who)s noted: %(text)s"), { who: who, text: p.text });
      case "step": return f(gettext("%(who)s went on to the next step"), { who: who });
      case "endTurn": return f(gettext("%(who)s ended their turn"), { who: who });
      case "driveCheck": return f(ngettext("%(who)s made %(count)s drive check", "%(who)s made %(count)s drive checks", (did[0] && did[0].count) || 1), { who: who, count: (did[0] && did[0].count) || 1 });
      case "piece": return f(gettext("%(who)s moved a piece from %(from)s to %(to)s"), { who: who, from: p.from, to: p.to });
      case "concede": return f(gettext("%(who)s conceded"), { who: who });
      // The table rolls and tosses (from its seed): the log says what came up.
      case "roll": return f(gettext("%(who)s rolled a %(sides)s-sided die: %(value)s"), { who: who, sides: (did[0] && did[0].sides) || p.sides || 6, value: did[0] ? did[0].value : "?" });
      case "coin": return f(did[0] && did[0].side === "heads" ? gettext("%(who)s tossed a coin: heads") : gettext("%(who)s tossed a coin: tails"), { who: who });
      case "timeout": return f(gettext("%(who)s ran out of time"), { who: who });
      case "result":
        // A claim the other seat answers, or the engine's own end confirmed (it ends the game).
        if (did[0] && did[0].what === "claim") {
          return p.winner ? f(gettext("%(who)s proposes the result: %(winner)s wins"), { who: who, winner: seatName(p.winner) })
            : f(gettext("%(who)s proposes a draw"), { who: who });
        }
        return p.winner ? f(gettext("%(who)s recorded the result: %(winner)s wins"), { who: who, winner: seatName(p.winner) })
          : f(gettext("%(who)s recorded a draw"), { who: who });
    }
    // A game's own move: the line its declaration gives (labels.ruleMoves, labels.freeMoves).
    var declared = gameMove(event.kind);
    if (declared && declared.log) return f(declared.log, { who: who, card: card, from: zoneLabel(p.from), to: zoneLabel(p.to) });
    return f(gettext("%(who)s: %(kind)s"), { who: who, kind: declared ? declared.label : event.kind });
  }
  function describeDid(item) {
    switch (item.what) {
      case "noDraw": return gettext("no draw on the first player's first turn");
      case "schedule": return f(gettext("%(counter)s set to %(value)s"), { counter: counterLabel(item.counter), value: item.value });
      case "channel": return f(ngettext("%(count)s rune channelled", "%(count)s runes channelled", item.count), { count: item.count });
      case "burnOut": return f(gettext("burn out: %(seat)s's discard is shuffled into their deck, the opponent scores"), { seat: seatName(item.seat) });
      case "deckOut": return f(gettext("%(seat)s cannot draw: their deck is empty"), { seat: seatName(item.seat) });
      case "proposal": return gettext("the game may be over: confirm the result");
      case "life": return f(gettext("%(seat)s takes a Life card into their hand"), { seat: seatName(item.seat) });
      case "destroyed": return item.to === "banished" ? gettext("a unit is destroyed and banished") : gettext("a unit is destroyed");
      case "hit": return item.perfect ? "" : f(gettext("hit: %(power)s against %(defence)s"), item);
      case "miss": return item.perfect ? gettext("the attack is cancelled (perfect guard)") : f(gettext("no hit: %(power)s against %(defence)s"), item);
    }
    return "";
  }
  // A game's own move as it declares it (labels.ruleMoves, labels.freeMoves): its label and log line.
  function gameMove(kind) {
    var moves = (L.ruleMoves || []).concat(L.freeMoves || []);
    for (var i = 0; i < moves.length; i++) if (moves[i].kind === kind) return moves[i];
    return null;
  }
  function appendLog(event) {
    var list = document.getElementById("log");
    var extras = [];
    var drew = (event.moved || []).filter(function (m) { return m.from === "deck" && m.to === "hand"; }).length;
    if ((event.kind === "step" || event.kind === "endTurn") && drew) {
      extras.push(f(ngettext("%(count)s card drawn", "%(count)s cards drawn", drew), { count: drew }));
    }
    (event.did || []).forEach(function (item) { var words = describeDid(item); if (words) extras.push(words); });
    var item = el("li", { "data-seq": event.seq }, [
      el("a", { href: config.page + "?at=" + event.seq, class: "seq", title: gettext("See the table after this event"), text: "#" + event.seq }),
      " ",
      describe(event) + (extras.length ? " (" + extras.join("; ") + ")" : ""),
    ]);
    if (replaying() && event.seq > state.replayAt) item.classList.add("future");
    list.appendChild(item);
    if (!replaying()) list.scrollTop = list.scrollHeight;
  }

  // --- the table ---------------------------------------------------------------------------------
  function render() {
    var view = state.view;
    if (!view) return;
    renderStatus(view);
    renderClock();
    renderTurnbar(view);
    renderSetup(view);
    renderResult(view);
    renderFair(view);
    renderBoard(view);
    renderSelection();
    renderReplaybar();
  }

  function renderStatus(view) {
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
  function renderClock() {
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
  setInterval(function () { if (state.view && state.view.clock) renderClock(); }, 1000);

  function button(label, handler, attrs) {
    var data = { type: "button", on: { click: handler } };
    Object.keys(attrs || {}).forEach(function (key) { data[key] = attrs[key]; });
    return el("button", data, [label]);
  }

  function renderTurnbar(view) {
    var bar = document.getElementById("turnbar");
    bar.textContent = "";
    var acting = actingSeat();
    var myTurn = playing() && view.turn.seat === acting && mine(acting);
    var steps = el("ol", { class: "steps", "aria-label": gettext("Steps of the turn") });
    L.steps.forEach(function (step, index) {
      var current = playing() && index === view.turn.stepIndex;
      var next = myTurn && index === view.turn.stepIndex + 1 && !replaying();
      var item = el("li", { class: current ? "current" : index < view.turn.stepIndex && playing() ? "done" : "", "aria-current": current ? "step" : null, title: step.note || null });
      if (next && (!RULES || offered("step").length)) item.appendChild(button(step.label, function () { send("step"); }, { class: "secondary small", title: gettext("Next step (n)") }));
      else item.appendChild(el("span", { text: step.label }));
      steps.appendChild(item);
    });
    bar.appendChild(steps);
    if (replaying() || !config.seats.length || finished()) return;
    // On a narrow screen the game's moves stay in sight and the rest (the table's talk and luck,
    // conceding, a note) folds behind one button (the cards come first); it stays as left.
    var more;
    var fold = button(gettext("More moves"), function () {
      state.actionsOpen = !state.actionsOpen;
      fold.setAttribute("aria-expanded", state.actionsOpen ? "true" : "false");
      more.classList.toggle("folded", !state.actionsOpen);
      renderFair(state.view);
    }, { class: "secondary small foldtoggle", "aria-expanded": state.actionsOpen ? "true" : "false", "aria-controls": "table-actions" });
    var actions;
    if (RULES) {
      actions = ruleActions(acting);
      more = splitFold(actions, function (child) {
        var kind = child.dataset ? child.dataset.kind : "";
        // The open battle's line stays in sight with the game's moves.
        return kind ? FOLDED_KINDS.indexOf(kind) < 0 : child.tagName === "SPAN" || child.classList.contains("battle");
      });
      bar.appendChild(fold);
      bar.appendChild(actions);
      bar.appendChild(more);
      return;
    }
    actions = el("div", { class: "row actions" });
    var canPlay = playing() && mine(acting);
    // The Draw step draws by itself: this draw is an extra one (a card effect), never the primary button.
    actions.appendChild(button(gettext("Draw"), function () { send("draw", { count: 1 }); }, { class: "secondary", disabled: !canPlay, "aria-keyshortcuts": "d", title: gettext("Draw a card (d)") }));
    actions.appendChild(button(gettext("Untap all"), function () { send("untapAll"); }, { class: "secondary", disabled: !canPlay, "aria-keyshortcuts": "u", title: gettext("Untap all your cards (u)") }));
    actions.appendChild(button(gettext("Next step"), function () { send("step"); }, { class: "secondary", disabled: !myTurn || view.turn.stepIndex + 1 >= L.steps.length, "aria-keyshortcuts": "n", title: gettext("Next step (n)"), "data-keep": "1" }));
    actions.appendChild(button(gettext("End turn"), function () { send("endTurn"); }, { disabled: !myTurn, "aria-keyshortcuts": "e", title: gettext("End the turn (e)"), "data-keep": "1" }));
    actions.appendChild(button(gettext("Shuffle the deck"), function () { send("shuffle", { zone: "deck" }); }, { class: "secondary", disabled: !canPlay }));
    // The game's own free moves that take nothing (vanguard's drive check), from its declaration.
    (L.freeMoves || []).forEach(function (move) {
      if (move.params.length) return;
      actions.appendChild(button(move.label, function () { send(move.kind); }, { class: "secondary", disabled: !myTurn, "data-kind": move.kind }));
    });
    // A die and a coin: the table draws them (no player chooses), whoever asks, whenever.
    actions.appendChild(button(gettext("Roll a die"), function () { send("roll", { sides: 6 }, acting); }, { class: "secondary" }));
    actions.appendChild(button(gettext("Toss a coin"), function () { send("coin", {}, acting); }, { class: "secondary" }));
    actions.appendChild(button(gettext("Concede"), function () {
      if (window.confirm(gettext("Concede this game? The other player wins; this cannot be undone."))) send("concede", {}, acting);
    }, { class: "danger" }));
    var result = el("span", { class: "row recordresult" });
    var select = el("select", { "aria-label": gettext("Result to record") }, [
      el("option", { value: "1", text: f(gettext("%(seat)s wins"), { seat: seatName(1) }) }),
      el("option", { value: "2", text: f(gettext("%(seat)s wins"), { seat: seatName(2) }) }),
      el("option", { value: "", text: gettext("A draw") }),
    ]);
    result.appendChild(select);
    result.appendChild(button(gettext("Propose the result"), function () {
      var winner = select.value;
      var words = winner ? f(gettext("Propose that %(seat)s wins? The other player accepts or refuses."), { seat: seatName(Number(winner)) }) : gettext("Propose a draw? The other player accepts or refuses.");
      if (!window.confirm(words)) return;
      send("result", winner ? { winner: Number(winner), reason: "RECORDED" } : { reason: "DRAW" }, acting);
    }, { class: "secondary small" }));
    actions.appendChild(result);
    // A note for the log (a ruling to check, why a move was made): every player's, kept in the replay.
    var note = el("form", { class: "row tablenote" });
    var input = el("input", { type: "text", maxlength: "500", "aria-label": gettext("A note for the log"), placeholder: gettext("A note for the log") });
    note.appendChild(input);
    note.appendChild(el("button", { type: "submit", class: "secondary small", text: gettext("Add the note") }));
    note.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = input.value.trim();
      if (!text) return;
      send("note", { text: text }, acting).then(function (done) { if (done) input.value = ""; });
    });
    actions.appendChild(note);
    more = splitFold(actions, function (child) { return child.dataset && child.dataset.keep === "1"; });
    bar.appendChild(fold);
    bar.appendChild(actions);
    bar.appendChild(more);
  }
  // The moves of the table's talk and luck (rules.tables.fairness): folded on a phone.
  var FOLDED_KINDS = ["result", "acceptResult", "refuseResult", "undo", "acceptUndo", "refuseUndo", "search", "reveal", "roll", "coin"];
  // The children of ``actions`` that ``keep`` does not keep, moved to a row of their own, folded on a
  // narrow screen unless the player opened it.
  function splitFold(actions, keep) {
    var rest = el("div", { class: "row actions more" + (state.actionsOpen ? "" : " folded"), id: "table-actions" });
    Array.prototype.slice.call(actions.children).forEach(function (child) { if (!keep(child)) rest.appendChild(child); });
    return rest;
  }

  // Rules mode: a button for each offered move that names no card of the hand (the next step, the end
  // of the turn, a rear-guard's move); a card's moves are offered when the card is chosen.
  function ruleActions(acting) {
    var actions = el("div", { class: "row actions", "data-mode": "rules" });
    var current = state.view && state.intentsSeq === state.view.seq;
    if (!current) actions.appendChild(el("span", { class: "muted small", text: gettext("Asking the table which moves the rules allow…") }));
    var cardMoves = 0;
    // The open battle (vanguard): who attacks whom, the powers and the shields so far, its moment.
    var battle = state.view && state.view.turnState && state.view.turnState.battle;
    if (battle) {
      var power = function (instance) { var found = findCard(instance); return found && found.card.stats ? found.card.stats.power : "?"; };
      actions.appendChild(el("p", { class: "battle", "data-stage": battle.stage, text: f(gettext("Battle: %(from)s (%(power)s) attacks %(at)s (%(defence)s, shield %(shield)s)"), { from: zoneLabel(battle.from), power: power(battle.attacker), at: zoneLabel(battle.at), defence: power(battle.target), shield: battle.shield }) }));
    }
    (current ? state.intents : []).forEach(function (intent) {
      if (intent.kind === "mulligan" || intent.kind === "concede" || intent.kind === "choose" || intent.kind === "first") return;
      if (intent.instance) { cardMoves += 1; return; }
      actions.appendChild(button(intent.label, function () { sendIntent(intent); }, { class: intent.kind === "endTurn" ? "" : "secondary", "data-kind": intent.kind }));
    });
    if (cardMoves) actions.appendChild(el("span", { class: "muted small", text: gettext("Choose a card of your hand to see what the rules allow it.") }));
    if (current && !state.intents.some(function (i) { return i.kind !== "concede"; })) {
      actions.appendChild(el("span", { class: "muted small", text: gettext("Nothing to play now: the other player plays.") }));
    }
    actions.appendChild(button(gettext("Concede"), function () {
      if (window.confirm(gettext("Concede this game? The other player wins; this cannot be undone."))) send("concede", {}, acting);
    }, { class: "danger" }));
    var note = el("form", { class: "row tablenote" });
    var input = el("input", { type: "text", maxlength: "500", "aria-label": gettext("A note for the log"), placeholder: gettext("A note for the log") });
    note.appendChild(input);
    note.appendChild(el("button", { type: "submit", class: "secondary small", text: gettext("Add the note") }));
    note.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = input.value.trim();
      if (!text) return;
      send("note", { text: text }, acting).then(function (done) { if (done) input.value = ""; });
    });
    actions.appendChild(note);
    return actions;
  }

  function renderSetup(view) {
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

  function renderResult(view) {
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
    };
    return words[reason] || reason || "";
  }

  // The sides: the acting seat below, the other above; on a narrow screen one at a time.
  function renderBoard(view) {
    var board = document.getElementById("board");
    board.textContent = "";
    var below = actingSeat() || 1;
    var above = 3 - below;
    if (!state.shown) state.shown = below;
    renderSideTabs(above, below);
    board.appendChild(renderSide(seatData(above), "above"));
    if (view.shared && view.shared.length) {
      var shared = el("section", { class: "shared", "aria-label": gettext("Shared zones") });
      view.shared.forEach(function (zone) { shared.appendChild(renderZone(zone, null)); });
      board.appendChild(shared);
    }
    if (view.board) board.appendChild(renderChessboard(view.board));
    board.appendChild(renderSide(seatData(below), "below"));
  }
  function renderSideTabs(above, below) {
    var tabs = document.getElementById("sidetabs");
    tabs.textContent = "";
    [below, above].forEach(function (number) {
      tabs.appendChild(el("button", {
        type: "button", role: "tab", "aria-selected": state.shown === number ? "true" : "false",
        on: { click: function () { state.shown = number; render(); } },
      }, [mine(number) && config.seats.length === 1 ? gettext("Your side") : seatName(number)]));
    });
  }

  function renderSide(seat, where) {
    if (!seat) return el("section", { class: "side empty " + where }, [gettext("Nobody sits here yet.")]);
    var side = el("section", { class: "side " + where + (state.shown === seat.seat ? " shown" : ""), "data-seat": seat.seat, "aria-label": seatName(seat.seat) });
    var head = el("header", { class: "sidehead" }, [el("h2", { text: seatName(seat.seat) })]);
    if (seat.deck) head.appendChild(el("span", { class: "muted", text: typeof seat.deck === "object" ? seat.deck.name : seat.deck }));
    if (seat.verdict) {
      var legal = seat.verdict.legal;
      head.appendChild(el("span", { class: "verdict " + (legal ? "ok" : "bad"), text: legal ? gettext("legal deck") : f(ngettext("illegal deck: %(count)s problem", "illegal deck: %(count)s problems", seat.verdict.violations || 0), { count: seat.verdict.violations || 0 }) }));
    }
    if (playing() && state.view.turn.seat === seat.seat) head.appendChild(el("span", { class: "badge", text: gettext("their turn") }));
    side.appendChild(head);
    side.appendChild(renderCounters(seat));
    var zones = el("div", { class: "zones" });
    seat.zones.forEach(function (zone) { zones.appendChild(renderZone(zone, seat.seat)); });
    side.appendChild(zones);
    return side;
  }

  function renderCounters(seat) {
    var box = el("div", { class: "counters row" });
    Object.keys(seat.counters || {}).forEach(function (key) {
      var value = seat.counters[key];
      var spec = L.counters[key] || {};
      var item = el("span", { class: "counter", "data-counter": key }, [el("span", { class: "label", text: counterLabel(key) }), " ", el("strong", { text: String(value) })]);
      // In rules mode a counter is the rules' to set (darkrow's Indices): shown, never a button.
      if (!RULES && mine(seat.seat) && !replaying() && playing()) {
        item.insertBefore(button("−", function () { send("counter", { key: key, value: value - 1 }, seat.seat); }, { class: "secondary small", "aria-label": f(gettext("%(counter)s minus one"), { counter: counterLabel(key) }), disabled: spec.minimum !== null && spec.minimum !== undefined && value <= spec.minimum }), item.lastChild);
        item.appendChild(button("+", function () { send("counter", { key: key, value: value + 1 }, seat.seat); }, { class: "secondary small", "aria-label": f(gettext("%(counter)s plus one"), { counter: counterLabel(key) }), disabled: spec.maximum !== null && spec.maximum !== undefined && value >= spec.maximum }));
      }
      box.appendChild(item);
    });
    return box;
  }

  function renderZone(zone, owner) {
    var spec = L.zones[zone.key] || {};
    var count = zone.capacity ? zone.count + "/" + zone.capacity : String(zone.count);
    var box = el("div", {
      class: "zone layout-" + (zone.layout || spec.layout || "row") + " vis-" + zone.visibility,
      "data-zone": zone.key, "data-owner": owner || "", "aria-label": zoneLabel(zone.key),
    }, [el("h3", {}, [zoneLabel(zone.key), " ", el("span", { class: "count", title: gettext("cards"), text: count })])]);
    var cards = el("ul", { class: "cards" });
    var known = zone.cards || [];
    var hidden = zone.count - known.length;
    // A pile shows its top card; a pile its owner is searching, every card (their view holds them).
    var pile = (zone.layout || spec.layout) === "pile" && !searching(owner, zone.key);
    if (pile) {
      // A pile: its top card if the viewer may see it, else its back (the deck: draggable by its owner).
      var top = known.length ? known[known.length - 1] : null;
      if (top && top.instance) cards.appendChild(renderCard(top, owner, zone.key));
      else if (zone.count) cards.appendChild(renderBack(owner, zone.key, zone.count));
    } else {
      known.forEach(function (card) { cards.appendChild(renderCard(card, owner, zone.key)); });
      for (var i = 0; i < hidden && i < 12; i++) cards.appendChild(renderBack(null, zone.key, 0));
    }
    box.appendChild(cards);
    if (!replaying() && config.seats.length && (owner === null || mine(owner))) makeDropTarget(box, zone.key, owner);
    return box;
  }

  function renderBack(owner, zone, count) {
    var draggable = owner && mine(owner) && !replaying() && playing();
    var item = el("li", { class: "tcard back" + (count ? " stack" : ""), draggable: draggable ? "true" : null, "data-zone": zone, "data-owner": owner || "" }, [
      el("span", { class: "backface", "aria-hidden": "true" }),
      count ? el("span", { class: "stackcount", text: String(count) }) : el("span", { class: "visually-hidden", text: gettext("a hidden card") }),
    ]);
    if (draggable) {
      item.tabIndex = 0;
      item.addEventListener("dragstart", function (event) {
        event.dataTransfer.setData("text/plain", JSON.stringify({ from: zone, owner: owner }));
        event.dataTransfer.effectAllowed = "move";
      });
    }
    return item;
  }

  function renderCard(card, owner, zone) {
    var cardOwner = card.owner || owner;
    var ownCard = cardOwner && mine(cardOwner) && !replaying() && !finished();
    var chosen = state.selected && state.selected.instance === card.instance;
    var inMulligan = state.mulligan.some(function (m) { return m.instance === card.instance; });
    var classes = "tcard" + (card.tapped ? " tapped" : "") + (card.faceDown ? " facedown" : "") + (chosen ? " chosen" : "") + (inMulligan ? " mulligan" : "");
    var label = card.name ? cardName(card) + (card.faceDown ? " (" + gettext("face down") + ")" : "") + (card.tapped ? " (" + gettext("tapped") + ")" : "") : gettext("a hidden card");
    var item = el("li", { class: classes, "data-instance": card.instance || "", "data-zone": zone, "data-owner": cardOwner || "" });
    if (!card.instance) {
      item.appendChild(el("span", { class: "backface", "aria-hidden": "true" }));
      item.appendChild(el("span", { class: "visually-hidden", text: label }));
      return item;
    }
    var face = el("button", { type: "button", class: "face", "aria-label": label, "aria-pressed": chosen ? "true" : "false", title: translatedName(card) ? cardName(card) + " (" + card.name + ")" : card.name, draggable: ownCard ? "true" : null });
    // A card without a stable id (never imported as one) has no face: its name on a blank card.
    if (card.stableCardId) face.appendChild(el("img", { src: faceUrl(card, 100), alt: "", width: "75", height: "105" }));
    else face.appendChild(el("span", { class: "noface", "aria-hidden": "true", text: card.type || "" }));
    face.appendChild(el("span", { class: "cardname", lang: nameLang(card), text: cardName(card) }));
    if (typeof card.atk === "number" && typeof card.pv === "number") {
      // A unit's effective ATK and PV (the game's card view), its damage marked.
      var stats = interpolate(gettext("ATK %(atk)s · PV %(pv)s"), { atk: card.atk, pv: card.pv }, true);
      var hurt = card.damage ? interpolate(gettext("%(damage)s damage"), { damage: card.damage }, true) : "";
      var sick = card.sick ? gettext("arrived this turn") : "";
      face.appendChild(el("span", { class: "cardstats" + (card.damage ? " hurt" : ""), "data-atk": card.atk, "data-pv": card.pv, "data-damage": card.damage || 0, text: card.atk + "/" + card.pv + (card.damage ? " −" + card.damage : "") }));
      face.setAttribute("aria-label", [label, stats, hurt, sick].filter(Boolean).join(", "));
      face.title = [face.title, stats, hurt, sick].filter(Boolean).join(" · ");
    }
    // The game's figures of the card (vanguard: power with the turn's bonuses and the boost, critical, shield).
    if (card.stats) {
      face.appendChild(el("span", {
        class: "cardstats", "data-power": card.stats.power,
        title: f(gettext("power %(power)s, critical %(critical)s, shield %(shield)s"), card.stats),
        text: card.stats.power + " ✦" + card.stats.critical + " ◈" + card.stats.shield,
      }));
    }
    face.addEventListener("click", function () { choose(card, cardOwner, zone); });
    face.addEventListener("dblclick", function () { zoom(card); });
    if (ownCard) {
      face.addEventListener("dragstart", function (event) {
        event.dataTransfer.setData("text/plain", JSON.stringify({ instance: card.instance, from: zone, owner: cardOwner }));
        event.dataTransfer.effectAllowed = "move";
      });
    }
    item.appendChild(face);
    return item;
  }

  function makeDropTarget(box, zone, owner) {
    box.addEventListener("dragover", function (event) { event.preventDefault(); box.classList.add("over"); });
    box.addEventListener("dragleave", function () { box.classList.remove("over"); });
    box.addEventListener("drop", function (event) {
      event.preventDefault();
      box.classList.remove("over");
      var data;
      try { data = JSON.parse(event.dataTransfer.getData("text/plain")); } catch (e) { return; }
      if (!data || data.from === zone && !data.instance) return;
      if (data.instance && data.from === zone) return;
      if (RULES) {
        // Only a move the rules allow lands: the offered intent that takes this card (or circle) there.
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

  // --- the chosen card: what can be done with it ---------------------------------------------------
  function choose(card, owner, zone) {
    var view = state.view;
    if (view && view.status === "setup" && zone === "hand" && mine(owner) && pendingOf(owner).indexOf("mulligan") >= 0) {
      var at = -1;
      state.mulligan.forEach(function (m, i) { if (m.instance === card.instance) at = i; });
      if (at >= 0) state.mulligan.splice(at, 1);
      else if (!L.mulligan || L.mulligan.max === null || state.mulligan.filter(function (m) { return m.seat === owner; }).length < L.mulligan.max) state.mulligan.push({ instance: card.instance, seat: owner });
      markCards();
      renderSetup(view);
      return;
    }
    state.selected = state.selected && state.selected.instance === card.instance ? null : { instance: card.instance, owner: owner, zone: zone, card: card };
    // The cards stay the same elements (a double click on one zooms it): only their marks change.
    markCards();
    renderSelection();
  }
  function markCards() {
    document.querySelectorAll("#board .tcard[data-instance]").forEach(function (item) {
      var instance = item.dataset.instance;
      var chosen = !!(state.selected && state.selected.instance === instance);
      item.classList.toggle("chosen", chosen);
      item.classList.toggle("mulligan", state.mulligan.some(function (m) { return m.instance === instance; }));
      var face = item.querySelector(".face");
      if (face) face.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  }

  function renderSelection() {
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
      state.intents.forEach(function (intent) {
        if (intent.instance !== card.instance || state.intentsSeq !== state.view.seq) return;
        row.appendChild(button(intent.label, function () { sendIntent(intent).then(function (ok) { if (ok) state.selected = null; }); }, { class: "small", "data-kind": intent.kind }));
      });
    }
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
  }

  function findCard(instance) {
    var view = state.view;
    var found = null;
    view.seats.forEach(function (seat) {
      seat.zones.forEach(function (zone) {
        (zone.cards || []).forEach(function (card) { if (card.instance === instance) found = { card: card, zone: zone.key, owner: seat.seat }; });
      });
    });
    (view.shared || []).forEach(function (zone) {
      (zone.cards || []).forEach(function (card) { if (card.instance === instance) found = { card: card, zone: zone.key, owner: card.owner }; });
    });
    return found;
  }

  function zoom(card) {
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

  var GLYPHS = { white: { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659" },
                 black: { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" } };
  function pieceName(piece) {
    var names = { K: gettext("king"), Q: gettext("queen"), R: gettext("rook"), B: gettext("bishop"), N: gettext("knight"), P: gettext("pawn") };
    return f(piece.colour === "white" ? gettext("white %(piece)s") : gettext("black %(piece)s"), { piece: names[piece.piece] || piece.piece });
  }
  // The board: the acting player picks one of their pieces, then the square it goes to (a piece there
  // is taken). The legality of a move is the players' business, as at a real table.
  function renderChessboard(board) {
    var size = board.size || 8;
    var pieces = {};
    (board.pieces || []).forEach(function (p) { pieces[p.square] = p; });
    var seat = actingSeat();
    var view = state.view;
    var mine = seat && view.status === "playing" && view.turn.seat === seat && !replaying() && !finished()
      ? (seat === view.first ? "white" : "black") : null;
    var grid = el("div", { class: "chessboard", role: "grid", "aria-label": gettext("Board"), style: "--size:" + size });
    for (var row = size; row >= 1; row--) {
      for (var col = 0; col < size; col++) {
        var square = String.fromCharCode(97 + col) + row;
        var piece = pieces[square];
        var label = piece ? square + ": " + pieceName(piece) : square;
        var cell = el("button", {
          type: "button",
          class: "square " + ((row + col) % 2 ? "light" : "dark") + (state.fromSquare === square ? " chosen" : ""),
          role: "gridcell",
          "data-square": square,
          "aria-label": label,
          title: label,
          "aria-pressed": state.fromSquare === square ? "true" : "false",
          disabled: mine ? null : "disabled",
          text: piece ? GLYPHS[piece.colour][piece.piece] || piece.piece : "",
        });
        cell.addEventListener("click", onSquare.bind(null, square, pieces, mine));
        grid.appendChild(cell);
      }
    }
    var captured = (board.captured || []).map(function (p) { return GLYPHS[p.colour][p.piece] || p.piece; }).join(" ");
    var wrap = el("div", { class: "chesswrap" });
    wrap.appendChild(grid);
    wrap.appendChild(el("p", { class: "small muted", text: mine
      ? (state.fromSquare ? f(gettext("%(square)s chosen: choose the square it goes to."), { square: state.fromSquare }) : gettext("Choose one of your pieces, then the square it goes to."))
      : gettext("The pieces move on their player's turn.") }));
    if (captured) wrap.appendChild(el("p", { class: "small", text: f(gettext("Taken: %(pieces)s"), { pieces: captured }) }));
    return wrap;
  }
  function onSquare(square, pieces, mine) {
    if (!mine) return;
    var piece = pieces[square];
    if (!state.fromSquare || (piece && piece.colour === mine)) {
      state.fromSquare = piece && piece.colour === mine ? square : null;
      render();
      return;
    }
    var from = state.fromSquare;
    state.fromSquare = null;
    var moving = pieces[from];
    var payload = { from: from, to: square };
    // A pawn on its last row becomes a queen (the seed's cards let a player choose: the log says which).
    if (moving && moving.piece === "P" && (square[1] === "8" || square[1] === "1")) payload.promote = "Q";
    send("piece", payload);
    render();
  }

  // --- what no player decides alone: a claimed result, an undo, a search (rules.tables.fairness) ------
  function searching(owner, key) {
    return !!(state.view && (state.view.searching || []).some(function (s) { return s.seat === owner && s.zone === key; }));
  }
  function answer(kind, seat, label, primary) {
    return button(label, function () { send(kind, {}, seat); }, { class: primary ? "small" : "secondary small", "data-kind": kind });
  }
  function renderFair(view) {
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

  // --- replay: the table after event N, step by step ----------------------------------------------
  function renderReplaybar() {
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
      render();
      root.dataset.seq = view.seq;
    });
  }

  // --- keyboard ---------------------------------------------------------------------------------
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && target.matches && target.matches("input, textarea, select, [contenteditable]")) return;
    if (document.getElementById("zoom").open) return;
    var acting = actingSeat();
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
    return acting;
  });

  document.addEventListener("click", function (event) {
    var copy = event.target.closest && event.target.closest("[data-copy]");
    if (!copy) return;
    var input = document.getElementById(copy.dataset.copy);
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(function () {});
    say(gettext("The link is copied."));
  });

  // --- start ----------------------------------------------------------------------------------------
  if (replaying()) {
    getJSON(config.api + "?at=" + state.replayAt).then(function (view) {
      state.view = view;
      return getJSON(config.api + "events/?since=0");
    }).then(function (data) {
      update(data.events || [], null);
      render();
      root.dataset.seq = state.view.seq;
    });
  } else {
    connect();
    // Whatever the socket does, the first view comes at once.
    catchUp();
  }
  window.addEventListener("online", function () { if (!state.open) catchUp(); });
  window.addEventListener("offline", function () { if (state.socket) state.socket.close(); setLink("offline"); });
})();
