"""``designer bench pipeline``: what a playtest costs beyond its games (CPU time, peak memory).

Each figure comes from a fresh process (so imports and memory are its own), three runs each,
reported as min / median / max of CPU time (``time.process_time`` at the process's exit: user
plus system time of the whole process, interpreter start included):

- *games alone*: the typed engine playing the games in chunks of 10,000 and nothing else (the
  time counted from after the imports and the board's compilation);
- *the command*: ``designer playtest FILE -n N --format json`` with a fresh results store, the
  whole process, and its peak resident memory (``ru_maxrss``); the same with ``--no-store`` at
  N and N / 10 games, to show that memory does not grow with the number of games;
- *start-up*: ``designer playtest FILE -n 1 --no-store``, the whole process (import to first game
  and its summary).

``designer bench startup`` (:func:`startup`) measures that start-up alone, CPU time and wall
clock, with the package's bytecode compiled once beforehand (as an installed package runs; the
children write it into a temporary ``PYTHONPYCACHEPREFIX``, and the model's schemas kept by a
first run, ``designer.model.prebuilt``), once without the kept schemas, and once more compiling
every module at each start (``PYTHONDONTWRITEBYTECODE=1``), with where the time goes and which heavy
libraries the command imported. ``designer bench store`` (:func:`store`) measures saving a run
into the results store and reading it back, against playing it and against schema 2's Parquet.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from ..analysis.runs import WORKER_START_S

__all__ = ["run", "startup", "store"]

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


_STAGES = """
import time
marks = [("interpreter", time.process_time())]
import json, sys
from designer.cli import main
import designer.analysis.runs
marks.append(("imports", time.process_time()))
from designer.io.files import load
scenario = load(sys.argv[1])
marks.append(("load and validate (builds the model's validator)", time.process_time()))
from designer.analysis.runs import playtest
r = playtest(scenario, n=1, store=None, progress=False)
marks.append(("compile, plan and play the first game", time.process_time()))
json.dumps(r.summary(), default=str)
marks.append(("summary", time.process_time()))
heavy = sorted(m for m in ("networkx", "pandas", "pyarrow", "matplotlib", "scipy") if m in sys.modules)
sys.stderr.write("\\nBENCH " + json.dumps({"marks": marks, "heavy": heavy}) + "\\n")
"""


_POOL = """
import functools, json, sys, time
import designer
from designer.analysis.runs import play_tally
from designer.analysis.tally import spec_for
from designer.engine.batch import run_chunks
from designer.io.files import dumps
from designer.plans import bot_plan
s = designer.load(sys.argv[1]); text = dumps(s); spec = spec_for(s); plan = bot_plan(s)
t = time.perf_counter()
run_chunks(functools.partial(play_tally, plan=plan), (text, "greedy", 1, None, spec, False), 2, workers=2,
           executor="local", chunk_size=1, combine=len)
sys.stderr.write("\\nBENCH " + json.dumps({"pool_s": time.perf_counter() - t, "cpu_s": 0}) + "\\n")
"""


def _child(code: str, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    env = dict(env or os.environ, DESIGNER_RESULTS=os.environ.get("DESIGNER_RESULTS", ""))
    wall = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    wall = time.perf_counter() - wall
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("BENCH ")]
    if not lines:
        raise RuntimeError(f"benchmark process failed: {proc.stderr.strip()[-500:]}")
    return dict(json.loads(lines[-1][len("BENCH "):]), wall_s=wall)


def _spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def run(scenario: str = "scenarios/seul-dans-le-noir.json", games: int = 1_000_000, repeat: int = 3) -> dict[str, Any]:
    """Measure the games alone, the whole command (CPU and peak memory, at ``games`` and a tenth
    of them) and the start-up; return the figures."""
    alone, command, small, started = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = _bytecode_env(os.path.join(tmp, "pycache"))
        _child(_WRAP, "playtest", scenario, "-n", "1", "--no-store", "--format", "json", env=env)  # bytecode
        for i in range(repeat):
            alone.append(_child(_GAMES, scenario, str(games), env=env))
            path = os.path.join(tmp, f"store-{i}.sqlite")
            command.append(_child(_WRAP, "playtest", scenario, "-n", str(games), "--store", path, "--format", "json",
                                  env=env))
            for k in (games // 10, games):
                small.append((k, _child(_WRAP, "playtest", scenario, "-n", str(max(1, k)), "--no-store",
                                        "--format", "json", env=env)))
            started.append(_child(_WRAP, "playtest", scenario, "-n", "1", "--no-store", "--format", "json", env=env))
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
        "startup_cpu_s": _spread([r["cpu_s"] for r in started]),
        "target_startup_s": 0.5,
    }


def _bytecode_env(prefix: str | None, models: str = "off") -> dict[str, str]:
    """The environment of a start-up child: bytecode cached under ``prefix`` (None: none written,
    so the modules without bytecode beside them, this package's in a checkout, compile at each
    start) and the model's kept schemas in the folder ``models`` (``designer.model.prebuilt``;
    "off": none, the validators generated at each start)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    if prefix is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = prefix
    env["DESIGNER_MODEL_CACHE"] = models
    return env


def startup(scenario: str = "scenarios/seul-dans-le-noir.json", repeat: int = 3) -> dict[str, Any]:
    """Start-up of ``designer playtest FILE -n 1 --no-store --format json`` (import to first game
    and its summary): CPU time (``time.process_time`` at exit) and wall clock of ``repeat`` fresh
    processes, min / median / max; with the bytecode compiled beforehand and without; where the
    time goes (one stages process per run) and which heavy libraries were imported."""
    command = ("playtest", scenario, "-n", "1", "--no-store", "--format", "json")
    with tempfile.TemporaryDirectory() as tmp:
        models = os.path.join(tmp, "models")
        warm = _bytecode_env(os.path.join(tmp, "pycache"), models)
        # compiles the bytecode once, as installing the package does, and keeps the model's schemas
        # as a first run does
        _child(_WRAP, *command, env=warm)
        compiled, unkept, cold = [], [], []
        for _ in range(repeat):  # alternating, so that a busy minute weighs on each kind alike
            compiled.append(_child(_WRAP, *command, env=warm))
            unkept.append(_child(_WRAP, *command, env=_bytecode_env(os.path.join(tmp, "pycache"))))
            cold.append(_child(_WRAP, *command, env=_bytecode_env(None, models)))
        stages = [_child(_STAGES, scenario, env=warm) for _ in range(repeat)]
        pools = [_child(_POOL, scenario, env=warm) for _ in range(repeat)]
    split: dict[str, list[float]] = {}
    for run_ in stages:
        before = 0.0
        for name, t in run_["marks"]:
            split.setdefault(name, []).append(t - before)
            before = t
    return {
        "scenario": scenario, "repeat": repeat,
        "cpu_s": _spread([r["cpu_s"] for r in compiled]),
        "wall_s": _spread([r["wall_s"] for r in compiled]),
        "no_kept_schema_cpu_s": _spread([r["cpu_s"] for r in unkept]),
        "no_bytecode_cpu_s": _spread([r["cpu_s"] for r in cold]),
        "no_bytecode_wall_s": _spread([r["wall_s"] for r in cold]),
        "stages_cpu_s": {name: _spread(v) for name, v in split.items()},
        "heavy_imports": sorted({m for r in stages for m in r["heavy"]}),
        "worker_pool_start_wall_s": _spread([r["pool_s"] for r in pools]),
        "worker_start_s_assumed": WORKER_START_S,
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "target_s": 0.5,
    }


def _store_parts(path: str, games: int) -> dict[str, float]:
    """Where a store's bytes go, per game: the packed values of each kind of field (``game``,
    ``entries``, ``objective``, ``zone``: the store's ``game_fields.per``), the block rows' own
    bytes (key, count, width, base and SQLite's record headers: the file's game pages less the
    values) and the rest of the file (runs, scenarios, free space)."""
    import sqlite3

    with sqlite3.connect(path) as db:
        values = dict(db.execute("SELECT f.per, sum(length(b.data)) FROM game_blocks b "
                                 "JOIN game_fields f USING (field) GROUP BY f.per").fetchall())
        page = db.execute("PRAGMA page_size").fetchone()[0]
        try:
            pages = db.execute("SELECT count(*) FROM dbstat WHERE name IN ('game_blocks', "
                               "'sqlite_autoindex_game_blocks_1')").fetchone()[0]
        except sqlite3.OperationalError:  # an SQLite built without the dbstat table
            pages = None
    out = {kind: (values.get(kind) or 0) / games for kind in ("game", "entries", "objective", "zone")}
    if pages is not None:
        out["rows"] = pages * page / games - sum(out.values())
        out["rest of the file"] = (os.path.getsize(path) - pages * page) / games
    return out


def store(scenario: str = "scenarios/seul-dans-le-noir.json", games: int = 100_000, repeat: int = 3) -> dict[str, Any]:
    """What the results store costs against playing the games: ``repeat`` times each, CPU time
    and wall clock (min / median / max), for a run of ``games`` games:

    - *play*: ``playtest(..., store=None)``, the games played and counted (what a cached run saves);
    - *save*: writing the run into a fresh store; *read*: reading its games back as a game table
      (``ResultsStore.table``); *cached playtest*: ``playtest(..., store=...)`` answered from the
      store (the read, the counts, the scenario's hash and plan, its first game played again);
    - the store file's size, against the Parquet blobs schema 2 kept for the same run (the pandas
      frames and their Parquet bytes are timed too)."""
    from ..analysis.runs import games_frames, playtest
    from ..analysis.store import ResultsStore
    from ..io.files import load

    s = load(scenario)
    playtest(s, n=min(games, 2000), store=None, progress=False)  # the board, the plan, the validator
    play_cpu, play_wall, table = [], [], None
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        r = playtest(s, n=games, store=None, progress=False, keep_games=True, workers=1)
        play_cpu.append(time.process_time() - c)
        play_wall.append(time.perf_counter() - w)
        table = r.table
    save_cpu, save_wall, read_cpu, read_wall, cached_cpu, sizes, same = [], [], [], [], [], [], True
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(repeat):
            db = ResultsStore(os.path.join(tmp, f"store-{i}.sqlite"))
            c, w = time.process_time(), time.perf_counter()
            run_id = db.save_table(r.meta, table)
            save_cpu.append(time.process_time() - c)
            save_wall.append(time.perf_counter() - w)
            c, w = time.process_time(), time.perf_counter()
            back = db.table(run_id)
            read_cpu.append(time.process_time() - c)
            read_wall.append(time.perf_counter() - w)
            same = same and back == table
            c = time.process_time()
            cached = playtest(s, n=games, store=db, progress=False)
            cached_cpu.append(time.process_time() - c)
            same = same and cached.cached and cached.summary()["wins"] == r.summary()["wins"]
            sizes.append(os.path.getsize(db.path) / 1e6)
            parts = _store_parts(db.path, games)
    import io

    parquet, parquet_mb = [], 0.0
    for _ in range(repeat):
        c = time.process_time()
        blobs = []
        for frame in games_frames(table):
            buf = io.BytesIO()
            frame.to_parquet(buf, index=False)
            blobs.append(buf.getvalue())
        parquet.append(time.process_time() - c)
        parquet_mb = sum(map(len, blobs)) / 1e6
    play, read, size = _spread(play_cpu), _spread(read_cpu), _spread(sizes)
    return {
        "scenario": scenario, "games": games, "repeat": repeat,
        "zone_entries_per_game": len(table.zone_values) / max(1, len(table)),
        "play_cpu_s": play, "play_wall_s": _spread(play_wall),
        "save_cpu_s": _spread(save_cpu), "save_wall_s": _spread(save_wall),
        "read_cpu_s": read, "read_wall_s": _spread(read_wall), "cached_playtest_cpu_s": _spread(cached_cpu),
        "play_over_read": play["median"] / read["median"] if read["median"] else float("inf"),
        "target_play_over_read": 4.0,
        "file_mb": size, "bytes_per_game": size["median"] * 1e6 / max(1, games),
        "parquet_mb": parquet_mb, "file_over_parquet": size["median"] / parquet_mb if parquet_mb else float("nan"),
        "target_file_over_parquet": 1.5,
        "read_back_equal": same,
        "bytes_per_game_by_kind": parts,
        "schema_2_frames_and_parquet_cpu_s": _spread(parquet),
    }
