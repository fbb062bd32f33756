/* What the page holds of the table (the viewer's view, the events, the viewer's choices) and what it
 * reads from it: seats, labels, whose move it is, a card by its instance. Nothing here draws or asks
 * the server. */
import { config, L } from "./config.js";
import { f, gettext } from "./i18n.js";

export const state = {
  view: null,
  events: [],
  lastSeq: 0,
  replayAt: config && config.replayAt,
  selected: null, // the chosen card: {instance, owner, zone, card}
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
  movesDrawn: "", // the intents the turn bar shows ("seq:seat"), "" while it shows none
  link: "", // what the connection indicator says: connecting, live, polling, offline, closed
  heard: 0, // when the socket last brought a message
  actionsOpen: false, // the folded buttons of a narrow screen, opened
};

// The parts of the page that other parts draw again: the whole table (a side chosen, a replay step,
// an update), and the moves offered (the intents arrived). table.js, which imports every part, sets
// them; a part calls them without importing the parts that draw (the imports form no cycle, which
// collectstatic needs to give each module its hashed name).
export const redraw = {
  all: function () {},
  moves: function () {},
};

// The game's words, as its rule set declares them.
export function zoneLabel(key) { return (L.zones[key] && L.zones[key].label) || key; }
export function counterLabel(key) { return (L.counters[key] && L.counters[key].label) || key; }
export function stepLabel(key) {
  for (var i = 0; i < L.steps.length; i++) if (L.steps[i].key === key) return L.steps[i].label;
  return key || "";
}

export function seatData(number) {
  if (!state.view) return null;
  for (var i = 0; i < state.view.seats.length; i++) if (state.view.seats[i].seat === number) return state.view.seats[i];
  return null;
}
// Solo play: a seat a bot plays is named as a bot, with its policy.
function botName(policy) { return policy === "greedy" ? gettext("Bot (greedy)") : gettext("Bot (random)"); }
export function seatName(number) {
  var seat = seatData(number);
  var who = seat && seat.bot ? botName(seat.bot)
    : seat && seat.user ? (typeof seat.user === "object" ? seat.user.username || seat.user.name : seat.user) : "";
  return who ? f(gettext("%(name)s (seat %(seat)s)"), { name: who, seat: number }) : f(gettext("Seat %(seat)s"), { seat: number });
}
export function mine(number) { return config.seats.indexOf(number) >= 0; }
export function playing() { return state.view && state.view.status === "playing"; }
export function finished() { return state.view && state.view.status === "finished"; }
export function replaying() { return state.replayAt !== null && state.replayAt !== undefined; }
// A card on the board is drawn 71 x 99 CSS px (table.css): its face is asked at 30 dpi (74 x 104 px
// for a 63 x 88 mm card), at 60 dpi on a screen of two pixels a CSS pixel (srcset); not at the grid's
// 100 dpi (248 x 346 px: eleven times the pixels to draw, send and scale down). The table's route
// takes these sizes (tables.views.TABLE_DPIS).
export var BOARD_DPI = 30;
export function faceUrl(card, dpi) {
  // The face of the version the table was dealt (through the table), else the card's current one.
  // In the reader's language where the card has a validated translation of that version (the table's
  // route falls back to the face it was dealt otherwise).
  if (card.face) return card.face + "?dpi=" + dpi + (config.faceLang ? "&lang=" + encodeURIComponent(config.faceLang) : "");
  // The faces API draws from 50 dpi up (faces.services.DPI_RANGE).
  return config.faceUrl.replace("{id}", encodeURIComponent(card.stableCardId)) + "?dpi=" + Math.max(dpi, 50) + (card.version ? "&version=" + encodeURIComponent(card.version) : "");
}

// The seat the viewer acts for: theirs; in hot seat the one whose turn it is, or whose setup decision is due.
export function actingSeat() { return actingSeatOf(state.view); }
export function actingSeatOf(view) {
  if (config.seats.length === 1) return config.seats[0];
  if (!config.seats.length || !view) return null;
  // Duel: an attack waits for the defender, who answers it (a trap, or let it go on).
  var battle = view.turnState && view.turnState.battle;
  if (battle && battle.attacker && battle.stage === undefined && typeof battle.seat === "number" && view.status === "playing") return 3 - battle.seat;
  if (view.turn && view.turn.seat && view.status === "playing") return view.turn.seat;
  for (var i = 0; i < view.seats.length; i++) {
    if ((view.seats[i].pending || []).length) return view.seats[i].seat;
  }
  return config.seats[0];
}
export function pendingOf(number) { var seat = seatData(number); return (seat && seat.pending) || []; }

// A game's own move as it declares it (labels.ruleMoves, labels.freeMoves): its label and log line.
export function gameMove(kind) {
  var moves = (L.ruleMoves || []).concat(L.freeMoves || []);
  for (var i = 0; i < moves.length; i++) if (moves[i].kind === kind) return moves[i];
  return null;
}

// Rules mode: the offered moves of a kind, if the intents held are the view's.
export function offered(kind) {
  if (!state.view || state.intentsSeq !== state.view.seq) return [];
  return state.intents.filter(function (intent) { return intent.kind === kind; });
}

// Where a card lies now: its card, zone and owner (null if the view holds it no more).
export function findCard(instance) {
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

// Whether a seat is looking through a zone of theirs (rules.tables.fairness: a search).
export function searching(owner, key) {
  return !!(state.view && (state.view.searching || []).some(function (s) { return s.seat === owner && s.zone === key; }));
}
