"""The map canvas: an anywidget over a bundled cytoscape.js (no CDN; the bundle ships in the
package). Python sends the elements to draw; the browser reports clicks, drags, new connections,
deletions and double-clicks through the ``event`` trait.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["MapCanvas", "elements_for"]

_STATIC = Path(__file__).parent / "static"


class MapCanvas(anywidget.AnyWidget):
    """The zone graph: zones as nodes, connections as edges, badges for spawns, objectives,
    start and exit."""

    _esm = _STATIC / "canvas.js"
    elements = traitlets.List().tag(sync=True)
    """Cytoscape elements (nodes and edges) to draw."""
    selected = traitlets.Unicode("").tag(sync=True)
    """Id of the selected element ('zone:<id>' or 'conn:<id>'), '' for none."""
    highlighted = traitlets.List().tag(sync=True)
    """Element ids drawn highlighted (the zones and connections of a finding, a plan step)."""
    level = traitlets.Unicode("all").tag(sync=True)
    """Level shown ('all', or a level number as text)."""
    mode = traitlets.Unicode("select").tag(sync=True)
    """'select' (click, drag) or 'connect' (draw a connection from one zone to another)."""
    height = traitlets.Unicode("480px").tag(sync=True)
    event = traitlets.Dict().tag(sync=True)
    """The last thing the user did: {type: select | move | connect | delete | add_zone, ...}."""

    def fit(self) -> None:
        """Zoom to show the whole map."""
        self.send({"type": "fit"})


def _zone_badges(data: dict) -> dict[str, list[str]]:
    badges: dict[str, list[str]] = {}
    for z in data["setup"]["start_zones"]:
        badges.setdefault(z, []).append("START")
    for z in data.get("exits", []):
        badges.setdefault(z, []).append("EXIT")
    for sp in data.get("spawns", []):
        colour = f" {sp['colour']}" if sp.get("colour") else ""
        off = "" if sp.get("active", True) else " off"
        badges.setdefault(sp["zone"], []).append(f"spawn {sp['order']}{colour}{off}")
    for o in data.get("objectives", []):
        colour = f" {o['colour']}" if o.get("colour") else ""
        kind = {"token": "obj", "search_marker": "search"}.get(o["kind"], o["kind"])
        badges.setdefault(o["zone"], []).append(f"{kind}{colour}")
    return badges


def elements_for(data: dict, heat: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """Cytoscape elements for a scenario's JSON data (``heat``: zone id -> 0..1 to colour zones)."""
    badges = _zone_badges(data)
    starts, exits = set(data["setup"]["start_zones"]), set(data.get("exits", []))
    spawns = {sp["zone"] for sp in data.get("spawns", [])}
    buildings = sorted({z["building"] for z in data["zones"] if z.get("building")})
    out: list[dict[str, Any]] = [
        {"group": "nodes", "data": {"id": f"building:{b}", "label": b}, "classes": "building"} for b in buildings
    ]
    for i, z in enumerate(data["zones"]):
        pos = z.get("position") or {"x": 120.0 * (i % 8), "y": 90.0 * (i // 8)}
        label = z.get("name") or z["id"]
        if z.get("level"):
            label += f" [L{z['level']}]"
        if badges.get(z["id"]):
            label += "\n" + " · ".join(badges[z["id"]])
        classes = ["zone"] + (["start"] if z["id"] in starts else []) + (["exit"] if z["id"] in exits else []) \
            + (["spawn"] if z["id"] in spawns else [])
        node = {"group": "nodes", "data": {"id": f"zone:{z['id']}", "zone": z["id"], "label": label,
                                           "kind": z.get("kind", "street"), "level": z.get("level", 0)},
                "position": {"x": pos["x"], "y": pos["y"]}, "classes": " ".join(classes)}
        if z.get("building"):
            node["data"]["parent"] = f"building:{z['building']}"
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
