"""``designer bench playtest``: engine throughput, against a bare Python loop, against networkx
path-finding at every zombie move, and with two Dask workers against one process."""

from __future__ import annotations

import resource
import time
from typing import Any

import networkx as nx

from ..engine import core
from ..engine.batch import game_seed, run_games
from ..engine.board import Board
from ..engine.game import Game
from ..io.files import dumps, load

__all__ = ["NetworkxGame", "run"]


class NetworkxGame(Game):
    """The straightforward approach: ask networkx for the shortest paths at every zombie move
    (once per zombie), instead of reading the compiled distance tables."""

    def next_steps(self, z, targets, all_doors, movers=1):
        b, st = self.board, self.state
        key = None if all_doors else st.doors_open
        graphs = b.__dict__.setdefault("_nx_graphs", {})
        G = graphs.get(key)
        if G is None:
            G = nx.DiGraph()
            G.add_nodes_from(range(b.n))
            for u in range(b.n):
                for v, c, _ in b.zpath_adj[u]:
                    d = b.c_door[c]
                    if all_doors or d < 0 or st.doors_open >> d & 1:
                        G.add_edge(u, v)
            graphs[key] = G
        options: list[int] = []
        for _ in range(max(movers, 1)):
            found: set[int] = set()
            for t in targets:
                if t == z or not nx.has_path(G, z, t):
                    continue
                for path in nx.all_shortest_paths(G, z, t):
                    found.add(path[1])
            order = [v for v, c, _ in b.zpath_adj[z] if v in found and
                     (all_doors or b.c_door[c] < 0 or st.doors_open >> b.c_door[c] & 1)]
            options = list(dict.fromkeys(order))
        return options


def _time_games(board: Board, cls: type[Game], seeds: list[int], policy: str) -> tuple[float, int, list]:
    """Play the games one by one in the reference engine (or a subclass)."""
    t0 = time.perf_counter()
    actions = 0
    records = []
    for i, seed in enumerate(seeds):
        r = cls(board, seed, policy).play()
        r["game"] = i
        actions += r["survivor_actions"] + r["zombie_actions"]
        records.append(dict(r))
    return time.perf_counter() - t0, actions, records


def _time_core(board: Board, seeds: list[int], policy: str) -> tuple[float, int, list]:
    """Play games 0..len(seeds) of the run with base seed 1 in the compiled core as a batch
    chunk does: seeds derived, games played, their table written."""
    t0 = time.perf_counter()
    table = core.play_range(board, 1, 0, len(seeds), policy)
    elapsed = time.perf_counter() - t0
    assert table.seeds.tolist() == seeds
    actions = int(table.column("survivor_actions").sum() + table.column("zombie_actions").sum())
    return elapsed, actions, table.records()


def _bare_loop(actions: int) -> float:
    table = {i: i for i in range(1024)}
    t0 = time.perf_counter()
    x = 0
    for i in range(actions):
        x = table[i & 1023]
    elapsed = time.perf_counter() - t0
    return elapsed if x >= 0 else elapsed


def run(games: int = 20_000, dask_games: int = 20_000, dask_large_games: int = 200_000, policy: str = "greedy",
        scenarios: tuple[str, ...] = ("scenarios/seul-dans-le-noir.json", "scenarios/night-shift.json"),
        nx_games: int = 200, reference_games: int = 300) -> dict[str, Any]:
    """Measure every figure in one run and return them.

    The engine is what batches play with: the compiled core when it is built (else the reference
    engine). ``reference_*`` figures are the reference engine's, on the first ``reference_games``
    seeds; the networkx figures compare the engine with the reference engine asking networkx for
    shortest paths at every zombie move, on the first ``nx_games`` seeds.
    """
    compiled = core.available()
    out: dict[str, Any] = {"games": games, "policy": policy, "engine": "core" if compiled else "reference",
                           "scenarios": {}}
    for path in scenarios:
        s = load(path)
        board = Board(s)
        if compiled and core.unsupported(board, policy):
            compiled = False
        seeds = [game_seed(1, i) for i in range(games)]

        def engine(b: Board, some: list[int]) -> tuple[float, int, list]:
            return _time_core(b, some, policy) if compiled else _time_games(b, Game, some, policy)

        engine(board, seeds[:200])  # warm the caches
        # the best of three runs on each side: this machine is shared
        elapsed, actions, records = min((engine(board, seeds) for _ in range(3 if compiled else 1)),
                                        key=lambda r: r[0])
        loop = min(_bare_loop(actions) for _ in range(3))
        ref_seeds = seeds[:reference_games]
        ref_s, ref_actions, ref_records = _time_games(board, Game, ref_seeds, policy)
        nx_seeds = seeds[:nx_games]
        nx_board = Board(s)
        engine(nx_board, nx_seeds)  # both sides start with the board's tables built
        fast, _, fast_records = min(engine(nx_board, nx_seeds) for _ in range(5))  # the best of five: a short run
        slow, _, slow_records = _time_games(nx_board, NetworkxGame, nx_seeds, policy)
        won = sum(r["won"] for r in records)
        out["scenarios"][s.id] = {
            "games_per_s": games / elapsed,
            "actor_actions_per_s": actions / elapsed,
            "actor_actions": actions,
            "engine_s": elapsed,
            "win_rate": won / games,
            "bare_loop_s": loop,
            "cost_ratio_vs_dict_loop": elapsed / loop,
            "reference_games": len(ref_seeds),
            "reference_games_per_s": len(ref_seeds) / ref_s,
            "reference_actor_actions_per_s": ref_actions / ref_s,
            "engine_speedup_vs_reference": (ref_s / len(ref_seeds)) / (elapsed / games),
            "same_games_as_reference": records[:len(ref_seeds)] == ref_records,
            "networkx_games": len(nx_seeds),
            "networkx_s": slow,
            "engine_s_on_networkx_games": fast,
            "speedup_vs_networkx": slow / fast,
            "same_games_as_networkx": fast_records == slow_records,
        }
    sizes = tuple(k for k in (dask_games, dask_large_games) if k)
    if sizes:
        out["dask"] = {load(p).id: _dask(p, sizes, policy) for p in scenarios}
    out["peak_memory_mb"] = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                                resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    out["targets"] = {"cost_ratio_vs_dict_loop": "<= 10", "speedup_vs_networkx": ">= 50",
                      "dask_speedup_2_workers": ">= 1.6"}
    return out


def _dask(path: str, sizes: tuple[int, ...], policy: str) -> dict[str, Any]:
    """For each number of games: one process, then a local Dask cluster of two single-threaded
    worker processes (each already holding the compiled board), with the default chunking."""
    from dask.distributed import Client, LocalCluster

    text = dumps(load(path))
    run_games(text, 200, 2, policy, executor="serial")
    out: dict[str, Any] = {}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster, Client(cluster) as client:
        run_games(text, 2000, 2, policy, executor=client, workers=2, chunk_size=100)  # imports and boards
        for n in sizes:
            single = distributed = float("inf")
            for _ in range(3):  # the best of three on each side: this machine is shared
                t0 = time.perf_counter()
                one, _ = run_games(text, n, 1, policy, executor="serial")
                single = min(single, time.perf_counter() - t0)
                t0 = time.perf_counter()
                two, _ = run_games(text, n, 1, policy, executor=client, workers=2)
                distributed = min(distributed, time.perf_counter() - t0)
            out[str(n)] = {"games": n, "one_process_s": single, "two_workers_s": distributed,
                           "dask_speedup_2_workers": single / distributed, "same_results": one == two}
    return out
