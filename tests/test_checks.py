"""Static validation: broken samples give exactly their findings; the search is exact on
small hand-built maps; the witness plan replays; the reference page is in sync."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from designer.checks import check, check_file
from designer.checks.findings import CODES, Finding, findings_table
from designer.checks.plan import ReplayError, replay
from designer.cli import cli
from designer.io.files import dumps, parse

from .conftest import BROKEN, ROOT, SAMPLES

EXPECTED = {
    "dangling-references.json": {"dangling-reference": 2},
    "duplicate-ids.json": {"duplicate-id": 1, "self-connection": 1},
    "misspelt-fields.json": {"invalid-field": 3},
    "newer-version.json": {"schema-version": 1},
    "key-behind-own-door.json": {"key-behind-own-door": 1, "unwinnable": 1, "objective-unreachable": 1,
                                 "zone-unreachable": 1, "door-never-opens": 1},
    "dead-end-hole.json": {"dead-end": 1},
    "button-only-door.json": {"door-cannot-open": 1, "unwinnable": 1, "objective-unreachable": 1,
                              "zone-unreachable": 1, "door-never-opens": 1},
    "never-active-spawn.json": {"spawn-never-active": 1},
    "unreachable-exit.json": {"exit-unreachable": 1, "unwinnable": 1, "zone-never-entered": 1},
    "switch-strands-team.json": {"dead-end": 1},
    "spawn-rules.json": {"spawn-in-forbidden-zone": 2, "spawn-order-duplicate": 1, "spawn-near-start": 1,
                         "spawn-cannot-reach-survivors": 1, "spawn-order-gap": 1, "tower-without-ladder": 1},
    "door-and-balance.json": {"door-cannot-open": 1, "rule-conflict": 1, "balance-points": 1, "rule-mismatch": 1,
                              "door-never-opens": 1, "zone-unreachable": 1, "lnoe-rules-counted": 1},
    "variant-problems.json": {"variant-has-errors": 2, "variant-breaks-scenario": 1, "variant-invalid": 1,
                              "budget-over-spent": 1, "budget-under-spent": 1},
}


def test_every_broken_sample_has_its_expectation():
    assert {p.split("/")[-1] for p in BROKEN} == set(EXPECTED)


@pytest.mark.parametrize("path", BROKEN)
def test_broken_samples_yield_exactly_their_findings(path):
    report = check_file(path)
    assert Counter(f.code for f in report.findings) == Counter(EXPECTED[path.split("/")[-1]])


@pytest.mark.parametrize("path", SAMPLES)
def test_valid_samples_have_no_error_and_can_be_won(path):
    report = check_file(path)
    assert report.errors == []
    assert report.winnable
    replay(report.scenario, report.plan)


def test_dead_end_names_the_hole_and_its_zone():
    f = next(f for f in check_file("scenarios/broken/dead-end-hole.json").findings if f.code == "dead-end")
    assert f.ids == ("loft-hole", "L")
    assert "Loft" in f.message and "Walled courtyard" in f.message


def test_switch_dead_end_names_the_switch():
    f = next(f for f in check_file("scenarios/broken/switch-strands-team.json").findings if f.code == "dead-end")
    assert f.ids[0] == "yellow-switch" and "press switch" in f.message


def test_night_shift_plan_finds_the_key_before_the_vault():
    report = check_file("scenarios/night-shift.json")
    actions = [(s.action, s.target) for s in report.plan]
    assert actions.index(("take", "blue-key")) < actions.index(("open", "door-blue")) \
        < actions.index(("press", "green-switch")) < actions.index(("goal", "1"))
    assert report.plan[-1].action == "goal" and report.plan[-1].zone == "D1"


def test_findings_are_documented_and_the_reference_page_is_in_sync():
    assert (ROOT / "docs" / "findings.md").read_text(encoding="utf-8") == findings_table(), \
        "docs/findings.md is stale; run: designer codes --markdown > docs/findings.md"
    with pytest.raises(ValueError):
        Finding("no-such-code", "error", "x")
    assert all(c.severity in ("error", "warning", "info", "error / warning") for c in CODES.values())


# ----------------------------------------------------------------------------------------------
# small hand-built maps


def mission(zones, connections, **extra):
    data = {
        "schema_version": 1, "id": "t", "meta": {"title": "t"},
        "zones": [{"id": z, "kind": k} for z, k in zones],
        "connections": [dict(zip(("id", "kind", "from", "to"), c[:4]), **(c[4] if len(c) > 4 else {}))
                        for c in connections],
        "victory": {"steps": [{"kind": "escape"}]},
        "exits": ["X"],
        "setup": {"start_zones": ["S"]},
        "spawns": [{"id": "sp", "zone": "S", "order": 1, "active": True}],
    }
    data.update(extra)
    # the team carries a crowbar (opening a door needs a door-opening item) unless told otherwise
    data["setup"].setdefault("survivors", {"starting_equipment": ["crowbar"]})
    return parse(data)


def codes(s):
    return Counter(f.code for f in check(s).findings if f.code not in ("spawn-in-forbidden-zone",))


def test_lock_cycle_two_keys_each_behind_the_other_lock():
    s = mission(
        [("S", "street"), ("A", "room"), ("B", "room"), ("X", "street")],
        [("s-a", "door", "S", "A", {"state": "locked", "lock": {"kind": "colour", "colour": "red"}}),
         ("s-b", "door", "S", "B", {"state": "locked", "lock": {"kind": "colour", "colour": "blue"}}),
         ("s-x", "opening", "S", "X")],
        objectives=[{"id": "red", "kind": "key", "colour": "red", "zone": "B"},
                    {"id": "blue", "kind": "key", "colour": "blue", "zone": "A"}],
        victory={"steps": [{"kind": "take_objectives"}, {"kind": "escape"}]},
    )
    found = codes(s)
    assert found["lock-cycle"] == 1 and found["unwinnable"] == 1 and "key-behind-own-door" not in found


def test_key_chain_in_the_right_order_is_winnable():
    s = mission(
        [("S", "street"), ("A", "room"), ("B", "room"), ("X", "street")],
        [("s-a", "door", "S", "A"),
         ("a-b", "door", "A", "B", {"state": "locked", "lock": {"kind": "colour", "colour": "red"}}),
         ("b-x", "door", "B", "X", {"state": "locked", "lock": {"kind": "item", "item": "saw"}})],
        objectives=[{"id": "red", "kind": "key", "colour": "red", "zone": "A"},
                    {"id": "saw", "kind": "item", "item": "saw", "zone": "B"}],
    )
    r = check(s)
    assert r.winnable and [f.code for f in r.errors] == ["spawn-in-forbidden-zone"]  # the helper spawns at S
    assert [(p.action, p.target) for p in r.plan if p.action in ("take", "open")] == [
        ("open", "s-a"), ("take", "red"), ("open", "a-b"), ("take", "saw"), ("open", "b-x")]
    replay(s, r.plan)


def test_hidden_key_counts_only_when_its_whole_group_is_taken():
    # the red key is shuffled among two tokens; one token lies behind the red door itself
    zones = [("S", "street"), ("A", "room"), ("V", "room"), ("X", "street")]
    conns = [("s-a", "door", "S", "A"), ("s-x", "opening", "S", "X"),
             ("a-v", "door", "A", "V", {"state": "locked", "lock": {"kind": "colour", "colour": "red"}})]
    objectives = [{"id": "key", "kind": "key", "colour": "red", "zone": "A", "hidden_group": "g"},
                  {"id": "tok", "kind": "token", "zone": "V", "hidden_group": "g"}]
    s = mission(zones, conns, objectives=objectives,
                victory={"steps": [{"kind": "take_objectives", "objectives": ["key"]}, {"kind": "escape"}]})
    found = codes(s)
    assert found["key-behind-own-door"] == 1, "some arrangement puts the key behind its own door"
    assert not check(s).winnable


def test_switch_that_opens_the_exit_and_a_dead_end_switch():
    zones = [("S", "street"), ("R", "room"), ("X", "street")]
    conns = [("s-r", "door", "S", "R"), ("r-x", "door", "R", "X", {"state": "locked"})]
    objectives = [{"id": "sw", "kind": "switch", "zone": "R"}, {"id": "trap", "kind": "switch", "zone": "R"}]
    triggers = [{"id": "t1", "when": {"kind": "switch_pressed", "switch": "sw"},
                 "then": [{"kind": "open_door", "door": "r-x"}]},
                {"id": "t2", "when": {"kind": "switch_pressed", "switch": "trap"},
                 "then": [{"kind": "lock_door", "door": "r-x"}, {"kind": "lock_door", "door": "s-r"}]}]
    s = mission(zones, conns, objectives=objectives, triggers=triggers)
    r = check(s)
    assert r.winnable
    dead = [f for f in r.findings if f.code == "dead-end"]
    assert [f.ids[0] for f in dead] == ["trap"]
    replay(s, r.plan)


def test_one_way_drop_is_not_climbed_back():
    zones = [("S", "street"), ("U", "room"), ("X", "street")]
    conns = [("s-u", "opening", "S", "U"), ("drop", "drop", "U", "X")]
    s = mission(zones, conns)
    r = check(s)
    assert r.winnable and [p.action for p in r.plan] == ["cross", "goal"]
    # reversed: the exit is above the hole, unreachable
    s2 = mission(zones, [("s-u", "opening", "S", "U"), ("drop", "drop", "X", "U")])
    assert Counter(f.code for f in check(s2).errors) >= Counter({"unwinnable": 1, "exit-unreachable": 1})


def test_elevator_for_survivors_only_and_a_zone_no_one_can_stand_in():
    zones = [("S", "street"), ("L", "elevator"), ("X", "street")]
    conns = [("s-l", "elevator", "S", "L"), ("l-x", "opening", "L", "X")]
    assert check(mission(zones, conns)).winnable
    s = parse({**json.loads(dumps(mission(zones, conns))),
               "zones": [{"id": "S"}, {"id": "L", "kind": "elevator", "capacity": {"max_survivors": 0}},
                         {"id": "X"}]})
    assert not check(s).winnable


def test_turn_trigger_after_the_turn_limit_never_fires():
    zones = [("S", "street"), ("X", "street")]
    conns = [("s-x", "door", "S", "X", {"state": "locked"})]
    trig = [{"id": "dawn", "when": {"kind": "turn_reached", "turn": 12},
             "then": [{"kind": "open_door", "door": "s-x"}]}]
    ok = mission(zones, conns, triggers=trig, setup={"start_zones": ["S"], "turn_limit": 12})
    late = mission(zones, conns, triggers=trig, setup={"start_zones": ["S"], "turn_limit": 11})
    r = check(ok)
    assert r.winnable and ("wait", "12") in [(p.action, p.target) for p in r.plan]
    replay(ok, r.plan)
    found = codes(late)
    assert found["trigger-never-fires"] == 1 and found["unwinnable"] == 1


def test_kill_goal_needs_zombies():
    base = dict(victory={"steps": [{"kind": "kill", "count": 6}]}, exits=[])
    zones = [("S", "street"), ("X", "street")]
    s = mission(zones, [("s-x", "opening", "S", "X")], **base)
    assert check(s).winnable
    quiet = mission(zones, [("s-x", "opening", "S", "X")], spawns=[], **base)
    found = codes(quiet)
    assert found["unwinnable"] == 1 and found["no-active-spawn"] == 1


def test_ordered_steps_must_come_in_order():
    zones = [("S", "street"), ("A", "street"), ("X", "street")]
    conns = [("s-x", "opening", "S", "X"), ("x-a", "drop", "X", "A")]
    # reach A (through the exit, one way) and then escape: impossible in that order
    s = mission(zones, conns, victory={"ordered": True, "steps": [
        {"kind": "reach_zone", "zones": ["A"]}, {"kind": "escape"}]})
    assert not check(s).winnable
    s2 = mission(zones, conns, victory={"ordered": True, "steps": [
        {"kind": "reach_zone", "zones": ["X"]}, {"kind": "reach_zone", "zones": ["A"]}]})
    r = check(s2)
    assert r.winnable
    replay(s2, r.plan)
    # an escaped team does nothing more: escaping first, then reaching A, cannot be done
    s3 = mission(zones, conns, victory={"ordered": True, "steps": [
        {"kind": "escape"}, {"kind": "reach_zone", "zones": ["A"]}]})
    assert not check(s3).winnable


def test_replay_refuses_a_wrong_plan():
    report = check_file("scenarios/night-shift.json")
    plan = [p for p in report.plan if p.target != "blue-key"]
    with pytest.raises(ReplayError, match="locked"):
        replay(report.scenario, plan)


def test_spawn_activated_only_by_a_trigger_that_never_fires():
    zones = [("S", "street"), ("M", "street"), ("N", "street"), ("X", "street"), ("V", "room")]
    conns = [("s-m", "opening", "S", "M"), ("m-n", "opening", "M", "N"), ("m-x", "opening", "M", "X"),
             ("m-v", "door", "M", "V", {"state": "locked"})]
    s = mission(zones, conns,
                spawns=[{"id": "a", "zone": "N", "order": 1}, {"id": "b", "zone": "N", "order": 2, "active": False}],
                objectives=[{"id": "sw", "kind": "switch", "zone": "V"}],
                triggers=[{"id": "wake", "when": {"kind": "switch_pressed", "switch": "sw"},
                           "then": [{"kind": "activate_spawn", "spawn": "b"}]}])
    f = next(f for f in check(s).findings if f.code == "spawn-never-active")
    assert "wake" in f.message and f.ids == ("b", "N", "wake")


# ----------------------------------------------------------------------------------------------
# command line


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_text_lines_and_exit_codes():
    r = run("validate", "scenarios/broken/dead-end-hole.json")
    assert r.exit_code == 0, "warnings alone do not fail"
    assert r.output.splitlines() == [
        "scenarios/broken/dead-end-hole.json: warning dead-end: cross 'loft-hole' one way from Loft to "
        "Walled courtyard: the mission can no longer be won afterwards [loft-hole, L]"]
    assert run("validate", "--strict", "scenarios/broken/dead-end-hole.json").exit_code == 1
    assert run("validate", "scenarios/broken/key-behind-own-door.json").exit_code == 1


def test_cli_explain_prints_the_plan():
    r = run("validate", "--explain", "scenarios/night-shift.json")
    assert "how to win:" in r.output
    assert "take key 'blue-key' in Warehouse office" in r.output


def test_cli_json_output():
    r = run("validate", "--format", "json", "--explain", "scenarios/broken/switch-strands-team.json")
    doc = json.loads(r.output)
    f = doc["files"][0]
    assert f["winnable"] is True and f["findings"][0]["code"] == "dead-end"
    assert f["plan"][-1]["action"] == "goal"


def test_cli_validates_a_folder_of_broken_files():
    r = run("validate", "scenarios/broken")
    assert r.exit_code == 1
    assert {l.split(":")[0] for l in r.output.splitlines()} == {f"scenarios/broken/{n}" for n in EXPECTED}


def test_bench_validate_prints_its_figures_as_json():
    r = run("bench", "validate", "--zones", "400", "--repeat", "1", "--json")
    assert r.exit_code == 0
    figures = json.loads(r.output.splitlines()[-1])
    assert {"validate_s", "networkx_bfs_s", "validate_over_bfs", "validate_small_ms"} <= set(figures)
    assert figures["winnable"] is True and figures["locks"] == 32 and figures["switches"] == 8


def test_rule_overrides_must_be_known_to_the_profile():
    zones = [("S", "street"), ("X", "street")]
    s = mission(zones, [("s-x", "opening", "S", "X")],
                setup={"start_zones": ["S"], "rules": {"profile": "house", "overrides": {"actoins": 4, "actions": 5}}})
    found = [f for f in check(s).findings if f.code == "unknown-rule-override"]
    assert len(found) == 1 and found[0].ids == ("actoins",) and "profile 'house'" in found[0].message
    assert found[0].path == "setup.rules.overrides.actoins"


def test_token_yards_cost_saturations_linear_in_the_switches(monkeypatch):
    """Buttons toggling gates into yards that hold a token: each button pressed too early from
    an arrival that was itself too early chained 2^k arrivals (4.3 s at k = 12; 50 s once the
    city can be won). Now the saturations grow linearly with k (figures:
    ``python -m designer.checks.switchbench``)."""
    from designer.checks import reachability
    from designer.checks.switchbench import switch_map

    calls = []
    saturate = reachability._Search.saturate
    monkeypatch.setattr(reachability._Search, "saturate", lambda self, *a, **k: calls.append(1) or saturate(self, *a, **k))
    for kind in ("token", "chain"):
        for k in (4, 10):
            calls.clear()
            r = reachability.search(switch_map(1000, k, kind))
            assert r.winnable and not r.truncated
            assert len(calls) <= 4 * k + 4, (kind, k, len(calls))
