"""The scenario model: samples, references, tagged unions."""

from __future__ import annotations

import json

import pytest

import designer
from designer.io.files import LoadError, parse
from designer.model.scenario import Door, Drop, Elevator, Scenario

from .conftest import SAMPLES


def data(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("path", SAMPLES)
def test_every_sample_loads(path):
    s = designer.load(path)
    assert s.meta.description, "each sample describes itself"


def test_three_named_samples_exist(root):
    names = {p.split("/")[-1] for p in SAMPLES}
    assert {"seul-dans-le-noir.json", "les-morts-aux-trousses.json", "night-shift.json"} <= names


def test_seul_dans_le_noir_follows_the_mini_game_rules():
    s = designer.load("scenarios/seul-dans-le-noir.json")
    assert s.setup.rules.profile == "lnoe"
    assert (s.setup.survivors.min, s.setup.survivors.max) == (1, 1)
    assert s.setup.zombie_pool == {"zombie": 7}
    assert s.setup.spawn_method.kind == "dice" and s.setup.spawn_method.dice == "1d3"
    assert [st.model_dump() for st in s.victory.steps] == [{"kind": "kill", "count": 6, "zombie": None}]
    assert s.setup.survivors.starting_cards == 2
    assert s.setup.turn_limit and s.defeat.at_turn_limit
    buildings = {z.building for z in s.zones if z.building}
    # one free search marker per building, and a start in each building (d6 board, d6 building)
    markers = {s.zone(o.zone).building for o in s.objectives if o.kind == "search_marker"}
    starts = {s.zone(z).building for z in s.setup.start_zones}
    assert markers == buildings == starts and len(buildings) == 6


def test_night_shift_has_the_required_furniture():
    s = designer.load("scenarios/night-shift.json")
    key = next(o for o in s.objectives if o.kind == "key")
    group = [o for o in s.objectives if o.hidden_group == key.hidden_group]
    assert len(group) >= 3 and {o.kind for o in group} == {"key", "token"}
    locked = [c for c in s.connections if c.kind == "door" and c.lock and c.lock.kind == "colour"]
    assert locked and locked[0].lock.colour == key.colour
    switch = next(o for o in s.objectives if o.kind == "switch")
    trig = next(t for t in s.triggers if t.when.kind == "switch_pressed")
    assert trig.when.switch == switch.id
    activated = [e.spawn for e in trig.then if e.kind == "activate_spawn"]
    assert activated and s.spawn(activated[0]).colour == switch.colour and not s.spawn(activated[0]).active
    assert s.exits and s.setup.start_zones


def test_house_has_levels_stairs_elevator_hole_and_bunkers():
    s = designer.load("scenarios/les-morts-aux-trousses.json")
    assert {z.level for z in s.zones} == {-1, 0, 1}
    kinds = {c.kind for c in s.connections}
    assert {"stairs", "elevator", "drop"} <= kinds
    lift = next(c for c in s.connections if isinstance(c, Elevator))
    assert lift.capacity == 1 and not lift.zombies
    assert all(c.one_way for c in s.connections if isinstance(c, Drop))
    assert all(z.flags.dark for z in s.zones if z.level == -1)
    assert any(z.flags.breakthrough for z in s.zones)
    assert all(z.capacity.max_zombies == 3 for z in s.zones if z.kind == "room")
    bunkers = [c for c in s.connections if isinstance(c, Door) and c.lock and c.lock.kind == "item"]
    # "In the office: there are zombies (dice roll) + 2 keys (one is drawn at random)": one key per bunker
    assert {b.id: b.lock.item for b in bunkers} == {"bunker-a-door": "bunker A key", "bunker-b-door": "bunker B key"}
    key = next(o for o in s.objectives if o.id == "office-key")
    assert {key.item, *key.one_of} == {"bunker A key", "bunker B key"}


def test_connection_kinds_have_their_own_defaults():
    s = designer.load("scenarios/les-morts-aux-trousses.json")
    hole = s.connection("walkway-hole")
    assert isinstance(hole, Drop) and hole.one_way and hole.zombies and not hole.sight


def test_dangling_references_name_the_json_path():
    d = data("scenarios/night-shift.json")
    d["spawns"][0]["zone"] = "nowhere"
    d["triggers"][0]["then"][0]["door"] = "s1-s2"  # an opening, not a door
    with pytest.raises(LoadError) as e:
        parse(d, "x.json")
    lines = e.value.lines()
    assert "x.json: spawns[0].zone: no zone has id 'nowhere'; expected one of the ids in 'zones'" in lines
    assert any("triggers[0].then[0].door: 's1-s2' is a connection of kind 'opening'; expected a door" in l
               for l in lines)
    codes = {p.code for p in e.value.problems}
    assert codes == {"dangling-reference", "wrong-reference-kind"}


def test_duplicate_ids_are_refused():
    d = data("scenarios/night-shift.json")
    d["zones"][1]["id"] = d["zones"][0]["id"]
    with pytest.raises(LoadError) as e:
        parse(d)
    assert any(p.code == "duplicate-id" and p.path == "zones[1].id" for p in e.value.problems)


def test_models_build_from_python_too():
    s = Scenario.model_validate(data("scenarios/night-shift.json"))
    door = s.connection("door-blue")
    assert isinstance(door, Door) and door.state == "locked" and door.zones == ("W3", "V1")
    assert s.zone("P1").is_searchable and not s.zone("S1").is_searchable
