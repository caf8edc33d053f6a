"""``designer bench ui``: the Python side of an edit round-trip in the designer on a 200-zone map
(edit -> findings -> new canvas elements and forms), in CPU time (``time.process_time``).

Three runs; each makes ``edits`` edits of each kind through the same entry points the browser
uses: drags (a canvas ``move`` event), form fields (a zone's name, a door's state), connections
drawn on the map (a canvas ``connect`` event) and undo (Ctrl+Z on the map). Validation runs on
every edit (no debounce). Figures per kind: the min / median / max over the three runs of the
runs' medians and maxima."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ..edit import Editor
from ..widgets.app import DesignerApp
from .maps import large_map

__all__ = ["run"]

KINDS = ("drag", "form", "door", "connect", "undo")


def _one_run(zones: int, edits: int) -> dict[str, list[float]]:
    s = large_map(zones=zones, locks=4, switches=4, drops=4)
    app = DesignerApp(Editor(s), debounce=0, autosave=False, offer_drafts=False)
    ids = app.editor.ids("zone")
    zone = ids[5]
    door = next(c["id"] for c in app.editor.data["connections"] if c["kind"] == "door" and not c.get("lock"))
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    n = 0

    def timed(kind: str, fn) -> None:
        t0 = time.process_time()
        fn()
        times[kind].append((time.process_time() - t0) * 1000)

    def event(ev: dict) -> None:
        nonlocal n
        n += 1
        app.canvas.event = {**ev, "n": n}

    for i in range(edits):
        timed("drag", lambda: event({"type": "move", "moves": [{"id": f"zone:{zone}", "x": float(i), "y": float(i)}]}))
        app.select(f"zone:{zone}")
        name = next(c for c in app.form.children if getattr(c, "description", "") == "Name")
        timed("form", lambda: setattr(name, "value", f"Street {i}"))
        app.select(f"conn:{door}")
        state = next(c for c in app.form.children if getattr(c, "description", "") == "State")
        timed("door", lambda: setattr(state, "value", "open" if state.value != "open" else "closed"))
        a, b = ids[(7 * i) % len(ids)], ids[(7 * i + 3) % len(ids)]
        timed("connect", lambda: event({"type": "connect", "source": f"zone:{a}", "target": f"zone:{b}"}))
        timed("undo", lambda: event({"type": "undo"}))
    return times


def run(zones: int = 200, edits: int = 50, runs: int = 3) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        import designer.edit as edit

        drafts, edit.DRAFTS = edit.DRAFTS, Path(tmp)  # a benchmark leaves no drafts behind
        try:
            results = [_one_run(zones, edits) for _ in range(runs)]
        finally:
            edit.DRAFTS = drafts
    out: dict[str, Any] = {"zones": zones, "edits": edits, "runs": runs, "clock": "process_time",
                           "target_ms": 100.0, "target_median_ms": 30.0}
    for kind in KINDS:
        medians = sorted(statistics.median(r[kind]) for r in results)
        maxima = sorted(max(r[kind]) for r in results)
        out[f"{kind}_ms_median"] = {"min": medians[0], "median": statistics.median(medians), "max": medians[-1]}
        out[f"{kind}_ms_max"] = {"min": maxima[0], "median": statistics.median(maxima), "max": maxima[-1]}
    every = [t for r in results for kind in KINDS for t in r[kind]]
    out["all_ms_median"] = statistics.median(every)
    out["all_ms_max"] = max(every)
    # the figures the command prints: drags, the median run's median and the worst maximum
    out["round_trip_ms_median"] = out["drag_ms_median"]["median"]
    out["round_trip_ms_max"] = out["drag_ms_max"]["max"]
    return out
