/* The page's words: Django's JavaScript catalog (loaded before this module by base.html; its
 * gettext, ngettext and interpolate are globals), English without it; and a card's name in the
 * reader's language. */
import { config } from "./config.js";

export const gettext = window.gettext || function (s) { return s; };
export const ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
export const interpolate = window.interpolate || function (s, o) {
  return s.replace(/%\((\w+)\)s/g, function (_, k) { return o[k]; });
};
export function f(text, values) { return interpolate(text, values, true); }

// A card in the reader's language: the server gives each card the viewer may see its names by language
// when it has current (VALIDATED, not stale) translations (tables.selectors.with_translated_names);
// the page shows its reader's (config.language), the source name ("name") one click away (the zoom).
const READER = (config && config.language) || (document.documentElement.lang || "").split("-")[0];
export function translatedName(card) { return (card && card.names && card.names[READER]) || ""; }
export function cardName(card) { return translatedName(card) || (card && card.name) || ""; }
export function nameLang(card) { return translatedName(card) ? READER : (card && card.language) || null; }
