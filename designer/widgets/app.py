"""The notebook designer: the map canvas, forms for the selection, the findings panel, set-up and
victory, files, and a playtest panel. Everything goes through :class:`designer.edit.Editor`, so
what a click does is also a plain Python call."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..edit import EditError, Editor
from ..io.files import LoadError
from .canvas import MapCanvas, elements_for

__all__ = ["DesignerApp"]

ZONE_KINDS = ["street", "room", "corridor", "cell", "tower", "security", "gate", "extra", "elevator"]
CONN_KINDS = ["opening", "door", "stairs", "elevator", "ladder", "drop", "fence", "window"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange", "white", "black"]
OBJ_KINDS = ["token", "key", "switch", "item", "search_marker"]
FLAGS = ["dark", "fire", "smoke", "no_spawn", "breakthrough"]


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


class DesignerApp:
    """The designer: ``DesignerApp(Editor.open("scenarios/night-shift.json"))`` then display it."""

    def __init__(self, editor: Editor | None = None, folder: str | Path = "scenarios", debounce: float = 0.25,
                 autosave: bool = True):
        self.editor = editor or Editor.new()
        self.editor.autosave = autosave  # every edit writes a draft: Editor.recover(id) after a restart
        self.folder = Path(folder)
        self.debounce = debounce
        self._last_check = 0.0
        self._timer: threading.Timer | None = None
        self._building = False
        self._moving = False
        self.heat: dict[str, float] | None = None
        self.findings: list = []

        self.canvas = MapCanvas(layout=w.Layout(width="100%"))
        self.canvas.observe(self._on_event, "event")
        self.status = w.HTML()

        # toolbar
        self.undo_button = w.Button(description="Undo", icon="")
        self.redo_button = w.Button(description="Redo")
        self.add_zone_button = w.Button(description="Add zone")
        self.connect_mode = w.ToggleButton(description="Draw connections", value=False)
        self.new_kind = w.Dropdown(options=CONN_KINDS, value="opening", description="New", layout=w.Layout(width="170px"))
        self.delete_button = w.Button(description="Delete selected", button_style="danger")
        self.level = w.Dropdown(options=["all"], value="all", description="Level", layout=w.Layout(width="150px"))
        self.conn_from = w.Dropdown(options=[], description="From", layout=w.Layout(width="170px"))
        self.conn_to = w.Dropdown(options=[], description="To", layout=w.Layout(width="170px"))
        self.add_connection_button = w.Button(description="Add connection")
        self.add_connection_button.on_click(lambda _b: self._add_connection())
        self.undo_button.on_click(lambda _b: self._do(self.editor.undo))
        self.redo_button.on_click(lambda _b: self._do(self.editor.redo))
        self.add_zone_button.on_click(lambda _b: self._add_zone())
        self.connect_mode.observe(lambda ch: setattr(self.canvas, "mode", "connect" if ch["new"] else "select"), "value")
        self.delete_button.on_click(lambda _b: self.delete_selected())
        self.level.observe(lambda ch: setattr(self.canvas, "level", ch["new"]), "value")

        # files
        self.path_text = w.Text(value=str(self.editor.path or ""), placeholder="scenarios/my-mission.json",
                                description="File")
        self.open_button = w.Button(description="Open")
        self.save_button = w.Button(description="Export", button_style="success")
        self.confirm_errors = w.Checkbox(value=False, description="export even with errors")
        self.render_button = w.Button(description="Map as SVG")
        self.open_button.on_click(lambda _b: self.open(self.path_text.value))
        self.save_button.on_click(lambda _b: self.export())
        self.render_button.on_click(lambda _b: self.render())

        # panels
        self.form = w.VBox()
        self.counts = w.HTML()
        self.findings_box = w.VBox()
        self.plan_step = w.IntSlider(description="Plan step", min=0, max=0)
        self.plan_text = w.HTML()
        self.plan_step.observe(lambda ch: self.show_plan_step(ch["new"]), "value")
        self.setup_box = self._setup_panel()
        self.playtest_box = self._playtest_panel()
        self.tabs = w.Tab(children=[self.form, w.VBox([self.counts, self.findings_box, self.plan_step, self.plan_text]),
                                    self.setup_box, self.playtest_box])
        for i, title in enumerate(["Selection", "Findings", "Set-up and victory", "Playtest"]):
            self.tabs.set_title(i, title)
        toolbar = w.HBox([self.undo_button, self.redo_button, self.add_zone_button, self.connect_mode, self.new_kind,
                          self.delete_button, self.level])
        files = w.HBox([self.path_text, self.open_button, self.save_button, self.confirm_errors, self.render_button])
        connect = w.HBox([self.conn_from, self.conn_to, self.add_connection_button])
        self.widget = w.VBox([toolbar, connect, files, w.HBox([w.Box([self.canvas], layout=w.Layout(width="60%")),
                                                      w.Box([self.tabs], layout=w.Layout(width="40%"))]), self.status])
        self._attach(self.editor)
        self.refresh()

    # -- plumbing ----------------------------------------------------------------------------

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _attach(self, editor: Editor) -> None:
        self.editor = editor
        editor.listeners.append(lambda _e: self.refresh())
        if hasattr(self, "tabs"):  # the set-up panel edits this editor from now on
            self.setup_box = self._setup_panel()
            self.tabs.children = (self.tabs.children[0], self.tabs.children[1], self.setup_box, self.tabs.children[3])

    def say(self, text: str, error: bool = False) -> None:
        colour = "#c62828" if error else "#2e7d32"
        self.status.value = f"<span style='color:{colour}'>{text}</span>"

    def _do(self, fn, *args, **kw) -> Any:
        try:
            return fn(*args, **kw)
        except (EditError, LoadError, ValueError) as e:
            self.say(str(e), error=True)
            return None

    def refresh(self) -> None:
        """Redraw the canvas and the forms; validate (at most every ``debounce`` seconds)."""
        data = self.editor.data
        self.canvas.elements = elements_for(data, self.heat)
        ids = [z["id"] for z in data["zones"]]
        for dropdown in (self.conn_from, self.conn_to):
            keep = dropdown.value
            dropdown.options = ids
            dropdown.value = keep if keep in ids else (ids[0] if ids else None)
        levels = sorted({str(z.get("level", 0)) for z in data["zones"]}, key=int)
        self.level.options = ["all", *levels]
        self.undo_button.disabled = not self.editor.can_undo
        self.redo_button.disabled = not self.editor.can_redo
        if not self._moving:
            self._build_form()
        now = time.monotonic()
        if self.debounce <= 0 or now - self._last_check >= self.debounce:
            self.check()
        elif self._timer is None:
            self._timer = threading.Timer(self.debounce, self.check)
            self._timer.daemon = True
            self._timer.start()

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
        buttons = []
        for f in self.findings:
            b = w.Button(description=f"{f.severity} {f.code}: {f.message}"[:140], tooltip=f.message,
                         layout=w.Layout(width="100%"),
                         button_style={"error": "danger", "warning": "warning", "info": "info"}[f.severity])
            b.on_click(lambda _b, f=f: self.highlight_finding(f))
            buttons.append(b)
        self.findings_box.children = buttons
        self.plan_step.max = max(len(plan) - 1, 0)
        return self.findings

    def highlight_finding(self, finding: Any) -> list[str]:
        """Highlight the zones and connections of a finding on the canvas."""
        ids = [e for i in finding.ids for e in _element_id(i, self.editor.data)]
        self.canvas.highlighted = ids
        return ids

    def show_plan_step(self, i: int) -> None:
        """Show step ``i`` of the witness plan on the map."""
        if not getattr(self, "plan", None):
            self.plan_text.value = ""
            return
        step = self.plan[min(i, len(self.plan) - 1)]
        self.plan_text.value = f"{i + 1}/{len(self.plan)}: {step.text}"
        ids = _element_id(step.zone, self.editor.data) if step.zone else []
        ids += _element_id(step.target, self.editor.data)
        self.canvas.highlighted = ids

    # -- canvas events ---------------------------------------------------------------------

    def _on_event(self, change: dict) -> None:
        ev = change["new"] or {}
        kind = ev.get("type")
        if kind == "select":
            self.select(ev.get("id") or "")
        elif kind == "move":
            self._moving = True  # a drag changes only a position: the forms stay as they are
            try:
                self._do(self.editor.move_zone, ev["id"].split(":", 1)[1], ev["x"], ev["y"])
            finally:
                self._moving = False
        elif kind == "connect":
            cid = self._do(self.editor.add_connection, ev["source"].split(":", 1)[1], ev["target"].split(":", 1)[1],
                           kind=self.new_kind.value)
            if cid:
                self.select(f"conn:{cid}")
        elif kind == "delete":
            self.delete_selected()
        elif kind == "add_zone":
            self._add_zone(ev.get("x", 0.0), ev.get("y", 0.0))

    def _add_zone(self, x: float | None = None, y: float | None = None) -> str | None:
        if x is None:
            xs = [z.get("position", {}).get("x", 0) for z in self.editor.data["zones"]]
            x, y = (max(xs) + 150 if xs else 0.0), 0.0
        zid = self._do(self.editor.add_zone, x=x, y=y)
        if zid:
            self.select(f"zone:{zid}")
        return zid

    def _add_connection(self) -> str | None:
        """Join the zones chosen in From and To with a connection of the New kind (the keyboard
        way to draw a connection)."""
        cid = self._do(self.editor.add_connection, self.conn_from.value, self.conn_to.value, kind=self.new_kind.value)
        if cid:
            self.select(f"conn:{cid}")
            self.say(f"added {self.new_kind.value} {cid}")
        return cid

    def select(self, element_id: str) -> None:
        """Select a zone ('zone:<id>') or a connection ('conn:<id>'); '' clears the selection."""
        self.canvas.selected = element_id
        self._build_form()
        self.tabs.selected_index = 0

    def delete_selected(self) -> None:
        sel = self.canvas.selected
        if not sel:
            self.say("nothing selected", error=True)
            return
        what, ident = sel.split(":", 1)
        self.canvas.selected = ""
        self._do(self.editor.delete, "zone" if what == "zone" else "connection", ident)

    # -- forms -------------------------------------------------------------------------------

    def _field(self, widget: w.Widget, apply) -> w.Widget:
        def changed(ch: dict) -> None:
            if not self._building:
                self._do(apply, ch["new"])
        widget.observe(changed, "value")
        return widget

    def _build_form(self) -> None:
        self._building = True
        try:
            sel = self.canvas.selected
            if sel.startswith("zone:") and sel[5:] in self.editor.ids("zone"):
                self.form.children = self._zone_form(sel[5:])
            elif sel.startswith("conn:") and sel[5:] in self.editor.ids("connection"):
                self.form.children = self._connection_form(sel[5:])
            else:
                self.form.children = [w.HTML("Click a zone or a connection on the map; double-click the map to add "
                                             "a zone; switch on <i>Draw connections</i> and drag from one zone to "
                                             "another to join them.")]
        finally:
            self._building = False

    def _rename_row(self, what: str, ident: str) -> w.Widget:
        new_id = w.Text(value=ident, description="Id")
        button = w.Button(description="Rename")

        def rename(_b: Any) -> None:
            if new_id.value != ident and self._do(self.editor.rename, what, ident, new_id.value) is None \
                    and new_id.value in self.editor.ids(what):
                prefix = "zone" if what == "zone" else "conn"
                self.select(f"{prefix}:{new_id.value}")
        button.on_click(rename)
        return w.HBox([new_id, button])

    def _zone_form(self, zid: str) -> list[w.Widget]:
        ed = self.editor
        z = next(z for z in ed.data["zones"] if z["id"] == zid)
        upd = lambda **kw: ed.update("zone", zid, **kw)  # noqa: E731
        flags = z.get("flags", {})
        rows: list[w.Widget] = [
            w.HTML(f"<b>Zone {zid}</b>"), self._rename_row("zone", zid),
            self._field(w.Text(value=z.get("name", ""), description="Name"), lambda v: upd(name=v or None)),
            self._field(w.Dropdown(options=ZONE_KINDS, value=z.get("kind", "street"), description="Kind"),
                        lambda v: upd(kind=v)),
            self._field(w.Text(value=z.get("building") or "", description="Building"), lambda v: upd(building=v or None)),
            self._field(w.IntText(value=z.get("level", 0), description="Level"), lambda v: upd(level=v or None)),
            self._field(w.IntText(value=(z.get("capacity") or {}).get("max_zombies", -1), description="Max zombies"),
                        lambda v: upd(capacity={**(z.get("capacity") or {}), "max_zombies": v} if v >= 0 else None)),
        ]
        for flag in FLAGS:
            rows.append(self._field(w.Checkbox(value=bool(flags.get(flag)), description=flag.replace("_", " ")),
                                    lambda v, flag=flag: upd(flags={**z.get("flags", {}), flag: v})))
        starts = ed.data["setup"]["start_zones"]
        rows.append(self._field(w.Checkbox(value=zid in starts, description="start zone"),
                                lambda v: ed.set_start(sorted(set(starts) | {zid}) if v else
                                                       [s for s in starts if s != zid] or starts)))
        rows.append(self._field(w.Checkbox(value=zid in ed.data.get("exits", []), description="exit zone"),
                                lambda v: ed.toggle_exit(zid)))
        # spawns and objectives standing here
        for sp in [sp for sp in ed.data.get("spawns", []) if sp["zone"] == zid]:
            rows.append(self._spawn_row(sp))
        for o in [o for o in ed.data.get("objectives", []) if o["zone"] == zid]:
            rows.append(self._objective_row(o))
        add_spawn = w.Button(description="Add spawn here")
        add_spawn.on_click(lambda _b: self._do(ed.add_spawn, zid))
        obj_kind = w.Dropdown(options=OBJ_KINDS, value="token", layout=w.Layout(width="140px"))
        add_obj = w.Button(description="Add objective here")

        def add_objective(_b: Any) -> None:
            extra = {"colour": "red"} if obj_kind.value == "key" else {"item": "item"} if obj_kind.value == "item" else {}
            self._do(ed.add_objective, zid, obj_kind.value, **extra)
        add_obj.on_click(add_objective)
        rows.append(w.HBox([add_spawn, obj_kind, add_obj]))
        return rows

    def _spawn_row(self, sp: dict) -> w.Widget:
        ed, sid = self.editor, sp["id"]
        upd = lambda **kw: ed.update("spawn", sid, **kw)  # noqa: E731
        delete = w.Button(description="x", layout=w.Layout(width="32px"))
        delete.on_click(lambda _b: self._do(ed.delete, "spawn", sid))
        return w.HBox([w.HTML(f"spawn <b>{sid}</b>"),
                       self._field(w.BoundedIntText(value=sp["order"], min=1, max=1000, description="order",
                                                    layout=w.Layout(width="150px")), lambda v: upd(order=v)),
                       self._field(w.Dropdown(options=["", *COLOURS], value=sp.get("colour") or "",
                                              layout=w.Layout(width="90px")), lambda v: upd(colour=v or None)),
                       self._field(w.Checkbox(value=sp.get("active", True), description="active"),
                                   lambda v: upd(active=None if v else False)),
                       delete])

    def _objective_row(self, o: dict) -> w.Widget:
        ed, oid = self.editor, o["id"]
        upd = lambda **kw: ed.update("objective", oid, **kw)  # noqa: E731
        delete = w.Button(description="x", layout=w.Layout(width="32px"))
        delete.on_click(lambda _b: self._do(ed.delete, "objective", oid))
        parts: list[w.Widget] = [w.HTML(f"{o['kind'].replace('_', ' ')} <b>{oid}</b>")]
        if o["kind"] in ("key", "switch", "token"):
            parts.append(self._field(w.Dropdown(options=COLOURS, value=o.get("colour", "red"),
                                                layout=w.Layout(width="90px")), lambda v: upd(colour=v)))
        if o["kind"] == "item":
            parts.append(self._field(w.Text(value=o.get("item", ""), layout=w.Layout(width="120px")),
                                     lambda v: upd(item=v)))
        parts.append(self._field(w.Text(value=o.get("hidden_group") or "", placeholder="hidden group",
                                        layout=w.Layout(width="110px")), lambda v: upd(hidden_group=v or None)))
        parts.append(delete)
        return w.HBox(parts)

    def _connection_form(self, cid: str) -> list[w.Widget]:
        ed = self.editor
        c = next(c for c in ed.data["connections"] if c["id"] == cid)
        upd = lambda **kw: ed.update("connection", cid, **kw)  # noqa: E731
        rows: list[w.Widget] = [w.HTML(f"<b>Connection {cid}</b>: {c['from']} → {c['to']}"),
                                self._rename_row("connection", cid),
                                self._field(w.Dropdown(options=CONN_KINDS, value=c["kind"], description="Kind"),
                                            lambda v: upd(kind=v, state=None, lock=None, breakable=None,
                                                          spawns_on_first_open=None, capacity=None,
                                                          survival_roll=None))]
        if c["kind"] == "door":
            lock = c.get("lock") or {}
            rows += [
                self._field(w.Dropdown(options=["open", "closed", "locked"], value=c.get("state", "closed"),
                                       description="State"), lambda v: upd(state=v)),
                self._field(w.Dropdown(options=["", *COLOURS], value=lock.get("colour", ""), description="Key colour"),
                            lambda v: upd(lock={"kind": "colour", "colour": v} if v else None)),
                self._field(w.Text(value=lock.get("item", ""), description="Key item"),
                            lambda v: upd(lock={"kind": "item", "item": v} if v else None)),
                self._field(w.Checkbox(value=c.get("breakable", False), description="breakable"),
                            lambda v: upd(breakable=v or None)),
                self._field(w.Checkbox(value=c.get("spawns_on_first_open", True), description="spawns on first opening"),
                            lambda v: upd(spawns_on_first_open=None if v else False)),
            ]
        for key, label in (("one_way", "one way"), ("survivors", "survivors pass"), ("zombies", "zombies pass"),
                           ("sight", "sight passes")):
            if key in c:
                value = bool(c[key])
            else:
                value = {"one_way": c["kind"] == "drop", "survivors": c["kind"] not in ("fence", "window"),
                         "zombies": c["kind"] not in ("fence", "window", "elevator", "ladder"),
                         "sight": c["kind"] not in ("stairs", "elevator", "ladder", "drop")}[key]
            rows.append(self._field(w.Checkbox(value=value, description=label), lambda v, key=key: upd(**{key: v})))
        rows.append(self._field(w.BoundedIntText(value=c.get("cost", 1), min=1, max=20, description="Cost"),
                                lambda v: upd(cost=v if v != 1 else None)))
        return rows

    # -- set-up, victory, triggers -------------------------------------------------------------

    def _json_editor(self, label: str, get, put) -> w.Widget:
        area = w.Textarea(value=json.dumps(get(), indent=1), layout=w.Layout(width="100%", height="140px"))
        apply = w.Button(description=f"Apply {label}")

        def do(_b: Any) -> None:
            try:
                value = json.loads(area.value)
            except json.JSONDecodeError as e:
                self.say(f"{label}: not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}", error=True)
                return
            if self._do(put, value) is not False:
                self.say(f"{label} applied")
        apply.on_click(do)
        self.editor.listeners.append(lambda ed: setattr(area, "value", json.dumps(get(), indent=1)))
        return w.VBox([w.HTML(f"<b>{label}</b>"), area, apply])

    def _setup_panel(self) -> w.Widget:
        ed = self.editor
        sv = lambda: ed.data["setup"].get("survivors", {})  # noqa: E731
        self.balance = w.HTML()

        def refresh_balance(_e: Any = None) -> None:
            t = ed.balance()
            self.balance.value = f"balance points: heroes <b>{t['heroes']}</b>, zombies <b>{t['zombies']}</b>"
        refresh_balance()
        ed.listeners.append(refresh_balance)
        return w.VBox([
            self._field(w.Text(value=ed.data["meta"]["title"], description="Title"), lambda v: ed.set_meta(title=v)),
            self._field(w.Dropdown(options=["zombicide", "lnoe", "house"],
                                   value=ed.data["setup"].get("rules", {}).get("profile", "zombicide"),
                                   description="Rules"),
                        lambda v: ed.set_setup(rules={**ed.data["setup"].get("rules", {}), "profile": v})),
            self._field(w.BoundedIntText(value=sv().get("min", 1), min=1, max=12, description="Survivors min"),
                        lambda v: ed.set_setup(survivors={**sv(), "min": v})),
            self._field(w.BoundedIntText(value=sv().get("max", 6), min=1, max=12, description="Survivors max"),
                        lambda v: ed.set_setup(survivors={**sv(), "max": v})),
            self._field(w.BoundedIntText(value=sv().get("health", 2), min=1, max=20, description="Health"),
                        lambda v: ed.set_setup(survivors={**sv(), "health": v})),
            self._field(w.IntText(value=ed.data["setup"].get("turn_limit") or 0, description="Turn limit"),
                        lambda v: ed.set_setup(turn_limit=v or None)),
            self._json_editor("victory", lambda: ed.data["victory"],
                              lambda v: ed.set_victory(v.get("steps", []), v.get("ordered"))),
            self._json_editor("triggers", lambda: ed.data.get("triggers", []), self._set_triggers),
            self._json_editor("zombie pool", lambda: ed.data["setup"].get("zombie_pool",
                                                                           {"walker": 40, "runner": 16, "fatty": 16,
                                                                            "abomination": 1}),
                              lambda v: ed.set_setup(zombie_pool=v)),
            self._json_editor("special rules", lambda: ed.data["setup"].get("special_rules", []),
                              lambda v: ed.set_setup(special_rules=v)),
            self.balance,
        ])

    def _set_triggers(self, triggers: list) -> None:
        def do(d: dict) -> None:
            d["triggers"] = triggers
        self.editor._change(do)

    # -- files -----------------------------------------------------------------------------------

    def open(self, path: str) -> bool:
        """Open a scenario file in the designer."""
        try:
            editor = Editor.open(path, autosave=self.editor.autosave)
        except LoadError as e:
            self.say("<br>".join(e.lines()), error=True)
            return False
        self.canvas.selected = ""
        self._attach(editor)
        self.heat = None
        self.refresh()
        self.say(f"opened {path}")
        return True

    def export(self) -> Path | None:
        """Save into the scenarios folder (errors need the confirmation box ticked)."""
        path = self._do(self.editor.save, self.folder, confirm_errors=self.confirm_errors.value)
        if path is not None:
            self.path_text.value = str(path)
            self.say(f"exported {path}")
        return path

    def render(self, path: str | None = None) -> Path | None:
        """Write the map as an SVG (or PNG) mission sheet next to the scenario."""
        from ..render import render_map

        s = self.editor.scenario
        if s is None:
            self.say("the scenario is not valid yet", error=True)
            return None
        target = Path(path) if path else self.folder / f"{s.id}.svg"
        render_map(s, target)
        self.say(f"wrote {target}")
        return target

    # -- playtest ----------------------------------------------------------------------------

    def _playtest_panel(self) -> w.Widget:
        self.games = w.BoundedIntText(value=500, min=10, max=1_000_000, description="Games")
        self.policy = w.Dropdown(options=["greedy", "cautious", "random"], value="greedy", description="Policy")
        self.survivors = w.BoundedIntText(value=4, min=1, max=12, description="Survivors")
        self.playtest_button = w.Button(description="Playtest", button_style="primary")
        self.playtest_progress = w.IntProgress(value=0, min=0, max=1, description="Progress")
        self.playtest_result = w.HTML()
        self.playtest_plot = w.Output()
        self.heat_toggle = w.ToggleButton(description="Heat map on the canvas", value=False)
        self.playtest_button.on_click(lambda _b: self.playtest())
        self.heat_toggle.observe(lambda ch: self._show_heat(ch["new"]), "value")
        self.last_playtest = None
        return w.VBox([self.games, self.policy, self.survivors, w.HBox([self.playtest_button, self.playtest_progress]),
                       self.playtest_result, self.heat_toggle, self.playtest_plot])

    def playtest(self, workers: int | None = None) -> Any:
        """Playtest the scenario with the panel's settings and show the results."""
        from ..analysis.report import summary_lines
        from ..analysis.runs import playtest

        s = self.editor.scenario
        if s is None:
            self.say("the scenario is not valid yet", error=True)
            return None
        self.playtest_progress.max, self.playtest_progress.value = self.games.value, 0

        def tick(k: int) -> None:
            self.playtest_progress.value = min(self.playtest_progress.max, self.playtest_progress.value + k)

        try:
            r = playtest(s, n=self.games.value, policy=self.policy.value, survivors=self.survivors.value, store=None,
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
