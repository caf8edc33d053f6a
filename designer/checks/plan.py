"""Replaying a witness plan step by step on the scenario, independently of the search.

The replay walks the team zone by zone (a breadth-first walk) over the connections passable at that
moment, opens doors only with their key, item or trigger and a door-opening item in hand (when
the rule profile asks for one), fires the triggers of every action, fires the entry triggers of
the zone the team walks to before it acts there (taking an objective is entering its zone), and
checks each victory step when the plan claims it is met. It shares no code with the search
(`designer.checks.reachability`), so a plan that replays is evidence that the search was right;
the facts of the scenario (which items open doors, the rule profile's deck) come from the
compiled scenario.
"""

from __future__ import annotations

from dataclasses import dataclass


from ..model.scenario import Scenario
from ..rules.compiled import compile as compile_scenario
from .reachability import Step

__all__ = ["ReplayError", "Replayed", "replay", "shorten", "timing_findings"]


class ReplayError(ValueError):
    """A plan step cannot be carried out."""

    def __init__(self, index: int, step: Step, reason: str):
        self.index, self.step, self.reason = index, step, reason
        super().__init__(f"step {index + 1} ({getattr(step, 'text', None) or step.action}): {reason}")


@dataclass(frozen=True)
class Replayed:
    """What a plan that replays costs in time, walked as one team with no zombie in the way.

    Every survivor has the profile's actions per turn (plus the yellow danger level's bonus
    once the team's experience from objectives and triggers could reach it, or whenever zombies
    may appear): a move is one action (the connection's cost in the house profile), opening a
    door, taking an objective, pressing a switch and a search one action each (a search ends
    the turn in Last Night on Earth), a wait jumps to the turn it names and "survive N" to the
    end of turn N. A search "until an item turns up" counts one search. So ``turns`` is a lower
    bound on the turn in which one team carrying out this plan can finish it; a team that splits
    the work can be quicker."""

    actions: int
    """Actions the plan spends (moves included)."""
    turns: int
    """The turn in which the plan's last action is taken (1 for a plan that needs none)."""
    deadline: int | None = None
    """The last turn in which survivors may still act before the game is lost (the turn limit,
    a trigger that ends the game in a loss at the start of a turn, the engine's own bound), or
    None when the game has none."""
    deadline_reason: str = ""


@dataclass
class _Table:
    """The situation on the table during a replay."""

    pos: str
    open: set[str]
    locked: set[str]
    ever: set[str]
    taken: set[str]
    pressed: set[str]
    fired: set[str]
    zombies: bool
    turn: int
    kills: int
    done: list[bool]
    entered: set[str]
    searched: bool
    outcome: str = ""


def replay(s: Scenario, plan: list[Step], start: str | None = None) -> Replayed:
    """Carry out ``plan`` from ``start`` (the first start zone by default); raise
    :class:`ReplayError` at the first step that is not possible, or when the plan ends before
    every victory step is met. Return what the plan costs in actions and turns (:class:`Replayed`)."""
    doors = {c.id: c for c in s.connections if c.kind == "door"}
    objectives = {o.id: o for o in s.objectives}
    zone = {z.id: z for z in s.zones}
    t = _Table(
        pos=start or s.setup.start_zones[0],
        open={d for d, c in doors.items() if c.state == "open"},
        locked={d for d, c in doors.items() if c.state == "locked"},
        ever=set(), taken=set(), pressed=set(), fired=set(),
        zombies=any(sp.active for sp in s.spawns) or bool(s.setup.zombies),
        turn=0, kills=0, done=[False] * len(s.victory.steps), entered=set(), searched=False,
    )
    facts = compile_scenario(s)
    clock = _Clock(s, facts, t)
    costs = _move_costs(s)
    groups: dict[str, set[str]] = {}
    for o in s.objectives:
        if o.hidden_group:
            groups.setdefault(o.hidden_group, set()).add(o.id)
    def items() -> set[str]:
        have = set(s.setup.survivors.team_items())
        if t.searched or s.setup.survivors.starting_cards > 0:
            have |= facts.deck_items
        have |= {o.item for o in s.objectives if o.kind == "item" and found(o)}
        # ---- morts: an item drawn at random (one_of) may be any of them, as the search reads it ----
        have |= {x for o in s.objectives if o.kind == "item" and found(o) for x in getattr(o, "one_of", ())}
        return have

    def has_opener() -> bool:
        return not facts.doors_need_item or bool(items() & facts.door_openers)

    def enterable(z: str) -> bool:
        return zone[z].capacity.max_survivors != 0

    def walk_graph() -> dict[str, set[str]]:
        """The zones the team can walk between both ways now (open doors, two-way passages)."""
        G: dict[str, set[str]] = {z: set() for z in zone}
        for c in s.connections:
            if c.one_way or not c.survivors or not enterable(c.source) or not enterable(c.target):
                continue
            if c.kind == "door" and c.id not in t.open:
                continue
            G[c.source].add(c.target)
            G[c.target].add(c.source)
        return G

    def found(o) -> bool:
        return o.id in t.taken and (not o.hidden_group or groups[o.hidden_group] <= t.taken)

    def may_open(d: str) -> bool:
        c = doors[d]
        if not c.by_hand or not has_opener():
            return False
        if d not in t.locked or c.breakable:
            return True
        if c.lock is None:
            return False
        if c.lock.kind == "colour":
            return any(o.kind == "key" and o.colour == c.lock.colour and found(o) for o in s.objectives)
        return c.lock.item in items()

    def arrive(z: str) -> None:
        """The team steps into a zone: the first time, its entry triggers fire."""
        t.pos = z
        if z not in t.entered:
            t.entered.add(z)
            fire(lambda ev: ev.kind == "zone_entered" and ev.zone == z)

    def open_door(d: str) -> None:
        t.open.add(d)
        t.locked.discard(d)
        if d not in t.ever:
            t.ever.add(d)
            c = doors[d]
            if facts.building_spawn and c.spawns_on_first_open and (zone[c.source].is_building
                                                                    or zone[c.target].is_building):
                t.zombies = True
            fire(lambda ev: ev.kind == "door_opened" and ev.door == d)

    def fire(match) -> None:
        for trig in s.triggers:
            if not match(trig.when) or (trig.once and trig.id in t.fired):
                continue
            t.fired.add(trig.id)
            for e in trig.then:
                if e.kind == "open_door" or (e.kind == "toggle_door" and e.door not in t.open):
                    open_door(e.door)
                elif e.kind == "unlock_door":
                    t.locked.discard(e.door)
                elif e.kind in ("close_door", "toggle_door"):
                    t.open.discard(e.door)
                elif e.kind == "lock_door":
                    t.open.discard(e.door)
                    t.locked.add(e.door)
                elif e.kind in ("activate_spawn", "toggle_spawn", "spawn_zombies"):
                    t.zombies = True
                elif e.kind == "end_game" and not t.outcome:
                    t.outcome = e.outcome

    def met(i: int) -> bool:
        st = s.victory.steps[i]
        if st.kind == "take_objectives":
            need = set(st.objectives) or {o.id for o in s.objectives if o.kind in ("token", "key")}
            for oid in list(need):  # which token is which is known only once the group is turned
                group = objectives[oid].hidden_group
                if group:
                    need |= groups[group]
            return need <= t.taken
        if st.kind == "reach_zone":
            return t.pos in st.zones
        if st.kind == "escape":
            return t.pos in s.exits
        if st.kind == "clear_zones":
            return set(st.zones) <= _walkable(walk_graph(), t.pos)
        if st.kind == "open_doors":
            return set(st.doors) <= t.ever
        if st.kind == "kill":
            return t.zombies
        if st.kind == "survive":  # and every trigger of turns 1..N has fired on the way
            limit = s.setup.turn_limit if s.defeat.at_turn_limit else None
            later = [tr for tr in s.triggers if tr.when.kind == "turn_reached" and t.turn < tr.when.turn <= st.turns]
            return (limit is None or st.turns <= limit) and not later
        return _condition_met(s, facts, st, t)  # the mission conditions

    on_entry = {tr.when.zone for tr in s.triggers if tr.when.kind == "zone_entered"}
    t.turn = 1  # the first turn begins before any survivor acts
    fire(lambda ev: ev.kind == "turn_reached" and ev.turn == 1)
    for i, step in enumerate(plan):
        fail = lambda reason: ReplayError(i, step, reason)  # noqa: E731
        if t.outcome == "win":
            return clock.result()  # a trigger ended the game in a win: the rest of the plan is never played
        if t.outcome == "loss":
            raise ReplayError(i - 1, plan[i - 1], "a trigger ends the game in a loss here")
        if step.zone and step.zone != t.pos:
            if step.zone not in zone:
                raise fail(f"no zone '{step.zone}'")
            # the walk passes through zones, and entering one fires its entry triggers: a way
            # through zones not entered yet whose entry fires a trigger is taken only when there
            # is no other, and then their triggers fire on the way (and may shut it)
            G = walk_graph()
            fresh = on_entry - t.entered - {step.zone}
            way = _walk_path(costs, G, t.pos, step.zone, fresh) or _walk_path(costs, G, t.pos, step.zone, set())
            if way is None:
                raise fail(f"the team in {t.pos} cannot walk to {step.zone}")
            far, path = way
            clock.spend(far)
            for k, z in enumerate(path[1:], 1):
                arrive(z)
                if k + 1 < len(path) and z in on_entry and path[k + 1] not in walk_graph()[z]:
                    raise fail(f"on the way to {step.zone}, entering {z} shuts the way on")
        a = step.action
        if a == "open":
            c = doors.get(step.target)
            if c is None or t.pos not in c.zones or (c.one_way and t.pos != c.source):
                raise fail("the team is not beside that door")
            if step.target in t.open:
                raise fail("the door is already open")
            if not may_open(step.target):
                raise fail("the door is locked and the team cannot open it")
            clock.spend(1)
            open_door(step.target)
        elif a == "take":
            o = objectives.get(step.target)
            if o is None or o.zone != t.pos or o.id in t.taken or o.kind == "switch":
                raise fail("no objective to take here")
            if zone[o.zone].kind == "security":
                raise fail("a security zone allows only moving through")
            clock.spend(1)
            t.taken.add(o.id)
            if o.kind == "search_marker" and len(facts.deck_items) == 1:
                t.searched = True  # one card: it gives what the deck gives only when every card does
            fire(lambda ev: ev.kind == "objective_taken" and ev.objective == o.id)
        elif a == "press":
            o = objectives.get(step.target)
            if o is None or o.kind != "switch" or o.zone != t.pos:
                raise fail("no switch here")
            if o.id in t.pressed and not o.repeatable:
                raise fail("the switch was already pressed")
            if zone[o.zone].kind == "security":
                raise fail("a security zone allows only moving through")
            clock.spend(1)
            t.pressed.add(o.id)
            t.taken.add(o.id)
            fire(lambda ev: ev.kind == "switch_pressed" and ev.switch == o.id)
        elif a == "enter":  # walking here was the entering
            if t.pos not in t.entered:
                raise fail("the team stands here from the start: it enters only after stepping out")
        elif a == "move":  # through one passage, into the zone beyond
            c = next((c for c in s.connections if c.id == step.target), None)
            if c is None or t.pos not in c.zones or not c.survivors or (c.one_way and t.pos != c.source):
                raise fail("the team cannot pass that connection from here")
            if c.kind == "door" and c.id not in t.open:
                raise fail("the door is shut")
            other = c.target if t.pos == c.source else c.source
            if not enterable(other):
                raise fail("no survivor can stand beyond it")
            clock.spend(_move_cost(s, c))
            arrive(other)
        elif a == "search":
            if not zone[t.pos].is_searchable or zone[t.pos].capacity.max_survivors == 0:
                raise fail("survivors cannot search here")
            clock.search()
            t.searched = True
            if "aaah" in facts.deck_items:  # an 'Aaah!' card turns up sooner or later: a walker
                t.zombies = True
        elif a == "cross":
            c = next((c for c in s.connections if c.id == step.target), None)
            if c is None or c.source != t.pos or not c.survivors or not enterable(c.target):
                raise fail("the team cannot cross that connection from here")
            if c.kind == "door" and c.id not in t.open:
                if not may_open(c.id):
                    raise fail("the door is locked and the team cannot open it")
                clock.spend(1)
                open_door(c.id)
            clock.spend(_move_cost(s, c))
            arrive(c.target)
        elif a == "wait":
            turn = int(step.target)
            limit = s.setup.turn_limit if s.defeat.at_turn_limit else None
            if turn < t.turn or (limit is not None and turn > limit):
                raise fail("that turn cannot be reached")
            t.turn = turn
            clock.wait(turn)
            fire(lambda ev: ev.kind == "turn_reached" and ev.turn == turn)
        elif a == "kill":
            if not t.zombies:
                raise fail("there are no zombies to kill")
            t.kills = int(step.target)
            fire(lambda ev: ev.kind == "kills_reached" and ev.count == t.kills)
        elif a == "goal":
            k = int(step.target)
            if s.victory.ordered and not all(t.done[:k]):
                raise fail("an earlier victory step is not met yet")
            if not met(k):
                raise fail("the victory step is not met")
            if s.victory.steps[k].kind == "survive":
                clock.end_of(s.victory.steps[k].turns)  # met at the end of turn N
            t.done[k] = True
        else:
            raise fail(f"unknown action '{a}'")
    if t.outcome == "win":
        return clock.result()
    if t.outcome == "loss":
        raise ReplayError(len(plan) - 1, plan[-1], "a trigger ends the game in a loss here")
    if not all(t.done):
        missing = [str(i + 1) for i, d in enumerate(t.done) if not d]
        raise ReplayError(len(plan) - 1, plan[-1] if plan else Step("", "", "", "start"),
                          f"the plan ends before victory step(s) {', '.join(missing)} are met")
    return clock.result()


def _walkable(G: dict[str, set[str]], start: str) -> set[str]:
    """Every zone reachable from ``start`` in the walk graph (``start`` included)."""
    seen, todo = {start}, [start]
    while todo:
        for v in G.get(todo.pop(), ()):
            if v not in seen:
                seen.add(v)
                todo.append(v)
    return seen


def _condition_met(s: Scenario, facts, step, t: _Table) -> bool:
    """A condition step on the table (see designer.checks.missions for what the validator
    assumes: no zombie left and the zombies already on the board are the fight's business)."""
    from ..rules.missions import always_active_spawns, zombie_reach

    k = step.kind
    if k == "no_zombies":
        return True
    if k == "doors_closed":
        return not set(step.doors) & t.open
    if k == "hold_zone":
        return t.pos in step.zones
    if k == "no_zombie_path":
        mask = sum(1 << facts.door_index[d] for d in t.open)
        reach = zombie_reach(facts, mask, [facts.zone_index[z] for z in step.zones])
        return not any(reach[facts.spawn_zone[i]] for i in always_active_spawns(facts))
    if k == "carry_items":
        names = set(step.items)
        if names & (facts.deck_items | set(facts.starting_equipment)):
            return t.pos in step.zones
        got = sum(1 for o in s.objectives if o.kind == "item" and o.item in names and o.id in t.taken)
        got += sum(1 for trig in s.triggers if trig.once and trig.id in t.fired
                   for e in trig.then if e.kind == "give_card" and (not e.cards or names & set(e.cards)))
        pile = sum(e.count for e in s.setup.set_aside if e.item in names)
        return t.pos in step.zones and min(got, pile + sum(1 for o in s.objectives if o.kind == "item"
                                                             and o.item in names)) >= step.count
    return False


class _Clock:
    """The turn and the actions left in it while a plan is replayed (see :class:`Replayed`)."""

    def __init__(self, s: Scenario, facts, t: _Table):
        from ..rules.profiles import DEFAULT_PARAMS, ProfileError, profile_params

        rules = s.setup.rules
        try:
            self.params = profile_params(rules.profile, rules.overrides)
        except ProfileError:
            self.params = DEFAULT_PARAMS[rules.profile]
        self.s, self.t, self.lnoe = s, t, rules.profile == "lnoe"
        self.objectives = {o.id: o for o in s.objectives}
        self.turn, self.actions = 1, 0
        self.left = self.budget()

    def xp(self) -> int:
        """The team's experience so far (more than any one survivor has)."""
        got = sum(getattr(self.objectives[o], "xp", 0) or 0 for o in self.t.taken if o in self.objectives)
        return got + sum(e.amount for trig in self.s.triggers if trig.id in self.t.fired
                         for e in trig.then if e.kind == "grant_xp")

    def budget(self) -> int:
        p = self.params
        yellow = p.yellow_bonus and (self.t.zombies or self.xp() >= p.danger_xp[0])
        return p.actions + (p.yellow_bonus if yellow else 0)

    def spend(self, n: int) -> None:
        for _ in range(n):
            if self.left <= 0:
                self.turn += 1
                self.left = self.budget()
            self.left -= 1
            self.actions += 1

    def search(self) -> None:
        if self.lnoe and self.left < self.budget():  # a hero searches only before moving, and it ends the turn
            self.turn, self.left = self.turn + 1, self.budget()
        self.spend(1)
        if self.lnoe:
            self.left = 0

    def wait(self, turn: int) -> None:
        if turn > self.turn:
            self.turn, self.left = turn, self.budget()

    def end_of(self, turn: int) -> None:
        if turn >= self.turn:
            self.turn, self.left = turn, 0

    def result(self) -> Replayed:
        deadline, reason = _deadline(self.s, self.params)
        return Replayed(self.actions, self.turn, deadline, reason)


def _deadline(s: Scenario, params) -> tuple[int | None, str]:
    """The last turn in which the survivors may act before the game is lost, and why."""
    out: list[tuple[int, str]] = []
    if s.setup.turn_limit is not None and s.defeat.at_turn_limit:
        out.append((s.setup.turn_limit, f"the turn limit ({s.setup.turn_limit})"))
    for trig in s.triggers:
        if trig.when.kind == "turn_reached" and any(e.kind == "end_game" and e.outcome == "loss" for e in trig.then):
            first = next(e for e in trig.then if e.kind == "end_game")  # the first end_game decides
            if first.outcome == "loss":
                out.append((trig.when.turn - 1, f"trigger '{trig.id}' ends the game in a loss when turn "
                                                f"{trig.when.turn} begins"))
    max_turns = getattr(params, "max_turns", None)
    if max_turns:
        out.append((max_turns, f"the engine's bound of {max_turns} turns"))
    if not out:
        return None, ""
    return min(out)


def _move_cost(s: Scenario, c) -> int:
    return max(1, c.cost) if s.setup.rules.profile == "house" else 1


def _move_costs(s: Scenario) -> dict[tuple[str, str], int]:
    """The actions of one move between two zones (the cheapest connection between them)."""
    cost: dict[tuple[str, str], int] = {}
    for c in s.connections:
        k = _move_cost(s, c)
        for pair in ((c.source, c.target), (c.target, c.source)):
            cost[pair] = min(cost.get(pair, k), k)
    return cost


def _walk_path(cost: dict[tuple[str, str], int], G: dict[str, set[str]], a: str, b: str,
               avoid: set[str]) -> tuple[int, list[str]] | None:
    """(the fewest actions, the zones walked from ``a`` to ``b``, both included) in the walk
    graph without passing through a zone of ``avoid``, or None when there is no such way."""
    import heapq

    best, back, todo = {a: 0}, {a: ""}, [(0, a)]
    while todo:
        d, u = heapq.heappop(todo)
        if u == b:
            path = [u]
            while back[path[-1]]:
                path.append(back[path[-1]])
            return d, path[::-1]
        if d > best[u] or (u in avoid and u != a):
            continue
        for v in sorted(G.get(u, ())):
            nd = d + cost.get((u, v), 1)
            if nd < best.get(v, nd + 1):
                best[v] = nd
                back[v] = u
                heapq.heappush(todo, (nd, v))
    return None


def _walk_cost(cost: dict[tuple[str, str], int], G: dict[str, set[str]], a: str, b: str) -> int | None:
    """The fewest actions to walk from ``a`` to ``b`` in the walk graph (zombie-free), or None
    when ``b`` cannot be reached."""
    import heapq

    best, todo = {a: 0}, [(0, a)]
    while todo:
        d, u = heapq.heappop(todo)
        if u == b:
            return d
        if d > best[u]:
            continue
        for v in G.get(u, ()):
            nd = d + cost.get((u, v), 1)
            if nd < best.get(v, nd + 1):
                best[v] = nd
                heapq.heappush(todo, (nd, v))
    return None


def shorten(scenario: Scenario, plan: list, budget: int = 20_000, starts: list[str] | None = None) -> list:
    """The witness plan without the steps the win does not need (see
    :func:`designer.plans.shortest_plan`, which hands it to the bots). ``starts``: the start
    zones to replay from, the plan's own first (the scenario's start zones by default)."""
    steps = list(plan)
    if len(steps) * max(1, len(scenario.zones)) > budget:
        return steps
    starts = list(dict.fromkeys(starts or scenario.setup.start_zones))

    def replays_from(candidate: list) -> set[str]:
        ok = set()
        for start in starts:
            try:
                replay(scenario, candidate, start)
            except ReplayError:
                if start == starts[0]:
                    return set()
            else:
                ok.add(start)
        return ok

    ok = replays_from(steps)
    if not ok:
        return steps
    for i in range(len(steps) - 1, -1, -1):
        if steps[i].action in OPTIONAL:
            candidate = steps[:i] + steps[i + 1:]
            fewer = replays_from(candidate)
            if fewer >= ok:  # from the first start zone, and from every start the plan worked from
                steps, ok = candidate, fewer
    return steps


OPTIONAL = ("open", "take", "press", "enter", "search", "move")
"""Plan steps that may be dropped: the search writes out every monotone action it takes, needed or not."""


TIMING_BUDGET = 20_000
"""Plans are timed only while (plan steps) x (zones) stays within this budget (the replay walks
the map once per step): the benchmark city's plans are not timed."""


def timing_findings(cs, r) -> list:
    """``plan-too-slow``: the witness plan (shortened as the bots get it), walked as one team,
    cannot be finished before the game is lost (see :class:`Replayed`)."""
    from .findings import Finding

    s = cs.scenario
    if not r.winnable or not r.plan or r.truncated:
        return []
    deadline, _ = _deadline(s, _params(s))
    if deadline is None:
        return []
    if not any(st.action in ("open", "take", "press", "search", "move", "cross") or st.zone for st in r.plan):
        return []
    if len(r.plan) * max(1, len(s.zones)) > TIMING_BUDGET:
        return []  # each step of the replay walks the map: large plans on large maps are not timed
    try:
        done = replay(s, r.plan)
        if done.turns <= (done.deadline or done.turns):
            return []  # the search's own plan is in time: a plan in time exists
        done = replay(s, shorten(s, r.plan))  # the bots' plan, without the steps the win does not need
    except ReplayError:
        return []
    if done.turns <= (done.deadline or done.turns):
        return []
    team = "one survivor" if s.setup.survivors.max <= 1 else "the team walking together"
    return [Finding("plan-too-slow", "warning",
                    f"the mission can be won, but not within {done.deadline} turn{'s' if done.deadline != 1 else ''} by its "
                    f"witness plan: "
                    f"{team} needs {done.actions} actions, so the plan ends in turn {done.turns} at the "
                    f"earliest, and {done.deadline_reason}; give more turns or shorten the way",
                    ())]


def _params(s: Scenario):
    from ..rules.profiles import DEFAULT_PARAMS, ProfileError, profile_params

    try:
        return profile_params(s.setup.rules.profile, s.setup.rules.overrides)
    except ProfileError:
        return DEFAULT_PARAMS[s.setup.rules.profile]
