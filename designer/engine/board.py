"""The compiled board: a scenario turned into integer-indexed tables, built once, played many
times.

Zones and connections become list indices; adjacency is stored per mover (survivors, zombies);
the tables that depend on the doors (zombie distances, lines of sight) are computed for a door
state the first time it occurs and cached, so a zombie's step is a look-up. Distances are
computed per target, the first time a zombie heads for that target: building a board costs
what the map holds (its zones and connections), not the square of it, and a game pays only for
the targets it uses. Nothing here changes during a game: the mutable part is
:class:`designer.engine.state.GameState`; the caches are declared fields of the board, filled
as games need them.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..model.scenario import Scenario
from .state import INF, GameState
from .zombies import ABOMINATION, FATTY, GRAVE_DEAD, RUNNER, WALKER, ZINDEX, ZOMBIE, ZTYPES

__all__ = ["Board", "DistanceTable", "INF", "ZTYPES", "WALKER", "RUNNER", "FATTY", "ABOMINATION", "ZOMBIE",
           "GRAVE_DEAD", "ZINDEX"]


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

_BUILDING_KINDS = {"room", "cell", "extra", "security", "gate", "elevator"}


class Board:
    """Immutable tables of one scenario (plus caches of door-dependent tables)."""

    def __init__(self, scenario: Scenario):
        s = self.scenario = scenario
        zones = s.zones
        self.n = n = len(zones)
        self.zone_ids = [z.id for z in zones]
        self.zone_index = zidx = {z: i for i, z in enumerate(self.zone_ids)}
        self.names = [z.name or z.id for z in zones]
        self.kind = [z.kind for z in zones]
        self.level = [z.level for z in zones]
        self.dark = [z.flags.dark for z in zones]
        self.fire = [z.flags.fire for z in zones]
        self.searchable = [z.is_searchable for z in zones]
        self.breakthrough = [z.flags.breakthrough for z in zones]
        self.max_zombies = [z.capacity.max_zombies if z.capacity.max_zombies is not None else INF for z in zones]
        self.max_survivors = [z.capacity.max_survivors if z.capacity.max_survivors is not None else INF
                              for z in zones]
        self.no_zombies = [z.kind in ("tower", "security", "gate") or z.capacity.max_zombies == 0 for z in zones]
        """Zones zombies never enter (towers, security zones and gates, zero capacity)."""

        # connections
        conns = s.connections
        self.conn_ids = [c.id for c in conns]
        self.conn_index = {c.id: i for i, c in enumerate(conns)}
        self.c_from = [zidx[c.source] for c in conns]
        self.c_to = [zidx[c.target] for c in conns]
        self.c_kind = [c.kind for c in conns]
        self.c_cost = [c.cost for c in conns]
        self.c_sight = [c.sight for c in conns]
        self.door_ids = [c.id for c in conns if c.kind == "door"]
        self.door_index = {d: i for i, d in enumerate(self.door_ids)}
        self.c_door = [self.door_index[c.id] if c.kind == "door" else -1 for c in conns]
        self.door_conn = [self.conn_index[d] for d in self.door_ids]
        doors = [c for c in conns if c.kind == "door"]
        self.door_open0 = sum(1 << i for i, c in enumerate(doors) if c.state == "open")
        self.door_unlocked0 = sum(1 << i for i, c in enumerate(doors) if c.state != "locked")
        self.door_lock = [(c.lock.kind, c.lock.colour if c.lock.kind == "colour" else c.lock.item)
                          if c.lock else None for c in doors]
        self.door_breakable = [c.breakable for c in doors]
        self.door_spawns = [c.spawns_on_first_open for c in doors]

        # survivors: (neighbour, connection) per zone, one-way respected
        surv: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        # zombies: pathing graph (fences count as absent), with a flag for steps they may take
        zpath: list[list[tuple[int, int, bool]]] = [[] for _ in range(n)]
        for i, c in enumerate(conns):
            a, b = zidx[c.source], zidx[c.target]
            pairs = ((a, b),) if c.one_way else ((a, b), (b, a))
            for u, v in pairs:
                if c.survivors and self.max_survivors[v] > 0:
                    surv[u].append((v, i))
                if (c.zombies or c.kind == "fence") and not self.no_zombies[v]:
                    zpath[u].append((v, i, c.zombies))
        self.surv_adj = [tuple(x) for x in surv]
        self.zpath_adj = [tuple(x) for x in zpath]

        # buildings: building zones joined by passages that are not doors, plus designer labels
        parent = list(range(n))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        inside = [z.kind in _BUILDING_KINDS for z in zones]
        for c in conns:
            a, b = zidx[c.source], zidx[c.target]
            if inside[a] and inside[b] and c.kind in ("opening", "stairs", "elevator", "ladder"):
                parent[find(a)] = find(b)
        label: dict[str, int] = {}
        for i, z in enumerate(zones):
            if inside[i] and z.building:
                if z.building in label:
                    parent[find(i)] = find(label[z.building])
                else:
                    label[z.building] = i
        roots: dict[int, int] = {}
        self.building_of = [-1] * n
        for i in range(n):
            if inside[i]:
                r = find(i)
                self.building_of[i] = roots.setdefault(r, len(roots))
        self.building_zones: list[tuple[int, ...]] = [() for _ in roots]
        for i in range(n):
            b = self.building_of[i]
            if b >= 0:
                self.building_zones[b] += (i,)

        # spawns, in resolution order; manholes are only used by manhole cards
        order = sorted(range(len(s.spawns)), key=lambda k: (s.spawns[k].order, k))
        self.spawn_ids = [s.spawns[k].id for k in order]
        self.spawn_index = {sid: i for i, sid in enumerate(self.spawn_ids)}
        self.spawn_zone = [zidx[s.spawns[k].zone] for k in order]
        self.spawn_kind = [s.spawns[k].kind for k in order]
        self.spawn_active0 = sum(1 << i for i, k in enumerate(order) if s.spawns[k].active)
        tiles: dict[str, list[int]] = {}
        for i, z in enumerate(zones):
            for t in z.tiles:
                tiles.setdefault(t, []).append(i)
        self.zone_tiles = [tuple(z.tiles) for z in zones]
        self.tile_zones = {t: tuple(v) for t, v in tiles.items()}
        self.manholes = [self.spawn_zone[i] for i, k in enumerate(self.spawn_kind) if k == "manhole"]

        # objectives
        self.obj_ids = [o.id for o in s.objectives]
        self.obj_index = {o: i for i, o in enumerate(self.obj_ids)}
        self.obj_kind = [o.kind for o in s.objectives]
        self.obj_zone0 = [zidx[o.zone] for o in s.objectives]
        self.obj_xp = [o.xp for o in s.objectives]
        self.obj_colour = [getattr(o, "colour", None) for o in s.objectives]
        self.obj_item = [getattr(o, "item", None) for o in s.objectives]
        self.obj_repeatable = [getattr(o, "repeatable", False) for o in s.objectives]
        groups: dict[str, list[int]] = {}
        for i, o in enumerate(s.objectives):
            if o.hidden_group:
                groups.setdefault(o.hidden_group, []).append(i)
        self.hidden_groups = [tuple(g) for g in groups.values()]

        self.start_zones = [zidx[z] for z in s.setup.start_zones]
        self.exits = [zidx[z] for z in s.exits]
        self.is_exit = [False] * n
        for e in self.exits:
            self.is_exit[e] = True
        self.sight_lines = [[zidx[z] for z in line.zones] for line in s.sight_lines]

        sback: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for u in range(n):
            for v, c in self.surv_adj[u]:
                sback[v].append((u, c))
        self.surv_back = [tuple(x) for x in sback]
        """``surv_back[v]``: (zone, connection) pairs with a survivor step into ``v``."""

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
