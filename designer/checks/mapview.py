"""Derived views of a scenario's map shared by the checks: zone indices, adjacency lists for
survivors and zombies, breadth-first distances, readable labels.

Everything here is computed from the model; nothing is stored in files.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable

from ..model.scenario import Scenario

__all__ = ["MapView", "bfs"]


def bfs(adjacency: list[list[int]], sources: Iterable[int]) -> list[int]:
    """Distances (in steps) from the nearest source; -1 where unreachable.

    Notes
    -----
    O(V + E) with plain lists, the cost of one breadth-first traversal.
    """
    dist = [-1] * len(adjacency)
    queue = deque()
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


class MapView:
    """Integer-indexed adjacency of a scenario's map, built once per validation."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.zones = zones = scenario.zones
        self.ids = [z.id for z in zones]
        self.index = idx = {zid: i for i, zid in enumerate(self.ids)}
        self.kinds = [z.kind for z in zones]
        n = len(zones)
        self.n = n
        survivor_out: list[list[int]] = [[] for _ in range(n)]
        zombie_out: list[list[int]] = [[] for _ in range(n)]
        zombie_in: list[list[int]] = [[] for _ in range(n)]
        any_out: list[list[int]] = [[] for _ in range(n)]
        any_in = [0] * n
        degree = [0] * n
        for c in scenario.connections:
            a, b = idx[c.source], idx[c.target]
            degree[a] += 1
            degree[b] += 1
            two_way = not c.one_way
            if c.survivors or c.zombies:
                any_out[a].append(b)
                if two_way:
                    any_out[b].append(a)
            if c.survivors:
                survivor_out[a].append(b)
                any_in[b] += 1
                if two_way:
                    survivor_out[b].append(a)
                    any_in[a] += 1
            if c.zombies:
                zombie_out[a].append(b)
                zombie_in[b].append(a)
                any_in[b] += 1
                if two_way:
                    zombie_out[b].append(a)
                    zombie_in[a].append(b)
                    any_in[a] += 1
        self.survivor_out = survivor_out
        """Zones a survivor can step into from each zone, every door counted as open."""
        self.zombie_out = zombie_out
        """Zones a zombie can step into from each zone, every door counted as open."""
        self.zombie_in = zombie_in
        self.any_out = any_out
        """Zones anyone (survivor or zombie) can step into from each zone, doors counted as open."""
        self.any_in = any_in
        self.degree = degree

    def label(self, zone_id: str) -> str:
        """'Name (id)', or the id when the zone has no name."""
        z = self.zones[self.index[zone_id]]
        return f"{z.name} ({z.id})" if z.name and z.name != z.id else z.id

    def labels(self, zone_ids: Iterable[str]) -> str:
        return ", ".join(self.label(z) for z in zone_ids)
