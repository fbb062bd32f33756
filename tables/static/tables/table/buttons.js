/* The turn bar (#turnbar): the steps of the turn, then the buttons of the moves. In rules mode a
 * button for each move the rules offer now (the intents: their labels are the rule set's), at a free
 * table the table's own moves and the game's free moves that take nothing (labels.freeMoves); on a
 * narrow screen the table's talk and luck fold behind one button. */
import { config, L, RULES } from "./config.js";
import { button, el } from "./dom.js";
import { cardName, f, gettext, ngettext } from "./i18n.js";
import { optionWords } from "./log.js";
import { renderFair } from "./panels.js";
import { actingSeat, findCard, finished, gameMove, mine, offered, playing, replaying, seatName, state, zoneLabel } from "./state.js";
import { send, sendIntent } from "./transport.js";

export function renderTurnbar(view) {
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
  actions.appendChild(concedeButton(acting));
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
  actions.appendChild(noteForm(acting));
  more = splitFold(actions, function (child) { return child.dataset && child.dataset.keep === "1"; });
  bar.appendChild(fold);
  bar.appendChild(actions);
  bar.appendChild(more);
}

// Conceding, asked again before it is sent: the other player wins.
function concedeButton(acting) {
  return button(gettext("Concede"), function () {
    if (window.confirm(gettext("Concede this game? The other player wins; this cannot be undone."))) send("concede", {}, acting);
  }, { class: "danger" });
}

// The note being typed: the actions are drawn again with every update, and the other player's move
// must not take the player's words or their cursor away.
var noteDraft = "";

// A note for the log (a ruling to check, why a move was made): every player's, kept in the replay.
function noteForm(acting) {
  // The actions are built before they replace the old ones: the old field still has the focus here.
  var typing = document.activeElement && document.activeElement.matches(".tablenote input");
  var note = el("form", { class: "row tablenote" });
  var input = el("input", { type: "text", maxlength: "500", "aria-label": gettext("A note for the log"), placeholder: gettext("A note for the log") });
  input.value = noteDraft;
  input.addEventListener("input", function () { noteDraft = input.value; });
  if (typing) {
    queueMicrotask(function () {
      if (!input.isConnected) return;
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    });
  }
  note.appendChild(input);
  note.appendChild(el("button", { type: "submit", class: "secondary small", text: gettext("Add the note") }));
  note.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    send("note", { text: text }, acting).then(function (done) {
      if (!done) return;
      noteDraft = "";
      document.querySelectorAll(".tablenote input").forEach(function (field) { field.value = ""; });
    });
  });
  return note;
}

// The moves of the table's talk and luck (rules.tables.fairness): folded on a phone.
const FOLDED_KINDS = ["result", "acceptResult", "refuseResult", "undo", "acceptUndo", "refuseUndo", "search", "reveal", "roll", "coin"];
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
  state.movesDrawn = current ? state.intentsSeq + ":" + state.intentsSeat : "";
  if (!current) actions.appendChild(el("span", { class: "muted small", text: gettext("Asking the table which moves the rules allow…") }));
  var cardMoves = 0;
  // The open battle (vanguard): who attacks whom, the powers and the shields so far, its moment.
  var battle = state.view && state.view.turnState && state.view.turnState.battle;
  var game = state.view && state.view.gameView;
  if (battle && battle.attacker && battle.stage === undefined) {
    // Duel: an attack waits for the defender (a trap in answer, or let it go on).
    var attacker = findCard(battle.attacker);
    var attackerName = attacker ? cardName(attacker.card) : gettext("a monster");
    var atk = attacker && typeof attacker.card.atk === "number" ? attacker.card.atk : "?";
    actions.appendChild(el("p", { class: "battle", "data-at": battle.at, text: battle.at < 0
      ? f(gettext("Battle: %(attacker)s (ATK %(atk)s) attacks directly"), { attacker: attackerName, atk: atk })
      : f(gettext("Battle: %(attacker)s (ATK %(atk)s) attacks the monster at place %(place)s"), { attacker: attackerName, atk: atk, place: battle.at + 1 }) }));
  } else if (battle) {
    var power = function (instance) { var found = findCard(instance); return found && found.card.stats ? found.card.stats.power : "?"; };
    // An intercepted attack is on the interceptor now (seed 002, section 5: "атака переносится на него").
    var line = battle.intercepted ? gettext("Battle: %(from)s (%(power)s) attacks the interceptor (%(defence)s, shield %(shield)s)")
      : gettext("Battle: %(from)s (%(power)s) attacks %(at)s (%(defence)s, shield %(shield)s)");
    actions.appendChild(el("p", { class: "battle", "data-stage": battle.stage, text: f(line, { from: zoneLabel(battle.from), power: power(battle.attacker), at: zoneLabel(battle.at), defence: power(battle.target), shield: battle.shield }) }));
  }
  (current ? state.intents : []).forEach(function (intent) {
    if (intent.kind === "mulligan" || intent.kind === "concede" || intent.kind === "choose" || intent.kind === "first") return;
    if (intent.instance) { cardMoves += 1; return; }
    if (intent.kind === "piece" || intent.kind === "adjust") return; // on the chessboard
    actions.appendChild(button(intent.label, function () { sendIntent(intent); }, { class: intent.kind === "endTurn" ? "" : "secondary", "data-kind": intent.kind }));
  });
  if (cardMoves) actions.appendChild(el("span", { class: "muted small", text: gettext("Choose a card of your hand to see what the rules allow it.") }));
  if (game && game.options) actions.appendChild(renderOptions(game));
  // What the seed leaves free about an offered move (vanguard: a second intercept), said beside it.
  var noted = {};
  (current ? state.intents : []).forEach(function (intent) {
    var declared = gameMove(intent.kind);
    if (intent.instance || noted[intent.kind] || !declared || !declared.leftFree) return;
    noted[intent.kind] = true;
    actions.appendChild(el("span", { class: "muted small leftfree", "data-kind": intent.kind, text: declared.leftFree }));
  });
  if (current && !state.intents.some(function (i) { return i.kind !== "concede"; })) {
    actions.appendChild(el("span", { class: "muted small", text: gettext("Nothing to play now: the other player plays.") }));
  }
  actions.appendChild(concedeButton(acting));
  actions.appendChild(noteForm(acting));
  return actions;
}

// Duel: the table options (the seed's points still under discussion), folded, and what the rules
// leave free; the buttons turning an option on or off are offered intents.
function renderOptions(game) {
  var box = el("details", { class: "tableoptions", id: "table-options" });
  if (game.optionsOpen || state.optionsOpen) box.open = true;
  box.addEventListener("toggle", function () { state.optionsOpen = box.open; });
  var on = game.options.filter(function (o) { return o.on; }).length;
  box.appendChild(el("summary", { text: f(ngettext("Table options, still under discussion in the rules (%(on)s of %(count)s on)", "Table options, still under discussion in the rules (%(on)s of %(count)s on)", on), { on: on, count: game.options.length }) }));
  var list = el("ul", { class: "small" });
  game.options.forEach(function (option) {
    var words = optionWords(option.key);
    list.appendChild(el("li", { "data-option": option.key, "data-on": option.on ? "1" : "0" }, [
      el("strong", { text: words[0] }), " · ", option.on ? gettext("on") : gettext("off"),
      words[1] ? el("span", { class: "muted", text: " (" + words[1] + ")" }) : null,
    ]));
  });
  box.appendChild(list);
  // Where the seed is silent the table leaves it free, and says so.
  box.appendChild(el("p", { class: "small", text: gettext("Where the rules say nothing, the table leaves it free:") }));
  var free = el("ul", { class: "small muted" });
  [
    gettext("a position change in any step of one's own turn"),
    gettext("an attack whose ATK equals the defending monster's DEF: nothing happens"),
    gettext("a used trap stays face up where it lies until a player sends it to the graveyard"),
    gettext("a new character waits until the active one leaves"),
    gettext("an equipment may go on the opponent's face-up monster"),
    gettext("a character's power may be used in either player's turn"),
  ].forEach(function (text) { free.appendChild(el("li", { text: text })); });
  box.appendChild(free);
  box.appendChild(el("p", { class: "muted small", text: game.optionsOpen
    ? gettext("Either player sets them before the first player's main phase.")
    : gettext("Set before the first player's main phase: they hold for the whole game.") }));
  return box;
}
