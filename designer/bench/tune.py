"""``designer bench tune``: the per-sample tune table.

Each sample is tuned by ``designer tune FILE --target T --policy P --format json`` in a fresh
process, one after the other (never two at a time: the figures are CPU time of a process that
has the cores to itself as far as the machine allows). A row gives the sample's own screened
rate, the rate of the last confirmation look on fresh seeds with its interval, the knobs changed,
the CPU time of the whole process (its user + system time, from ``resource.getrusage`` of the
finished child), the CPU the tuner itself reports, the wall clock and the 1-minute load average
when the row started. One run per sample (a search is a single figure, not a distribution).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["SAMPLES", "run", "table_lines"]

ROOT = Path(__file__).resolve().parents[2]


def samples() -> list[str]:
    """Every sample of ``scenarios/`` and ``scenarios/prison-outbreak/`` (paths relative to the
    checkout), in name order."""
    out = sorted(p for p in (ROOT / "scenarios").glob("*.json"))
    out += sorted((ROOT / "scenarios" / "prison-outbreak").glob("*.json"))
    return [str(p.relative_to(ROOT)) for p in out]


SAMPLES = samples()


def _one(path: str, target: float, tolerance: float, policy: str, budget: float) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "designer.cli", "tune", path, "--target", str(target), "--tolerance",
           str(tolerance), "--policy", policy, "--budget", str(budget), "--format", "json"]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    row: dict[str, Any] = {"sample": path, "command": " ".join(["designer", *cmd[3:]]), "exit": proc.returncode,
                           "cpu_s": round(cpu, 2), "wall_s": round(wall, 2), "load_average": round(load, 2)}
    try:
        doc = json.loads(proc.stdout.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError):
        row["error"] = (proc.stderr or proc.stdout).strip()[-500:]
        return row
    looks = (doc.get("evidence") or {}).get("looks") or []
    last = looks[-1] if looks else None
    row.update({"reached": doc["reached"], "start": doc.get("original_screened_win_rate"),
                "win_rate": last and last["win_rate"], "low": last and last["low"], "high": last and last["high"],
                "games": last and last["games"], "conclusive": (doc.get("evidence") or {}).get("conclusive"),
                "changes": [m["change"] for m in doc["path"]], "size": doc["size"],
                "search_cpu_s": round(doc["cpu_seconds"], 2), "candidates": doc["candidates_screened"],
                "stopped": doc.get("stopped"), "why_not": doc.get("why_not")})
    return row


def run(files: list[str] | None = None, target: float = 0.4, tolerance: float = 0.03, policy: str = "casual",
        budget: float = 50.0, progress: Any = None) -> dict[str, Any]:
    """Tune every file (default :data:`SAMPLES`); the rows and a count of those reached within a
    minute of CPU and of wall clock."""
    rows = []
    for f in files or SAMPLES:
        rows.append(_one(f, target, tolerance, policy, budget))
        if progress is not None:
            progress(rows[-1])
    ok = [r for r in rows if r.get("reached")]
    return {"target": target, "tolerance": tolerance, "policy": policy, "budget_s": budget, "rows": rows,
            "reached": len(ok), "samples": len(rows),
            "reached_within_a_minute_cpu": sum(r["cpu_s"] < 60 for r in ok),
            "reached_within_a_minute_wall": sum(r["wall_s"] < 60 for r in ok),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f} %"


def row_line(r: dict[str, Any]) -> str:
    """One row of the Markdown table."""
    name = Path(r["sample"]).stem
    if "error" in r:
        return f"| {name} | - | **error**: {r['error'][:120]} | - | {r['cpu_s']} | {r['wall_s']} ({r['load_average']}) |"
    got = (f"{_pct(r['win_rate'])} ({_pct(r['low'])} - {_pct(r['high'])}; {r['games']:,})" if r["games"] else "-")
    if not r["reached"]:
        got = f"**not reached** ({r['stopped']}): " + got
    elif r["conclusive"] is False:
        got += ", at the band's edge"
    return (f"| {name} | {_pct(r['start'])} | {got} | {'; '.join(r['changes']) or 'none'} | "
            f"{r['cpu_s']} ({r['search_cpu_s']}) | {r['wall_s']} ({r['load_average']}) |")


def table_lines(doc: dict[str, Any]) -> list[str]:
    """The table as docs/playtest.md records it."""
    lines = ["| sample | start | reached (interval; games of the last look) | knobs changed | CPU s (search) | "
             "wall s (load) |", "| --- | --- | --- | --- | --- | --- |"]
    lines += [row_line(r) for r in doc["rows"]]
    lines.append(f"{doc['reached']} of {doc['samples']} reached; within a minute of CPU: "
                 f"{doc['reached_within_a_minute_cpu']}, of wall clock: {doc['reached_within_a_minute_wall']}")
    return lines
