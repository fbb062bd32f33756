/* The board of a game played on squares (its view's "board": pieces, the cards' marks). The acting
 * player picks one of their pieces, then the square it goes to (a piece there is taken). At a free
 * table the legality of a move is the players' business, as at a real table; in rules mode only the
 * offered intents land (the Coups, and the targets of the chosen card, clicked or dropped), and a
 * card whose result the rules leave to the players is recorded by hand (adjust). */
import { RULES } from "./config.js";
import { dropTarget } from "./dnd.js";
import { button, el, say } from "./dom.js";
import { cardName, f, gettext } from "./i18n.js";
import { markCards, renderSelection } from "./selection.js";
import { actingSeat, findCard, finished, offered, redraw, replaying, seatName, state } from "./state.js";
import { send, sendIntent } from "./transport.js";

const GLYPHS = { white: { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659" },
               black: { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" } };
function pieceName(piece) {
  var names = { K: gettext("king"), Q: gettext("queen"), R: gettext("rook"), B: gettext("bishop"), N: gettext("knight"), P: gettext("pawn") };
  return f(piece.colour === "white" ? gettext("white %(piece)s") : gettext("black %(piece)s"), { piece: names[piece.piece] || piece.piece });
}
const MARK_SIGNS = { wall: "\u25A6", noEntry: "\u26D4", trap: "\u26A0", portal: "\u25CE", shield: "\u26E8", freeze: "\u2744", eclipse: "\u25D0", pacifism: "\u262E" };
function markWords(kind) {
  var words = { wall: gettext("Wall"), noEntry: gettext("Forbidden zone"), trap: gettext("Trap"), portal: gettext("Portal"),
                shield: gettext("Shield"), freeze: gettext("Freeze"), eclipse: gettext("Eclipse"), pacifism: gettext("Pacifism") };
  return words[kind] || kind;
}
function markLine(mark) {
  var card = cardName(mark) || mark.name;
  var lasts = mark.until ? f(gettext("until the end of turn %(turn)s"), { turn: mark.until }) : gettext("until it is used or the game ends");
  var where = (mark.squares || []).join(" \u2194 ");
  return f(gettext("%(sign)s %(card)s (%(mark)s, %(seat)s) %(where)s, %(lasts)s"), {
    sign: MARK_SIGNS[mark.kind] || "", card: card, mark: markWords(mark.kind), seat: seatName(mark.seat), where: where, lasts: lasts,
  }) + (mark.secret ? " \u00B7 " + gettext("secret: the other player does not see it") : "");
}
function chessCurrent() { return RULES && state.view && state.intentsSeq === state.view.seq && !replaying() && !finished(); }
// The chosen card of the hand whose offered intents name a square of the board.
function chosenCardIntents() {
  if (!chessCurrent() || !state.selected || state.selected.zone !== "hand") return [];
  return state.intents.filter(function (i) { return i.instance === state.selected.instance && i.square; });
}
function byHand() { return !!(state.view && state.view.turnState && state.view.turnState.byHand); }
export function renderChessboard(board) {
  var size = board.size || 8;
  var pieces = {};
  (board.pieces || []).forEach(function (p) { pieces[p.square] = p; });
  var marksAt = {};
  (board.marks || []).forEach(function (m) { (m.squares || []).forEach(function (sq) { (marksAt[sq] = marksAt[sq] || []).push(m); }); });
  var seat = actingSeat();
  var view = state.view;
  var mine = seat && view.status === "playing" && view.turn.seat === seat && !replaying() && !finished()
    ? (seat === view.first ? "white" : "black") : null;
  // Rules mode: the squares one may click now (a piece with a Coup, a Coup's target, a card's target).
  var sources = {}, targets = {};
  var cardIntents = chosenCardIntents();
  if (RULES && chessCurrent()) {
    if (cardIntents.length) {
      cardIntents.forEach(function (i) {
        if (!state.cardSquare) targets[i.square] = true;
        else if (i.square === state.cardSquare && i.to) targets[i.to] = true;
      });
    } else if (byHand() && mine) {
      for (var r0 = 1; r0 <= size; r0++) for (var c0 = 0; c0 < size; c0++) sources[String.fromCharCode(97 + c0) + r0] = true;
      if (state.fromSquare) for (var r = 1; r <= size; r++) for (var c = 0; c < size; c++) targets[String.fromCharCode(97 + c) + r] = true;
    } else {
      state.intents.forEach(function (i) {
        if (i.kind !== "piece") return;
        sources[i.from] = true;
        if (i.from === state.fromSquare) targets[i.to] = true;
      });
    }
  }
  var grid = el("div", { class: "chessboard", role: "grid", "aria-label": gettext("Board"), style: "--size:" + size });
  for (var row = size; row >= 1; row--) {
    for (var col = 0; col < size; col++) {
      var square = String.fromCharCode(97 + col) + row;
      var piece = pieces[square];
      var here = marksAt[square] || [];
      var label = (piece ? square + ": " + pieceName(piece) : square) + here.map(function (m) { return "; " + markLine(m); }).join("");
      var chosen = state.fromSquare === square || state.cardSquare === square;
      var clickable = RULES ? !!(sources[square] || targets[square]) : !!mine;
      var cell = el("button", {
        type: "button",
        class: "square " + ((row + col) % 2 ? "light" : "dark") + (chosen ? " chosen" : "") + (targets[square] ? " target" : "") + (here.length ? " marked" : "") + here.map(function (m) { return " has-" + m.kind; }).join(""),
        role: "gridcell",
        "data-square": square,
        "aria-label": label,
        title: label,
        "aria-pressed": chosen ? "true" : "false",
        disabled: clickable ? null : "disabled",
      });
      cell.appendChild(document.createTextNode(piece ? GLYPHS[piece.colour][piece.piece] || piece.piece : ""));
      here.forEach(function (m) { cell.appendChild(el("span", { class: "mark mark-" + m.kind, "data-mark": m.kind, "aria-hidden": "true", text: MARK_SIGNS[m.kind] || "?" })); });
      cell.addEventListener("click", (RULES ? onRulesSquare : onSquare).bind(null, square, pieces, mine));
      if (RULES) chessDropTarget(cell, square);
      grid.appendChild(cell);
    }
  }
  var captured = (board.captured || []).map(function (p) { return GLYPHS[p.colour][p.piece] || p.piece; }).join(" ");
  var wrap = el("div", { class: "chesswrap" });
  if (board.check && view.status === "playing") wrap.appendChild(el("p", { class: "check", role: "status", text: f(gettext("%(seat)s is in check."), { seat: seatName(view.turn.seat) }) }));
  wrap.appendChild(grid);
  var hint;
  if (!RULES) hint = mine ? (state.fromSquare ? f(gettext("%(square)s chosen: choose the square it goes to."), { square: state.fromSquare }) : gettext("Choose one of your pieces, then the square it goes to.")) : gettext("The pieces move on their player's turn.");
  else if (cardIntents.length) hint = state.cardSquare ? gettext("Now choose the card's second square.") : gettext("Choose a marked square for the card (or drop the card on it).");
  else if (byHand() && mine) hint = gettext("Record the card's result by hand: choose a piece, then the square it goes to, or an empty square to place a piece; then end the turn.");
  else if (mine && Object.keys(sources).length) hint = state.fromSquare ? f(gettext("%(square)s chosen: choose one of the marked squares."), { square: state.fromSquare }) : gettext("Choose one of your pieces: the squares its legal Coups reach are marked.");
  else hint = gettext("The pieces move on their player's turn.");
  wrap.appendChild(el("p", { class: "small muted", text: hint }));
  if (state.chessChoices && state.chessChoices.length) {
    var choices = el("div", { class: "row", "data-choice": "promotion" });
    state.chessChoices.forEach(function (intent) {
      var role = intent.promote || intent.role;
      choices.appendChild(button(role ? pieceName({ colour: mine || "white", piece: role }) : intent.label, function () { state.chessChoices = null; sendIntent(intent); }, { class: "small secondary", "data-piece": role || "" }));
    });
    wrap.appendChild(choices);
  }
  if (RULES && byHand() && mine && state.placeSquare && !pieces[state.placeSquare]) {
    // A piece the card creates or brings back (Renfort, Rappel, Résurrection, Clone...), placed by hand.
    var at = state.placeSquare;
    var place = el("div", { class: "row", "data-choice": "place" }, [el("span", { class: "small", text: f(gettext("Place on %(square)s:"), { square: at }) + " " })]);
    ["white", "black"].forEach(function (colour) {
      ["Q", "R", "B", "N", "P"].forEach(function (letter) {
        var named = pieceName({ colour: colour, piece: letter });
        place.appendChild(button(GLYPHS[colour][letter], function () { state.placeSquare = null; send("adjust", { place: at, colour: colour, piece: letter }); }, { class: "small secondary", "aria-label": named, title: named, "data-piece": colour + letter }));
      });
    });
    wrap.appendChild(place);
  }
  if (RULES && byHand() && mine && state.fromSquare && pieces[state.fromSquare] && pieces[state.fromSquare].piece !== "K") {
    var from = state.fromSquare;
    wrap.appendChild(button(f(gettext("Remove the piece on %(square)s"), { square: from }), function () { state.fromSquare = null; send("adjust", { remove: from }); }, { class: "small secondary", "data-kind": "adjust" }));
  }
  if (captured) wrap.appendChild(el("p", { class: "small", text: f(gettext("Taken: %(pieces)s"), { pieces: captured }) }));
  if (board.marks && board.marks.length) {
    var list = el("ul", { class: "marks small", "aria-label": gettext("Cards on the board") });
    board.marks.forEach(function (m) { list.appendChild(el("li", { "data-mark": m.kind, text: markLine(m) })); });
    wrap.appendChild(list);
  }
  if (RULES) wrap.appendChild(el("p", { class: "small muted", text: gettext("A turn is one Coup, or one card with the Coups its text asks for. The seed gives no opening hand and no draw rule: draw when you choose during your turn.") }));
  return wrap;
}
// The chessboard drawn again alone (the hand's cards stay the same elements: a double click zooms).
export function refreshChessboard() {
  var old = document.querySelector("#board .chesswrap");
  if (old && state.view && state.view.board) old.replaceWith(renderChessboard(state.view.board));
}
function pickChess(found) {
  if (!found.length) { say(gettext("The rules do not allow this move now."), "warn"); refreshChessboard(); return; }
  state.fromSquare = null;
  state.cardSquare = null;
  if (found.length === 1) { state.chessChoices = null; sendIntent(found[0]).then(function (ok) { if (ok) state.selected = null; }); return; }
  state.chessChoices = found;
  refreshChessboard();
}
function onRulesSquare(square, pieces, mine) {
  state.chessChoices = null;
  var cardIntents = chosenCardIntents();
  if (cardIntents.length) {
    if (!state.cardSquare) {
      var here = cardIntents.filter(function (i) { return i.square === square; });
      if (here.length && here.some(function (i) { return i.to; })) { state.cardSquare = square; refreshChessboard(); return; }
      pickChess(here);
      return;
    }
    pickChess(cardIntents.filter(function (i) { return i.square === state.cardSquare && i.to === square; }));
    return;
  }
  if (byHand()) {
    if (!state.fromSquare && !pieces[square]) { state.placeSquare = state.placeSquare === square ? null : square; refreshChessboard(); return; }
    state.placeSquare = null;
    if (!state.fromSquare) { state.fromSquare = square; refreshChessboard(); return; }
    var source = state.fromSquare;
    state.fromSquare = null;
    if (source === square) { refreshChessboard(); return; }
    send("adjust", { from: source, to: square });
    refreshChessboard();
    return;
  }
  var piece = pieces[square];
  var moves = offered("piece");
  if (piece && piece.colour === mine && moves.some(function (i) { return i.from === square; })) {
    state.fromSquare = state.fromSquare === square ? null : square;
    refreshChessboard();
    return;
  }
  if (!state.fromSquare) return;
  pickChess(moves.filter(function (i) { return i.from === state.fromSquare && i.to === square; }));
}
// A card of the hand dropped on a square: the offered intent that plays it there.
function chessDropTarget(cell, square) {
  dropTarget(cell, function (data) {
    if (!data || !data.instance || !chessCurrent()) return;
    var here = state.intents.filter(function (i) { return i.instance === data.instance && i.square === square; });
    if (here.some(function (i) { return i.to; })) {
      var found = findCard(data.instance);
      if (found) state.selected = { instance: data.instance, owner: found.owner, zone: found.zone, card: found.card };
      state.cardSquare = square;
      markCards();
      refreshChessboard();
      renderSelection();
      return;
    }
    pickChess(here);
  });
}
function onSquare(square, pieces, mine) {
  if (!mine) return;
  var piece = pieces[square];
  if (!state.fromSquare || (piece && piece.colour === mine)) {
    state.fromSquare = piece && piece.colour === mine ? square : null;
    redraw.all();
    return;
  }
  var from = state.fromSquare;
  state.fromSquare = null;
  var moving = pieces[from];
  var payload = { from: from, to: square };
  // A pawn on its last row becomes a queen (the seed's cards let a player choose: the log says which).
  if (moving && moving.piece === "P" && (square[1] === "8" || square[1] === "1")) payload.promote = "Q";
  send("piece", payload);
  redraw.all();
}
