"""Can the mission be won? A search over what the team has unlocked and where it stands.

The search answers: is there a sequence of moves, door openings, objectives taken, switches
pressed and one-way drops that completes the victory steps; if so, one witness plan; which
zones, doors, objectives, switches and triggers can never be reached or used; which actions lead
to a dead end (a situation from which the mission can no longer be won); and which keys lie
behind the doors they open (directly or through a cycle of locks).

Notes
-----
**Model of play.** The survivors move as one team. Every closed door can be opened by a survivor
standing beside it (the team is assumed to hold a door-opening item); a locked door opens once a
key of its colour has been taken, once the team holds the named item (taken on the map or in the
starting equipment), when a trigger unlocks or opens it, or by force when it is breakable. Keys
are never used up. A key shuffled face down in a hidden group counts as found only once every
objective of its group has been taken, so the verdict holds for every arrangement of the tokens;
for the same reason a victory step that names a hidden objective needs its whole group taken.
Zombies, wounds, actions per turn and dice are not part of this question: they are the
playtest engine's. "Kill N" goals and kill triggers count as reachable once zombies can appear
(an active spawn, placed zombies, a spawning trigger or a building spawn); "survive N turns" goals
need N not to exceed the turn limit; turn triggers fire in turn order up to the turn limit.

**State.** Only what can change is stored: which doors are open, unlocked and ever opened,
which objectives are taken, which once-triggers have fired, which switches were pressed, the
turn and kill thresholds passed, whether zombies exist, the progress through the victory steps,
and the team's *region*. The map is first condensed: zones joined by passages that can never
change (openings, stairs, elevators, ladders, doors that start open and that no effect closes)
become one node (union-find). A region is the set of condensed nodes the team can walk between
both ways with the current doors; all of it is one state.

**Saturation.** Inside a state, every *monotone* action is taken at once: opening a door whose
opening fires only monotone effects, taking such an objective, pressing such a switch, entering
such a zone. Monotone effects (open or unlock a door, turn spawns on or off, place zombies, grant
XP) never remove an option, so taking them eagerly loses no plan. What can remove options is a
*discrete* action, searched breadth first with memoisation on the state: crossing a one-way
connection, and every door, objective, switch or zone whose triggers close or lock a door or end
the game, plus waiting for a turn trigger and reaching a kill trigger.

**Complexity.** Condensation is one union-find pass, O(V + E). Each state costs one saturation,
linear in the condensed graph. The number of states is bounded by the combinations of the
non-monotone facts actually reachable, typically a handful; a limit (``max_states``) stops the
search and reports ``search-limit`` when switches that toggle many doors make it explode.

**Dead ends.** After the search, the states from which a win is reachable are found by a
backward traversal; every discrete action that leads from such a state to one without a way to
win is reported with the zone where it is taken.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..model.scenario import Scenario

__all__ = ["Reachability", "Step", "search", "lock_dependencies"]

SAFE_EFFECTS = frozenset({
    "open_door", "unlock_door", "activate_spawn", "deactivate_spawn", "toggle_spawn",
    "spawn_zombies", "grant_xp",
})
"""Effects that never remove an option of the survivors."""

DEFAULT_MAX_STATES = 50_000


@dataclass(frozen=True)
class Step:
    """One step of a witness plan, in a designer's words.

    ``action`` is one of: open (a door), take (an objective), press (a switch), enter (a zone
    with a trigger), cross (a one-way connection), wait (for a turn), kill (a number of
    zombies), goal (a victory step is met). ``zone`` is where the team stands to do it ('' for
    wait / kill / goals met anywhere); ``target`` is the id acted on.
    """

    action: str
    zone: str
    target: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"action": self.action, "zone": self.zone, "target": self.target, "text": self.text}


@dataclass
class Reachability:
    """What the search found."""

    winnable: bool
    plan: list[Step]
    """A witness plan when winnable (empty otherwise)."""
    reachable_zones: set[str]
    opened_doors: set[str]
    taken_objectives: set[str]
    pressed_switches: set[str]
    fired_triggers: set[str]
    activated_spawns: set[str]
    dead_ends: list[tuple[Step, str]]
    """Actions leading from a winnable situation to one that cannot be won, with the reason."""
    best_progress: int
    """Ordered victory: the number of steps completed in the best state; unordered: the bitmask
    of steps ever met."""
    states: int
    truncated: bool
    compiled: Any = field(default=None, repr=False)
    """The compiled tables of the search, reused by the other reachability checks."""


class _Compiled:
    """Integer tables of the search, built once per scenario."""

    @staticmethod
    def _bits(mask: int):
        i = 0
        while mask:
            if mask & 1:
                yield i
            mask >>= 1
            i += 1

    def __init__(self, s: Scenario):
        self.s = s
        zones = s.zones
        self.zone_ids = [z.id for z in zones]
        zidx = {z: i for i, z in enumerate(self.zone_ids)}
        n = len(zones)
        enterable = [z.capacity.max_survivors != 0 for z in zones]

        # doors
        self.door_ids = [c.id for c in s.connections if c.kind == "door"]
        dbit = {d: i for i, d in enumerate(self.door_ids)}
        self.dbit = dbit
        changeable: set[str] = set()
        for t in s.triggers:
            for e in t.then:
                if e.kind in ("close_door", "lock_door", "toggle_door"):
                    changeable.add(e.door)
        self.door_lock: list[tuple[str, str] | None] = []
        self.door_breakable: list[bool] = []
        self.door_building_spawn: list[bool] = []
        open0 = unlocked0 = 0
        for c in s.connections:
            if c.kind != "door":
                continue
            i = dbit[c.id]
            if c.state == "open":
                open0 |= 1 << i
            if c.state != "locked":
                unlocked0 |= 1 << i
            self.door_lock.append((c.lock.kind, c.lock.colour if c.lock.kind == "colour" else c.lock.item)
                                  if c.lock else None)
            self.door_breakable.append(c.breakable)
            self.door_building_spawn.append(c.spawns_on_first_open and zones[zidx[c.target]].is_building
                                            or c.spawns_on_first_open and zones[zidx[c.source]].is_building)
        self.open0, self.unlocked0 = open0, unlocked0

        # condensation: union-find over passages that never change
        parent = list(range(n))

        def find(x: int) -> int:
            root = x
            while parent[root] != root:
                root = parent[root]
            while parent[x] != root:
                parent[x], x = root, parent[x]
            return root

        var_conns = []
        for c in s.connections:
            if not c.survivors:
                continue
            kind = c.kind
            if c.one_way or (kind == "door" and (c.state != "open" or c.id in changeable)):
                var_conns.append(c)
                continue
            a, b = zidx[c.source], zidx[c.target]
            if not (enterable[a] and enterable[b]):
                continue
            ra = a if parent[a] == a else find(a)
            rb = b if parent[b] == b else find(b)
            if ra != rb:
                if ra < rb:
                    parent[rb] = ra
                else:
                    parent[ra] = rb
        roots: dict[int, int] = {}
        self.super_of = [0] * n
        for z in range(n):
            r = find(z)
            if r not in roots:
                roots[r] = len(roots)
            self.super_of[z] = roots[r]
        m = len(roots)
        self.m = m
        self.super_zones: list[list[int]] = [[] for _ in range(m)]
        for z in range(n):
            if enterable[z]:
                self.super_zones[self.super_of[z]].append(z)

        # variable edges: (from_zone, to_zone, one_way, door bit or -1, connection id)
        self.edges: list[tuple[int, int, bool, int, str, int, int]] = []
        self.edges_of: list[list[int]] = [[] for _ in range(m)]
        for c in var_conns:
            a, b = zidx[c.source], zidx[c.target]
            if not (enterable[a] and enterable[b]):
                continue  # no survivor ever stands at the other end
            d = dbit.get(c.id, -1) if c.kind == "door" else -1
            one_way = c.one_way
            k = len(self.edges)
            self.edges.append((a, b, one_way, d, c.id, self.super_of[a], self.super_of[b]))
            self.edges_of[self.super_of[a]].append(k)
            if not one_way:
                self.edges_of[self.super_of[b]].append(k)

        # objectives
        self.obj_ids = [o.id for o in s.objectives]
        obit = {o: i for i, o in enumerate(self.obj_ids)}
        self.obit = obit
        self.obj_zone = [zidx[o.zone] for o in s.objectives]
        self.obj_kind = [o.kind for o in s.objectives]
        self.objectives_in: list[list[int]] = [[] for _ in range(m)]
        for i, o in enumerate(s.objectives):
            if enterable[self.obj_zone[i]] and zones[self.obj_zone[i]].kind not in ("security", "gate"):
                self.objectives_in[self.super_of[self.obj_zone[i]]].append(i)
        groups: dict[str, int] = {}
        for i, o in enumerate(s.objectives):
            if o.hidden_group:
                groups[o.hidden_group] = groups.get(o.hidden_group, 0) | (1 << i)
        # what each objective gives: ('colour', c) / ('item', name), revealed when its group is done
        self.grants: list[tuple[int, str, str]] = []  # (reveal mask, kind, value)
        for i, o in enumerate(s.objectives):
            reveal = groups[o.hidden_group] if o.hidden_group else (1 << i)
            if o.kind == "key":
                self.grants.append((reveal, "colour", o.colour))
            elif o.kind == "item":
                self.grants.append((reveal, "item", o.item))
        self.base_items = set(s.setup.survivors.starting_equipment)
        if s.setup.equipment_deck:
            self.base_items |= {e.item for e in s.setup.equipment_deck}

        # triggers by event
        self.trig_ids = [t.id for t in s.triggers]
        self.trig_once = [t.once for t in s.triggers]
        self.trig_effects = [t.then for t in s.triggers]
        self.trig_safe = [all(e.kind in SAFE_EFFECTS for e in t.then) for t in s.triggers]
        self.on_taken: dict[int, list[int]] = {}
        self.on_pressed: dict[int, list[int]] = {}
        self.on_opened: dict[int, list[int]] = {}
        self.on_entered: dict[int, list[int]] = {}
        turns: dict[int, list[int]] = {}
        kills: dict[int, list[int]] = {}
        for ti, t in enumerate(s.triggers):
            ev = t.when
            if ev.kind == "objective_taken":
                self.on_taken.setdefault(obit[ev.objective], []).append(ti)
            elif ev.kind == "switch_pressed":
                self.on_pressed.setdefault(obit[ev.switch], []).append(ti)
            elif ev.kind == "door_opened":
                self.on_opened.setdefault(dbit[ev.door], []).append(ti)
            elif ev.kind == "zone_entered":
                self.on_entered.setdefault(zidx[ev.zone], []).append(ti)
            elif ev.kind == "turn_reached":
                turns.setdefault(ev.turn, []).append(ti)
            elif ev.kind == "kills_reached":
                kills.setdefault(ev.count, []).append(ti)
        limit = s.setup.turn_limit if s.defeat.at_turn_limit else None
        self.turn_steps = [(t, turns[t]) for t in sorted(turns) if limit is None or t <= limit]
        self.kill_steps = [(k, kills[k]) for k in sorted(kills)]
        self.entered_in: list[list[int]] = [[] for _ in range(m)]
        for z in self.on_entered:
            if enterable[z]:
                self.entered_in[self.super_of[z]].append(z)
        self.furnished = [u for u in range(m) if self.entered_in[u] or self.objectives_in[u]]
        """Condensed nodes holding objectives, switches or zones with entry triggers."""
        unsafe = lambda trig: any(not self.trig_safe[t] for t in trig)  # noqa: E731
        self.discrete_edges = [k for k, e in enumerate(self.edges)
                               if e[2] or (e[3] >= 0 and unsafe(self.on_opened.get(e[3], ())))]
        """Edges that can lead to a discrete action: one-way ones, doors with non-monotone triggers."""
        self.discrete_objectives = [o for u in range(m) for o in self.objectives_in[u]
                                    if self.obj_kind[o] == "switch" or unsafe(self.on_taken.get(o, ()))]
        self.discrete_entries = [z for u in range(m) for z in self.entered_in[u] if unsafe(self.on_entered[z])]
        self.switch_repeatable = {i: getattr(o, "repeatable", False) for i, o in enumerate(s.objectives)}

        # victory steps
        self.ordered = s.victory.ordered
        self.steps = s.victory.steps
        all_targets = 0
        for i, o in enumerate(s.objectives):
            if o.kind in ("token", "key"):
                all_targets |= 1 << i
        self.step_mask: list[int] = []
        self.step_supers: list[list[int]] = []
        for st in self.steps:
            mask = 0
            supers: list[int] = []
            if st.kind == "take_objectives":
                mask = sum(1 << obit[o] for o in set(st.objectives)) if st.objectives else all_targets
                for o in list(self._bits(mask)):  # a hidden objective is known only with its group
                    group = s.objectives[o].hidden_group
                    if group:
                        mask |= groups[group]
            elif st.kind in ("reach_zone", "clear_zones"):
                supers = [self.super_of[zidx[z]] for z in st.zones if enterable[zidx[z]]]
            elif st.kind == "escape":
                supers = [self.super_of[zidx[z]] for z in s.exits if enterable[zidx[z]]]
            elif st.kind == "open_doors":
                mask = sum(1 << dbit[d] for d in set(st.doors))
            self.step_mask.append(mask)
            self.step_supers.append(supers)
        self.position_steps = sum(1 << i for i, st in enumerate(self.steps)
                                  if st.kind in ("reach_zone", "escape", "clear_zones"))
        self.turn_limit = limit
        self.zsrc0 = any(sp.active for sp in s.spawns) or bool(s.setup.zombies)
        self.start_supers = sorted({self.super_of[zidx[z]] for z in s.setup.start_zones if enterable[zidx[z]]})
        self.zidx = zidx


class _State:
    """The mutable working copy of a search state."""

    __slots__ = ("pos", "open", "unlocked", "ever", "taken", "fired", "pressed", "zsrc",
                 "turn", "kill", "progress", "outcome", "won")

    def __init__(self) -> None:
        self.pos = 0
        self.open = self.unlocked = self.ever = self.taken = self.fired = self.pressed = 0
        self.zsrc = False
        self.turn = self.kill = self.progress = 0
        self.outcome = ""  # the game ended by a trigger: '', 'win' or 'loss'
        self.won = False  # every victory step is met: the team can win from here

    def copy(self) -> "_State":
        c = _State()
        for k in self.__slots__:
            setattr(c, k, getattr(self, k))
        return c

    def key(self) -> tuple:
        return (self.pos, self.open, self.unlocked, self.ever, self.taken, self.fired, self.pressed,
                self.zsrc, self.turn, self.kill, self.progress, self.outcome, self.won)


class _Search:
    def __init__(self, s: Scenario, max_states: int):
        self.c = _Compiled(s)
        self.s = s
        self.max_states = max_states
        self.names = {z.id: (z.name or z.id) for z in s.zones}
        self.activated: set[str] = set()
        self.fired_ever: set[str] = set()

    # -- rules -------------------------------------------------------------------------------

    def colours_items(self, taken: int) -> tuple[set[str], set[str]]:
        colours: set[str] = set()
        items = set(self.c.base_items)
        for reveal, kind, value in self.c.grants:
            if taken & reveal == reveal:
                (colours if kind == "colour" else items).add(value)
        return colours, items

    def can_open(self, st: _State, d: int, have: tuple[set[str], set[str]]) -> bool:
        if st.unlocked >> d & 1:
            return True
        lock = self.c.door_lock[d]
        if lock is not None:
            kind, value = lock
            if value in (have[0] if kind == "colour" else have[1]):
                return True
        return self.c.door_breakable[d]

    def fire(self, st: _State, triggers: list[int]) -> None:
        """Apply the effects of triggers (and the triggers they cause) to the state."""
        c = self.c
        queue = deque(triggers)
        while queue:
            ti = queue.popleft()
            if c.trig_once[ti]:
                if st.fired >> ti & 1:
                    continue
                st.fired |= 1 << ti
            self.fired_ever.add(c.trig_ids[ti])
            for e in c.trig_effects[ti]:
                k = e.kind
                if k in ("open_door", "unlock_door", "close_door", "lock_door", "toggle_door"):
                    d = c.dbit[e.door]
                    bit = 1 << d
                    if k == "open_door" or (k == "toggle_door" and not st.open & bit):
                        st.open |= bit
                        st.unlocked |= bit
                        if not st.ever & bit:
                            st.ever |= bit
                            if c.door_building_spawn[d]:
                                st.zsrc = True
                            queue.extend(c.on_opened.get(d, ()))
                    elif k == "unlock_door":
                        st.unlocked |= bit
                    elif k == "close_door" or k == "toggle_door":
                        st.open &= ~bit
                    else:  # lock_door
                        st.open &= ~bit
                        st.unlocked &= ~bit
                elif k in ("activate_spawn", "toggle_spawn"):
                    self.activated.add(e.spawn)
                    st.zsrc = True
                elif k == "spawn_zombies":
                    st.zsrc = True
                elif k == "end_game":
                    if not st.outcome:
                        st.outcome = e.outcome

    def open_door(self, st: _State, d: int, steps: list[Step], zone: str) -> None:
        bit = 1 << d
        st.open |= bit
        st.unlocked |= bit
        door = self.c.door_ids[d]
        steps.append(Step("open", zone, door, f"open door '{door}' from {self.names[zone]}"))
        if not st.ever & bit:
            st.ever |= bit
            if self.c.door_building_spawn[d]:
                st.zsrc = True
            self.fire(st, self.c.on_opened.get(d, []))

    def take(self, st: _State, o: int, steps: list[Step]) -> None:
        c = self.c
        st.taken |= 1 << o
        zone = c.zone_ids[c.obj_zone[o]]
        oid = c.obj_ids[o]
        steps.append(Step("take", zone, oid, f"take {c.obj_kind[o].replace('_', ' ')} '{oid}' in {self.names[zone]}"))
        self.fire(st, c.on_taken.get(o, []))

    def press(self, st: _State, o: int, steps: list[Step]) -> None:
        c = self.c
        st.pressed |= 1 << o
        zone = c.zone_ids[c.obj_zone[o]]
        oid = c.obj_ids[o]
        steps.append(Step("press", zone, oid, f"press switch '{oid}' in {self.names[zone]}"))
        self.fire(st, c.on_pressed.get(o, []))

    def enter(self, st: _State, z: int, steps: list[Step]) -> None:
        zone = self.c.zone_ids[z]
        steps.append(Step("enter", zone, zone, f"enter {self.names[zone]}"))
        self.fire(st, self.c.on_entered.get(z, []))

    def safe(self, triggers: list[int], st: _State) -> bool:
        """Whether firing these triggers now can only add options."""
        c = self.c
        return all(c.trig_safe[t] or (c.trig_once[t] and st.fired >> t & 1) for t in triggers)

    def pending_triggers(self, triggers: list[int], st: _State) -> bool:
        c = self.c
        return any(not (c.trig_once[t] and st.fired >> t & 1) for t in triggers)

    # -- saturation ----------------------------------------------------------------------------

    def keeps_region(self, step: Step, before: _State, after: _State) -> bool:
        """Whether an action only added options: the team stayed in place and no door was closed
        or locked, so the former region is still walkable and saturation can start from it.
        (After a door closes, the side it is reopened from depends on where the team stands:
        saturation starts afresh from there.)"""
        return step.action != "cross" and not before.unlocked & ~after.unlocked and not before.open & ~after.open

    def saturate(self, st: _State, start: int, steps: list[Step],
                 seed: tuple[set[int], list[tuple[int, int]]] | None = None) -> tuple[set[int], list[tuple[int, int]]]:
        """Take every monotone action available from ``start``; return the region and the doors
        at its edge that stay shut.

        A worklist over the condensed graph: each node is visited once; doors that could not be
        opened wait in ``blocked`` and are looked at again only when something was gained. With
        ``seed`` (the region and shut doors of the state this one came from by an action after
        which :meth:`keeps_region` holds), the work starts from there instead of from scratch.
        """
        c = self.c
        edges, edges_of = c.edges, c.edges_of
        on_opened, on_taken, on_pressed = c.on_opened, c.on_taken, c.on_pressed
        have = self.colours_items(st.taken)

        def try_open(k: int, u: int) -> bool:
            a, b, _, d, _, sa, _ = edges[k]
            if not self.can_open(st, d, have):
                return False
            if not (st.ever >> d & 1 or self.safe(on_opened.get(d, ()), st)):
                return False
            self.open_door(st, d, steps, c.zone_ids[a if sa == u else b])
            return True

        def furnish(u: int) -> None:
            nonlocal have
            for z in c.entered_in[u]:
                trig = c.on_entered[z]
                if self.pending_triggers(trig, st) and self.safe(trig, st):
                    self.enter(st, z, steps)
            for o in c.objectives_in[u]:
                bit = 1 << o
                if c.obj_kind[o] == "switch":
                    if not st.pressed & bit and self.safe(on_pressed.get(o, ()), st):
                        self.press(st, o, steps)
                elif not st.taken & bit and self.safe(on_taken.get(o, ()), st):
                    self.take(st, o, steps)
                    have = self.colours_items(st.taken)

        if seed is None:
            region: set[int] = set()
            stack = [start]
            blocked: list[tuple[int, int]] = []
        else:
            region = set(seed[0])
            stack = [] if start in region else [start]
            blocked = list(seed[1])
            for u in c.furnished:
                if u in region:
                    furnish(u)
        while True:
            while stack:
                u = stack.pop()
                if u in region:
                    continue
                region.add(u)
                furnish(u)
                for k in edges_of[u]:
                    _, _, one_way, d, _, sa, sb = edges[k]
                    if one_way:
                        continue
                    other = sb if sa == u else sa
                    if d < 0 or st.open >> d & 1 or try_open(k, u):
                        if other not in region:
                            stack.append(other)
                    else:
                        blocked.append((k, u))
            # keys taken or doors opened by effects may free doors that were waiting
            have = self.colours_items(st.taken)
            waiting, blocked = blocked, []
            for k, u in waiting:
                _, _, _, d, _, sa, sb = edges[k]
                if st.open >> d & 1 or try_open(k, u):
                    other = sb if sa == u else sa
                    if other not in region:
                        stack.append(other)
                else:
                    blocked.append((k, u))
            if not stack:
                break
        self.update_progress(st, region, steps)
        st.pos = min(region)
        return region, blocked

    def step_met(self, i: int, st: _State, region: set[int]) -> bool:
        c = self.c
        kind = c.steps[i].kind
        if kind == "take_objectives":
            return st.taken & c.step_mask[i] == c.step_mask[i]
        if kind in ("reach_zone", "escape"):
            return any(sp in region for sp in c.step_supers[i])
        if kind == "clear_zones":
            return bool(c.step_supers[i]) and len(c.step_supers[i]) == len(c.steps[i].zones) and \
                all(sp in region for sp in c.step_supers[i])
        if kind == "open_doors":
            return st.ever & c.step_mask[i] == c.step_mask[i]
        if kind == "kill":
            return st.zsrc
        if kind == "survive":
            return c.turn_limit is None or c.steps[i].turns <= c.turn_limit
        return False

    def goal_step(self, i: int, region: set[int]) -> Step:
        c = self.c
        st_ = c.steps[i]
        zone = ""
        if st_.kind in ("reach_zone", "escape"):
            zone = next(c.zone_ids[z] for sp in c.step_supers[i] if sp in region for z in c.super_zones[sp]
                        if c.zone_ids[z] in (st_.zones if st_.kind == "reach_zone" else self.s.exits))
        text = {
            "take_objectives": "all the objectives of this step are taken",
            "reach_zone": f"reach {self.names.get(zone, zone)}",
            "escape": f"escape through {self.names.get(zone, zone)}",
            "clear_zones": "clear " + ", ".join(st_.zones) if st_.kind == "clear_zones" else "",
            "open_doors": "the doors of this step are open",
            "kill": f"kill {getattr(st_, 'count', 0)} zombies",
            "survive": f"survive {getattr(st_, 'turns', 0)} turns",
        }[st_.kind]
        return Step("goal", zone, str(i), f"victory step {i + 1} ({st_.kind}): {text}")

    def update_progress(self, st: _State, region: set[int], steps: list[Step]) -> None:
        """Commit the victory steps met so far, and note whether the mission can be won now.

        The step that completes the mission is never committed: winning ends the game, so a
        state from which the team *could* win now must not carry that win into the situations
        reached by doing something else instead (crossing a hole, pressing a switch).
        """
        c = self.c
        n = len(c.steps)
        if c.ordered:
            while st.progress < n - 1 and self.step_met(st.progress, st, region):
                steps.append(self.goal_step(st.progress, region))
                st.progress += 1
            st.won = st.progress == n - 1 and self.step_met(n - 1, st, region)
            if st.won:
                steps.append(self.goal_step(n - 1, region))
        else:
            full = (1 << n) - 1
            met = st.progress
            for i in range(n):
                if not met >> i & 1 and self.step_met(i, st, region):
                    met |= 1 << i
            st.won = met == full
            new = met & ~st.progress
            for i in range(n):
                if new >> i & 1:
                    steps.append(self.goal_step(i, region))
            if st.won:
                met &= ~self.c.position_steps  # positions are choices, not facts, once the game can end
            st.progress |= met

    # -- discrete actions --------------------------------------------------------------------

    def successors(self, st: _State, region: set[int]):
        """Yield (the action's step, new state, start node, every step of the action in order) for
        every discrete action.

        Only the candidates compiled for it are looked at: one-way connections, doors whose
        opening fires a non-monotone trigger, switches, objectives and zones with such triggers.
        """
        c = self.c
        have = self.colours_items(st.taken)
        edges, sup = c.edges, c.super_of
        for k in c.discrete_edges:
            a, b, one_way, d, cid, sa, sb = edges[k]
            if one_way:
                if sa not in region or sb in region:
                    continue
                if d >= 0 and not st.open >> d & 1 and not self.can_open(st, d, have):
                    continue
                new = st.copy()
                steps: list[Step] = []
                if d >= 0 and not new.open >> d & 1:
                    self.open_door(new, d, steps, c.zone_ids[a])
                step = Step("cross", c.zone_ids[a], cid,
                            f"cross '{cid}' one way from {self.names[c.zone_ids[a]]} to {self.names[c.zone_ids[b]]}")
                yield step, new, sb, [*steps, step]  # a door on the way is opened first
            elif (sa in region or sb in region) and not st.open >> d & 1 and self.can_open(st, d, have):
                side, u = (a, sa) if sa in region else (b, sb)
                new = st.copy()
                steps = []
                self.open_door(new, d, steps, c.zone_ids[side])
                yield steps[0], new, u, steps
        for o in c.discrete_objectives:
            u = sup[c.obj_zone[o]]
            if u not in region:
                continue
            bit = 1 << o
            if c.obj_kind[o] == "switch":
                if st.pressed & bit and not c.switch_repeatable[o]:
                    continue
                if not self.pending_triggers(c.on_pressed.get(o, []), st):
                    continue
                new = st.copy()
                steps = []
                self.press(new, o, steps)
                yield steps[0], new, u, steps
            elif not st.taken & bit:
                new = st.copy()
                steps = []
                self.take(new, o, steps)
                yield steps[0], new, u, steps
        for z in c.discrete_entries:
            u = sup[z]
            if u in region and self.pending_triggers(c.on_entered[z], st):
                new = st.copy()
                steps = []
                self.enter(new, z, steps)
                yield steps[0], new, u, steps
        if st.turn < len(c.turn_steps):
            turn, trig = c.turn_steps[st.turn]
            new = st.copy()
            new.turn += 1
            steps = []
            self.fire(new, trig)
            step = Step("wait", "", str(turn), f"wait for turn {turn}")
            yield step, new, st.pos, [step, *steps]
        if st.kill < len(c.kill_steps) and st.zsrc:
            count, trig = c.kill_steps[st.kill]
            new = st.copy()
            new.kill += 1
            steps = []
            self.fire(new, trig)
            step = Step("kill", "", str(count), f"kill {count} zombies")
            yield step, new, st.pos, [step, *steps]

    def prune(self, plan: list[Step]) -> list[Step]:
        """Drop from a plan the objectives taken only because saturation takes everything: those
        no victory step names, that open no lock, fire no trigger and reveal nothing hidden."""
        s, c = self.s, self.c
        required: set[str] = set()
        for st in s.victory.steps:
            if st.kind == "take_objectives":
                required |= set(st.objectives) or {o.id for o in s.objectives if o.kind in ("token", "key")}
        locks = {lk for lk in c.door_lock if lk is not None}
        useful = set(required)
        for o in s.objectives:
            if c.on_taken.get(c.obit[o.id]) or (o.kind == "key" and ("colour", o.colour) in locks) or \
                    (o.kind == "item" and ("item", o.item) in locks):
                useful.add(o.id)
        for o in s.objectives:  # a hidden group is turned whole when one of its tokens matters
            if o.hidden_group and any(p.id in useful for p in s.objectives if p.hidden_group == o.hidden_group):
                useful.add(o.id)
        return [st for st in plan if not (st.action == "take" and st.target not in useful)]

    # -- the search ------------------------------------------------------------------------------

    def run(self, start_super: int) -> Reachability:
        c = self.c
        init = _State()
        init.open, init.unlocked, init.zsrc = c.open0, c.unlocked0, c.zsrc0
        keys: dict[tuple, int] = {}
        parents: list[tuple[int, list[Step]]] = []
        edges: list[tuple[int, int, Step]] = []
        outcomes: list[str] = []
        regions_seen: set[int] = set()
        taken_ever = pressed_ever = opened_ever = 0
        best_progress = 0
        queue: deque[tuple[int, _State, tuple[set[int], list[tuple[int, int]]]]] = deque()

        def add(st: _State, saturated: tuple[set[int], list], parent: int, path: list[Step]) -> int:
            k = st.key()
            if k in keys:
                return keys[k]
            i = len(parents)
            keys[k] = i
            parents.append((parent, path))
            outcomes.append("win" if st.outcome == "win" or (st.won and st.outcome != "loss") else st.outcome)
            queue.append((i, st, saturated))
            return i

        steps0: list[Step] = []
        add(init, self.saturate(init, start_super, steps0), -1, steps0)
        truncated = False
        while queue:
            i, st, saturated = queue.popleft()
            region = saturated[0]
            regions_seen |= region
            taken_ever |= st.taken
            pressed_ever |= st.pressed
            opened_ever |= st.ever | st.open
            best_progress = max(best_progress, st.progress) if c.ordered else best_progress | st.progress
            if st.outcome:  # the game ended
                continue
            for step, new, start, path in self.successors(st, region):
                if len(parents) >= self.max_states:
                    truncated = True
                    break
                steps = list(path)
                seed = saturated if self.keeps_region(step, st, new) else None
                j = add(new, self.saturate(new, start, steps, seed), i, steps)
                edges.append((i, j, step))
            if truncated:
                break
        # winnable states: backward traversal from wins
        back: list[list[int]] = [[] for _ in parents]
        for a, b, _ in edges:
            back[b].append(a)
        good = [False] * len(parents)
        stack = [i for i, o in enumerate(outcomes) if o == "win"]
        for i in stack:
            good[i] = True
        while stack:
            v = stack.pop()
            for u in back[v]:
                if not good[u]:
                    good[u] = True
                    stack.append(u)
        plan: list[Step] = []
        wins = [i for i, o in enumerate(outcomes) if o == "win"]
        if wins:
            i = min(wins)  # breadth first: fewest discrete actions
            chain = []
            while i >= 0:
                parent, path = parents[i]
                chain.append(path)
                i = parent
            for path in reversed(chain):
                plan.extend(path)
            plan = self.prune(plan)
        dead: list[tuple[Step, str]] = []
        seen_dead: set[tuple[str, str]] = set()
        if good and good[0] and not truncated:
            for a, b, step in edges:
                if good[a] and not good[b] and (step.action, step.target) not in seen_dead:
                    seen_dead.add((step.action, step.target))
                    reason = "ends the game in a loss" if outcomes[b] == "loss" else \
                        "the mission can no longer be won afterwards"
                    dead.append((step, reason))
        reachable = {c.zone_ids[z] for sp in regions_seen for z in c.super_zones[sp]}
        return Reachability(
            winnable=bool(good and good[0]),
            plan=plan,
            reachable_zones=reachable,
            opened_doors={d for i, d in enumerate(c.door_ids) if (opened_ever | c.open0) >> i & 1},
            taken_objectives={o for i, o in enumerate(c.obj_ids) if taken_ever >> i & 1},
            pressed_switches={o for i, o in enumerate(c.obj_ids) if pressed_ever >> i & 1},
            fired_triggers=set(self.fired_ever),
            activated_spawns=set(self.activated),
            dead_ends=dead,
            best_progress=best_progress,
            states=len(parents),
            truncated=truncated,
        )


def search(scenario: Scenario, max_states: int = DEFAULT_MAX_STATES) -> Reachability:
    """Run the reachability search on a scenario (see the module notes for the model).

    When there are several start zones (one is drawn at random), the search runs from each
    distinct one: the mission is winnable only if it is winnable from all of them, and the
    witness plan is the one from the first start zone.
    """
    engine = _Search(scenario, max_states)
    starts = engine.c.start_supers
    if not starts:  # no start zone a survivor can stand in
        return Reachability(False, [], set(), set(), set(), set(), set(), set(), [], 0, 0, False)
    results = [engine.run(sp) for sp in starts]
    first = results[0]
    for r in results[1:]:
        first.winnable = first.winnable and r.winnable
        first.reachable_zones |= r.reachable_zones
        first.opened_doors |= r.opened_doors
        first.taken_objectives |= r.taken_objectives
        first.pressed_switches |= r.pressed_switches
        first.dead_ends += [d for d in r.dead_ends if d not in first.dead_ends]
        first.states += r.states
        first.truncated = first.truncated or r.truncated
        first.best_progress = min(first.best_progress, r.best_progress) if engine.c.ordered else \
            first.best_progress & r.best_progress
    first.compiled = engine.c
    first.fired_triggers = set(engine.fired_ever)
    first.activated_spawns = set(engine.activated)
    if not first.winnable:
        first.plan = []
    return first


def lock_dependencies(scenario: Scenario, compiled: _Compiled | None = None) -> dict[tuple[str, str], set[tuple[str, str]]]:
    """For each lock (('colour', c) or ('item', name)), the locks whose doors hide its keys.

    A lock L depends on lock M when, with every door of M kept shut and every other door open,
    some arrangement leaves no key of L within reach of the start: each key of L (a key
    objective of its colour, an item objective of its name) lies in a zone behind M — for a key
    hidden in a group, it is enough that one zone of the group lies behind M. A lock that depends
    on itself has its key behind its own door; a cycle of two or more is a lock cycle. Locks
    with another way to open (breakable doors, triggers that open or unlock them, an item in the
    starting equipment) never depend on anything.

    Notes
    -----
    One traversal of the condensed graph (see the module notes) per lock.
    """
    s = scenario
    c = compiled or _Compiled(s)
    conns = {conn.id: conn for conn in s.connections}

    def lock_name(conn) -> str | None:
        if conn.kind == "door" and conn.state == "locked" and conn.lock is not None:
            lk = conn.lock
            return f"{lk.kind}:{lk.colour if lk.kind == 'colour' else lk.item}"
        return None

    edge_lock = [lock_name(conns[e[4]]) for e in c.edges]
    opened_by_trigger = {e.door for t in s.triggers for e in t.then if e.kind in ("open_door", "unlock_door", "toggle_door")}
    locks: dict[str, list[str]] = {}
    escape: set[str] = {f"item:{item}" for item in c.base_items}
    for conn in s.connections:
        name = lock_name(conn)
        if name:
            locks.setdefault(name, []).append(conn.id)
            if conn.breakable or conn.id in opened_by_trigger:
                escape.add(name)
    groups: dict[str, list[int]] = {}
    for o in s.objectives:
        if o.hidden_group:
            groups.setdefault(o.hidden_group, []).append(c.super_of[c.zidx[o.zone]])
    sources: dict[str, list[list[int]]] = {}
    for o in s.objectives:
        name = f"colour:{o.colour}" if o.kind == "key" else f"item:{o.item}" if o.kind == "item" else None
        if name:
            sources.setdefault(name, []).append(groups[o.hidden_group] if o.hidden_group
                                                else [c.super_of[c.zidx[o.zone]]])
    starts = c.start_supers

    def reachable(blocked: str) -> list[bool]:
        seen = [False] * c.m
        stack = list(starts)
        for u in stack:
            seen[u] = True
        while stack:
            u = stack.pop()
            for k in c.edges_of[u]:
                if edge_lock[k] == blocked:
                    continue
                _, _, one_way, _, _, sa, sb = c.edges[k]
                v = sb if sa == u else sa
                if one_way and sa != u:
                    continue
                if not seen[v]:
                    seen[v] = True
                    stack.append(v)
        return seen

    deps: dict[tuple[str, str], set[tuple[str, str]]] = {}
    split = lambda name: tuple(name.split(":", 1))  # noqa: E731
    for m in locks:
        seen = reachable(m)
        for lname in locks:
            if lname in escape or lname not in sources:
                continue
            if all(any(not seen[u] for u in positions) for positions in sources[lname]):
                deps.setdefault(split(lname), set()).add(split(m))
    return deps


def reachability_findings(view, r: Reachability) -> list:
    """Turn the search result (and the lock dependencies) into findings."""
    from .findings import Finding

    s = view.scenario
    out: list[Finding] = []
    if r.truncated:
        out.append(Finding("search-limit", "warning",
                           f"the reachability search stopped after {r.states} situations; the results below are partial",
                           ()))
    required: set[str] = set()
    for st in s.victory.steps:
        if st.kind == "take_objectives":
            required |= set(st.objectives) or {o.id for o in s.objectives if o.kind in ("token", "key")}
    if not r.winnable and not r.truncated:
        steps = s.victory.steps
        if s.victory.ordered:
            i = r.best_progress
            blocked = [i] if i < len(steps) else []
        else:
            blocked = [i for i in range(len(steps)) if not r.best_progress >> i & 1]
        if blocked:
            what = "; ".join(f"step {i + 1} ({steps[i].kind})" for i in blocked)
            msg = f"the mission cannot be won: {what} can never be completed"
            if s.victory.ordered and blocked[0] > 0:
                msg += f" after step {blocked[0]}"
        else:
            msg = "the mission cannot be won from every start zone"
        out.append(Finding("unwinnable", "error", msg, ()))
    deps = lock_dependencies(s, r.compiled)
    doors_of: dict[tuple[str, str], list[str]] = {}
    for c in s.connections:
        if c.kind == "door" and c.state == "locked" and c.lock is not None:
            key = (c.lock.kind, c.lock.colour if c.lock.kind == "colour" else c.lock.item)
            doors_of.setdefault(key, []).append(c.id)
    name = lambda lock: f"the {lock[1]} key" if lock[0] == "colour" else f"the item '{lock[1]}'"  # noqa: E731
    for lock, needs in sorted(deps.items()):
        if lock in needs:
            out.append(Finding("key-behind-own-door", "error",
                               f"{name(lock)} lies behind a door it opens ({', '.join(doors_of[lock])})",
                               tuple(doors_of[lock])))
    # cycles of two or more locks: strongly connected groups of the dependency graph
    import networkx as nx

    G = nx.DiGraph()
    G.add_edges_from((lock, need) for lock, needs in deps.items() for need in needs if need != lock)
    for group in sorted((sorted(g) for g in nx.strongly_connected_components(G) if len(g) > 1)):
        ids = tuple(d for lk in group for d in doors_of[lk])
        out.append(Finding("lock-cycle", "error",
                           "locks wait on each other: the keys of " + ", ".join(name(lk) for lk in group)
                           + " each lie behind another of these locks", ids))
    if r.truncated:
        return out
    for zid in s.exits:
        if zid not in r.reachable_zones:
            out.append(Finding("exit-unreachable", "error", f"survivors can never reach the exit {view.label(zid)}",
                               (zid,)))
    exits = set(s.exits)
    for z in s.zones:
        if z.id not in r.reachable_zones and z.id not in exits:
            out.append(Finding("zone-unreachable", "warning", f"survivors can never enter {view.label(z.id)}", (z.id,)))
    for o in s.objectives:
        if o.kind == "switch":
            if o.id not in r.pressed_switches:
                out.append(Finding("switch-unreachable", "warning",
                                   f"switch '{o.id}' in {view.label(o.zone)} can never be pressed", (o.id, o.zone)))
        elif o.id not in r.taken_objectives:
            needed = o.id in required
            out.append(Finding("objective-unreachable", "error" if needed else "warning",
                               f"{o.kind.replace('_', ' ')} '{o.id}' in {view.label(o.zone)} can never be taken"
                               + (" (a victory step needs it)" if needed else ""), (o.id, o.zone)))
    for c in s.connections:
        if c.kind == "door" and c.id not in r.opened_doors:
            out.append(Finding("door-never-opens", "warning",
                               f"door '{c.id}' between {view.label(c.source)} and {view.label(c.target)} never opens",
                               (c.id, c.source, c.target)))
    for t in s.triggers:
        if t.id not in r.fired_triggers:
            out.append(Finding("trigger-never-fires", "warning",
                               f"trigger '{t.id}' never fires: its event ({t.when.kind.replace('_', ' ')}) can never happen",
                               (t.id,)))
    for step, reason in r.dead_ends:
        ids = tuple(x for x in (step.target, step.zone) if x)
        out.append(Finding("dead-end", "warning", f"{step.text}: {reason}", ids))
    return out
