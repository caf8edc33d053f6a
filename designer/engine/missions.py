"""Where the bots go for the mission conditions (Prison Outbreak): a zone to stand in or carry
items to, zombies to hunt down, the button that closes a door.

:func:`condition_goal` answers, for a victory step that is a condition on the moment, what
:func:`designer.engine.policies.goal_zones` answers for the other steps: (zones, action,
target). The rules of the conditions themselves are in :mod:`designer.engine.game`
(``STEP_MET``) and :mod:`designer.rules.missions`.
"""

from __future__ import annotations

from typing import Any

from ..rules.compiled import EV_PRESSED, FX_CLOSE, FX_LOCK, FX_OPEN, FX_TOGGLE
from ..rules.missions import zombie_reach
from .state import INF

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
    """(zones, action, target) for the conditions from step ``i`` on, or None when the bots have
    nothing to walk to for them.

    The conditions of a mission hold together (see ``CONDITION_KINDS``), so they are worked on
    together: first a button that closes a door a 'doors_closed' step wants shut, as long as the
    press leaves the other such buttons and the zones to hold within reach of everyone; then the
    zombies to hunt ('no_zombie_path', 'no_zombies'); then the zones to stand in ('hold_zone',
    'carry_items')."""
    st, b = game.state, game.board
    cs = b.rules
    steps = b.scenario.victory.steps
    todo = [j for j in range(i, len(steps)) if cs.step_condition[j] and not game.step_met(j)] or [i]
    kinds = {steps[j].kind: j for j in reversed(todo)}
    stand = [z for j in range(i, len(steps)) if steps[j].kind in ("hold_zone", "carry_items")
             for z in cs.step_targets[j]]
    if "doors_closed" in kinds:
        press = _closing_press(game, cs.step_targets[kinds["doors_closed"]], stand)
        if press is not None:
            return [st.obj_zone[press]], "press", press
    if "no_zombie_path" in kinds:
        reach = zombie_reach(cs, st.doors_open, cs.step_targets[kinds["no_zombie_path"]])
        zones = [z for z in st.zombie_zones() if reach[z] and st.zombies_in(z)]
        if zones:
            return zones, "hunt", None
    if "no_zombies" in kinds:
        zones = [z for z in st.zombie_zones() if st.zombies_in(z)]
        if zones:
            return zones, "hunt", None
    for kind in ("carry_items", "hold_zone"):
        if kind in kinds:
            return list(cs.step_targets[kinds[kind]]), "reach", None
    if stand:
        return stand, "reach", None
    return None


def _closing_press(game: Any, doors: tuple[int, ...], stand: list[int]) -> int | None:
    """A switch to press so that the doors get shut: one whose press leaves every other switch
    still needed within reach of it, and every living survivor within reach of the zones to
    hold; None when no press is safe yet (the team gathers first)."""
    st, b = game.state, game.board
    cs = b.rules
    closers = _closers(cs)
    options = list(dict.fromkeys(o for d in doors if st.doors_open >> d & 1 for o in closers.get(d, ())
                                 if b.obj_repeatable[o] or not st.pressed >> o & 1))
    for o in options:
        after = _after_press(cs, o, st.doors_open)
        still = [x for x in options if x != o and any(after >> d & 1 for d in doors if x in closers.get(d, ()))]
        if not all(b.survivor_distances(st.obj_zone[x], after)[st.obj_zone[o]] < INF for x in still):
            continue
        if stand:
            dists = [b.survivor_distances(z, after) for z in dict.fromkeys(stand)]
            if not all(any(dist[s.zone] < INF for dist in dists) for s in st.living()):
                continue
        return o
    return None


def _after_press(cs: Any, o: int, doors_open: int) -> int:
    """The open doors after switch ``o`` is pressed (its close, toggle and open effects)."""
    out = doors_open
    for ti in cs.triggers_on[EV_PRESSED].get(o, ()):
        for op, arg in cs.trig_effects[ti]:
            bit = 1 << arg
            if op == FX_TOGGLE:
                out ^= bit
            elif op in (FX_CLOSE, FX_LOCK):
                out &= ~bit
            elif op == FX_OPEN:
                out |= bit
    return out
