"""``designer bench validate``: full validation of a large map against one networkx BFS."""

from __future__ import annotations

import time
from typing import Any

import networkx as nx

from ..checks import check
from ..io.graphs import to_networkx
from .maps import large_map

__all__ = ["run"]


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def run(zones: int = 10_000, repeat: int = 5) -> dict[str, Any]:
    """Measure and return the figures (seconds and ratios)."""
    s = large_map(zones=zones)
    G = to_networkx(s)
    start = s.setup.start_zones[0]
    report = check(s)
    t_check = _best(lambda: check(s), repeat)
    t_bfs = _best(lambda: sum(1 for _ in nx.bfs_edges(G, start)), repeat)
    small = large_map(zones=200, locks=4, switches=4, drops=4)
    t_small = _best(lambda: check(small), repeat * 4)
    return {
        "zones": len(s.zones),
        "connections": len(s.connections),
        "locks": sum(1 for c in s.connections if c.kind == "door" and c.state == "locked" and c.lock),
        "switches": sum(1 for o in s.objectives if o.kind == "switch"),
        "drops": sum(1 for c in s.connections if c.kind == "drop"),
        "winnable": report.winnable,
        "findings": len(report.findings),
        "search_states": report.reachability.states if report.reachability else 0,
        "validate_s": t_check,
        "networkx_bfs_s": t_bfs,
        "validate_over_bfs": t_check / t_bfs,
        "target_validate_over_bfs": 20.0,
        "zones_small": len(small.zones),
        "validate_small_ms": t_small * 1000,
        "target_validate_small_ms": 100.0,
    }
