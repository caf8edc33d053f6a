"""Where the bots go for the mission conditions (Prison Outbreak): a zone to stand in or carry
items to, zombies to hunt down, the button that closes a door.

:func:`condition_goal` answers, for a victory step that is a condition on the moment, what
:func:`designer.engine.policies.goal_zones` answers for the other steps: (zones, action,
target). The rules of the conditions themselves are in :mod:`designer.engine.game`
(``STEP_MET``) and :mod:`designer.rules.missions`.
"""

from __future__ import annotations

from typing import Any

from ..rules.compiled import EV_PRESSED, FX_CLOSE, FX_LOCK, FX_TOGGLE
from ..rules.missions import zombie_reach

__all__ = ["CONDITION_GOALS", "condition_goal"]

CONDITION_GOALS = frozenset({"no_zombies", "doors_closed", "no_zombie_path", "carry_items", "hold_zone"})
"""The victory step kinds :func:`condition_goal` answers for."""


def _closers(cs: Any) -> dict[int, list[int]]:
    """Per door, the switches whose presses close it (close, toggle or lock effects)."""
    cache = cs.caches.setdefault("door_closers", {})
    got = cache.get(0)
    if got is None:
        got = {}
        for o, tis in cs.triggers_on[EV_PRESSED].items():
            for ti in tis:
                for op, arg in cs.trig_effects[ti]:
                    if op in (FX_CLOSE, FX_TOGGLE, FX_LOCK) and o not in got.setdefault(arg, []):
                        got[arg].append(o)
        cache[0] = got
    return got


def condition_goal(game: Any, i: int) -> tuple[list[int], str, int | None] | None:
    """(zones, action, target) for condition step ``i`` not met yet, or None when the bots have
    nothing to walk to for it."""
    st, b = game.state, game.board
    cs = b.rules
    kind = b.scenario.victory.steps[i].kind
    targets = cs.step_targets[i]
    if kind in ("hold_zone", "carry_items"):
        return list(targets), "reach", None
    if kind == "no_zombies":
        return [z for z in st.zombie_zones() if st.zombies_in(z)], "hunt", None
    if kind == "no_zombie_path":
        reach = zombie_reach(cs, st.doors_open, targets)
        return [z for z in st.zombie_zones() if reach[z] and st.zombies_in(z)], "hunt", None
    if kind == "doors_closed":
        closers = _closers(cs)
        for d in targets:
            if st.doors_open >> d & 1:
                for o in closers.get(d, ()):
                    if b.obj_repeatable[o] or not st.pressed >> o & 1:
                        return [st.obj_zone[o]], "press", o
    return None
