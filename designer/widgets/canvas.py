"""The map canvas: an anywidget over a bundled cytoscape.js (no CDN; the bundle ships in the
package). Python sends the elements to draw; the browser reports the selection, drags, new
connections, keys and double-clicks through the ``event`` trait.

The look of the map (zone colours, connection styles, lock colours) is one table, :data:`LOOK`:
the canvas draws with it and the printable map (:mod:`designer.render`) too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anywidget
import traitlets

# one look for the canvas and the printable map: the tables live with the map drawing
from ..render import CONNECTION_STYLES, KIND_COLOURS, LOCK_COLOURS, LOOK, node_size
from ..render import zone_badges as _zone_badges

__all__ = ["CONNECTION_STYLES", "KIND_COLOURS", "LOCK_COLOURS", "LOOK", "MapCanvas", "badges", "elements_for",
           "node_size"]

_STATIC = Path(__file__).parent / "static"


class MapCanvas(anywidget.AnyWidget):
    """The zone graph: zones as nodes, connections as edges, badges for spawns, objectives,
    start and exit."""

    _esm = _STATIC / "canvas.js"
    elements = traitlets.List()
    """Cytoscape elements (nodes and edges) to draw."""
    elements_json = traitlets.Unicode("[]").tag(sync=True)
    """The same, as the browser receives them: one JSON text is several times cheaper to send
    than nested lists, which ipywidgets walks for binary buffers."""

    @traitlets.observe("elements")
    def _send_elements(self, change: dict) -> None:
        self.elements_json = json.dumps(change["new"], separators=(",", ":"))
    selected = traitlets.Unicode("")
    """Id of the selected element ('zone:<id>' or 'conn:<id>'), '' for none."""
    highlighted = traitlets.List().tag(sync=True)
    """Element ids drawn highlighted (the zones and connections of a finding, a plan step)."""
    selection = traitlets.List().tag(sync=True)
    """Every selected element (box or shift-click selection), ``selected`` first when it is set;
    the browser draws this one."""
    hidden_levels = traitlets.List().tag(sync=True)
    """Levels (as text) whose zones are hidden."""
    grid = traitlets.Int(0).tag(sync=True)
    """Grid size in map units: drags snap to it and it is drawn; 0 for none."""
    legend = traitlets.Bool(True).tag(sync=True)
    """Whether the legend is drawn on the map."""
    look = traitlets.Dict(LOOK).tag(sync=True)
    """Colours and line styles (:data:`LOOK`)."""
    view = traitlets.Dict().tag(sync=True)
    """The part of the map in view, reported by the browser: {x1, y1, x2, y2, zoom}."""
    mode = traitlets.Unicode("select").tag(sync=True)
    """'select' (click, drag) or 'connect' (draw a connection from one zone to another)."""
    tile_mode = traitlets.Bool(False).tag(sync=True)
    """Whether the tile outlines take clicks and drags (a click selects a tile, a drag moves
    it by whole cells, R turns it, Delete takes it off); off, clicks go through them to the map."""
    height = traitlets.Unicode("560px").tag(sync=True)
    event = traitlets.Dict().tag(sync=True)
    """The last thing the user did: {type: select | move | connect | delete | add_zone | undo |
    redo | copy | paste | duplicate | escape | move_tile | rotate_tile | nudge_tile, ...}."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        # the browser sends each user action as its own message (never merged with the next)
        self.on_msg(lambda _w, content, _buffers: self.set_trait("event", dict(content)))

    def fit(self, ids: list[str] | None = None) -> None:
        """Zoom to show the whole map (or the elements ``ids``)."""
        self.send({"type": "fit", **({"ids": ids} if ids else {})})

    def zoom(self, factor: float) -> None:
        """Zoom in (``factor`` > 1) or out around the centre of the view."""
        self.send({"type": "zoom", "factor": factor})

    def show(self, ids: list[str]) -> None:
        """Pan (or zoom out) so that the elements ``ids`` are in view."""
        self.send({"type": "show", "ids": ids})

    def view_centre(self) -> tuple[float, float] | None:
        """The map point at the centre of the view, once the browser has reported it."""
        v = self.view
        if not v or "x1" not in v:
            return None
        return (v["x1"] + v["x2"]) / 2, (v["y1"] + v["y2"]) / 2


def badges(data: dict) -> dict[str, list[str]]:
    """The badges drawn on each zone: START, EXIT, spawns (order, colour, off) and objectives."""
    return _zone_badges(data)


TURNS = ["", " \u21bb90\u00b0", " \u21bb180\u00b0", " \u21bb270\u00b0"]


def tile_elements(data: dict) -> list[dict[str, Any]]:
    """The outline of each placed tile (a box a tile wide, under the zones, labelled with its
    code, name and turn), as cytoscape nodes 'tile:<placement>'."""
    tm = data.get("tiles") or {}
    size = float(tm.get("size", 600.0))
    names = {t["id"]: t.get("name", "") for t in tm.get("library", [])}
    out = []
    for p in tm.get("placed", []):
        label = p["id"] + (f" ({p['tile']})" if p["tile"] != p["id"] else "") + \
            (f" {names.get(p['tile'], '')}" if names.get(p["tile"]) else "") + TURNS[p.get("rotation", 0) % 4]
        out.append({"group": "nodes", "data": {"id": f"tile:{p['id']}", "placement": p["id"], "label": label,
                                               "w": size, "h": size},
                    "position": {"x": (p["col"] + 0.5) * size, "y": (p["row"] + 0.5) * size}, "classes": "tile"})
    return out


def elements_for(data: dict, heat: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """Cytoscape elements for a scenario's JSON data (``heat``: zone id -> 0..1 to colour zones)."""
    marks = _zone_badges(data)
    starts, exits = set(data["setup"]["start_zones"]), set(data.get("exits", []))
    spawns = {sp["zone"] for sp in data.get("spawns", [])}
    buildings = sorted({z["building"] for z in data["zones"] if z.get("building")})
    out: list[dict[str, Any]] = [
        {"group": "nodes", "data": {"id": f"building:{b}", "label": b}, "classes": "building"} for b in buildings
    ]
    out += tile_elements(data)
    for i, z in enumerate(data["zones"]):
        pos = z.get("position") or {"x": 120.0 * (i % 8), "y": 90.0 * (i // 8)}
        label = z.get("name") or z["id"]
        if z.get("level"):
            label += f" [L{z['level']}]"
        zone_marks = marks.get(z["id"], [])
        for j in range(0, len(zone_marks), 2):  # two badges a line, so the box stays compact
            label += "\n" + " · ".join(zone_marks[j:j + 2])
        w, h = node_size(label)
        classes = ["zone"] + (["start"] if z["id"] in starts else []) + (["exit"] if z["id"] in exits else []) \
            + (["spawn"] if z["id"] in spawns else [])
        node = {"group": "nodes", "data": {"id": f"zone:{z['id']}", "zone": z["id"], "label": label,
                                           "kind": z.get("kind", "street"), "level": z.get("level", 0),
                                           "w": w, "h": h, "tw": f"{w - 8:.0f}px"},
                "position": {"x": pos["x"], "y": pos["y"]}, "classes": " ".join(classes)}
        if z.get("building"):
            node["data"]["parent"] = f"building:{z['building']}"
        if z.get("tiles"):
            node["data"]["tile"] = z["tiles"][0]
        if heat and z["id"] in heat:
            v = max(0.0, min(1.0, heat[z["id"]]))
            node["data"]["heat"] = f"rgb(255,{int(235 - 200 * v)},{int(235 - 200 * v)})"
        out.append(node)
    for c in data.get("connections", []):
        kind = c["kind"]
        classes = [kind]
        label = ""
        if kind == "door":
            state = c.get("state", "closed")
            classes.append(state)
            lock = c.get("lock")
            if lock:
                label = lock.get("colour") or lock.get("item", "")
        one_way = c.get("one_way", kind == "drop")
        if one_way:
            classes.append("oneway")
        if kind in ("drop", "stairs", "elevator", "ladder", "fence", "window"):
            label = (label + " " + kind).strip()
        out.append({"group": "edges", "data": {"id": f"conn:{c['id']}", "conn": c["id"],
                                               "source": f"zone:{c['from']}", "target": f"zone:{c['to']}",
                                               "kind": kind, "label": label,
                                               "lock": (c.get("lock") or {}).get("colour", "")},
                    "classes": " ".join(classes)})
    return out
