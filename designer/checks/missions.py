"""The Prison Outbreak mission rules in the validator: how the search reads the condition steps
(no zombie on the board, doors closed, no zombie path into a zone, items carried to a zone, a
zone held at the end), and the findings where these rules, conditional spawns, set-aside cards
and split starting groups can be misused.

The search (:mod:`designer.checks.reachability`) asks :func:`condition_met` whether a condition
step holds in one of its situations; a condition is never kept once met (the compiled
``step_condition``), as on the table. Where the search cannot decide (it does not fight, it
moves one team), the step is read optimistically and :func:`check_missions` says so in a
``goal-not-checked`` finding rather than giving a verdict it cannot stand behind.
"""

from __future__ import annotations

from typing import Any

from ..rules.compiled import (
    CONDITION_STEPS, EV_PRESSED, EV_TAKEN, ST_CARRY, ST_DOORS_CLOSED, ST_HOLD, ST_NO_PATH, ST_NO_ZOMBIES,
    CompiledScenario,
)
from ..rules.missions import always_active_spawns, maybe_active_spawns, zombie_reach
from ..rules.zombies import ZINDEX, ZOMBIE_TYPES
from .findings import Finding

ZOMBIE_ROW = {name: ZOMBIE_TYPES[i] for name, i in ZINDEX.items()}

__all__ = ["carry_sources", "check_missions", "condition_met", "is_condition", "shut_doors"]


def carry_sources(cs: CompiledScenario, i: int) -> tuple[int, list[int], int]:
    """Where the items of 'carry_items' step ``i`` come from: (objectives of kind item that
    give one, as a bit mask; once-triggers whose 'give_card' can give one; how many the
    set-aside pile and the map hold at most)."""
    cache = cs.caches.setdefault("carry_sources", {})
    got = cache.get(i)
    if got is not None:
        return got
    names = cs.step_items[i]
    objs = sum(1 << o for o, it in enumerate(cs.obj_item) if cs.obj_kind[o] == "item" and it in names)
    pile = sum(e.count for e in cs.scenario.setup.set_aside if e.item in names)
    triggers = []
    for ti, t in enumerate(cs.scenario.triggers):
        if any(e.kind == "give_card" and (not e.cards or names & set(e.cards)) for e in t.then) and cs.trig_once[ti]:
            triggers.append(ti)
    got = cache[i] = (objs, triggers, bin(objs).count("1") + pile)
    return got


def shut_doors(cs: CompiledScenario) -> int:
    """Doors a 'doors_closed' step wants shut (bit mask): the search opens them only as an action
    of its own, never on the way, since opening them can lose the goal."""
    return sum(1 << d for i, op in enumerate(cs.step_op) if op == ST_DOORS_CLOSED for d in cs.step_targets[i])


def condition_met(search: Any, i: int, st: Any, region: set[int]) -> bool:
    """Whether condition step ``i`` holds in search state ``st`` with the team free to stand
    anywhere in ``region`` (condensed nodes).

    - ``no_zombies``: assumed (the search does not fight; see ``goal-not-checked``);
    - ``doors_closed``: none of its doors is open in ``st``;
    - ``no_zombie_path``: no spawn zone that is active whatever the survivors do has a zombie
      path into the zones through the doors open in ``st`` (zombies already on the board are
      assumed killed; spawns that triggers turn on and off are assumed off: see
      ``goal-not-checked``);
    - ``carry_items``: the team can stand in one of the zones and the items taken so far (item
      objectives taken, once-triggers with a 'give_card' fired, at most the pile) reach the count;
    - ``hold_zone``: the team can stand in one of the zones.
    """
    c = search.c
    cs = c.cs
    op = cs.step_op[i]
    if op == ST_NO_ZOMBIES:
        return True
    if op == ST_DOORS_CLOSED:
        return not any(st.open >> d & 1 for d in cs.step_targets[i])
    if op == ST_NO_PATH:
        reach = zombie_reach(cs, st.open, cs.step_targets[i])
        return not any(reach[cs.spawn_zone[k]] for k in always_active_spawns(cs))
    stand = any(c.super_of[z] in region and not search.blocked_by_entry(st, z)
                for z in cs.step_targets[i] if cs.enterable[z])
    if op == ST_HOLD:
        return stand
    if op == ST_CARRY:
        if cs.step_items[i] & (cs.deck_items | set(cs.starting_equipment)):
            return stand  # the deck or the set-up gives them too: assumed (goal-not-checked)
        objs, triggers, most = carry_sources(cs, i)
        have = bin(st.taken & objs).count("1") + sum(1 for ti in triggers if st.fired >> ti & 1)
        return stand and min(have, most) >= cs.step_count[i]
    return False


def _step_label(cs: CompiledScenario, i: int) -> str:
    return f"victory step {i + 1} ({cs.scenario.victory.steps[i].kind})"


def check_missions(cs: CompiledScenario, reach: Any = None) -> list[Finding]:
    """Findings about the mission rules: condition steps the search cannot decide, carry steps
    and carrier defeats naming items nobody can get, 'give_card' effects with nothing to give,
    conditional spawns, zombies placed at an objective, and split starting groups."""
    s = cs.scenario
    out: list[Finding] = []
    steps = s.victory.steps
    toggled = [k for k in maybe_active_spawns(cs) if k not in always_active_spawns(cs)]
    obtainable = _obtainable_items(cs)
    for i, st in enumerate(steps):
        op = cs.step_op[i]
        if op == ST_NO_ZOMBIES:
            out.append(Finding("goal-not-checked", "info",
                               f"{_step_label(cs, i)}: the validator does not fight, so it assumes the team can kill "
                               "every zombie on the board; the playtests say how often it does", ()))
            if always_active_spawns(cs) and i == len(steps) - 1:
                ids = tuple(cs.spawn_ids[k] for k in always_active_spawns(cs))
                out.append(Finding("goal-not-checked", "info",
                                   f"{_step_label(cs, i)}: spawn zones {', '.join(ids)} stay active the whole game, so "
                                   "the board is empty only between a last kill and the next spawn phase", ids))
        elif op == ST_NO_PATH:
            ids = tuple(st.zones)
            out.append(Finding("goal-not-checked", "info",
                               f"{_step_label(cs, i)}: the validator assumes the zombies already on the board are "
                               "killed" + (f", and that spawn zones {', '.join(cs.spawn_ids[k] for k in toggled)} "
                                           "(turned on and off by triggers) are off when the doors are closed"
                                           if toggled else ""), ids))
            if any(cs.spawn_zone[k] in cs.step_targets[i] for k in always_active_spawns(cs)):
                bad = tuple(cs.spawn_ids[k] for k in always_active_spawns(cs) if cs.spawn_zone[k] in cs.step_targets[i])
                out.append(Finding("condition-never-holds", "error",
                                   f"{_step_label(cs, i)}: spawn zones {', '.join(bad)} lie inside the zones the "
                                   "zombies must have no path into and are always active", bad + ids))
        elif op == ST_DOORS_CLOSED:
            closable = cs.door_closable
            never = tuple(cs.door_ids[d] for d in cs.step_targets[i]
                          if cs.door_open0 >> d & 1 and not closable >> d & 1)
            if never:
                out.append(Finding("condition-never-holds", "error",
                                   f"{_step_label(cs, i)}: doors {', '.join(never)} start open and no trigger closes "
                                   "them (survivors never close a door by hand)", never))
        elif op == ST_CARRY:
            names = sorted(cs.step_items[i])
            _, triggers, most = carry_sources(cs, i)
            in_deck = [n for n in names if n in cs.deck_items or n in cs.starting_equipment]
            if most + (1000 if in_deck else 0) < cs.step_count[i]:
                out.append(Finding("carry-not-enough", "error",
                                   f"{_step_label(cs, i)} asks for {cs.step_count[i]} of {', '.join(names)}, but the "
                                   f"map and the set-aside cards hold only {most} and the search deck none", tuple(names)))
            elif in_deck and most < cs.step_count[i]:
                out.append(Finding("goal-not-checked", "info",
                                   f"{_step_label(cs, i)}: {', '.join(in_deck)} also come from searching or the "
                                   "set-up; the validator assumes the team can gather enough", tuple(in_deck)))
            out.append(Finding("goal-not-checked", "info",
                               f"{_step_label(cs, i)}: the validator does not count inventory space or the cards a "
                               "wound takes", tuple(names)))
    for name in s.defeat.carrier_dies:
        if name not in obtainable:
            out.append(Finding("carrier-item-unknown", "warning",
                               f"defeat.carrier_dies names '{name}', which no survivor can carry (not dealt, not in "
                               "the deck, on the map or set aside): the rule can never apply", (name,)))
    pile = {e.item for e in s.setup.set_aside}
    for t in s.triggers:
        for e in t.then:
            if e.kind == "give_card":
                if not pile:
                    out.append(Finding("give-card-empty", "error",
                                       f"trigger '{t.id}' gives a set-aside card, but setup.set_aside is empty", (t.id,)))
                elif e.cards and not set(e.cards) & pile:
                    out.append(Finding("give-card-empty", "error",
                                       f"trigger '{t.id}' gives a card of {', '.join(e.cards)}, but none of them is set "
                                       f"aside (setup.set_aside: {', '.join(sorted(pile))})", (t.id, *e.cards)))
                if t.when.kind not in ("objective_taken", "switch_pressed", "zone_entered", "door_opened", "kills_reached"):
                    out.append(Finding("give-card-empty", "warning",
                                       f"trigger '{t.id}' gives a card on a '{t.when.kind}' event, which has no survivor "
                                       "to take it: nothing is given", (t.id,)))
            elif e.kind == "spawn_zombies":
                if e.instead and any(g.zombie == e.zombie for g in e.instead):
                    out.append(Finding("conditional-spawn-same", "warning",
                                       f"trigger '{t.id}': the zombies placed instead when a {e.zombie} is already in "
                                       f"play are {e.zombie}s again", (t.id,)))
                if e.at_objective is not None:
                    o = cs.obj_index[e.at_objective]
                    fired_by = {cs.obj_ids[x] for x in cs.triggers_on[EV_TAKEN] for ti in cs.triggers_on[EV_TAKEN][x]
                                if cs.trig_ids[ti] == t.id}
                    fired_by |= {cs.obj_ids[x] for x in cs.triggers_on[EV_PRESSED] for ti in cs.triggers_on[EV_PRESSED][x]
                                 if cs.trig_ids[ti] == t.id}
                    if cs.obj_group_mask[o] == 1 << o:
                        out.append(Finding("spawn-at-fixed-objective", "info",
                                           f"trigger '{t.id}' places zombies at objective '{e.at_objective}', which is "
                                           "not shuffled (no hidden_group): that is always its zone in the file",
                                           (t.id, e.at_objective)))
                    elif fired_by and e.at_objective not in fired_by:
                        out.append(Finding("spawn-at-other-objective", "warning",
                                           f"trigger '{t.id}' fires when {', '.join(sorted(fired_by))} is taken but "
                                           f"places zombies where '{e.at_objective}' lay", (t.id, e.at_objective)))
    params = _params(cs)
    fences = [c.id for c in s.connections if c.kind == "fence"]
    if fences and getattr(params, "abominations_tear_fences", False):
        out.append(Finding("goal-not-checked", "info",
                           f"an abomination may tear down the fences {', '.join(fences)} (abominations_tear_fences); "
                           "the validator's plan never counts on a torn fence, so a way that opens only then is not "
                           "in it", tuple(fences)))
    out += _gate_findings(cs)
    for o in s.objectives:
        if o.kind == "car" and o.search == "once" and not o.contents:
            out.append(Finding("car-empty", "warning",
                               f"car '{o.id}' is searched once but holds nothing ('contents' is empty)", (o.id,)))
        elif o.kind == "car" and o.search == "until_weapon" and o.contents:
            out.append(Finding("car-empty", "warning",
                               f"car '{o.id}' is searched until a weapon from the deck: its 'contents' "
                               f"({', '.join(o.contents)}) are never given", (o.id,)))
    out += _start_group_findings(cs, reach)
    out += _berserker_findings(cs)
    out += _car_findings(cs)
    return out


def _berserkers_placed(s: Any) -> list[str]:
    """The berserker types a scenario brings onto the board (set-up, spawn effects and their
    fallbacks), in table order."""
    from ..rules.zombies import RANGED_IMMUNE, ZTYPES

    named = {z.zombie for z in s.setup.zombies}
    named |= {e.zombie for t in s.triggers for e in t.then if e.kind == "spawn_zombies"}
    named |= {g.zombie for t in s.triggers for e in t.then if e.kind == "spawn_zombies" for g in e.instead}
    for t in list(named):  # a berserker fatty brings its berserker walkers
        named |= {n for n, _ in ZOMBIE_ROW[t].companions}
    return [n for i, n in enumerate(ZTYPES) if RANGED_IMMUNE[i] and n in named]


def _berserker_findings(cs: CompiledScenario) -> list[Finding]:
    """Berserkers ("l'unico modo per ucciderli è nel corpo a corpo") where no survivor can ever
    hold a melee weapon; berserkers in the pool that nothing places (the zombie decks spawn
    standard zombies only)."""
    from ..rules.equipment import ITEMS
    from ..rules.zombies import RANGED_IMMUNE, ZTYPES

    s = cs.scenario
    out: list[Finding] = []
    placed = _berserkers_placed(s)
    if placed:
        names = _obtainable_items(cs) | {n for o in s.objectives if o.kind == "car" for n in o.contents}
        if not any(n in ITEMS and ITEMS[n].is_melee for n in names):
            out.append(Finding("berserker-no-melee", "warning",
                               f"the scenario brings {', '.join(placed)} onto the board, but no survivor can ever "
                               "hold a melee weapon (starting equipment, heroes' cards, the deck, the set-aside "
                               "cards, item objectives, cars): ranged weapons never kill a berserker", tuple(placed)))
    idle = [n for i, n in enumerate(ZTYPES) if RANGED_IMMUNE[i] and s.setup.zombie_pool.get(n) and n not in placed]
    if idle and s.setup.spawn_method.kind == "cards":
        out.append(Finding("berserker-never-placed", "info",
                           f"the pool holds {', '.join(idle)}, but neither the set-up nor a trigger places them and "
                           "the zombie deck spawns standard zombies only: they never reach the board", tuple(idle)))
    return out


def _gate_findings(cs: CompiledScenario) -> list[Finding]:
    from ..rules.compiled import gate_is_straight

    s = cs.scenario
    out: list[Finding] = []
    for t in s.triggers:
        for e in t.then:
            if e.kind != "rotate_gate":
                continue
            zone = s.zone(e.gate)
            if zone.kind != "gate":
                out.append(Finding("gate-problem", "warning",
                                   f"trigger '{t.id}' turns '{e.gate}', a zone of kind '{zone.kind}', not 'gate'",
                                   (t.id, e.gate)))
            for k, d in enumerate(e.sides):
                if d is None:
                    continue
                c = s.connection(d)
                if e.gate not in (c.source, c.target):
                    out.append(Finding("gate-problem", "error",
                                       f"trigger '{t.id}': side {'NESW'[k]} of gate '{e.gate}' is door '{d}', which "
                                       f"joins {c.source} and {c.target}, not the gate", (t.id, d, e.gate)))
                elif (c.state == "open") != e.passage[k]:
                    out.append(Finding("gate-problem", "warning",
                                       f"trigger '{t.id}': door '{d}' on side {'NESW'[k]} of gate '{e.gate}' starts "
                                       f"{c.state}, but the passage {'faces' if e.passage[k] else 'does not face'} it "
                                       "at the start", (t.id, d, e.gate)))
            if not gate_is_straight(e):
                out.append(Finding("goal-not-checked", "info",
                                   f"gate '{e.gate}' turns to four different positions (its passage is not straight "
                                   "through): the validator counts every side as reachable once it is turned; "
                                   "the engine turns it a quarter at a time", (e.gate,)))
    return out


def _params(cs: CompiledScenario):
    from ..rules.profiles import DEFAULT_PARAMS, ProfileError, profile_params

    rules = cs.scenario.setup.rules
    try:
        return profile_params(rules.profile, rules.overrides)
    except ProfileError:
        return DEFAULT_PARAMS[rules.profile]


def _obtainable_items(cs: CompiledScenario) -> set[str]:
    s = cs.scenario
    names = set(cs.starting_equipment) | set(cs.deck_items) | {e.item for e in s.setup.set_aside}
    names |= {it for it in cs.obj_item if it}
    for h in s.setup.survivors.heroes:
        names |= set(h.items)
    return names


def _start_group_findings(cs: CompiledScenario, reach: Any) -> list[Finding]:
    s = cs.scenario
    groups = s.setup.start_groups
    if not groups:
        return []
    out: list[Finding] = []
    heroes = [h.name for h in s.setup.survivors.heroes]
    seen: dict[str, int] = {}
    for j, g in enumerate(groups):
        for name in g.heroes:
            if name not in heroes:
                out.append(Finding("start-group-unknown-hero", "error",
                                   f"setup.start_groups[{j}] names '{name}', who is not among setup.survivors.heroes"
                                   f" ({', '.join(heroes) or 'none'})", (name,), f"setup.start_groups[{j}].heroes"))
            elif name in seen:
                out.append(Finding("start-group-unknown-hero", "error",
                                   f"'{name}' is in setup.start_groups[{seen[name]}] and [{j}]: a survivor starts in "
                                   "one group", (name,), f"setup.start_groups[{j}].heroes"))
            seen.setdefault(name, j)
        if g.zone not in s.setup.start_zones:
            out.append(Finding("start-group-zone", "warning",
                               f"setup.start_groups[{j}] starts in '{g.zone}', which is not among setup.start_zones "
                               f"({', '.join(s.setup.start_zones)}): mark it as a start zone on the map", (g.zone,),
                               f"setup.start_groups[{j}].zone"))
    if len(groups) == 1:
        out.append(Finding("start-group-zone", "warning",
                           "setup.start_groups has a single group: the whole team starts in "
                           f"'{groups[0].zone}'", (groups[0].zone,)))
    zones = tuple(dict.fromkeys(g.zone for g in groups))
    out.append(Finding("goal-not-checked", "info",
                       "the survivors start in split groups (" + ", ".join(zones) + "): the validator's search moves "
                       f"the survivors as one team from the first group's zone ('{groups[0].zone}'), so its verdict and "
                       "plan are that group's, the other groups' zones being zones like any other; a step that "
                       "needs both groups at once (one holding a button while the other crosses, every survivor "
                       "in a zone) is not checked",
                       zones))
    return out


def is_condition(cs: CompiledScenario, i: int) -> bool:
    """Whether victory step ``i`` is a condition on the moment."""
    return cs.step_op[i] in CONDITION_STEPS



# ---- zombicide: driving cars ----
def _car_findings(cs: CompiledScenario) -> list[Finding]:
    """A drivable car ("Puoi guidare") that no survivor can drive anywhere: it stands outside the
    streets and inner corridors ("le Auto non possono essere guidate all'interno degli Edifici"),
    or no opening leads from its zone to another street or corridor zone."""
    out: list[Finding] = []
    for o in cs.cars:
        if not cs.car_drive[o]:
            continue
        z = cs.obj_zone0[o]
        where = cs.zone_ids[z]
        if not cs.drivable[z]:
            out.append(Finding("car-cannot-drive", "warning",
                               f"car '{cs.obj_ids[o]}' may be driven but stands in {where}, a {cs.kind[z]} zone: cars are "
                               "driven only in streets and inner corridors", (cs.obj_ids[o], where)))
        elif not cs.drive_adj[z]:
            out.append(Finding("car-cannot-drive", "warning",
                               f"car '{cs.obj_ids[o]}' may be driven but no opening leads from {where} to another "
                               "street or corridor zone: it never moves", (cs.obj_ids[o], where)))
    return out
