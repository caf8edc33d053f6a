"""The board: the compiled scenario (:func:`designer.rules.compile`, integer-indexed tables
built once and read by the validator too), played many times.

Zones and connections are list indices; adjacency is stored per mover (survivors, zombies);
the tables that depend on the doors (zombie distances, lines of sight) are computed for a door
state the first time it occurs and cached, so a zombie's step is a look-up. Distances are
computed per target, the first time a zombie heads for that target: building a board costs
what the map holds (its zones and connections), not the square of it, and a game pays only for
the targets it uses. Nothing here changes during a game: the mutable part is
:class:`designer.engine.state.GameState`; the caches are declared fields of the board, filled
as games need them.
"""

from __future__ import annotations

import gc
from collections import deque
from contextlib import contextmanager
from typing import Any, Iterator

from ..model.scenario import Scenario
from ..rules.compiled import CompiledScenario, compile as compile_scenario
from ..rules.zombies import ABOMINATION, FATTY, GRAVE_DEAD, RUNNER, WALKER, ZINDEX, ZOMBIE, ZTYPES
from .state import INF, GameState

__all__ = ["Board", "DistanceTable", "INF", "collector_paused", "ZTYPES", "WALKER", "RUNNER", "FATTY", "ABOMINATION", "ZOMBIE",
           "GRAVE_DEAD", "ZINDEX"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a board's tables are built.

    Building the tables of a 10,000-zone map allocates a few hundred thousand tuples, lists and
    arrays, none of them in a reference cycle; the collector would otherwise walk every object
    of the process several times meanwhile (about half the build time at 10,000 zones)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class DistanceTable:
    """Zombie distances ``table[target][zone]`` (steps from ``zone`` to ``target``) through one
    set of connections, each target's row computed by a breadth-first search the first time it
    is asked for."""

    __slots__ = ("back", "rows")

    def __init__(self, back: list[list[int]]):
        self.back = back
        """``back[v]``: the zones with a step into ``v``."""
        self.rows: dict[int, list[int]] = {}

    def __getitem__(self, target: int) -> list[int]:
        row = self.rows.get(target)
        if row is None:
            row = self.rows[target] = self._bfs(target)
        return row

    def __len__(self) -> int:
        return len(self.back)

    def _bfs(self, target: int) -> list[int]:
        back = self.back
        dist = [INF] * len(back)
        dist[target] = 0
        queue = deque((target,))
        while queue:
            v = queue.popleft()
            dv = dist[v] + 1
            for u in back[v]:
                if dist[u] == INF:
                    dist[u] = dv
                    queue.append(u)
        return dist


class Board:
    """The scenario's compiled tables (:class:`designer.rules.CompiledScenario`, the one
    compiled form the validator reads too) plus the caches of door-dependent tables."""

    STATIC = ("n", "zone_ids", "zone_index", "names", "kind", "level", "dark", "fire", "searchable", "breakthrough",
              "max_zombies", "max_survivors", "no_zombies", "conn_ids", "conn_index", "c_from", "c_to", "c_kind",
              "c_cost", "c_sight", "door_ids", "door_index", "c_door", "door_conn", "door_open0", "door_unlocked0",
              "door_lock", "door_breakable", "door_spawns", "door_by_hand", "surv_adj", "surv_back", "zpath_adj",
              "building_of", "building_zones", "spawn_ids", "spawn_index", "spawn_zone", "spawn_kind",
              "spawn_active0", "zone_tiles", "tile_zones", "manholes", "obj_ids", "obj_index", "obj_kind",
              "obj_zone0", "obj_xp", "obj_colour", "obj_item", "obj_repeatable", "hidden_groups", "start_zones",
              "exits", "is_exit", "sight_lines")
    """The fields read from the compiled scenario (same names, same meanings)."""

    def __init__(self, scenario: Scenario | CompiledScenario):
        with collector_paused():
            cs = scenario if isinstance(scenario, CompiledScenario) else compile_scenario(scenario)
        self.rules = cs
        """The compiled scenario the tables come from."""
        self.scenario = cs.scenario
        for name in self.STATIC:
            setattr(self, name, getattr(cs, name))

        # caches of door-dependent tables (filled as games need them)
        self._zdist: dict[int, DistanceTable] = {}
        self._sight: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        self._sdist: dict[tuple[int, int], list[int]] = {}
        self.compiled: dict[Any, Any] = {}
        """Forms of this board packed for compiled engines, keyed by what they were packed with."""
        self.zdist_all = self._zombie_distances(None)
        """Zombie distances as if every door were open (fences count as absent)."""

    # -- door-dependent tables -----------------------------------------------------------------

    def _zombie_distances(self, open_mask: int | None) -> DistanceTable:
        """Distances for zombies: ``dist[target][zone]`` (steps from zone to target), through
        open doors only, or through every door when ``open_mask`` is None (rows computed per
        target when first asked for)."""
        n = self.n
        c_door = self.c_door
        back: list[list[int]] = [[] for _ in range(n)]
        for u in range(n):
            for v, c, _ in self.zpath_adj[u]:
                d = c_door[c]
                if open_mask is None or d < 0 or open_mask >> d & 1:
                    back[v].append(u)
        return DistanceTable(back)

    def zombie_distances(self, open_mask: int) -> DistanceTable:
        """``dist[target][zone]`` for zombies with the doors in ``open_mask`` open (cached)."""
        table = self._zdist.get(open_mask)
        if table is None:
            table = self._zdist[open_mask] = self._zombie_distances(open_mask)
        return table

    def visible(self, open_mask: int) -> list[tuple[tuple[int, int], ...]]:
        """Per zone, the zones seen from it with their distance in zones (itself at 0): one zone
        through each connection that carries sight (doors when open), and along explicit sight
        lines until a pair of zones without an open sight-carrying connection (cached)."""
        table = self._sight.get(open_mask)
        if table is not None:
            return table
        n = self.n
        seen: list[dict[int, int]] = [{z: 0} for z in range(n)]
        link: set[tuple[int, int]] = set()
        for i in range(len(self.c_from)):
            if not self.c_sight[i]:
                continue
            d = self.c_door[i]
            if d >= 0 and not open_mask >> d & 1:
                continue
            a, b = self.c_from[i], self.c_to[i]
            link.add((a, b))
            link.add((b, a))
            seen[a].setdefault(b, 1)
            seen[b].setdefault(a, 1)
        for line in self.sight_lines:
            for i, z in enumerate(line):
                for step in (1, -1):
                    j = i
                    while 0 <= j + step < len(line) and (line[j], line[j + step]) in link:
                        j += step
                        dist = abs(j - i)
                        if seen[z].get(line[j], INF) > dist:
                            seen[z][line[j]] = dist
        table = [tuple(sorted(d.items())) for d in seen]
        self._sight[open_mask] = table
        return table

    def survivor_distances(self, target: int, passable_doors: int) -> list[int]:
        """Steps for a survivor from every zone to ``target``, through doors in
        ``passable_doors`` (open, or openable by the team) (cached)."""
        key = (target, passable_doors)
        dist = self._sdist.get(key)
        if dist is not None:
            return dist
        n = self.n
        dist = [INF] * n
        dist[target] = 0
        queue = deque((target,))
        back = self.surv_back
        while queue:
            v = queue.popleft()
            dv = dist[v] + 1
            for u, c in back[v]:
                d = self.c_door[c]
                if dist[u] == INF and (d < 0 or passable_doors >> d & 1):
                    dist[u] = dv
                    queue.append(u)
        if len(self._sdist) > 20_000:
            self._sdist.clear()
        self._sdist[key] = dist
        return dist

    # -- states ------------------------------------------------------------------------------

    def new_state(self, seed: int = 0) -> "GameState":
        """An empty game state (doors, spawns and objectives as the scenario sets them; no
        survivors, zombies or pool) to set up by hand."""
        return GameState(self, seed)
