"""``designer bench ui``: the Python side of an edit round-trip in the designer on a 200-zone map
(edit -> findings -> new canvas elements)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from ..edit import Editor
from ..widgets.app import DesignerApp
from .maps import large_map

__all__ = ["run"]


def run(zones: int = 200, edits: int = 50) -> dict[str, Any]:
    s = large_map(zones=zones, locks=4, switches=4, drops=4)
    app = DesignerApp(Editor(s), debounce=0)
    zone = app.editor.ids("zone")[5]
    app.select(f"zone:{zone}")
    times = []
    for i in range(edits):
        t0 = time.perf_counter()
        app.canvas.event = {"type": "move", "id": f"zone:{zone}", "x": float(i), "y": float(i), "n": i + 1}
        times.append((time.perf_counter() - t0) * 1000)
    return {"zones": len(app.editor.data["zones"]), "edits": edits, "round_trip_ms_median": statistics.median(times),
            "round_trip_ms_max": max(times), "target_ms": 100.0, "findings": len(app.findings)}
