"""Declarative effects: the shared shape, each game's vocabulary, shape errors and text checks.

Effects are data, not code: the studio keeps them exact, checks their shape and
flags what a human must look at; it never plays them. Every game declares its
vocabulary (:class:`rules.effects.vocabulary.EffectVocabulary`: timings, durations, actions, costs,
conditions, targets...) in its rule-set module; :func:`rules.effects.schema.build_schema` turns it
into a JSON Schema (Draft 2020-12) where every object is closed
(``additionalProperties: false``), so an unknown key or value is an error,
never silently ignored.

The shared shape of one effect::

    {
      "effectId": "DR-U02.arrival",        # unique in the game, never changes
      "kind": "quick",                     # passive | activated | quick | triggered
      "timing": "ON_ENTER_FIELD",          # from the game's timings
      "text": "Rapide une fois par tour à l’arrivée : ...",  # optional excerpt of the card text
      "limit": {"per": "turn", "count": 1, "scope": "player",
                "key": ["player", "turn", "effectId"], "sharedByCopies": true},
      "costs": [...], "conditions": [...], "targets": [{"id": "unit", ...}],
      "actions": [{"do": "DEPLOY", ...}],  # at least one, from the game's actions
      "duration": "UNTIL_END_OF_TURN",     # where the effect changes something over time
      "implemented": false,                # only says whether the engine runs it
      "notes": "..."                       # for people
    }

Two levels of checks, like the card fields (:mod:`rules.fields`):

* **shape** (:mod:`rules.effects.shape`, code ``EFFECT_SCHEMA``...): what can never
  be stored; every error names its JSON path (``effects[2].actions[0].stat``);
* **consistency** (:mod:`rules.effects.consistency`): text and structure that
  disagree. Checks that read the text are heuristics and give warnings; a
  contradiction inside the structure itself is an error (the card can be saved,
  not VALIDATED). the catalogue (:mod:`rules.codes`) says which audit list each code feeds.
"""
