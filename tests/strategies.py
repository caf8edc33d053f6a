"""Hypothesis strategies that build random valid scenarios (as JSON data).

**The same maps whatever ran before.** Hypothesis (6.131 on) mixes into its draws literal
constants (strings, numbers) collected from every local module imported so far (its "local
constants" pool, gathered from ``sys.modules``). Which ``designer`` modules are imported when a
property test starts depends on the tests that ran before it in the same process, so a
derandomized test drew other maps after ``tests/test_checks.py`` (which imports the CLI) than
alone: the "fixed" maps were not fixed. :func:`same_maps_in_any_order` empties that pool while
the property tests of the validator draw (their module-scoped fixture), so their maps depend on
the seed alone (Hypothesis' own constants still take part).
"""

from __future__ import annotations

from contextlib import contextmanager

from hypothesis import strategies as st


@contextmanager
def same_maps_in_any_order():
    """Draw without the constants of the local modules imported so far (see the module notes)."""
    try:
        from hypothesis.internal.conjecture import providers
        saved = providers._get_local_constants
        cache = providers.CONSTANTS_CACHE.cache
        empty = providers.Constants()
    except (ImportError, AttributeError):  # another Hypothesis: no pool to pin
        yield
        return
    providers._get_local_constants = lambda: empty
    cache.clear()  # the permitted constants computed from the pool so far
    try:
        yield
    finally:
        providers._get_local_constants = saved
        cache.clear()

COLOURS = ["red", "blue", "green", "yellow", "purple"]
ZONE_KINDS = ["street", "room", "corridor", "extra", "tower", "security"]
CONN_KINDS = ["opening", "door", "stairs", "elevator", "ladder", "drop", "fence", "window"]
ident = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,6}", fullmatch=True)
text = st.text(max_size=12)


@st.composite
def scenario_data(draw, max_zones: int = 8) -> dict:
    n = draw(st.integers(1, max_zones))
    zone_ids = draw(st.lists(ident, min_size=n, max_size=n, unique=True))
    zones = []
    for zid in zone_ids:
        z = {"id": zid, "kind": draw(st.sampled_from(ZONE_KINDS))}
        if draw(st.booleans()):
            z["name"] = draw(text)
        if draw(st.booleans()):
            z["level"] = draw(st.integers(-2, 3))
        if draw(st.booleans()):
            z["flags"] = {f: draw(st.booleans()) for f in
                          draw(st.lists(st.sampled_from(["dark", "fire", "no_spawn", "breakthrough", "searchable"]),
                                        unique=True, max_size=3))}
        if draw(st.booleans()):
            z["position"] = {"x": draw(st.floats(-1e4, 1e4)), "y": draw(st.integers(-100, 100))}
        if draw(st.booleans()):
            z["capacity"] = {"max_zombies": draw(st.integers(0, 5))}
        if draw(st.booleans()):
            z["tags"] = draw(st.lists(text, max_size=2))
        zones.append(z)
    connections = []
    doors = []
    if n >= 2:
        pairs = draw(st.lists(st.tuples(st.sampled_from(zone_ids), st.sampled_from(zone_ids))
                              .filter(lambda p: p[0] != p[1]), max_size=12))
        for i, (a, b) in enumerate(pairs):
            kind = draw(st.sampled_from(CONN_KINDS))
            c = {"id": f"c{i}", "kind": kind, "from": a, "to": b}
            if draw(st.booleans()):
                c["one_way"] = draw(st.booleans())
            if draw(st.booleans()):
                c["cost"] = draw(st.integers(1, 3))
            if kind == "door":
                doors.append(c["id"])
                c["state"] = draw(st.sampled_from(["open", "closed", "locked"]))
                if draw(st.booleans()):
                    c["lock"] = draw(st.one_of(
                        st.builds(lambda col: {"kind": "colour", "colour": col}, st.sampled_from(COLOURS)),
                        st.builds(lambda it: {"kind": "item", "item": it}, st.sampled_from(["saw", "office key"]))))
            connections.append(c)
    spawns = [{"id": f"sp{i}", "zone": draw(st.sampled_from(zone_ids)), "order": i + 1,
               "active": draw(st.booleans())}
              for i in range(draw(st.integers(0, 3)))]
    objectives = []
    for i in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["token", "key", "switch", "item", "search_marker"]))
        o = {"id": f"o{i}", "kind": kind, "zone": draw(st.sampled_from(zone_ids))}
        if kind == "key":
            o["colour"] = draw(st.sampled_from(COLOURS))
        if kind == "item":
            o["item"] = draw(st.sampled_from(["saw", "office key"]))
        if draw(st.booleans()):
            o["hidden_group"] = "g"
        objectives.append(o)
    triggers = []
    switches = [o["id"] for o in objectives if o["kind"] == "switch"]
    for i in range(draw(st.integers(0, 3))):
        events = [{"kind": "turn_reached", "turn": draw(st.integers(1, 20))},
                  {"kind": "zone_entered", "zone": draw(st.sampled_from(zone_ids))}]
        if switches:
            events.append({"kind": "switch_pressed", "switch": draw(st.sampled_from(switches))})
        if objectives:
            events.append({"kind": "objective_taken", "objective": draw(st.sampled_from(objectives))["id"]})
        effects = [{"kind": "grant_xp", "amount": 1},
                   {"kind": "spawn_zombies", "zone": draw(st.sampled_from(zone_ids)), "count": 2}]
        if doors:
            effects.append({"kind": draw(st.sampled_from(["open_door", "close_door", "unlock_door", "toggle_door"])),
                            "door": draw(st.sampled_from(doors))})
        if spawns:
            effects.append({"kind": draw(st.sampled_from(["activate_spawn", "deactivate_spawn"])),
                            "spawn": draw(st.sampled_from(spawns))["id"]})
        triggers.append({"id": f"t{i}", "when": draw(st.sampled_from(events)),
                         "then": draw(st.lists(st.sampled_from(effects), min_size=1, max_size=3)),
                         "once": draw(st.booleans())})
    exits = draw(st.lists(st.sampled_from(zone_ids), unique=True, max_size=2))
    steps = [{"kind": "kill", "count": draw(st.integers(1, 10))}]
    if exits:
        steps.append({"kind": "escape", "who": draw(st.sampled_from(["all", "any"]))})
    if objectives:
        steps.append({"kind": "take_objectives",
                      "objectives": draw(st.lists(st.sampled_from([o["id"] for o in objectives]), unique=True))})
    steps.append({"kind": "reach_zone", "zones": [draw(st.sampled_from(zone_ids))]})
    return {
        "schema_version": 1,
        "id": draw(ident),
        "meta": {"title": draw(st.text(min_size=1, max_size=20)), "description": draw(text)},
        "zones": zones,
        "connections": connections,
        "spawns": spawns,
        "objectives": objectives,
        "triggers": triggers,
        "exits": exits,
        "victory": {"ordered": draw(st.booleans()),
                    "steps": draw(st.lists(st.sampled_from(steps), min_size=1, max_size=3))},
        "setup": {
            "start_zones": [draw(st.sampled_from(zone_ids))],
            "turn_limit": draw(st.one_of(st.none(), st.integers(1, 30))),
            "rules": {"profile": draw(st.sampled_from(["zombicide", "lnoe", "house"]))},
            "zombies": [{"zone": draw(st.sampled_from(zone_ids)), "zombie": "runner", "count": 2}]
            if draw(st.booleans()) else [],
        },
    }


# ----------------------------------------------------------------------------------------------
# small missions for the brute-force oracle (tests/test_checks_bruteforce.py): doors, locks,
# one-way drops, keys, items, switches and their triggers, no zombies, no turns

SMALL_KINDS = ["street", "street", "room", "corridor"]


@st.composite
def small_mission_data(draw, max_zones: int = 5) -> dict:
    n = draw(st.integers(2, max_zones))
    zone_ids = [f"z{i}" for i in range(n)]
    zones = [{"id": z, "kind": draw(st.sampled_from(SMALL_KINDS))} for z in zone_ids]
    pair = st.tuples(st.sampled_from(zone_ids), st.sampled_from(zone_ids)).filter(lambda p: p[0] != p[1])
    connections, doors = [], []
    for i, (a, b) in enumerate(draw(st.lists(pair, min_size=1, max_size=7))):
        kind = draw(st.sampled_from(["opening", "opening", "door", "door", "drop"]))
        c = {"id": f"c{i}", "kind": kind, "from": a, "to": b}
        if kind == "door":
            doors.append(c["id"])
            c["state"] = draw(st.sampled_from(["open", "closed", "locked"]))
            if c["state"] == "locked" and draw(st.booleans()):
                c["lock"] = draw(st.sampled_from([{"kind": "colour", "colour": "blue"},
                                                  {"kind": "colour", "colour": "red"},
                                                  {"kind": "item", "item": "saw"}]))
            if draw(st.integers(0, 4)) == 0:
                c["breakable"] = True
            if draw(st.integers(0, 5)) == 0:
                c["by_hand"] = False
        connections.append(c)
    start = draw(st.sampled_from(zone_ids))
    objectives = []
    for i in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["token", "key", "switch", "item"]))
        o = {"id": f"o{i}", "kind": kind, "zone": draw(st.sampled_from(zone_ids))}
        if kind == "key":
            o["colour"] = draw(st.sampled_from(["blue", "red"]))
        elif kind == "item":
            o["item"] = draw(st.sampled_from(["saw", "crowbar"]))
        elif kind == "switch":
            o["repeatable"] = draw(st.booleans())
        objectives.append(o)
    switches = [o["id"] for o in objectives if o["kind"] == "switch"]
    triggers = []
    effect_kinds = ["open_door", "close_door", "toggle_door", "unlock_door", "lock_door"]
    for i in range(draw(st.integers(0, 2))):
        events = [{"kind": "zone_entered", "zone": draw(st.sampled_from(zone_ids))}]
        if switches:
            events.append({"kind": "switch_pressed", "switch": draw(st.sampled_from(switches))})
        if objectives:
            events.append({"kind": "objective_taken", "objective": draw(st.sampled_from(objectives))["id"]})
        if doors:
            events.append({"kind": "door_opened", "door": draw(st.sampled_from(doors))})
        effects = [{"kind": "end_game", "outcome": draw(st.sampled_from(["win", "loss"]))}]
        if doors:
            effects += [{"kind": k, "door": d} for k in effect_kinds for d in doors]
        triggers.append({"id": f"t{i}", "when": draw(st.sampled_from(events)),
                         "then": draw(st.lists(st.sampled_from(effects), min_size=1, max_size=2)),
                         "once": draw(st.booleans())})
    exits = draw(st.lists(st.sampled_from(zone_ids), unique=True, max_size=1))
    choices = [{"kind": "reach_zone", "zones": [draw(st.sampled_from(zone_ids))]}]
    if exits:
        choices.append({"kind": "escape"})
    if objectives:
        choices.append({"kind": "take_objectives",
                        "objectives": draw(st.lists(st.sampled_from([o["id"] for o in objectives]), unique=True,
                                                    min_size=1))})
    steps = draw(st.lists(st.sampled_from(choices), min_size=1, max_size=2))
    setup: dict = {"start_zones": [start],
                   "equipment_deck": draw(st.sampled_from([[{"item": "water"}],
                                                           [{"item": "crowbar"}, {"item": "saw"}]]))}
    if draw(st.integers(0, 3)):
        setup["survivors"] = {"starting_equipment": ["crowbar"]}
    return {
        "schema_version": 1, "id": "small", "meta": {"title": "small"},
        "zones": zones, "connections": connections, "objectives": objectives, "triggers": triggers,
        "exits": exits, "victory": {"ordered": draw(st.booleans()), "steps": steps}, "setup": setup,
    }


# ----------------------------------------------------------------------------------------------
# missions for the plan property (tests/test_checks_plans.py): everything the validator reasons
# about (doors with and without locks, doors only a button opens, breakable doors, one-way drops,
# stairs, ladders, keys, items, hidden groups, search markers, searchable rooms, switches and
# their triggers on entering, opening, taking, pressing and turns, ordered and unordered goals),
# several survivors, the three rule profiles; played with spawning switched off


@st.composite
def plan_mission_data(draw, max_zones: int = 8) -> dict:
    n = draw(st.integers(2, max_zones))
    zone_ids = [f"z{i}" for i in range(n)]
    zones = []
    for z in zone_ids:
        zone = {"id": z, "kind": draw(st.sampled_from(["street", "street", "room", "room", "corridor"]))}
        if zone["kind"] == "room" and draw(st.booleans()):
            zone["flags"] = {"searchable": True}
        if draw(st.integers(0, 5)) == 0:
            zone["flags"] = dict(zone.get("flags", {}), dark=True)
        zones.append(zone)
    pair = st.tuples(st.sampled_from(zone_ids), st.sampled_from(zone_ids)).filter(lambda p: p[0] != p[1])
    connections, doors = [], []
    for i, (a, b) in enumerate(draw(st.lists(pair, min_size=1, max_size=2 * n))):
        kind = draw(st.sampled_from(["opening", "opening", "door", "door", "door", "drop", "stairs", "ladder"]))
        c = {"id": f"c{i}", "kind": kind, "from": a, "to": b}
        if kind == "door":
            doors.append(c["id"])
            c["state"] = draw(st.sampled_from(["open", "closed", "closed", "locked"]))
            if c["state"] == "locked" and draw(st.booleans()):
                c["lock"] = draw(st.sampled_from([{"kind": "colour", "colour": "blue"},
                                                  {"kind": "colour", "colour": "red"},
                                                  {"kind": "item", "item": "saw"}]))
            if draw(st.integers(0, 5)) == 0:
                c["breakable"] = True
            if draw(st.integers(0, 5)) == 0:
                c["by_hand"] = False
        elif kind in ("opening", "stairs") and draw(st.integers(0, 6)) == 0:
            c["one_way"] = True
        connections.append(c)
    starts = draw(st.lists(st.sampled_from(zone_ids), min_size=1, max_size=2, unique=True))
    objectives = []
    for i in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(["token", "token", "key", "switch", "switch", "item", "search_marker"]))
        o = {"id": f"o{i}", "kind": kind, "zone": draw(st.sampled_from(zone_ids))}
        if kind == "key":
            o["colour"] = draw(st.sampled_from(["blue", "red"]))
        elif kind == "item":
            o["item"] = draw(st.sampled_from(["saw", "crowbar", "pistol"]))
        elif kind == "switch":
            o["repeatable"] = draw(st.booleans())
        if kind in ("token", "key") and draw(st.integers(0, 3)) == 0:
            o["hidden_group"] = "g"
        objectives.append(o)
    switches = [o["id"] for o in objectives if o["kind"] == "switch"]
    triggers = []
    for i in range(draw(st.integers(0, 4))):
        events = [{"kind": "zone_entered", "zone": draw(st.sampled_from(zone_ids))},
                  {"kind": "turn_reached", "turn": draw(st.integers(1, 6))}]
        if switches:
            events += [{"kind": "switch_pressed", "switch": draw(st.sampled_from(switches))}] * 3
        if objectives:
            events.append({"kind": "objective_taken", "objective": draw(st.sampled_from(objectives))["id"]})
        if doors:
            events.append({"kind": "door_opened", "door": draw(st.sampled_from(doors))})
        effects = [{"kind": "grant_xp", "amount": 1},
                   {"kind": "end_game", "outcome": draw(st.sampled_from(["win", "loss"]))}]
        if doors:
            effects += [{"kind": k, "door": d}
                        for k in ("open_door", "open_door", "close_door", "toggle_door", "toggle_door",
                                  "unlock_door", "lock_door") for d in doors]
        triggers.append({"id": f"t{i}", "when": draw(st.sampled_from(events)),
                         "then": draw(st.lists(st.sampled_from(effects), min_size=1, max_size=2)),
                         "once": draw(st.booleans())})
    exits = draw(st.lists(st.sampled_from(zone_ids), unique=True, max_size=2))
    choices = [{"kind": "reach_zone", "zones": [draw(st.sampled_from(zone_ids))],
                "who": draw(st.sampled_from(["all", "any"]))},
               {"kind": "survive", "turns": draw(st.integers(1, 4))}]
    if exits:
        choices.append({"kind": "escape", "who": draw(st.sampled_from(["all", "any"]))})
    if objectives:
        choices.append({"kind": "take_objectives",
                        "objectives": draw(st.lists(st.sampled_from([o["id"] for o in objectives]), unique=True))})
    if doors:
        choices.append({"kind": "open_doors", "doors": draw(st.lists(st.sampled_from(doors), unique=True,
                                                                      min_size=1, max_size=2))})
    steps = draw(st.lists(st.sampled_from(choices), min_size=1, max_size=3))
    profile = draw(st.sampled_from(["zombicide", "zombicide", "lnoe", "house"]))
    survivors = draw(st.integers(1, 4))
    setup: dict = {"start_zones": starts, "rules": {"profile": profile},
                   "survivors": {"min": survivors, "max": survivors}}
    if draw(st.integers(0, 2)):
        setup["survivors"]["starting_equipment"] = [draw(st.sampled_from(["crowbar", "fire axe", "pistol"]))]
    if draw(st.booleans()):
        setup["equipment_deck"] = draw(st.sampled_from([[{"item": "water"}],
                                                        [{"item": "crowbar"}, {"item": "saw"}]]))
    if draw(st.booleans()):
        setup["turn_limit"] = draw(st.integers(30, 60))
    return {
        "schema_version": 1, "id": "plan", "meta": {"title": "plan"},
        "zones": zones, "connections": connections, "objectives": objectives, "triggers": triggers,
        "exits": exits, "victory": {"ordered": draw(st.booleans()), "steps": steps}, "setup": setup,
    }


def without_spawning(data: dict) -> dict:
    """The same scenario (JSON data) with spawning switched off and no zombies placed: no
    active spawn and no effect that activates one, no ``spawn_zombies`` effect, no placed
    zombies, no building spawns, no 'Aaah!' card in the search deck, and an empty zombie pool."""
    import copy

    from tests.reference.profiles import make_profile

    d = copy.deepcopy(data)
    for sp in d.get("spawns", []):
        sp["active"] = False
    for t in d.get("triggers", []):
        t["then"] = [e if e["kind"] not in ("activate_spawn", "toggle_spawn", "spawn_zombies")
                     else {"kind": "grant_xp", "amount": 1} for e in t["then"]]
    setup = d.setdefault("setup", {})
    setup["zombies"] = []
    setup["zombie_pool"] = {"walker": 0, "runner": 0, "fatty": 0, "abomination": 0}
    rules = setup.setdefault("rules", {})
    rules["overrides"] = dict(rules.get("overrides") or {}, building_spawn=False)
    deck = setup.get("equipment_deck")
    if deck is None:
        deck = [{"item": n, "count": c} for n, c in make_profile(rules.get("profile", "zombicide")).default_deck]
    setup["equipment_deck"] = [e for e in deck if e["item"] != "aaah"] or [{"item": "water"}]
    return d


# ----------------------------------------------------------------------------------------------
# the same small missions drawn in bulk from a seed (tests/test_checks_bulk.py): no Hypothesis,
# so that thousands of maps are checked in one test, each reproducible from (seed, index)


def small_mission_random(rng, max_zones: int = 5) -> dict:
    """A small mission as :func:`small_mission_data` draws them, from ``rng`` (a
    :class:`random.Random`): 2 to ``max_zones`` zones, up to 7 openings, doors (open, closed,
    locked by colour or item, breakable, only a button's) and drops, up to 3 tokens, keys,
    switches and items, up to 2 triggers (on entering, pressing, taking or opening) that open,
    close, toggle, unlock or lock doors or end the game, an exit or none, one or two victory
    steps (reach, escape, take), ordered or not, a start zone, a deck with or without a door
    opener, a crowbar in the starting equipment three times in four."""
    n = rng.randint(2, max_zones)
    zone_ids = [f"z{i}" for i in range(n)]
    zones = [{"id": z, "kind": rng.choice(SMALL_KINDS)} for z in zone_ids]
    connections, doors = [], []
    for i in range(rng.randint(1, 7)):
        a, b = rng.sample(zone_ids, 2)
        kind = rng.choice(["opening", "opening", "door", "door", "drop"])
        c = {"id": f"c{i}", "kind": kind, "from": a, "to": b}
        if kind == "door":
            doors.append(c["id"])
            c["state"] = rng.choice(["open", "closed", "locked"])
            if c["state"] == "locked" and rng.random() < 0.5:
                c["lock"] = rng.choice([{"kind": "colour", "colour": "blue"}, {"kind": "colour", "colour": "red"},
                                        {"kind": "item", "item": "saw"}])
            if rng.randint(0, 4) == 0:
                c["breakable"] = True
            if rng.randint(0, 5) == 0:
                c["by_hand"] = False
        connections.append(c)
    start = rng.choice(zone_ids)
    objectives = []
    for i in range(rng.randint(0, 3)):
        kind = rng.choice(["token", "key", "switch", "item"])
        o = {"id": f"o{i}", "kind": kind, "zone": rng.choice(zone_ids)}
        if kind == "key":
            o["colour"] = rng.choice(["blue", "red"])
        elif kind == "item":
            o["item"] = rng.choice(["saw", "crowbar"])
        elif kind == "switch":
            o["repeatable"] = rng.random() < 0.5
        objectives.append(o)
    switches = [o["id"] for o in objectives if o["kind"] == "switch"]
    triggers = []
    effect_kinds = ["open_door", "close_door", "toggle_door", "unlock_door", "lock_door"]
    for i in range(rng.randint(0, 2)):
        events = [{"kind": "zone_entered", "zone": rng.choice(zone_ids)}]
        if switches:
            events.append({"kind": "switch_pressed", "switch": rng.choice(switches)})
        if objectives:
            events.append({"kind": "objective_taken", "objective": rng.choice(objectives)["id"]})
        if doors:
            events.append({"kind": "door_opened", "door": rng.choice(doors)})
        effects = [{"kind": "end_game", "outcome": rng.choice(["win", "loss"])}]
        if doors:
            effects += [{"kind": k, "door": d} for k in effect_kinds for d in doors]
        triggers.append({"id": f"t{i}", "when": rng.choice(events),
                         "then": [rng.choice(effects) for _ in range(rng.randint(1, 2))],
                         "once": rng.random() < 0.5})
    exits = [rng.choice(zone_ids)] if rng.random() < 0.5 else []
    choices = [{"kind": "reach_zone", "zones": [rng.choice(zone_ids)]}]
    if exits:
        choices.append({"kind": "escape"})
    if objectives:
        ids = [o["id"] for o in objectives]
        choices.append({"kind": "take_objectives", "objectives": rng.sample(ids, rng.randint(1, len(ids)))})
    steps = [rng.choice(choices) for _ in range(rng.randint(1, 2))]
    setup: dict = {"start_zones": [start],
                   "equipment_deck": rng.choice([[{"item": "water"}], [{"item": "crowbar"}, {"item": "saw"}]])}
    if rng.randint(0, 3):
        setup["survivors"] = {"starting_equipment": ["crowbar"]}
    return {
        "schema_version": 1, "id": "small", "meta": {"title": "small"},
        "zones": zones, "connections": connections, "objectives": objectives, "triggers": triggers,
        "exits": exits, "victory": {"ordered": rng.random() < 0.5, "steps": steps}, "setup": setup,
    }
