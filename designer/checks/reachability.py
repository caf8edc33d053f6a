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
from ..rules.compiled import (
    EV_DOOR_OPENED, EV_KILLS, EV_PRESSED, EV_TAKEN, EV_TURN, EV_ZONE_ENTERED, FX_ACTIVATE, FX_CLOSE, FX_END,
    FX_LOCK, FX_OPEN, FX_SPAWN, FX_TOGGLE, FX_TOGGLE_SPAWN, FX_UNLOCK, SAFE_EFFECTS, ST_CLEAR, ST_ESCAPE, ST_KILL,
    ST_OPEN, ST_REACH, ST_SURVIVE, ST_TAKE, CompiledScenario,
)
from ..rules.compiled import ST_CARRY, ST_DOORS_CLOSED, ST_HOLD, ST_NO_PATH
from ..rules.compiled import compile as compile_scenario
from .missions import condition_met, shut_doors

__all__ = ["Reachability", "SAFE_EFFECTS", "Step", "search", "lock_dependencies", "reachability_findings"]

DEFAULT_MAX_STATES = 50_000


@dataclass(frozen=True)
class Step:
    """One step of a witness plan, in a designer's words.

    ``action`` is one of: open (a door), take (an objective), press (a switch), enter (a zone
    with a trigger, or a zone to step out into before coming back into the start zone), move
    (leave a start zone whose entry is dangerous, through connection ``target``), search (a
    searchable zone), cross (a one-way connection), wait (for a turn), kill (a number of
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
    needs_opener: set[str] = field(default_factory=set)
    """Doors the team reached and could have opened but for a door-opening item, never opened."""
    arrangements: tuple[int, int] = (0, 0)
    """When the mission cannot be won in every arrangement of its hidden objectives: (in how many
    arrangements it can be won, how many there are); (0, 0) when there are no hidden objectives
    or more arrangements than :data:`MAX_ARRANGEMENTS`."""

    lucky_draw: bool = False
    """Not winnable for sure, but when the search markers' single cards are the ones needed."""

    plans: dict[str, list[Step]] = field(default_factory=dict)
    """The witness plan found from each start zone searched (start zone id -> plan; the first's
    is :attr:`plan`); empty when the mission cannot be won."""

    @property
    def lucky_winnable(self) -> bool:
        """Not winnable in every arrangement of the hidden objectives, but in some: games, which
        draw the arrangement, can be won depending on how the tokens fall."""
        return self.arrangements[0] > 0


class _Compiled:
    """The search's own tables (condensation, variable edges, what sits in each condensed node),
    built from the compiled scenario's tables once per validation run."""

    @staticmethod
    def _bits(mask: int):
        i = 0
        while mask:
            if mask & 1:
                yield i
            mask >>= 1
            i += 1

    def __init__(self, cs: CompiledScenario):
        self.cs = cs
        self.s = s = cs.scenario
        self.zone_ids = cs.zone_ids
        self.zidx = zidx = cs.zone_index
        n = cs.n
        enterable = cs.enterable

        # doors
        self.door_ids = cs.door_ids
        self.dbit = cs.door_index
        self.door_lock = cs.door_lock
        self.door_breakable = cs.door_breakable
        self.by_hand = cs.door_by_hand
        bof = cs.building_of
        self.door_building_spawn = [
            cs.building_spawn and cs.door_spawns[d] and (bof[cs.c_from[c]] >= 0 or bof[cs.c_to[c]] >= 0)
            for d, c in enumerate(cs.door_conn)]
        self.open0, self.unlocked0 = cs.door_open0, cs.door_unlocked0
        closable = cs.door_closable

        # condensation: union-find over passages that never change
        parent = list(range(n))

        def find(x: int) -> int:
            root = x
            while parent[root] != root:
                root = parent[root]
            while parent[x] != root:
                parent[x], x = root, parent[x]
            return root

        c_door, c_from, c_to, c_one_way = cs.c_door, cs.c_from, cs.c_to, cs.c_one_way
        starts = set(cs.start_zones)
        pockets = _pockets_of(cs)
        self.idle_doors = sum(1 << d for d, (mask, _) in pockets.items() if not mask)
        self.idle_pockets = {cs.door_ids[d]: {cs.zone_ids[z] for z in zones} for d, (mask, zones) in pockets.items()
                             if not mask}
        """The zones behind each idle door (by door id)."""
        idle = self.idle_doors
        self.pocket_doors = {d: mask for d, (mask, _) in pockets.items() if mask}
        """Doors into pockets holding free objectives: door -> the objectives (bit mask)."""
        # a trigger is safe for the search when it only adds options, or changes idle doors
        safe = [all(op in SAFE_EFFECTS or (op <= FX_LOCK and idle >> arg & 1) for op, arg in row)
                for row in cs.trig_effects]
        on_opened = cs.triggers_on[EV_DOOR_OPENED]
        changed = True
        while changed:
            changed = False
            for ti, row in enumerate(cs.trig_effects):
                if safe[ti] and any(op in (FX_OPEN, FX_TOGGLE) and not all(safe[t] for t in on_opened.get(arg, ()))
                                    for op, arg in row):
                    safe[ti] = False
                    changed = True
        self.trig_safe = tuple(safe)
        self.trig_toggles = tuple(
            () if safe[ti] or not all(op in SAFE_EFFECTS or (op <= FX_LOCK and idle >> arg & 1)
                                      or (op == FX_TOGGLE and arg in self.pocket_doors) for op, arg in row)
            else tuple(arg for op, arg in row if op == FX_TOGGLE and arg in self.pocket_doors)
            for ti, row in enumerate(cs.trig_effects))
        """Per trigger that is safe but for toggles of doors into pockets of free objectives:
        those doors. Firing it only adds options while each of them is shut (the toggle opens
        it) or its pocket has been emptied."""
        hazard = [False] * n
        for z, trig in cs.triggers_on[EV_ZONE_ENTERED].items():
            if not all(safe[t] for t in trig):
                hazard[z] = True
        self.hazard = hazard
        """Zones whose first entry fires a trigger that can remove options: walking into one is an
        action of its own, so they are never merged with their neighbours. A start zone is one
        too: the team stands there without having entered it, and comes back into it only by an
        action of its own."""
        var_conns = []
        for c, surv in enumerate(cs.c_survivors):
            if not surv:
                continue
            d = c_door[c]
            if c_one_way[c] or (d >= 0 and (not cs.door_open0 >> d & 1 or closable >> d & 1)) or \
                    hazard[c_from[c]] or hazard[c_to[c]]:
                var_conns.append(c)
                continue
            a, b = c_from[c], c_to[c]
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
        self.pocket_nodes = {d: frozenset(self.super_of[z] for z in pockets[d][1]) for d in self.pocket_doors}
        """The condensed nodes of each pocket of free objectives."""
        self.search_zone = [-1] * m
        """Per condensed node, a zone where survivors may search (-1 when there is none)."""
        for z in range(n):
            if enterable[z] and cs.searchable[z] and self.search_zone[self.super_of[z]] < 0:
                self.search_zone[self.super_of[z]] = z

        # variable edges: (from_zone, to_zone, one_way, door bit or -1, connection id, from node, to node)
        self.edges: list[tuple[int, int, bool, int, str, int, int]] = []
        self.edges_of: list[list[int]] = [[] for _ in range(m)]
        for c in var_conns:
            a, b = c_from[c], c_to[c]
            if not (enterable[a] and enterable[b]):
                continue  # no survivor ever stands at the other end
            one_way = c_one_way[c]
            k = len(self.edges)
            self.edges.append((a, b, one_way, c_door[c], cs.conn_ids[c], self.super_of[a], self.super_of[b]))
            self.edges_of[self.super_of[a]].append(k)
            if not one_way:
                self.edges_of[self.super_of[b]].append(k)

        # objectives
        self.obj_ids = cs.obj_ids
        self.obit = cs.obj_index
        self.obj_zone = cs.obj_zone0
        self.obj_kind = cs.obj_kind
        self.objectives_in: list[list[int]] = [[] for _ in range(m)]
        for i, takeable in enumerate(cs.obj_takeable):
            if takeable:
                self.objectives_in[self.super_of[self.obj_zone[i]]].append(i)
        # what each objective gives: ('colour', c) / ('item', name), revealed when its group is done
        self.grants: list[tuple[int, str, str]] = []  # (reveal mask, kind, value)
        for i, k in enumerate(cs.obj_kind):
            if k == "key":
                self.grants.append((cs.obj_group_mask[i], "colour", cs.obj_colour[i]))
            elif k == "item":
                self.grants.append((cs.obj_group_mask[i], "item", cs.obj_item[i]))
                for x in cs.obj_one_of[i]:  # morts: drawn at random; some game draws each
                    self.grants.append((cs.obj_group_mask[i], "item", x))
        self.markers = sum(1 << i for i, k in enumerate(cs.obj_kind) if k == "search_marker")
        self.deck_uniform = len(cs.deck_items) == 1
        """The deck holds one kind of card: a search marker's card is known."""
        lock_values = {lk for lk in cs.door_lock if lk is not None}
        self.goal_only = sum(
            1 << i for i, k in enumerate(cs.obj_kind)
            if cs.obj_group_mask[i] == 1 << i and i not in cs.triggers_on[EV_TAKEN] and (
                k == "token" or (k == "key" and ("colour", cs.obj_colour[i]) not in lock_values)
                or (k == "item" and ("item", cs.obj_item[i]) not in lock_values
                    and cs.obj_item[i] not in cs.door_openers)))
        """Objectives that only count for the victory steps: taking them opens nothing, reveals
        nothing and fires nothing."""
        """Search markers: taking one is a free search."""
        self.base_items = frozenset(cs.starting_equipment)
        self.deck_items = cs.deck_items
        self.dealt = cs.starting_cards > 0 and bool(cs.deck_items)
        """Cards are dealt from the deck at set-up: any deck item may be in hand from the start."""
        self.openers = cs.door_openers
        self.needs_opener = cs.doors_need_item
        lock_items = {v for lk in cs.door_lock if lk is not None and lk[0] == "item" for v in lk[1:]}
        self.deck_aaah = "aaah" in cs.deck_items
        """The search deck holds 'Aaah!' cards: a survivor who searches draws one sooner or later,
        and a walker appears in the zone."""
        self.wants_zombies = ST_KILL in cs.step_op or bool(cs.triggers_on[EV_KILLS])
        self.search_gives = (cs.deck_has_opener and self.needs_opener) or bool(lock_items & cs.deck_items) or (
            self.deck_aaah and self.wants_zombies)
        """Whether searching can give anything the search cares about (a door opener, a lock's
        item, a zombie to kill)."""

        # triggers by event
        self.trig_ids = cs.trig_ids
        self.trig_once = cs.trig_once
        self.trig_effects = cs.trig_effects
        on = cs.triggers_on
        self.on_taken = on[EV_TAKEN]
        self.on_pressed = on[EV_PRESSED]
        self.on_opened = on[EV_DOOR_OPENED]
        self.on_entered = on[EV_ZONE_ENTERED]
        limit = cs.turn_limit if s.defeat.at_turn_limit else None
        self.turn_steps = [(t, on[EV_TURN][t]) for t in sorted(on[EV_TURN]) if limit is None or t <= limit]
        self.kill_steps = [(k, on[EV_KILLS][k]) for k in sorted(on[EV_KILLS])]
        self.survive_waits = [sum(1 for t, _ in self.turn_steps if t <= cs.step_count[i]) if op == ST_SURVIVE else 0
                              for i, op in enumerate(cs.step_op)]
        """Per 'survive N turns' step, how many turn triggers (those of turns 1..N) fire first."""
        self.entered_in: list[list[int]] = [[] for _ in range(m)]
        for z in self.on_entered:
            if enterable[z]:
                self.entered_in[self.super_of[z]].append(z)
        self.furnished = [u for u in range(m) if self.entered_in[u] or self.objectives_in[u]]
        """Condensed nodes holding objectives, switches or zones with entry triggers."""
        unsafe = lambda trig: any(not self.trig_safe[t] for t in trig)  # noqa: E731
        self.keep_shut = shut_doors(cs)
        """Doors a 'doors_closed' goal wants shut: opening one is an action of its own, never
        taken on the way (checks/missions.py)."""
        self.discrete_edges = [k for k, e in enumerate(self.edges)
                               if e[2] or (e[3] >= 0 and (unsafe(self.on_opened.get(e[3], ()))
                                                          or self.keep_shut >> e[3] & 1))]
        """Edges that can lead to a discrete action: one-way ones, doors with non-monotone triggers."""
        self.discrete_objectives = [o for u in range(m) for o in self.objectives_in[u]
                                    if unsafe(self.on_pressed.get(o, ()) if self.obj_kind[o] == "switch"
                                              else self.on_taken.get(o, ()))]
        """Objectives and switches whose triggers can remove options (the others are taken or
        pressed once, when the team first reaches them)."""
        self.discrete_entries = [z for z in range(n) if enterable[z] and (hazard[z] or (
            z in starts and z in self.on_entered and unsafe(self.on_entered[z])))]
        """Zones whose entry is an action of its own: the hazard zones, and a start zone whose
        entry triggers can remove options (they fire when the team comes back into it)."""
        self.start_zone_set = starts
        self.switch_repeatable = dict(enumerate(cs.obj_repeatable))

        # victory steps
        self.ordered = cs.ordered
        self.steps = s.victory.steps
        self.step_op = cs.step_op
        self.step_mask: list[int] = []
        self.step_supers: list[list[int]] = []
        self.step_zones: list[list[int]] = []
        for i, op in enumerate(cs.step_op):
            targets = cs.step_targets[i]
            mask = 0
            supers: list[int] = []
            self.step_zones.append([z for z in targets if enterable[z]] if op in (ST_REACH, ST_ESCAPE) else [])
            if op == ST_TAKE:  # a hidden objective is known only with its whole group
                for o in targets:
                    mask |= cs.obj_group_mask[o]

            elif op in (ST_REACH, ST_CLEAR, ST_ESCAPE):
                supers = [self.super_of[z] for z in targets if enterable[z]]
            elif op == ST_OPEN:
                mask = sum(1 << d for d in targets)
            self.step_mask.append(mask)
            self.step_supers.append(supers)
        take_masks = 0
        for i, op in enumerate(cs.step_op):
            if op == ST_TAKE:
                take_masks |= self.step_mask[i]
        self.forgettable_presses = sum(1 << o for o, k in enumerate(cs.obj_kind)
                                       if k == "switch" and cs.obj_repeatable[o] and not take_masks >> o & 1)
        """Repeatable switches no victory step names: whether they were pressed changes nothing
        ahead (they can be pressed again, their once-triggers are remembered apart)."""
        self.position_steps = sum(1 << i for i, op in enumerate(cs.step_op) if op in (ST_REACH, ST_ESCAPE, ST_CLEAR))
        self.escape_steps = sum(1 << i for i, op in enumerate(cs.step_op) if op == ST_ESCAPE)
        self.condition_steps = sum(1 << i for i, cond in enumerate(cs.step_condition) if cond)
        self.turn_limit = limit
        self.zsrc0 = cs.zombies_at_start
        self.start_supers = sorted({self.super_of[z] for z in cs.start_zones if enterable[z]})


def _idle_doors_of(cs: CompiledScenario, max_pocket: int = 256) -> int:
    """Doors whose state can never matter (bit mask): each leads only into a *pocket*, zones
    reached through that door alone, holding nothing the mission uses: no objective, exit,
    start, victory-step zone, zone with an entry trigger, spawn, placed zombies or door with a
    trigger or a goal. Opening, closing or toggling such a door removes no option, so switches
    that only toggle idle doors are pressed once, like any monotone action, and do not multiply
    the situations of the search."""
    return sum(1 << d for d, (mask, _) in _pockets_of(cs, max_pocket).items() if not mask)


def _pockets_of(cs: CompiledScenario, max_pocket: int = 256) -> dict[int, tuple[int, frozenset[int]]]:
    """Doors into pockets that hold at most free objectives: door -> (the objectives in its
    pocket as a bit mask, the pocket's zones).

    A pocket is the zones reached through the door alone (at most ``max_pocket``); it may hold
    nothing the mission uses (see :func:`_idle_doors_of`) but objectives that are not switches,
    fire no trigger and can be taken. With no objective the door is idle; otherwise its state
    stops mattering once the team has taken them all and stands outside."""
    s = cs.scenario
    n = cs.n
    used = [False] * n
    free_in = [0] * n
    for o, z in enumerate(cs.obj_zone0):
        if cs.obj_kind[o] == "switch" or o in cs.triggers_on[EV_TAKEN] or not cs.obj_takeable[o]:
            used[z] = True
        else:
            free_in[z] |= 1 << o
    for z in (*cs.exits, *cs.start_zones, *cs.spawn_zone, *cs.triggers_on[EV_ZONE_ENTERED]):
        used[z] = True
    for pz in s.setup.zombies:
        used[cs.zone_index[pz.zone]] = True
    for i, op in enumerate(cs.step_op):
        if op in (ST_REACH, ST_CLEAR, ST_ESCAPE, ST_NO_PATH, ST_CARRY, ST_HOLD):
            for z in cs.step_targets[i]:
                used[z] = True
    marked = cs.door_opened_by_effect | cs.door_closable
    goal_doors = 0
    for i, op in enumerate(cs.step_op):
        if op in (ST_OPEN, ST_DOORS_CLOSED):
            for d in cs.step_targets[i]:
                goal_doors |= 1 << d
    for row in cs.trig_effects:
        for op, arg in row:
            if op == FX_SPAWN:
                used[arg] = True
    for d in cs.triggers_on[EV_DOOR_OPENED]:
        goal_doors |= 1 << d
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c in range(len(cs.conn_ids)):
        a, b = cs.c_from[c], cs.c_to[c]
        neighbours[a].append((b, c))
        neighbours[b].append((a, c))
    pockets: dict[int, tuple[int, frozenset[int]]] = {}
    for d in range(len(cs.door_ids)):
        if not marked >> d & 1 or goal_doors >> d & 1:
            continue
        conn = cs.door_conn[d]
        ends = (cs.c_from[conn], cs.c_to[conn])
        for near, far in (ends, ends[::-1]):
            seen = {far}
            stack = [far]
            ok = True
            mask = 0
            while stack and ok:
                z = stack.pop()
                if used[z] or z == near or len(seen) > max_pocket:
                    ok = False
                    break
                mask |= free_in[z]
                for v, c in neighbours[z]:
                    if c == conn:
                        continue
                    e = cs.c_door[c]
                    if e >= 0 and goal_doors >> e & 1:
                        ok = False
                        break
                    if v not in seen:
                        seen.add(v)
                        stack.append(v)
            if ok:
                pockets[d] = (mask, frozenset(seen))
                break
    return pockets


class _State:
    """The mutable working copy of a search state."""

    __slots__ = ("pos", "open", "unlocked", "ever", "taken", "fired", "pressed", "zsrc",
                 "turn", "kill", "progress", "outcome", "won", "entered", "searched")

    def __init__(self) -> None:
        self.pos = 0
        self.open = self.unlocked = self.ever = self.taken = self.fired = self.pressed = self.entered = 0
        self.zsrc = self.searched = False
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
                self.zsrc, self.turn, self.kill, self.progress, self.outcome, self.won, self.entered, self.searched)


class _Have:
    """What the team holds: key colours, item names, and whether it can open doors by hand."""

    __slots__ = ("colours", "items", "opener")

    def __init__(self, colours: set[str], items: set[str], opener: bool):
        self.colours, self.items, self.opener = colours, items, opener


class _Search:
    def __init__(self, cs: CompiledScenario, max_states: int):
        self.c = _Compiled(cs)
        self.cs = cs
        self.s = cs.scenario
        self.max_states = max_states
        self.names = dict(zip(cs.zone_ids, cs.names))
        self.activated: set[str] = set()
        self.fired_ever: set[str] = set()
        self._useful: set[str] | None = None
        self.wants_opener: set[int] = set()
        """Doors the team stood beside, could have opened but for a door-opening item."""
        self.lucky_draws = False
        """A search marker's one card is the one the team needs (else it counts only when every
        card of the deck gives the same)."""
        self.standing = -1
        """The start zone of the current run: the team stands there from the beginning without
        having entered it (the other start zones are zones like any other)."""

    # -- rules -------------------------------------------------------------------------------

    def holdings(self, st: _State) -> _Have:
        c = self.c
        colours: set[str] = set()
        items = set(c.base_items)
        if st.searched or c.dealt:
            items |= c.deck_items
        for reveal, kind, value in c.grants:
            if st.taken & reveal == reveal:
                (colours if kind == "colour" else items).add(value)
        opener = not c.needs_opener or bool(items & c.openers)
        return _Have(colours, items, opener)

    def can_open(self, st: _State, d: int, have: _Have) -> bool:
        """Whether a survivor beside door ``d`` may open it by hand now."""
        if not self.may_unlock(st, d, have):
            return False
        if not have.opener:
            self.wants_opener.add(d)
            return False
        return True

    def may_unlock(self, st: _State, d: int, have: _Have) -> bool:
        if not self.c.by_hand[d]:
            return False  # only its button (a trigger) opens it
        if st.unlocked >> d & 1:
            return True
        lock = self.c.door_lock[d]
        if lock is not None:
            kind, value = lock
            if value in (have.colours if kind == "colour" else have.items):
                return True
        return self.c.door_breakable[d]

    def fire(self, st: _State, triggers) -> None:
        """Apply the effects of triggers to the state, in order; a door opened for the first
        time fires its own triggers at once, before the next effect (as on the table)."""
        c = self.c
        for ti in triggers:
            if c.trig_once[ti]:
                if st.fired >> ti & 1:
                    continue
                st.fired |= 1 << ti
            self.fired_ever.add(c.trig_ids[ti])
            for op, arg in c.trig_effects[ti]:
                if op <= FX_LOCK:
                    bit = 1 << arg
                    if op == FX_OPEN or (op == FX_TOGGLE and not st.open & bit):
                        st.open |= bit
                        st.unlocked |= bit
                        if not st.ever & bit:
                            st.ever |= bit
                            if c.door_building_spawn[arg]:
                                st.zsrc = True
                            self.fire(st, c.on_opened.get(arg, ()))
                    elif op == FX_UNLOCK:
                        st.unlocked |= bit
                    elif op == FX_CLOSE or op == FX_TOGGLE:
                        st.open &= ~bit
                    else:  # lock
                        st.open &= ~bit
                        st.unlocked &= ~bit
                elif op in (FX_ACTIVATE, FX_TOGGLE_SPAWN):
                    self.activated.add(self.cs.spawn_ids[arg])
                    st.zsrc = True
                elif op == FX_SPAWN:
                    st.zsrc = True
                elif op == FX_END:
                    if not st.outcome:
                        st.outcome = "win" if arg else "loss"

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
            self.fire(st, self.c.on_opened.get(d, ()))

    def take(self, st: _State, o: int, steps: list[Step]) -> None:
        c = self.c
        st.taken |= 1 << o
        zone = c.zone_ids[c.obj_zone[o]]
        oid = c.obj_ids[o]
        steps.append(Step("take", zone, oid, f"take {c.obj_kind[o].replace('_', ' ')} '{oid}' in {self.names[zone]}"))
        if c.markers >> o & 1 and c.search_gives and (self.lucky_draws or c.deck_uniform):
            st.searched = True  # one card: it gives what the deck gives only when every card does
        self.fire(st, c.on_taken.get(o, ()))

    def press(self, st: _State, o: int, steps: list[Step]) -> None:
        c = self.c
        st.pressed |= 1 << o
        zone = c.zone_ids[c.obj_zone[o]]
        oid = c.obj_ids[o]
        steps.append(Step("press", zone, oid, f"press switch '{oid}' in {self.names[zone]}"))
        self.fire(st, c.on_pressed.get(o, ()))

    def enter(self, st: _State, z: int, steps: list[Step]) -> None:
        """The team steps into zone ``z`` for the first time: its entry triggers fire."""
        st.entered |= 1 << z
        zone = self.c.zone_ids[z]
        steps.append(Step("enter", zone, zone, f"enter {self.names[zone]}"))
        self.fire(st, self.c.on_entered.get(z, ()))

    def step_out(self, st: _State, z: int, region: set[int], steps: list[Step]) -> bool:
        """The team stands in start zone ``z`` without having entered it (as in the engine): to
        enter it, a survivor steps out into another zone of the region and comes back. Write that
        step (a zone next to ``z`` when there is one) and return True; False when the region has
        no other zone yet."""
        c = self.c
        cs = self.cs
        near: list[int] = []
        for k in range(len(cs.conn_ids)):
            a, b = cs.c_from[k], cs.c_to[k]
            if z not in (a, b) or not cs.c_survivors[k] or cs.c_one_way[k]:
                continue
            w = b if a == z else a
            d = cs.c_door[k]
            if d < 0 or st.open >> d & 1:
                near.append(w)
        far = [w for u in sorted(region) for w in c.super_zones[u]]
        # another start zone is the last choice: a game that starts there stands in it unentered
        candidates = [w for w in (*near, *far) if w != z and c.super_of[w] in region and cs.enterable[w]
                      and not (c.hazard[w] and not st.entered >> w & 1)]
        best = next((w for w in candidates if w not in c.start_zone_set), candidates[0] if candidates else -1)
        if best < 0:
            return False
        if best in c.on_entered and not st.entered >> best & 1:
            self.enter(st, best, steps)
        else:
            zone = c.zone_ids[best]
            steps.append(Step("enter", zone, zone, f"step out into {self.names[zone]}"))
        return True

    def search_deck(self, st: _State, z: int, steps: list[Step]) -> None:
        zone = self.c.zone_ids[z]
        wanted = [w for w, want in (("a door-opening item", self.c.needs_opener and not self.holdings(st).opener),
                                    ("an 'Aaah!' card (a walker)", self.c.deck_aaah and self.c.wants_zombies
                                     and not st.zsrc)) if want]
        what = " and ".join(wanted) + (" turn up" if len(wanted) > 1 else " turns up") if wanted else "equipment turns up"
        st.searched = True
        if self.c.deck_aaah:
            st.zsrc = True
        steps.append(Step("search", zone, "", f"search {self.names[zone]} until {what}"))

    def safe(self, triggers, st: _State) -> bool:
        """Whether firing these triggers now can only add options."""
        c = self.c
        return all(c.trig_safe[t] or (c.trig_once[t] and st.fired >> t & 1) or (
            c.trig_toggles[t] and all(not st.open >> d & 1 or st.taken & c.pocket_doors[d] == c.pocket_doors[d]
                                      for d in c.trig_toggles[t])) for t in triggers)

    def pending_triggers(self, triggers, st: _State) -> bool:
        c = self.c
        return any(not (c.trig_once[t] and st.fired >> t & 1) for t in triggers)

    def blocked_by_entry(self, st: _State, z: int) -> bool:
        """Whether an action in zone ``z`` must wait: acting there is entering it, and the zone's
        entry triggers have not fired yet (the start zone, where the team stands from the
        beginning, never waits)."""
        return z in self.c.on_entered and not st.entered >> z & 1 and z != self.standing

    def stays(self, st: _State, u: int) -> bool:
        """Whether the team in node ``u`` stands in its start zone, whose entry can remove
        options and has not fired: leaving it is an action of its own (coming back is entering
        it), so the region stops there."""
        z = self.standing
        return z >= 0 and self.c.hazard[z] and u == self.c.super_of[z] and not st.entered >> z & 1

    def step_outs(self, st: _State, region: set[int]):
        """Leaving the start zone (see :meth:`stays`) through each open two-way passage: yields
        like :meth:`successors`."""
        c = self.c
        u = c.super_of[self.standing]
        if u not in region or not self.stays(st, u):
            return
        for k in c.edges_of[u]:
            a, b, one_way, d, cid, sa, sb = c.edges[k]
            if one_way or (d >= 0 and not st.open >> d & 1):
                continue
            w, v = (b, sb) if sa == u else (a, sa)
            if c.hazard[w] and not st.entered >> w & 1:
                continue  # stepping into a hazard zone is an entry of its own
            new = st.copy()
            steps: list[Step] = []
            zone, far = c.zone_ids[self.standing], c.zone_ids[w]
            step = Step("move", zone, cid, f"leave {self.names[zone]} through '{cid}' into {self.names[far]}")
            steps.append(step)
            if w in c.on_entered and not new.entered >> w & 1:
                self.enter(new, w, steps)
                # the action is entering the zone beyond (its triggers fire): named so, as every
                # other entry with triggers is, in the words of the move
                step = Step("enter", zone, far, step.text)
            yield step, new, v, steps

    def passable(self, st: _State, k: int, u: int) -> bool:
        """Whether the team in node ``u`` walks through variable edge ``k`` now (an open door,
        or a passage into a hazard zone it has already entered)."""
        a, b, _, d, _, sa, _ = self.c.edges[k]
        if d >= 0 and not st.open >> d & 1 or self.stays(st, u):
            return False
        other = b if sa == u else a
        return not (self.c.hazard[other] and not st.entered >> other & 1)

    # -- saturation ----------------------------------------------------------------------------

    def keeps_region(self, step: Step, before: _State, after: _State, start: int = -1) -> bool:
        """Whether an action only added options: the team stayed in place and no door was closed
        or locked, so the former region is still walkable and saturation can start from it.
        (After a door closes, the side it is reopened from depends on where the team stands:
        saturation starts afresh from there.) A team that stood in its start zone unentered
        (:meth:`stays`) and acts elsewhere (``start``, the node it acts in) has left it: coming
        back is entering it, so its former region is not kept either."""
        if step.action in ("cross", "move") or before.unlocked & ~after.unlocked or before.open & ~after.open:
            return False
        home = self.c.super_of[self.standing] if self.standing >= 0 else -1
        return not (start >= 0 and start != home and self.stays(before, home))

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
        edges, edges_of, hazard = c.edges, c.edges_of, c.hazard
        on_opened, on_taken, on_pressed = c.on_opened, c.on_taken, c.on_pressed
        have = self.holdings(st)
        searchable: list[int] = []

        def try_open(k: int, u: int) -> bool:
            a, b, _, d, _, sa, _ = edges[k]
            if d < 0 or st.open >> d & 1:
                return False  # nothing to open (a passage into a hazard zone not entered yet)
            if self.blocked_by_entry(st, a if sa == u else b):
                return False  # opening from a zone is entering it first
            if not self.can_open(st, d, have) or c.keep_shut >> d & 1:
                return False
            if not (st.ever >> d & 1 or self.safe(on_opened.get(d, ()), st)):
                return False
            self.open_door(st, d, steps, c.zone_ids[a if sa == u else b])
            return True

        later: list[int] = []
        """Nodes holding a switch that toggles a door into a pocket not yet emptied."""
        deferred: list[int] = []
        """Nodes holding a start zone whose entry waits until the team has somewhere to step
        out to."""

        def furnish(u: int) -> None:
            nonlocal have
            for z in c.entered_in[u]:
                if not st.entered >> z & 1 and self.safe(c.on_entered[z], st):
                    if z == self.standing and not self.step_out(st, z, region, steps):
                        deferred.append(u)
                        continue
                    self.enter(st, z, steps)
            for o in c.objectives_in[u]:
                bit = 1 << o
                if self.blocked_by_entry(st, c.obj_zone[o]):
                    continue
                if c.obj_kind[o] == "switch":
                    if not st.pressed & bit:
                        if self.safe(on_pressed.get(o, ()), st):
                            self.press(st, o, steps)
                        elif any(c.trig_toggles[t] for t in on_pressed.get(o, ())):
                            later.append(u)  # safe once the pockets it toggles are emptied
                elif not st.taken & bit and self.safe(on_taken.get(o, ()), st):
                    self.take(st, o, steps)
                    have = self.holdings(st)

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
            if self.may_search(st):
                searchable = [u for u in region if c.search_zone[u] >= 0]
        while True:
            while stack:
                u = stack.pop()
                if u in region:
                    continue
                region.add(u)
                furnish(u)
                if c.search_zone[u] >= 0:
                    searchable.append(u)
                for k in edges_of[u]:
                    a, b, one_way, d, _, sa, sb = edges[k]
                    if one_way:
                        continue
                    other = sb if sa == u else sa
                    if d < 0:  # a passage into a hazard zone: walkable once the zone is entered
                        if not self.stays(st, u) and (not hazard[a if sa != u else b]
                                                      or st.entered >> (a if sa != u else b) & 1):
                            if other not in region:
                                stack.append(other)
                        else:
                            blocked.append((k, u))
                    elif st.open >> d & 1 or try_open(k, u):
                        if self.passable(st, k, u):
                            if other not in region:
                                stack.append(other)
                        else:
                            blocked.append((k, u))
                    else:
                        blocked.append((k, u))
            if later:  # switches that had to wait for the pockets they toggle to be emptied
                again, later[:] = list(dict.fromkeys(later)), []
                for u in again:
                    furnish(u)
            if deferred and len(region) > 1:  # the start zone can be left and entered again now
                again, deferred[:] = list(deferred), []
                for u in again:
                    furnish(u)
            # keys taken, doors opened by effects or a search may free doors that were waiting
            have = self.holdings(st)
            if searchable and self.may_search(st) and self.search_helps(st, have, blocked):
                self.search_deck(st, c.search_zone[searchable[0]], steps)
                have = self.holdings(st)
            waiting, blocked = blocked, []
            for k, u in waiting:
                _, _, _, d, _, sa, sb = edges[k]
                if self.passable(st, k, u) or (try_open(k, u) and self.passable(st, k, u)):
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

    def may_search(self, st: _State) -> bool:
        """Whether searching can still give something: the deck's items until the team has
        searched (a search marker counts), and an 'Aaah!' card's walker until zombies exist (a
        search marker's card is one draw, and an 'Aaah!' drawn from it brings no walker in the
        engine, so it never stands for the searches that do)."""
        c = self.c
        return c.search_gives and (not st.searched or (c.deck_aaah and c.wants_zombies and not st.zsrc))

    def search_helps(self, st: _State, have: _Have, blocked: list[tuple[int, int]]) -> bool:
        """Whether searching now can give what the team lacks: a door-opening item, or the item
        of a lock at the edge of its region."""
        c = self.c
        if not have.opener and c.cs.deck_has_opener:
            return True
        if c.deck_aaah and c.wants_zombies and not st.zsrc:
            return True
        for k, _ in blocked:
            if c.edges[k][3] < 0:
                continue
            lock = c.door_lock[c.edges[k][3]]
            if lock is not None and lock[0] == "item" and lock[1] in c.deck_items and lock[1] not in have.items:
                return True
        return False

    def step_met(self, i: int, st: _State, region: set[int]) -> bool:
        c = self.c
        op = c.step_op[i]
        if op == ST_TAKE:  # a pressed switch counts as taken, as on the table
            return (st.taken | st.pressed) & c.step_mask[i] == c.step_mask[i]
        if op in (ST_REACH, ST_ESCAPE):  # standing in a zone is having entered it
            return any(c.super_of[z] in region and not self.blocked_by_entry(st, z) for z in c.step_zones[i])
        if op == ST_CLEAR:
            return bool(c.step_supers[i]) and len(c.step_supers[i]) == len(c.cs.step_targets[i]) and \
                all(sp in region for sp in c.step_supers[i])
        if op == ST_OPEN:
            return st.ever & c.step_mask[i] == c.step_mask[i]
        if op == ST_KILL:
            return st.zsrc
        if op == ST_SURVIVE:  # the turn triggers of turns 1..N fire before N turns are survived
            if c.ordered and c.escape_steps & ((1 << i) - 1) and c.cs.step_count[i] > 0 \
                    and self.escapes_at_turn_end(st, region):
                return False  # an escape step before it is open where the team stands: it is off the board in turn 1
            return (c.turn_limit is None or c.cs.step_count[i] <= c.turn_limit) and st.turn >= c.survive_waits[i]
        return condition_met(self, i, st, region)  # the mission conditions (checks/missions.py)

    def goal_step(self, i: int, region: set[int], st: _State) -> Step:
        c = self.c
        st_ = c.steps[i]
        zone = ""
        if st_.kind in ("reach_zone", "escape"):
            zone = next(c.zone_ids[z] for z in c.step_zones[i]
                        if c.super_of[z] in region and not self.blocked_by_entry(st, z))
        text = {
            "take_objectives": "all the objectives of this step are taken",
            "reach_zone": f"reach {self.names.get(zone, zone)}",
            "escape": f"escape through {self.names.get(zone, zone)}",
            "clear_zones": "clear " + ", ".join(st_.zones) if st_.kind == "clear_zones" else "",
            "open_doors": "the doors of this step are open",
            "kill": f"kill {getattr(st_, 'count', 0)} zombies",
            "survive": f"survive {getattr(st_, 'turns', 0)} turns",
        }.get(st_.kind, "holds now")
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
            # an escaped team does nothing more: an escape step is passed only together with
            # every step after it, in the same moment
            while st.progress < n - 1 and not (c.escape_steps | c.condition_steps) >> st.progress & 1 and \
                    self.step_met(st.progress, st, region):
                steps.append(self.goal_step(st.progress, region, st))
                st.progress += 1
            st.won = all(self.step_met(j, st, region) for j in range(st.progress, n)) and not (
                c.escape_steps >> st.progress & 1 and any(c.step_op[j] == ST_REACH for j in range(st.progress + 1, n)))
            if st.won:
                steps.extend(self.goal_step(j, region, st) for j in range(st.progress, n))
        else:
            full = (1 << n) - 1
            met = st.progress
            for i in range(n):
                if not met >> i & 1 and self.step_met(i, st, region):
                    met |= 1 << i
            st.won = met == full
            new = met & ~st.progress
            if not st.won:  # an escape or a condition of the moment is written out only when it ends the game
                new &= ~(c.escape_steps | c.condition_steps)
            for i in range(n):
                if new >> i & 1:
                    steps.append(self.goal_step(i, region, st))
            if st.won:
                met &= ~self.c.position_steps  # positions are choices, not facts, once the game can end
            else:
                met &= ~self.c.escape_steps  # escaping takes the team off the board: it comes last
            met &= ~self.c.condition_steps  # a condition holds at a moment and is never kept
            st.progress |= met

    # -- discrete actions --------------------------------------------------------------------

    def successors(self, st: _State, region: set[int]):
        """Yield (the action's step, new state, start node, every step of the action in order) for
        every discrete action.

        Only the candidates compiled for it are looked at: one-way connections, doors whose
        opening fires a non-monotone trigger, switches, objectives and zones with such triggers.
        """
        c = self.c
        have = self.holdings(st)
        edges, sup = c.edges, c.super_of
        for k in c.discrete_edges:
            a, b, one_way, d, cid, sa, sb = edges[k]
            if one_way:
                if sa not in region or sb in region or self.blocked_by_entry(st, a):
                    continue
                if d >= 0 and not st.open >> d & 1 and not self.can_open(st, d, have):
                    continue
                new = st.copy()
                steps: list[Step] = []
                if d >= 0 and not new.open >> d & 1:
                    self.open_door(new, d, steps, c.zone_ids[a])
                step = self.cross_step(k)
                landing: list[Step] = []
                if b in c.on_entered and not new.entered >> b & 1:
                    self.enter(new, b, landing)  # landing in a zone is entering it
                yield step, new, sb, [*steps, step, *landing]  # a door on the way is opened first
            elif (sa in region or sb in region) and not st.open >> d & 1 and self.can_open(st, d, have):
                side, u = (a, sa) if sa in region else (b, sb)
                if self.blocked_by_entry(st, side):
                    continue
                new = st.copy()
                steps = []
                self.open_door(new, d, steps, c.zone_ids[side])
                yield steps[0], new, u, steps
        for o in c.discrete_objectives:
            u = sup[c.obj_zone[o]]
            if u not in region or self.blocked_by_entry(st, c.obj_zone[o]):
                continue
            bit = 1 << o
            if c.obj_kind[o] == "switch":
                if st.pressed & bit and not c.switch_repeatable[o]:
                    continue
                if not self.pending_triggers(c.on_pressed.get(o, ()), st):
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
            if st.entered >> z & 1 or not (u in region or self.next_to(st, z, region)):
                continue
            new = st.copy()
            steps = []
            if z == self.standing and u in region and not self.step_out(new, z, region, steps):
                continue
            self.enter(new, z, steps)
            yield steps[-1], new, u, steps
        if self.standing >= 0 and c.hazard[self.standing]:
            yield from self.step_outs(st, region)
        forced = self.escapes_at_turn_end(st, region)
        if st.turn < len(c.turn_steps) and not forced:
            turn, trig = c.turn_steps[st.turn]
            new = st.copy()
            new.turn += 1
            steps = []
            self.fire(new, trig)
            step = Step("wait", self.where_shut(st, new), str(turn), f"wait for turn {turn}")
            yield step, new, st.pos, [step, *steps]
        if st.kill < len(c.kill_steps) and st.zsrc and not forced:
            count, trig = c.kill_steps[st.kill]
            new = st.copy()
            new.kill += 1
            steps = []
            self.fire(new, trig)
            step = Step("kill", self.where_shut(st, new), str(count), f"kill {count} zombies")
            yield step, new, st.pos, [step, *steps]

    def escapes_at_turn_end(self, st: _State, region: set[int]) -> bool:
        """Whether the team cannot let a turn pass where it stands: every zone it can stand in
        is an exit and the escape is open (the steps before the escape step met now or counted
        for good), so the engines take it off the board at the end of its activation."""
        c = self.c
        if not c.escape_steps:
            return False
        exits = set(c.cs.exits)
        if not all(z in exits for u in region for z in c.super_zones[u]):
            return False
        n = len(c.steps)
        first = next(i for i in range(n) if c.escape_steps >> i & 1)
        before = range(first) if c.ordered else (j for j in range(n) if not c.escape_steps >> j & 1)
        for j in before:
            counted = j < st.progress if c.ordered else bool(st.progress >> j & 1)
            if not counted and not self.step_met(j, st, region):
                return False
        return True

    def where_shut(self, before: _State, after: _State) -> str:
        """Where the team waits ('' for anywhere): when what it waits for closes or locks a door,
        the search goes on from the side of node ``before.pos``, so the team stands there."""
        if not (before.open & ~after.open or before.unlocked & ~after.unlocked):
            return ""
        return self.c.zone_ids[self.c.super_zones[before.pos][0]]

    def next_to(self, st: _State, z: int, region: set[int]) -> bool:
        """Whether the team can step into hazard zone ``z`` from its region now (an open
        passage, not one way out of it)."""
        c = self.c
        for k in c.edges_of[c.super_of[z]]:
            a, b, one_way, d, _, sa, sb = c.edges[k]
            if d >= 0 and not st.open >> d & 1:
                continue
            if b == z and sa in region:
                return True
            if a == z and not one_way and sb in region:
                return True
        return False

    def cross_step(self, k: int, before: str = "") -> Step:
        a, b, _, _, cid, _, _ = self.c.edges[k]
        za, zb = self.c.zone_ids[a], self.c.zone_ids[b]
        text = f"cross '{cid}' one way from {self.names[za]} to {self.names[zb]}"
        return Step("cross", za, cid, f"{text} {before}" if before else text)

    def early_crossings(self, entry: _State, start: int, full: _State, region: set[int]):
        """Irreversible actions taken too early: from the situation the team was in when it
        arrived (``entry``, at node ``start``, before any monotone action), walk to each one-way
        connection, hazard zone, switch or objective with non-monotone triggers by the doors it
        can open on the way, opening nothing else and taking nothing, and act. Yields (step, new
        state, start node, steps) like :meth:`successors`, for the actions whose situation
        differs from acting after everything (``full``)."""
        c = self.c
        if not (c.discrete_edges or c.discrete_entries or c.discrete_objectives):
            return
        have = self.holdings(entry)
        # breadth first over the condensed graph, remembering the passage that led to each node
        via: dict[int, tuple[int, int]] = {start: (-1, -1)}
        queue = deque((start,))
        while queue:
            u = queue.popleft()
            if self.stays(entry, u):
                continue  # leaving the start zone unentered is an action of its own (see stays)
            for k in c.edges_of[u]:
                a, b, one_way, d, _, sa, sb = c.edges[k]
                if one_way:
                    continue
                v = sb if sa == u else sa
                far = b if sa == u else a
                if v in via or c.hazard[far] and not entry.entered >> far & 1:
                    continue
                if d >= 0 and not entry.open >> d & 1 and not self.openable_early(entry, d, have):
                    continue
                via[v] = (u, k)
                queue.append(v)

        def walk(u: int) -> tuple[_State, list[Step]]:
            new = entry.copy()
            steps: list[Step] = []
            path = []
            while via[u][0] >= 0:
                path.append(via[u])
                u = via[u][0]
            for u, e in reversed(path):
                ea, eb, _, ed, _, esa, _ = c.edges[e]
                if ed >= 0 and not new.open >> ed & 1:
                    self.open_door(new, ed, steps, c.zone_ids[ea if esa == u else eb])
            return new, steps

        def door_on_the_way(new: _State, d: int, steps: list[Step], zone: int) -> bool:
            if d < 0 or new.open >> d & 1:
                return True
            if not self.openable_early(new, d, self.holdings(new)):
                return False
            self.open_door(new, d, steps, c.zone_ids[zone])
            return True

        def arrive(new: _State, z: int, steps: list[Step]) -> None:
            # acting in a zone is entering it: a zone whose entry only adds options is entered
            # first (the search's saturation enters it too), a hazard zone's entry is its own action
            if self.blocked_by_entry(new, z) and not c.hazard[z]:
                self.enter(new, z, steps)

        for k in c.discrete_edges:
            a, b, one_way, d, cid, sa, sb = c.edges[k]
            if not one_way or sa not in via or sb in via or self.blocked_by_entry(entry, a) and c.hazard[a]:
                continue
            new, steps = walk(sa)
            arrive(new, a, steps)
            if not door_on_the_way(new, d, steps, a):
                continue
            missing = self.not_done(new, full)
            if not missing:
                continue
            step = self.cross_step(k, "before " + missing)
            landing: list[Step] = []
            if b in c.on_entered and not new.entered >> b & 1:
                self.enter(new, b, landing)
            yield step, new, sb, [*steps, step, *landing]
        # after everything but the objectives that only count for the goals: the team could
        # have done all the rest first and left them for later
        skipped = full.taken & ~entry.taken & c.goal_only
        if skipped:
            mid = full.copy()
            mid.taken &= ~skipped
            mid.won = False
            if c.ordered:
                mid.progress = min(full.progress, next(
                    (i for i, op in enumerate(c.step_op) if op == ST_TAKE and c.step_mask[i] & skipped), full.progress))
            else:
                mid.progress &= ~sum(1 << i for i, op in enumerate(c.step_op)
                                     if op == ST_TAKE and c.step_mask[i] & skipped)
            for k in c.discrete_edges:
                a, b, one_way, d, cid, sa, sb = c.edges[k]
                if not one_way or sa not in region or sb in region or self.blocked_by_entry(mid, a):
                    continue
                new = mid.copy()
                steps = []
                if not door_on_the_way(new, d, steps, a):
                    continue
                step = self.cross_step(k, "before " + self.not_done(new, full))
                landing = []
                if b in c.on_entered and not new.entered >> b & 1:
                    self.enter(new, b, landing)
                yield step, new, sb, [*steps, step, *landing]
        for z in c.discrete_entries:
            if entry.entered >> z & 1 or not c.hazard[z]:
                continue
            u = c.super_of[z]
            for k in c.edges_of[u]:
                a, b, one_way, d, _, sa, sb = c.edges[k]
                side, near = (sa, a) if b == z else (sb, b) if not one_way else (-1, -1)
                if side < 0 or side not in via or side == u:
                    continue
                new, steps = walk(side)
                if not door_on_the_way(new, d, steps, near):
                    continue
                missing = self.not_done(new, full)
                if missing:
                    zone = c.zone_ids[z]
                    self.enter(new, z, steps)
                    step = Step("enter", zone, zone, f"enter {self.names[zone]} before {missing}")
                    yield step, new, u, steps[:-1] + [step]
                break
        for o in c.discrete_objectives:
            z = c.obj_zone[o]
            u = c.super_of[z]
            if u not in via or self.blocked_by_entry(entry, z) and c.hazard[z]:
                continue
            bit = 1 << o
            switch = c.obj_kind[o] == "switch"
            if (entry.pressed if switch else entry.taken) & bit:
                continue
            new, steps = walk(u)
            arrive(new, z, steps)
            missing = self.not_done(new, full)
            if not missing:
                continue
            (self.press if switch else self.take)(new, o, steps)
            oid, zone = c.obj_ids[o], c.zone_ids[z]
            what = f"press switch '{oid}'" if switch else f"take {c.obj_kind[o].replace('_', ' ')} '{oid}'"
            step = Step("press" if switch else "take", zone, oid, f"{what} in {self.names[zone]} before {missing}")
            yield step, new, u, steps[:-1] + [step]

    def openable_early(self, st: _State, d: int, have: _Have) -> bool:
        c = self.c
        return self.may_unlock(st, d, have) and have.opener and self.safe(c.on_opened.get(d, ()), st)

    def not_done(self, early: _State, full: _State) -> str:
        """What the team had done in ``full`` but not in ``early``, in words ('' when nothing that
        matters)."""
        c = self.c
        useful = self.useful()
        parts = []
        taken = full.taken & ~early.taken
        pressed = full.pressed & ~early.pressed
        for o in _Compiled._bits(taken):
            if c.obj_ids[o] in useful:
                parts.append(f"taking '{c.obj_ids[o]}'")
        for o in _Compiled._bits(pressed):
            parts.append(f"pressing '{c.obj_ids[o]}'")
        for z in _Compiled._bits(full.entered & ~early.entered):
            parts.append(f"entering {self.names[c.zone_ids[z]]}")
        if full.searched and not early.searched:
            parts.append("searching")
        done = full.progress & ~early.progress if not c.ordered else 0
        if c.ordered and full.progress > early.progress:
            done = sum(1 << i for i in range(early.progress, full.progress))
        if not parts:  # only the goals were ahead: name them
            for i in _Compiled._bits(done):
                parts.append(f"completing victory step {i + 1} ({c.steps[i].kind})")
        if not parts and (full.ever & ~early.ever):
            parts = [f"opening '{c.door_ids[d]}'" for d in _Compiled._bits(full.ever & ~early.ever)]
        if len(parts) > 4:
            parts = parts[:4] + [f"{len(parts) - 4} more"]
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] if parts else ""

    def useful(self) -> set[str]:
        """Objectives that matter: named by a victory step, opening a lock, firing a trigger or
        hiding one that does (the others are taken by saturation only because they lie there)."""
        if self._useful is not None:
            return self._useful
        s, c, cs = self.s, self.c, self.cs
        useful = {cs.obj_ids[o] for i, op in enumerate(cs.step_op) if op == ST_TAKE for o in cs.step_targets[i]}
        locks = {lk for lk in c.door_lock if lk is not None}
        for i, o in enumerate(s.objectives):
            if c.on_taken.get(i) or c.on_pressed.get(i) or (o.kind == "key" and ("colour", o.colour) in locks) or \
                    (o.kind == "item" and (("item", o.item) in locks or o.item in c.openers)) or \
                    (o.kind == "search_marker" and c.search_gives):
                useful.add(o.id)
        for g in cs.hidden_groups:  # a hidden group is turned whole when one of its tokens matters
            if any(cs.obj_ids[o] in useful for o in g):
                useful |= {cs.obj_ids[o] for o in g}
        self._useful = useful
        return useful

    def prune(self, plan: list[Step]) -> list[Step]:
        """Drop from a plan the objectives taken only because saturation takes everything: those
        no victory step names, that open no lock, fire no trigger and reveal nothing hidden; and
        the opening of idle doors (they lead only into pockets that hold nothing)."""
        useful = self.useful()
        idle = self.c.idle_pockets

        def needed(i: int, st: Step) -> bool:  # idle doors lead nowhere useful, unless a step stands there
            return st.action != "open" or st.target not in idle or any(
                later.zone in idle[st.target] for later in plan[i + 1:])

        return [st for i, st in enumerate(plan) if not (st.action == "take" and st.target not in useful)
                and needed(i, st)]

    def canonical(self, st: _State, region: set[int]) -> tuple:
        """The state's key, with the doors into emptied pockets forgotten while the team stands
        outside them (open or shut, they no longer change what the team can do), and the presses
        of repeatable switches no victory step names: situations that differ only there are
        one."""
        c = self.c
        if not c.pocket_doors and not c.forgettable_presses:
            return st.key()
        forget = 0
        inside: set[int] = set()
        for d, mask in c.pocket_doors.items():
            if st.taken & mask == mask and not region <= c.pocket_nodes[d]:
                forget |= 1 << d
                inside |= c.pocket_nodes[d]
        key = list(st.key())
        key[6] &= ~c.forgettable_presses
        if forget:
            key[0] = min((u for u in region if u not in inside), default=st.pos)
            key[1] &= ~forget
            key[2] &= ~forget
            key[3] &= ~forget
        return tuple(key)

    # -- the search ------------------------------------------------------------------------------

    def run(self, start_super: int) -> Reachability:
        c = self.c
        init = self._fresh(c)
        keys: dict[tuple, int] = {}
        parents: list[tuple[int, list[Step]]] = []
        entries: list[list[tuple[_State, int]]] = []
        """Per situation, every distinct way the team arrived in it (before saturation): the
        irreversible actions are also tried too early from each of them."""
        entry_keys: list[set[tuple]] = []
        saturated_of: list[tuple[_State, tuple[set[int], list]]] = []
        expanded: list[bool] = []
        edges: list[tuple[int, int, Step]] = []
        early: list[tuple[int, int, Step]] = []
        outcomes: list[str] = []
        regions_seen: set[int] = set()
        taken_ever = pressed_ever = opened_ever = 0
        best_progress = 0
        queue: deque[tuple[int, tuple[_State, int] | None]] = deque()
        early_first: list[bool] = []
        """Per situation, whether it was first reached by an action taken too early."""
        second: dict[int, tuple[int, list[Step]]] = {}
        """For those, the first ordinary action into them (the plan follows ordinary actions)."""

        def add(st: _State, saturated: tuple[set[int], list], parent: int, path: list[Step],
                entry: tuple[_State, int], early_move: bool = False) -> int:
            k = self.canonical(st, saturated[0])
            ek = (self.canonical(entry[0], {entry[1]}), entry[1])
            if k in keys:
                i = keys[k]
                if not early_move and early_first[i] and i not in second and i != parent:
                    second[i] = (parent, path)  # its first ordinary way in, for the plan
                # an arrival by an action taken too early is not a way in whose own early
                # actions are tried again (they would chain: 2^k arrivals for k such actions)
                if not early_move and ek not in entry_keys[i] and not st.outcome:
                    entry_keys[i].add(ek)
                    entries[i].append(entry)
                    if expanded[i]:
                        queue.append((i, entry))  # only its early actions remain to be tried
                return i
            i = len(parents)
            keys[k] = i
            parents.append((parent, path))
            early_first.append(early_move)
            entries.append([entry])
            entry_keys.append({ek})
            saturated_of.append((st, saturated))
            expanded.append(False)
            outcomes.append("win" if st.outcome == "win" or (st.won and st.outcome != "loss") else st.outcome)
            queue.append((i, None))
            return i

        steps0: list[Step] = []
        add(init, self.saturate(init, start_super, steps0), -1, steps0, (self._fresh(c), start_super))
        truncated = False
        while queue:
            i, late = queue.popleft()
            st, saturated = saturated_of[i]
            region = saturated[0]
            if late is None:
                expanded[i] = True
                regions_seen |= region
                taken_ever |= st.taken
                pressed_ever |= st.pressed
                opened_ever |= st.ever | st.open
                best_progress = max(best_progress, st.progress) if c.ordered else best_progress | st.progress
                if st.outcome:  # the game ended
                    continue
                moves = list(self.successors(st, region))
                arrivals = list(entries[i])
            else:
                moves = []
                arrivals = [late]
            for entry, entry_start in arrivals:
                moves += [(step, new, start, path, True)
                          for step, new, start, path in self.early_crossings(entry, entry_start, st, region)]
            for move in moves:
                step, new, start, path = move[:4]
                if len(parents) >= self.max_states:
                    truncated = True
                    break
                steps = list(path)
                seed = saturated if len(move) == 4 and self.keeps_region(step, st, new, start) else None
                before = new.copy()
                j = add(new, self.saturate(new, start, steps, seed), i, steps, (before, start), len(move) == 5)
                (early if len(move) == 5 else edges).append((i, j, step))
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
        # early crossings only witness dead ends: doing less before a move never wins more
        plan: list[Step] = []
        wins = [i for i, o in enumerate(outcomes) if o == "win"]
        links = [second.get(i) if early else parents[i] for i, early in enumerate(early_first)]
        on_tree = self._tree(links)
        wins = [i for i in wins if on_tree[i]]
        if wins:
            i = min(wins)  # breadth first: fewest discrete actions
            chain = []
            while i >= 0:
                parent, path = links[i]
                chain.append(path)
                i = parent
            for path in reversed(chain):
                plan.extend(path)
            plan = self.prune(plan)
        dead: list[tuple[Step, str]] = []
        seen_dead: set[tuple[str, str]] = set()
        if good and good[0] and not truncated:
            for a, b, step in edges + early:
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

    def _fresh(self, c: _Compiled) -> _State:
        """The situation before the team acts: the set-up, and the triggers of turn 1 fired
        (the first turn begins before any survivor acts)."""
        st = _State()
        st.open, st.unlocked, st.zsrc = c.open0, c.unlocked0, c.zsrc0
        while st.turn < len(c.turn_steps) and c.turn_steps[st.turn][0] <= 1:
            self.fire(st, c.turn_steps[st.turn][1])
            st.turn += 1
        return st

    @staticmethod
    def _tree(links: list[tuple[int, list[Step]] | None]) -> list[bool]:
        """Situations reached from the first one by ordinary actions alone (not by an action taken
        too early), following ``links`` (per situation, the action into it the plan follows, or
        None), so that the chain of links replays as a plan."""
        children: list[list[int]] = [[] for _ in links]
        for i, link in enumerate(links):
            if link is not None and link[0] >= 0:
                children[link[0]].append(i)
        ok = [False] * len(links)
        stack = [i for i, link in enumerate(links) if link is not None and link[0] < 0]
        for i in stack:
            ok[i] = True
        while stack:
            for j in children[stack.pop()]:
                if not ok[j]:
                    ok[j] = True
                    stack.append(j)
        return ok


def search(scenario: Scenario | CompiledScenario, max_states: int = DEFAULT_MAX_STATES) -> Reachability:
    """Run the reachability search on a scenario (see the module notes for the model).

    ``scenario`` is a :class:`~designer.model.scenario.Scenario` or its compiled form (pass the
    compiled form when it is at hand: validation compiles once). When there are several start
    zones (one is drawn at random), the search runs from each distinct one: the mission is
    winnable only if it is winnable from all of them, and the witness plan is the one from the
    first start zone.
    """
    cs = scenario if isinstance(scenario, CompiledScenario) else compile_scenario(scenario)
    engine = _Search(cs, max_states)
    starts = engine.c.start_supers
    if not starts:  # no start zone a survivor can stand in
        r = Reachability(False, [], set(), set(), set(), set(), set(), set(), [], 0, 0, False)
        r.compiled = engine.c
        return r
    results = []
    searched = []
    # split starting groups: the search moves one team, the first group's (checks/missions.py says so)
    for z in dict.fromkeys([cs.start_groups[0][0]] if cs.start_groups else cs.start_zones):
        if cs.enterable[z]:
            engine.standing = z
            results.append(engine.run(engine.c.super_of[z]))
            searched.append(z)
    first = results[0]
    plans = {cs.zone_ids[z]: list(r.plan) for z, r in zip(searched, results)}
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
    if not first.winnable and not first.truncated and engine.c.markers and engine.c.search_gives \
            and not engine.c.deck_uniform:
        # can it be won when the search markers' single cards are the ones needed?
        lucky = _Search(cs, max_states)
        lucky.lucky_draws = True
        wins = []
        for z in dict.fromkeys(cs.start_zones):
            if cs.enterable[z]:
                lucky.standing = z
                wins.append(lucky.run(lucky.c.super_of[z]).winnable)
        first.lucky_draw = bool(wins) and all(wins)
    if not first.winnable and not first.truncated and cs.hidden_groups:
        # the verdict holds for every arrangement of the hidden objectives; do some of them win?
        won = total = 0
        for placed in arrangements(cs.scenario):
            if placed is None:
                won = total = 0  # too many to try
                break
            total += 1
            won += search(placed, max_states).winnable
        first.arrangements = (won, total)
    first.compiled = engine.c
    first.fired_triggers = set(engine.fired_ever)
    first.activated_spawns = set(engine.activated)
    first.needs_opener = {engine.c.door_ids[d] for d in engine.wants_opener} - first.opened_doors
    first.plans = plans if first.winnable else {}
    if not first.winnable:
        first.plan = []
    return first


MAX_ARRANGEMENTS = 120
"""Arrangements of the hidden objectives tried one by one (each is one search) when the mission
cannot be won in all of them."""


def arrangements(s: Scenario, limit: int = MAX_ARRANGEMENTS):
    """Every distinct arrangement of the hidden objectives, as the engine lays them out (the
    zones of each group shuffled among its objectives), each as a scenario whose objectives lie
    face up where that arrangement puts them; a single None when there are more than ``limit``."""
    from itertools import permutations, product

    groups: dict[str, list] = {}
    for o in s.objectives:
        if o.hidden_group:
            groups.setdefault(o.hidden_group, []).append(o)
    options = []
    total = 1
    for objs in groups.values():
        layouts = list(dict.fromkeys(permutations([o.zone for o in objs])))
        total *= len(layouts)
        if total > limit:
            yield None
            return
        options.append((objs, layouts))
    for combo in product(*(layouts for _, layouts in options)):
        zone = {o.id: z for (objs, _), layout in zip(options, combo) for o, z in zip(objs, layout)}
        yield s.model_copy(update={"objectives": [
            o.model_copy(update={"zone": zone[o.id], "hidden_group": None}) if o.id in zone else o
            for o in s.objectives]})


def lock_dependencies(scenario: Scenario | CompiledScenario, compiled: _Compiled | None = None
                      ) -> dict[tuple[str, str], set[tuple[str, str]]]:
    """For each lock (('colour', c) or ('item', name)), the locks whose doors hide its keys.

    A lock L depends on lock M when some key of L can be reached with every door open, but
    with every door of M kept shut (and every other door open) some arrangement leaves no key
    of L within reach of the start: each key of L (a key objective of its colour, an item
    objective of its name) lies in a zone behind M — for a key hidden in a group, it is enough
    that one zone of the group lies behind M. Keys that cannot be reached even with every door
    open depend on nothing (the map cuts them off, not a lock). A lock that depends on itself
    has its key behind its own door; a cycle of two or more is a lock cycle. Locks with another
    way to open (breakable doors, triggers that open or unlock them, an item in the starting
    equipment or the deck) never depend on anything.

    Notes
    -----
    One traversal of the condensed graph (see the module notes) per lock, plus one.
    """
    if compiled is None:
        cs = scenario if isinstance(scenario, CompiledScenario) else compile_scenario(scenario)
        compiled = _Compiled(cs)
    c = compiled
    cs = c.cs
    s = cs.scenario

    def lock_name(d: int) -> str | None:
        lk = cs.door_lock[d]
        if lk is not None and not cs.door_unlocked0 >> d & 1:
            return f"{lk[0]}:{lk[1]}"
        return None

    edge_lock = [lock_name(e[3]) if e[3] >= 0 else None for e in c.edges]
    locks: dict[str, list[str]] = {}
    escape: set[str] = {f"item:{item}" for item in c.base_items | c.deck_items}
    for d, did in enumerate(cs.door_ids):
        name = lock_name(d)
        if name:
            locks.setdefault(name, []).append(did)
            if cs.door_breakable[d] or cs.door_opened_by_effect >> d & 1:
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
    # the condensed graph once as (neighbour, lock) rows, one-way connections kept one way
    out: list[list[tuple[int, str | None]]] = [[] for _ in range(c.m)]
    for k, (_, _, one_way, _, _, sa, sb) in enumerate(c.edges):
        out[sa].append((sb, edge_lock[k]))
        if not one_way:
            out[sb].append((sa, edge_lock[k]))

    def reachable(blocked: str | None) -> list[bool]:
        seen = [False] * c.m
        stack = list(starts)
        for u in stack:
            seen[u] = True
        while stack:
            for v, lk in out[stack.pop()]:
                if not seen[v] and (lk is None or lk != blocked):
                    seen[v] = True
                    stack.append(v)
        return seen

    everything = reachable(None)
    deps: dict[tuple[str, str], set[tuple[str, str]]] = {}
    split = lambda name: tuple(name.split(":", 1))  # noqa: E731
    candidates = [lname for lname in locks if lname not in escape and lname in sources
                  and any(all(everything[u] for u in positions) for positions in sources[lname])]
    for m in locks if candidates else ():  # no lock whose keys a door could hide: nothing to traverse
        seen = reachable(m)
        for lname in candidates:  # no key of the others is within reach even with every door open
            if all(any(not seen[u] for u in positions) for positions in sources[lname]):
                deps.setdefault(split(lname), set()).add(split(m))
    return deps


SPLIT_TEAM_LIMIT = ("; searched for the survivors moving as one team: a team that splits up (one survivor"
                    " entering a zone or pressing a button that opens the way for another) is not searched"
                    " and may still win")
"""The limit the unwinnable finding states when the team may split up to win (docs/validation.md)."""


def _splits_could_help(cs: Any) -> bool:
    """Whether a split team could do what one team cannot: a trigger fires on entering a zone,
    pressing a switch or taking an objective (one survivor fires it, another uses what it
    opens), or a one-way connection leads somewhere (one survivor stays, another drops)."""
    s = cs.scenario
    return any(t.when.kind in ("zone_entered", "switch_pressed", "objective_taken") for t in s.triggers) or \
        any(c.kind == "drop" or getattr(c, "one_way", False) for c in s.connections)


def reachability_findings(cs: CompiledScenario, r: Reachability) -> list:
    """Turn the search result (and the lock dependencies) into findings."""
    from .findings import Finding

    s = cs.scenario
    out: list[Finding] = []
    if r.truncated:
        out.append(Finding("search-limit", "warning",
                           f"the reachability search stopped after {r.states} situations; the results below are partial",
                           ()))
    required = {cs.obj_ids[o] for i, op in enumerate(cs.step_op) if op == ST_TAKE for o in cs.step_targets[i]}
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
        if r.lucky_winnable:
            groups = ", ".join(repr(g) for g in sorted({o.hidden_group for o in s.objectives if o.hidden_group}))
            won, total = r.arrangements
            msg = (f"the mission cannot be won in every arrangement of the hidden objectives (group {groups}): "
                   + msg.removeprefix("the mission cannot be won: ").removeprefix("the mission cannot be won ")
                   + f" when the tokens fall badly; {won} of the {total} arrangements can be won")
        if r.lucky_draw:
            msg += ("; it can be won only if a search marker's single card is the one the team needs"
                    " (a door-opening item or a lock's item): add a searchable zone or that item")
        if s.setup.survivors.max > 1 and _splits_could_help(cs):
            msg += SPLIT_TEAM_LIMIT
        out.append(Finding("unwinnable", "error", msg, ()))
    deps = lock_dependencies(cs, r.compiled)
    doors_of: dict[tuple[str, str], list[str]] = {}
    for d, lk in enumerate(cs.door_lock):
        if lk is not None and not cs.door_unlocked0 >> d & 1:
            doors_of.setdefault(lk, []).append(cs.door_ids[d])
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
    openers = ", ".join(sorted(cs.door_openers)) or "a crowbar, a fire axe"
    needs_opener = r.needs_opener
    for did in cs.door_ids:
        if did in needs_opener:
            a, b = cs.door_between(cs.door_index[did])
            where = "the deck has none and " if not cs.deck_has_opener else ""
            out.append(Finding("no-door-opener", "error" if not r.winnable else "warning",
                               f"no survivor can open door '{did}' between {cs.labels[a]} and {cs.labels[b]}: "
                               f"{where}nobody starts with a door-opening item or can find one before reaching it; "
                               f"add a door-opening item ({openers}) to the starting equipment or the deck",
                               (did, cs.zone_ids[a], cs.zone_ids[b])))
    for zid in s.exits:
        if zid not in r.reachable_zones:
            out.append(Finding("exit-unreachable", "error", f"survivors can never reach the exit {cs.label(zid)}",
                               (zid,)))
    exits = set(s.exits)
    for z in s.zones:
        if z.id not in r.reachable_zones and z.id not in exits:
            out.append(Finding("zone-unreachable", "warning", f"survivors can never enter {cs.label(z.id)}", (z.id,)))
    for o in s.objectives:
        if o.kind == "switch":
            if o.id not in r.pressed_switches:
                needed = o.id in required
                out.append(Finding("switch-unreachable", "warning",
                                   f"switch '{o.id}' in {cs.label(o.zone)} can never be pressed"
                                   + (" (a victory step needs it)" if needed else ""), (o.id, o.zone)))
        elif o.id not in r.taken_objectives:
            needed = o.id in required
            out.append(Finding("objective-unreachable", "error" if needed else "warning",
                               f"{o.kind.replace('_', ' ')} '{o.id}' in {cs.label(o.zone)} can never be taken"
                               + (" (a victory step needs it)" if needed else ""), (o.id, o.zone)))
    for c in s.connections:
        if c.kind == "door" and c.id not in r.opened_doors and c.id not in needs_opener:
            out.append(Finding("door-never-opens", "warning",
                               f"door '{c.id}' between {cs.label(c.source)} and {cs.label(c.target)} never opens",
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
