"""``designer bench load``: how fast oversized or broken scenario files are answered.

Three files an attacker (or a runaway generator) could hand the loader, each built in memory as
compact JSON text: a sample with 200,000 connections between zones that do not exist, a map of
10^6 zones (over the 50,000-zone limit, under the 32 MiB size limit), and, for scale, a valid
10,000-zone map. Each is loaded three times; the figures are CPU seconds (``time.process_time``),
min / median / max.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from ..io.files import LoadError, dumps, loads
from .maps import large_map

__all__ = ["run"]

SAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "seul-dans-le-noir.json"


def _texts(dangling: int, zones: int) -> dict[str, str]:
    from ..io.files import load

    base = json.loads(dumps(load(SAMPLE)))
    bad = dict(base, connections=base["connections"] + [
        {"id": f"x{i}", "kind": "opening", "from": f"nz{i}", "to": f"nw{i}"}
        for i in range(dangling - len(base["connections"]))])
    many = dict(base, zones=[{"id": str(i), "kind": "room"} for i in range(zones)])
    compact = {"separators": (",", ":")}
    return {f"{dangling:,} dangling connections": json.dumps(bad, **compact),
            f"{zones:,} zones": json.dumps(many, **compact),
            "valid 10,000-zone map": dumps(large_map(zones=10_000))}


def run(dangling: int = 200_000, zones: int = 1_000_000, repeat: int = 3) -> dict[str, Any]:
    """Load each file ``repeat`` times; return CPU seconds (min, median, max) and the answer."""
    out: dict[str, Any] = {}
    for name, text in _texts(dangling, zones).items():
        times, answer = [], ""
        for _ in range(repeat):
            t0 = time.process_time()
            try:
                loads(text, name)
                answer = "loaded"
            except LoadError as e:
                answer = f"{len(e.problems)} problem(s), first: {e.problems[0]}"
            times.append(time.process_time() - t0)
        out[name] = {"mib": round(len(text) / 2**20, 1), "cpu_s_min": min(times),
                     "cpu_s_median": statistics.median(times), "cpu_s_max": max(times), "answer": answer}
    return out
