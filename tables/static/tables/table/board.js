/* The board (#board): each seat's side (its counters and zones) and the shared zones, the cards in
 * them (their faces in the reader's language, the game's figures of each), the board of squares of a
 * game played on one (chess.js). The zones are the rule set's (labels.zones: label, layout). */
import { config, L, RULES } from "./config.js";
import { renderChessboard, refreshChessboard } from "./chess.js";
import { carry, zoneTarget } from "./dnd.js";
import { button, el } from "./dom.js";
import { cardName, f, gettext, interpolate, nameLang, ngettext, translatedName } from "./i18n.js";
import { renderSetup } from "./panels.js";
import { markCards, renderSelection, zoom } from "./selection.js";
import {
  BOARD_DPI, actingSeat, counterLabel, faceUrl, finished, mine, pendingOf, playing, redraw, replaying, searching, seatData, seatName, state, zoneLabel,
} from "./state.js";
import { send } from "./transport.js";

// The elements drawn by the last renderBoard, by key, each with what it showed (its signature): an
// update draws only what changed. An element whose signature is the same is kept as it is, in its
// place (its image not asked again, its focus kept, no layout of it again); the others are built.
let drawn = new Map();
let drawing = new Map();

// The element of ``key`` as drawn last if it showed the same (``sig``), else ``build()``.
function kept(key, sig, build) {
  if (drawing.has(key)) return build(); // drawn twice (never expected): the second is its own element
  var last = drawn.get(key);
  var node = last && last.sig === sig ? last.node : build();
  drawing.set(key, { sig: sig, node: node });
  return node;
}

// ``parent``'s children made ``nodes``, in order: those already there stay (not taken out and put
// back), the others go.
function fill(parent, nodes) {
  var wanted = new Set(nodes);
  Array.prototype.slice.call(parent.childNodes).forEach(function (child) { if (!wanted.has(child)) parent.removeChild(child); });
  nodes.forEach(function (node, i) {
    var here = parent.childNodes[i];
    if (here !== node) parent.insertBefore(node, here || null);
  });
}

function setText(node, text) { if (node.textContent !== text) node.textContent = text; }

// The sides: the acting seat below, the other above; on a narrow screen one at a time.
export function renderBoard(view) {
  var board = document.getElementById("board");
  drawing = new Map();
  var below = actingSeat() || 1;
  var above = 3 - below;
  if (!state.shown) state.shown = below;
  renderSideTabs(above, below);
  var parts = [renderSide(seatData(above), "above")];
  if (view.shared && view.shared.length) {
    var shared = kept("shared", "", function () { return el("section", { class: "shared", "aria-label": gettext("Shared zones") }); });
    fill(shared, view.shared.map(function (zone) { return renderZone(zone, null); }));
    parts.push(shared);
  }
  if (view.board) parts.push(renderChessboard(view.board));
  parts.push(renderSide(seatData(below), "below"));
  fill(board, parts);
  drawn = drawing;
  // The chosen card's and the mulligan's marks, on the cards kept as on those built.
  markCards();
}

// The tabs of the sides (a narrow screen), drawn again only when they change.
let tabsDrawn = null;
function renderSideTabs(above, below) {
  var tabs = document.getElementById("sidetabs");
  var label = function (number) { return mine(number) && config.seats.length === 1 ? gettext("Your side") : seatName(number); };
  var sig = JSON.stringify([below, above, state.shown, label(below), label(above)]);
  if (tabsDrawn === sig) return;
  tabsDrawn = sig;
  tabs.textContent = "";
  [below, above].forEach(function (number) {
    tabs.appendChild(el("button", {
      type: "button", role: "tab", "aria-selected": state.shown === number ? "true" : "false",
      on: { click: function () { state.shown = number; redraw.all(); } },
    }, [label(number)]));
  });
}

function renderSide(seat, where) {
  if (!seat) return kept("empty:" + where, "", function () { return el("section", { class: "side empty " + where }, [gettext("Nobody sits here yet.")]); });
  var side = kept("side:" + seat.seat, seatName(seat.seat), function () {
    return el("section", { "data-seat": seat.seat, "aria-label": seatName(seat.seat) });
  });
  var classes = "side " + where + (state.shown === seat.seat ? " shown" : "");
  if (side.className !== classes) side.className = classes;
  var turn = playing() && state.view.turn.seat === seat.seat;
  var head = kept("head:" + seat.seat, JSON.stringify([seatName(seat.seat), seat.deck, seat.verdict, turn]), function () {
    var head = el("header", { class: "sidehead" }, [el("h2", { text: seatName(seat.seat) })]);
    if (seat.deck) head.appendChild(el("span", { class: "muted", text: typeof seat.deck === "object" ? seat.deck.name : seat.deck }));
    if (seat.verdict) {
      var legal = seat.verdict.legal;
      head.appendChild(el("span", { class: "verdict " + (legal ? "ok" : "bad"), text: legal ? gettext("legal deck") : f(ngettext("illegal deck: %(count)s problem", "illegal deck: %(count)s problems", seat.verdict.violations || 0), { count: seat.verdict.violations || 0 }) }));
    }
    if (turn) head.appendChild(el("span", { class: "badge", text: gettext("their turn") }));
    return head;
  });
  var counting = !RULES && mine(seat.seat) && !replaying() && playing();
  var counters = kept("counters:" + seat.seat, JSON.stringify([seat.counters, counting]), function () { return renderCounters(seat, counting); });
  var zones = kept("zones:" + seat.seat, "", function () { return el("div", { class: "zones" }); });
  fill(zones, seat.zones.map(function (zone) { return renderZone(zone, seat.seat); }));
  fill(side, [head, counters, zones]);
  return side;
}

function renderCounters(seat, counting) {
  var box = el("div", { class: "counters row" });
  Object.keys(seat.counters || {}).forEach(function (key) {
    var value = seat.counters[key];
    var spec = L.counters[key] || {};
    var item = el("span", { class: "counter", "data-counter": key }, [el("span", { class: "label", text: counterLabel(key) }), " ", el("strong", { text: String(value) })]);
    // In rules mode a counter is the rules' to set (darkrow's Indices): shown, never a button.
    if (counting) {
      item.insertBefore(button("−", function () { send("counter", { key: key, value: value - 1 }, seat.seat); }, { class: "secondary small", "aria-label": f(gettext("%(counter)s minus one"), { counter: counterLabel(key) }), disabled: spec.minimum !== null && spec.minimum !== undefined && value <= spec.minimum }), item.lastChild);
      item.appendChild(button("+", function () { send("counter", { key: key, value: value + 1 }, seat.seat); }, { class: "secondary small", "aria-label": f(gettext("%(counter)s plus one"), { counter: counterLabel(key) }), disabled: spec.maximum !== null && spec.maximum !== undefined && value >= spec.maximum }));
    }
    box.appendChild(item);
  });
  return box;
}

function renderZone(zone, owner) {
  var spec = L.zones[zone.key] || {};
  var where = (owner || "") + ":" + zone.key;
  // An equipment attached to a unit lies beside it and takes no slot (darkrow: "6 emplacements
  // partagés Unités/Légendaires"): the slots count the others, the equipment is counted apart.
  var attached = (zone.cards || []).filter(function (c) { return c.attachedTo; }).length;
  var count = zone.capacity ? (zone.count - attached) + "/" + zone.capacity : String(zone.count - attached);
  if (attached) count += " + " + attached + " ⚙";
  var classes = "zone layout-" + (zone.layout || spec.layout || "row") + " vis-" + zone.visibility;
  // A zone takes drops only outside a replay: a zone kept from before a replay began is built again.
  var target = !replaying() && config.seats.length > 0 && (owner === null || mine(owner));
  var box = kept("zone:" + where, classes + (target ? " target" : ""), function () {
    var box = el("div", { class: classes, "data-zone": zone.key, "data-owner": owner || "", "aria-label": zoneLabel(zone.key) }, [
      el("h3", {}, [zoneLabel(zone.key), " ", el("span", { class: "count", title: gettext("cards") })]),
      el("ul", { class: "cards" }),
    ]);
    if (target) zoneTarget(box, zone.key);
    return box;
  });
  setText(box.querySelector(".count"), count);
  var items = [];
  var known = zone.cards || [];
  var hidden = zone.count - known.length;
  // A pile shows its top card; a pile its owner is searching, every card (their view holds them).
  var pile = (zone.layout || spec.layout) === "pile" && !searching(owner, zone.key);
  if (pile) {
    // A pile: its top card if the viewer may see it, else its back (the deck: draggable by its owner).
    var top = known.length ? known[known.length - 1] : null;
    if (top && top.instance) items.push(keptCard(top, owner, zone.key, where));
    else if (zone.count) items.push(keptBack(owner, zone.key, zone.count, where + ":pile"));
  } else {
    known.forEach(function (card, i) { items.push(keptCard(card, owner, zone.key, where + ":" + (card.instance || "#" + i))); });
    for (var i = 0; i < hidden && i < 12; i++) items.push(keptBack(null, zone.key, 0, where + ":back" + i));
  }
  fill(box.querySelector("ul.cards"), items);
  return box;
}

// A card as drawn last if it shows the same (its marks, chosen or put back, are markCards'), else anew.
function keptCard(card, owner, zone, key) {
  var cardOwner = card.owner || owner;
  var ownCard = cardOwner && mine(cardOwner) && !replaying() && !finished();
  return kept("card:" + key, JSON.stringify([card, owner, zone, ownCard]), function () { return renderCard(card, owner, zone); });
}

function keptBack(owner, zone, count, key) {
  var draggable = owner && mine(owner) && !replaying() && playing();
  return kept("back:" + key, JSON.stringify([owner, zone, count, draggable]), function () { return renderBack(owner, zone, count); });
}

function renderBack(owner, zone, count) {
  var draggable = owner && mine(owner) && !replaying() && playing();
  var item = el("li", { class: "tcard back" + (count ? " stack" : ""), draggable: draggable ? "true" : null, "data-zone": zone, "data-owner": owner || "" }, [
    el("span", { class: "backface", "aria-hidden": "true" }),
    count ? el("span", { class: "stackcount", text: String(count) }) : el("span", { class: "visually-hidden", text: gettext("a hidden card") }),
  ]);
  if (draggable) {
    item.tabIndex = 0;
    carry(item, { from: zone, owner: owner });
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
  if (card.stableCardId) face.appendChild(el("img", { src: faceUrl(card, BOARD_DPI), srcset: faceUrl(card, BOARD_DPI) + " 1x, " + faceUrl(card, 2 * BOARD_DPI) + " 2x", alt: "", width: "75", height: "105" }));
  else face.appendChild(el("span", { class: "noface", "aria-hidden": "true", text: card.type || "" }));
  face.appendChild(el("span", { class: "cardname", lang: nameLang(card), text: cardName(card) }));
  if (typeof card.atk === "number" && typeof card.pv === "number") {
    // A unit's effective ATK and PV (the game's card view), its damage marked.
    var stats = interpolate(gettext("ATK %(atk)s · PV %(pv)s"), { atk: card.atk, pv: card.pv }, true);
    var hurt = card.damage ? interpolate(ngettext("%(damage)s damage", "%(damage)s damage", card.damage), { damage: card.damage }, true) : "";
    var sick = card.sick ? gettext("arrived this turn") : "";
    face.appendChild(el("span", { class: "cardstats" + (card.damage ? " hurt" : ""), "data-atk": card.atk, "data-pv": card.pv, "data-damage": card.damage || 0, text: card.atk + "/" + card.pv + (card.damage ? " −" + card.damage : "") }));
    face.setAttribute("aria-label", [label, stats, hurt, sick].filter(Boolean).join(", "));
    face.title = [face.title, stats, hurt, sick].filter(Boolean).join(" · ");
  }
  // Duel: a monster's ATK/DEF (with the changes recorded) and its position; an equipment, its monster.
  if (card.position) {
    var duelStats = f(gettext("ATK %(atk)s · DEF %(def)s"), card);
    var where = card.position === "attack" ? gettext("attack position") : gettext("defence position");
    face.appendChild(el("span", {
      class: "cardstats duelstats pos-" + card.position, "data-atk": card.atk, "data-def": card["def"], "data-position": card.position,
      text: (card.position === "attack" ? "⚔ " : "⛨ ") + card.atk + "/" + card["def"],
    }));
    face.setAttribute("aria-label", [label, duelStats, where].join(", "));
    face.title = [face.title, duelStats, where].join(" · ");
  }
  if (card.onName) {
    var equips = f(gettext("equips %(name)s"), { name: card.onName });
    face.appendChild(el("span", { class: "cardstats equipon", text: "↳ " + card.onName }));
    face.setAttribute("aria-label", [label, equips].join(", "));
    face.title = [face.title, equips].join(" · ");
  }
  // Darkrow's equipment: a unit names what is attached to it, an equipment the unit it is attached to.
  if (card.equipment && card.equipment.length) {
    var gear = card.equipment.map(function (e) { return e.name; }).join(", ");
    var equippedWith = f(gettext("equipped with %(names)s"), { names: gear });
    face.appendChild(el("span", { class: "cardgear", "data-equipment": card.equipment.length, text: "⚙ " + gear }));
    face.setAttribute("aria-label", face.getAttribute("aria-label") + ", " + equippedWith);
    face.title = face.title + " · " + equippedWith;
  }
  if (card.attachedTo) {
    var on = f(gettext("attached to %(name)s"), { name: card.attachedTo.name });
    item.classList.add("attached");
    face.appendChild(el("span", { class: "cardgear", "data-attached-to": card.attachedTo.instance, text: "⚙ → " + card.attachedTo.name }));
    face.setAttribute("aria-label", face.getAttribute("aria-label") + ", " + on);
    face.title = face.title + " · " + on;
  }
  // The game's figures of the card (vanguard: power with the turn's bonuses and the boost, critical, shield).
  if (card.stats) {
    face.appendChild(el("span", {
      class: "cardstats", "data-power": card.stats.power,
      title: f(gettext("power %(power)s, critical %(critical)s, shield %(shield)s"), card.stats),
      text: card.stats.power + " ✦" + card.stats.critical + " ◈" + card.stats.shield,
    }));
  }
  // Riftbound: a unit's Might (with the turn's changes), a battlefield's controller, the Legend's XP.
  var figures = [];
  if (typeof card.might === "number") figures.push(["might", card.might, interpolate(gettext("Might %(might)s"), { might: card.might }, true), String(card.might)]);
  if (card.controller) figures.push(["controller", card.controller, interpolate(gettext("held by seat %(seat)s"), { seat: card.controller }, true), "⚑" + card.controller]);
  if (typeof card.xp === "number") figures.push(["xp", card.xp, interpolate(gettext("%(xp)s XP"), { xp: card.xp }, true), card.xp + " XP"]);
  figures.forEach(function (figure) {
    var span = el("span", { class: "cardstats", title: figure[2], text: figure[3] });
    span.setAttribute("data-" + figure[0], figure[1]);
    face.appendChild(span);
    face.setAttribute("aria-label", face.getAttribute("aria-label") + ", " + figure[2]);
  });
  face.addEventListener("click", function () { choose(card, cardOwner, zone); });
  face.addEventListener("dblclick", function () { zoom(card); });
  if (ownCard) {
    carry(face, { instance: card.instance, from: zone, owner: cardOwner });
  }
  item.appendChild(face);
  return item;
}

// A card clicked: chosen (its panel opens), or during the mulligan put in or out of the cards to put back.
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
  state.cardSquare = null;
  refreshChessboard();
  // The cards stay the same elements (a double click on one zooms it): only their marks change.
  markCards();
  renderSelection();
}
