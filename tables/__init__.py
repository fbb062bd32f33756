"""Playtest tables: two seats, two frozen decks and an append-only event log (issue 23).

The state of a table is a pure function of its seed, its decks and its events, computed by
:mod:`rules.tables`; this app stores them (:mod:`.models`), writes them (:mod:`.services`) and
reads them as each viewer may see them (:mod:`.selectors`).
"""
