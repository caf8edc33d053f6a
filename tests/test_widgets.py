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
    assert safe_file_name("../../etc/passwd").startswith("etc-passwd~")
    assert safe_file_name("..").startswith("scenario~")
    path = Editor.new("v2.final").save(tmp_path)
    assert path == tmp_path / "v2.final.json" and designer.load(path).id == "v2.final"
    broken = Editor.new("broken")
    broken.delete("spawn", "spawn-1")
    with pytest.raises(EditError, match="confirm to save anyway"):
        broken.save(tmp_path)
    assert broken.save(tmp_path, confirm_errors=True).exists()
    assert safe_file_name("My Mission!").startswith("My-Mission~")


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
    els = elements_for(json.loads(designer.dumps(s)))
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
    assert app.plan and (app.plan_step.min, app.plan_step.max) == (1, len(app.plan))
    app.plan_step.value = 3
    assert app.canvas.highlighted and app.plan_text.value.startswith(f"3/{len(app.plan)}: ")


# -- the bugs of the designer issue that live on the Python side ----------------------------------


def test_a_failed_rename_keeps_the_selection_and_says_why_at_the_field():
    app = DesignerApp(Editor.new("m"), debounce=0)
    app.select("zone:Z3")
    field(app.form, "Id").value = "Z2"
    field(app.form, "Rename").click()
    assert app.canvas.selected == "zone:Z3", "the selection stays on the zone that was not renamed"
    errors = [c.value for c in walk(app.form) if isinstance(c, type(app.status)) and "already has id" in c.value]
    assert errors == ["<span class='sd-error'>a zone already has id 'Z2'</span>"]
    field(app.form, "Id").value = "exit-street"
    field(app.form, "Rename").click()
    assert app.canvas.selected == "zone:exit-street" and "exit-street" in app.editor.ids("zone")


@pytest.mark.parametrize("label, typed, message", [
    ("Level", "2.5", "expected a whole number from -20 to 200, not '2.5'"),
    ("Max zombies", "-5", "-5 is out of range: expected 0 to 1000"),
    ("Cost", "0", "0 is out of range: expected 1 to 20"),
])
def test_number_fields_refuse_bad_input_at_the_field(label, typed, message):
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.select("conn:door-pharmacy" if label == "Cost" else "zone:P1")
    before = json.dumps(app.editor.data, sort_keys=True)
    box = next(c for c in walk(app.form) if getattr(c, "text", None) is not None and c.text.description == label)
    box.text.value = typed
    assert json.dumps(app.editor.data, sort_keys=True) == before, "nothing changed"
    assert box.text.value == typed, "the field keeps what was typed"
    assert message in box.error.value and box.error.layout.display == ""
    box.text.value = "3"
    assert box.error.layout.display == "none"


def test_survivor_counts_and_games_are_checked_at_the_field():
    app = DesignerApp(Editor.new("m"), debounce=0)
    boxes = {c.text.description: c for c in walk(app.setup_box) if getattr(c, "text", None) is not None}
    boxes["Survivors max"].text.value = "0"
    assert "0 is out of range: expected 1 to 12" in boxes["Survivors max"].error.value
    boxes["Survivors max"].text.value = "2"
    assert app.editor.data["setup"]["survivors"]["max"] == 2
    boxes["Survivors min"].text.value = "5"
    assert "5 is more than the maximum (2)" in boxes["Survivors min"].error.value
    assert app.editor.data["setup"]["survivors"].get("min", 1) == 1
    app.games.text.value = "-10"
    assert "-10 is out of range" in app.games.error.value and app._number(app.games) is None


def test_opening_a_file_asks_before_dropping_unsaved_edits():
    app = DesignerApp(Editor.new("m"), debounce=0)
    app.editor.add_zone("kept")
    assert not app.open("scenarios/night-shift.json")
    assert "kept" in app.editor.ids("zone") and app.editor.can_undo, "nothing was dropped yet"
    assert "not exported" in app.confirm_box.children[0].value
    assert app.tabs.get_title(app.tabs.selected_index) == "Files", "the question is asked where it is seen"
    cancel = field(app.confirm_box, "Cancel")
    cancel.click()
    assert app.confirm_box.children == () and "kept" in app.editor.ids("zone")
    assert not app.open("scenarios/night-shift.json")
    field(app.confirm_box, "Discard edits and open").click()
    assert app.editor.data["id"] == "night-shift" and not app.editor.dirty


def test_new_keys_take_a_useful_colour_and_tokens_show_their_real_one():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    ed = app.editor
    ed.update("connection", "door-pharmacy", state="locked", lock={"kind": "colour", "colour": "yellow"})
    assert ed.suggest_key_colour() == "yellow", "the colour of a locked door without a key"
    ed.undo()
    assert ed.suggest_key_colour() not in {o.get("colour") for o in ed.data["objectives"] if o["kind"] == "key"}
    app.select("zone:P1")
    field(app.form, "Add objective here").click()  # a token: red by default, and the row says so
    token = ed.data["objectives"][-1]
    row = [c for c in walk(app.form) if "sd-objective" in getattr(c, "_dom_classes", ())][-1]
    colour = next(c for c in walk(row) if hasattr(c, "options") and "red (default)" in [o[0] for o in c._options_full])
    assert colour.value == "red" and "colour" not in token
    assert "obj red" in next(e for e in app.canvas.elements if e["data"].get("zone") == "P1")["data"]["label"]


def test_the_id_follows_the_title_and_exports_are_readable(tmp_path):
    app = DesignerApp(Editor.new(), folder=tmp_path, debounce=0)
    app.title_text.value = "Warehouse Raid!"
    assert app.editor.data["id"] == "warehouse-raid"
    path = app.export()
    assert path == tmp_path / "warehouse-raid.json"
    assert (path.stat().st_mode & 0o777) == 0o666 & ~_umask()
    app.id_text.value = "raid-v2"
    app.title_text.value = "Warehouse raid, second take"
    assert app.editor.data["id"] == "raid-v2", "an id the user chose stays"
    app.id_text.value = "bad id"
    assert "not a valid scenario id" in app.setup_box.children[2].value


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_deleting_the_keys_zone_drops_the_victory_step_and_says_so():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    ed = app.editor
    ed.set_victory([{"kind": "take_objectives", "objectives": ["blue-key"]}, {"kind": "escape"}])
    zone = next(o["zone"] for o in ed.data["objectives"] if o["id"] == "blue-key")
    app.select(f"zone:{zone}")
    notes = app.delete_selected()
    assert ed.data["victory"]["steps"] == [{"kind": "escape"}], "never an empty list (that means every token)"
    assert notes == ["victory step 1 (take objectives) removed: what it named was deleted"]
    assert "victory step 1 (take objectives) removed" in app.status.value


def test_drafts_are_per_session_and_offered_again():
    a = Editor.new("same-mission")
    b = Editor.new("same-mission")
    a.autosave = b.autosave = True
    a.add_zone("from-a")
    b.add_zone("from-b")
    assert a.draft_path() != b.draft_path()
    found = Editor.drafts("same-mission")
    assert len(found) == 2
    app = DesignerApp(Editor.new("same-mission"), debounce=0)
    assert app.offer_drafts() == 2 and "Unsaved work" in app.drafts_box.children[0].children[0].value
    assert len(app.drafts_list.children) == 2, "every draft is listed in the Files tab"
    field(app.drafts_box, "Recover draft").click()
    assert {"from-a", "from-b"} & set(app.editor.ids("zone"))
    assert app.editor.autosave and len(Editor.drafts("same-mission")) == 2, "the recovered draft is now this session's"


def test_highlights_clear_on_edits_tab_changes_and_opening():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.plan_step.value = 2
    assert app.canvas.highlighted
    app.tabs.selected_index = 2
    assert app.canvas.highlighted == [] and app.plan_text.value == ""
    app.plan_step.value = 3
    assert app.canvas.highlighted
    app.editor.update("zone", "P1", name="Chemist")
    assert app.canvas.highlighted == []
    app.check()
    app.show_plan_step(1)
    assert app.canvas.highlighted
    assert not app.open("scenarios/les-morts-aux-trousses.json"), "unsaved edits: it asks first"
    field(app.confirm_box, "Discard edits and open").click()
    assert app.editor.data["id"] == "les-morts-aux-trousses" and app.canvas.highlighted == []


def test_multi_select_moves_deletes_and_pastes_in_one_step_each():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    ed = app.editor
    warehouse = [z["id"] for z in ed.data["zones"] if z.get("building") == "warehouse"]
    app.canvas.event = {"type": "select", "id": "building:warehouse", "ids": ["building:warehouse"], "n": 1}
    assert app.canvas.selection == ["building:warehouse"]
    moves = [{"id": f"zone:{z}", "x": 1000.0 + i, "y": 5.0} for i, z in enumerate(warehouse)]
    app.canvas.event = {"type": "move", "moves": moves, "n": 2}
    assert all(z["position"]["x"] >= 1000 for z in ed.data["zones"] if z["id"] in warehouse)
    app.canvas.event = {"type": "duplicate", "ids": ["building:warehouse"], "n": 3}
    copies = [z for z in ed.data["zones"] if z.get("building") == "warehouse-2"]
    assert len(copies) == len(warehouse), "the whole building, as a new building"
    inside = [c for c in ed.data["connections"] if {c["from"], c["to"]} <= {z["id"] for z in copies}]
    assert inside, "with the openings between its rooms"
    assert app.canvas.selection == [f"zone:{z['id']}" for z in copies]
    assert ed.scenario is not None, ed.problems
    app.canvas.event = {"type": "delete", "ids": app.canvas.selection, "n": 4}
    assert not [z for z in ed.data["zones"] if z.get("building") == "warehouse-2"]
    app.canvas.event = {"type": "undo", "n": 5}
    assert len([z for z in ed.data["zones"] if z.get("building") == "warehouse-2"]) == len(warehouse)
    app.canvas.event = {"type": "copy", "ids": [f"zone:{warehouse[0]}"], "n": 6}
    app.canvas.event = {"type": "paste", "x": -500.0, "y": -500.0, "n": 7}
    pasted = ed.data["zones"][-1]
    assert pasted["position"] == {"x": -500.0, "y": -500.0}


def test_victory_triggers_pool_rules_and_equipment_have_forms():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    ed = app.editor
    app.step_kind.value = "kill"
    field(app.setup_box, "Add step").click()
    assert ed.data["victory"]["steps"][-2:] == [{"kind": "kill", "count": 1}, {"kind": "escape"}], \
        "a new goal goes before the final escape"
    take = next(c for c in walk(app.setup_box) if c.__class__.__name__ == "SelectMultiple")
    take.value = ("blue-key",)
    assert ed.data["victory"]["steps"][0]["objectives"] == ["blue-key"]
    app.equipment_text.value = "fire axe, pistol ,"
    assert ed.data["setup"]["survivors"]["starting_equipment"] == ["fire axe", "pistol"]
    n = len(ed.data.get("triggers", []))
    field(app.setup_box, "Add trigger").click()
    assert len(ed.data["triggers"]) == n + 1 and ed.scenario is not None
    walker = next(c for c in walk(app.setup_box) if getattr(c, "text", None) is not None
                  and c.text.description == "walker")
    walker.text.value = "12"
    assert ed.data["setup"]["zombie_pool"]["walker"] == 12
    rule = next(c for c in walk(app.setup_box) if getattr(c, "placeholder", "") == "new rule id")
    rule.value = "free search"
    field(app.setup_box, "Add rule").click()
    assert ed.data["setup"]["special_rules"][-1] == {"id": "free-search", "side": "heroes", "points": 1}
    assert "heroes <b>" in app.balance.value and "heroes ahead by" in app.balance.value


def test_add_zone_lands_in_view_and_auto_layout_places_every_zone():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.canvas.view = {"x1": 2000.0, "y1": 2000.0, "x2": 2600.0, "y2": 2400.0, "zoom": 1.0}
    zid = app._add_zone()
    z = next(z for z in app.editor.data["zones"] if z["id"] == zid)
    assert 2000 <= z["position"]["x"] <= 2600 and 2000 <= z["position"]["y"] <= 2400
    placed = dict(z["position"])
    app.auto_layout()
    spots = {(z["position"]["x"], z["position"]["y"]) for z in app.editor.data["zones"]}
    assert len(spots) == len(app.editor.data["zones"]), "no two zones on one spot"
    app.editor.undo()
    assert next(z for z in app.editor.data["zones"] if z["id"] == zid)["position"] == placed


def test_the_printable_map_has_the_canvas_look_buildings_and_a_legend(tmp_path):
    from designer.render import LOOK, render_map
    from designer.widgets.canvas import MapCanvas

    s = designer.load("scenarios/night-shift.json")
    svg = render_map(s, tmp_path / "map.svg").read_text(encoding="utf-8")
    for text in ("warehouse", "pharmacy", "locked door (key colour)", "START", "EXIT", "door", "fence"):
        assert f">{text}<" in svg or text in svg, text
    assert MapCanvas().look == LOOK, "the canvas draws with the same table"
    assert LOOK["kinds"]["room"].lower() in svg.lower(), "rooms in the canvas's colour"


def test_a_spawn_effects_dice_and_a_doors_by_hand_have_fields_with_errors_at_them():
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    ed = app.editor
    field(app.setup_box, "Add trigger").click()
    i = len(ed.data["triggers"]) - 1
    app._set_effect(i, 0, "spawn_zombies")
    dice = [c for c in walk(app.setup_box) if getattr(c, "text", None) is not None
            and c.text.description == "dice"]
    assert len(dice) == 1
    dice[0].text.value = "3x"
    assert "Dice: expected dice such as 1d3" in dice[0].error.value and dice[0].error.layout.display == ""
    assert "dice" not in ed.data["triggers"][i]["then"][0], "refused at the field: nothing changes"
    dice[0].text.value = "1d3"
    assert ed.data["triggers"][i]["then"][0]["dice"] == "1d3" and dice[0].error.layout.display == "none"
    assert ed.scenario.triggers[i].then[0].dice == "1d3"
    dice[0].text.value = ""
    assert "dice" not in ed.data["triggers"][i]["then"][0], "an empty field goes back to the count"
    # a door that only its button opens: the checkbox, and the validator's error in the door's form
    app.select("conn:door-pharmacy")
    by_hand = field(app.form, "by hand")
    assert by_hand.value is True
    by_hand.value = False
    door = next(c for c in ed.data["connections"] if c["id"] == "door-pharmacy")
    assert door["by_hand"] is False
    assert "door-cannot-open" in app.selection_findings.value and "no trigger opens it" in app.selection_findings.value
    ed.add_trigger({"kind": "turn_reached", "turn": 2}, [{"kind": "open_door", "door": "door-pharmacy"}])
    app.check()
    assert "door-cannot-open" not in app.selection_findings.value
    app.select("conn:door-pharmacy")
    field(app.form, "by hand").value = True
    assert "by_hand" not in next(c for c in ed.data["connections"] if c["id"] == "door-pharmacy")


def test_the_playtest_panel_tunes_shows_path_and_evidence_and_applies_as_one_undo_step():
    app = DesignerApp(Editor.open("scenarios/seul-dans-le-noir.json"), debounce=0)
    ed = app.editor
    app.policy.value = "greedy"
    for kind, box in app.tune_knobs.items():
        box.value = kind == "turn_limit"
    app.tune_target.text.value = "140"
    assert "140 is out of range: expected 1 to 99" in app.tune_target.error.value
    app.tune_target.text.value = "40"
    before = json.dumps(ed.data, sort_keys=True)
    r = app.tune(wait=True)
    assert r is not None and r.reached and r.path[0]["kind"] == "turn_limit"
    new_limit = r.scenario.setup.turn_limit
    assert "reached" in app.tune_state.value
    assert "turn limit" in app.tune_result.value and "setup.turn_limit 15 -&gt; " in app.tune_result.value
    last = r.evidence["looks"][-1]
    assert f"{last['games']:,}" in app.tune_result.value and f"{last['win_rate']:.1%}" in app.tune_result.value
    assert json.dumps(ed.data, sort_keys=True) == before, "nothing changes until Apply"
    assert not app.tune_apply.disabled
    n_undo = len(ed.history)
    app.tune_apply.click()
    assert ed.data["setup"]["turn_limit"] == new_limit and len(ed.history) == n_undo + 1
    assert "applied the tuned scenario" in app.status.value and app.tune_apply.disabled
    app.undo_button.click()
    assert ed.data["setup"]["turn_limit"] == 15
    # a tuning older than the mission is not applied over newer edits
    app.tune_apply.disabled = False
    ed.set_setup(turn_limit=14)
    assert app.apply_tuned() is False and "changed since it was tuned" in app.tune_error.value
    # nor over another mission opened since
    ed.set_setup(turn_limit=15)
    app._tune_version = (ed, ed.version)
    assert not app.new("other", "Other")  # unsaved edits: it asks first
    field(app.confirm_box, "Discard edits and start").click()
    assert app.editor is not ed
    app.editor.version = ed.version
    assert app.apply_tuned() is False and app.editor.data["id"] == "other"
    for box in app.tune_knobs.values():
        box.value = False
    assert app.tune(wait=True) is None and "tick at least one knob" in app.tune_error.value


def test_the_last_night_on_earth_setup_has_a_form():
    """The set-up form of a Last Night on Earth mission edits setup.lnoe: the spawn roll (bad dice
    refused at the field), the grave dead's ability, the hero's random building, the optional rules."""
    app = DesignerApp(Editor.open("scenarios/woodinvale-last-stand.json"), debounce=0)
    ed = app.editor
    roll = next(c for c in walk(app.setup_box) if getattr(c, "description", "") == "spawn roll")
    assert roll.value == "2d6"
    roll.value = "3x"
    assert ed.data["setup"]["lnoe"]["spawn_roll"] == "2d6"
    roll.value = "1d6"
    assert ed.data["setup"]["lnoe"]["spawn_roll"] == "1d6"
    start = next(c for c in walk(app.setup_box) if getattr(c, "description", "") == "hero starts in")
    start.value = "random_building"
    assert ed.data["setup"]["lnoe"]["start"] == "random_building"
    night = next(c for c in walk(app.setup_box) if getattr(c, "description", "").startswith("'Une nuit"))
    night.value = True
    assert ed.data["setup"]["lnoe"]["endless_night"] is True and ed.scenario is not None
    ed.undo()
    assert "endless_night" not in ed.data["setup"]["lnoe"]
