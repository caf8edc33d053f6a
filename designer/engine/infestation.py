"""Infestation in play: the non-player monsters a scenario places at set-up
(:class:`designer.model.infestation.Infestation`, docs/terrain.md).

Each placement puts its monster's miniatures (``count`` of its zombie type) in its zone. They
are added to the box first and then placed from it, so the zombies of the spawn deck are not
used up by the monsters; a monster killed goes back to the box like any zombie. How the zombies
act is the rule profile's (Eden's activation: :class:`designer.engine.profiles.EdenMonsters`).
"""

from __future__ import annotations

from typing import Any

from ..rules.zombies import ZINDEX


__all__ = ["place_infestation"]


def place_infestation(game: Any, st: Any) -> None:
    """Place every monster of the scenario's infestation in its zone."""
    b = game.board
    inf = b.scenario.infestation
    for p in inf.placed:
        m = inf.monster(p.monster)
        t = ZINDEX[m.zombie]
        st.pool[t] += m.count
        game._place(st, b.zone_index[p.zone], t, m.count)
