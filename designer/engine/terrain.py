"""Terrain in play: what a survivor's move into scenery costs and does (docs/terrain.md).

The tables come from :mod:`designer.rules.terrain` (one per compiled scenario). The cost of a
move goes through the rule profile's move-cost hook (:meth:`designer.engine.profiles.Profile.
terrain_move_cost`); this module holds what happens once the survivor is in: the swim roll and
the wounds of a hostile presence, and the wounds of a hostile zone at the start of an
activation. Zombies are not hurt or slowed by scenery (Eden's non-player fighters walk through
it as the rule profile moves them); impassable terrain stops them as it stops survivors.
"""

from __future__ import annotations

import heapq
from typing import Any

from ..rules.terrain import SWIM_MOVE_COST, expected_swim_wounds, terrain_tables

__all__ = ["HAZARD_WEIGHT", "after_move", "hazard_distances", "start_activation", "step_cost", "swim_roll",
           "terrain_toward"]

HAZARD_WEIGHT = 4
"""Steps a bot would walk round to save one expected wound (a survivor has 2-3 health: a
detour of up to four zones is worth a wound)."""


def swim_roll(game: Any, s: Any, difficulty: int) -> int:
    """Roll a d6 until it shows ``difficulty`` or more, one wound per miss ("Il refait ensuite ce
    jet jusqu'à ce qu'il obtienne au moins une réussite"); stops when the survivor dies. Returns
    the wounds taken."""
    wounds = 0
    while s.on_board and game.d6() < difficulty:
        wounds += 1
        game.wound(s, 1, cause="swim")
    return wounds


def after_move(game: Any, s: Any, conn: int, zone: int) -> None:
    """A survivor has moved across ``conn`` into ``zone``: it swims, then takes the wounds of a
    hostile presence."""
    t = game.terrain
    difficulty = t.swim(conn, zone)
    if difficulty:
        wounds = swim_roll(game, s, difficulty)
        game.note("swim", survivor=s.index, zone=game.board.zone_ids[zone], wounds=wounds)
    if t.entry_hostile and s.on_board:
        hurt = t.hostile(conn, zone)
        if hurt:
            game.note("hostile", survivor=s.index, zone=game.board.zone_ids[zone], wounds=hurt)
            game.wound(s, hurt, cause="hostile")


def start_activation(game: Any, s: Any) -> None:
    """A survivor begins its activation in a hostile zone: it takes the zone's wounds."""
    hurt = game.terrain.zone_hostile[s.zone]
    if hurt:
        game.note("hostile", survivor=s.index, zone=game.board.zone_ids[s.zone], wounds=hurt)
        game.wound(s, hurt, cause="hostile")


# -- the bots' path choice ---------------------------------------------------------------------------


def step_cost(t: Any, conn: int, zone: int) -> int:
    """What a bot counts for a step across ``conn`` into ``zone``: its actions (obstruction,
    at least :data:`SWIM_MOVE_COST` for a swim) plus :data:`HAZARD_WEIGHT` per expected wound
    (the hostile presence, and a swim's (x - 1) / (7 - x)), rounded up to whole units."""
    actions = t.factor(conn, zone)
    difficulty = t.swim(conn, zone)
    wounds = float(t.hostile(conn, zone))
    if difficulty:
        actions = max(actions, SWIM_MOVE_COST)
        wounds += expected_swim_wounds(difficulty)
    return actions + int(-(-HAZARD_WEIGHT * wounds // 1))


def hazard_distances(board: Any, target: int, passable_doors: int) -> list[float]:
    """Weighted cost (:func:`step_cost`) from every zone to ``target`` for a survivor, through
    doors in ``passable_doors``: Dijkstra over the board's survivor adjacency (cached on the
    board per target and door set, as :meth:`Board.survivor_distances` caches its steps)."""
    cache = board.compiled.setdefault(("terrain-hazard",), {})
    key = (target, passable_doors)
    dist = cache.get(key)
    if dist is not None:
        return dist
    t = terrain_tables(board.rules)
    inf = float("inf")
    dist = [inf] * board.n
    dist[target] = 0
    heap = [(0, target)]
    back, c_door = board.surv_back, board.c_door
    while heap:
        dv, v = heapq.heappop(heap)
        if dv > dist[v]:
            continue
        for u, c in back[v]:
            d = c_door[c]
            if d >= 0 and not passable_doors >> d & 1:
                continue
            du = dv + step_cost(t, c, v)
            if du < dist[u]:
                dist[u] = du
                heapq.heappush(heap, (du, u))
    if len(cache) > 20_000:
        cache.clear()
    cache[key] = dist
    return dist


def terrain_toward(game: Any, s: Any, acts: list, zones: list[int]) -> tuple | None:
    """The move (or door opening) that starts the cheapest way to the nearest of ``zones``
    once the scenery's cost and wounds are counted (:func:`step_cost`), or None on a map
    without terrain, when no such way exists, or when that way starts into a zone with zombies
    (the bot's own rules for blocked ways decide then)."""
    b = game.board
    t = terrain_tables(b.rules)
    if t is None or not zones:
        return None
    st = game.state
    mask = game.door_passable(s)
    best, best_d = None, float("inf")
    for z in zones:
        dist = hazard_distances(b, z, mask)
        if dist[s.zone] < best_d:
            best, best_d = dist, dist[s.zone]
    if best is None or best_d == 0 or best_d == float("inf"):
        return None
    step_to: dict[int, float] = {}
    for v, c in b.surv_adj[s.zone]:
        cost = step_cost(t, c, v) + best[v]
        if cost < step_to.get(v, float("inf")):
            step_to[v] = cost
    choices = []
    for a in acts:
        if a[0] == "move":
            v = a[1]
        elif a[0] == "open":
            c = b.door_conn[a[1]]
            v = b.c_to[c] if b.c_from[c] == s.zone else b.c_from[c]
        else:
            continue
        if step_to.get(v) == best_d:
            choices.append((st.zombies_in(v), a))
    if not choices:
        return None
    zombies, action = min(choices)
    return None if zombies else action
