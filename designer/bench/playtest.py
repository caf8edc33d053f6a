"""``designer bench playtest``: what a game costs, measured honestly.

Every figure is CPU time (``time.process_time``) of this process, the minimum, median and
maximum of three runs, except the Dask figures, which are wall-clock (the games run in other
processes). For each scenario:

- the batch path (what ``designer.playtest`` plays with: the typed engine, compiled where it
  is built): games/s, ns per game and per actor-action;
- the floor, measured in the same run: deriving the game seeds, seeding the generator and
  drawing as many numbers per game as the engine draws (counted on the typed engine run from
  its source), and one distance-table read per actor-action, all in compiled code when it is
  built;
- compiled vs interpreted: the typed engine compiled against the same source run interpreted,
  in this process and in a second process with ``DESIGNER_ENGINE=python`` (plain CPython, as
  on a machine without a compiler), on the same games, checked equal;
- copies for searching bots: a typed game copied after two turns (``Game.copy``), and a copy
  played on for one turn (``play_on(max_turns=1)``), ns each;
- from Python (:mod:`designer.engine.session`): a typed game with its event log on, and the
  events rendered (ns per game, against the batch path's, the records checked equal to the
  batch's); a Python callable (a wrapper of the Python ``casual`` bot) deciding through the
  typed engine's callback (ns per game, records checked equal to the engine's own ``casual``);
- padded maps ("Seul dans le noir" padded with unreachable zones to 2,000 and 20,000 zones, the
  padding after the map's zones and before them): the cost per game over the unpadded map, the
  games checked equal, and the build time of the board and of the typed engine's tables;
- the city (``bench.maps.large_map``: 10,000 zones, 1,624 doors, the door sets several words):
  games/s in the batch path, the build time of the board, its witness plan and the typed
  engine's tables.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from array import array
from typing import Any, Callable

from ..engine import core
from ..engine.batch import game_seed, run_games
from ..engine.board import Board
from ..engine.table import GameTable
from ..io.files import dumps, load, parse
from ..plans import bot_plan

__all__ = ["padded", "report_lines", "run"]


def padded(path: str, zones: int, first: bool = False) -> Any:
    """A scenario padded with unreachable street zones (no connection) up to ``zones`` zones:
    the same games, on a bigger map. With ``first``, the padding comes before the map's own
    zones, so the zones a game touches have the highest indices of the board."""
    data = json.loads(dumps(load(path)))
    pads = [{"id": f"pad-{i}", "kind": "street"} for i in range(zones - len(data["zones"]))]
    data["zones"] = pads + data["zones"] if first else data["zones"] + pads
    return parse(data)


def _three(f: Callable[[], Any]) -> tuple[dict[str, float], Any]:
    """CPU seconds of three calls (min, median, max) and the last call's result."""
    runs, out = [], None
    for _ in range(3):
        t0 = time.process_time()
        out = f()
        runs.append(time.process_time() - t0)
    return {"min": min(runs), "median": statistics.median(runs), "max": max(runs)}, out


def _per(t: dict[str, float], count: int, scale: float = 1e9) -> dict[str, float]:
    return {k: v / count * scale for k, v in t.items()}


def _batch(board: Board, n: int, policy: str, plan: Any) -> tuple[GameTable, str]:
    """Games 0..n of the run with base seed 1 as a batch chunk plays them, and who played them."""
    who = core.played_by(board, policy, None, plan)
    who = ("typed" if core.available() else "typed-source") if who == "core" else who
    return core.play_table(board, [game_seed(1, i) for i in range(n)], policy, None, 0, plan), who


_INTERPRETED_GAMES = r"""
import json, sys, time
from designer.engine import Board, core, modes, rng
from designer.io.files import load
from designer.plans import bot_plan

path, policy, seeds = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
s = load(path)
board, plan = Board(s), bot_plan(s)
runs = []
for _ in range(3):
    t0 = time.process_time()
    table = core.play_games(board, seeds, policy, None, 0, plan)
    runs.append(time.process_time() - t0)
count = [0]
randbelow, random = rng.Twister.randbelow, rng.Twister.random
def counted_randbelow(self, n):
    count[0] += 1
    return randbelow(self, n)
def counted_random(self):
    count[0] += 1
    return random(self)
rng.Twister.randbelow, rng.Twister.random = counted_randbelow, counted_random
core.play_games(board, seeds[:100], policy, None, 0, plan)
print(json.dumps({"compiled": modes.compiled_modules(), "available": core.available(), "runs": runs,
                  "records": table.records(), "draws_per_game": count[0] / max(1, len(seeds[:100]))}))
"""


def _interpreted(path: str, seeds: list[int], policy: str) -> dict[str, Any]:
    """The typed engine from its source in a second process (``DESIGNER_ENGINE=python``): CPU
    time of its games (min / median / max of three runs), their records, whether every module
    really ran interpreted, and the numbers a game draws from its generator (counted there, on
    the first 100 games: one per ``randbelow`` or ``random``)."""
    env = {**os.environ, "DESIGNER_ENGINE": "python"}
    proc = subprocess.run([sys.executable, "-c", _INTERPRETED_GAMES, os.path.abspath(path), policy, json.dumps(seeds)],
                          env=env, capture_output=True, text=True, check=True)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    runs = out["runs"]
    out["t"] = {"min": min(runs), "median": statistics.median(runs), "max": max(runs)}
    out["really"] = not any(out["compiled"].values()) and not out["available"]
    return out


def _typed_interpreted(board: Board, seeds: list[int], policy: str, plan: Any, table: GameTable) -> dict[str, Any]:
    """The typed engine run from its source on the first games of the batch (the same code the
    batch ran compiled): ns per game, the compiled engine's speed-up over it, the games checked
    equal."""
    t, out = _three(lambda: core.play_interpreted(board, seeds, policy, None, 0, plan))
    n = len(seeds)
    fast = table.records()[:n]
    return {"games": n, "ns_per_game": _per(t, n), "same_games": out.records() == fast}


def _copies(board: Board, policy: str, plan: Any, n: int = 300) -> dict[str, Any]:
    """What a searching bot pays: copying a typed game after two turns, and a copy played on
    for one turn (the game of seed ``game_seed(1, 0)``, or the first of the run still going
    then)."""
    for i in range(50):
        g = core.Game(board, game_seed(1, i), policy, plan=plan)
        g.play_on(max_turns=2)
        if not g.over:
            break
    else:
        return {"error": "every game tried ended within two turns"}
    def copies() -> None:
        for _ in range(n):  # each copy dropped at once: its engine goes back to the game's pool
            g.copy()

    g.copy()  # the pool's first engine built before timing
    copy_t, _ = _three(copies)
    turn_t, _ = _three(lambda: [g.copy().play_on(max_turns=1) for _ in range(n)])
    return {"copies": n, "turn": g.state.turn, "copy_ns": _per(copy_t, n),
            "copy_and_one_turn_ns": _per(turn_t, n)}


def _from_python(board: Board, policy: str, plan: Any, n: int, callable_n: int, table: GameTable) -> dict[str, Any]:
    """A typed game logged (the events rendered), its records checked equal to the batch's, and
    a Python callable (the Python ``casual`` bot, wrapped) deciding through the callback, its
    records checked equal to the typed engine's own ``casual``."""
    from ..engine import session
    from ..engine.policies import resolve_policy

    seeds = [game_seed(1, i) for i in range(n)]

    def logged():
        out = []
        for sd in seeds:
            g = session.TypedGame(board, sd, policy, log=True, plan=plan)
            out.append(dict(g.play()))
        return out

    def wrapped():
        bot = resolve_policy("casual")
        return lambda view, survivor, actions: bot(view, survivor, actions)

    log_t, logged_out = _three(logged)
    batch = [{k: v for k, v in r.items() if k != "game"} for r in table.records()[:n]]
    cb_seeds = seeds[:callable_n]
    cb_t, cb_out = _three(lambda: [dict(session.TypedGame(board, sd, wrapped(), plan=plan).play()) for sd in cb_seeds])
    own = [dict(session.TypedGame(board, sd, "casual", plan=plan).play()) for sd in cb_seeds]
    return {"games": n, "logged_ns_per_game": _per(log_t, n),
            "logged_same_as_batch": [{k: v for k, v in r.items() if k != "game"} for r in logged_out] == batch,
            "callable_games": len(cb_seeds), "callable_ns_per_game": _per(cb_t, len(cb_seeds)),
            "callable_same_records": cb_out == own}


def _floor(n: int, draws: int, actions: int, table: list[int]) -> dict[str, Any]:
    """The floor of ``n`` games: seeds, generator seeding and ``draws`` draws per game, and
    ``actions`` table reads; compiled where the modules are built."""
    from ..engine import rng
    from . import kernel

    compiled = rng.__file__.endswith((".so", ".pyd")) and kernel.__file__.endswith((".so", ".pyd"))
    seeds_t, _ = _three(lambda: [game_seed(1, i) for i in range(n)])
    draws_t, _ = _three(lambda: rng.seed_and_draw(n, draws))
    row = array("i", [min(x, 1 << 30) for x in table])
    look_t, _ = _three(lambda: kernel.lookups(actions, row))
    total = {k: seeds_t[k] + draws_t[k] + look_t[k] for k in seeds_t}
    return {"compiled": compiled, "draws_per_game": draws, "seeds_s": seeds_t, "seeding_and_draws_s": draws_t,
            "table_reads_s": look_t, "floor_s": total, "floor_ns_per_game": _per(total, n)}


def run(games: int = 20_000, dask_games: int = 20_000, dask_large_games: int = 200_000, policy: str = "greedy",
        scenarios: tuple[str, ...] = ("scenarios/seul-dans-le-noir.json", "scenarios/night-shift.json"),
        interpreted_games: int = 300, padded_sizes: tuple[int, ...] = (2_000, 20_000),
        padded_games: int = 1_000, city_games: int = 0) -> dict[str, Any]:
    """Measure every figure in one run and return them (see the module notes)."""
    out: dict[str, Any] = {"games": games, "policy": policy, "clock": "time.process_time, min/median/max of 3 runs",
                           "typed_engine_compiled": core.available(), "scenarios": {}}
    for path in scenarios:
        s = load(path)
        board, plan = Board(s), bot_plan(s)
        _batch(board, min(games, 200), policy, plan)  # warm the caches
        t, (table, engine) = _three(lambda: _batch(board, games, policy, plan))
        actions = int(table.column("survivor_actions").sum() + table.column("zombie_actions").sum())
        int_seeds = [game_seed(1, i) for i in range(min(interpreted_games, games))]
        second = _interpreted(path, int_seeds, policy)
        draws = round(second["draws_per_game"])
        floor = _floor(games, draws, actions, board.zdist_all[board.start_zones[0]])
        first = [{k: v for k, v in r.items()} for r in table.records()[:len(int_seeds)]]
        typed = _typed_interpreted(board, int_seeds, policy, plan, table) if engine == "typed" else None
        per_game = _per(t, games)
        int_t = second["t"]
        out["scenarios"][s.id] = {
            "engine": engine,
            "engine_s": t,
            "games_per_s": games / t["median"],
            "games_per_s_best": games / t["min"],
            "ns_per_game": per_game,
            "actor_actions": actions,
            "ns_per_actor_action": _per(t, actions),
            "win_rate": float(table.column("won").mean()),
            "floor": floor,
            "cost_over_floor": t["median"] / floor["floor_s"]["median"],
            "compiled_vs_interpreted": {
                "games": len(int_seeds), "interpreted_ns_per_game": _per(int_t, len(int_seeds)),
                "interpreted_really": second["really"],
                "speedup": (int_t["median"] / len(int_seeds)) / (t["median"] / games),
                "same_games": second["records"] == first,
                "typed_interpreted": typed},
            "copies": _copies(board, policy, plan, max(10, min(300, interpreted_games))),
        }
        if engine == "typed":
            out["scenarios"][s.id]["from_python"] = _from_python(board, policy, plan, min(games, 1_000),
                                                                 max(5, min(50, interpreted_games)), table)
    if padded_sizes:
        out["padded"] = _padded(scenarios[0], padded_sizes, padded_games, policy)
    if city_games:
        out["city"] = _city(city_games, policy)
    sizes = tuple(k for k in (dask_games, dask_large_games) if k)
    if sizes:
        out["dask"] = {load(p).id: _dask(p, sizes, policy) for p in scenarios}
    out["peak_memory_mb"] = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                                resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    out["targets"] = {"seul-dans-le-noir games_per_s": ">= 100,000", "night-shift games_per_s": ">= 45,000",
                      "padded 2000 cost_ratio": "<= 1.3", "padded 20000 cost_ratio": "<= 2",
                      "dask_speedup_2_workers": ">= 1.6"}
    return out


def _padded(path: str, sizes: tuple[int, ...], n: int, policy: str) -> dict[str, Any]:
    """Cost per game on the map padded to each size over the unpadded map, in the batch path and
    in the engine that plays the padded map; the games checked equal. Each size is played twice:
    the padding after the map's own zones (key ``"2000"``), and before them (``"2000 first"``),
    so that every zone a game touches has one of the board's highest indices; the build time
    of the board and of the typed engine's tables is measured for each."""
    from ..engine.typed.tables import tables_for

    base = load(path)
    plan = bot_plan(base)
    board = Board(base)
    _batch(board, 100, policy, plan)
    base_t, (base_table, base_engine) = _three(lambda: _batch(board, n, policy, plan))
    out: dict[str, Any] = {"scenario": base.id, "games": n, "zones": len(base.zones),
                           "unpadded": {"engine": base_engine, "ns_per_game": _per(base_t, n)}}
    for size in sizes:
        for first in (False, True):
            s = padded(path, size, first=first)
            t0 = time.process_time()
            big = Board(s)
            t1 = time.process_time()
            tables_for(big, plan)
            t2 = time.process_time()
            _batch(big, 100, policy, plan)  # the door-state tables of the first games
            t, (table, engine) = _three(lambda: _batch(big, n, policy, plan))
            out[f"{size} first" if first else str(size)] = {
                "zones": size, "padding": "first" if first else "last", "engine": engine,
                "board_build_s": t1 - t0, "tables_build_s": t2 - t1, "ns_per_game": _per(t, n),
                "cost_ratio": t["median"] / base_t["median"],
                "same_games": table.records() == base_table.records()}
    return out


def _city(n: int, policy: str, zones: int = 10_000) -> dict[str, Any]:
    """The benchmark city (:func:`designer.bench.maps.large_map`) in the batch path: games/s
    (three runs of ``n`` games) and the build times."""
    from ..engine.typed.tables import tables_for
    from .maps import large_map

    s = large_map(zones=zones)
    t0 = time.process_time()
    board = Board(s)
    t1 = time.process_time()
    plan = bot_plan(s)
    t2 = time.process_time()
    tables_for(board, plan)
    t3 = time.process_time()
    _batch(board, min(n, 20), policy, plan)  # the door-state rows of the first games
    t, (table, engine) = _three(lambda: _batch(board, n, policy, plan))
    return {"zones": board.n, "doors": len(board.door_ids), "games": n, "engine": engine,
            "board_build_s": t1 - t0, "plan_s": t2 - t1, "tables_build_s": t3 - t2,
            "ns_per_game": _per(t, n), "games_per_s": n / t["median"],
            "turns_per_game": float(table.column("turns").mean())}


def _dask(path: str, sizes: tuple[int, ...], policy: str) -> dict[str, Any]:
    """For each number of games: one process, then a local Dask cluster of two single-threaded
    worker processes (each already holding the compiled board), with the default chunking
    (wall-clock: the games run in other processes)."""
    from dask.distributed import Client, LocalCluster

    s = load(path)
    text, plan = dumps(s), bot_plan(s)
    run_games(text, 200, 2, policy, executor="serial", plan=plan)
    out: dict[str, Any] = {}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster, Client(cluster) as client:
        run_games(text, 2000, 2, policy, executor=client, workers=2, chunk_size=100, plan=plan)  # imports, boards
        for n in sizes:
            single, distributed = [], []
            for _ in range(3):
                t0 = time.perf_counter()
                one, _ = run_games(text, n, 1, policy, executor="serial", plan=plan)
                single.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                two, _ = run_games(text, n, 1, policy, executor=client, workers=2, plan=plan)
                distributed.append(time.perf_counter() - t0)
            one_s, two_s = statistics.median(single), statistics.median(distributed)
            out[str(n)] = {"games": n, "clock": "wall, median of 3",
                           "one_process_s": one_s, "two_workers_s": two_s,
                           "one_process_s_min_max": [min(single), max(single)],
                           "two_workers_s_min_max": [min(distributed), max(distributed)],
                           "dask_speedup_2_workers": one_s / two_s, "same_results": one == two}
    return out


def _typed_lines(f: dict[str, Any]) -> list[str]:
    typed = f["compiled_vs_interpreted"].get("typed_interpreted")
    if not typed:
        return []
    ratio = typed["ns_per_game"]["median"] / f["ns_per_game"]["median"]
    return [f"  the typed engine compiled vs its source interpreted: {ratio:,.0f} x (interpreted "
            f"{_mmm(typed['ns_per_game'])} per game); same games: {typed['same_games']}"]


def _python_lines(f: dict[str, Any]) -> list[str]:
    p = f.get("from_python")
    if not p:
        return []
    return [f"  typed game with its log on (events rendered): {_mmm(p['logged_ns_per_game'])} per game "
            f"({p['logged_ns_per_game']['median'] / f['ns_per_game']['median']:,.1f} x the batch path); same records "
            f"as the batch: {p['logged_same_as_batch']}",
            f"  a Python callable (the Python casual bot) through the callback: {_mmm(p['callable_ns_per_game'])} "
            f"per game; same records as the engine's own casual: {p['callable_same_records']}"]


def _mmm(t: dict[str, float], unit: str = "ns") -> str:
    return f"{t['median']:,.0f} {unit} (min {t['min']:,.0f}, max {t['max']:,.0f})"


def report_lines(r: dict[str, Any]) -> list[str]:
    """The figures of :func:`run` as the text the command prints."""
    lines = [f"CPU time ({r['clock']}); typed engine compiled: {'yes' if r['typed_engine_compiled'] else 'no'}"]
    for sid, f in r["scenarios"].items():
        fl = f["floor"]
        lines += [
            f"{sid}: {f['games_per_s']:,.0f} games/s (best run {f['games_per_s_best']:,.0f}) in the {f['engine']} "
            f"engine, {r['games']:,} games, won {f['win_rate']:.1%}",
            f"  per game {_mmm(f['ns_per_game'])}; per actor-action {_mmm(f['ns_per_actor_action'])}",
            f"  floor ({'compiled' if fl['compiled'] else 'interpreted'}: seeds, seeding + {fl['draws_per_game']} "
            f"draws, one table read per action) {_mmm(fl['floor_ns_per_game'])} per game; "
            f"the engine costs {f['cost_over_floor']:.1f} x the floor",
            *_typed_lines(f),
            *_python_lines(f),
            f"  the batch path vs the typed engine from its source in a second process (DESIGNER_ENGINE=python): "
            f"{f['compiled_vs_interpreted']['speedup']:,.0f} x "
            f"(interpreted {_mmm(f['compiled_vs_interpreted']['interpreted_ns_per_game'])} per game); "
            f"same games: {f['compiled_vs_interpreted']['same_games']}",
        ]
        cp = f.get("copies", {})
        if "copy_ns" in cp:
            lines.append(f"  a game copied in turn {cp['turn']}: {_mmm(cp['copy_ns'])} per copy; a copy played on for "
                         f"one turn: {_mmm(cp['copy_and_one_turn_ns'])}")
    p = r.get("padded")
    if p:
        lines.append(f"{p['scenario']} padded with unreachable zones ({p['games']:,} games; unpadded: "
                     f"{_mmm(p['unpadded']['ns_per_game'])} per game in the {p['unpadded']['engine']} engine)")
        for key, v in p.items():
            if isinstance(v, dict) and "zones" in v and key != "unpadded":
                lines.append(f"  {v['zones']:,} zones, padding {v.get('padding', 'last')} ({v['engine']} engine, board "
                             f"built in {v['board_build_s']:.2f} s, tables in {v.get('tables_build_s', 0):.2f} s): "
                             f"{_mmm(v['ns_per_game'])} per game = {v['cost_ratio']:.2f} x the unpadded cost; "
                             f"same games: {v['same_games']}")
    c = r.get("city")
    if c:
        lines.append(f"the city of {c['zones']:,} zones and {c['doors']:,} doors ({c['engine']} engine, board built in "
                     f"{c['board_build_s']:.2f} s, plan {c['plan_s']:.2f} s, tables {c['tables_build_s']:.2f} s): "
                     f"{c['games_per_s']:,.0f} games/s, {_mmm(c['ns_per_game'])} per game over {c['games']:,} games "
                     f"({c['turns_per_game']:.1f} turns a game)")
    for sid, runs in r.get("dask", {}).items():
        for d in runs.values():
            lines.append(f"Dask, 2 local workers vs 1 process, {d['games']:,} games of {sid} (wall clock, median of 3): "
                         f"{d['one_process_s']:.2f} s -> {d['two_workers_s']:.2f} s = {d['dask_speedup_2_workers']:.2f} x; "
                         f"same results: {d['same_results']}")
    lines.append(f"peak memory: {r['peak_memory_mb']:.0f} MB")
    return lines
