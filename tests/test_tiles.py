"""Map tiles: the model (library, placements, expansion, joins across edges), the editing API
(place, move, turn, remove, save a selection as a tile) and the designer's Tiles tab."""

from __future__ import annotations

import json

import pytest

import designer
from designer.checks import check
from designer.edit import EditError, Editor
from designer.io.files import LoadError
from designer.model.tile_library import builtin_tiles
from designer.model.tiles import TileMap, end_point, expand, joins, rotate_point, rotated_side, tile_list
from designer.widgets import DesignerApp

from .conftest import ROOT


@pytest.fixture(autouse=True)
def drafts(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.edit.DRAFTS", tmp_path / "drafts")
    monkeypatch.setattr("designer.edit.DRAFT_DELAY", 0)


def joined(ed: Editor) -> set[tuple[str, str]]:
    return {(c["from"], c["to"]) for c in ed.data["connections"] if "--" in c["id"]}


def test_turning_a_point_and_a_side_agree():
    # the top middle of a tile goes to the right middle after a quarter turn clockwise
    assert rotate_point(*end_point("N", 0.5, 600), 600, 1) == end_point("E", 0.5, 600)
    assert rotate_point(*end_point("W", 0.25, 600), 600, 1) == end_point("N", 0.75, 600)
    assert [rotated_side("N", k) for k in range(4)] == ["N", "E", "S", "W"]
    assert rotate_point(100, 40, 600, 4) == (100, 40)


def test_every_builtin_tile_is_a_valid_map_on_its_own():
    for t in builtin_tiles():
        ed = Editor.new("one-tile")
        ed.place_tile(t.id, 2, 0)
        s = ed.scenario
        assert s is not None, (t.id, ed.problems)
        assert {z.id for z in s.zones if z.tiles == [t.id]} == {f"{t.id}.{z.id}" for z in t.zones}
        for side, ends in t.edges.items():
            for e in ends:
                kind = next(z.kind for z in t.zones if z.id == e.zone)
                assert kind in ("street", "corridor"), (t.id, side, e.zone)


def test_streets_meeting_across_an_edge_are_joined_and_sight_runs_on():
    ed = Editor.new("town")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("1A", 1, 0)
    assert joined(ed) == {("1B.E", "1A.W")}
    through = [ln for ln in ed.data["sight_lines"] if ln["id"].startswith("tiles-sight-")]
    assert [ln["zones"] for ln in through] == [["1B.W", "1B.C", "1B.E", "1A.W", "1A.C", "1A.E"]]
    # a tile below the crossroads joins its north street to the crossroads' south street
    ed.place_tile("2B", 0, 1, rotation=2)  # turned: its south street now runs north
    assert ("1B.S", "2B.S") in joined(ed)
    assert ed.scenario is not None and ed.problems == []


def test_a_street_into_a_wall_is_not_joined_and_said():
    ed = Editor.new("walls")
    ed.place_tile("1A", 0, 0)
    ed.place_tile("3A", 1, 0, rotation=2)  # the dead end's only street end now faces east, away
    assert joined(ed) == set()
    assert any("runs into a wall of tile '3A'" in n for n in ed.notes)


def test_moving_and_turning_keep_edits_and_join_anew():
    ed = Editor.new("moves")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("1A", 1, 0)
    ed.update("zone", "1A.H", name="Gun shop")
    ed.update("connection", "1A.d2", state="locked", lock={"kind": "colour", "colour": "blue"})
    before = {z["id"]: dict(z["position"]) for z in ed.data["zones"] if z.get("tiles") == ["1A"]}
    ed.move_tile("1A", 0, 1)  # below the crossroads: 1A has no north street, so no join
    assert joined(ed) == set()
    after = {z["id"]: z["position"] for z in ed.data["zones"] if z.get("tiles") == ["1A"]}
    assert all(after[k] == {"x": p["x"] - 600, "y": p["y"] + 600} for k, p in before.items())
    ed.rotate_tile("1A", 1)  # a quarter turn: its west street now runs north
    assert joined(ed) == {("1B.S", "1A.W")}
    assert ed.tile_map().placed[1].rotation == 1
    z = next(z for z in ed.data["zones"] if z["id"] == "1A.H")
    c = next(c for c in ed.data["connections"] if c["id"] == "1A.d2")
    assert z["name"] == "Gun shop" and c["lock"] == {"kind": "colour", "colour": "blue"}
    assert ed.scenario is not None
    ed.undo()
    ed.undo()
    assert joined(ed) == {("1B.E", "1A.W")}


def test_refused_tile_edits_leave_no_trace():
    ed = Editor.new("refusals")
    ed.place_tile("1A", 0, 0)
    text = json.dumps(ed.data)
    with pytest.raises(EditError, match="already holds tile '1A'"):
        ed.place_tile("1B", 0, 0)
    with pytest.raises(EditError, match="no tile has id 'ZZ'"):
        ed.place_tile("ZZ", 3, 3)
    ed.place_tile("2A", 1, 0)
    with pytest.raises(EditError, match="already holds tile '1A'"):
        ed.move_tile("2A", 0, 0)
    with pytest.raises(EditError, match="no placed tile has id 'nope'"):
        ed.rotate_tile("nope")
    ed.undo()
    assert json.dumps(ed.data) == text


def test_removing_a_tile_takes_its_zones_and_what_stands_in_them():
    ed = Editor.new("removal")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("1A", 1, 0)
    ed.add_spawn("1A.C")
    tok = ed.add_objective("1A.H", kind="token")
    ed.set_victory([{"kind": "take_objectives", "objectives": [tok]}, {"kind": "escape"}])
    n = len(ed.data["zones"])
    notes = ed.remove_tile("1A")
    assert len(ed.data["zones"]) == n - 6
    assert not any(z["id"].startswith("1A.") for z in ed.data["zones"])
    assert joined(ed) == set() and [p.id for p in ed.tile_map().placed] == ["1B"]
    assert [t.id for t in ed.tile_map().library] == ["1B"], "a tile no longer placed leaves the map's library"
    assert any("victory step 1" in n for n in notes)
    assert ed.scenario is not None
    ed.remove_tile("1B")
    assert "tiles" not in ed.data


def test_a_second_face_of_a_sheet_is_placed_with_a_note_and_copies_are_numbered():
    ed = Editor.new("faces")
    ed.place_tile("1A", 0, 0)
    pid = ed.place_tile("1B", 1, 0)
    assert pid == "1B" and "other face of '1A'" in ed.notes[0]
    assert ed.place_tile("1A", 2, 0) == "1A-2"
    assert {z["id"] for z in ed.data["zones"]} >= {"1A.W", "1A-2.W"}


def test_the_file_keeps_its_tiles_and_the_validator_and_engine_see_a_plain_map(tmp_path):
    ed = Editor.new("round-trip", title="Round trip")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("2A", 1, 0)
    path = ed.save(tmp_path, confirm_errors=True)
    s = designer.load(path)
    assert s.tiles is not None and [p.id for p in s.tiles.placed] == ["1B", "2A"]
    assert tile_list(s.tiles) == "1B & 2A"
    # expanding the placements gives exactly the zones and connections in the file (before edits)
    zones, conns, lines = expand(s.tiles)
    file_zones = {z.id: z for z in s.zones}
    for z in zones:
        assert file_zones[z["id"]].position.x == z["position"]["x"]
    found, _walls = joins(s.tiles)
    assert [(j.a, j.b) for j in found] == [("1B.E", "2A.W")]
    report = check(s)
    assert not [f for f in report.findings if f.code in ("dangling-reference", "duplicate-id")]
    again = designer.load(path)
    assert again.model_dump() == s.model_dump()


def test_bad_tile_data_is_refused_with_its_json_path(tmp_path):
    ed = Editor.new("bad-tiles")
    ed.place_tile("1A", 0, 0)
    data = json.loads(json.dumps(ed.data))
    data["tiles"]["placed"].append({"id": "X", "tile": "9Z", "col": 0, "row": 0})
    data["tiles"]["library"][0]["edges"]["W"][0]["zone"] = "nowhere"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LoadError) as e:
        designer.load(path)
    text = str(e.value)
    assert "tiles.placed[1].tile" in text and "no tile has id '9Z'" in text
    assert "both lie on column 0, row 0" in text
    assert "tiles.library[0].edges.W[0].zone" in text
    with pytest.raises(ValueError):
        TileMap.model_validate({"placed": [{"id": "A", "tile": "A", "col": 0, "row": 0, "rotation": 4}]})


def test_a_selection_saved_as_a_tile_can_be_placed_and_joins():
    ed = Editor.open(ROOT / "scenarios" / "night-shift.json")
    streets = [z["id"] for z in ed.data["zones"] if z.get("kind", "street") == "street"][:3]
    tid = ed.save_tile(streets, "9A", name="Night street")
    tile = ed.tile_map().tile("9A")
    assert tile.name == "Night street" and len(tile.zones) == 3
    assert all(0 <= z.position.x <= 600 and 0 <= z.position.y <= 600 for z in tile.zones)
    assert tile.edges, "streets at the sides of the tile become its street ends"
    assert tid in {t.id for t in ed.tile_library()}
    pid = ed.place_tile("9A", 10, 10)
    assert ed.scenario is not None and {z.tiles[0] for z in ed.scenario.zones if z.tiles} == {pid}
    with pytest.raises(EditError, match="has code '9A' already"):
        ed.save_tile(streets, "9A")


def test_copies_of_tile_zones_are_not_on_the_tile():
    ed = Editor.new("copies")
    ed.place_tile("1A", 0, 0)
    zmap = ed.paste(ed.copy(["1A.H"]), 700, 0)
    z = next(z for z in ed.data["zones"] if z["id"] == zmap["1A.H"])
    assert "tiles" not in z
    ed.move_tile("1A", 0, 1)
    assert next(z for z in ed.data["zones"] if z["id"] == zmap["1A.H"])["position"]["y"] < 600


def test_the_tiles_tab_places_moves_turns_and_removes_tiles():
    app = DesignerApp(Editor.new("tab"), debounce=0, autosave=False, offer_drafts=False)
    assert not app.canvas.tile_mode
    app.tabs.selected_index = 3
    assert app.tabs.get_title(3) == "Tiles" and app.canvas.tile_mode
    assert "1A" in app.tile_palette.options[0][0]
    app.tile_palette.value = "1B"
    assert "<svg" in app.tile_preview.value and "street ends on N, E, S, W" in app.tile_preview.value
    assert app.place_tile() == "1B"
    assert (app.tile_col.value, app.tile_row.value) == (1, 0), "the next free cell beside the tiles"
    app.tile_palette.value = "2A"
    app.tile_rotation.value = 1
    assert app.place_tile() == "2A"
    assert "Tiles needed:</b> 1B & 2A" in app.tile_list_text.value
    tiles = [e for e in app.canvas.elements if e["classes"] == "tile"]
    assert [(e["data"]["id"], e["position"]) for e in tiles] == [("tile:1B", {"x": 300.0, "y": 300.0}),
                                                                   ("tile:2A", {"x": 900.0, "y": 300.0})]
    assert "\u21bb90\u00b0" in tiles[1]["data"]["label"]
    assert all(e["data"].get("tile") == "2A" for e in app.canvas.elements
               if e["data"].get("zone", "").startswith("2A."))
    # on the map: a tile dragged onto a taken cell goes back and says why; onto a free one, it moves
    app.canvas.event = {"type": "move_tile", "id": "2A", "x": 250, "y": 350, "n": 1}
    assert "already holds tile '1B'" in app.status.value
    app.canvas.event = {"type": "move_tile", "id": "2A", "x": 320, "y": 950, "n": 2}
    assert [(p.col, p.row) for p in app.editor.tile_map().placed] == [(0, 0), (0, 1)]
    app.canvas.event = {"type": "select", "id": "tile:2A", "ids": ["tile:2A"], "n": 3}
    assert app.selected_tile == "2A" and app.tabs.selected_index == 3
    app.canvas.event = {"type": "rotate_tile", "ids": ["2A"], "turns": -1, "n": 4}
    assert app.editor.tile_map().placed[1].rotation == 0
    app.canvas.event = {"type": "nudge_tile", "ids": ["2A"], "dx": 1, "dy": 0, "n": 5}
    assert (app.editor.tile_map().placed[1].col, app.editor.tile_map().placed[1].row) == (1, 1)
    rows = [c for c in app.placed_box.children]
    assert len(rows) == 2 and "2A" in rows[1].children[0].value and "<b>" in rows[1].children[0].value
    app.canvas.event = {"type": "delete", "ids": ["tile:2A"], "n": 6}
    assert [p.id for p in app.editor.tile_map().placed] == ["1B"] and "took tile(s) 2A" in app.status.value
    app.undo_button.click()
    assert [p.id for p in app.editor.tile_map().placed] == ["1B", "2A"]
    # a double-click on an empty cell places the chosen tile; on a tile it adds a zone there
    app.tile_palette.value = "3A"
    app.canvas.event = {"type": "add_zone", "x": 1250, "y": 100, "n": 7}
    assert [(p.id, p.col, p.row) for p in app.editor.tile_map().placed][-1] == ("3A", 2, 0)
    n = len(app.editor.data["zones"])
    app.canvas.event = {"type": "add_zone", "x": 1250, "y": 100, "n": 8}
    assert len(app.editor.data["zones"]) == n + 1 and len(app.editor.tile_map().placed) == 3
    app.tabs.selected_index = 0
    assert not app.canvas.tile_mode
    app.select("zone:1B.C")
    assert "Zone 1B.C</b>" in app.form.children[0].value and "on tile 1B (Crossroads)" in app.form.children[0].value
    app.canvas.event = {"type": "add_zone", "x": 3000, "y": 3000, "n": 9}
    assert len(app.editor.tile_map().placed) == 3, "other tabs: a double-click adds a zone"


def test_the_printable_map_draws_the_tiles_and_lists_them(tmp_path):
    from designer.render import render_map

    ed = Editor.new("sheet", title="Sheet")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("4B", 1, 0)
    out = render_map(ed.scenario, tmp_path / "sheet.svg")
    svg = out.read_text()
    assert "Tiles: 1B &amp; 4B" in svg or "Tiles: 1B & 4B" in svg
    assert "map tile (code, turn)" in svg


def test_the_four_corners_sample_is_built_from_tiles_and_can_be_won():
    s = designer.load(ROOT / "scenarios" / "four-corners.json")
    assert tile_list(s.tiles) == "1B, 2B, 3A & 4B"
    sheets = [s.tiles.tile(p.tile).sheet for p in s.tiles.placed]
    assert len(set(sheets)) == len(sheets) == 4, "one face of each tile of the box"
    zones, conns, _lines = expand(s.tiles)
    assert {z["id"] for z in zones} == {z.id for z in s.zones}, "every zone comes from a tile"
    ids = {c.id for c in s.connections}
    assert {c["id"] for c in conns} <= ids
    found, walls = joins(s.tiles)
    assert {(j.a, j.b) for j in found} == {(c.source, c.target) for c in s.connections if "--" in c.id}
    assert walls == []
    report = check(s)
    assert report.errors == [] and report.winnable


def test_auto_layout_leaves_tile_zones_where_their_tiles_put_them():
    ed = Editor.new("layout")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("3A", 1, 0)
    before = {z["id"]: z["position"] for z in ed.data["zones"] if z.get("tiles")}
    ed.auto_layout()
    after = {z["id"]: z["position"] for z in ed.data["zones"]}
    assert all(after[k] == p for k, p in before.items())
    others = [after[z] for z in ("Z1", "Z2", "Z3")]
    assert all(p["x"] >= 1200 for p in others), "the other zones go right of the tiles"


def test_save_selection_as_tile_from_the_tab(tmp_path):
    app = DesignerApp(Editor.open(ROOT / "scenarios" / "night-shift.json"), debounce=0, autosave=False,
                      offer_drafts=False)
    app.tabs.selected_index = 3
    app.save_tile_button.click()
    assert "select the zones of the tile on the map first" in app.save_tile_error.value
    app.select("zone:W1", ids=["zone:W2"])
    app.tabs.selected_index = 3
    app.new_tile_code.value = "bad code"
    app.save_tile_button.click()
    assert "not a valid tile code" in app.save_tile_error.value
    app.new_tile_code.value = "9W"
    app.new_tile_name.value = "Warehouse"
    app.save_tile_button.click()
    assert app.tile_palette.value == "9W"
    assert "(this map's own)" in dict((v, k) for k, v in app.tile_palette.options)["9W"]
    assert "tile 9W saved" in app.status.value
    app.tile_col.text.value = "5"
    app.tile_row.text.value = "5"
    assert app.place_tile() == "9W"
    assert {z["id"] for z in app.editor.data["zones"] if z.get("tiles") == ["9W"]} == {"9W.W1", "9W.W2"}
    # exported, the tile is in the palette of the next mission made with this library folder
    app.folder = app.library = tmp_path
    assert app.export() is not None
    nxt = DesignerApp(Editor.new("next"), debounce=0, autosave=False, offer_drafts=False, library=tmp_path)
    labels = dict((v, k) for k, v in nxt.tile_palette.options)
    assert "9W" in labels and "(from night-shift.json)" in labels["9W"]
    assert nxt.place_tile("9W", 3, 0) == "9W" and nxt.editor.scenario is not None
    assert nxt.editor.tile_map().tile("9W").name == "Warehouse", "the file keeps the tile it places"


def test_a_renamed_street_end_is_still_joined_when_its_tile_moves():
    ed = Editor.new("renames")
    ed.place_tile("1B", 0, 0)
    ed.place_tile("1A", 1, 0)
    ed.rename("zone", "1A.W", "market")
    assert joined(ed) == {("1B.E", "market")}
    assert ed.tile_map().placed[1].renamed == {"W": "market"}
    assert "1B.E--market" in {c["id"] for c in ed.data["connections"]}, "the join is named after its zones"
    ed.move_tile("1A", 0, 1)
    assert joined(ed) == set()
    ed.move_tile("1A", 1, 0)
    assert joined(ed) == {("1B.E", "market")}
    ed.rename("zone", "market", "1A.W")
    assert ed.tile_map().placed[1].renamed == {}
    assert ed.scenario is not None


def test_a_published_mission_drawn_without_tiles_shows_the_tiles_its_page_lists():
    app = DesignerApp(Editor.open(ROOT / "scenarios" / "prison-outbreak" / "m00-the-break-in.json"), debounce=0,
                      autosave=False, offer_drafts=False)
    assert "lists the tiles 1P, 2P, 3P, 4P, 17P &amp; 18P" in app.tile_list_text.value
    app.place_tile("1B", 20, 20)
    assert "Tiles needed:</b> 1B" in app.tile_list_text.value
