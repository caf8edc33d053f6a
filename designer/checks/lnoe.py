"""Findings about Last Night on Earth's rules: special rules that the engine cannot play or that
can change nothing, ``setup.lnoe`` settings without anything to act on, and the town library
(every town a draw can give is validated like a scenario of its own)."""

from __future__ import annotations

from typing import Callable, Iterator

from ..model.scenario import Scenario
from ..model.special_rules import ENGINE_RULES, KNOWN_RULES, resolve
from .findings import Finding

from .house import check_morts

__all__ = ["check_house", "check_lnoe", "check_town"]


def check_lnoe(s: Scenario) -> Iterator[Finding]:
    """Growing Hunger's rules and ``setup.lnoe`` against what the scenario gives them."""
    s = getattr(s, "scenario", s)
    found = {}
    for i, r in enumerate(s.setup.special_rules):
        k = resolve(r.id, r.name, r.rule)
        if k is not None:
            found[k.id] = (i, r)
    lnoe_profile = s.setup.rules.profile == "lnoe"
    counted: list[str] = []
    for rid, (i, r) in found.items():
        if rid == "hero-starting-cards":
            continue
        if not lnoe_profile:
            yield Finding("lnoe-rule-not-played", "warning",
                          f"special rule '{r.id}' ({KNOWN_RULES[rid].name}) is played only by the 'lnoe' rule "
                          f"profile; this scenario plays '{s.setup.rules.profile}': it is counted, not played",
                          (r.id,), f"setup.special_rules[{i}]")
        elif s.setup.lnoe is None and s.town is None:
            counted.append(r.id)
        elif rid not in ENGINE_RULES:
            yield Finding("lnoe-rule-not-played", "warning",
                          f"special rule '{r.id}' ({KNOWN_RULES[rid].name}) is counted and checked but not played "
                          f"by the engine", (r.id,), f"setup.special_rules[{i}]")
    if counted:
        yield Finding("lnoe-rules-counted", "info",
                      f"special rule{'s' * (len(counted) > 1)} {', '.join(repr(c) for c in counted)} "
                      f"{'are' if len(counted) > 1 else 'is'} counted, not played: the engine plays Growing Hunger's "
                      f"rules when the scenario opts in with setup.lnoe (an empty {{}} will do)", tuple(counted),
                      "setup.lnoe")
    if not lnoe_profile or (s.setup.lnoe is None and s.town is None):
        return
    ln = s.setup.lnoe

    def without(rid: str, why: str) -> Finding:
        i, r = found[rid]
        return Finding("lnoe-rule-without-effect", "warning", f"special rule '{r.id}' has no effect: {why}",
                       (r.id,), f"setup.special_rules[{i}]")

    dice = s.setup.spawn_method.kind == "dice"
    if "zombie-autospawn" in found and not (ln and ln.spawn_roll):
        yield without("zombie-autospawn", "zombies already spawn every turn (no setup.lnoe.spawn_roll to skip)")
    if "well-stocked-buildings" in found and not (ln and ln.pick_ups):
        yield without("well-stocked-buildings", "no building has a pick-up card (setup.lnoe.pick_ups)")
    if "grave-dead" in found and not dice:
        yield without("grave-dead", "grave dead come only with dice spawns (setup.spawn_method kind 'dice')")
    if "heroes-replenish" in found and s.defeat.any_survivor_dies:
        yield without("heroes-replenish", "the first hero's death already loses the game (defeat.any_survivor_dies)")
    markers = [o.id for o in s.objectives if o.kind == "search_marker"]
    for rid in ("free-search-markers", "exploration-markers"):
        if rid in found and markers:
            i, r = found[rid]
            yield Finding("lnoe-rule-without-effect", "warning",
                          f"special rule '{r.id}' lays its markers on the buildings without a hero at set-up; the "
                          f"search-marker objectives {', '.join(markers)} are markers on top of them",
                          (r.id, *markers), f"setup.special_rules[{i}]")
    if ln is None:
        return
    buildings = {z.building for z in s.zones if z.building}
    for b in ln.pick_ups:
        if b not in buildings:
            yield Finding("lnoe-unknown-building", "error",
                          f"setup.lnoe.pick_ups names building '{b}', which no zone belongs to; expected one of "
                          f"{', '.join(sorted(buildings)) or 'no building (no zone has one)'}", (b,),
                          f"setup.lnoe.pick_ups.{b}")
    if ln.spawn_roll and not dice:
        yield Finding("lnoe-rule-without-effect", "warning",
                      "setup.lnoe.spawn_roll is rolled only with dice spawns (setup.spawn_method kind 'dice')", (),
                      "setup.lnoe.spawn_roll")
    if ln.grave_dead_ability and "grave-dead" not in found:
        yield Finding("lnoe-rule-without-effect", "warning",
                      "setup.lnoe.grave_dead_ability is set but the scenario has no grave dead (special rule "
                      "'grave-dead')", (), "setup.lnoe.grave_dead_ability")
    for field in ("endless_night", "multi_hero_cards"):
        if getattr(ln, field) and not ln.zombie_hand:
            yield Finding("lnoe-rule-without-effect", "warning",
                          f"setup.lnoe.{field} acts on the zombie player's cards, but he holds none "
                          f"(setup.lnoe.zombie_hand is 0)", (), f"setup.lnoe.{field}")
    names = [h.name.lower() for h in s.setup.survivors.heroes]
    if ln.becky_first_aid and not any("becky" in n for n in names):
        yield Finding("lnoe-rule-without-effect", "warning",
                      "Becky's first aid is on, but no hero of setup.survivors.heroes is Becky", (),
                      "setup.lnoe.becky_first_aid")
    if ln.random_hero and len(names) < 2:
        yield Finding("lnoe-rule-without-effect", "warning",
                      "setup.lnoe.random_hero draws among setup.survivors.heroes, which names fewer than two heroes",
                      (), "setup.lnoe.random_hero")
    if ln.heroes_to_lose != 4 and "heroes-replenish" not in found:
        yield Finding("lnoe-rule-without-effect", "warning",
                      "setup.lnoe.heroes_to_lose counts heroes killed only with the special rule 'heroes-replenish'",
                      (), "setup.lnoe.heroes_to_lose")
    if ln.no_spawn_point_loss and s.spawns and not any(sp.active for sp in s.spawns if sp.kind != "manhole"):
        yield Finding("lnoe-no-spawn-point", "error",
                      "the zombies lose when no spawning point is left, and none is active at the start",
                      tuple(sp.id for sp in s.spawns), "setup.lnoe.no_spawn_point_loss")


def check_town(s: Scenario, check: Callable[[Scenario], list[Finding]]) -> list[Finding]:
    """Every town the board library can draw, validated; each error once, for the first town
    that shows it."""
    from ..town import iter_towns, town_key, town_scenario

    lib = s.town
    if lib is None:
        return []
    out: list[Finding] = []
    seen_zone: dict[str, str] = {}
    for i, b in enumerate(lib.boards):
        for z in b.zones:
            if z in seen_zone and seen_zone[z] != b.id:
                out.append(Finding("town-zone-on-two-boards", "error",
                                   f"zone '{z}' is on board '{seen_zone[z]}' and on board '{b.id}'", (z,),
                                   f"town.boards[{i}].zones"))
            seen_zone.setdefault(z, b.id)
    if out:
        return out
    seen: set[tuple[str, str]] = set()
    for boards in list(iter_towns(lib))[1:]:  # the first town is the one check() validates
        key = town_key(boards)
        try:
            town = town_scenario(s, boards)
        except ValueError as e:
            out.append(Finding("town-has-errors", "error", f"town {key}: {e}", boards, "town"))
            continue
        for f in check(town):
            if f.severity != "error" or (f.code, f.message) in seen:
                continue
            seen.add((f.code, f.message))
            out.append(Finding("town-has-errors", "error", f"town {key}: {f.code}: {f.message}", (*boards, *f.ids),
                               f.path))
    return out


ELEVATOR_TRIP = 3
"""Movement a trip in the elevator costs ("entering + going up or down + leaving = 3 movement")."""


def check_house(s: Scenario) -> Iterator[Finding]:
    """Les morts aux trousses' rules (the 'house' profile) misused: an elevator trip that does
    not cost 3 movement in all, a drop that does not go down, a spawn zone in a burning room."""
    s = getattr(s, "scenario", s)
    yield from check_morts(s)  # the dark and smoke, zombie arrivals per player (checks/house.py)
    if s.setup.rules.profile != "house":
        return
    zones = {z.id: z for z in s.zones}
    cars = {z.id for z in s.zones if z.kind == "elevator"}
    into: dict[str, int] = {}
    for c in s.connections:
        if c.kind == "elevator":
            continue
        for car, other in ((c.target, c.source), (c.source, c.target)):
            if car in cars and other not in cars:
                into[car] = min(into.get(car, 99), c.cost)
    for i, c in enumerate(s.connections):
        where = f"connections[{i}]"
        if c.kind == "elevator" and c.source in cars and c.target in cars and c.source in into and c.target in into:
            trip = into[c.source] + c.cost + into[c.target]
            if trip != ELEVATOR_TRIP:
                yield Finding("house-elevator-cost", "warning",
                              f"a trip by elevator '{c.id}' costs {trip} movement (entering {into[c.source]}, the ride "
                              f"{c.cost}, leaving {into[c.target]}); the rulebook says 3 in all",
                              (c.id, c.source, c.target), where)
        if c.kind == "drop" and c.source in zones and c.target in zones and \
                zones[c.target].level >= zones[c.source].level:
            yield Finding("house-drop-not-down", "warning",
                          f"drop '{c.id}' goes from level {zones[c.source].level} to level "
                          f"{zones[c.target].level}: a jump "
                          f"goes down (its survival rolls count one per level, at least one)", (c.id,), where)
    for i, sp in enumerate(s.spawns):
        z = zones.get(sp.zone)
        if z is not None and z.flags.fire:
            yield Finding("house-spawn-on-fire", "warning",
                          f"spawn zone '{sp.id}' is in the burning room '{z.id}': zombies never enter a room on fire, "
                          f"so the ones it brings in are stuck there", (sp.id, z.id), f"spawns[{i}]")
