"""Spawn checks: an active spawn at the start, no spawn where the rules forbid it, none too close
to the start, every spawn able to reach the survivors, a clean resolution order, and the Last Night
on Earth risk of running out of spawn points."""

from __future__ import annotations

from collections import Counter, deque
from typing import Iterable, Iterator

from ..rules.compiled import CompiledScenario
from .findings import Finding
from .reachability import Reachability

__all__ = ["check_spawns"]

_FORBIDDEN_KINDS = {"tower": "a watchtower", "security": "a security zone", "gate": "a security gate",
                    "elevator": "an elevator"}


def bfs(adjacency, sources: Iterable[int]) -> list[int]:
    """Distances (in steps) from the nearest source; -1 where unreachable.

    Notes
    -----
    O(V + E) with plain lists, the cost of one breadth-first traversal.
    """
    dist = [-1] * len(adjacency)
    queue: deque[int] = deque()
    for s in sources:
        if dist[s] < 0:
            dist[s] = 0
            queue.append(s)
    while queue:
        u = queue.popleft()
        du = dist[u] + 1
        for v in adjacency[u]:
            if dist[v] < 0:
                dist[v] = du
                queue.append(v)
    return dist


def check_spawns(view: CompiledScenario, reach: Reachability, min_distance: int = 2) -> Iterator[Finding]:
    s = view.scenario
    spawning_effects = [(t, e) for t in s.triggers for e in t.then
                        if e.kind in ("activate_spawn", "toggle_spawn", "spawn_zombies")]
    if not any(sp.active for sp in s.spawns):
        if spawning_effects:
            yield Finding("spawns-from-events-only", "info",
                          "no spawn zone is active at the start: zombies only come from triggers "
                          + ", ".join(sorted({t.id for t, _ in spawning_effects})),
                          tuple(sorted({t.id for t, _ in spawning_effects})))
        else:
            yield Finding("no-active-spawn", "error",
                          "no spawn zone is active at the start and no trigger ever spawns zombies", ())
    starts, exits = set(s.setup.start_zones), set(s.exits)
    for sp in s.spawns:
        z = s.zones[view.zone_index[sp.zone]]
        reason = None
        if sp.zone in starts:
            reason = "a start zone"
        elif sp.zone in exits:
            reason = "an exit zone"
        elif z.kind in _FORBIDDEN_KINDS:
            reason = _FORBIDDEN_KINDS[z.kind]
        elif z.flags.no_spawn:
            reason = "a zone marked no-spawn"
        if reason:
            yield Finding("spawn-in-forbidden-zone", "error",
                          f"spawn '{sp.id}' is in {view.label(z.id)}, {reason}; zombies may not spawn there",
                          (sp.id, z.id))
    # distance from the start, on the map as drawn (doors counted as open)
    dist = bfs(view.any_out, [view.zone_index[z] for z in starts])
    for sp in s.spawns:
        d = dist[view.zone_index[sp.zone]]
        if 0 < d < min_distance:
            yield Finding("spawn-near-start", "warning",
                          f"spawn '{sp.id}' in {view.label(sp.zone)} is {d} zone{'s' if d != 1 else ''} from the start "
                          f"(at least {min_distance} expected)", (sp.id, sp.zone))
    # zombies must be able to walk to where the survivors have to go
    must = set(starts) | exits
    for st in s.victory.steps:
        if st.kind in ("reach_zone", "clear_zones"):
            must |= set(st.zones)
        elif st.kind == "take_objectives":
            ids = set(st.objectives) or {o.id for o in s.objectives if o.kind in ("token", "key")}
            must |= {o.zone for o in s.objectives if o.id in ids}
    to_targets = bfs(view.zombie_in, [view.zone_index[z] for z in must])
    for sp in s.spawns:
        if to_targets[view.zone_index[sp.zone]] < 0:
            yield Finding("spawn-cannot-reach-survivors", "warning",
                          f"zombies from spawn '{sp.id}' in {view.label(sp.zone)} can never walk to the zones "
                          "the survivors must visit", (sp.id, sp.zone))
    for sp in s.spawns:
        if sp.active or sp.id in reach.activated_spawns:
            continue
        activators = sorted({t.id for t, e in spawning_effects if getattr(e, "spawn", None) == sp.id})
        if activators:
            msg = (f"spawn '{sp.id}' starts off and is turned on only by {', '.join(activators)}, "
                   "whose event can never happen")
        else:
            msg = f"spawn '{sp.id}' starts off and no trigger ever turns it on"
        yield Finding("spawn-never-active", "warning", msg, (sp.id, sp.zone, *activators))
    orders = Counter(sp.order for sp in s.spawns)
    for order, count in sorted(orders.items()):
        if count > 1:
            ids = tuple(sp.id for sp in s.spawns if sp.order == order)
            yield Finding("spawn-order-duplicate", "error",
                          f"spawns {', '.join(ids)} share resolution order {order}", ids)
    if orders and sorted(orders) != list(range(1, len(orders) + 1)):
        missing = sorted(set(range(1, max(orders) + 1)) - set(orders))
        yield Finding("spawn-order-gap", "warning",
                      f"the spawn order skips {', '.join(map(str, missing))}"
                      if missing else "the spawn order does not start at 1",
                      tuple(sp.id for sp in s.spawns))
    if s.setup.rules.profile == "lnoe" and s.spawns and all(s.zones[view.zone_index[sp.zone]].is_building
                                                             for sp in s.spawns):
        yield Finding("spawn-points-destructible", "warning",
                      "every spawn point is inside a building: if the heroes destroy them all, "
                      "the zombies lose at once", tuple(sp.id for sp in s.spawns))
