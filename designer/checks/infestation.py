"""Infestation and victory points findings (Eden; docs/terrain.md).

- ``infestation-over-spent`` (error): the placed monsters cost more than the infestation points;
- ``infestation-under-spent`` (warning): enough points are left to buy another monster
  ("Les joueurs alternent alors cette étape jusqu'à ce que les deux joueurs ne possèdent plus
  assez de points d'Infestation pour acheter un CNJ");
- ``infestation-too-close`` (error): two monsters placed fewer zones apart than
  ``min_distance`` ("Un CNJ ne peut pas être placé sur le terrain à moins de 15 cm d'un autre
  CNJ");
- ``infestation-in-start-zone`` (error): a monster placed in a start zone;
- ``points-ends-early`` (warning): a victory points mission whose turn limit, or an 'end_game'
  trigger, can end the game before its last turn, so the score is not counted over the whole
  game (its victory steps do not end it: they are the goals the survivors pursue).

Notes
-----
Distances between placements are counted over every connection, both ways, doors as open and
terrain ignored (Eden measures on the table, not along paths): one breadth-first search per
placement, O(P (V + E)).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .findings import Finding

__all__ = ["check_infestation", "check_points", "zone_distances"]


def zone_distances(cs: Any, source: int, limit: int) -> dict[int, int]:
    """Zones within ``limit`` steps of ``source`` over every connection, both ways, with their
    distance."""
    adj = cs.caches.setdefault("undirected", {})
    if "adj" not in adj:
        table: list[list[int]] = [[] for _ in range(cs.n)]
        for a, b in zip(cs.c_from, cs.c_to):
            table[a].append(b)
            table[b].append(a)
        adj["adj"] = table
    table = adj["adj"]
    dist = {source: 0}
    queue = deque((source,))
    while queue:
        u = queue.popleft()
        if dist[u] >= limit:
            continue
        for v in table[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def check_infestation(cs: Any) -> list[Finding]:
    """Findings about the scenario's infestation (none without one)."""
    s = cs.scenario
    inf = getattr(s, "infestation", None)
    if inf is None:
        return []
    out: list[Finding] = []
    prices = {m.id: m.price for m in inf.monsters}
    spent = inf.spent()
    placed_ids = tuple(dict.fromkeys(p.monster for p in inf.placed))
    if spent > inf.points:
        out.append(Finding("infestation-over-spent", "error",
                           f"the placed monsters cost {spent} infestation points "
                           f"({', '.join(f'{p.monster} {prices[p.monster]}' for p in inf.placed)}); "
                           f"expected at most the {inf.points} of infestation.points",
                           placed_ids, "infestation.placed"))
    else:
        left = inf.points - spent
        affordable = sorted((m for m in inf.monsters if 0 < m.price <= left), key=lambda m: (m.price, m.id))
        if affordable:
            out.append(Finding("infestation-under-spent", "warning",
                               f"{left} of the {inf.points} infestation points are left, enough to place "
                               f"'{affordable[0].id}' ({affordable[0].price}); Eden places monsters until the "
                               "points no longer buy one",
                               tuple(m.id for m in affordable), "infestation.placed"))
    starts = set(s.setup.start_zones)
    for i, p in enumerate(inf.placed):
        if p.zone in starts:
            out.append(Finding("infestation-in-start-zone", "error",
                               f"monster '{p.monster}' (infestation.placed[{i}]) starts in start zone "
                               f"{cs.label(p.zone)}; expected it away from the survivors",
                               (p.monster, p.zone), f"infestation.placed[{i}].zone"))
    zi = cs.zone_index
    for i, p in enumerate(inf.placed):
        near = zone_distances(cs, zi[p.zone], inf.min_distance - 1)
        for j in range(i + 1, len(inf.placed)):
            q = inf.placed[j]
            d = near.get(zi[q.zone])
            if d is not None:
                out.append(Finding("infestation-too-close", "error",
                                   f"monsters '{p.monster}' in {cs.label(p.zone)} (infestation.placed[{i}]) and "
                                   f"'{q.monster}' in {cs.label(q.zone)} (infestation.placed[{j}]) are {d} zone(s) "
                                   f"apart; expected at least {inf.min_distance} (infestation.min_distance)",
                                   tuple(dict.fromkeys((p.zone, q.zone, p.monster, q.monster))),
                                   f"infestation.placed[{j}].zone"))
    return out


def check_points(cs: Any) -> list[Finding]:
    """Findings about a victory points mission (none without one)."""
    s = cs.scenario
    vp = getattr(s, "points", None)
    if vp is None:
        return []
    out: list[Finding] = []
    ends = [i for i, t in enumerate(s.triggers) if any(e.kind == "end_game" for e in t.then)]
    if ends:
        out.append(Finding("points-ends-early", "warning",
                           f"victory points are counted over {vp.turns} turns, but trigger(s) "
                           f"{', '.join(s.triggers[i].id for i in ends)} can end the game before then",
                           tuple(s.triggers[i].id for i in ends), f"triggers[{ends[0]}]"))
    limit = s.setup.turn_limit
    if limit is not None and limit < vp.turns and s.defeat.at_turn_limit:
        out.append(Finding("points-ends-early", "warning",
                           f"the turn limit ({limit}) ends the game before the {vp.turns} turns of the victory "
                           "points; expected a turn limit of at least points.turns, or none",
                           (), "setup.turn_limit"))
    return out
