"""Large generated maps for benchmarks and scale tests."""

from __future__ import annotations

import math
import random

from ..model.scenario import SCHEMA_VERSION, Scenario

__all__ = ["large_map", "wide_map"]


def large_map(zones: int = 10_000, locks: int = 32, switches: int = 8, drops: int = 16, seed: int = 1) -> Scenario:
    """A city of ``zones`` zones in ``locks + 1`` districts chained by locked doors.

    Each district is a grid of streets with a few buildings (rooms behind closed doors). District
    ``i`` holds the key (an item) that opens the locked door into district ``i + 1``. Half of the
    switches open a side vault of their colour (a monotone effect), the other half toggle a door
    between two streets (the search must remember their state). One-way drops lead from each
    of a few districts back into the previous one. The mission: take the last district's
    objective and escape through its exit.
    """
    rng = random.Random(seed)
    districts = locks + 1
    per = max(zones // districts, 12)
    width = max(int(math.sqrt(per)), 3)
    zs: list[dict] = []
    cs: list[dict] = []
    objectives: list[dict] = []
    triggers: list[dict] = []
    spawns: list[dict] = []
    colours = ["red", "blue", "green", "yellow", "purple", "orange", "white", "black"]

    def zid(d: int, k: int) -> str:
        return f"d{d}-z{k}"

    sizes: list[int] = []
    for d in range(districts):
        n = per if d < districts - 1 else zones - per * (districts - 1)
        n = max(n, 12)
        sizes.append(n)
        for k in range(n):
            x, y = k % width, k // width
            building = (x % 4 == 3 and y % 3 == 1)
            zs.append({"id": zid(d, k), "kind": "room" if building else "street",
                       **({"building": f"d{d}-b{k}"} if building else {}),
                       "position": {"x": float(d * 1000 + x * 20), "y": float(y * 20)}})
            if x > 0:
                left_building = ((k - 1) % width) % 4 == 3 and y % 3 == 1
                kind = "door" if building or left_building else "opening"
                cs.append({"id": f"d{d}-h{k}", "kind": kind, "from": zid(d, k - 1), "to": zid(d, k)})
            if y > 0 and not building:
                above = k - width
                if not ((above % width) % 4 == 3 and (above // width) % 3 == 1):
                    cs.append({"id": f"d{d}-v{k}", "kind": "opening", "from": zid(d, above), "to": zid(d, k)})
        if d < districts - 1:
            cs.append({"id": f"lock-{d}", "kind": "door", "from": zid(d, n - 1), "to": zid(d + 1, 0),
                       "state": "locked", "lock": {"kind": "item", "item": f"key-{d}"}})
            objectives.append({"id": f"key-{d}", "kind": "item", "item": f"key-{d}",
                               "zone": zid(d, rng.randrange(1, n - 1))})
        spawns.append({"id": f"spawn-{d}", "zone": zid(d, n // 2), "order": d + 1})
    for i in range(switches):
        d = (i * districts) // max(switches, 1)
        colour = colours[i % len(colours)]
        sw = f"switch-{i}"
        objectives.append({"id": sw, "kind": "switch", "colour": colour, "zone": zid(d, 2)})
        if i % 2 == 0:
            vault = f"vault-{i}"
            zs.append({"id": vault, "kind": "room", "building": vault})
            cs.append({"id": f"{vault}-door", "kind": "door", "from": zid(d, 1), "to": vault, "state": "locked"})
            triggers.append({"id": f"t-{sw}", "when": {"kind": "switch_pressed", "switch": sw},
                             "then": [{"kind": "open_door", "door": f"{vault}-door"}]})
        else:
            door = f"gate-{i}"
            yard = f"yard-{i}"
            zs.append({"id": yard, "kind": "street"})
            cs.append({"id": door, "kind": "door", "from": zid(d, width + 1), "to": yard, "state": "closed"})
            triggers.append({"id": f"t-{sw}", "when": {"kind": "switch_pressed", "switch": sw},
                             "then": [{"kind": "toggle_door", "door": door}], "once": False})
    for i in range(drops):
        d = 1 + (i * (districts - 1)) // max(drops, 1)
        cs.append({"id": f"drop-{i}", "kind": "drop", "from": zid(d, min(width * 2 + 5 + i % width, sizes[d] - 1)),
                   "to": zid(d - 1, min(width * 2 + 3, sizes[d - 1] - 1))})
    last = districts - 1
    last_n = max(zones - per * (districts - 1), 12)
    objectives.append({"id": "final", "kind": "token", "zone": zid(last, last_n - 2)})
    return Scenario.model_validate({
        "schema_version": SCHEMA_VERSION,
        "id": "bench-city",
        "meta": {"title": f"Benchmark city of {len(zs)} zones"},
        "zones": zs,
        "connections": cs,
        "spawns": spawns,
        "objectives": objectives,
        "triggers": triggers,
        "exits": [zid(last, last_n - 1)],
        "victory": {"ordered": True, "steps": [{"kind": "take_objectives", "objectives": ["final"]},
                                                {"kind": "escape"}]},
        "setup": {"start_zones": [zid(0, 0)], "rules": {"profile": "zombicide"}},
    })


def wide_map(districts: int = 75, every: int = 8, item_locks: bool = True) -> Scenario:
    """A chain of ``districts`` streets, each with a room behind a closed door, the door on to
    the next street locked by a key colour (every third district; the model's eight colours in
    turn, the key in the room), by a named item (the next third, the item in the room) or
    closed (``item_locks`` false: every chain door locked by a colour); every ``every`` districts a switch that toggles a gate to a yard and another that
    opens a locked vault beyond it. More than 62 doors: the typed engine holds the door sets in
    several words.

    The connections list the chain's doors last district first, then the rooms' doors, so the
    first doors a game opens are the highest numbered (beyond the first 64-bit word), and the
    gates' and vaults' doors last; with ``item_locks`` false, the even districts' chain doors
    come first and the odd ones' last, so the first districts' colours alternate between the
    lowest and the highest numbers."""
    colours = ["red", "blue", "green", "yellow", "purple", "orange", "white", "black"]
    zs: list[dict] = []
    objectives: list[dict] = []
    triggers: list[dict] = []
    rooms: list[dict] = []
    extra: list[dict] = []
    chain: list[dict] = []
    for i in range(districts):
        zs.append({"id": f"s{i}", "kind": "street"})
        zs.append({"id": f"r{i}", "kind": "room", "building": f"b{i}"})
        rooms.append({"id": f"rd{i}", "kind": "door", "from": f"s{i}", "to": f"r{i}", "state": "closed"})
        if i % every == every // 2:
            zs.append({"id": f"y{i}", "kind": "street"})
            zs.append({"id": f"v{i}", "kind": "room", "building": f"vb{i}"})
            objectives.append({"id": f"gsw{i}", "kind": "switch", "zone": f"s{i}"})
            objectives.append({"id": f"vsw{i}", "kind": "switch", "zone": f"r{i}"})
            extra.append({"id": f"g{i}", "kind": "door", "from": f"s{i}", "to": f"y{i}", "state": "closed"})
            extra.append({"id": f"vd{i}", "kind": "door", "from": f"y{i}", "to": f"v{i}", "state": "locked"})
            triggers.append({"id": f"t-g{i}", "when": {"kind": "switch_pressed", "switch": f"gsw{i}"},
                             "then": [{"kind": "toggle_door", "door": f"g{i}"}], "once": False})
            triggers.append({"id": f"t-v{i}", "when": {"kind": "switch_pressed", "switch": f"vsw{i}"},
                             "then": [{"kind": "open_door", "door": f"vd{i}"}]})
        if i == districts - 1:
            continue
        door = {"id": f"cd{i}", "kind": "door", "from": f"s{i}", "to": f"s{i + 1}", "state": "closed"}
        if i % 3 == 0 or not item_locks:
            colour = colours[(i // 3 if item_locks else i) % len(colours)]
            door.update(state="locked", lock={"kind": "colour", "colour": colour})
            objectives.append({"id": f"k{i}", "kind": "key", "colour": colour, "zone": f"r{i}"})
        elif i % 3 == 1:
            door.update(state="locked", lock={"kind": "item", "item": f"key-{i}"})
            objectives.append({"id": f"k{i}", "kind": "item", "item": f"key-{i}", "zone": f"r{i}"})
        chain.append(door)
    # item_locks false: the even districts' doors first, then the odd ones' last first, so the
    # first keys found are colours of both ends of the colour set (and of both 64-bit words)
    cs = (chain[::-1] if item_locks else chain[::2] + chain[1::2][::-1]) + rooms + extra
    last = districts - 1
    objectives.append({"id": "final", "kind": "token", "zone": f"r{last}"})
    return Scenario.model_validate({
        "schema_version": SCHEMA_VERSION,
        "id": "wide-doors",
        "meta": {"title": f"A chain of {districts} districts and {len(chain) + len(rooms) + len(extra)} doors"},
        "zones": zs,
        "connections": cs,
        "spawns": [{"id": "spawn-0", "zone": "s1", "order": 1}],
        "objectives": objectives,
        "triggers": triggers,
        "exits": [f"s{last}"],
        "victory": {"ordered": True, "steps": [{"kind": "take_objectives", "objectives": ["final"]},
                                                {"kind": "escape"}]},
        "setup": {"start_zones": ["s0"], "rules": {"profile": "zombicide"},
                  "survivors": {"starting_equipment": ["fire axe", "pistol"]}},
    })
