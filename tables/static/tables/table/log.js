/* The log, in words: a line for each event, in the reader's language. The table's own moves
 * (rules.tables: draw, move, tap...) are said here; a game's own move by the label and log line its
 * rule set declares (labels.ruleMoves, labels.freeMoves: gameMove); what the engine did beside a
 * move (its "did": a step's draw, a showdown, a hit...) in brackets after it. */
import { config } from "./config.js";
import { button, el } from "./dom.js";
import { cardName, f, gettext, ngettext } from "./i18n.js";
import { counterLabel, gameMove, replaying, seatName, state, zoneLabel } from "./state.js";

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
function signed(value) { return (value < 0 ? "" : "+") + value; }
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
    case "lpLost": return f(gettext("%(seat)s loses %(value)s LP"), { seat: seatName(item.seat), value: item.value });
    case "lp": return f(gettext("%(seat)s now has %(value)s LP"), { seat: seatName(item.seat), value: item.value });
    case "monsterDestroyed": return f(gettext("a monster of %(seat)s is destroyed"), { seat: seatName(item.seat) });
    case "revealed": return gettext("the face-down monster is revealed");
    case "summonEffects": return gettext("its summon effects apply (by hand)");
    case "negated": return gettext("the attack is negated");
    case "attack": return item.direct ? gettext("a direct attack") : f(gettext("at the monster at place %(place)s"), { place: item.at + 1 });
    case "option": return f(item.on ? gettext("turned on: %(option)s") : gettext("turned off: %(option)s"), { option: optionWords(item.key)[0] });
    case "attackTransferred": return gettext("the attack is transferred to the interceptor");
    case "equip":
      // The bonus its data declare counts while attached; its other effects are logged, not executed.
      return [
        item.atk && item.pv ? f(gettext("ATK %(atk)s, PV %(pv)s while attached"), { atk: signed(item.atk), pv: signed(item.pv) })
          : item.atk ? f(gettext("ATK %(atk)s while attached"), { atk: signed(item.atk) })
          : item.pv ? f(gettext("PV %(pv)s while attached"), { pv: signed(item.pv) }) : "",
        item.logged && item.logged.length ? f(gettext("effects logged, not executed: %(effects)s"), { effects: item.logged.join(", ") }) : "",
      ].filter(Boolean).join("; ");
    case "equipmentDiscarded": return f(gettext("%(seat)s's equipment on it goes to the discard"), { seat: seatName(item.seat) });
    case "miss": return item.perfect ? gettext("the attack is cancelled (perfect guard)") : f(gettext("no hit: %(power)s against %(defence)s"), item);
    // Riftbound: showdowns, control and scoring.
    case "showdown": return f(gettext("showdown at %(zone)s: %(attack)s against %(defence)s"), { zone: zoneLabel(item.zone), attack: item.attack, defence: item.defence });
    case "dies": return f(gettext("a unit of %(seat)s dies"), { seat: seatName(item.seat) });
    case "deathknell": return gettext("its DEATHKNELL triggers (apply it by hand)");
    case "recalled": return f(ngettext("%(count)s attacker goes back to base", "%(count)s attackers go back to base", item.count), { count: item.count });
    case "conquer": return f(ngettext("%(seat)s conquers %(zone)s: %(points)s point", "%(seat)s conquers %(zone)s: %(points)s points", item.points), { seat: seatName(item.seat), zone: zoneLabel(item.zone), points: item.points });
    case "hold": return f(ngettext("%(seat)s holds %(zone)s: %(points)s point", "%(seat)s holds %(zone)s: %(points)s points", item.points), { seat: seatName(item.seat), zone: zoneLabel(item.zone), points: item.points });
    case "lastPointRefused": return f(gettext("%(seat)s's last point cannot come from this conquest (rule 451): a card drawn instead"), { seat: seatName(item.seat) });
    case "xp": return f(gettext("%(seat)s gains %(value)s XP"), { seat: seatName(item.seat), value: item.value });
  }
  return "";
}


// Duel: the seed's points still under discussion, each a table option (off unless the players turned
// it on before the first main phase); the buttons to turn them on or off are the offered intents.
export function optionWords(key) {
  var words = {
    oneReaction: [gettext("One reaction per action (no chain)"), gettext("a second trap used in answer to the same action is refused")],
    flipSummonEffects: [gettext("A flip summon triggers summon effects"), gettext("the log says a flip summon's summon effects apply (by hand)")],
    lpCap: [gettext("LP capped at 6,000"), gettext("a gain of LP stops at 6,000")],
    noHandLimit: [gettext("No hand limit"), gettext("the seed sets no hand limit: the table enforces none, on or off")],
    drawAfter150: [gettext("A draw beyond 150 turns"), gettext("the game ends in a draw when the 150th turn ends")],
  };
  return words[key] || [key, ""];
}

// The event's line added at the end of the log (#log), its seq a link to the table after it.
export function appendLog(event) {
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
  // A finished table's log is commented on (comments/_threads.html): each event's line opens a thread.
  if (document.getElementById("comment-event")) {
    item.appendChild(document.createTextNode(" "));
    item.appendChild(button(gettext("Comment"), function () { commentOn(event.seq); }, {
      class: "secondary small commenton",
      "aria-label": f(gettext("Comment on event #%(seq)s"), { seq: event.seq }),
    }));
  }
  list.appendChild(item);
  if (!replaying()) list.scrollTop = list.scrollHeight;
  fillEventWords();
}

// --- comments on the events of a finished table (comments/_threads.html) ----------------------
function commentOn(seq) {
  var field = document.getElementById("comment-event");
  var body = document.getElementById("comment-body");
  if (!field || !body) return;
  field.value = seq;
  body.scrollIntoView({ block: "center" });
  body.focus();
}
// Each thread says its event in the log's words: the event as this reader sees it (its view).
function fillEventWords() {
  document.querySelectorAll("[data-event-words]").forEach(function (span) {
    var seq = Number(span.getAttribute("data-event-words"));
    var event = state.events.filter(function (e) { return e.seq === seq; })[0];
    if (event) span.textContent = describe(event);
  });
}
document.addEventListener("htmx:afterSwap", fillEventWords);
