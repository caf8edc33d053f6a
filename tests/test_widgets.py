"""The editing API and the designer widgets, driven in plain Python (no browser)."""

from __future__ import annotations

import json

import pytest

import designer
from designer.checks import check
from designer.edit import EditError, Editor, safe_file_name
from designer.widgets import DesignerApp, elements_for
from designer.widgets.canvas import _STATIC

from .conftest import ROOT


def walk(box):
    """Every widget inside ``box``, depth first."""
    for c in getattr(box, "children", ()):
        yield c
        yield from walk(c)


def field(box, description):
    """The widget of ``box`` with this description (the text box of a number field)."""
    return next(c for c in walk(box) if getattr(c, "description", None) == description)


@pytest.fixture(autouse=True)
def drafts(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.edit.DRAFTS", tmp_path / "drafts")
    monkeypatch.setattr("designer.edit.DRAFT_DELAY", 0)  # drafts written at once, not a second later


def test_rename_updates_every_reference():
    ed = Editor.open("scenarios/night-shift.json")
    ed.rename("zone", "V1", "vault")
    ed.rename("connection", "door-green", "dock-gate")
    ed.rename("objective", "green-switch", "lever")
    ed.rename("spawn", "spawn-green", "green")
    s = ed.scenario
    assert s is not None, ed.problems
    assert s.objective("lever").zone == "vault"
    t = s.triggers[0]
    assert t.when.switch == "lever" and t.then[0].door == "dock-gate" and t.then[1].spawn == "green"
    assert check(s).winnable


def test_delete_cascades_and_undo_restores_everything():
    ed = Editor.open("scenarios/night-shift.json")
    before = json.dumps(ed.data, sort_keys=True)
    ed.delete("zone", "V1")
    s = ed.scenario
    assert s is not None, ed.problems
    assert "green-switch" not in ed.ids("objective")
    assert "door-blue" not in ed.ids("connection") and "door-green" not in ed.ids("connection")
    assert ed.data["triggers"] == [], "a trigger of a deleted switch goes too"
    assert not check(s).winnable
    ed.undo()
    assert json.dumps(ed.data, sort_keys=True) == before
    ed.redo()
    assert "V1" not in ed.ids("zone")


def test_bad_edits_are_refused_and_leave_no_trace():
    ed = Editor.new("m")
    with pytest.raises(EditError, match="already has id"):
        ed.add_zone("Z1")
    with pytest.raises(EditError, match="not a valid id"):
        ed.rename("zone", "Z1", "has space")
    with pytest.raises(EditError, match="no zone has id"):
        ed.add_connection("Z1", "nowhere")
    with pytest.raises(EditError, match="nothing to redo"):
        ed.redo()
    assert not ed.can_undo


def test_save_never_leaves_the_folder_and_needs_confirmation_for_errors(tmp_path):
    assert safe_file_name("../../etc/passwd") == "etc-passwd.json"
    assert safe_file_name("..") == "scenario.json"
    path = Editor.new("v2.final").save(tmp_path)
    assert path == tmp_path / "v2.final.json" and designer.load(path).id == "v2.final"
    broken = Editor.new("broken")
    broken.delete("spawn", "spawn-1")
    with pytest.raises(EditError, match="confirm to save anyway"):
        broken.save(tmp_path)
    assert broken.save(tmp_path, confirm_errors=True).exists()
    assert safe_file_name("My Mission!") == "My-Mission.json"


def test_autosaved_drafts_survive_a_restart():
    ed = Editor.new("draft-me", title="Draft")
    ed.autosave = True
    ed.add_zone("extra", x=5, y=5)
    again = Editor.recover("draft-me")
    assert "extra" in again.ids("zone")


def test_invalid_data_is_reported_not_raised():
    ed = Editor.new("m")
    ed.update("zone", "Z1", kind="moon-base")
    assert ed.scenario is None
    assert ed.findings()[0].code == "invalid-field"
    ed.undo()
    assert ed.scenario is not None


def test_elements_show_zones_doors_badges_and_buildings():
    s = designer.load("scenarios/night-shift.json")
    els = elements_for(json.loads(s.to_json()))
    zones = [e for e in els if e["group"] == "nodes" and "zone" in e["classes"].split()]
    assert len(zones) == len(s.zones)
    blue = next(e for e in els if e["data"]["id"] == "conn:door-blue")
    assert set(blue["classes"].split()) == {"door", "locked"} and blue["data"]["lock"] == "blue"
    s1 = next(e for e in zones if e["data"]["zone"] == "S1")
    assert "START" in s1["data"]["label"] and "start" in s1["classes"]
    assert any(e["data"]["id"] == "building:warehouse" for e in els)


def test_the_bundle_ships_in_the_package_and_fetches_nothing():
    bundle = (_STATIC / "canvas.js").read_text(encoding="utf-8")
    assert len(bundle) > 100_000, "cytoscape is bundled"
    assert "http://" not in bundle and "https://" not in bundle and "import(" not in bundle.replace("import()", "")


def test_canvas_events_drive_the_editor():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    n = len(app.editor.ids("zone"))
    app.canvas.event = {"type": "add_zone", "x": 800, "y": 40, "n": 1}
    new = app.editor.ids("zone")[-1]
    assert len(app.editor.ids("zone")) == n + 1 and app.canvas.selected == f"zone:{new}"
    app.new_kind.value = "door"
    app.canvas.event = {"type": "connect", "source": "zone:D1", "target": f"zone:{new}", "n": 2}
    conn = app.editor.data["connections"][-1]
    assert (conn["from"], conn["to"], conn["kind"]) == ("D1", new, "door")
    app.canvas.event = {"type": "move", "id": f"zone:{new}", "x": 810, "y": 50, "n": 3}
    assert app.editor.data["zones"][-1]["position"] == {"x": 810.0, "y": 50.0}
    app.canvas.event = {"type": "select", "id": f"zone:{new}", "n": 4}
    app.canvas.event = {"type": "delete", "n": 5}
    assert new not in app.editor.ids("zone")
    assert len([e for e in app.canvas.elements if "zone" in e.get("classes", "")]) == n


def test_forms_edit_the_selection():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.select("zone:P1")
    field(app.form, "Name").value = "Chemist"
    assert app.editor.data["zones"][6]["name"] == "Chemist"
    app.select("zone:P1")
    field(app.form, "dark").value = True
    assert app.editor.data["zones"][6]["flags"] == {"dark": True}
    app.select("conn:door-pharmacy")
    field(app.form, "State").value = "locked"
    field(app.form, "Key colour").value = "yellow"
    door = next(c for c in app.editor.data["connections"] if c["id"] == "door-pharmacy")
    assert door["state"] == "locked" and door["lock"] == {"kind": "colour", "colour": "yellow"}
    codes = {f.code for f in app.check()}
    assert "door-cannot-open" in codes, "no yellow key: the findings panel says so"
    finding = next(f for f in app.findings if f.code == "door-cannot-open")
    assert app.highlight_finding(finding) == ["conn:door-pharmacy", "zone:S2", "zone:P1"]
    app.undo_button.click()
    app.undo_button.click()
    assert "door-cannot-open" not in {f.code for f in app.check()}


def test_export_needs_confirmation_with_errors(tmp_path):
    app = DesignerApp(Editor.new("exported"), folder=tmp_path, debounce=0)
    app.editor.delete("spawn", "spawn-1")
    assert app.export() is None and "confirm" in app.status.value
    app.confirm_errors.value = True
    path = app.export()
    assert path == tmp_path / "exported.json" and designer.load(path).id == "exported"
    assert app.render(str(tmp_path / "map.svg")).read_text().lstrip().startswith("<?xml")


def test_opening_a_broken_file_says_why(tmp_path):
    app = DesignerApp(Editor.new("x"), debounce=0)
    assert not app.open(str(ROOT / "scenarios" / "broken" / "misspelt-fields.json"))
    assert "levle" in app.file_error.value and "Files tab" in app.status.value
    assert app.open(str(ROOT / "scenarios" / "les-morts-aux-trousses.json"))
    assert sorted(app.level_toggles) == [-1, 0, 1]
    app.level_toggles[-1].value = False
    assert app.canvas.hidden_levels == ["-1"]


def test_plan_steps_show_on_the_map():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    assert app.plan and app.plan_step.max == len(app.plan) - 1
    app.plan_step.value = 3
    assert app.canvas.highlighted and app.plan_text.value.startswith(f"3/{len(app.plan)}: ")
