"""Les morts aux trousses' rules misused (seed 003): an objective where nothing can be collected
(the dark, smoke), the office's choice on an event no survivor fires, zombie arrivals per
player with a level nobody can arrive on, doors a survivor may close to no effect or for good, and
an item drawn at random (the office's two keys) that leaves the mission unwinnable. Called from
:func:`designer.checks.lnoe.check_house`."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from ..model.scenario import Scenario
from ..rules import compile as compile_scenario
from ..rules.arrivals import arrival_levels
from .findings import Finding

__all__ = ["check_morts"]

_NOT_COLLECTED = ("switch", "car")
"""Objective kinds that are pressed or searched, not collected."""
_NO_ACTOR = ("turn_reached", "kills_reached")
"""Trigger events no survivor fires (the effect has nobody to act on)."""


def check_morts(s: Scenario) -> Iterator[Finding]:
    """Findings ``house-collect-in-dark`` (an objective in a dark zone without fire, or in smoke,
    in a house game: "Darkness: movement = 2 (no collection)", "Smoke => no collection"),
    ``heal-or-draw-no-survivor`` (a 'heal_or_draw' effect on a turn or a kill count) and
    ``arrivals-level-without-zone`` (``first_turn_each_level`` with a level that has neither a
    spawn zone nor a zone where a zombie may arrive), and the collapses' findings
    (:func:`_collapses`)."""
    if s.setup.rules.profile == "house":
        zones = {z.id: z for z in s.zones}
        needed = {o for step in _steps(s) for o in getattr(step, "objectives", ()) or ()}
        for i, o in enumerate(s.objectives):
            z = zones.get(o.zone)
            if z is None or o.kind in _NOT_COLLECTED:
                continue
            why = "filled with smoke" if z.flags.smoke else "dark (and not on fire)" if z.flags.dark and \
                not z.flags.fire else ""
            if why:
                yield Finding("house-collect-in-dark", "error" if o.id in needed else "warning",
                              f"objective '{o.id}' lies in '{z.id}', which is {why}: nothing can be collected "
                              f"there in a house game, so it can never be taken"
                              + (" and the mission cannot be won" if o.id in needed else ""),
                              (o.id, z.id), f"objectives[{i}]")
    yield from _collapses(s)
    yield from _closable_doors(s)
    yield from _drawn_items(s)
    for i, t in enumerate(s.triggers):
        if t.when.kind in _NO_ACTOR and any(e.kind == "heal_or_draw" for e in t.then):
            yield Finding("heal-or-draw-no-survivor", "warning",
                          f"trigger '{t.id}' gives the 'heal_or_draw' choice on a {t.when.kind.replace('_', ' ')}, "
                          f"which no survivor fires: nobody heals or draws", (t.id,), f"triggers[{i}]")
    m = s.setup.spawn_method
    if m.kind == "fixed" and m.first_turn_each_level:
        cs = compile_scenario(s)
        for level, spawns, arrive in arrival_levels(cs):
            if not spawns and not arrive:
                ids = tuple(z.id for z in s.zones if z.level == level)
                yield Finding("arrivals-level-without-zone", "warning",
                              f"level {level} has no spawn zone and no zone where a zombie may arrive "
                              f"({', '.join(ids)}: no_spawn, on fire, closed to zombies): in the first turn the "
                              f"players bring in no zombie there", ids, "setup.spawn_method")


def _collapses(s: Scenario) -> Iterator[Finding]:
    """Findings ``house-collapse-without-effect`` (a collapsing floor no drop leaves, or outside a
    house game) and ``house-collapse-in-breakthrough`` ("There is no collapse / hole in the floor
    / TV in a breakthrough zone")."""
    house = s.setup.rules.profile == "house"
    drops = None
    for i, z in enumerate(s.zones):
        if not z.flags.collapse:
            continue
        if drops is None:  # read once, and only when a floor collapses
            drops = {c.source for c in s.connections if c.kind == "drop"}
        where = f"zones[{i}].flags.collapse"
        if not house or z.id not in drops:
            why = "the rule profile is not 'house'" if not house else "no drop connection leaves it"
            yield Finding("house-collapse-without-effect", "warning",
                          f"the floor of '{z.id}' collapses, but {why}: nobody ever falls or dodges there",
                          (z.id,), where)
        if z.flags.breakthrough:
            yield Finding("house-collapse-in-breakthrough", "warning",
                          f"'{z.id}' is a breakthrough zone with a collapsing floor: \"There is no collapse / hole "
                          f"in the floor / TV in a breakthrough zone\"", (z.id,), where)


def _closable_doors(s: Scenario) -> Iterator[Finding]:
    """Findings ``house-closable-without-effect`` (a ``closable`` door outside a house game, or
    one only its button opens) and ``house-closable-unbreakable`` (a house door a survivor may
    close that nobody else can break: "The one who closes a door is the only one who can use it
    from then on")."""
    house = s.setup.rules.profile == "house"
    for i, c in enumerate(s.connections):
        if c.kind != "door" or not c.closable:
            continue
        where = f"connections[{i}].closable"
        if not house or not c.by_hand:
            why = "the rule profile is not 'house'" if not house else "it opens only by its button (by_hand off)"
            yield Finding("house-closable-without-effect", "warning",
                          f"door '{c.id}' is closable, but {why}: nobody ever closes it", (c.id,), where)
        elif not c.breakable:
            yield Finding("house-closable-unbreakable", "warning",
                          f"door '{c.id}' may be closed by a survivor but is not breakable: once closed only its "
                          f"closer (or a holder of its lock's key) opens it, and nobody passes if the closer dies",
                          (c.id,), where)


DRAWS_SEARCHED = 8
"""At most this many outcomes of the items drawn at random (``one_of``) are searched, the first
(every objective giving its ``item``) being the validation's own search."""


def _drawn_items(s: Scenario) -> Iterator[Finding]:
    """Finding ``drawn-item-unwinnable``: an item objective's draw (``one_of``: "In the office:
    there are zombies (dice roll) + 2 keys (one is drawn at random)") has an outcome with which
    the mission cannot be won. The validation's search lets the team hold any item of a draw
    once the objective is taken (the zones and doors some game reaches, and the plan the bots
    follow: they pass over a step the key drawn rules out); here each outcome (every such
    objective giving one item of its draw) is searched on its own: a mission is winnable only
    when it is winnable whatever is drawn. ``drawn-item-not-searched`` (info) when the
    outcomes are more than :data:`DRAWS_SEARCHED` or a search stops at its limit."""
    draws = [(i, o) for i, o in enumerate(s.objectives) if o.kind == "item" and getattr(o, "one_of", None)]
    if not draws:
        return
    from .reachability import DEFAULT_MAX_STATES, search

    choices = [[o.item, *o.one_of] for _, o in draws]
    outcomes = list(product(*choices))
    if len(outcomes) > DRAWS_SEARCHED:
        yield Finding("drawn-item-not-searched", "info",
                      f"{len(outcomes)} outcomes of the items drawn at random: only the first "
                      f"{DRAWS_SEARCHED} are searched for a win", tuple(o.id for _, o in draws),
                      f"objectives[{draws[0][0]}].one_of")
        outcomes = outcomes[:DRAWS_SEARCHED]
    base = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    for outcome in outcomes:
        data = {**base, "objectives": [dict(o) for o in base["objectives"]]}
        for (i, _), name in zip(draws, outcome):
            data["objectives"][i]["item"], data["objectives"][i]["one_of"] = name, []
        r = search(Scenario.model_validate(data), max_states=DEFAULT_MAX_STATES)
        got = ", ".join(f"'{o.id}' gives '{name}'" for (_, o), name in zip(draws, outcome))
        ids, where = tuple(o.id for _, o in draws), f"objectives[{draws[0][0]}].one_of"
        if r.truncated and not r.winnable:
            yield Finding("drawn-item-not-searched", "info",
                          f"when {got} (drawn at random), the search for a win stopped after {r.states} states",
                          ids, where)
        elif not r.winnable:
            yield Finding("drawn-item-unwinnable", "error",
                          f"when {got} (drawn at random), the mission cannot be won: it must be winnable "
                          f"whatever is drawn", ids, where)


def _steps(s: Scenario) -> list:
    v = s.victory
    return list(getattr(v, "steps", ()) or ())
