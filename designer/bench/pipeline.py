"""``designer bench pipeline``: what a playtest costs beyond its games (CPU time, peak memory).

Each figure comes from a fresh process (so imports and memory are its own), three runs each,
reported as min / median / max of CPU time (``time.process_time`` at the process's exit: user
plus system time of the whole process, interpreter start included):

- *games alone*: the compiled core playing the games in chunks of 10,000 and nothing else (the
  time counted from after the imports and the board's compilation);
- *the command*: ``designer playtest FILE -n N --format json`` with a fresh results store, the
  whole process, and its peak resident memory (``ru_maxrss``); the same with ``--no-store`` at
  N and N / 10 games, to show that memory does not grow with the number of games;
- *start-up*: ``designer playtest FILE -n 1 --no-store``, the whole process (import to first game
  and its summary).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from typing import Any

__all__ = ["run"]

_WRAP = """
import atexit, json, resource, sys, time
def _report():
    sys.stderr.write("\\nBENCH " + json.dumps({"cpu_s": time.process_time(),
                     "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}) + "\\n")
atexit.register(_report)
from designer.cli import main
main(sys.argv[1:])
"""

_GAMES = """
import json, resource, sys, time
import designer
from designer.engine.batch import play_chunk
from designer.io.files import dumps
from designer.plans import bot_plan
scenario = designer.load(sys.argv[1]); text = dumps(scenario); n = int(sys.argv[2])
plan = bot_plan(scenario)  # the same games as the playtest: the bots follow the witness plan
play_chunk(text, "greedy", 1, None, 0, 1, plan)
t = time.process_time()
for a in range(0, n, 10_000):
    play_chunk(text, "greedy", 1, None, a, min(a + 10_000, n), plan)
sys.stderr.write("\\nBENCH " + json.dumps({"cpu_s": time.process_time() - t,
                 "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}) + "\\n")
"""


def _child(code: str, *args: str) -> dict[str, float]:
    env = dict(os.environ, DESIGNER_RESULTS=os.environ.get("DESIGNER_RESULTS", ""))
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("BENCH ")]
    if not lines:
        raise RuntimeError(f"benchmark process failed: {proc.stderr.strip()[-500:]}")
    return json.loads(lines[-1][len("BENCH "):])


def _spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def run(scenario: str = "scenarios/seul-dans-le-noir.json", games: int = 1_000_000, repeat: int = 3) -> dict[str, Any]:
    """Measure the games alone, the whole command (CPU and peak memory, at ``games`` and a tenth
    of them) and the start-up; return the figures."""
    alone, command, small, startup = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(repeat):
            alone.append(_child(_GAMES, scenario, str(games)))
            store = os.path.join(tmp, f"store-{i}.sqlite")
            command.append(_child(_WRAP, "playtest", scenario, "-n", str(games), "--store", store, "--format", "json"))
            for k in (games // 10, games):
                small.append((k, _child(_WRAP, "playtest", scenario, "-n", str(max(1, k)), "--no-store",
                                        "--format", "json")))
            startup.append(_child(_WRAP, "playtest", scenario, "-n", "1", "--no-store", "--format", "json"))
    a = _spread([r["cpu_s"] for r in alone])
    c = _spread([r["cpu_s"] for r in command])
    return {
        "scenario": scenario, "games": games, "repeat": repeat,
        "games_alone_cpu_s": a,
        "command_cpu_s": c,
        "command_over_games": c["median"] / a["median"] if a["median"] else float("nan"),
        "target_command_over_games": 2.0,
        "command_peak_mb": _spread([r["peak_mb"] for r in command]),
        "no_store_peak_mb_tenth_games": _spread([r["peak_mb"] for k, r in small if k != games]),
        "no_store_peak_mb": _spread([r["peak_mb"] for k, r in small if k == games]),
        "target_peak_mb": 500.0,
        "startup_cpu_s": _spread([r["cpu_s"] for r in startup]),
        "target_startup_s": 0.5,
    }
