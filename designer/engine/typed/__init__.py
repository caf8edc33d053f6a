"""The typed batch engine: whole games of a compiled board in typed Python (Cython's pure
Python mode), compiled by ``setup.py`` and run as plain Python where it is not built, with the
same games either way: the one engine (the golden playthroughs, ``tests/golden``, are its
regression truth).

- :mod:`.tables` reads the engine's tables straight from the :class:`~designer.engine.board.Board`
  (the compiled scenario) and the rule profile: integer arrays, one per field, sized from the
  board.
- :mod:`.play` plays games on those tables: the state, the zombies' phase, the survivors'
  actions and triggers, and the built-in bots (greedy, cautious, random).

:mod:`designer.engine.core` is the entry point batches call.
"""
