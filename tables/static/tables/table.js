/* A playtest table: the viewer's view from the API; the viewer's moves go by POST, the other players'
 * arrive over the table's WebSocket (or by polling the API while no socket is open).
 *
 * An ES module, loaded by templates/tables/table.html (<script type="module">, no build step); its
 * parts are the modules of table/, imported by relative paths (collectstatic's manifest storage
 * rewrites them to the hashed names, studio.staticfiles; their imports form no cycle):
 *   config.js     the table as the page was served with it (json_script "table-config")
 *   i18n.js       gettext and friends (Django's JavaScript catalog), a card's name for its reader
 *   dom.js        building elements, the notice
 *   state.js      what the page holds of the table, and what it reads from it
 *   transport.js  moves by POST, the socket, the polls, each event applied once (a bot's one at a time)
 *   log.js        the log in words (a game's own moves by the lines its rule set declares)
 *   board.js      the sides, their zones and cards
 *   dnd.js        drag and drop of cards to zones and squares
 *   selection.js  the chosen card: its panel, its zoom
 *   chess.js      the board of squares of a game played on one
 *   buttons.js    the turn bar: the steps and the buttons of the moves (in rules mode, the offered intents)
 *   panels.js     status and clock, setup, result, what no player decides alone, the replay bar
 *   keys.js       the keyboard shortcuts
 *
 * The page holds no card the viewer may not see: everything shown comes from GET /api/tables/{id}/
 * and the socket's updates (tables/consumers.py), both cut to what the viewer may see.
 */
import { renderBoard } from "./table/board.js";
import { renderTurnbar } from "./table/buttons.js";
import { refreshChessboard } from "./table/chess.js";
import { config, root } from "./table/config.js";
import { say } from "./table/dom.js";
import { gettext } from "./table/i18n.js";
import { listenToKeys } from "./table/keys.js";
import {
  renderClock, renderFair, renderReplaybar, renderResult, renderSetup, renderStatus, startClock,
} from "./table/panels.js";
import { renderSelection } from "./table/selection.js";
import { redraw, replaying, state } from "./table/state.js";
import { catchUp, connect, getJSON, setLink, update } from "./table/transport.js";

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

// The offered moves arrived (rules mode): their buttons, their squares, the chosen card's moves; the
// cards stay the same elements (a double click on one zooms it).
function renderMoves() {
  renderTurnbar(state.view);
  refreshChessboard();
  renderSelection();
}

function start() {
  redraw.all = render;
  redraw.moves = renderMoves;
  startClock();
  listenToKeys();
  document.addEventListener("click", function (event) {
    var copy = event.target.closest && event.target.closest("[data-copy]");
    if (!copy) return;
    var input = document.getElementById(copy.dataset.copy);
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(function () {});
    say(gettext("The link is copied."));
  });
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
}

if (config) start();
