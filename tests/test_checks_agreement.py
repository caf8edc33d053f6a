"""The validator and the engine agree on what is possible: each disagreement measured in the
issue "one truth about what is possible" is a test here (doors need an opener, corridors are
streets, switches in a take step, taking is entering, early one-way moves, lock blame, gate
buttons)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import designer
from designer.checks import check, check_file
from designer.checks.plan import ReplayError, replay
from designer.checks.reachability import Step
from designer.io.files import parse


def scenario(zones, connections, *, steps, start="S", exits=(), equipment=None, **extra):
    data = {
        "schema_version": 1, "id": "t", "meta": {"title": "t"},
        "zones": [dict(id=z[0], kind=z[1], **(z[2] if len(z) > 2 else {})) for z in zones],
        "connections": [dict(zip(("id", "kind", "from", "to"), c[:4]), **(c[4] if len(c) > 4 else {}))
                        for c in connections],
        "victory": {"steps": steps},
        "exits": list(exits),
        "setup": {"start_zones": [start]},
    }
    if equipment is not None:
        data["setup"]["survivors"] = {"starting_equipment": equipment}
    data.update(extra)
    return parse(data)


def codes(report):
    return Counter(f.code for f in report.findings)


def wins(s, games=20, policy="greedy"):
    return sum(bool(designer.play(s, seed=seed, policy=policy)["won"]) for seed in range(games))


# -- 1. who can open which door ----------------------------------------------------------------

def notebook_mission(equipment):
    """The 7-zone mission a new user builds: a building behind doors, a blue key among red
    tokens, a blue locked door, a spawn, a start and an exit."""
    zones = [("S", "street"), ("M", "street"), ("X", "street"), ("H", "room"), ("O", "room"),
             ("V", "room"), ("N", "street")]
    conns = [("s-m", "opening", "S", "M"), ("m-x", "opening", "M", "X"), ("m-n", "opening", "M", "N"),
             ("m-h", "door", "M", "H"), ("h-o", "opening", "H", "O"),
             ("h-v", "door", "H", "V", {"state": "locked", "lock": {"kind": "colour", "colour": "blue"}})]
    objectives = [{"id": "blue-key", "kind": "key", "colour": "blue", "zone": "O", "hidden_group": "g"},
                  {"id": "red-1", "kind": "token", "zone": "H", "hidden_group": "g"},
                  {"id": "red-2", "kind": "token", "zone": "V"}]
    return scenario(zones, conns, steps=[{"kind": "take_objectives"}, {"kind": "escape"}], exits=["X"],
                    equipment=equipment, objectives=objectives,
                    spawns=[{"id": "sp", "zone": "N", "order": 1}])


def test_a_mission_without_a_door_opener_gets_the_finding_and_its_fix():
    report = check(notebook_mission(equipment=None))
    assert not report.winnable
    f = next(f for f in report.findings if f.code == "no-door-opener")
    assert f.severity == "error" and f.ids == ("m-h", "M", "H")
    assert "no survivor can open door 'm-h'" in f.message
    assert "add a door-opening item" in f.message and "starting equipment or the deck" in f.message
    assert "door-never-opens" not in codes(report) or all(
        g.ids[0] != "m-h" for g in report.findings if g.code == "door-never-opens")


def test_the_same_mission_with_a_fire_axe_is_winnable_and_the_engine_agrees():
    bare, armed = notebook_mission(equipment=None), notebook_mission(equipment=["fire axe", "pistol"])
    r = check(armed)
    assert r.winnable and "no-door-opener" not in codes(r)
    replay(armed, r.plan)
    assert wins(bare, games=10) == 0
    assert wins(armed, games=10) > 0


def test_an_opener_found_by_searching_counts_and_the_plan_says_search():
    # the start is a searchable room; the deck holds crowbars: search first, then open the door
    zones = [("S", "room"), ("X", "street")]
    conns = [("s-x", "door", "S", "X")]
    s = scenario(zones, conns, steps=[{"kind": "escape"}], exits=["X"],
                 setup={"start_zones": ["S"], "equipment_deck": [{"item": "crowbar", "count": 2}]})
    r = check(s)
    assert r.winnable and [p.action for p in r.plan][:2] == ["search", "open"]
    replay(s, r.plan)
    no_opener = scenario(zones, conns, steps=[{"kind": "escape"}], exits=["X"],
                         setup={"start_zones": ["S"], "equipment_deck": [{"item": "water", "count": 2}]})
    f = next(f for f in check(no_opener).findings if f.code == "no-door-opener")
    assert "the deck has none" in f.message


def test_an_item_objective_that_opens_doors_counts():
    zones = [("S", "street"), ("X", "street")]
    s = scenario(zones, [("s-x", "door", "S", "X")], steps=[{"kind": "escape"}], exits=["X"],
                 objectives=[{"id": "axe", "kind": "item", "item": "fire axe", "zone": "S"}])
    r = check(s)
    assert r.winnable and [(p.action, p.target) for p in r.plan][:2] == [("take", "axe"), ("open", "s-x")]


def test_profiles_where_bare_hands_open_doors_need_no_item():
    zones = [("S", "street"), ("X", "street")]
    s = scenario(zones, [("s-x", "door", "S", "X")], steps=[{"kind": "escape"}], exits=["X"],
                 setup={"start_zones": ["S"], "rules": {"profile": "lnoe"}})
    assert check(s).winnable


def test_a_replayed_plan_needs_the_opener_too():
    armed = notebook_mission(equipment=["crowbar"])
    plan = check(armed).plan
    with pytest.raises(ReplayError, match="cannot open"):
        replay(notebook_mission(equipment=None), plan)


# -- 2. corridors are streets --------------------------------------------------------------------

def test_a_corridor_behind_a_door_is_no_building_and_spawns_nothing():
    zones = [("S", "street"), ("C", "corridor")]
    s = scenario(zones, [("s-c", "door", "S", "C")], steps=[{"kind": "kill", "count": 1}], equipment=["crowbar"])
    r = check(s)
    assert not r.winnable, "no spawn, no placed zombie, and a corridor is a street: nothing to kill"
    assert r.compiled.building_of[r.compiled.zone_index["C"]] == -1
    assert wins(s, games=10) == 0
    room = scenario([("S", "street"), ("C", "room")], [("s-c", "door", "S", "C")],
                    steps=[{"kind": "kill", "count": 1}], equipment=["crowbar"])
    assert check(room).winnable, "opening the first door of a building spawns zombies inside"


# -- 3. switches listed in a take_objectives step -------------------------------------------------

def test_switches_listed_in_a_take_step_count_once_pressed():
    zones = [("S", "street"), ("A", "street"), ("B", "street"), ("X", "street")]
    conns = [("s-a", "opening", "S", "A"), ("s-b", "opening", "S", "B"), ("s-x", "opening", "S", "X")]
    objectives = [{"id": f"button-{c}", "kind": "switch", "zone": z} for c, z in (("1", "A"), ("2", "B"), ("3", "S"))]
    s = scenario(zones, conns, exits=["X"], objectives=objectives, equipment=["crowbar"],
                 victory={"ordered": True, "steps": [
                     {"kind": "take_objectives", "objectives": ["button-1", "button-2", "button-3"]},
                     {"kind": "escape"}]}, steps=[])
    r = check(s)
    assert r.winnable and "unwinnable" not in codes(r)
    assert {p.target for p in r.plan if p.action == "press"} == {"button-1", "button-2", "button-3"}
    replay(s, r.plan)


# -- 4. taking an objective is entering its zone -----------------------------------------------

def vault(trap: bool):
    zones = [("S", "street"), ("V", "room"), ("X", "street")]
    conns = [("s-v", "door", "S", "V"), ("s-x", "opening", "S", "X")]
    triggers = [{"id": "trap", "when": {"kind": "zone_entered", "zone": "V"},
                 "then": [{"kind": "lock_door", "door": "s-v"}]}] if trap else []
    return scenario(zones, conns, exits=["X"], equipment=["crowbar"], triggers=triggers,
                    objectives=[{"id": "token", "kind": "token", "zone": "V"}],
                    steps=[{"kind": "take_objectives", "objectives": ["token"]}, {"kind": "escape"}])


def test_a_vault_that_locks_behind_the_team_is_unwinnable():
    assert check(vault(trap=False)).winnable
    r = check(vault(trap=True))
    assert not r.winnable and codes(r)["unwinnable"] == 1


def test_the_replay_refuses_taking_a_token_without_entering_its_zone():
    s = vault(trap=True)
    plan = [Step("open", "S", "s-v", "open door 's-v' from S"), Step("take", "V", "token", "take token 'token' in V"),
            Step("goal", "", "0", "victory step 1"), Step("goal", "X", "1", "escape through X")]
    with pytest.raises(ReplayError, match="cannot walk"):
        replay(s, plan)
    replay(vault(trap=False), plan)


# -- 5. one-way moves taken too early ------------------------------------------------------------

def test_dropping_before_taking_the_token_is_a_dead_end():
    zones = [("z0", "street"), ("z1", "street"), ("z2", "street"), ("z3", "street")]
    conns = [("a", "opening", "z0", "z1"), ("b", "opening", "z1", "z3"), ("c", "opening", "z3", "z0"),
             ("hole", "drop", "z1", "z2")]
    s = scenario(zones, conns, start="z0", exits=["z2"], equipment=["crowbar"],
                 objectives=[{"id": "token-3", "kind": "token", "zone": "z3"}],
                 steps=[{"kind": "take_objectives", "objectives": ["token-3"]}, {"kind": "escape"}])
    r = check(s)
    assert r.winnable
    dead = [f for f in r.findings if f.code == "dead-end"]
    assert len(dead) == 1 and dead[0].ids == ("hole", "z1")
    assert "before taking 'token-3'" in dead[0].message and "can no longer be won" in dead[0].message


def test_a_drop_that_is_safe_at_any_time_is_no_dead_end():
    zones = [("z0", "street"), ("z1", "street"), ("z2", "street")]
    conns = [("a", "opening", "z0", "z1"), ("hole", "drop", "z1", "z2"), ("back", "opening", "z2", "z0")]
    s = scenario(zones, conns, start="z0", exits=["z2"], equipment=["crowbar"],
                 objectives=[{"id": "t", "kind": "token", "zone": "z0"}],
                 steps=[{"kind": "take_objectives"}, {"kind": "escape"}])
    assert "dead-end" not in codes(check(s))


# -- 6. wrong blame ------------------------------------------------------------------------------

def test_keys_cut_off_by_the_map_are_not_blamed_on_their_doors():
    # the red key lies in a loft that only a one-way drop leaves: no door is to blame
    zones = [("S", "street"), ("R", "room"), ("K", "room"), ("X", "street")]
    conns = [("s-r", "door", "S", "R", {"state": "locked", "lock": {"kind": "colour", "colour": "red"}}),
             ("r-x", "opening", "R", "X"), ("loft", "drop", "K", "S")]
    cut_off = scenario(zones, conns, exits=["X"], equipment=["crowbar"], steps=[{"kind": "escape"}],
                       objectives=[{"id": "red-key", "kind": "key", "colour": "red", "zone": "K"}])
    found = codes(check(cut_off))
    assert "key-behind-own-door" not in found and found["unwinnable"] == 1
    behind = scenario(zones, conns + [("r-k", "opening", "R", "K")], exits=["X"], equipment=["crowbar"],
                      steps=[{"kind": "escape"}],
                      objectives=[{"id": "red-key", "kind": "key", "colour": "red", "zone": "K"}])
    assert codes(check(behind))["key-behind-own-door"] == 1


def test_les_morts_without_its_stairs_and_lift_blames_no_lock():
    data = json.loads(designer.dumps(designer.load("scenarios/les-morts-aux-trousses.json")))
    data["connections"] = [c for c in data["connections"] if c["kind"] not in ("stairs", "elevator")]
    found = codes(check(parse(data)))
    assert "key-behind-own-door" not in found and "lock-cycle" not in found and found["unwinnable"] == 1


# -- 9. gate zones ---------------------------------------------------------------------------------

def test_a_button_inside_a_rotating_gate_can_be_pressed():
    zones = [("S", "corridor"), ("G", "gate"), ("X", "corridor")]
    conns = [("s-g", "opening", "S", "G"), ("g-x", "door", "G", "X", {"state": "locked"})]
    s = scenario(zones, conns, exits=["X"], equipment=["crowbar"], steps=[{"kind": "escape"}],
                 objectives=[{"id": "yellow", "kind": "switch", "zone": "G", "colour": "yellow"}],
                 triggers=[{"id": "turn", "when": {"kind": "switch_pressed", "switch": "yellow"},
                            "then": [{"kind": "open_door", "door": "g-x"}]}])
    r = check(s)
    assert "objective-in-forbidden-zone" not in codes(r) and r.winnable
    replay(s, r.plan)
    security = scenario([("S", "corridor"), ("G", "security"), ("X", "corridor")], conns, exits=["X"],
                        equipment=["crowbar"], steps=[{"kind": "escape"}],
                        objectives=[{"id": "yellow", "kind": "switch", "zone": "G"}],
                        triggers=[{"id": "turn", "when": {"kind": "switch_pressed", "switch": "yellow"},
                                   "then": [{"kind": "open_door", "door": "g-x"}]}])
    assert codes(check(security))["objective-in-forbidden-zone"] == 1


# -- 8. special rules as a typed registry ---------------------------------------------------------

def with_rules(rules, starting_cards=0):
    zones = [("S", "street"), ("X", "street")]
    return scenario(zones, [("s-x", "opening", "S", "X")], exits=["X"], steps=[{"kind": "escape"}],
                    setup={"start_zones": ["S"], "rules": {"profile": "lnoe"}, "special_rules": rules,
                           "survivors": {"starting_cards": starting_cards}})


def test_known_rules_under_custom_ids_or_names_still_exclude_each_other():
    built_in = with_rules([{"id": "grave-dead", "side": "zombies", "points": 3},
                           {"id": "zombie-horde", "side": "zombies", "points": 3}])
    assert codes(check(built_in))["rule-conflict"] == 1
    custom = with_rules([{"id": "red-zombies", "rule": "grave-dead", "side": "zombies", "points": 3},
                         {"id": "big-pool", "name": "Horde de Zombies (21)", "side": "zombies", "points": 3}])
    f = [f for f in check(custom).findings if f.code == "rule-conflict"]
    assert len(f) == 1 and set(f[0].ids) == {"red-zombies", "big-pool"} and "Grave dead" in f[0].message
    own = with_rules([{"id": "red-zombies", "side": "zombies", "points": 3},
                      {"id": "big-pool", "side": "zombies", "points": 3}])
    assert "rule-conflict" not in codes(check(own)), "rules of the designer's own exclude nothing"


def test_hero_starting_cards_agree_with_the_cards_dealt_and_their_points():
    rule = {"id": "extra-cards", "name": "Hero starting cards (3)", "side": "heroes", "points": 3}
    assert "rule-mismatch" not in codes(check(with_rules([rule], starting_cards=3)))
    f = next(f for f in check(with_rules([rule], starting_cards=2)).findings if f.code == "rule-mismatch")
    assert f.severity == "error" and "promises 3 extra cards" in f.message and "deals 2" in f.message
    cheap = dict(rule, points=1)
    f = next(f for f in check(with_rules([cheap], starting_cards=3)).findings if f.code == "rule-mismatch")
    assert "worth 3 points" in f.message and f.path == "setup.special_rules[0].points"
    by_parameter = {"id": "hero-starting-cards", "parameter": 2, "side": "heroes", "points": 2}
    assert "rule-mismatch" not in codes(check(with_rules([by_parameter], starting_cards=2)))
    wrong_side = {"id": "zombie-autospawn", "side": "heroes", "points": 1}
    assert "helps the zombies" in next(f.message for f in check(with_rules([wrong_side])).findings
                                       if f.code == "rule-mismatch")


def test_the_samples_rules_agree_with_their_set_up():
    for path in ("scenarios/seul-dans-le-noir.json", "scenarios/woodinvale-last-stand.json"):
        assert "rule-mismatch" not in codes(check_file(path))


# -- 7. doors only a button can open (the model and validator side) --------------------------------

def cell(by_hand: bool, button: bool):
    zones = [("S", "corridor"), ("C", "cell")]
    triggers = [{"id": "purple", "when": {"kind": "switch_pressed", "switch": "button"},
                 "then": [{"kind": "open_door", "door": "cell-door"}]}] if button else []
    return scenario(zones, [("cell-door", "door", "S", "C", {"by_hand": by_hand})], equipment=["crowbar"],
                    objectives=[{"id": "token", "kind": "token", "zone": "C"},
                                {"id": "button", "kind": "switch", "zone": "S"}],
                    triggers=triggers, steps=[{"kind": "take_objectives", "objectives": ["token"]}])


def test_a_door_only_its_button_opens():
    assert check(cell(by_hand=True, button=False)).winnable, "by default survivors open doors by hand"
    r = check(cell(by_hand=False, button=False))
    assert not r.winnable and codes(r)["door-cannot-open"] == 1
    r = check(cell(by_hand=False, button=True))
    assert r.winnable and [p.action for p in r.plan if p.action in ("press", "open")] == ["press"]
    replay(cell(by_hand=False, button=True), r.plan)
    by_hand_plan = check(cell(by_hand=True, button=False)).plan
    with pytest.raises(ReplayError, match="cannot open"):
        replay(cell(by_hand=False, button=False), by_hand_plan)
