"""The compiled scenario: the engine board's tables, one definition of buildings, immutable;
the reference walker: every reference declared once."""

from __future__ import annotations

import json
import pickle

import pytest

import designer
from designer import checks
from designer.edit import _REFS
from designer.engine.board import Board
from designer.io.files import parse
from designer.model.references import REFERENCE_FIELDS, iter_references
from designer.model.scenario import BUILDING_KINDS
from designer.rules import compile
from designer.rules.compiled import ST_TAKE

from .conftest import SAMPLES

BOARD_FIELDS = (
    "zone_ids zone_index names kind level dark fire searchable breakthrough max_zombies max_survivors no_zombies "
    "conn_ids conn_index c_from c_to c_kind c_cost c_sight door_ids door_index c_door door_conn door_open0 "
    "door_unlocked0 door_lock door_breakable door_spawns surv_adj zpath_adj building_of building_zones spawn_ids "
    "spawn_index spawn_zone spawn_kind spawn_active0 zone_tiles tile_zones manholes obj_ids obj_index obj_kind "
    "obj_zone0 obj_xp obj_colour obj_item obj_repeatable hidden_groups start_zones exits is_exit sight_lines"
).split()


def plain(value):
    """Tuples as lists, recursively, to compare tables whatever sequence type holds them."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("path", SAMPLES)
def test_the_compiled_scenario_holds_the_boards_tables(path):
    s = designer.load(path)
    cs, board = compile(s), Board(s)
    for name in BOARD_FIELDS:
        assert plain(getattr(cs, name)) == plain(getattr(board, name)), name


def test_the_compiled_scenario_is_immutable_and_pickles():
    cs = compile(designer.load("scenarios/night-shift.json"))
    with pytest.raises(AttributeError, match="immutable"):
        cs.n = 3
    with pytest.raises(AttributeError, match="immutable"):
        cs._witness = []
    with pytest.raises(AttributeError):
        del cs.zone_ids
    cs.caches.setdefault("plans", {})["x"] = 1  # the declared cache is the one mutable part
    again = pickle.loads(pickle.dumps(cs))
    assert again.zone_ids == cs.zone_ids and again.caches == {}


def test_corridors_are_streets_in_the_model_and_the_tables():
    assert "corridor" not in BUILDING_KINDS and "room" in BUILDING_KINDS
    s = parse({"schema_version": 1, "id": "t", "meta": {"title": "t"},
               "zones": [{"id": "S"}, {"id": "C", "kind": "corridor"}, {"id": "R", "kind": "room"},
                         {"id": "Q", "kind": "room"}],
               "connections": [{"id": "s-c", "kind": "door", "from": "S", "to": "C"},
                               {"id": "c-r", "kind": "door", "from": "C", "to": "R"},
                               {"id": "r-q", "kind": "opening", "from": "R", "to": "Q"}],
               "victory": {"steps": [{"kind": "kill", "count": 1}]}, "setup": {"start_zones": ["S"]}})
    assert not s.zone("C").is_building and s.zone("R").is_building
    cs = compile(s)
    assert cs.building_of == (-1, -1, 0, 0) and cs.building_zones == ((2, 3),)


def test_an_empty_take_step_asks_for_every_token_and_key_written_once():
    cs = compile(designer.load("scenarios/night-shift.json"))
    s = cs.scenario
    data = json.loads(designer.dumps(s))
    data["victory"] = {"steps": [{"kind": "take_objectives"}]}
    cs2 = compile(parse(data))
    expected = tuple(i for i, o in enumerate(s.objectives) if o.kind in ("token", "key"))
    assert cs2.step_op == (ST_TAKE,) and cs2.step_targets == (expected,) == (cs2.default_targets,)


def test_triggers_and_effects_are_op_rows():
    cs = compile(designer.load("scenarios/night-shift.json"))
    s = cs.scenario
    for t, (op, arg), row in zip(s.triggers, cs.trig_event, cs.trig_effects):
        assert len(row) == len(t.then)
        if t.when.kind == "switch_pressed":
            assert cs.obj_ids[arg] == t.when.switch
        for e, (fx, a) in zip(t.then, row):
            if hasattr(e, "door"):
                assert cs.door_ids[a] == e.door


def test_one_compile_per_validation_run(monkeypatch):
    calls = []
    real = checks.compile_scenario
    monkeypatch.setattr(checks, "compile_scenario", lambda s: calls.append(1) or real(s))
    report = checks.check(designer.load("scenarios/night-shift.json"))
    assert len(calls) == 1 and report.compiled is not None and report.reachability.compiled.cs is report.compiled


# -- the reference walker ---------------------------------------------------------------------

@pytest.mark.parametrize("path", SAMPLES)
def test_the_walker_finds_what_the_editor_renames(path):
    """Every (holder, key) the editor's rename walks is a reference the walker declares."""
    data = json.loads(designer.dumps(designer.load(path)))
    walked = {(id(r.holder), r.key) for r in iter_references(data)}
    for what, refs in _REFS.items():
        for holder, key in refs(data):
            assert (id(holder), key) in walked, (what, holder, key)


def test_the_walker_reads_the_model_and_its_json_alike():
    s = designer.load("scenarios/night-shift.json")
    data = json.loads(designer.dumps(s))
    a = [(r.path, r.kind, r.id, r.owner) for r in iter_references(s)]
    b = [(r.path, r.kind, r.id, r.owner) for r in iter_references(data)]
    assert a == b and len(a) > 40
    assert {r.kind for r in iter_references(s)} >= {"zone", "door", "objective", "switch"}


def test_a_dangling_reference_is_found_at_its_declared_path():
    data = json.loads(designer.dumps(designer.load("scenarios/night-shift.json")))
    data["victory"]["steps"].append({"kind": "open_doors", "doors": ["no-such-door"]})
    from designer.checks.structure import reference_findings

    found = reference_findings(data)
    assert [(f.code, f.path) for f in found] == [
        ("dangling-reference", f"victory.steps[{len(data['victory']['steps']) - 1}].doors[0]")]
    assert any(p.startswith("victory.steps[*]{open_doors}") for p, _ in REFERENCE_FIELDS)
    not_a_door = next(c["id"] for c in data["connections"] if c["kind"] != "door")
    data["victory"]["steps"][-1]["doors"] = [not_a_door]
    assert [f.code for f in reference_findings(data)] == ["wrong-reference-kind"]
