"""Facts of the Prison Outbreak mission rules that the validator and the engine both read: where
zombies have a way into a set of zones, where each survivor of split starting groups starts, and
which spawn zones are active whatever the survivors do.

>>> from designer.rules import compile                            # doctest: +SKIP
>>> cs = compile(scenario)                                        # doctest: +SKIP
>>> reach = zombie_reach(cs, cs.door_open0, [cs.zone_index["safe"]])   # doctest: +SKIP
>>> [cs.zone_ids[z] for z, ok in enumerate(reach) if ok]          # doctest: +SKIP
['safe', 'cellblock']
"""

from __future__ import annotations

from typing import Any, Iterable

from .compiled import FX_ACTIVATE, FX_DEACTIVATE, FX_TOGGLE_SPAWN, CompiledScenario

__all__ = ["always_active_spawns", "start_group_zones", "zombie_reach"]


def zombie_reach(cs: CompiledScenario, doors_open: int, zones: Iterable[int]) -> list[bool]:
    """Per zone, whether a zombie standing there has a path into one of ``zones`` now: through
    connections zombies may cross (a fence stops them, a ladder or an elevator that zombies
    cannot take too) and doors open in ``doors_open``; a zone of ``zones`` counts itself.

    O(V + E) per call; the reverse adjacency is built once per compiled scenario."""
    cache = cs.caches.setdefault("zombie_back", {})
    back = cache.get(0)
    if back is None:
        back = [[] for _ in range(cs.n)]
        for u in range(cs.n):
            for v, c, ok in cs.zpath_adj[u]:
                if ok:
                    back[v].append((u, cs.c_door[c]))
        cache[0] = back
    seen = [False] * cs.n
    todo = list(dict.fromkeys(zones))
    for z in todo:
        seen[z] = True
    while todo:
        v = todo.pop()
        for u, d in back[v]:
            if not seen[u] and (d < 0 or doors_open >> d & 1):
                seen[u] = True
                todo.append(u)
    return seen


def start_group_zones(cs: CompiledScenario, survivors: Any, count: int) -> list[int]:
    """The start zone of each of ``count`` survivors (in turn order) under split starting groups
    (the compiled ``start_groups``): the zone of the group that names the survivor, else of the
    group with the fewest survivors so far (the first on a tie), so the team splits in equal
    halves ("Dividi il Team in due parti uguali"). ``survivors`` is the set-up's ``Survivors``."""
    groups = cs.start_groups
    names = [h.name for h in survivors.heroes]
    sizes = [0] * len(groups)
    home: list[int] = [-1] * count
    for k in range(min(count, len(names))):
        g = next((j for j, (_, heroes) in enumerate(groups) if names[k] in heroes), -1)
        if g >= 0:
            home[k] = g
            sizes[g] += 1
    for k in range(count):
        if home[k] < 0:
            g = min(range(len(groups)), key=lambda j: (sizes[j], j))
            home[k] = g
            sizes[g] += 1
    return [groups[g][0] for g in home]


def always_active_spawns(cs: CompiledScenario) -> list[int]:
    """Spawn indices active at the start that no effect turns off or toggles: they spawn every
    turn whatever the survivors do."""
    touched = 0
    for row in cs.trig_effects:
        for op, arg in row:
            if op in (FX_DEACTIVATE, FX_TOGGLE_SPAWN):
                touched |= 1 << arg
    return [k for k in range(len(cs.spawn_ids)) if cs.spawn_active0 >> k & 1 and not touched >> k & 1]


def maybe_active_spawns(cs: CompiledScenario) -> list[int]:
    """Spawn indices some game may see active (at the start, or turned on by an effect)."""
    on = cs.spawn_active0
    for row in cs.trig_effects:
        for op, arg in row:
            if op in (FX_ACTIVATE, FX_TOGGLE_SPAWN):
                on |= 1 << arg
    return [k for k in range(len(cs.spawn_ids)) if on >> k & 1]
