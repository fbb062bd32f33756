/* The table as the page was served with it (templates/tables/table.html): the element it is drawn in,
 * its configuration (the json_script "table-config": the API's addresses, the seats the viewer acts
 * for, the game's labels as its rule set declares them) and the CSRF token moves are posted with.
 * Null on a page without a table: table.js then starts nothing. */

export const root = document.getElementById("table");
const configNode = document.getElementById("table-config");
export const config = root && configNode ? JSON.parse(configNode.textContent) : null;
// The game's names and moves as its rule set declares them (tables.views): zones, counters, steps,
// setup choices, mulligan, and its own moves' labels and log lines (ruleMoves, freeMoves).
export const L = config ? config.labels : null;
export const csrf = root ? root.dataset.csrf : "";
// Rules mode: the moves the rules allow the acting seat now (GET intents/), each sent as is.
export const RULES = !!config && config.mode === "rules";
// A narrow screen (a phone): the cards first, the buttons folded.
export const narrow = window.matchMedia ? window.matchMedia("(max-width: 640px)") : { matches: false };
