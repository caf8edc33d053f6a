"""The notebook designer: the map canvas, forms for the selection, the findings panel, the
mission (set-up, victory, triggers), files and drafts, and a playtest panel. Everything goes
through :class:`designer.edit.Editor`, so what a click does is also a plain Python call."""

from __future__ import annotations

import gc
import html
import json
import re
import threading
import time
from pathlib import Path
from typing import Any, Callable

import ipywidgets as w

from ..edit import COLOURS, EditError, Editor
from ..io.files import LoadError
from ..model.common import ZOMBIE_TYPES as MODEL_ZOMBIE_TYPES
from ..model.lnoe import GRAVE_DEAD_ABILITIES
from .canvas import MapCanvas, elements_for
from .eden_forms import RESOURCE_EFFECTS, default_resource_effect, infestation_rows, points_rows, resource_effect_fields
from .eden_forms import FIRE_EFFECT, default_fire_effect, fire_effect_fields
from .morts_forms import HEAL_OR_DRAW, arrival_rows, heal_or_draw_fields

__all__ = ["DesignerApp"]

ZONE_KINDS = ["street", "room", "corridor", "cell", "tower", "security", "gate", "extra", "elevator"]
CONN_KINDS = ["opening", "door", "stairs", "elevator", "ladder", "drop", "fence", "window"]
OBJ_KINDS = ["token", "key", "switch", "item", "search_marker", "car"]
FLAGS = ["dark", "fire", "smoke", "no_spawn", "breakthrough", "collapse"]
TERRAIN_FLAGS = ["impassable", "crossable", "elevation", "flammable"]
TERRAIN_VALUES = [("obstruction", "Obstruction", 2, 10), ("hostile", "Hostile", 1, 10), ("swim", "Swim", 2, 6),
                  ("destruction", "Destruction", 1, 20)]
"""Terrain keywords with a value: (field, label, lowest, highest), as the model bounds them."""
ZOMBIE_TYPES = list(MODEL_ZOMBIE_TYPES)
"""The zombie types the forms offer: every type of the model (``model.ZombieType``)."""
STEP_KINDS = {"take_objectives": "take objectives", "escape": "escape through an exit", "reach_zone": "reach a zone",
              "kill": "kill zombies", "survive": "survive turns", "clear_zones": "clear zones",
              "open_doors": "open doors", "no_zombies": "no zombie on the board", "doors_closed": "doors closed",
              "no_zombie_path": "no zombie path into zones", "carry_items": "carry items to a zone",
              "hold_zone": "hold a zone at the end"}
EVENT_KINDS = {"objective_taken": "objective taken", "switch_pressed": "switch pressed", "door_opened": "door opened",
               "zone_entered": "zone entered", "turn_reached": "turn reached", "kills_reached": "kills reached"}
EFFECT_KINDS = {"open_door": "open door", "close_door": "close door", "toggle_door": "toggle door",
                "unlock_door": "unlock door", "lock_door": "lock door", "activate_spawn": "activate spawn",
                "deactivate_spawn": "deactivate spawn", "toggle_spawn": "toggle spawn",
                "spawn_zombies": "spawn zombies", "grant_xp": "grant XP", "end_game": "end the game",
                "give_card": "give a set-aside card", "rotate_gate": "turn the rotating gate", **RESOURCE_EFFECTS,
                **HEAL_OR_DRAW, **FIRE_EFFECT}
TILES_TAB, FILES_TAB = 3, 4
"""Indices of the Tiles tab (open, the map's tile outlines take clicks and drags) and the Files
tab (where the question before unsaved edits go is asked)."""
_INT = re.compile(r"[+-]?\d+")
_STYLE = """<style>
.sd-finding { white-space: normal !important; height: auto !important; min-height: 28px; text-align: left !important;
  line-height: 1.3 !important; padding: 3px 8px !important; }
.sd-row { flex-wrap: wrap !important; align-items: center; gap: 2px 6px; }
.sd-error { color: #c62828; font-size: 12px; line-height: 1.3; }
.sd-panel { overflow-y: auto !important; overflow-x: hidden !important; }
.sd-tune table { border-collapse: collapse; margin: 2px 0 6px 0; }
.sd-tune th, .sd-tune td { padding: 1px 8px 1px 0; text-align: left; vertical-align: top; }
.sd-tune th { border-bottom: 1px solid #bdbdbd; }
.sd-panel .widget-text, .sd-panel .widget-dropdown, .sd-panel .widget-select-multiple { max-width: 100%; }
</style>"""


def _element_id(ident: str, data: dict) -> list[str]:
    """Canvas element ids for an id named by a finding (objectives and spawns map to their zone)."""
    if ident in {z["id"] for z in data["zones"]}:
        return [f"zone:{ident}"]
    if ident in {c["id"] for c in data.get("connections", [])}:
        return [f"conn:{ident}"]
    for key in ("spawns", "objectives"):
        for x in data.get(key, []):
            if x["id"] == ident:
                return [f"zone:{x['zone']}"]
    return []


def _row(children: list[w.Widget]) -> w.HBox:
    box = w.HBox(children, layout=w.Layout(width="100%"))
    box.add_class("sd-row")
    return box


def _close(widgets: Any) -> None:
    """Close widgets a panel no longer shows, with everything inside them: ipywidgets keeps every
    widget alive (and in the browser) until it is closed."""
    for x in widgets:
        for attr in ("children",):
            inner = getattr(x, attr, None)
            if inner:
                _close(inner)
        x.close()


def _replace(box: w.Box, children: list[w.Widget]) -> None:
    """Show ``children`` in ``box`` and close what it showed before."""
    old = [c for c in box.children if c not in children]
    box.children = children
    _close(old)


class IntField(w.VBox):
    """A whole-number field (a text box and the error shown under it). ``value`` reads the number
    (None while the field is empty or wrong) and sets it as if typed."""

    text: w.Text
    error: w.HTML

    @property
    def value(self) -> int | None:
        raw = self.text.value.strip()
        if self.error.layout.display != "none" or not _INT.fullmatch(raw):
            return None
        return int(raw)

    @value.setter
    def value(self, v: int | None) -> None:
        self.text.value = "" if v is None else str(v)


def dice_problem(text: str) -> str | None:
    """Why the model refuses ``text`` as a ``spawn_zombies`` effect's dice (None when it takes it)."""
    from pydantic import ValidationError

    from ..model.scenario import SpawnZombies

    try:
        SpawnZombies.model_validate({"kind": "spawn_zombies", "zone": "Z", "dice": text})
    except ValidationError:
        return (f"expected dice such as 1d3, d6, 2d6 or 1d3+1 (at most 9 dice of at most 99 faces, "
                f"then +k or -k), not '{text}'")
    return None


def _set_dice(effect: dict, dice: str | None) -> None:
    if dice:
        effect["dice"] = dice
    else:
        effect.pop("dice", None)


def _builtin() -> list[dict]:
    from ..model.tile_library import BUILTIN_TILES

    return BUILTIN_TILES


def _check(description: str, value: bool) -> w.Checkbox:
    return w.Checkbox(value=value, description=description, indent=False, layout=w.Layout(width="auto"))


class DesignerApp:
    """The designer: ``DesignerApp(Editor.open("scenarios/night-shift.json"))`` then display it.

    ``offer_drafts`` shows, at the top, the drafts other sessions left for this mission (or for
    any mission, for a blank start) with *Recover* and *Discard*."""

    def __init__(self, editor: Editor | None = None, folder: str | Path = "scenarios", debounce: float = 0.25,
                 autosave: bool = True, offer_drafts: bool = True, library: str | Path = "scenarios"):
        self.editor = editor or Editor.new()
        self.editor.autosave = autosave  # every edit writes a draft: Editor.recover(id) after a restart
        self.folder = Path(folder)
        self.library = Path(library)
        self.debounce = debounce
        self._last_check = 0.0
        self._timer: threading.Timer | None = None
        self._building = False
        self._form_edit = False  # an edit made by a field of the form: the form stays as it is
        self._form_key = None
        self._mission_key = None
        self._mission_edit = False
        self._shown_version = -1
        self._findings_key: tuple = ()
        self._level_key: tuple = ()
        self._ids_key: tuple = ()
        self._pending: Callable[[], Any] | None = None
        self._said: int | None = None
        self._positions_only = False
        self.balance = w.HTML()
        self.clipboard: dict | None = None
        self.heat: dict[str, float] | None = None
        self.findings: list = []
        self.plan: list = []

        self.canvas = MapCanvas(layout=w.Layout(width="100%"))
        self.canvas.observe(self._on_event, "event")
        self.status = w.HTML()

        # toolbar
        self.undo_button = w.Button(description="Undo", tooltip="Undo (Ctrl+Z on the map)", layout=w.Layout(width="70px"))
        self.redo_button = w.Button(description="Redo", tooltip="Redo (Ctrl+Shift+Z)", layout=w.Layout(width="70px"))
        self.add_zone_button = w.Button(description="Add zone", tooltip="A new zone in the middle of the view",
                                        layout=w.Layout(width="90px"))
        self.connect_mode = w.ToggleButton(description="Draw connections", value=False, layout=w.Layout(width="140px"),
                                           tooltip="Drag from one zone to another to join them")
        self.new_kind = w.Dropdown(options=CONN_KINDS, value="opening", description="New",
                                   layout=w.Layout(width="150px"), style={"description_width": "32px"})
        self.delete_button = w.Button(description="Delete selected", button_style="danger",
                                      tooltip="Delete (Delete or Backspace on the map)", layout=w.Layout(width="120px"))
        self.duplicate_button = w.Button(description="Duplicate", tooltip="Duplicate the selected zones (Ctrl+D)",
                                         layout=w.Layout(width="90px"))
        self.fit_button = w.Button(description="Fit", tooltip="Show the whole map (F)", layout=w.Layout(width="50px"))
        self.layout_button = w.Button(description="Auto-layout", tooltip="Place every zone by a force layout",
                                      layout=w.Layout(width="100px"))
        self.grid_box = w.Checkbox(value=False, description="grid", indent=False, layout=w.Layout(width="60px"),
                                   tooltip="Draw a grid and snap drags to it")
        self.levels_box = w.HBox()
        self.conn_from = w.Dropdown(options=[], description="From", layout=w.Layout(width="160px"),
                                    style={"description_width": "36px"})
        self.conn_to = w.Dropdown(options=[], description="To", layout=w.Layout(width="150px"),
                                  style={"description_width": "24px"})
        self.add_connection_button = w.Button(description="Add connection", layout=w.Layout(width="120px"))
        self.export_button = w.Button(description="Export", button_style="success", layout=w.Layout(width="80px"),
                                      tooltip="Write the mission into the export folder (Files tab)")
        self.add_connection_button.on_click(lambda _b: self._add_connection())
        self.undo_button.on_click(lambda _b: self._do(self.editor.undo))
        self.redo_button.on_click(lambda _b: self._do(self.editor.redo))
        self.add_zone_button.on_click(lambda _b: self._add_zone())
        self.connect_mode.observe(lambda ch: setattr(self.canvas, "mode", "connect" if ch["new"] else "select"), "value")
        self.delete_button.on_click(lambda _b: self.delete_selected())
        self.duplicate_button.on_click(lambda _b: self.duplicate())
        self.fit_button.on_click(lambda _b: self.canvas.fit())
        self.layout_button.on_click(lambda _b: self.auto_layout())
        self.grid_box.observe(lambda ch: setattr(self.canvas, "grid", 20 if ch["new"] else 0), "value")
        self.export_button.on_click(lambda _b: self.export())

        # files
        self._files_panel()

        # panels
        self.form = w.VBox(layout=w.Layout(width="100%"))
        self.counts = w.HTML()
        self.findings_box = w.VBox(layout=w.Layout(width="100%"))
        self.plan_step = w.IntSlider(description="Plan step", min=1, max=1, value=1, layout=w.Layout(width="95%"))
        self.plan_text = w.HTML()
        self.plan_step.observe(lambda ch: self.show_plan_step(ch["new"]), "value")
        self.setup_box = w.VBox(layout=w.Layout(width="100%"))
        self.playtest_box = self._playtest_panel()
        self.tiles_box = w.VBox(layout=w.Layout(width="100%"))
        self._tiles_key = None
        self.selected_tile = ""
        self._tiles_panel_init()
        self.tabs = w.Tab(children=[self.form, w.VBox([self.counts, self.findings_box, self.plan_step, self.plan_text]),
                                    self.setup_box, self.tiles_box, self.files_box, self.playtest_box],
                          layout=w.Layout(width="100%"))
        for i, title in enumerate(["Selection", "Findings", "Mission", "Tiles", "Files", "Playtest"]):
            self.tabs.set_title(i, title)
        self.tabs.observe(lambda _ch: self._clear_highlight(), "selected_index")
        # with the Tiles tab open the map works on tiles: click one to select it, drag it to move it
        self.tabs.observe(lambda ch: setattr(self.canvas, "tile_mode", ch["new"] == TILES_TAB), "selected_index")
        self.drafts_box = w.VBox()
        toolbar = _row([self.undo_button, self.redo_button, self.add_zone_button, self.connect_mode, self.new_kind,
                        self.delete_button, self.duplicate_button, self.fit_button, self.layout_button, self.grid_box,
                        self.levels_box, self.conn_from, self.conn_to, self.add_connection_button,
                        self.export_button])
        panel = w.Box([self.tabs], layout=w.Layout(width="40%", height="640px"))
        panel.add_class("sd-panel")
        self.widget = w.VBox([w.HTML(_STYLE), toolbar, self.drafts_box,
                              w.HBox([w.Box([self.canvas], layout=w.Layout(width="60%")), panel],
                                     layout=w.Layout(width="100%")),
                              self.status], layout=w.Layout(width="100%"))
        self.widget.add_class("sd-designer")
        self._attach(self.editor)
        self.refresh()
        if offer_drafts:
            self.offer_drafts()
        # What exists now (the libraries, the kernel, this designer) lives as long as the session:
        # keep it out of the cyclic garbage collector's full passes, which otherwise walk every
        # object of pandas, matplotlib and ipywidgets and stall an edit by ~100 ms now and then.
        # (Reference counting still frees these objects; only cycles among them wait.)
        gc.collect()
        gc.freeze()

    @classmethod
    def app(cls, folder: str | Path = "scenarios", library: str | Path = "scenarios") -> "DesignerApp":
        """The designer as a standalone app (Voilà): a blank mission, the drafts earlier sessions
        left offered above the map, the library of files to open from, and the export folder
        shown (and changed) in the Files tab."""
        return cls(Editor.new(), folder=folder, library=library)

    # -- plumbing ----------------------------------------------------------------------------

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _attach(self, editor: Editor) -> None:
        self.editor = editor
        editor.shared_tiles = [t for t, _src in self._shared_tiles()]
        editor.listeners.append(lambda ed: self.refresh() if ed is self.editor else None)
        self._form_key = self._mission_key = None

    def say(self, text: str, error: bool = False) -> None:
        """A line under the designer; it clears with the next edit that succeeds."""
        colour = "#c62828" if error else "#2e7d32"
        self.status.value = f"<span style='color:{colour}'>{text}</span>"
        self._said = self.editor.version

    def _do(self, fn, *args, **kw) -> Any:
        try:
            return fn(*args, **kw)
        except (EditError, LoadError, ValueError) as e:
            self.say(str(e), error=True)
            return None

    def _do_at(self, error: w.HTML, fn, *args, **kw) -> tuple[bool, Any]:
        """Run an edit and show what went wrong next to the field that asked for it."""
        try:
            result = fn(*args, **kw)
        except (EditError, LoadError, ValueError) as e:
            error.value = f"<span class='sd-error'>{e}</span>"
            error.layout.display = ""
            return False, None
        error.value = ""
        error.layout.display = "none"
        return True, result

    def _clear_highlight(self) -> None:
        self.canvas.highlighted = []
        self.plan_text.value = ""

    def refresh(self) -> None:
        """Redraw the canvas and the forms; validate (at most every ``debounce`` seconds)."""
        data = self.editor.data
        if self.editor.version != self._shown_version:  # an edit: what was highlighted may be gone
            self._shown_version = self.editor.version
            if self.canvas.highlighted:
                self._clear_highlight()
            if getattr(self, "_said", None) is not None and self._said < self.editor.version:
                self.status.value = ""
                self._said = None
        self.canvas.elements = elements_for(data, self.heat)
        ids = tuple(z["id"] for z in data["zones"])
        if ids != self._ids_key:
            self._ids_key = ids
            for dropdown in (self.conn_from, self.conn_to):
                keep = dropdown.value
                dropdown.options = ids
                dropdown.value = keep if keep in ids else (ids[0] if ids else None)
            sel = [s for s in self.canvas.selection if not s.startswith("zone:") or s[5:] in ids]
            if sel != list(self.canvas.selection):
                self.canvas.selection = sel
        self._build_levels()
        self.undo_button.disabled = not self.editor.can_undo
        self.redo_button.disabled = not self.editor.can_redo
        self._build_form()
        self._build_mission()
        self._build_tiles()
        if self._positions_only and self._timer is None:
            return
        now = time.monotonic()
        if self.debounce <= 0 or now - self._last_check >= self.debounce:
            self.check()
        elif self._timer is None:
            self._timer = threading.Timer(self.debounce, self.check)
            self._timer.daemon = True
            self._timer.start()

    def _build_levels(self) -> None:
        levels = tuple(sorted({int(z.get("level", 0)) for z in self.editor.data["zones"]}))
        if levels == self._level_key:
            return
        self._level_key = levels
        hidden = {str(x) for x in self.canvas.hidden_levels}
        self.canvas.hidden_levels = [h for h in self.canvas.hidden_levels if int(h) in levels]
        if len(levels) < 2:
            _replace(self.levels_box, [])
            return
        toggles = []
        for level in levels:
            t = w.ToggleButton(value=str(level) not in hidden, description=f"L{level}", tooltip=f"Show level {level}",
                               layout=w.Layout(width="46px"))
            t.observe(lambda ch, level=level: self.show_level(level, ch["new"]), "value")
            toggles.append(t)
        _replace(self.levels_box, [w.HTML("levels"), *toggles])

    def show_level(self, level: int, visible: bool = True) -> None:
        """Show or hide the zones of a level on the map (the view fits what stays visible)."""
        hidden = [h for h in self.canvas.hidden_levels if h != str(level)]
        self.canvas.hidden_levels = hidden if visible else [*hidden, str(level)]

    @property
    def level_toggles(self) -> dict[int, w.ToggleButton]:
        """The visibility toggle of each level (only when the map has several levels)."""
        return {int(t.description[1:]): t for t in self.levels_box.children if isinstance(t, w.ToggleButton)}

    def check(self) -> list:
        """Validate now and show the findings (the findings panel calls this)."""
        self._timer = None
        self._last_check = time.monotonic()
        from ..checks import check as run_checks

        s = self.editor.scenario
        if s is None:
            self.findings = self.editor.findings()
            plan = []
        else:
            report = run_checks(s)
            self.findings, plan = report.findings, report.plan
        self.plan = plan
        counts = {"error": 0, "warning": 0, "info": 0}
        for f in self.findings:
            counts[f.severity] += 1
        self.counts.value = (f"<b>{counts['error']}</b> errors, <b>{counts['warning']}</b> warnings, "
                             f"<b>{counts['info']}</b> infos" + ("" if plan or s is None else " · no way to win found"))
        key = tuple((f.severity, f.code, f.message, tuple(f.ids)) for f in self.findings)
        if key != self._findings_key:
            self._findings_key = key
            buttons = []
            for f in self.findings:
                b = w.Button(description=f"{f.severity} {f.code}: {f.message}", tooltip=f.message,
                             layout=w.Layout(width="98%", height="auto"),
                             button_style={"error": "danger", "warning": "warning", "info": "info"}[f.severity])
                b.add_class("sd-finding")
                b.on_click(lambda _b, f=f: self.highlight_finding(f))
                buttons.append(b)
            _replace(self.findings_box, buttons)
        self.plan_step.max = max(len(plan), 1)
        self.plan_step.disabled = not plan
        self._show_selection_findings()
        return self.findings

    def highlight_finding(self, finding: Any) -> list[str]:
        """Highlight the zones and connections of a finding on the canvas (the view pans to them)."""
        ids = [e for i in finding.ids for e in _element_id(i, self.editor.data)]
        self.canvas.highlighted = ids
        return ids

    def show_plan_step(self, i: int) -> None:
        """Show step ``i`` (1 for the first) of the witness plan on the map."""
        if not self.plan:
            self.plan_text.value = ""
            return
        i = max(1, min(i, len(self.plan)))
        step = self.plan[i - 1]
        self.plan_text.value = f"{i}/{len(self.plan)}: {step.text}"
        ids = _element_id(step.zone, self.editor.data) if step.zone else []
        ids += _element_id(step.target, self.editor.data)
        self.canvas.highlighted = ids

    # -- canvas events ---------------------------------------------------------------------

    def _zones_of(self, ids: list[str]) -> list[str]:
        """Zone ids named by canvas ids (a building box names its rooms)."""
        out: list[str] = []
        for i in ids:
            if i.startswith("zone:"):
                out.append(i[5:])
            elif i.startswith("building:"):
                out += [z["id"] for z in self.editor.data["zones"] if z.get("building") == i[9:]]
        return list(dict.fromkeys(out))

    def _on_event(self, change: dict) -> None:
        ev = change["new"] or {}
        kind = ev.get("type")
        if kind == "select":
            ids = ev.get("ids")
            self.select(ev.get("id") or "", ids=ids)
        elif kind == "move":
            moves = ev.get("moves") or [{"id": ev["id"], "x": ev["x"], "y": ev["y"]}]
            positions = {m["id"].split(":", 1)[1]: (m["x"], m["y"]) for m in moves if m["id"].startswith("zone:")}
            if positions:
                self._positions_only = True  # findings never depend on where a zone is drawn
                try:
                    self._do(self.editor.move_zones, positions)
                finally:
                    self._positions_only = False
        elif kind == "connect":
            cid = self._do(self.editor.add_connection, ev["source"].split(":", 1)[1], ev["target"].split(":", 1)[1],
                           kind=self.new_kind.value)
            if cid:
                self.select(f"conn:{cid}")
        elif kind == "delete":
            self.delete_selected(ev.get("ids"))
        elif kind == "add_zone":
            x, y = ev.get("x", 0.0), ev.get("y", 0.0)
            size = self.editor.tile_map().size
            cell = (int(x // size), int(y // size))
            if self.canvas.tile_mode and self.tile_palette.value and \
                    cell not in {(p.col, p.row) for p in self.editor.tile_map().placed}:
                self.place_tile(col=cell[0], row=cell[1])  # Tiles tab open: a double-click places the chosen tile
            else:
                self._add_zone(x, y)
        elif kind == "undo":
            self._do(self.editor.undo)
        elif kind == "redo":
            self._do(self.editor.redo)
        elif kind == "copy":
            self.copy(ev.get("ids"))
        elif kind == "paste":
            self.paste(ev.get("x"), ev.get("y"))
        elif kind == "duplicate":
            self.duplicate(ev.get("ids"))
        elif kind == "escape":
            self.connect_mode.value = False
            self._clear_highlight()
            self.select("")
        elif kind == "move_tile":
            self.move_tile_to(ev.get("id", ""), ev.get("x", 0.0), ev.get("y", 0.0))
        elif kind == "rotate_tile":
            for pid in ev.get("ids") or []:
                self._do(self.editor.rotate_tile, pid, int(ev.get("turns", 1)))
        elif kind == "nudge_tile":
            self.nudge_tiles(ev.get("ids") or [], int(ev.get("dx", 0)), int(ev.get("dy", 0)))

    def _free_spot(self, x: float, y: float) -> tuple[float, float]:
        """(x, y), or the nearest point around it that no zone covers."""
        taken = [(z.get("position") or {}).get("x", 0.0) for z in self.editor.data["zones"]], \
            [(z.get("position") or {}).get("y", 0.0) for z in self.editor.data["zones"]]
        points = list(zip(*taken))
        for ring in range(0, 8):
            for k in range(max(1, 8 * ring)):
                import math

                a = 2 * math.pi * k / max(1, 8 * ring)
                px, py = x + ring * 90 * math.cos(a), y + ring * 60 * math.sin(a)
                if all(abs(px - qx) > 80 or abs(py - qy) > 55 for qx, qy in points):
                    return round(px), round(py)
        return x, y

    def _add_zone(self, x: float | None = None, y: float | None = None) -> str | None:
        if x is None or y is None:
            centre = self.canvas.view_centre()
            if centre is None:
                xs = [z.get("position", {}).get("x", 0) for z in self.editor.data["zones"]]
                centre = ((max(xs) + 150 if xs else 0.0), 0.0)
            x, y = self._free_spot(*centre)
        zid = self._do(self.editor.add_zone, x=x, y=y)
        if zid:
            self.select(f"zone:{zid}")
            self.canvas.show([f"zone:{zid}"])
        return zid

    def _add_connection(self) -> str | None:
        """Join the zones chosen in From and To with a connection of the New kind (the keyboard
        way to draw a connection)."""
        cid = self._do(self.editor.add_connection, self.conn_from.value, self.conn_to.value, kind=self.new_kind.value)
        if cid:
            self.select(f"conn:{cid}")
            self.say(f"added {self.new_kind.value} {cid}")
        return cid

    def select(self, element_id: str, ids: list[str] | None = None) -> None:
        """Select a zone ('zone:<id>'), a connection ('conn:<id>') or a building
        ('building:<name>'); ``ids`` for several at once; '' clears the selection."""
        ids = [i for i in (ids if ids is not None else [element_id]) if i and i != element_id]
        every = [element_id, *ids] if element_id else ids
        tiles = [i[5:] for i in every if i.startswith("tile:")]
        if tiles and len(tiles) == len(every):  # tiles picked on the map: the Tiles tab shows them
            self.canvas.selected = element_id
            self.canvas.selection = every
            self.selected_tile = tiles[0]
            self._build_tiles(force=True)
            return
        self.canvas.selected = element_id
        self.canvas.selection = [i for i in every if not i.startswith("tile:")]
        self._build_form()
        self.tabs.selected_index = 0

    def _selected_items(self, ids: list[str] | None = None) -> list[tuple[str, str]]:
        ids = list(ids if ids is not None else (self.canvas.selection or [self.canvas.selected]))
        items = [("zone", z) for z in self._zones_of(ids)]
        items += [("connection", i[5:]) for i in ids if i.startswith("conn:")]
        return [it for it in items if it[1] in self.editor.ids(it[0])]

    def delete_selected(self, ids: list[str] | None = None) -> list[str]:
        """Delete what is selected (zones, connections, the rooms of a selected building) in one
        edit; says what else went with them."""
        tiles = [i[5:] for i in (ids if ids is not None else self.canvas.selection) if i.startswith("tile:")]
        if tiles:
            notes: list[str] = []
            for pid in tiles:
                notes += self._do(self.editor.remove_tile, pid) or []
            self.canvas.selection, self.canvas.selected, self.selected_tile = [], "", ""
            self.say(f"took tile(s) {', '.join(tiles)} off the map" + ("; " + "; ".join(notes) if notes else ""))
            return notes
        items = self._selected_items(ids)
        if not items:
            self.say("nothing selected", error=True)
            return []
        self.canvas.selection = []
        self.canvas.selected = ""
        notes = self._do(self.editor.delete_many, items)
        if notes is not None:
            names = ", ".join(i for _w, i in items[:6]) + (" ..." if len(items) > 6 else "")
            self.say(f"deleted {names}" + ("; " + "; ".join(notes) if notes else ""))
        return notes or []

    def copy(self, ids: list[str] | None = None) -> int:
        """Copy the selected zones (with the connections between them, their spawns and
        objectives); returns how many zones."""
        zones = [z for kind, z in self._selected_items(ids) if kind == "zone"]
        if not zones:
            self.say("select zones (or a building) to copy", error=True)
            return 0
        self.clipboard = self.editor.copy(zones)
        self.say(f"copied {len(zones)} zone(s)")
        return len(zones)

    def paste(self, x: float | None = None, y: float | None = None) -> list[str]:
        """Paste the copied zones, centred on (x, y) (the middle of the view), and select them."""
        if not self.clipboard:
            self.say("nothing to paste: copy zones first (Ctrl+C on the map)", error=True)
            return []
        xs = [z["position"]["x"] for z in self.clipboard["zones"]]
        ys = [z["position"]["y"] for z in self.clipboard["zones"]]
        if x is None or y is None:
            dx, dy = 40.0, 40.0
        else:
            dx, dy = x - (min(xs) + max(xs)) / 2, y - (min(ys) + max(ys)) / 2
        zmap = self._do(self.editor.paste, self.clipboard, dx, dy)
        if not zmap:
            return []
        new = [f"zone:{z}" for z in zmap.values()]
        self.select(new[0], ids=new)
        self.canvas.show(new)
        self.say(f"pasted {len(new)} zone(s)")
        return list(zmap.values())

    def duplicate(self, ids: list[str] | None = None) -> list[str]:
        """Duplicate the selected zones (or building) next to the originals."""
        if not self.copy(ids):
            return []
        return self.paste()

    def auto_layout(self) -> None:
        """Place every zone by a force layout and fit the view."""
        if self._do(self.editor.auto_layout) is not False:
            self.canvas.fit()

    # -- forms -------------------------------------------------------------------------------

    def _field(self, widget: w.Widget, apply, rebuild: bool = False, error: w.HTML | None = None,
               flag: str = "_form_edit") -> w.Widget:
        """Wire a form widget: a change applies ``apply(value)``; the form is rebuilt afterwards
        only when ``rebuild`` (the change shows or hides other fields). ``flag`` names the form's
        "edited from this form" attribute (the selection form's or the mission form's)."""
        def changed(ch: dict) -> None:
            if self._building:
                return
            setattr(self, flag, not rebuild)
            try:
                if error is not None:
                    self._do_at(error, apply, ch["new"])
                else:
                    self._do(apply, ch["new"])
            finally:
                setattr(self, flag, False)
        widget.observe(changed, "value")
        return widget

    def _int_field(self, label: str, value: int | None, lo: int, hi: int, apply, empty: str | None = None,
                   width: str = "230px", check: Callable[[int], str | None] | None = None,
                   rebuild: bool = False) -> w.Widget:
        """A whole-number field that refuses bad input at the field (never rounds or clamps it):
        ``empty`` names what an empty field means (then it applies None)."""
        text = w.Text(value="" if value is None else str(value), description=label, continuous_update=False,
                      placeholder=empty or "", layout=w.Layout(width=width), style={"description_width": "96px"})
        error = w.HTML(layout=w.Layout(display="none", width="100%"))

        def changed(ch: dict) -> None:
            if self._building:
                return
            raw = ch["new"].strip()
            if raw == "" and empty is not None:
                v = None
            elif not _INT.fullmatch(raw):
                self._show_error(error, f"{label}: expected a whole number from {lo} to {hi}, not '{raw}'"
                                 + (f" (empty: {empty})" if empty else ""))
                return
            else:
                v = int(raw)
                if not lo <= v <= hi:
                    self._show_error(error, f"{label}: {v} is out of range: expected {lo} to {hi}")
                    return
                why = check(v) if check else None
                if why:
                    self._show_error(error, f"{label}: {why}")
                    return
            self._form_edit = self._mission_edit = not rebuild
            try:
                self._do_at(error, apply, v)
            finally:
                self._form_edit = self._mission_edit = False
        text.observe(changed, "value")
        box = IntField([text, error], layout=w.Layout(width="auto"))
        box.text, box.error = text, error  # for tests and scripts
        return box

    @staticmethod
    def _show_error(error: w.HTML, text: str) -> None:
        error.value = f"<span class='sd-error'>{text}</span>"
        error.layout.display = ""

    def _selection_key(self) -> Any:
        d, sel = self.editor.data, self.canvas.selected
        many = tuple(self.canvas.selection)
        if sel.startswith("zone:"):
            zid = sel[5:]
            z = next((z for z in d["zones"] if z["id"] == zid), None)
            zone = {k: v for k, v in z.items() if k != "position"} if z else None
            return (sel, many, json.dumps(zone, sort_keys=True),
                    json.dumps([x for x in d.get("spawns", []) + d.get("objectives", []) if x.get("zone") == zid],
                               sort_keys=True),
                    zid in d["setup"]["start_zones"], zid in d.get("exits", []), len(d["setup"]["start_zones"]))
        if sel.startswith("conn:"):
            c = next((c for c in d["connections"] if c["id"] == sel[5:]), None)
            return (sel, many, json.dumps(c, sort_keys=True))
        return (sel, many, tuple(z["id"] for z in d["zones"]) if len(many) > 1 else ())

    def _build_form(self, force: bool = False) -> None:
        key = self._selection_key()
        if not force and key == self._form_key:
            return
        if self._form_edit and not force and key[:2] == (self._form_key or (None, None))[:2]:
            self._form_key = key  # the field already shows the new value
            return
        self._form_key = key
        self._building = True
        self._selection_findings_for = None
        try:
            sel = self.canvas.selected
            items = self._selected_items()
            zones = [z for kind, z in items if kind == "zone"]
            if len(items) > 1:
                _replace(self.form, self._many_form())
            elif sel.startswith("zone:") and sel[5:] in self.editor.ids("zone"):
                _replace(self.form, self._zone_form(sel[5:]))
            elif sel.startswith("conn:") and sel[5:] in self.editor.ids("connection"):
                _replace(self.form, self._connection_form(sel[5:]))
            elif sel.startswith("building:") and zones:
                _replace(self.form, self._many_form())
            else:
                _replace(self.form, [w.HTML(
                    "Click a zone or a connection on the map; shift-click or shift-drag to select several; "
                    "double-click the map to add a zone; switch on <i>Draw connections</i> and drag from one "
                    "zone to another to join them. On the map: Delete, Ctrl+Z / Ctrl+Shift+Z, Esc, arrow keys "
                    "(Shift: farther), Ctrl+C / Ctrl+V / Ctrl+D, F to fit; Ctrl+wheel zooms.")])
        finally:
            self._building = False

    def _many_form(self) -> list[w.Widget]:
        items = self._selected_items()
        zones = [z for kind, z in items if kind == "zone"]
        conns = [c for kind, c in items if kind == "connection"]
        ed = self.editor
        head = w.HTML(f"<b>{len(zones)} zones</b>" + (f" and <b>{len(conns)} connections</b>" if conns else "")
                      + " selected: " + ", ".join(zones[:12]) + (" ..." if len(zones) > 12 else ""))
        delete = w.Button(description="Delete all", button_style="danger")
        delete.on_click(lambda _b: self.delete_selected())
        dup = w.Button(description="Duplicate")
        dup.on_click(lambda _b: self.duplicate())
        copy = w.Button(description="Copy")
        copy.on_click(lambda _b: self.copy())
        rows: list[w.Widget] = [head, _row([delete, dup, copy])]
        if zones:
            buildings = sorted({z["building"] for z in ed.data["zones"] if z.get("building")})
            building = w.Combobox(options=buildings, value="", placeholder="building of them all",
                                  description="Building", continuous_update=False)
            rows.append(self._field(building, lambda v: ed.update_many("zone", zones, building=v or None)))
            rows.append(self._field(w.Dropdown(options=["", *ZONE_KINDS], value="", description="Kind"),
                                    lambda v: ed.update_many("zone", zones, kind=v) if v else None))
            rows.append(self._int_field("Level", None, -20, 200,
                                        lambda v: ed.update_many("zone", zones, level=v or None), empty="unchanged"))
        return rows

    def _rename_row(self, what: str, ident: str) -> w.Widget:
        new_id = w.Text(value=ident, description="Id", continuous_update=False, layout=w.Layout(width="230px"))
        button = w.Button(description="Rename", layout=w.Layout(width="80px"))
        error = w.HTML(layout=w.Layout(display="none", width="100%"))

        def rename(_b: Any) -> None:
            new = new_id.value.strip()
            if new == ident:
                return
            ok, _ = self._do_at(error, self.editor.rename, what, ident, new)
            if ok:  # only a rename that happened moves the selection to the new id
                self.select(f"{'zone' if what == 'zone' else 'conn'}:{new}")
        button.on_click(rename)
        return w.VBox([_row([new_id, button]), error])

    def _zone_form(self, zid: str) -> list[w.Widget]:
        ed = self.editor
        z = next(z for z in ed.data["zones"] if z["id"] == zid)
        upd = lambda **kw: ed.update("zone", zid, **kw)  # noqa: E731
        flags = z.get("flags", {})
        cap = z.get("capacity") or {}
        buildings = sorted({x["building"] for x in ed.data["zones"] if x.get("building")})

        def capacity(key: str, v: int | None) -> None:
            now = dict((next(x for x in ed.data["zones"] if x["id"] == zid).get("capacity") or {}))
            if v is None:
                now.pop(key, None)
            else:
                now[key] = v
            upd(capacity=now or None)

        def flag(name: str, v: bool) -> None:
            now = dict(next(x for x in ed.data["zones"] if x["id"] == zid).get("flags") or {})
            if v:
                now[name] = True
            else:
                now.pop(name, None)
            upd(flags=now or None)

        placed = {p["id"]: p for p in ed.data.get("tiles", {}).get("placed", [])}
        on = [placed[t] for t in z.get("tiles", []) if t in placed]
        names = {t["id"]: t.get("name", "") for t in ed.data.get("tiles", {}).get("library", [])}
        where = (" <span style='color:#616161'>on tile " + ", ".join(
            f"{p['id']} ({names.get(p['tile'], p['tile'])})" for p in on) + "</span>") if on else ""
        rows: list[w.Widget] = [
            w.HTML(f"<b>Zone {zid}</b>{where}"), self._rename_row("zone", zid),
            self._field(w.Text(value=z.get("name", ""), description="Name", continuous_update=False),
                        lambda v: upd(name=v or None)),
            self._field(w.Dropdown(options=ZONE_KINDS, value=z.get("kind", "street"), description="Kind"),
                        lambda v: upd(kind=v)),
            self._field(w.Combobox(value=z.get("building") or "", options=buildings, description="Building",
                                   placeholder="none (a street)", continuous_update=False),
                        lambda v: upd(building=v or None)),
            self._int_field("Level", z.get("level", 0), -20, 200, lambda v: upd(level=v or None)),
            self._int_field("Max zombies", cap.get("max_zombies"), 0, 1000, lambda v: capacity("max_zombies", v),
                            empty="no limit"),
            self._int_field("Max survivors", cap.get("max_survivors"), 0, 100, lambda v: capacity("max_survivors", v),
                            empty="no limit"),
        ]
        rows.append(_row([self._field(_check(f.replace("_", " "), bool(flags.get(f))),
                                      lambda v, f=f: flag(f, v)) for f in FLAGS]))
        rows += self._terrain_rows("zone", zid)
        starts = ed.data["setup"]["start_zones"]
        start_error = w.HTML(layout=w.Layout(display="none"))

        def set_start(v: bool) -> None:
            now = ed.data["setup"]["start_zones"]
            if not v and now == [zid]:
                raise EditError("a mission needs a start zone: tick another zone's 'start zone' first")
            ed.set_start(sorted(set(now) | {zid}) if v else [s for s in now if s != zid])
        rows.append(_row([self._field(_check("start zone", zid in starts), set_start, error=start_error),
                          self._field(_check("exit zone", zid in ed.data.get("exits", [])),
                                      lambda v: ed.toggle_exit(zid)), start_error]))
        for sp in [sp for sp in ed.data.get("spawns", []) if sp["zone"] == zid]:
            rows.append(self._spawn_row(sp))
        for o in [o for o in ed.data.get("objectives", []) if o["zone"] == zid]:
            rows.append(self._objective_row(o))
        add_spawn = w.Button(description="Add spawn here", layout=w.Layout(width="120px"))
        add_spawn.on_click(lambda _b: self._do(ed.add_spawn, zid))
        obj_kind = w.Dropdown(options=OBJ_KINDS, value="token", layout=w.Layout(width="130px"))
        add_obj = w.Button(description="Add objective here", layout=w.Layout(width="140px"))

        def add_objective(_b: Any) -> None:
            kind = obj_kind.value
            extra = {"colour": ed.suggest_key_colour()} if kind == "key" else {"item": "item"} if kind == "item" else {}
            self._do(ed.add_objective, zid, kind, **extra)
        add_obj.on_click(add_objective)
        rows.append(_row([add_spawn, obj_kind, add_obj]))
        return rows

    def _spawn_row(self, sp: dict) -> w.Widget:
        ed, sid = self.editor, sp["id"]
        upd = lambda **kw: ed.update("spawn", sid, **kw)  # noqa: E731
        delete = w.Button(description="x", tooltip=f"delete spawn {sid}", layout=w.Layout(width="32px"))
        delete.on_click(lambda _b: self._do(ed.delete, "spawn", sid))
        order = self._int_field("order", sp["order"], 1, 1000, lambda v: upd(order=v), width="150px")
        order.text.style.description_width = "40px"
        box = _row([w.HTML(f"spawn <b>{sid}</b>"), order,
                    self._field(w.Dropdown(options=[("no colour", ""), *[(c, c) for c in COLOURS]],
                                           value=sp.get("colour") or "", layout=w.Layout(width="100px")),
                                lambda v: upd(colour=v or None)),
                    self._field(_check("active", sp.get("active", True)), lambda v: upd(active=None if v else False)),
                    delete])
        box.add_class("sd-spawn")
        return box

    def _objective_row(self, o: dict) -> w.Widget:
        ed, oid = self.editor, o["id"]
        upd = lambda **kw: ed.update("objective", oid, **kw)  # noqa: E731
        delete = w.Button(description="x", tooltip=f"delete {oid}", layout=w.Layout(width="32px"))
        delete.on_click(lambda _b: self._do(ed.delete, "objective", oid))
        parts: list[w.Widget] = [w.HTML(f"{o['kind'].replace('_', ' ')} <b>{oid}</b>")]
        if o["kind"] == "token":  # the file leaves a red token's colour out: red is the default
            parts.append(self._field(w.Dropdown(options=[("red (default)", "red"), *[(c, c) for c in COLOURS[1:]]],
                                                value=o.get("colour", "red"), layout=w.Layout(width="120px")),
                                     lambda v: upd(colour=None if v == "red" else v)))
        elif o["kind"] == "key":
            parts.append(self._field(w.Dropdown(options=COLOURS, value=o.get("colour", COLOURS[0]),
                                                layout=w.Layout(width="90px")), lambda v: upd(colour=v)))
        elif o["kind"] == "switch":
            parts.append(self._field(w.Dropdown(options=[("no colour", ""), *[(c, c) for c in COLOURS]],
                                                value=o.get("colour") or "", layout=w.Layout(width="100px")),
                                     lambda v: upd(colour=v or None)))
        if o["kind"] == "item":
            parts.append(self._field(w.Text(value=o.get("item", ""), continuous_update=False,
                                            layout=w.Layout(width="120px")), lambda v: upd(item=v)))
            parts.append(self._field(w.Text(value=", ".join(o.get("also", [])), placeholder="and, same action",
                                            continuous_update=False, layout=w.Layout(width="150px"),
                                            tooltip="more items taken with the same action (Scope with the Rifle)"),
                                     lambda v: upd(also=[x.strip() for x in v.split(",") if x.strip()] or None)))
            # morts: "2 keys (one is drawn at random)": the item is drawn among it and these
            parts.append(self._field(w.Text(value=", ".join(o.get("one_of", [])), placeholder="or, drawn at random",
                                            continuous_update=False, layout=w.Layout(width="150px"),
                                            tooltip="the item is drawn at random among it and these (the office's "
                                                    "two keys)"),
                                     lambda v: upd(one_of=[x.strip() for x in v.split(",") if x.strip()] or None)))
        if o["kind"] == "car":
            parts.append(self._field(w.Dropdown(options=[("searched until a weapon", "until_weapon"),
                                                         ("searched once", "once")],
                                                value=o.get("search", "until_weapon"), layout=w.Layout(width="190px")),
                                     lambda v: upd(search=v)))
            parts.append(self._field(w.Text(value=", ".join(o.get("contents", [])), placeholder="contents (once)",
                                            continuous_update=False, layout=w.Layout(width="150px")),
                                     lambda v: upd(contents=[x.strip() for x in v.split(",") if x.strip()] or None)))
            # zombicide: "Puoi guidare" (the mission lets survivors drive this car)
            parts.append(self._field(_check("may be driven", bool(o.get("drive"))),
                                     lambda v: upd(drive=True if v else None)))
        if o["kind"] in ("key", "token", "switch"):
            def shuffle(v: bool) -> None:
                # a coloured objective shuffled face down among the red tokens (Zombicide missions)
                tokens = [x["id"] for x in ed.data.get("objectives", []) if x["kind"] == "token"
                          and not x.get("hidden_group")]
                group = o.get("hidden_group") or "tokens"
                ed.update_many("objective", sorted({oid, *tokens}) if v else [oid], hidden_group=group if v else None)
            parts.append(self._field(_check("shuffled with the tokens", bool(o.get("hidden_group"))), shuffle,
                                     rebuild=True))
        parts.append(self._field(w.Text(value=o.get("hidden_group") or "", placeholder="hidden among (group)",
                                        continuous_update=False, layout=w.Layout(width="150px")),
                                 lambda v: upd(hidden_group=v.strip() or None)))
        parts.append(delete)
        box = _row(parts)
        box.add_class("sd-objective")
        return box

    def _connection_form(self, cid: str) -> list[w.Widget]:
        ed = self.editor
        c = next(c for c in ed.data["connections"] if c["id"] == cid)
        upd = lambda **kw: ed.update("connection", cid, **kw)  # noqa: E731
        rows: list[w.Widget] = [w.HTML(f"<b>Connection {cid}</b>: {c['from']} → {c['to']}"),
                                self._rename_row("connection", cid),
                                self._field(w.Dropdown(options=CONN_KINDS, value=c["kind"], description="Kind"),
                                            lambda v: upd(kind=v, state=None, lock=None, breakable=None, closable=None,
                                                          spawns_on_first_open=None, capacity=None,
                                                          survival_roll=None), rebuild=True)]
        if c["kind"] == "door":
            lock = c.get("lock") or {}
            rows += [
                self._field(w.Dropdown(options=["open", "closed", "locked"], value=c.get("state", "closed"),
                                       description="State"), lambda v: upd(state=v)),
                self._field(w.Dropdown(options=[("none", ""), *[(x, x) for x in COLOURS]],
                                       value=lock.get("colour", ""), description="Key colour"),
                            lambda v: upd(lock={"kind": "colour", "colour": v} if v else None), rebuild=True),
                self._field(w.Text(value=lock.get("item", ""), description="Key item", continuous_update=False,
                                   placeholder="or an item that opens it"),
                            lambda v: upd(lock={"kind": "item", "item": v} if v else None), rebuild=True),
                _row([self._field(_check("breakable", c.get("breakable", False)), lambda v: upd(breakable=v or None)),
                      self._field(_check("spawns on first opening", c.get("spawns_on_first_open", True)),
                                  lambda v: upd(spawns_on_first_open=None if v else False)),
                      self._field(_check("by hand", c.get("by_hand", True)),
                                  lambda v: upd(by_hand=None if v else False)),
                      self._field(_check("closable", c.get("closable", False)), lambda v: upd(closable=v or None))]),
                w.HTML("<span style='font-size:11px;color:#616161'>by hand off: only a trigger (a button's) "
                       "opens it; closable (house games): a survivor may close it, then only it or a key "
                       "holder opens it, the others break it</span>"),
            ]
        self.selection_findings = w.HTML(layout=w.Layout(width="100%"))
        self.selection_findings.add_class("sd-field-findings")
        self._selection_findings_for = cid
        self._show_selection_findings()
        rows.append(self.selection_findings)
        checks = []
        for key, label in (("one_way", "one way"), ("survivors", "survivors pass"), ("zombies", "zombies pass"),
                           ("sight", "sight passes")):
            if key in c:
                value = bool(c[key])
            else:
                value = {"one_way": c["kind"] == "drop", "survivors": c["kind"] not in ("fence", "window"),
                         "zombies": c["kind"] not in ("fence", "window", "elevator", "ladder"),
                         "sight": c["kind"] not in ("stairs", "elevator", "ladder", "drop")}[key]
            checks.append(self._field(_check(label, value), lambda v, key=key: upd(**{key: v})))
        rows.append(_row(checks))
        rows.append(self._int_field("Cost", c.get("cost", 1), 1, 20, lambda v: upd(cost=v if v != 1 else None)))
        rows += self._terrain_rows("connection", cid)
        return rows

    def _terrain_rows(self, what: str, ident: str) -> list[w.Widget]:
        """Terrain keywords of a zone or a connection (docs/terrain.md): a box per keyword, a
        number per keyword with a value (empty: off). Each edit is one undo step."""
        ed = self.editor
        key = "zones" if what == "zone" else "connections"

        def now() -> dict:
            return dict(next(x for x in ed.data[key] if x["id"] == ident).get("terrain") or {})

        def put(name: str, v: Any) -> None:
            t = now()
            if v in (None, False):
                t.pop(name, None)
            else:
                t[name] = v
            ed.update(what, ident, terrain=t or None)

        t = now()
        flags = TERRAIN_FLAGS if what == "zone" else [f for f in TERRAIN_FLAGS if f not in ("crossable", "elevation")]
        checks = [self._field(_check(f, bool(t.get(f))), lambda v, f=f: put(f, True if v else None)) for f in flags]
        numbers = [self._int_field(label, t.get(name), lo, hi, lambda v, name=name: put(name, v), empty="off",
                                   width="200px") for name, label, lo, hi in TERRAIN_VALUES]
        return [w.HTML("<span style='font-size:11px;color:#616161'>terrain (Eden's keywords)</span>"),
                _row(checks), _row(numbers[:2]), _row(numbers[2:])]

    def _show_selection_findings(self) -> None:
        """The errors and warnings that name the selected connection, shown in its form (under
        its fields), so a door only its button opens says at once that no trigger opens it."""
        box = getattr(self, "selection_findings", None)
        cid = getattr(self, "_selection_findings_for", None)
        if box is None or cid is None:
            return
        mine = [f for f in self.findings if cid in f.ids and f.severity in ("error", "warning")]
        box.value = "".join(f"<div class='sd-error'>{f.severity} {f.code}: {f.message}</div>" for f in mine)

    # -- the mission: set-up, victory, triggers, zombie pool, special rules ----------------------

    def _mission_key_now(self) -> Any:
        d = self.editor.data
        return json.dumps([d.get("id"), d["meta"], d["setup"], d["victory"], d.get("triggers", []),
                           [(o["id"], o["kind"], o.get("colour")) for o in d.get("objectives", [])],
                           [z["id"] for z in d["zones"]], [c["id"] for c in d["connections"] if c["kind"] == "door"],
                           [sp["id"] for sp in d.get("spawns", [])], d.get("points"), d.get("infestation")],
                          sort_keys=True)

    def _build_mission(self, force: bool = False) -> None:
        key = self._mission_key_now()
        if not force and key == self._mission_key:
            return
        self._mission_key = key
        self._refresh_balance()
        if self._mission_edit and not force:
            return  # the field that made the edit shows it already
        self._building = True
        try:
            _replace(self.setup_box, self._mission_panel())
        finally:
            self._building = False

    def _mfield(self, widget: w.Widget, apply, rebuild: bool = False, error: w.HTML | None = None) -> w.Widget:
        """:meth:`_field` for the mission form."""
        return self._field(widget, apply, rebuild, error, flag="_mission_edit")

    def _mission_panel(self) -> list[w.Widget]:
        ed = self.editor
        d = ed.data
        sv = lambda: d_now()["setup"].get("survivors", {})  # noqa: E731
        d_now = lambda: ed.data  # noqa: E731
        id_error, title_error = w.HTML(layout=w.Layout(display="none")), w.HTML(layout=w.Layout(display="none"))
        self.id_text = self._mfield(w.Text(value=d["id"], description="Id", continuous_update=False,
                                           tooltip="the exported file is <id>.json"), ed.set_id, error=id_error)
        def set_title(v: str) -> None:
            ed.set_title(v)
            self._building = True  # the id may follow the title: show it, leave the other fields be
            try:
                self.id_text.value = ed.data["id"]
            finally:
                self._building = False
        self.title_text = self._mfield(w.Text(value=d["meta"]["title"], description="Title", continuous_update=False),
                                       set_title, error=title_error)
        equipment = w.Text(value=", ".join(sv().get("starting_equipment", [])), description="Equipment",
                           placeholder="fire axe, pistol", continuous_update=False,
                           tooltip="items every survivor starts with, separated by commas")
        self.equipment_text = equipment
        eq_error = w.HTML(layout=w.Layout(display="none"))

        def set_equipment(v: str) -> None:
            items = [x.strip() for x in v.split(",") if x.strip()]
            bad = [x for x in items if len(x) > 64]
            if bad:
                raise EditError(f"an item name has at most 64 characters: '{bad[0][:70]}'")
            ed.set_setup(survivors={**sv(), "starting_equipment": items})

        heroes = w.Textarea(value="\n".join(f"{h['name']}: {', '.join(h.get('items', []))}" for h in sv().get("heroes", [])),
                            description="Heroes", placeholder="Grindlock: fire axe\nWatts: pistol, baseball bat",
                            continuous_update=False, tooltip="named survivors in turn order, one a line: name: their own cards")
        self.heroes_text = heroes
        heroes_error = w.HTML(layout=w.Layout(display="none"))

        def set_heroes(v: str) -> None:
            out = []
            for k, line in enumerate(x for x in v.splitlines() if x.strip()):
                name, _, items = line.partition(":")
                if not name.strip():
                    raise EditError(f"line {k + 1}: expected 'name: item, item', got '{line[:70]}'")
                out.append({"name": name.strip(), "items": [x.strip() for x in items.split(",") if x.strip()]})
            ed.set_setup(survivors={**sv(), "heroes": out})

        groups = w.Textarea(value="\n".join(f"{g['zone']}: {', '.join(g.get('heroes', []))}"
                                            for g in d["setup"].get("start_groups", [])),
                            description="Start groups", placeholder="F1: Grindlock, Watts\nT1: Kim",
                            continuous_update=False,
                            tooltip="split starting groups, one a line: start zone: the heroes in it (empty: one team)")
        groups_error = w.HTML(layout=w.Layout(display="none"))

        def set_groups(v: str) -> None:
            out = []
            for k, line in enumerate(x for x in v.splitlines() if x.strip()):
                zone, _, names = line.partition(":")
                if not zone.strip():
                    raise EditError(f"line {k + 1}: expected 'zone: name, name', got '{line[:70]}'")
                out.append({"zone": zone.strip(), "heroes": [x.strip() for x in names.split(",") if x.strip()]})
            ed.set_setup(start_groups=out or None)

        aside = w.Text(value=", ".join(f"{e['item']} x{e.get('count', 1)}" for e in d["setup"].get("set_aside", [])),
                       description="Set aside", placeholder="canned food x3, water x3", continuous_update=False,
                       tooltip="cards set aside at set-up, handed out by 'give a set-aside card' effects")
        aside_error = w.HTML(layout=w.Layout(display="none"))

        def set_aside(v: str) -> None:
            out = []
            for part in (x.strip() for x in v.split(",") if x.strip()):
                name, _, count = part.rpartition(" x")
                if not name or not count.isdigit():
                    name, count = part, "1"
                out.append({"item": name.strip(), "count": int(count)})
            ed.set_setup(set_aside=out or None)

        rows: list[w.Widget] = [
            w.HTML("<b>Mission</b>"), self.id_text, id_error, self.title_text, title_error,
            self._mfield(w.Dropdown(options=["zombicide", "lnoe", "house"],
                                    value=d["setup"].get("rules", {}).get("profile", "zombicide"), description="Rules"),
                         lambda v: ed.set_setup(rules={**ed.data["setup"].get("rules", {}), "profile": v})),
            w.HTML("<b>Survivors</b>"),
            _row([self._int_field("Survivors min", sv().get("min", 1), 1, 12,
                                  lambda v: ed.set_setup(survivors={**sv(), "min": v}),
                                  check=lambda v: f"{v} is more than the maximum ({sv().get('max', 6)})"
                                  if v > sv().get("max", 6) else None),
                  self._int_field("Survivors max", sv().get("max", 6), 1, 12,
                                  lambda v: ed.set_setup(survivors={**sv(), "max": v}),
                                  check=lambda v: f"{v} is less than the minimum ({sv().get('min', 1)})"
                                  if v < sv().get("min", 1) else None),
                  self._int_field("Health", sv().get("health", 2), 1, 20,
                                  lambda v: ed.set_setup(survivors={**sv(), "health": v})),
                  self._int_field("Turn limit", d["setup"].get("turn_limit"), 1, 1000,
                                  lambda v: ed.set_setup(turn_limit=v), empty="no limit")]),
            self._mfield(equipment, set_equipment, error=eq_error), eq_error,
            self._mfield(heroes, set_heroes, error=heroes_error), heroes_error,
            self._mfield(groups, set_groups, error=groups_error), groups_error,
            self._mfield(aside, set_aside, error=aside_error), aside_error,
        ]
        rows += self._victory_rows()
        rows += self._trigger_rows()
        rows.append(w.HTML("<b>Zombie pool</b> (miniatures per type)"))
        pool = d["setup"].get("zombie_pool", {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1})

        def set_pool(kind: str, v: int | None) -> None:
            now = dict(ed.data["setup"].get("zombie_pool", pool))
            if v is None:
                now.pop(kind, None)
            else:
                now[kind] = v
            ed.set_setup(zombie_pool=now)
        rows.append(_row([self._int_field(z.replace("_", " "), pool.get(z), 0, 1000,
                                          lambda v, z=z: set_pool(z, v), empty="none", width="190px")
                          for z in ZOMBIE_TYPES]))
        rows += self._special_rule_rows()
        rows += points_rows(self) + infestation_rows(self)  # Eden's rules (widgets/eden_forms.py)
        if d["setup"].get("rules", {}).get("profile") == "lnoe":
            rows += self._lnoe_rows()
        if d["setup"].get("rules", {}).get("profile") == "house":
            rows += arrival_rows(self)  # widgets/morts_forms.py
        return rows

    def _lnoe_rows(self) -> list[w.Widget]:
        """The Last Night on Earth set-up (``setup.lnoe``): the spawn roll, the grave dead's ability,
        how heroes are placed and drawn, the zombie player's hand, the optional rules. Each change is
        one undo step; a value the model refuses is named at the field."""
        ed = self.editor
        ln = lambda: dict(ed.data["setup"].get("lnoe") or {})  # noqa: E731
        error = w.HTML(layout=w.Layout(display="none", width="100%"))

        def put(key: str, value: Any, default: Any) -> None:
            now = ln()
            if value == default or value is None:
                now.pop(key, None)
            else:
                now[key] = value
            ed.set_setup(lnoe=now or None)

        cur = ln()
        roll = w.Text(value=cur.get("spawn_roll") or "", description="spawn roll", placeholder="every turn",
                      continuous_update=False, layout=w.Layout(width="200px"), style={"description_width": "80px"},
                      tooltip="dice that must beat the zombies on the board before new zombies spawn (1d6, 2d6)")

        def set_roll(v: str) -> None:
            raw = v.strip()
            why = dice_problem(raw) if raw else None
            if why:
                raise EditError(f"spawn roll: {why}")
            put("spawn_roll", raw or None, None)
        ability = w.Dropdown(options=[("rolled each game", 0)] + [(f"{k} {n}", k) for k, n in GRAVE_DEAD_ABILITIES.items()],
                             value=cur.get("grave_dead_ability") or 0, description="grave dead",
                             layout=w.Layout(width="240px"), style={"description_width": "80px"})
        start = w.Dropdown(options=[("a start zone", "start_zones"), ("a random building (d6, d6)", "random_building")],
                           value=cur.get("start", "start_zones"), description="hero starts in",
                           layout=w.Layout(width="300px"), style={"description_width": "90px"})
        boxes = [(key, w.Checkbox(value=bool(cur.get(key, False)), description=label, indent=False,
                                  layout=w.Layout(width="auto")))
                 for key, label in (("random_hero", "heroes drawn at random"), ("becky_first_aid", "Becky's first aid"),
                                    ("endless_night", "'Une nuit sans fin' (optional)"),
                                    ("multi_hero_cards", "cards naming 2+ heroes move the sun"),
                                    ("no_spawn_point_loss", "zombies lose with no spawning point left"))]
        rows: list[w.Widget] = [
            w.HTML("<b>Last Night on Earth</b> (setup.lnoe: rules beyond the special rules)"),
            _row([self._mfield(roll, set_roll, error=error),
                  self._mfield(ability, lambda v: put("grave_dead_ability", v or None, None), error=error),
                  self._mfield(start, lambda v: put("start", v, "start_zones"), error=error)]),
            _row([self._int_field("zombie hand", cur.get("zombie_hand", 0), 0, 10,
                                  lambda v: put("zombie_hand", v, 0), width="190px"),
                  self._int_field("heroes to lose", cur.get("heroes_to_lose", 4), 1, 12,
                                  lambda v: put("heroes_to_lose", v, 4), width="200px")]),
            _row([self._mfield(box, lambda v, key=key: put(key, bool(v), False), error=error) for key, box in boxes]),
            error]
        return rows

    def _ids_of(self, what: str, kind: str | None = None) -> list[tuple[str, str]]:
        d = self.editor.data
        if what == "objective":
            return [(f"{o['id']} ({o['kind']}{' ' + o['colour'] if o.get('colour') else ''}, {o['zone']})", o["id"])
                    for o in d.get("objectives", []) if kind is None or o["kind"] == kind]
        if what == "door":
            return [(f"{c['id']} ({c['from']}–{c['to']})", c["id"]) for c in d["connections"] if c["kind"] == "door"]
        if what == "spawn":
            return [(f"{sp['id']} ({sp['zone']})", sp["id"]) for sp in d.get("spawns", [])]
        return [(f"{z.get('name') or z['id']} ({z['id']})" if z.get("name") else z["id"], z["id"]) for z in d["zones"]]

    def _victory_rows(self) -> list[w.Widget]:
        ed = self.editor
        steps = ed.data["victory"]["steps"]
        rows: list[w.Widget] = [w.HTML("<b>Victory</b>"),
                                self._mfield(_check("in this order", ed.data["victory"].get("ordered", False)),
                                             lambda v: ed.set_victory(ed.data["victory"]["steps"], v))]

        def put(i: int, **fields: Any) -> None:
            now = [dict(s) for s in ed.data["victory"]["steps"]]
            now[i].update(fields)
            for k in [k for k, v in now[i].items() if v is None]:
                del now[i][k]
            ed.set_victory(now)

        def remove(i: int) -> None:
            now = [dict(s) for s in ed.data["victory"]["steps"]]
            if len(now) == 1:
                raise EditError("a mission needs at least one victory step: add another one first")
            del now[i]
            ed.set_victory(now)

        def move(i: int, j: int) -> None:
            now = [dict(s) for s in ed.data["victory"]["steps"]]
            if 0 <= j < len(now):
                now[i], now[j] = now[j], now[i]
                ed.set_victory(now)

        self.victory_rows = []
        for i, st in enumerate(steps):
            kind = st["kind"]
            error = w.HTML(layout=w.Layout(display="none"))
            parts: list[w.Widget] = [w.HTML(f"{i + 1}. <b>{STEP_KINDS.get(kind, kind)}</b>")]
            if kind == "take_objectives":
                opts = self._ids_of("objective")
                sel = w.SelectMultiple(options=opts, value=tuple(x for x in st.get("objectives", [])
                                                                 if x in {v for _l, v in opts}),
                                       rows=min(max(len(opts), 2), 6), layout=w.Layout(width="95%"))
                parts.append(w.HTML("<i>none picked: every token, key and switch</i>" if not st.get("objectives")
                                    else ""))
                parts.append(self._mfield(sel, lambda v, i=i: put(i, objectives=list(v)), error=error,
                                          rebuild=True))  # the note on an empty pick follows
            elif kind in ("reach_zone", "clear_zones", "no_zombie_path", "carry_items", "hold_zone"):
                opts = self._ids_of("zone")
                sel = w.SelectMultiple(options=opts, value=tuple(x for x in st["zones"] if x in {v for _l, v in opts}),
                                       rows=min(max(len(opts), 2), 6), layout=w.Layout(width="95%"))
                parts.append(self._mfield(sel, lambda v, i=i: put(i, zones=list(v)), error=error))
                if kind == "carry_items":
                    items = w.Text(value=", ".join(st.get("items", [])), description="items",
                                   continuous_update=False, layout=w.Layout(width="95%"),
                                   tooltip="item names that count, comma separated (canned_food, water)")
                    parts.append(self._mfield(items, lambda v, i=i: put(
                        i, items=[x.strip() for x in v.split(",") if x.strip()]), error=error))
                    parts.append(self._int_field("count", st.get("count", 1), 1, 1000,
                                                 lambda v, i=i: put(i, count=v), width="160px"))
                if kind in ("reach_zone", "hold_zone"):
                    parts.append(self._mfield(w.Dropdown(options=["any", "all"], value=st.get("who", "any"),
                                                         description="who", layout=w.Layout(width="160px")),
                                              lambda v, i=i: put(i, who=v)))
            elif kind in ("open_doors", "doors_closed"):
                opts = self._ids_of("door")
                sel = w.SelectMultiple(options=opts, value=tuple(x for x in st["doors"] if x in {v for _l, v in opts}),
                                       rows=min(max(len(opts), 2), 6), layout=w.Layout(width="95%"))
                parts.append(self._mfield(sel, lambda v, i=i: put(i, doors=list(v)), error=error))
            elif kind == "escape":
                parts.append(self._mfield(w.Dropdown(options=["all", "any"], value=st.get("who", "all"),
                                                     description="who", layout=w.Layout(width="160px")),
                                          lambda v, i=i: put(i, who=v)))
            elif kind == "kill":
                parts.append(self._int_field("count", st.get("count", 1), 1, 10_000,
                                             lambda v, i=i: put(i, count=v), width="160px"))
                parts.append(self._mfield(w.Dropdown(options=[("any zombie", ""), *[(z, z) for z in ZOMBIE_TYPES]],
                                                     value=st.get("zombie") or "", layout=w.Layout(width="130px")),
                                          lambda v, i=i: put(i, zombie=v or None)))
            elif kind == "survive":
                parts.append(self._int_field("turns", st.get("turns", 1), 1, 1000,
                                             lambda v, i=i: put(i, turns=v), width="160px"))
            up = w.Button(description="↑", tooltip="earlier", layout=w.Layout(width="32px"))
            up.on_click(lambda _b, i=i: self._do_at(error, move, i, i - 1))
            delete = w.Button(description="x", tooltip="remove this step", layout=w.Layout(width="32px"))
            delete.on_click(lambda _b, i=i: self._do_at(error, remove, i))
            parts += [up, delete]
            box = w.VBox([_row(parts), error], layout=w.Layout(border="1px solid #e0e0e0", padding="2px",
                                                               width="98%"))
            box.add_class("sd-step")
            self.victory_rows.append(box)
            rows.append(box)
        self.step_kind = w.Dropdown(options=[(v, k) for k, v in STEP_KINDS.items()], value="take_objectives",
                                    layout=w.Layout(width="190px"))
        add = w.Button(description="Add step", layout=w.Layout(width="90px"))
        add_error = w.HTML(layout=w.Layout(display="none"))

        def add_step(_b: Any) -> None:
            kind = self.step_kind.value
            d = ed.data
            first = {"zones": [d["zones"][0]["id"]]} if kind in ("reach_zone", "clear_zones", "no_zombie_path",
                                                                 "carry_items", "hold_zone") else {}
            if kind == "carry_items":
                first.update(items=["canned_food"], count=1)
            doors = [c["id"] for c in d["connections"] if c["kind"] == "door"]
            if kind in ("open_doors", "doors_closed"):
                if not doors:
                    self._show_error(add_error, "there is no door to open yet")
                    return
                first = {"doors": doors[:1]}
            step = {"kind": kind, **first, **({"count": 1} if kind == "kill" else {}),
                    **({"turns": 5} if kind == "survive" else {})}
            now = list(d["victory"]["steps"])
            # escaping comes last: a new goal goes before a final escape
            at = len(now) - 1 if now and now[-1]["kind"] == "escape" and kind != "escape" else len(now)
            self._do_at(add_error, ed.set_victory, [*now[:at], step, *now[at:]])
        add.on_click(add_step)
        rows += [_row([self.step_kind, add]), add_error]
        return rows

    def _trigger_rows(self) -> list[w.Widget]:
        ed = self.editor
        rows: list[w.Widget] = [w.HTML("<b>Triggers</b> (when something happens, then...)")]

        def put(i: int, fn: Callable[[dict], None]) -> None:
            now = json.loads(json.dumps(ed.data.get("triggers", [])))
            fn(now[i])
            ed.set_triggers(now)

        def target_field(what: str, value: str, apply) -> w.Widget:
            opts = self._ids_of(what) if what != "switch" else self._ids_of("objective", "switch")
            values = {v for _l, v in opts}
            if value not in values:
                opts = [(f"{value} (missing)", value), *opts]
            return self._mfield(w.Dropdown(options=opts, value=value, layout=w.Layout(width="200px")), apply)

        targets = {"objective_taken": "objective", "switch_pressed": "switch", "door_opened": "door",
                   "zone_entered": "zone"}
        effect_targets = {"open_door": "door", "close_door": "door", "toggle_door": "door", "unlock_door": "door",
                          "lock_door": "door", "activate_spawn": "spawn", "deactivate_spawn": "spawn",
                          "toggle_spawn": "spawn", "spawn_zombies": "zone"}
        for i, t in enumerate(ed.data.get("triggers", [])):
            ev = t["when"]
            error = w.HTML(layout=w.Layout(display="none"))
            when: list[w.Widget] = [w.HTML(f"<b>{t['id']}</b> when"),
                                    self._mfield(w.Dropdown(options=[(v, k) for k, v in EVENT_KINDS.items()],
                                                            value=ev["kind"], layout=w.Layout(width="150px")),
                                                 lambda v, i=i: put(i, lambda t, v=v: t.__setitem__(
                                                     "when", self._default_event(v))), rebuild=True, error=error)]
            if ev["kind"] in targets:
                field = {"objective_taken": "objective", "switch_pressed": "switch", "door_opened": "door",
                         "zone_entered": "zone"}[ev["kind"]]
                when.append(target_field(targets[ev["kind"]], ev[field],
                                         lambda v, i=i, field=field: put(i, lambda t: t["when"].__setitem__(field, v))))
            elif ev["kind"] == "turn_reached":
                when.append(self._int_field("turn", ev.get("turn", 1), 1, 1000,
                                            lambda v, i=i: put(i, lambda t: t["when"].__setitem__("turn", v)),
                                            width="150px"))
            elif ev["kind"] == "kills_reached":
                when.append(self._int_field("kills", ev.get("count", 1), 1, 10_000,
                                            lambda v, i=i: put(i, lambda t: t["when"].__setitem__("count", v)),
                                            width="150px"))
            delete = w.Button(description="x", tooltip=f"delete trigger {t['id']}", layout=w.Layout(width="32px"))
            delete.on_click(lambda _b, tid=t["id"]: self._do_at(error, ed.delete, "trigger", tid))
            when += [self._mfield(_check("once", t.get("once", True)),
                                  lambda v, i=i: put(i, lambda t: t.__setitem__("once", v))), delete]
            parts: list[w.Widget] = [_row(when)]
            for j, e in enumerate(t["then"]):
                eff: list[w.Widget] = [w.HTML("then"),
                                       self._mfield(w.Dropdown(options=[(v, k) for k, v in EFFECT_KINDS.items()],
                                                               value=e["kind"], layout=w.Layout(width="150px")),
                                                    lambda v, i=i, j=j: self._set_effect(i, j, v), rebuild=True,
                                                    error=error)]
                if e["kind"] == "spawn_zombies" and e.get("at_objective"):
                    eff.append(w.HTML("where"))
                    eff.append(target_field("objective", e["at_objective"], lambda v, i=i, j=j: put(
                        i, lambda t: t["then"][j].__setitem__("at_objective", v))))
                elif e["kind"] in effect_targets:
                    field = {"door": "door", "spawn": "spawn", "zone": "zone"}[effect_targets[e["kind"]]]
                    eff.append(target_field(effect_targets[e["kind"]], e[field],
                                            lambda v, i=i, j=j, field=field: put(
                                                i, lambda t: t["then"][j].__setitem__(field, v))))
                if e["kind"] == "spawn_zombies":
                    eff.append(self._mfield(w.Dropdown(options=ZOMBIE_TYPES, value=e.get("zombie", "walker"),
                                                       layout=w.Layout(width="110px")),
                                            lambda v, i=i, j=j: put(i, lambda t: t["then"][j].__setitem__("zombie", v))))
                    eff.append(self._int_field("count", e.get("count", 1), 1, 100,
                                               lambda v, i=i, j=j: put(i, lambda t: t["then"][j].__setitem__("count", v)),
                                               width="150px"))
                    eff.append(self._dice_field(e.get("dice"), lambda v, i=i, j=j: put(i, lambda t: _set_dice(
                        t["then"][j], v))))
                    eff.append(self._mfield(_check("where the token lay", bool(e.get("at_objective"))),
                                            lambda v, i=i, j=j: put(i, lambda t: _spawn_where(t, t["then"][j], v,
                                                                                              ed.data)),
                                            rebuild=True, error=error))
                    instead = e.get("instead") or []
                    eff.append(self._mfield(w.Dropdown(
                        options=[("nothing instead", ""), *[(f"else a {z}", z) for z in ZOMBIE_TYPES]],
                        value=instead[0]["zombie"] if instead else "", layout=w.Layout(width="150px"),
                        tooltip="what appears instead when one of this type is already in play"),
                        lambda v, i=i, j=j: put(i, lambda t: _set_instead(t["then"][j], v))))
                elif e["kind"] == "give_card":
                    eff.append(self._mfield(w.Text(value=", ".join(e.get("cards", [])), placeholder="any set-aside card",
                                                   continuous_update=False, layout=w.Layout(width="200px")),
                                            lambda v, i=i, j=j: put(i, lambda t: t["then"][j].__setitem__(
                                                "cards", [x.strip() for x in v.split(",") if x.strip()]))))
                elif e["kind"] == "rotate_gate":
                    eff.append(w.HTML(f"gate <b>{e['gate']}</b>, sides N/E/S/W: "
                                      + " / ".join(x or "wall" for x in e["sides"])))
                    eff.append(self._mfield(w.Dropdown(options=["choose", "clockwise", "counterclockwise"],
                                                       value=e.get("direction", "choose"),
                                                       layout=w.Layout(width="150px")),
                                            lambda v, i=i, j=j: put(i, lambda t: t["then"][j].__setitem__(
                                                "direction", v))))
                elif e["kind"] in FIRE_EFFECT:
                    eff += fire_effect_fields(self, e, lambda fn, i=i, j=j: put(i, lambda t: fn(t["then"][j])), error)
                elif e["kind"] in RESOURCE_EFFECTS:
                    eff += resource_effect_fields(self, e, lambda fn, i=i, j=j: put(i, lambda t: fn(t["then"][j])), error)
                elif e["kind"] in HEAL_OR_DRAW:
                    eff += heal_or_draw_fields(self, e, lambda fn, i=i, j=j: put(i, lambda t: fn(t["then"][j])), error)
                elif e["kind"] == "grant_xp":
                    eff.append(self._int_field("XP", e.get("amount", 5), 1, 100,
                                               lambda v, i=i, j=j: put(i, lambda t: t["then"][j].__setitem__("amount", v)),
                                               width="150px"))
                elif e["kind"] == "end_game":
                    eff.append(self._mfield(w.Dropdown(options=["win", "loss"], value=e.get("outcome", "win"),
                                                       layout=w.Layout(width="90px")),
                                            lambda v, i=i, j=j: put(i, lambda t: t["then"][j].__setitem__("outcome", v))))
                rm = w.Button(description="x", tooltip="remove this effect", layout=w.Layout(width="32px"))

                def remove_effect(_b: Any, i: int = i, j: int = j) -> None:
                    now = json.loads(json.dumps(ed.data["triggers"]))
                    if len(now[i]["then"]) == 1:
                        self._show_error(error, "a trigger needs an effect: delete the trigger instead")
                        return
                    del now[i]["then"][j]
                    self._do_at(error, ed.set_triggers, now)
                rm.on_click(remove_effect)
                eff.append(rm)
                parts.append(_row(eff))
            add_effect = w.Button(description="Add effect", layout=w.Layout(width="100px"))
            add_effect.on_click(lambda _b, i=i: self._do_at(error, put, i, lambda t: t["then"].append(
                self._default_effect())))
            parts += [add_effect, error]
            box = w.VBox(parts, layout=w.Layout(border="1px solid #e0e0e0", padding="2px", width="98%"))
            box.add_class("sd-trigger")
            rows.append(box)
        add = w.Button(description="Add trigger", layout=w.Layout(width="100px"))
        add_error = w.HTML(layout=w.Layout(display="none"))

        def add_trigger(_b: Any) -> None:
            self._do_at(add_error, ed.add_trigger, self._default_event(), [self._default_effect()])
        add.on_click(add_trigger)
        rows += [add, add_error]
        return rows

    def _dice_field(self, value: str | None, apply) -> w.Widget:
        """The dice a ``spawn_zombies`` effect rolls instead of its count ('1d3'); empty for the
        count. What the model refuses is refused at the field, with what it expects."""
        text = w.Text(value=value or "", description="dice", placeholder="or roll: 1d3", continuous_update=False,
                      layout=w.Layout(width="160px"), style={"description_width": "34px"},
                      tooltip="roll this many instead of the count, for example 1d3 or 2d6+1")
        error = w.HTML(layout=w.Layout(display="none", width="100%"))

        def changed(ch: dict) -> None:
            if self._building:
                return
            raw = ch["new"].strip()
            why = dice_problem(raw) if raw else None
            if why:
                self._show_error(error, f"Dice: {why}")
                return
            self._mission_edit = True
            try:
                self._do_at(error, apply, raw or None)
            finally:
                self._mission_edit = False
        text.observe(changed, "value")
        box = IntField([text, error], layout=w.Layout(width="auto"))
        box.text, box.error = text, error
        return box

    def _default_event(self, kind: str | None = None) -> dict:
        d = self.editor.data
        objectives = [o["id"] for o in d.get("objectives", []) if o["kind"] != "switch"]
        switches = [o["id"] for o in d.get("objectives", []) if o["kind"] == "switch"]
        doors = [c["id"] for c in d["connections"] if c["kind"] == "door"]
        if kind is None:
            kind = "switch_pressed" if switches else "objective_taken" if objectives else "turn_reached"
        if kind == "objective_taken":
            if not objectives:
                raise EditError("there is no objective to take yet")
            return {"kind": kind, "objective": objectives[0]}
        if kind == "switch_pressed":
            if not switches:
                raise EditError("there is no switch yet: add an objective of kind 'switch' to a zone")
            return {"kind": kind, "switch": switches[0]}
        if kind == "door_opened":
            if not doors:
                raise EditError("there is no door yet")
            return {"kind": kind, "door": doors[0]}
        if kind == "zone_entered":
            return {"kind": kind, "zone": d["zones"][0]["id"]}
        if kind == "kills_reached":
            return {"kind": kind, "count": 10}
        return {"kind": "turn_reached", "turn": 1}

    def _default_effect(self, kind: str | None = None) -> dict:
        d = self.editor.data
        doors = [c["id"] for c in d["connections"] if c["kind"] == "door"]
        spawns = [sp["id"] for sp in d.get("spawns", [])]
        if kind is None:
            kind = "open_door" if doors else "activate_spawn" if spawns else "grant_xp"
        if kind.endswith("_door"):
            if not doors:
                raise EditError("there is no door yet")
            return {"kind": kind, "door": doors[0]}
        if kind.endswith("_spawn"):
            if not spawns:
                raise EditError("there is no spawn yet")
            return {"kind": kind, "spawn": spawns[0]}
        if kind == "spawn_zombies":
            return {"kind": kind, "zone": d["zones"][0]["id"]}
        if kind == "give_card":
            return {"kind": kind}
        if kind == "rotate_gate":
            gate = next((z["id"] for z in d["zones"] if z.get("kind") == "gate"), None)
            if gate is None:
                raise EditError("there is no zone of kind 'gate' yet")
            sides = [c for c in d["connections"] if c["kind"] == "door" and gate in (c["from"], c["to"])][:4]
            ids = [c["id"] for c in sides] + [None] * (4 - len(sides))
            return {"kind": kind, "gate": gate, "sides": ids,
                    "passage": [bool(c and c.get("state") == "open") for c in sides + [None] * (4 - len(sides))]}
        if kind == "end_game":
            return {"kind": kind, "outcome": "win"}
        if kind in FIRE_EFFECT:
            return default_fire_effect(d)
        if kind in RESOURCE_EFFECTS:
            return default_resource_effect(kind, d)
        if kind in HEAL_OR_DRAW:
            return {"kind": kind}
        return {"kind": "grant_xp", "amount": 5}

    def _set_effect(self, i: int, j: int, kind: str) -> None:
        now = json.loads(json.dumps(self.editor.data["triggers"]))
        now[i]["then"][j] = self._default_effect(kind)
        self.editor.set_triggers(now)

    def _refresh_balance(self) -> None:
        t = self.editor.balance()
        verdict = "balanced" if t["heroes"] == t["zombies"] else \
            f"{'heroes' if t['heroes'] > t['zombies'] else 'zombies'} ahead by {abs(t['heroes'] - t['zombies'])}"
        self.balance.value = f"balance points: heroes <b>{t['heroes']}</b>, zombies <b>{t['zombies']}</b> ({verdict})"

    def _special_rule_rows(self) -> list[w.Widget]:
        ed = self.editor
        rules = ed.data["setup"].get("special_rules", [])
        rows: list[w.Widget] = [w.HTML("<b>Special rules</b> (balance points)")]

        def put(i: int, **fields: Any) -> None:
            now = json.loads(json.dumps(ed.data["setup"].get("special_rules", [])))
            now[i].update({k: v for k, v in fields.items() if v is not None})
            for k in [k for k, v in fields.items() if v is None]:
                now[i].pop(k, None)
            ed.set_setup(special_rules=now)

        def remove(i: int) -> None:
            now = json.loads(json.dumps(ed.data["setup"].get("special_rules", [])))
            del now[i]
            ed.set_setup(special_rules=now or None)

        for i, r in enumerate(rules):
            error = w.HTML(layout=w.Layout(display="none"))
            delete = w.Button(description="x", tooltip=f"remove {r['id']}", layout=w.Layout(width="32px"))
            delete.on_click(lambda _b, i=i: self._do_at(error, remove, i))
            rows.append(w.VBox([_row([
                w.HTML(f"<b>{r['id']}</b>"),
                self._mfield(w.Text(value=r.get("name", ""), placeholder="name", continuous_update=False,
                                    layout=w.Layout(width="170px")), lambda v, i=i: put(i, name=v or None)),
                self._mfield(w.Dropdown(options=["heroes", "zombies"], value=r["side"], layout=w.Layout(width="90px")),
                             lambda v, i=i: put(i, side=v)),
                self._int_field("points", r.get("points", 1), 0, 10, lambda v, i=i: put(i, points=v), width="140px"),
                delete]), error]))
        name = w.Text(placeholder="new rule id", continuous_update=False, layout=w.Layout(width="150px"))
        side = w.Dropdown(options=["heroes", "zombies"], value="heroes", layout=w.Layout(width="90px"))
        add = w.Button(description="Add rule", layout=w.Layout(width="90px"))
        add_error = w.HTML(layout=w.Layout(display="none"))

        def add_rule(_b: Any) -> None:
            rid = re.sub(r"[^A-Za-z0-9_.-]+", "-", name.value.strip()).strip("-")
            taken = {r["id"] for r in ed.data["setup"].get("special_rules", [])}
            if not rid:
                self._show_error(add_error, "give the rule an id (letters, digits, '-')")
                return
            if rid in taken:
                self._show_error(add_error, f"a special rule already has id '{rid}'")
                return
            now = [*ed.data["setup"].get("special_rules", []), {"id": rid, "side": side.value, "points": 1}]
            self._do_at(add_error, ed.set_setup, special_rules=now)
        add.on_click(add_rule)
        rows += [_row([name, side, add]), add_error, self.balance]
        return rows

    # -- files and drafts --------------------------------------------------------------------------

    def _files_panel(self) -> None:
        self.path_text = w.Text(value=str(self.editor.path or ""), placeholder="scenarios/my-mission.json",
                                description="File", continuous_update=False, layout=w.Layout(width="95%"))
        self.open_button = w.Button(description="Open", layout=w.Layout(width="70px"))
        self.chooser = w.Dropdown(options=self._library_files(), description="Library", layout=w.Layout(width="95%"))
        self.open_chosen = w.Button(description="Open chosen", layout=w.Layout(width="110px"))
        self.new_button = w.Button(description="New mission", layout=w.Layout(width="110px"))
        self.folder_text = w.Text(value=str(self.folder.resolve()), description="Export to", continuous_update=False,
                                  layout=w.Layout(width="95%"), tooltip="the folder Export writes <id>.json into")
        self.folder_error = w.HTML(layout=w.Layout(display="none"))
        self.save_button = w.Button(description="Export", button_style="success", layout=w.Layout(width="80px"))
        self.confirm_errors = w.Checkbox(value=False, description="export even with errors", indent=False,
                                         layout=w.Layout(width="auto"))
        self.render_button = w.Button(description="Map as SVG", layout=w.Layout(width="100px"))
        self.confirm_box = w.VBox()
        self.file_error = w.HTML(layout=w.Layout(display="none"))
        self.open_button.on_click(lambda _b: self.open(self.path_text.value))
        self.open_chosen.on_click(lambda _b: self.open(self.chooser.value) if self.chooser.value else None)
        self.new_button.on_click(lambda _b: self.new())
        self.save_button.on_click(lambda _b: self.export())
        self.render_button.on_click(lambda _b: self.render())

        def set_folder(ch: dict) -> None:
            text = ch["new"].strip()
            if not text:
                self._show_error(self.folder_error, "give the folder the export writes into")
                return
            p = Path(text).expanduser()
            if p.exists() and not p.is_dir():
                self._show_error(self.folder_error, f"{p} is a file, not a folder")
                return
            self.folder = p
            self.folder_error.layout.display = "none"
            self.say(f"exports go to {p.resolve()}")
        self.folder_text.observe(set_folder, "value")
        self.files_box = w.VBox([
            w.HTML("<b>Open</b>"), _row([self.chooser, self.open_chosen]), _row([self.path_text, self.open_button]),
            self.new_button, self.confirm_box, self.file_error,
            w.HTML("<b>Export</b>"), self.folder_text, self.folder_error,
            _row([self.save_button, self.confirm_errors, self.render_button]),
            w.HTML("<b>Drafts</b> (every edit is kept as a draft of this session)"),
            self._drafts_list_box(),
        ], layout=w.Layout(width="100%"))

    def _drafts_list_box(self) -> w.VBox:
        self.drafts_list = w.VBox()
        refresh = w.Button(description="List drafts", layout=w.Layout(width="100px"))
        refresh.on_click(lambda _b: self._list_drafts(self.drafts_list, every=True))
        return w.VBox([refresh, self.drafts_list])

    def _library_files(self) -> list[tuple[str, str]]:
        root = self.library
        if not root.is_dir():
            return []
        files = sorted(p for p in root.rglob("*.json") if "campaigns" not in p.parts)
        return [(str(p.relative_to(root)), str(p)) for p in files]

    def _list_drafts(self, box: w.VBox, every: bool = False, limit: int = 8) -> int:
        """Fill ``box`` with the drafts other sessions left (of this mission, or ``every`` one)."""
        found = Editor.drafts(None if every else self.editor.data.get("id"), exclude=self.editor.session)
        rows: list[w.Widget] = []
        for dr in found[:limit]:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(dr["saved"]))
            recover = w.Button(description="Recover draft", button_style="warning", layout=w.Layout(width="120px"))
            discard = w.Button(description="Discard", layout=w.Layout(width="80px"))
            recover.on_click(lambda _b, p=dr["path"]: self.recover(p))
            discard.on_click(lambda _b, p=dr["path"]: self._discard(p))
            rows.append(_row([w.HTML(f"draft of <b>{dr['title']}</b> ({dr['id']}, {dr['zones']} zones, {when})"),
                              recover, discard]))
        _replace(box, rows)
        return len(found)

    def offer_drafts(self) -> int:
        """Offer, above the map, the drafts other sessions left for this mission (for any mission
        when this one is still the untouched starter); returns how many."""
        blank = not self.editor.can_undo and self.editor.path is None
        n = self._list_drafts(self.drafts_box, every=blank, limit=1)  # one line: the map keeps its room
        if n:
            later = w.Button(description="Later", tooltip="hide this; the drafts stay in the Files tab",
                             layout=w.Layout(width="60px"))
            later.on_click(lambda _b: _replace(self.drafts_box, []))
            row = self.drafts_box.children[0]
            more = f" ({n - 1} more in the Files tab)" if n > 1 else ""
            row.children = (w.HTML(f"<b>Unsaved work from an earlier session:</b>"), *row.children,
                            w.HTML(more), later)
        self._list_drafts(self.drafts_list, every=True)
        return n

    def _discard(self, path: Path) -> None:
        Path(path).unlink(missing_ok=True)
        self.offer_drafts()
        self._list_drafts(self.drafts_list, every=True)
        self.say(f"discarded the draft {Path(path).name}")

    def recover(self, draft: str | Path) -> bool:
        """Open a draft (a path, or a scenario id for its newest draft) in the designer."""
        def go() -> bool:
            editor = self._do(Editor.recover, draft)
            if editor is None:
                return False
            editor.autosave = self.editor.autosave
            self._switch_to(editor)
            self.drafts_box.children = []
            self.say(f"recovered the draft of {editor.data['id']}")
            return True
        return self._unless_dirty(go, "recover the draft")

    def _unless_dirty(self, go: Callable[[], bool], what: str) -> bool:
        """Run ``go`` now, or, with unsaved edits, once the user has said so."""
        if not self.editor.dirty or self._pending is go:
            self.confirm_box.children = []
            self._pending = None
            return go()
        self._pending = go
        yes = w.Button(description=f"Discard edits and {what.split()[0]}", button_style="danger",
                       layout=w.Layout(width="auto"))
        no = w.Button(description="Cancel", layout=w.Layout(width="80px"))
        yes.on_click(lambda _b: self._unless_dirty(go, what))

        def cancel(_b: Any) -> None:
            self.confirm_box.children = []
            self._pending = None
        no.on_click(cancel)
        self.confirm_box.children = [w.HTML(f"<span class='sd-error'>'{self.editor.data['meta']['title']}' has edits "
                                            f"that are not exported; to {what}, they and the undo history go (the "
                                            f"draft stays on disk).</span>"), _row([yes, no])]
        self.tabs.selected_index = FILES_TAB
        return False

    def _switch_to(self, editor: Editor) -> None:
        self.canvas.selection = []
        self.canvas.selected = ""
        self._clear_highlight()
        self.heat = None
        self._attach(editor)
        self.refresh()
        self.check()
        self.canvas.fit()

    def open(self, path: str) -> bool:
        """Open a scenario file in the designer (asks first when there are unsaved edits)."""
        path = str(path).strip()

        def go() -> bool:
            try:
                editor = Editor.open(path, autosave=self.editor.autosave)
            except LoadError as e:
                self._show_error(self.file_error, "<br>".join(e.lines()))
                self.say("the file was not opened: see the Files tab", error=True)
                return False
            self.file_error.layout.display = "none"
            self._switch_to(editor)
            self.path_text.value = path
            self.say(f"opened {path}")
            return True
        return self._unless_dirty(go, "open the file")

    def new(self, scenario_id: str = "new-mission", title: str = "New mission") -> bool:
        """Start a new mission (asks first when there are unsaved edits)."""
        def go() -> bool:
            editor = Editor.new(scenario_id, title=title)
            editor.autosave = self.editor.autosave
            self._switch_to(editor)
            self.say("new mission")
            return True
        return self._unless_dirty(go, "start a new mission")

    def export(self) -> Path | None:
        """Save into the export folder (errors need the confirmation box ticked)."""
        path = self._do(self.editor.save, self.folder, confirm_errors=self.confirm_errors.value)
        if path is not None:
            self.path_text.value = str(path)
            self.say(f"exported {path}")
            if self.editor.data.get("tiles"):  # its tiles are there to place in other missions now
                self.editor.shared_tiles = [t for t, _src in self._shared_tiles(again=True)]
        return path

    def render(self, path: str | None = None) -> Path | None:
        """Write the map as an SVG (or PNG) mission sheet into the export folder."""
        from ..render import render_map

        s = self.editor.scenario
        if s is None:
            self.say("the scenario is not valid yet", error=True)
            return None
        target = Path(path) if path else self.folder / f"{s.id}.svg"
        target.parent.mkdir(parents=True, exist_ok=True)
        render_map(s, target)
        self.say(f"wrote {target}")
        return target

    # -- tiles -------------------------------------------------------------------------------

    def _tiles_panel_init(self) -> None:
        self.tile_palette = w.Select(options=[], rows=8, description="Palette", layout=w.Layout(width="95%"),
                                     style={"description_width": "56px"})
        self.tile_preview = w.HTML()
        self.tile_col = self._int_field("Column", 0, -100, 100, lambda v: None, width="150px")
        self.tile_row = self._int_field("Row", 0, -100, 100, lambda v: None, width="150px")
        self.tile_rotation = w.Dropdown(options=[("0°", 0), ("90°", 1), ("180°", 2), ("270°", 3)], value=0,
                                        description="Turn", layout=w.Layout(width="150px"),
                                        style={"description_width": "40px"})
        self.place_tile_button = w.Button(description="Place tile", button_style="primary",
                                          layout=w.Layout(width="100px"))
        self.tile_error = w.HTML(layout=w.Layout(display="none", width="100%"))
        self.tile_list_text = w.HTML()
        self.placed_box = w.VBox(layout=w.Layout(width="100%"))
        self.new_tile_code = w.Text(description="Code", placeholder="for example 9A", layout=w.Layout(width="170px"),
                                    style={"description_width": "40px"})
        self.new_tile_name = w.Text(description="Name", placeholder="what is on it", layout=w.Layout(width="200px"),
                                    style={"description_width": "40px"})
        self.save_tile_button = w.Button(description="Save selection as tile", layout=w.Layout(width="170px"))
        self.save_tile_error = w.HTML(layout=w.Layout(display="none", width="100%"))
        self.tile_palette.observe(lambda ch: self._preview_tile(ch["new"]), "value")
        self.place_tile_button.on_click(lambda _b: self.place_tile())
        self.save_tile_button.on_click(lambda _b: self.save_tile())

    def _shared_tiles(self, again: bool = False) -> list[tuple[Any, str]]:
        """The tiles other missions of the library folder keep (read once, again after an
        export), with the file each comes from."""
        from ..edit import library_tiles

        if again or getattr(self, "_shared", None) is None:
            self._shared = library_tiles(self.library)
        return self._shared

    def _preview_tile(self, tile_id: str | None) -> None:
        from ..render import tile_svg

        tile = next((t for t in self.editor.tile_library() if t.id == tile_id), None)
        self.tile_preview.value = tile_svg(tile, self.editor.tile_map().size) if tile else ""

    def _next_free_cell(self) -> tuple[int, int]:
        m = self.editor.tile_map()
        taken = {(p.col, p.row) for p in m.placed}
        if not taken:
            return 0, 0
        for ring in range(1, 12):  # the nearest free cell next to the tiles, left to right, top down
            for row in range(min(r for _c, r in taken), max(r for _c, r in taken) + ring + 1):
                for col in range(min(c for c, _r in taken), max(c for c, _r in taken) + ring + 1):
                    if (col, row) not in taken and any((col + dc, row + dr) in taken
                                                       for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                        return col, row
        return max(c for c, _r in taken) + 1, 0

    def _build_tiles(self, force: bool = False) -> None:
        d = self.editor.data
        key = json.dumps([d.get("tiles"), self.selected_tile], sort_keys=True)
        if not force and key == self._tiles_key:
            return
        self._tiles_key = key
        ed = self.editor
        m = ed.tile_map()
        if self.selected_tile and self.selected_tile not in {p.id for p in m.placed}:
            self.selected_tile = ""
        from ..model.tiles import tile_list

        self._building = True
        try:
            library = ed.tile_library()
            keep = self.tile_palette.value
            own = {t.id for t in m.library}
            shared = {t.id: src for t, src in self._shared_tiles()}
            builtin = {b["id"] for b in _builtin()}

            def source(t: Any) -> str:
                if t.id in builtin:
                    return ""
                return "  (this map's own)" if t.id in own else f"  (from {shared.get(t.id, 'another mission')})"
            self.tile_palette.options = [(f"{t.id}  {t.name}{source(t)}", t.id) for t in library]
            self.tile_palette.value = keep if keep in {t.id for t in library} else (library[0].id if library else None)
            col, row = self._next_free_cell()
            self.tile_col.value, self.tile_row.value = col, row
        finally:
            self._building = False
        self._preview_tile(self.tile_palette.value)
        listed = tile_list(m)
        written = re.search(r"Tiles(?: needed)?:\s*([^\n]+?)\.?(?:\n|$)", d["meta"].get("description", ""))
        if listed:
            self.tile_list_text.value = f"<b>Tiles needed:</b> {listed}"
        elif written:  # a published mission drawn as a zone graph: its page's list, for reference
            self.tile_list_text.value = (f"<i>The mission's description lists the tiles {html.escape(written.group(1))}; "
                                         "this map was drawn without placing them.</i>")
        else:
            self.tile_list_text.value = "<i>No tiles on the map yet: pick one and place it.</i>"
        names = {t.id: t.name for t in m.library}
        rows: list[w.Widget] = []
        for p in m.placed:
            mine = p.id == self.selected_tile
            label = w.HTML(("<b>" if mine else "") + f"{p.id}" + (f" ({p.tile})" if p.tile != p.id else "")
                           + f" {names.get(p.tile, '')}: column {p.col}, row {p.row}, {90 * p.rotation}°"
                           + ("</b>" if mine else ""), layout=w.Layout(width="100%"))
            buttons = []
            for text, tip, fn in (("⟲", "turn a quarter anticlockwise", lambda _b, p=p: self._tile_do(
                                      ed.rotate_tile, p.id, -1)),
                                  ("⟳", "turn a quarter clockwise (R on the map)", lambda _b, p=p: self._tile_do(
                                      ed.rotate_tile, p.id, 1)),
                                  ("←", "one cell left", lambda _b, p=p: self.nudge_tiles([p.id], -1, 0)),
                                  ("→", "one cell right", lambda _b, p=p: self.nudge_tiles([p.id], 1, 0)),
                                  ("↑", "one cell up", lambda _b, p=p: self.nudge_tiles([p.id], 0, -1)),
                                  ("↓", "one cell down", lambda _b, p=p: self.nudge_tiles([p.id], 0, 1)),
                                  ("Remove", "take the tile and its zones off the map",
                                   lambda _b, p=p: self.delete_selected([f"tile:{p.id}"]))):
                b = w.Button(description=text, tooltip=f"{p.id}: {tip}",
                             layout=w.Layout(width="70px" if len(text) > 1 else "34px"),
                             button_style="danger" if text == "Remove" else "")
                b.on_click(fn)
                buttons.append(b)
            box = w.VBox([label, _row(buttons)], layout=w.Layout(border="2px solid #1e88e5" if mine else
                                                                  "1px solid #e0e0e0", padding="2px", width="98%"))
            box.add_class("sd-tile-row")
            rows.append(box)
        _replace(self.placed_box, rows)
        if not self.tiles_box.children:
            self.tiles_box.children = [
                self.tile_list_text,
                w.HTML("<b>Place a tile</b> (the grid is a tile wide; streets that meet across an edge are joined)"),
                self.tile_palette, self.tile_preview,
                _row([self.tile_col, self.tile_row, self.tile_rotation, self.place_tile_button]), self.tile_error,
                w.HTML("<b>On the map</b> (with this tab open: click a tile, drag it to another cell, "
                       "R turns it, arrow keys move it, Delete takes it off; a double-click on an empty cell "
                       "places the chosen tile)"),
                self.placed_box,
                w.HTML("<b>A tile of your own</b> from the zones selected on the map"),
                _row([self.new_tile_code, self.new_tile_name, self.save_tile_button]), self.save_tile_error]

    def _tile_do(self, fn, *args) -> Any:
        ok, result = self._do_at(self.tile_error, fn, *args)
        if ok and self.editor.notes:
            self.say("; ".join(self.editor.notes))
        return result if ok else None

    def place_tile(self, tile_id: str | None = None, col: int | None = None, row: int | None = None,
                   rotation: int | None = None) -> str | None:
        """Place the tile chosen in the palette (or ``tile_id``) on the cell of the Column and Row
        fields, turned as the Turn field says; the view fits the map."""
        tile_id = tile_id or self.tile_palette.value
        col = self.tile_col.value if col is None else col
        row = self.tile_row.value if row is None else row
        rotation = self.tile_rotation.value if rotation is None else rotation
        if col is None or row is None:
            self._show_error(self.tile_error, "fix the column and the row first (see the fields)")
            return None
        pid = self._tile_do(self.editor.place_tile, tile_id, col, row, rotation)
        if pid:
            self.selected_tile = pid
            self._build_tiles(force=True)
            self.canvas.fit()
            if not self.editor.notes:
                self.say(f"placed tile {pid} at column {col}, row {row}")
        return pid

    def move_tile_to(self, pid: str, x: float, y: float) -> bool:
        """Move a placed tile to the cell under the map point (x, y) (a tile dragged on the map);
        a refused move puts it back where it was."""
        size = self.editor.tile_map().size
        col, row = int(x // size), int(y // size)
        before = self.editor.version
        self._tile_do(self.editor.move_tile, pid, col, row)
        if self.editor.version == before:  # refused or the same cell: the map shows it as it is
            self.canvas.send({"type": "redraw"})
            if self.tile_error.value:
                self.say(re.sub("<[^>]+>", "", self.tile_error.value), error=True)
            return False
        self.selected_tile = pid
        self._build_tiles(force=True)
        return True

    def nudge_tiles(self, pids: list[str], dx: int, dy: int) -> None:
        """Move placed tiles by whole cells (arrow keys on a selected tile)."""
        m = self.editor.tile_map()
        for p in m.placed:
            if p.id in pids:
                self._tile_do(self.editor.move_tile, p.id, p.col + dx, p.row + dy)

    def save_tile(self, zone_ids: list[str] | None = None, code: str | None = None, name: str | None = None) -> str | None:
        """Make a tile of the map's own from the zones selected on the map (Save selection as tile)."""
        zones = zone_ids if zone_ids is not None else [z for kind, z in self._selected_items() if kind == "zone"]
        if not zones:
            self._show_error(self.save_tile_error, "select the zones of the tile on the map first")
            return None
        code = (code if code is not None else self.new_tile_code.value).strip()
        name = (name if name is not None else self.new_tile_name.value).strip()
        ok, tid = self._do_at(self.save_tile_error, self.editor.save_tile, zones, code, name)
        if ok:
            self._build_tiles(force=True)
            self.tile_palette.value = tid
            self.say(f"tile {tid} saved in the map's library ({len(zones)} zones): place it from the palette")
            return tid
        return None

    # -- playtest ----------------------------------------------------------------------------

    def _playtest_panel(self) -> w.Widget:
        self.games = self._int_field("Games", 500, 10, 1_000_000, lambda v: None)
        self.policy = w.Dropdown(options=["greedy", "cautious", "random"], value="greedy", description="Policy")
        self.survivors = self._int_field("Survivors", 4, 1, 12, lambda v: None)
        self.playtest_button = w.Button(description="Playtest", button_style="primary")
        self.playtest_progress = w.IntProgress(value=0, min=0, max=1, description="Progress")
        self.playtest_result = w.HTML()
        self.playtest_plot = w.Output()
        self.heat_toggle = w.ToggleButton(description="Heat map on the canvas", value=False)
        self.playtest_button.on_click(lambda _b: self.playtest())
        self.heat_toggle.observe(lambda ch: self._show_heat(ch["new"]), "value")
        self.last_playtest = None
        return w.VBox([self.games, self.policy, self.survivors, w.HBox([self.playtest_button, self.playtest_progress]),
                       self.playtest_result, self.heat_toggle, self.playtest_plot, self._tune_panel()])

    def _tune_panel(self) -> w.Widget:
        from ..analysis.tune import KNOB_KINDS

        self.tune_target = self._int_field("Target %", 40, 1, 99, lambda v: None, width="170px",
                                           check=lambda v: None)
        self.tune_tolerance = self._int_field("Tolerance %", 3, 1, 20, lambda v: None, width="170px")
        self.tune_budget = self._int_field("CPU seconds", 50, 5, 600, lambda v: None, width="170px")
        labels = {"turn_limit": "turn limit", "spawn": "spawn count or dice", "zombie_pool": "zombie pool",
                  "equipment": "starting equipment", "spawn_active": "spawn zones on or off"}
        self.tune_knobs = {k: _check(labels.get(k, k.replace("_", " ")), True) for k in KNOB_KINDS}
        self.tune_button = w.Button(description="Tune", button_style="primary", layout=w.Layout(width="90px"),
                                    tooltip="search the knobs ticked for the smallest change that brings the "
                                            "win rate of the policy above into the target band")
        self.tune_state = w.HTML()
        self.tune_result = w.HTML(layout=w.Layout(width="100%"))
        self.tune_apply = w.Button(description="Apply the tuned scenario", button_style="success", disabled=True,
                                   layout=w.Layout(width="200px"), tooltip="one edit: Undo takes it back")
        self.tune_error = w.HTML(layout=w.Layout(display="none", width="100%"))
        self.tune_button.on_click(lambda _b: self.tune())
        self.tune_apply.on_click(lambda _b: self.apply_tuned())
        self.last_tune = None
        self._tune_version: tuple[Editor, int] | None = None
        self._tune_thread: threading.Thread | None = None
        box = w.VBox([w.HTML("<b>Tune to a target win rate</b> (the policy and survivors above; paired seeds, "
                             "confirmed on fresh games)"),
                      _row([self.tune_target, self.tune_tolerance, self.tune_budget]),
                      w.HTML("Knobs it may turn:"), _row(list(self.tune_knobs.values())),
                      _row([self.tune_button, self.tune_state]), self.tune_error, self.tune_result, self.tune_apply],
                     layout=w.Layout(border="1px solid #e0e0e0", padding="4px", width="98%", margin="8px 0 0 0"))
        box.add_class("sd-tune")
        return box

    def tune(self, wait: bool = False, screen_games: int = 2000, seed: int = 1) -> Any:
        """Tune the scenario with the panel's target, tolerance, knobs and budget, for the
        Playtest panel's policy and survivors. The search runs beside the kernel's other work
        (``wait`` to run it here and return the :class:`designer.analysis.tune.TuneResult`);
        the panel then shows the path and the evidence, and *Apply* puts the tuned scenario in
        place as one edit."""
        from ..analysis.tune import TuneError

        self.tune_error.layout.display = "none"
        s = self.editor.scenario
        if s is None:
            self._show_error(self.tune_error, "the scenario is not valid yet: see the findings")
            return None
        target, tol, budget = self.tune_target.value, self.tune_tolerance.value, self.tune_budget.value
        survivors = self._number(self.survivors)
        if None in (target, tol, budget, survivors):
            self._show_error(self.tune_error, "fix the target, tolerance, CPU seconds and survivors first "
                                              "(see the fields)")
            return None
        sv = s.setup.survivors
        survivors = max(sv.min, min(sv.max, survivors))  # as many as the mission allows
        allow = [k for k, box in self.tune_knobs.items() if box.value]
        if not allow:
            self._show_error(self.tune_error, "tick at least one knob to turn")
            return None
        if self._tune_thread is not None and self._tune_thread.is_alive():
            self._show_error(self.tune_error, "tuning is running already")
            return None
        self._tune_version = (self.editor, self.editor.version)
        self.last_tune = None
        self.tune_apply.disabled = True
        self.tune_result.value = ""
        self.tune_button.disabled = True
        self.tune_state.value = (f"<i>tuning {s.id} to {target}% ± {tol}% for the {self.policy.value} policy "
                                 f"with {survivors} survivor(s) (at most {budget} s of CPU)...</i>")
        kwargs = dict(target=target / 100, tolerance=tol / 100, policy=self.policy.value, survivors=survivors,
                      allow=allow, budget_s=float(budget), screen_games=screen_games, seed=seed,
                      command=f"designer tune {s.id}.json --target {target / 100:g} --tolerance {tol / 100:g} "
                              f"--policy {self.policy.value} --survivors {survivors}"
                              + "".join(f" --allow {k}" for k in allow))

        def run() -> Any:
            from ..analysis.tune import tune

            try:
                r = tune(s, **kwargs)
            except (TuneError, ValueError) as e:
                self._show_error(self.tune_error, str(e))
                self.tune_state.value = ""
                return None
            finally:
                self.tune_button.disabled = False
            self._show_tune(r)
            return r

        if wait:
            return run()
        self._tune_thread = threading.Thread(target=run, daemon=True)
        self._tune_thread.start()
        return None

    def _show_tune(self, r: Any) -> None:
        self.last_tune = r
        self.tune_state.value = ("<b style='color:#2e7d32'>reached</b>" if r.reached else
                                 "<b style='color:#c62828'>not reached</b>") + \
            f" · {r.screened} candidates, {r.games_played:,} games, {r.seconds:.1f} s CPU"
        rows = "".join(f"<tr><td>{i}</td><td>{html.escape(m['knob'])}</td><td>{html.escape(m['change'])}</td>"
                       f"<td>{m['steps']}</td><td>{m['screened_win_rate']:.1%}</td></tr>"
                       for i, m in enumerate(r.path, 1))
        path = ("<table class='sd-tune-path'><tr><th>#</th><th>knob</th><th>change</th><th>steps</th>"
                f"<th>screened</th></tr>{rows}</table>") if r.path else "<p>no change needed</p>"
        looks = r.evidence.get("looks", [])
        ev_rows = "".join(f"<tr><td>{x['games']:,}</td><td>{x['wins']:,}</td><td>{x['win_rate']:.1%}</td>"
                          f"<td>{x['low']:.1%} – {x['high']:.1%}</td></tr>" for x in looks)
        evidence = (f"<table class='sd-tune-evidence'><tr><th>fresh games</th><th>won</th><th>win rate</th>"
                    f"<th>interval</th></tr>{ev_rows}</table>") if looks else ""
        if r.evidence.get("validation"):
            evidence += "<p>refused by validation: " + html.escape("; ".join(r.evidence["validation"])) + "</p>"
        statement = html.escape(r.statement()).replace("\n", "<br>")
        self.tune_result.value = (f"<div style='font-size:12px'><b>Path</b>{path}<b>Evidence</b> "
                                  f"(seed {r.evidence.get('seed', '-')}, target {r.target:.0%} ± {r.tolerance:.0%})"
                                  f"{evidence}<p>{statement}</p></div>")
        self.tune_apply.disabled = not r.path
        self.tune_apply.description = "Apply the tuned scenario" if r.reached else "Apply the closest found"

    def apply_tuned(self) -> bool:
        """Put the scenario the last tuning found in place of the mission, as one edit (Undo
        takes it back). Refused when the mission changed while it was tuned."""
        r = self.last_tune
        if r is None or not r.path:
            self._show_error(self.tune_error, "nothing to apply: tune first")
            return False
        editor, version = self._tune_version or (None, None)
        if editor is not self.editor or version != self.editor.version:
            self._show_error(self.tune_error, "the mission changed since it was tuned: tune again")
            return False
        ok, _ = self._do_at(self.tune_error, self.editor.replace, r.scenario)
        if ok:
            self.tune_apply.disabled = True
            self.say("applied the tuned scenario: " + "; ".join(m["change"] for m in r.path) + " (Undo takes it back)")
        return ok

    @staticmethod
    def _number(field: IntField) -> int | None:
        return field.value

    def playtest(self, workers: int | None = None) -> Any:
        """Playtest the scenario with the panel's settings and show the results."""
        from ..analysis.report import summary_lines
        from ..analysis.runs import playtest

        s = self.editor.scenario
        if s is None:
            self.say("the scenario is not valid yet", error=True)
            return None
        games, survivors = self._number(self.games), self._number(self.survivors)
        if games is None or survivors is None:
            self.say("fix the number of games and survivors first (see the fields)", error=True)
            return None
        self.playtest_progress.max, self.playtest_progress.value = games, 0

        def tick(k: int) -> None:
            self.playtest_progress.value = min(self.playtest_progress.max, self.playtest_progress.value + k)

        try:
            r = playtest(s, n=games, policy=self.policy.value, survivors=survivors, store=None,
                         workers=workers, progress=False, on_progress=tick)
        except ValueError as e:
            self.say(str(e), error=True)
            return None
        self.last_playtest = r
        self.playtest_result.value = "<pre>" + "\n".join(summary_lines(r.summary())) + "</pre>"
        self.playtest_plot.clear_output()
        with self.playtest_plot:
            import matplotlib.pyplot as plt
            from IPython.display import display

            from ..analysis.plots import turn_histogram

            fig = turn_histogram(r.games)
            display(fig)
            plt.close(fig)
        if self.heat_toggle.value:
            self._show_heat(True)
        return r

    def _show_heat(self, on: bool) -> None:
        r = self.last_playtest
        if on and r is not None:
            top = max(r.zones["deaths"].max(), 1)
            self.heat = {z: d / top for z, d in zip(r.zones["zone"], r.zones["deaths"])}
        else:
            self.heat = None
        self.canvas.elements = elements_for(self.editor.data, self.heat)


def _spawn_where(trigger: dict, effect: dict, at_token: bool, data: dict) -> None:
    """A 'spawn_zombies' effect placed where the token that fires it lay, or in a zone."""
    if at_token:
        ev = trigger["when"]
        objective = ev.get("objective") or ev.get("switch") or (data.get("objectives") or [{}])[0].get("id")
        if not objective:
            raise EditError("there is no objective for the zombies to appear at")
        effect.pop("zone", None)
        effect["at_objective"] = objective
    else:
        effect.pop("at_objective", None)
        effect["zone"] = data["zones"][0]["id"]


def _set_instead(effect: dict, zombie: str) -> None:
    """A conditional spawn: these appear instead when a zombie of the effect's type is in play."""
    if zombie:
        effect["instead"] = [{"zombie": zombie, "count": 1}]
    else:
        effect.pop("instead", None)
