"""Terrain findings: scenery that blocks, costs or hurts (Eden's keywords, docs/terrain.md).

The reachability search already sees impassable terrain (the compiled scenario's adjacency
leaves out every connection it shuts); these checks report what the search does not count:

- ``terrain-impassable-holds``: a start zone, exit, spawn or objective in an impassable zone;
- ``terrain-costly-zone``: a zone whose cheapest way in costs more than a survivor's actions in
  a turn (obstruction, swim, a crossable zone's way on), so no survivor ever enters it;
- ``terrain-hostile-path``: every path from the start to a goal crosses hostile presence, so a
  survivor is wounded on the way (an error when the wounds kill);
- ``terrain-keyword-ignored``: a keyword that means nothing on a connection (crossable,
  elevation);
- ``terrain-fire-not-flammable``, ``terrain-fire-never-out``, ``terrain-fire-path``: a
  ``set_fire`` effect on scenery that cannot burn, that never burns out, or that sits on the only
  path to a goal (while it burns nobody passes);
- ``terrain-breakthrough``: the mission is won only by destroying impassable scenery
  (destruction(x)): the reachability search then counts those walls as open.

Notes
-----
The hostile-path check runs one breadth-first search over the survivors' graph (doors counted
as passable) per hostile zone or connection, plus one with all of them left out: O(H (V + E))
for H hostile pieces of scenery.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable

from ..rules.profiles import DEFAULT_PARAMS, ProfileError, profile_params
from ..rules.terrain import breakable_walls, has_terrain, move_cost, terrain_tables
from .findings import Finding

__all__ = ["breakthrough_findings", "check_terrain", "fire_findings", "fire_targets", "cheapest_entry", "goal_zones", "expected_of_impassable"]


def _params(s: Any) -> Any:
    rules = s.setup.rules
    try:
        return profile_params(rules.profile, rules.overrides)
    except ProfileError:
        return DEFAULT_PARAMS[rules.profile]


def cheapest_entry(cs: Any, zone: int) -> int | None:
    """The fewest actions (movement points for the house profile) a survivor spends to move into
    ``zone`` with no zombie around, terrain counted; a crossable zone adds the action needed to
    move on. None when no connection lets a survivor in."""
    t = terrain_tables(cs)
    house = cs.scenario.setup.rules.profile == "house"
    best = None
    for _u, c in cs.surv_back[zone]:
        unit = cs.c_cost[c]
        base = unit if house else 1
        cost = move_cost(t, base, unit, c, zone) if t is not None else base
        if t is not None and t.crossable[zone]:
            cost += 1
        best = cost if best is None else min(best, cost)
    return best


def goal_zones(cs: Any) -> dict[int, str]:
    """Zones the victory needs a survivor in, each with what it holds: the objectives a
    'take_objectives' step names (or every token and key), the zones of 'reach_zone', the exits
    of 'escape'."""
    out: dict[int, str] = {}
    for i, st in enumerate(cs.scenario.victory.steps):
        if st.kind == "take_objectives":
            for o in cs.step_targets[i]:
                out.setdefault(cs.obj_zone0[o], f"objective '{cs.obj_ids[o]}'")
        elif st.kind == "reach_zone":
            for z in cs.step_targets[i]:
                out.setdefault(z, "a zone to reach")
        elif st.kind == "escape":
            for z in cs.step_targets[i]:
                out.setdefault(z, "an exit")
    return out


def _reached(cs: Any, starts: Iterable[int], banned_zones: frozenset[int], banned_conns: frozenset[int]) -> set[int]:
    seen = set(starts)
    queue = deque(seen)
    adj = cs.surv_adj
    while queue:
        u = queue.popleft()
        for v, c in adj[u]:
            if v in seen or c in banned_conns or v in banned_zones:
                continue
            seen.add(v)
            queue.append(v)
    return seen


def check_terrain(cs: Any) -> list[Finding]:
    """Every terrain finding of a compiled scenario (none on a map without terrain keywords)."""
    s = cs.scenario
    if not has_terrain(s):
        return fire_findings(cs, None) if fire_targets(s) else []
    t = terrain_tables(cs)
    out: list[Finding] = []
    zones, conns = s.zones, s.connections
    out += _impassable_holds(cs, t)
    out += _costly_zones(cs, t)
    out += _hostile_paths(cs, t)
    for i, c in enumerate(conns):
        if c.terrain is None:
            continue
        wrong = [k for k in ("crossable", "elevation") if getattr(c.terrain, k)]
        if wrong:
            out.append(Finding("terrain-keyword-ignored", "warning",
                               f"connection '{c.id}' is marked {' and '.join(wrong)}, which only a zone can be; "
                               f"expected it on zone '{c.source}' or '{c.target}'",
                               (c.id,), f"connections[{i}].terrain"))
    out += fire_findings(cs, t)
    return out


# ---- eden: flammable scenery ----


def fire_targets(s: Any) -> list[tuple[str, str, str, str]]:
    """Every ``set_fire`` effect: (trigger id, 'zone' or 'connection', target id, JSON path)."""
    out = []
    for ti, tr in enumerate(s.triggers):
        for ei, e in enumerate(tr.then):
            if e.kind == "set_fire":
                what = "zone" if e.zone is not None else "connection"
                out.append((tr.id, what, e.zone if e.zone is not None else e.connection,
                            f"triggers[{ti}].then[{ei}].{what}"))
    return out


def fire_findings(cs: Any, t: Any) -> list[Finding]:
    """Findings of the ``set_fire`` effects: a target that is not flammable, one that never burns
    out (no destruction(x)), and one on the only path from the start to a goal (one search per
    target, the piece left out, as for hostile presence)."""
    s = cs.scenario
    out: list[Finding] = []
    starts = set(cs.start_zones)
    goals = {z: what for z, what in goal_zones(cs).items() if z not in starts}
    base = _reached(cs, starts, frozenset(), frozenset())
    goals = {z: what for z, what in goals.items() if z in base}
    seen_pieces: set[int] = set()
    for trig, what, ident, path in fire_targets(s):
        k = cs.zone_index[ident] if what == "zone" else cs.conn_index[ident]
        piece = k if what == "zone" else cs.n + k
        name = cs.label(ident) if what == "zone" else f"'{ident}'"
        if t is None or not t.flammable[piece]:
            out.append(Finding("terrain-fire-not-flammable", "warning",
                               f"trigger '{trig}' sets fire to {what} {name}, whose terrain is not flammable: "
                               "nothing burns; expected a zone or connection marked flammable",
                               (trig, ident), path))
            continue
        if piece in seen_pieces:
            continue
        seen_pieces.add(piece)
        x = t.destruction[piece]
        if not x:
            out.append(Finding("terrain-fire-never-out", "info",
                               f"trigger '{trig}' sets fire to {what} {name}, which has no destruction(x): once "
                               "lit it burns, and nobody enters or crosses it, for the rest of the game",
                               (trig, ident), path))
        bz = frozenset({k}) if what == "zone" else frozenset()
        bc = frozenset({k}) if what == "connection" else frozenset()
        seen = _reached(cs, starts, bz, bc)
        cut = sorted(z for z in goals if z not in seen and not (what == "zone" and z == k))
        if what == "zone" and k in goals:
            cut = sorted({*cut, k})
        if not cut:
            continue
        opens = (f"it opens only once burnt down, after {x} burn markers (about {max(x - 1, 0)} turns after it "
                 "is lit)" if x else "it never burns out")
        out.append(Finding(
            "terrain-fire-path", "warning",
            f"trigger '{trig}' can set fire to {what} {name}, which lies on the only path to "
            f"{', '.join(f'{goals[z]} in {cs.labels[z]}' for z in cut)}: while it burns nobody passes and "
            f"survivors beside it catch burn markers; {opens}",
            (ident, trig, *(cs.zone_ids[z] for z in cut)), path))
    return out


# ---- end eden: flammable scenery ----


def _impassable_holds(cs: Any, t: Any) -> list[Finding]:
    s = cs.scenario
    out = []
    blocked = {z for z in range(cs.n) if t.impassable[z]}
    if not blocked:
        return out
    things: list[tuple[str, str, str, str]] = []  # (zone id, what, its id, path)
    for i, z in enumerate(s.setup.start_zones):
        things.append((z, "start zone", z, f"setup.start_zones[{i}]"))
    for i, z in enumerate(s.exits):
        things.append((z, "exit", z, f"exits[{i}]"))
    for i, sp in enumerate(s.spawns):
        things.append((sp.zone, "spawn", sp.id, f"spawns[{i}].zone"))
    for i, o in enumerate(s.objectives):
        things.append((o.zone, "objective", o.id, f"objectives[{i}].zone"))
    for zid, what, ident, path in things:
        if cs.zone_index[zid] in blocked:
            ids = (zid,) if ident == zid else (zid, ident)
            out.append(Finding("terrain-impassable-holds", "error",
                               f"{what} '{ident}' lies in impassable zone {cs.label(zid)}: nobody can stand there; "
                               "expected it in a zone figures may enter", ids, path))
    return out


def _costly_zones(cs: Any, t: Any) -> list[Finding]:
    s = cs.scenario
    actions = _params(s).actions
    goals = goal_zones(cs)
    out = []
    for z in range(cs.n):
        if t.impassable[z] or not (t.zone_obstruction[z] > 1 or t.zone_swim[z] or t.crossable[z]
                                   or any(t.c_obstruction[c] > 1 or t.c_swim[c] for _u, c in cs.surv_back[z])):
            continue
        cost = cheapest_entry(cs, z)
        if cost is None or cost <= actions:
            continue
        zid = cs.zone_ids[z]
        holds = goals.get(z)
        severity = "error" if holds else "warning"
        why = f"; it holds {holds}, so the mission cannot be won" if holds else ""
        kw = ", ".join(s.zones[z].terrain.keywords()) if s.zones[z].terrain else "the terrain of its connections"
        out.append(Finding("terrain-costly-zone", severity,
                           f"zone {cs.label(zid)} ({kw}) costs at least {cost} actions to enter, more than the "
                           f"{actions} a survivor has in a turn: no survivor ever enters it{why}",
                           (zid,), f"zones[{z}].terrain"))
    return out


def _hostile_paths(cs: Any, t: Any) -> list[Finding]:
    s = cs.scenario
    hostile_zones = [z for z in range(cs.n) if t.zone_hostile[z]]
    hostile_conns = [c for c in range(len(cs.conn_ids)) if t.c_hostile[c]]
    if not hostile_zones and not hostile_conns:
        return []
    starts = set(cs.start_zones)
    goals = {z: what for z, what in goal_zones(cs).items() if z not in starts}
    health = s.setup.survivors.health
    base = _reached(cs, starts, frozenset(), frozenset())
    goals = {z: what for z, what in goals.items() if z in base}
    out: list[Finding] = []
    flagged: set[int] = set()
    pieces = [("zone", z, t.zone_hostile[z]) for z in hostile_zones if z not in starts] + \
             [("connection", c, t.c_hostile[c]) for c in hostile_conns]
    for what, k, wounds in pieces:
        bz = frozenset({k}) if what == "zone" else frozenset()
        bc = frozenset({k}) if what == "connection" else frozenset()
        seen = _reached(cs, starts, bz, bc)
        cut = sorted(z for z in goals if z not in seen and not (what == "zone" and z == k))
        if not cut:
            continue
        flagged.update(cut)
        ident = cs.zone_ids[k] if what == "zone" else cs.conn_ids[k]
        name = cs.label(ident) if what == "zone" else f"'{ident}'"
        deadly = wounds >= health
        out.append(Finding(
            "terrain-hostile-path", "error" if deadly else "warning",
            f"hostile {what} {name} (hostile({wounds})) lies on the only path to "
            f"{', '.join(f'{goals[z]} in {cs.labels[z]}' for z in cut)}: every survivor going there takes "
            f"{wounds} wound(s)" + (f", as many as its {health} health: it dies" if deadly else ""),
            (ident, *(cs.zone_ids[z] for z in cut)),
            f"{what}s[{k}].terrain"))
    # no single piece cuts, but every way round crosses one of them
    seen = _reached(cs, starts, frozenset(z for z in hostile_zones if z not in starts), frozenset(hostile_conns))
    cut = sorted(z for z in goals if z not in seen and z not in flagged and not t.zone_hostile[z])
    if cut:
        ids = [cs.zone_ids[z] for z in hostile_zones if z not in starts] + [cs.conn_ids[c] for c in hostile_conns]
        out.append(Finding(
            "terrain-hostile-path", "warning",
            f"every path to {', '.join(f'{goals[z]} in {cs.labels[z]}' for z in cut)} crosses hostile scenery "
            f"({', '.join(ids)}): every survivor going there is wounded on the way",
            (*ids, *(cs.zone_ids[z] for z in cut)), "zones"))
    return out


NEVER_ENTERED = frozenset({"zone-never-entered", "zone-unreachable"})
"""Findings that say a zone is never entered: what an impassable zone is for."""


def expected_of_impassable(cs: Any, f: Finding) -> bool:
    """Whether a finding only says that an impassable zone is never entered (the validator
    leaves those out: the designer made the zone impassable)."""
    if f.code not in NEVER_ENTERED or len(f.ids) != 1:
        return False
    t = terrain_tables(cs)
    z = cs.zone_index.get(f.ids[0])
    return t is not None and z is not None and t.impassable[z]


# ---- eden: destruction(x) ----


def breakthrough_findings(scenario: Any) -> list[Finding]:
    """``terrain-breakthrough``: the search found no way to win with the map as written, and one
    with its breakable walls open (``rules.terrain.open_walls``): name them and what they cost."""
    walls = breakable_walls(scenario)
    named = ", ".join(f"{what} '{pid}' (destruction({x}): {x} attacks, one action each)" for what, pid, x in walls)
    return [Finding("terrain-breakthrough", "info",
                    f"the mission is won only by breaking through impassable scenery: {named}; the reachability "
                    "search counts these walls as open, the survivors attack them first",
                    tuple(pid for _, pid, _ in walls))]


# ---- end eden: destruction(x) ----
