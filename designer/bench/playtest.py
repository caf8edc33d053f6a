"""``designer bench playtest``: engine throughput, against a bare Python loop, against networkx
path-finding at every zombie move, and with two Dask workers against one process."""

from __future__ import annotations

import resource
import time
from typing import Any

import networkx as nx

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
    t0 = time.perf_counter()
    actions = 0
    records = []
    for seed in seeds:
        r = cls(board, seed, policy).play()
        actions += r["survivor_actions"] + r["zombie_actions"]
        records.append(r)
    return time.perf_counter() - t0, actions, records


def _bare_loop(actions: int) -> float:
    table = {i: i for i in range(1024)}
    t0 = time.perf_counter()
    x = 0
    for i in range(actions):
        x = table[i & 1023]
    elapsed = time.perf_counter() - t0
    return elapsed if x >= 0 else elapsed


def run(games: int = 300, dask_games: int = 20_000, policy: str = "greedy",
        scenarios: tuple[str, ...] = ("scenarios/seul-dans-le-noir.json", "scenarios/night-shift.json"),
        nx_games: int = 60) -> dict[str, Any]:
    """Measure every figure in one run and return them."""
    out: dict[str, Any] = {"games": games, "policy": policy, "scenarios": {}}
    for path in scenarios:
        s = load(path)
        board = Board(s)
        seeds = [game_seed(1, i) for i in range(games)]
        _time_games(board, Game, seeds[:10], policy)  # warm the caches
        elapsed, actions, records = _time_games(board, Game, seeds, policy)
        loop = _bare_loop(actions)
        nx_seeds = seeds[:nx_games]
        fast, _, fast_records = _time_games(Board(s), Game, nx_seeds, policy)
        slow, _, slow_records = _time_games(Board(s), NetworkxGame, nx_seeds, policy)
        out["scenarios"][s.id] = {
            "games_per_s": games / elapsed,
            "actor_actions_per_s": actions / elapsed,
            "actor_actions": actions,
            "engine_s": elapsed,
            "bare_loop_s": loop,
            "cost_ratio_vs_dict_loop": (elapsed / actions) / (loop / actions),
            "networkx_games": len(nx_seeds),
            "networkx_s": slow,
            "tables_s": fast,
            "speedup_vs_networkx": slow / fast,
            "same_games_as_networkx": fast_records == slow_records,
        }
    if dask_games:
        out["dask"] = _dask(scenarios[0], dask_games, policy)
    out["peak_memory_mb"] = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                                resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    out["targets"] = {"cost_ratio_vs_dict_loop": "<= 10", "speedup_vs_networkx": ">= 50",
                      "dask_speedup_2_workers": ">= 1.6"}
    return out


def _dask(path: str, n: int, policy: str) -> dict[str, Any]:
    from dask.distributed import Client, LocalCluster

    text = dumps(load(path))
    t0 = time.perf_counter()
    one, _ = run_games(text, n, 1, policy, executor="serial")
    single = time.perf_counter() - t0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster, Client(cluster) as client:
        run_games(text, 200, 2, policy, executor=client)  # start the workers' imports
        t0 = time.perf_counter()
        two, _ = run_games(text, n, 1, policy, executor=client, chunk_size=250)
        distributed = time.perf_counter() - t0
    return {"games": n, "one_process_s": single, "two_workers_s": distributed,
            "dask_speedup_2_workers": single / distributed, "same_results": one == two}
