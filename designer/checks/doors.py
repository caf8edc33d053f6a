"""Door and special-zone checks: buildings reach the street through doors, locked doors have a
way to open, fences block movement but not sight, towers are climbed by ladder and never entered
by zombies, overflow has somewhere to go."""

from __future__ import annotations

from typing import Iterator

from ..model.scenario import BUILDING_KINDS, WALLED_KINDS
from ..rules.compiled import CompiledScenario
from .findings import Finding

__all__ = ["check_doors"]

PROFILES_WITH_DOORED_BUILDINGS = {"zombicide", "lnoe"}
"""Rule profiles in which a building zone meets the street only through a door."""


def check_doors(view: CompiledScenario) -> Iterator[Finding]:
    s = view.scenario
    kind = view.kind
    index = view.zone_index
    doored = s.setup.rules.profile in PROFILES_WITH_DOORED_BUILDINGS
    colours = {o.colour for o in s.objectives if o.kind == "key"}
    items = {o.item for o in s.objectives if o.kind == "item"} | set(s.setup.survivors.team_items())
    items |= {x for o in s.objectives if o.kind == "item" for x in o.one_of}  # morts: one drawn at random
    if s.setup.equipment_deck:
        items |= {e.item for e in s.setup.equipment_deck}
    by_trigger = {view.door_ids[d] for d in range(len(view.door_ids)) if view.door_opened_by_effect >> d & 1}
    """Doors some effect opens or unlocks (a rotating gate's sides included: the compiled rows)."""
    c_kind, c_from, c_to = view.c_kind, view.c_from, view.c_to
    for ci, c in enumerate(s.connections):
        ck = c_kind[ci]
        ka, kb = kind[c_from[ci]], kind[c_to[ci]]
        if ck in ("opening", "stairs", "ladder"):
            outside_a = ka not in BUILDING_KINDS and ka != "tower"  # streets and corridors
            outside_b = kb not in BUILDING_KINDS and kb != "tower"
            if doored and c.survivors and (outside_a and kb in WALLED_KINDS or outside_b and ka in WALLED_KINDS):
                street, inside = (c.source, c.target) if outside_a else (c.target, c.source)
                yield Finding("building-without-door", "warning",
                              f"'{c.id}' joins the street {view.label(street)} to the building zone "
                              f"{view.label(inside)} without a door", (c.id, c.source, c.target))
        elif ck == "door":
            if not c.by_hand and c.state != "open" and c.id not in by_trigger:
                yield Finding("door-cannot-open", "error",
                              f"door '{c.id}' opens only by its button, but no trigger opens it", (c.id, c.source, c.target))
            elif c.state == "locked" and not c.breakable and c.id not in by_trigger:
                why = None
                if c.lock is None:
                    why = "it has no lock to open and no trigger unlocks it"
                elif c.lock.kind == "colour" and c.lock.colour not in colours:
                    why = f"there is no {c.lock.colour} key in the scenario"
                elif c.lock.kind == "item" and c.lock.item not in items:
                    why = f"no one can get the item '{c.lock.item}'"
                if why:
                    yield Finding("door-cannot-open", "error", f"locked door '{c.id}' can never open: {why}",
                                  (c.id, c.source, c.target))
        elif ck == "fence":
            if not c.sight:
                yield Finding("fence-blocks-sight", "warning",
                              f"fence '{c.id}' blocks sight; fences block movement, not sight", (c.id,))
            if c.survivors or c.zombies:
                yield Finding("fence-passable", "warning",
                              f"fence '{c.id}' lets {'survivors' if c.survivors else 'zombies'} through; "
                              "fences block movement", (c.id,))
        elif ck == "drop" and s.zones[index[c.source]].flags.breakthrough:
            yield Finding("drop-in-breakthrough-zone", "warning",
                          f"drop '{c.id}' starts in the breakthrough zone {view.label(c.source)}; "
                          "breakthrough zones have no hole or collapse", (c.id, c.source))
        if ka == "tower" or kb == "tower":
            for end, k in ((c.target, kb), (c.source, ka)):
                if k != "tower" or (end == c.source and c.one_way):
                    continue
                if ck != "ladder" and c.survivors:
                    yield Finding("tower-without-ladder", "warning",
                                  f"watchtower {view.label(end)} is entered through '{c.id}' ({ck}); "
                                  "towers are climbed by ladder", (c.id, end))
                if c.zombies:
                    yield Finding("zombies-enter-tower", "warning",
                                  f"zombies can enter watchtower {view.label(end)} through '{c.id}'", (c.id, end))
    for i, z in enumerate(s.zones):
        cap = z.capacity.max_zombies
        if (z.flags.breakthrough or (cap is not None and cap > 0)) and not view.zombie_out[i]:
            yield Finding("overflow-nowhere", "error",
                          f"{view.label(z.id)} limits its zombies but has no neighbour zombies can be pushed into",
                          (z.id,))
