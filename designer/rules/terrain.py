"""Terrain keywords as tables: what the validator and the engine read of a map's scenery.

The model's :class:`designer.model.terrain.Terrain` holds the keywords as the designer writes
them; this module turns them, once per compiled scenario, into per-zone and per-connection
numbers (:class:`TerrainTables`) and into who may cross each connection
(:func:`passage_flags`, read by the compiled scenario's adjacency, so that the reachability
search and the engine see an impassable zone or connection the same way).

>>> from designer.rules.terrain import terrain_tables     # doctest: +SKIP
>>> t = terrain_tables(compiled)                         # doctest: +SKIP
>>> t.zone_obstruction[compiled.zone_index["marsh"]]      # doctest: +SKIP
2
"""

from __future__ import annotations

from typing import Any

from ..model.scenario import Scenario

__all__ = ["BURN_DICE", "BURN_WOUND_ON", "expected_burn_wounds", "DEVASTATED_OBSTRUCTION", "breakable_walls", "open_walls", "SWIM_MOVE_COST", "TerrainTables", "eden_rules_used", "expected_swim_wounds", "has_terrain", "move_cost",
           "passage_flags", "terrain_tables"]

SWIM_MOVE_COST = 2
"""Actions a swim costs ("une action de déplacement qui coûte exceptionnellement 2PA")."""

DEVASTATED_OBSTRUCTION = 2
"""A destroyed piece of scenery becomes a devastated zone ("remplacez-le par un décor Zone
dévastée"; "Zone dévastée (2 points) : Obstruction(2), Occupation"): obstruction(2) and
nothing else."""


# ---- eden: flammable scenery ----

BURN_DICE = 1
"""Dice a burning survivor rolls at the end of each turn. Eden rolls 3D6 (and a location die)
for a fighter whose four limbs hold its constitution points, a wound per die above its VIG
("lance 3D6 + 1D6 de localisation. Chaque résultat de dé strictement supérieur à la VIG du
combattant ... inflige 1 blessure"): about one wound per upkeep on a fighter that takes several
to fall. A zone game's survivor falls at 2-3 wounds, so one die keeps the fire as dangerous
relative to health (docs/terrain.md, *Fire*)."""

BURN_WOUND_ON = 5
"""A burn die wounds on this or more: strictly above VIG 4, Eden's usual Vigueur (Yûri's, the
rulebook's example fighter: "4 en VIG")."""


def expected_burn_wounds(markers: int, dice: int = BURN_DICE, wound_on: int = BURN_WOUND_ON) -> float:
    """Closed form: the expected wounds of a survivor holding ``markers`` burn markers who
    catches no more and never douses, ignoring death: one roll of ``dice`` dice at each of the
    ``markers`` ends of turn (a marker is removed after each roll), each die wounding with
    chance (7 - wound_on) / 6. One marker: 1/3 wound; three: one wound."""
    return markers * dice * (7 - wound_on) / 6


# ---- end eden: flammable scenery ----


def has_terrain(scenario: Scenario) -> bool:
    """Whether any zone or connection carries terrain keywords."""
    return any(z.terrain is not None for z in scenario.zones) or \
        any(c.terrain is not None for c in scenario.connections)


def passage_flags(scenario: Scenario) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per connection, whether survivors and whether zombies may cross it once terrain is
    applied: an impassable connection, or one into or out of an impassable zone, lets nobody
    through. O(V + E)."""
    conns = scenario.connections
    blocked_zone = {z.id for z in scenario.zones if z.terrain is not None and z.terrain.impassable}
    surv, zomb = [], []
    for c in conns:
        shut = (c.terrain is not None and c.terrain.impassable) or c.source in blocked_zone or c.target in blocked_zone
        surv.append(c.survivors and not shut)
        zomb.append(c.zombies and not shut)
    return tuple(surv), tuple(zomb)


# ---- eden: destruction(x) ----


def breakable_walls(scenario: Scenario) -> list[tuple[str, str, int]]:
    """The impassable pieces survivors can destroy: (zone or connection, its id, x) for each
    zone and connection both impassable and destruction(x), zones first."""
    return [(what, x.id, x.terrain.destruction) for what, items in (("zone", scenario.zones),
                                                                   ("connection", scenario.connections))
            for x in items if x.terrain is not None and x.terrain.impassable and x.terrain.destruction]


def open_walls(scenario: Scenario) -> Scenario:
    """The scenario with every breakable wall (:func:`breakable_walls`) no longer impassable: the
    map as the reachability search sees it when the survivors may break through. It opens what
    the engine opens once the walls fall (``TerrainTables.shut_by`` / ``reopen_adj`` /
    ``zreopen_adj``): a connection every piece shutting it can destroy, not a door, to survivors
    and zombies as the connection lets them through (destroyed scenery is removed for every
    figure). Any other connection a breakable wall shuts (a door into a pylon, one an
    unbreakable piece also shuts) stays shut."""
    data = scenario.model_dump(by_alias=True, exclude_none=True)

    def breakable(x: dict) -> bool:
        t = x.get("terrain") or {}
        return bool(t.get("impassable") and t.get("destruction"))

    def impassable(x: dict) -> bool:
        return bool((x.get("terrain") or {}).get("impassable"))

    zones = {z["id"]: z for z in data["zones"]}
    for c in data["connections"]:
        shut = [x for x in (zones.get(c.get("from")), zones.get(c.get("to")), c) if x is not None and impassable(x)]
        if not shut or not any(breakable(x) for x in shut):
            continue
        if all(breakable(x) for x in shut) and c.get("kind") != "door":
            pass  # reopened, for survivors and zombies as the connection lets them
        else:  # the engine never reopens it: shut for good once the breakable pieces stop shutting it
            c["terrain"] = {**(c.get("terrain") or {}), "impassable": True}
            c["terrain"].pop("destruction", None)
    for key in ("zones", "connections"):
        for x in data[key]:
            if breakable(x):
                x["terrain"]["impassable"] = False
    return type(scenario).model_validate(data)


# ---- end eden: destruction(x) ----


def impassable_connections(scenario: Scenario) -> frozenset[int]:
    """Indices of the connections terrain shuts (impassable, or touching an impassable zone)."""
    blocked_zone = {z.id for z in scenario.zones if z.terrain is not None and z.terrain.impassable}
    return frozenset(i for i, c in enumerate(scenario.connections)
                     if (c.terrain is not None and c.terrain.impassable)
                     or c.source in blocked_zone or c.target in blocked_zone)


class TerrainTables:
    """Terrain as integer tables of one compiled scenario (zone ``i`` and connection ``c`` as
    the compiled scenario numbers them); 1 is "no obstruction", 0 "no hostile presence" and
    "no swim"."""

    __slots__ = ("zone_obstruction", "zone_hostile", "zone_swim", "crossable", "elevated", "impassable",
                 "c_obstruction", "c_hostile", "c_swim", "c_impassable", "entry_hostile",
                 "destruction", "smash_at", "shut_by", "reopen_adj", "zreopen_adj", "reopened", "piece_ids",
                 "_devastated",
                 "flammable", "fire_at", "fire_on")

    def __init__(self, cs: Any):
        s = cs.scenario

        def zone_value(name: str, default: int) -> tuple[int, ...]:
            return tuple((getattr(z.terrain, name) or default) if z.terrain else default for z in s.zones)

        def conn_value(name: str, default: int) -> tuple[int, ...]:
            return tuple((getattr(c.terrain, name) or default) if c.terrain else default for c in s.connections)

        self.zone_obstruction = zone_value("obstruction", 1)
        self.zone_hostile = zone_value("hostile", 0)
        self.zone_swim = zone_value("swim", 0)
        self.crossable = tuple(bool(z.terrain and z.terrain.crossable) for z in s.zones)
        self.elevated = tuple(bool(z.terrain and z.terrain.elevation) for z in s.zones)
        self.impassable = tuple(bool(z.terrain and z.terrain.impassable) for z in s.zones)
        self.c_obstruction = conn_value("obstruction", 1)
        self.c_hostile = conn_value("hostile", 0)
        self.c_swim = conn_value("swim", 0)
        self.c_impassable = tuple(bool(c.terrain and c.terrain.impassable) for c in s.connections)
        self.entry_hostile = any(self.zone_hostile) or any(self.c_hostile)
        """Whether any entry or crossing wounds (the engine skips the look-ups otherwise)."""
        self._eden_destruction(cs)
        self._eden_fire(cs)

    # ---- eden: flammable scenery ----

    def _eden_fire(self, cs: Any) -> None:
        """The flammable pieces (piece numbering of destruction(x)). ``flammable[p]``: whether
        piece ``p`` takes burn markers; ``fire_at[z]``: the flammable pieces at hand of a
        survivor in zone ``z`` ("au contact"): its own zone, each connection touching it and the
        zone at its other end, each once, in connection order (the pieces a survivor could
        attack there); ``fire_on``: whether any piece is flammable."""
        s = cs.scenario
        zones, conns = s.zones, s.connections
        n = len(zones)
        zidx = {z.id: i for i, z in enumerate(zones)}
        self.flammable = tuple(bool(x.terrain and x.terrain.flammable) for x in (*zones, *conns))
        self.fire_on = any(self.flammable)
        at: list[list[int]] = [[] for _ in range(n)]
        if self.fire_on:
            for z in range(n):
                if self.flammable[z]:
                    at[z].append(z)
            for c, conn in enumerate(conns):
                a, b = zidx[conn.source], zidx[conn.target]
                for u, v in ((a, b), (b, a)):
                    for p in (n + c, v):
                        if self.flammable[p] and p not in at[u]:
                            at[u].append(p)
        self.fire_at = tuple(tuple(row) for row in at)

    # ---- end eden: flammable scenery ----

    # ---- eden: destruction(x) ----

    def _eden_destruction(self, cs: Any) -> None:
        """The pieces of scenery survivors may attack (destruction(x)). A piece is a zone ``i``
        (piece ``i``) or a connection ``c`` (piece ``n + c``). ``destruction[p]``: the attacks
        that destroy piece ``p`` (0: not destructible); ``smash_at[z]``: the pieces a survivor in
        zone ``z`` may attack (its own zone, each connection touching it and the zone at its other
        end, in connection order, each once); ``shut_by[c]``: the pieces whose impassable terrain
        shuts connection ``c``; ``reopen_adj[z]``: the moves ``(v, c)`` out of ``z`` across a
        connection terrain shuts (survivors allowed, the zone entered allowing them, not a door),
        open once every piece in ``shut_by[c]`` is destroyed; ``reopened``: the connections
        open so far (bit mask; 0 in the tables of the scenario as written)."""
        s = cs.scenario
        zones, conns = s.zones, s.connections
        n = len(zones)
        zidx = {z.id: i for i, z in enumerate(zones)}
        self.destruction = tuple((x.terrain.destruction or 0) if x.terrain else 0 for x in (*zones, *conns))
        self.piece_ids = tuple(x.id for x in (*zones, *conns))
        at: list[list[int]] = [[] for _ in range(n)]
        if any(self.destruction):
            for z in range(n):
                if self.destruction[z]:
                    at[z].append(z)
            for c, conn in enumerate(conns):
                a, b = zidx[conn.source], zidx[conn.target]
                for u, v in ((a, b), (b, a)):
                    for p in (n + c, v):
                        if self.destruction[p] and p not in at[u]:
                            at[u].append(p)
        self.smash_at = tuple(tuple(row) for row in at)
        shut_by: list[tuple[int, ...]] = []
        reopen: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        max_s = cs.max_survivors
        for c, conn in enumerate(conns):
            a, b = zidx[conn.source], zidx[conn.target]
            pieces = tuple(p for p, shuts in ((a, self.impassable[a]), (b, self.impassable[b]),
                                                (n + c, self.c_impassable[c])) if shuts)
            shut_by.append(pieces)
            if pieces and conn.survivors and conn.kind != "door" and all(self.destruction[p] for p in pieces):
                for u, v in (((a, b),) if conn.one_way else ((a, b), (b, a))):
                    if max_s[v] > 0:
                        reopen[u].append((v, c))
        self.shut_by = tuple(shut_by)
        self.reopen_adj = tuple(tuple(row) for row in reopen)
        # ---- OWNER: eden: destroyed scenery is removed for every figure ----
        # ``zreopen_adj[z]``: the zombies' steps ``(v, c, ok)`` out of ``z`` across a connection
        # terrain shuts, open once every piece in ``shut_by[c]`` is destroyed (not a door; the
        # zone entered allowing zombies); ``ok`` as in the compiled ``zpath_adj`` (a fence
        # zombies may not cross counts for their paths, not for their steps)
        no_z = cs.no_zombies
        zreopen: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for c, conn in enumerate(conns):
            pieces = shut_by[c]
            if not pieces or conn.kind == "door" or not all(self.destruction[p] for p in pieces):
                continue
            if not (conn.zombies or conn.kind == "fence"):
                continue
            a, b = zidx[conn.source], zidx[conn.target]
            for u, v in (((a, b),) if conn.one_way else ((a, b), (b, a))):
                if not no_z[v]:
                    zreopen[u].append((v, c, int(conn.zombies)))
        self.zreopen_adj = tuple(tuple(row) for row in zreopen)
        # ---- end OWNER: eden ----
        self.reopened = 0
        self._devastated: dict[int, TerrainTables] = {}

    def devastated(self, destroyed: int) -> "TerrainTables":
        """These tables once the pieces in ``destroyed`` (a bit mask over pieces) are destroyed:
        each is a devastated zone (:data:`DEVASTATED_OBSTRUCTION`, no other keyword), and the
        connections they alone shut are open (``reopened``). Cached per mask."""
        if not destroyed:
            return self
        out = self._devastated.get(destroyed)
        if out is not None:
            return out
        out = TerrainTables.__new__(TerrainTables)
        for name in TerrainTables.__slots__:
            setattr(out, name, getattr(self, name))
        n = len(self.zone_obstruction)
        zo, zh, zs = list(self.zone_obstruction), list(self.zone_hostile), list(self.zone_swim)
        cr, el, im = list(self.crossable), list(self.elevated), list(self.impassable)
        co, ch, cw, ci = list(self.c_obstruction), list(self.c_hostile), list(self.c_swim), list(self.c_impassable)
        for p in range(len(self.destruction)):
            if not destroyed >> p & 1:
                continue
            if p < n:
                zo[p], zh[p], zs[p], cr[p], el[p], im[p] = DEVASTATED_OBSTRUCTION, 0, 0, False, False, False
            else:
                c = p - n
                co[c], ch[c], cw[c], ci[c] = DEVASTATED_OBSTRUCTION, 0, 0, False
        out.zone_obstruction, out.zone_hostile, out.zone_swim = tuple(zo), tuple(zh), tuple(zs)
        out.crossable, out.elevated, out.impassable = tuple(cr), tuple(el), tuple(im)
        out.c_obstruction, out.c_hostile, out.c_swim, out.c_impassable = tuple(co), tuple(ch), tuple(cw), tuple(ci)
        out.entry_hostile = any(zh) or any(ch)
        out.reopened = sum(1 << c for c, pieces in enumerate(self.shut_by)
                           if pieces and all(destroyed >> p & 1 for p in pieces))
        out._devastated = self._devastated
        self._devastated[destroyed] = out
        return out

    # ---- end eden: destruction(x) ----

    def factor(self, conn: int, to_zone: int) -> int:
        """The obstruction factor of a move across ``conn`` into ``to_zone``."""
        return self.zone_obstruction[to_zone] * self.c_obstruction[conn]

    def swim(self, conn: int, to_zone: int) -> int:
        """The swim difficulty of a move across ``conn`` into ``to_zone`` (0: no swim)."""
        return max(self.zone_swim[to_zone], self.c_swim[conn])

    def hostile(self, conn: int, to_zone: int) -> int:
        """Wounds a survivor takes moving across ``conn`` into ``to_zone``."""
        return self.zone_hostile[to_zone] + self.c_hostile[conn]


def move_cost(tables: TerrainTables, base: int, unit: int, conn: int, to_zone: int) -> int:
    """The cost of a move once terrain is applied.

    ``base`` is the rule profile's cost (Zombicide: one action plus one per zombie in the zone
    left; the house profile: the connection's movement points) and ``unit`` the move's own part
    of it (the connection's ``cost``). Obstruction(x) counts the move's own part x times; a swim
    costs at least :data:`SWIM_MOVE_COST` for the move's own part. Extra costs of the zone left
    (its zombies) are counted once.

    >>> class T: pass
    >>> t = T(); t.zone_obstruction = (1, 2); t.c_obstruction = (1,); t.zone_swim = (0, 0); t.c_swim = (0,)
    >>> move_cost(t, 1, 1, 0, 1), move_cost(t, 3, 1, 0, 1)   # a marsh: 2 actions, 4 with 2 zombies left behind
    (2, 4)
    """
    own = unit * tables.zone_obstruction[to_zone] * tables.c_obstruction[conn]
    if tables.zone_swim[to_zone] or tables.c_swim[conn]:
        own = max(own, SWIM_MOVE_COST)
    return base + own - unit


def terrain_tables(cs: Any) -> TerrainTables | None:
    """The terrain tables of a compiled scenario (cached in its ``caches``); None when the map
    has no terrain keywords."""
    cache = cs.caches.setdefault("terrain", {})
    if "tables" not in cache:
        cache["tables"] = TerrainTables(cs) if has_terrain(cs.scenario) else None
    return cache["tables"]


def expected_swim_wounds(difficulty: int) -> float:
    """Closed form: the expected wounds of one swim (a d6 rolled until it shows ``difficulty`` or
    more, a wound per miss), ignoring death: a geometric count of misses with success chance
    p = (7 - x) / 6, so E = (1 - p) / p = (x - 1) / (7 - x). Nage(4): 1 wound, Nage(5): 2."""
    p = (7 - difficulty) / 6
    return (1 - p) / p


def eden_rules_used(scenario: Scenario) -> list[str]:
    """The Eden and Arctic Scavengers rules a scenario uses beyond terrain (victory points,
    infestation: docs/terrain.md; resources: docs/campaign.md), by name; empty when none. Both
    engines play them all (``designer.engine.core.TYPED_EDEN_RULES``), as they play terrain."""
    used = []
    if getattr(scenario, "points", None) is not None:
        used.append("victory points")
    if getattr(scenario, "infestation", None) is not None:
        used.append("infestation")
    if any(e.kind in ("gain_resource", "spend_resource") for t in scenario.triggers for e in t.then):
        used.append("resources")
    return used
