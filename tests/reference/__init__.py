"""The reference engine as it was before the typed engine took every game: kept here, outside
the package, only as the oracle of the rule tests not yet written on the typed engine (every
game the package plays is the typed engine's). Each test file still importing it is listed in
docs/engine.md ("What is left of the reference engine"); once none does, this folder goes."""
