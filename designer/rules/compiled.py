"""The compiled scenario: a mission turned once into integer-indexed tables that the validator
and the playtest engine both read.

Zones, connections, doors, spawns, objectives, triggers and victory steps become list indices;
adjacency is stored per actor (survivors, zombies, the zombies' pathing graph where fences count
as absent); door states are bit masks; triggers, effects and victory steps are rows of op codes.
Every derived fact of the scenario (which zones form a building, what an empty
``take_objectives`` step asks for, who may open a door) is computed here, once.

>>> from designer.rules import compile                         # doctest: +SKIP
>>> cs = compile(scenario)                                     # doctest: +SKIP
>>> cs.zone_index["C2"], cs.label("C2"), cs.building_of[cs.zone_index["C2"]]   # doctest: +SKIP
(4, 'Pharmacy (C2)', 0)

The static fields carry the names and meanings of the engine's board
(:class:`designer.engine.board.Board`), so a board can be built over a compiled scenario
without a change of behaviour. A compiled scenario is immutable: assigning an attribute after
:func:`compile` raises ``AttributeError``; the only mutable parts are the cache dictionaries
declared in ``__init__`` (``caches``).
"""

from __future__ import annotations

from typing import Any

from ..model.scenario import BUILDING_KINDS, Scenario
from .terrain import impassable_connections, passage_flags

__all__ = [
    "CompiledScenario", "INF", "compile",
    "OBJ_KINDS", "EVENTS", "EFFECTS", "STEPS",
    "EV_TAKEN", "EV_PRESSED", "EV_DOOR_OPENED", "EV_ZONE_ENTERED", "EV_TURN", "EV_KILLS",
    "FX_OPEN", "FX_CLOSE", "FX_TOGGLE", "FX_UNLOCK", "FX_LOCK", "FX_ACTIVATE", "FX_DEACTIVATE",
    "FX_TOGGLE_SPAWN", "FX_SPAWN", "FX_XP", "FX_END", "FX_GIVE", "FX_GAIN", "FX_SPEND", "FX_HEAL_OR_DRAW", "FX_SET_FIRE",
    "ST_TAKE", "ST_KILL", "ST_REACH", "ST_ESCAPE", "ST_SURVIVE", "ST_CLEAR", "ST_OPEN",
    "ST_NO_ZOMBIES", "ST_DOORS_CLOSED", "ST_NO_PATH", "ST_CARRY", "ST_HOLD", "CONDITION_STEPS",
    "SAFE_EFFECTS", "FREE_PASSAGES",
]

INF = 1 << 20
"""Distance to a zone that cannot be reached; also 'no limit' for capacities."""

DRIVE_KINDS = frozenset({"street", "corridor"})
"""Zone kinds a car is driven in (streets and inner corridors)."""
OBJ_KINDS: dict[str, int] = {"token": 0, "key": 1, "switch": 2, "item": 3, "search_marker": 4, "car": 5}
EVENTS: dict[str, int] = {"objective_taken": 0, "switch_pressed": 1, "door_opened": 2, "zone_entered": 3,
                          "turn_reached": 4, "kills_reached": 5}
EV_TAKEN, EV_PRESSED, EV_DOOR_OPENED, EV_ZONE_ENTERED, EV_TURN, EV_KILLS = range(6)
EFFECTS: dict[str, int] = {"open_door": 0, "close_door": 1, "toggle_door": 2, "unlock_door": 3, "lock_door": 4,
                           "activate_spawn": 5, "deactivate_spawn": 6, "toggle_spawn": 7, "spawn_zombies": 8,
                           "grant_xp": 9, "end_game": 10, "give_card": 11, "rotate_gate": 12,
                           "gain_resource": 13, "spend_resource": 14}
(FX_OPEN, FX_CLOSE, FX_TOGGLE, FX_UNLOCK, FX_LOCK, FX_ACTIVATE, FX_DEACTIVATE, FX_TOGGLE_SPAWN, FX_SPAWN,
 FX_XP, FX_END, FX_GIVE, FX_ROTATE, FX_GAIN, FX_SPEND) = range(15)
FX_HEAL_OR_DRAW = EFFECTS["heal_or_draw"] = 60  # Les morts aux trousses' office (the house rules' codes: 60-69)
FX_SET_FIRE = EFFECTS["set_fire"] = 55  # eden: flammable scenery set alight (its argument: the piece, docs/terrain.md)
"""(``FX_ROTATE`` never appears in a row: a rotating gate's quarter turn is compiled into the door
rows of its sides, see :func:`_gate_rows`.)"""
STEPS: dict[str, int] = {"take_objectives": 0, "kill": 1, "reach_zone": 2, "escape": 3, "survive": 4,
                         "clear_zones": 5, "open_doors": 6, "no_zombies": 7, "doors_closed": 8,
                         "no_zombie_path": 9, "carry_items": 10, "hold_zone": 11}
(ST_TAKE, ST_KILL, ST_REACH, ST_ESCAPE, ST_SURVIVE, ST_CLEAR, ST_OPEN, ST_NO_ZOMBIES, ST_DOORS_CLOSED,
 ST_NO_PATH, ST_CARRY, ST_HOLD) = range(12)
CONDITION_STEPS = frozenset({ST_NO_ZOMBIES, ST_DOORS_CLOSED, ST_NO_PATH, ST_CARRY, ST_HOLD})
"""Victory steps that hold at a moment and are never kept once met (the model's
``CONDITION_KINDS``)."""

SAFE_EFFECTS = frozenset({FX_OPEN, FX_UNLOCK, FX_ACTIVATE, FX_DEACTIVATE, FX_TOGGLE_SPAWN, FX_SPAWN, FX_XP,
                          FX_GIVE, FX_GAIN, FX_SPEND, FX_HEAL_OR_DRAW})
"""Effects that never remove an option of the survivors (opening, unlocking, spawns, XP, a card,
resources: no rule of the map reads a resource)."""

FREE_PASSAGES = frozenset({"opening", "stairs", "elevator", "ladder"})
"""Connection kinds that join the zones of one building (a door separates buildings)."""

DEFAULT_TARGET_KINDS = ("token", "key")
"""What an empty ``take_objectives`` step asks for: every token and key on the map (switches are
pressed, items and search markers are picked up, none of them is required by default)."""


class CompiledScenario:
    """Immutable integer tables of one scenario (see the module notes).

    Zone ``i`` is ``scenario.zones[i]``; connection ``c`` is ``scenario.connections[c]``; door
    ``d`` is the ``d``-th connection of kind 'door' (bit ``d`` of the door masks); spawn ``k`` is
    the ``k``-th in resolution order; objective ``o`` is ``scenario.objectives[o]``; trigger
    ``t`` is ``scenario.triggers[t]``; victory step ``i`` is ``scenario.victory.steps[i]``.
    """

    def __init__(self, scenario: Scenario, door_openers: frozenset[str] = frozenset(),
                 profile_params: Any = None, default_deck: tuple[tuple[str, int], ...] = ()):
        s = scenario
        w = self._init
        w("scenario", s)
        zones = s.zones
        n = len(zones)
        w("n", n)

        # -- zones ---------------------------------------------------------------------------
        zone_ids = tuple(z.id for z in zones)
        zidx = {z: i for i, z in enumerate(zone_ids)}
        w("zone_ids", zone_ids)
        w("zone_index", zidx)
        walled = ("tower", "security") if getattr(profile_params, "zombies_cross_gates", False) else \
            ("tower", "security", "gate")
        # ---- OWNER: truth: the zones' tables in one pass over the models ----
        rows = []
        for z in zones:
            f, cap, zid, name, zkind = z.flags, z.capacity, z.id, z.name, z.kind
            mz, ms = cap.max_zombies, cap.max_survivors
            rows.append((name or zid, f"{name} ({zid})" if name and name != zid else zid, zkind, z.level,
                         f.dark, f.fire, f.no_spawn,
                         f.searchable if f.searchable is not None else zkind in ("room", "extra"),  # is_searchable
                         f.breakthrough, mz if mz is not None else INF, ms if ms is not None else INF,
                         zkind in walled or mz == 0 or f.fire, zkind in BUILDING_KINDS))
        cols = tuple(zip(*rows)) if rows else ((),) * 13
        (names, labels, kinds, levels, dark, fire, no_spawn, searchable, breakthrough, max_z, max_s,
         no_zombies, is_building) = cols
        # ---- end OWNER: truth ----
        w("names", names)
        w("labels", labels)
        w("kind", kinds)
        w("level", levels)
        w("dark", dark)
        w("fire", fire)
        w("no_spawn", no_spawn)
        w("searchable", searchable)
        w("breakthrough", breakthrough)
        w("max_zombies", max_z)
        w("max_survivors", max_s)
        w("no_zombies", no_zombies)
        """Zones zombies never enter (towers, security zones, zero capacity, burning rooms ("Room on
        fire: no"); gates unless the rule override ``zombies_cross_gates`` lets them walk through)."""
        w("enterable", tuple(m != 0 for m in max_s))
        """Zones a survivor may stand in (not a zone of capacity 0)."""
        w("is_building", is_building)

        # -- connections and doors -----------------------------------------------------------
        conns = s.connections
        # ---- OWNER: truth: the connections' tables in one pass over the models ----
        crows = [(c.id, zidx[c.source], zidx[c.target], c.kind, c.cost, c.sight, c.one_way) for c in conns]
        conn_ids, c_from, c_to, c_kinds, c_costs, c_sights, c_one_way = \
            tuple(zip(*crows)) if crows else ((),) * 7
        # ---- end OWNER: truth ----
        w("conn_ids", conn_ids)
        w("conn_index", {cid: i for i, cid in enumerate(conn_ids)})
        w("c_from", c_from)
        w("c_to", c_to)
        w("c_kind", c_kinds)
        w("c_cost", c_costs)
        w("c_sight", c_sights)
        w("c_one_way", c_one_way)
        pass_s, pass_z = passage_flags(s)  # terrain: an impassable zone or connection lets nobody through
        shut = impassable_connections(s) if not all(pass_s) or not all(pass_z) else frozenset()
        w("c_survivors", pass_s)
        w("c_zombies", pass_z)
        doors = [c for c in conns if c.kind == "door"]
        door_ids = tuple(c.id for c in doors)
        didx = {d: i for i, d in enumerate(door_ids)}
        w("door_ids", door_ids)
        w("door_index", didx)
        w("c_door", tuple(didx[c.id] if c.kind == "door" else -1 for c in conns))
        w("door_conn", tuple(self.conn_index[d] for d in door_ids))
        w("door_open0", sum(1 << i for i, c in enumerate(doors) if c.state == "open"))
        w("door_unlocked0", sum(1 << i for i, c in enumerate(doors) if c.state != "locked"))
        w("door_lock", tuple((c.lock.kind, c.lock.colour if c.lock.kind == "colour" else c.lock.item)
                             if c.lock else None for c in doors))
        w("door_breakable", tuple(c.breakable for c in doors))
        w("door_spawns", tuple(c.spawns_on_first_open for c in doors))
        w("door_by_hand", tuple(c.by_hand for c in doors))
        """Doors survivors may open by hand (off: only a trigger opens it, a button's door)."""

        # -- adjacency per actor -------------------------------------------------------------
        surv: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        zpath: list[list[tuple[int, int, bool]]] = [[] for _ in range(n)]
        survivor_out: list[list[int]] = [[] for _ in range(n)]
        zombie_out: list[list[int]] = [[] for _ in range(n)]
        zombie_in: list[list[int]] = [[] for _ in range(n)]
        any_out: list[list[int]] = [[] for _ in range(n)]
        any_in = [0] * n
        degree = [0] * n
        no_z = self.no_zombies
        # ---- OWNER: truth: one pass over the connections' tables (the benchmark's hot loop) ----
        for i in range(len(c_from)):
            a = c_from[i]
            b = c_to[i]
            degree[a] += 1
            degree[b] += 1
            c_surv = pass_s[i]
            c_zomb = pass_z[i]
            paths = c_zomb or (c_kinds[i] == "fence" and i not in shut)
            for u, v in (((a, b),) if c_one_way[i] else ((a, b), (b, a))):
                if c_surv:
                    if max_s[v] > 0:
                        surv[u].append((v, i))
                    any_out[u].append(v)
                    survivor_out[u].append(v)
                    any_in[v] += 1
                elif c_zomb:
                    any_out[u].append(v)
                if paths and not no_z[v]:
                    zpath[u].append((v, i, c_zomb))
                if c_zomb:
                    zombie_out[u].append(v)
                    zombie_in[v].append(u)
                    any_in[v] += 1
        # ---- end OWNER: truth ----
        w("surv_adj", tuple(tuple(x) for x in surv))
        """Per zone, (neighbour, connection) a survivor may step to (one-way respected, doors
        counted whatever their state)."""
        w("zpath_adj", tuple(tuple(x) for x in zpath))
        """Per zone, (neighbour, connection, may step) of the zombies' pathing graph: fences count
        as absent for pathing but cannot be stepped through."""
        back: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for u in range(n):
            for v, c in surv[u]:
                back[v].append((u, c))
        w("surv_back", tuple(tuple(x) for x in back))
        """Per zone, (zone, connection) survivors step in from (the reverse of ``surv_adj``)."""
        w("survivor_out", tuple(tuple(x) for x in survivor_out))
        """Zones a survivor can step into from each zone (doors as open, capacity ignored)."""
        w("zombie_out", tuple(tuple(x) for x in zombie_out))
        """Zones a zombie can step into from each zone (doors as open)."""
        w("zombie_in", tuple(tuple(x) for x in zombie_in))
        w("any_out", tuple(tuple(x) for x in any_out))
        """Zones anyone (survivor or zombie) can step into from each zone, doors as open."""
        w("any_in", tuple(any_in))
        w("degree", tuple(degree))

        # -- buildings: building zones joined by non-door passages, plus designer labels ----
        parent = list(range(n))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        inside = self.is_building
        for i, c in enumerate(conns):
            a, b = c_from[i], c_to[i]
            if inside[a] and inside[b] and c.kind in FREE_PASSAGES:
                parent[find(a)] = find(b)
        label: dict[str, int] = {}
        for i, z in enumerate(zones):
            if inside[i] and z.building:
                if z.building in label:
                    parent[find(i)] = find(label[z.building])
                else:
                    label[z.building] = i
        roots: dict[int, int] = {}
        building_of = [-1] * n
        for i in range(n):
            if inside[i]:
                building_of[i] = roots.setdefault(find(i), len(roots))
        bz: list[list[int]] = [[] for _ in roots]
        for i in range(n):
            if building_of[i] >= 0:
                bz[building_of[i]].append(i)
        w("building_of", tuple(building_of))
        w("building_zones", tuple(tuple(x) for x in bz))

        # -- spawns, in resolution order ----------------------------------------------------
        order = sorted(range(len(s.spawns)), key=lambda k: (s.spawns[k].order, k))
        w("spawn_ids", tuple(s.spawns[k].id for k in order))
        w("spawn_index", {sid: i for i, sid in enumerate(self.spawn_ids)})
        w("spawn_zone", tuple(zidx[s.spawns[k].zone] for k in order))
        w("spawn_kind", tuple(s.spawns[k].kind for k in order))
        w("spawn_active0", sum(1 << i for i, k in enumerate(order) if s.spawns[k].active))
        tiles: dict[str, list[int]] = {}
        for i, z in enumerate(zones):
            for t in z.tiles:
                tiles.setdefault(t, []).append(i)
        w("zone_tiles", tuple(tuple(z.tiles) for z in zones))
        w("tile_zones", {t: tuple(v) for t, v in tiles.items()})
        w("manholes", tuple(self.spawn_zone[i] for i, k in enumerate(self.spawn_kind) if k == "manhole"))

        # -- objectives --------------------------------------------------------------------
        objs = s.objectives
        w("obj_ids", tuple(o.id for o in objs))
        oidx = {o: i for i, o in enumerate(self.obj_ids)}
        w("obj_index", oidx)
        w("obj_kind", tuple(o.kind for o in objs))
        w("obj_zone0", tuple(zidx[o.zone] for o in objs))
        w("obj_xp", tuple(o.xp for o in objs))
        w("obj_colour", tuple(getattr(o, "colour", None) for o in objs))
        w("obj_item", tuple(getattr(o, "item", None) for o in objs))
        w("obj_repeatable", tuple(getattr(o, "repeatable", False) for o in objs))
        w("obj_also", tuple(tuple(getattr(o, "also", ())) for o in objs))
        """Per objective, the further items taken with it (an item objective's ``also``)."""
        w("obj_one_of", tuple(tuple(getattr(o, "one_of", ())) for o in objs))
        """Per objective, the items drawn at random with ``obj_item`` when it is taken (morts)."""
        w("cars", tuple(i for i, o in enumerate(objs) if o.kind == "car"))
        """Objectives that are cars (searched, not taken)."""
        groups: dict[str, list[int]] = {}
        for i, o in enumerate(objs):
            if o.hidden_group:
                groups.setdefault(o.hidden_group, []).append(i)
        w("hidden_groups", tuple(tuple(g) for g in groups.values()))
        group_mask = [0] * len(objs)
        for g in groups.values():
            m = sum(1 << i for i in g)
            for i in g:
                group_mask[i] = m
        w("obj_group_mask", tuple(group_mask[i] or 1 << i for i in range(len(objs))))
        """Per objective, the objectives that must all be taken before it is known which one it is
        (its hidden group; itself when it is not hidden)."""
        house = s.setup.rules.profile == "house"
        no_collect = tuple(house and (z.flags.smoke or (z.flags.dark and not z.flags.fire)) for z in zones)
        w("obj_takeable", tuple(self.enterable[self.obj_zone0[i]] and self.kind[self.obj_zone0[i]] != "security"
                                and not (no_collect[self.obj_zone0[i]] and objs[i].kind != "switch")
                                for i in range(len(objs))))
        """Objectives a survivor standing in their zone may take or press: not in a zone that holds
        no survivor, not in a security zone (only moving is allowed there). A rotating gate only
        forbids spawning and searching, so its button can be pressed. In a house game (Les morts
        aux trousses) nothing but a button is taken in a dark zone that does not burn or in a
        smoke-filled one ("Darkness: movement = 2 (no collection)", "Smoke => no collection"), as
        both engines play it (``profiles.House.can_collect``)."""
        w("default_targets", tuple(i for i, k in enumerate(self.obj_kind) if k in DEFAULT_TARGET_KINDS))

        # -- start zones, exits, sight -----------------------------------------------------
        w("start_zones", tuple(zidx[z] for z in s.setup.start_zones))
        w("exits", tuple(zidx[z] for z in s.exits))
        is_exit = [False] * n
        for e in self.exits:
            is_exit[e] = True
        w("is_exit", tuple(is_exit))
        w("sight_lines", tuple(tuple(zidx[z] for z in line.zones) for line in s.sight_lines))

        # -- triggers and effects as op rows ---------------------------------------------------
        sidx = self.spawn_index
        ev_rows = []
        fx_rows = []
        for t in s.triggers:
            ev = t.when
            k = ev.kind
            arg = (oidx[ev.objective] if k == "objective_taken" else oidx[ev.switch] if k == "switch_pressed"
                   else didx[ev.door] if k == "door_opened" else zidx[ev.zone] if k == "zone_entered"
                   else ev.turn if k == "turn_reached" else ev.count)
            ev_rows.append((EVENTS[k], arg))
            row = []
            for e in t.then:
                op = EFFECTS[e.kind]
                if e.kind == "rotate_gate":  # its rows: the side doors it opens and closes
                    row.extend(_gate_rows(e, didx))
                    continue
                if hasattr(e, "door"):
                    row.append((op, didx[e.door]))
                elif hasattr(e, "spawn"):
                    row.append((op, sidx[e.spawn]))
                elif op == FX_SPAWN:  # at an objective: the zone the file gives it (its group's zones in play)
                    row.append((op, zidx[e.zone] if e.zone is not None else self.obj_zone0[oidx[e.at_objective]]))
                elif op in (FX_XP, FX_GAIN, FX_SPEND):
                    row.append((op, e.amount))
                elif op == FX_HEAL_OR_DRAW:
                    row.append((op, e.heal))
                elif op == FX_SET_FIRE:  # the piece of scenery: zone i, or connection c as n + c
                    row.append((op, zidx[e.zone] if e.zone is not None else n + self.conn_index[e.connection]))
                elif op == FX_GIVE:  # how many set-aside cards it may draw from
                    names = set(e.cards)
                    row.append((op, sum(c.count for c in s.setup.set_aside if not names or c.item in names)))
                else:  # end_game: 1 win, 0 loss
                    row.append((op, int(e.outcome == "win")))
            fx_rows.append(tuple(row))
        w("trig_ids", tuple(t.id for t in s.triggers))
        w("trig_event", tuple(ev_rows))
        """Per trigger, (event op, argument): objective / door / zone index, turn or kill count."""
        w("trig_once", tuple(t.once for t in s.triggers))
        w("trig_effects", tuple(fx_rows))
        """Per trigger, its effects in order as (effect op, argument): door index, spawn index,
        zone index (spawn zombies), XP amount, the set-aside cards it draws from (give card), or
        1 / 0 for an end of the game in a win / loss."""
        on: tuple[dict[int, list[int]], ...] = tuple({} for _ in EVENTS)
        for ti, (op, arg) in enumerate(ev_rows):
            on[op].setdefault(arg, []).append(ti)
        # safe: every effect is safe, and so are the triggers of the doors it opens (transitively)
        safe = [all(op in SAFE_EFFECTS for op, _ in row) for row in fx_rows]
        changed = True
        while changed:
            changed = False
            for ti, row in enumerate(fx_rows):
                if safe[ti] and any(op == FX_OPEN and not all(safe[t] for t in on[EV_DOOR_OPENED].get(arg, ()))
                                    for op, arg in row):
                    safe[ti] = False
                    changed = True
        w("trig_safe", tuple(safe))
        """Triggers that never remove an option: their effects are safe (see :data:`SAFE_EFFECTS`)
        and so are the triggers of the doors they open, transitively."""
        w("triggers_on", tuple({a: tuple(v) for a, v in d.items()} for d in on))
        """Per event op, {argument: triggers} (for example ``triggers_on[EV_TAKEN][o]``)."""
        changeable = 0
        opened_by_effect = 0
        for row in fx_rows:
            for op, arg in row:
                if op in (FX_CLOSE, FX_LOCK, FX_TOGGLE):
                    changeable |= 1 << arg
                if op in (FX_OPEN, FX_UNLOCK, FX_TOGGLE):
                    opened_by_effect |= 1 << arg
        w("door_closable", changeable)
        """Doors that some effect closes or locks (bit mask)."""
        w("door_opened_by_effect", opened_by_effect)
        """Doors that some effect opens or unlocks (bit mask)."""

        # -- victory steps --------------------------------------------------------------------
        v = s.victory
        w("ordered", v.ordered)
        step_op, step_targets, step_who, step_count, step_zombie = [], [], [], [], []
        step_items: list[frozenset[str]] = []
        for st in v.steps:
            k = st.kind
            if k == "take_objectives":
                ids = tuple(dict.fromkeys(oidx[o] for o in st.objectives)) if st.objectives else self.default_targets
            elif k in ("reach_zone", "clear_zones", "no_zombie_path", "carry_items", "hold_zone"):
                ids = tuple(zidx[z] for z in st.zones)
            elif k == "escape":
                ids = self.exits
            elif k in ("open_doors", "doors_closed"):
                ids = tuple(dict.fromkeys(didx[d] for d in st.doors))
            else:
                ids = ()
            step_op.append(STEPS[k])
            step_targets.append(ids)
            step_who.append(getattr(st, "who", "any"))
            step_count.append(getattr(st, "count", 0) or getattr(st, "turns", 0))
            step_zombie.append(getattr(st, "zombie", None))
            step_items.append(frozenset(st.items) if k == "carry_items" else frozenset())
        w("step_op", tuple(step_op))
        w("step_items", tuple(step_items))
        """Per victory step, the item names a 'carry_items' step counts (empty for the others)."""
        w("step_condition", tuple(op in CONDITION_STEPS for op in step_op))
        """Per victory step, whether it is a condition on the moment (never kept once met)."""
        w("step_targets", tuple(step_targets))
        """Per victory step: objective indices (take; an empty list already replaced by the
        default targets), zone indices (reach, clear, escape: the exits, no zombie path, carry,
        hold) or door indices (open, doors closed); empty for 'no_zombies'."""
        w("step_who", tuple(step_who))
        w("step_count", tuple(step_count))
        """Kills (kill), turns (survive) or items (carry) a step asks for; 0 for the others."""
        w("step_zombie", tuple(step_zombie))
        limit = s.setup.turn_limit
        w("turn_limit", limit)
        w("turn_limit_loses", s.defeat.at_turn_limit and limit is not None)
        w("zombies_at_start", bool(self.spawn_active0) or bool(s.setup.zombies))
        w("carrier_items", frozenset(s.defeat.carrier_dies))
        """Items whose carrier's death loses the game (``defeat.carrier_dies``)."""
        groups0 = s.setup.start_groups
        w("start_groups", tuple((zidx[g.zone], tuple(g.heroes)) for g in groups0))
        """Split starting groups: (zone index, hero names) per group; empty when the team starts
        together."""

        # -- equipment: who can open which door --------------------------------------------------
        sv = s.setup.survivors
        params = profile_params
        w("doors_need_item", bool(getattr(params, "doors_need_item", True)))
        """Opening a closed door needs a door-opening item (Zombicide); otherwise bare hands do."""
        w("building_spawn", bool(getattr(params, "building_spawn", True)))
        """Opening the first door of a building spawns zombies in its zones."""
        w("door_openers", frozenset(door_openers))
        """Names of the items that open doors."""
        w("starting_equipment", tuple(sv.team_items()))
        """What the team starts with: every survivor's equipment and the named survivors' dealt
        cards (a team of the default size)."""
        deck = tuple((e.item, e.count) for e in s.setup.equipment_deck) if s.setup.equipment_deck \
            else tuple(default_deck)
        w("equipment_deck", deck)
        """The search deck, (item, copies): the scenario's, or the rule profile's default."""
        w("starting_cards", sv.starting_cards)
        w("deck_items", frozenset(name for name, _ in deck))
        w("deck_has_opener", any(name in self.door_openers for name, _ in deck))
        w("starts_with_opener", not self.doors_need_item
          or any(name in self.door_openers for name in sv.team_items()))
        """Whether the team opens doors from the first turn (an opener in the starting equipment,
        or a profile where bare hands do)."""

        # ---- zombicide: driving cars ----
        drivable = tuple(z.kind in DRIVE_KINDS for z in zones)
        w("drivable", drivable)
        """Zones a car may be driven in: streets and inner corridors ("le Auto non possono essere
        guidate all'interno degli Edifici, ad eccezione dei Corridoi Interni")."""
        drive: list[list[int]] = [[] for _ in range(n)]
        for i in range(len(c_from)):  # ---- truth: read from the tables, not the models ----
            if c_kinds[i] != "opening" or not pass_s[i]:
                continue
            a, b = c_from[i], c_to[i]
            if not (drivable[a] and drivable[b]):
                continue
            for u, v in (((a, b),) if c_one_way[i] else ((a, b), (b, a))):
                if v not in drive[u]:
                    drive[u].append(v)
        w("drive_adj", tuple(tuple(sorted(x)) for x in drive))
        """Per zone, the zones a car moves to in one step (an opening between two drivable zones;
        never a door, a fence or a security zone: "Le Auto non possono attraversare una Zona di
        Sicurezza"), in zone order."""
        w("car_drive", tuple(o.kind == "car" and o.drive for o in objs))
        """Per objective, whether it is a car the mission lets survivors drive ("Puoi guidare")."""
        w("drive_cars", any(self.car_drive))
        """Whether any car may be driven (the engines offer the car actions only then)."""

        w("caches", {})
        """The only mutable part: per-purpose caches (``caches.setdefault(name, {})``)."""
        object.__setattr__(self, "_frozen", True)

    # -- immutability ----------------------------------------------------------------------

    def _init(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a compiled scenario is immutable (cannot set '{name}')")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a compiled scenario is immutable (cannot delete '{name}')")

    def __reduce__(self):
        return (compile, (self.scenario,))

    # -- friendly look-ups -----------------------------------------------------------------

    def label(self, zone_id: str) -> str:
        """'Name (id)', or the id when the zone has no name."""
        return self.labels[self.zone_index[zone_id]]

    def label_list(self, zone_ids) -> str:
        """Labels of several zones, comma separated."""
        return ", ".join(self.label(z) for z in zone_ids)

    def door_between(self, d: int) -> tuple[int, int]:
        """The two zones of door ``d``."""
        c = self.door_conn[d]
        return self.c_from[c], self.c_to[c]

    def __repr__(self) -> str:
        return (f"<CompiledScenario {self.scenario.id!r}: {self.n} zones, {len(self.conn_ids)} connections, "
                f"{len(self.door_ids)} doors, {len(self.obj_ids)} objectives>")


def gate_is_straight(effect: Any) -> bool:
    """Whether a rotating gate's passage looks the same after a half turn (straight through, or
    open or closed all round): each quarter turn then swaps every side, whichever the direction."""
    p = effect.passage
    return p[0] == p[2] and p[1] == p[3]


def _gate_rows(effect: Any, didx: dict[str, int]) -> list[tuple[int, int]]:
    """A quarter turn as door rows: a straight gate toggles every side door (exactly what a
    quarter turn does to it); any other gate is given as opening every side (the validator
    names it as not checked, the engine turns it for real)."""
    op = FX_TOGGLE if gate_is_straight(effect) else FX_OPEN
    return [(op, didx[d]) for d in effect.sides if d is not None]


def compile(scenario: Scenario) -> CompiledScenario:  # noqa: A001 - the domain's word
    """Compile a scenario into its integer tables (see :class:`CompiledScenario`).

    Parameters
    ----------
    scenario : Scenario
        A loaded scenario (its references are already checked by the model).

    Returns
    -------
    CompiledScenario

    Notes
    -----
    O(V + E) for the tables, plus one pass per trigger and victory step. Which items open doors
    and the rule profile's parameters (doors need an item, building spawns, the default deck)
    come from the rules' equipment and profile tables (:mod:`designer.rules.equipment`,
    :mod:`designer.rules.profiles`), so that the validator and the engine answer "who may open
    this door" from the same facts.
    """
    from .equipment import DOOR_OPENERS
    from .profiles import DEFAULT_PARAMS, ProfileError, default_deck, profile_params

    rules = scenario.setup.rules
    try:
        params = profile_params(rules.profile, rules.overrides)
    except ProfileError:  # a bad override is its own finding; compile with the profile's defaults
        params = DEFAULT_PARAMS[rules.profile]
    return CompiledScenario(scenario, DOOR_OPENERS, params, default_deck(rules.profile))
