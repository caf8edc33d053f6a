"""``designer bench validate``: full validation of a large map against one networkx BFS."""

from __future__ import annotations

import statistics
import time
from typing import Any

import networkx as nx

from ..checks import check
from ..io.graphs import to_networkx
from .maps import large_map

__all__ = ["run"]


def _cpu(fn, times: int = 1) -> float:
    """CPU seconds (``time.process_time``) of one call of ``fn``, averaged over ``times`` calls."""
    t0 = time.process_time()
    for _ in range(times):
        fn()
    return (time.process_time() - t0) / times


def _best(fn, repeat: int) -> float:
    return min(_cpu(fn) for _ in range(repeat))


def run(zones: int = 10_000, repeat: int = 5) -> dict[str, Any]:
    """Measure and return the figures (CPU seconds and ratios). Validation and BFS are timed in
    turn, ``repeat`` times each (at least 3), so that the machine's load weighs on both alike;
    each BFS sample is the mean of 10 traversals. The ratio is of the medians."""
    s = large_map(zones=zones)
    G = to_networkx(s)
    start = s.setup.start_zones[0]
    report = check(s)
    checks, bfss = [], []
    for _ in range(max(3, repeat)):
        checks.append(_cpu(lambda: check(s)))
        bfss.append(_cpu(lambda: sum(1 for _ in nx.bfs_edges(G, start)), 10))
    t_check, t_bfs = statistics.median(checks), statistics.median(bfss)
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
        "validate_min_s": min(checks),
        "validate_max_s": max(checks),
        "networkx_bfs_s": t_bfs,
        "networkx_bfs_min_s": min(bfss),
        "networkx_bfs_max_s": max(bfss),
        "validate_over_bfs": t_check / t_bfs,
        "target_validate_over_bfs": 20.0,
        "zones_small": len(small.zones),
        "validate_small_ms": t_small * 1000,
        "target_validate_small_ms": 100.0,
    }
