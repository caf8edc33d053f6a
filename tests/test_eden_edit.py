"""Renames and deletions follow into victory points and infestation placements (docs/terrain.md).

Both lists are walked by the model's one reference table
(:data:`designer.model.references.REFERENCE_FIELDS`), which the loader's reference check, the
editor's rename and its delete cascade all read.
"""

from __future__ import annotations

import json

import pytest

from designer.edit import Editor
from designer.io.files import LoadError, parse
from designer.model.references import iter_references

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "eden-skirmish.json"


def _editor() -> Editor:
    return Editor(json.loads(SAMPLE.read_text()))


def test_the_walker_lists_points_objectives_and_placement_zones():
    """Seed 004: "Le Premier joueur dépense X points d'Infestation de sa réserve et place un CNJ ...
    sur le terrain": a placement names a zone, a mission card's points name objectives."""
    refs = {(r.path, r.kind, r.id) for r in iter_references(json.loads(SAMPLE.read_text()))}
    assert ("points.objectives[2].objective", "objective", "cache") in refs
    assert ("infestation.placed[0].zone", "zone", "E1") in refs


def test_renaming_an_objective_renames_its_points_entry():
    ed = _editor()
    ed.rename("objective", "cache", "supply-cache")
    names = [e["objective"] for e in ed.data["points"]["objectives"]]
    assert "supply-cache" in names and "cache" not in names
    parse(ed.data)  # the file still loads: no dangling reference


def test_renaming_a_zone_renames_the_monsters_placed_in_it():
    ed = _editor()
    ed.rename("zone", "E1", "engine-room")
    zones = [p["zone"] for p in ed.data["infestation"]["placed"]]
    assert zones[0] == "engine-room" and "E1" not in zones
    parse(ed.data)
    ed.undo()
    assert ed.data["infestation"]["placed"][0]["zone"] == "E1"


def test_deleting_an_objective_drops_its_points_entry_with_a_note():
    ed = _editor()
    notes = ed.delete("objective", "wreck")
    assert [e["objective"] for e in ed.data["points"]["objectives"]] == ["beacon", "hilltop", "cache"]
    assert any("points.objectives" in n and "wreck" in n for n in notes)
    parse(ed.data)


def test_deleting_a_zone_drops_the_monsters_placed_there():
    ed = _editor()
    ed.delete("zone", "W1")
    assert [p["monster"] for p in ed.data["infestation"]["placed"]] == ["brute", "ghoul"]
    parse(ed.data)


def test_a_points_mission_left_scoring_nothing_stops_being_one():
    ed = _editor()
    ed.data["points"]["kills"] = {}
    ed.data["points"]["objectives"] = [{"objective": "cache", "taken": 3}]
    notes = ed.delete("objective", "cache")
    assert "points" not in ed.data
    assert any("no longer a points mission" in n for n in notes)
    parse(ed.data)


def test_a_stale_id_is_reported_once_at_its_path():
    d = json.loads(SAMPLE.read_text())
    d["points"]["objectives"][1]["objective"] = "nowhere"
    d["infestation"]["placed"][2]["zone"] = "Q9"
    with pytest.raises(LoadError) as e:
        parse(d)
    text = str(e.value)
    assert text.count("points.objectives[1].objective") == 1
    assert text.count("infestation.placed[2].zone") == 1
