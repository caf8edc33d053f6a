"""Batches of games: seeds, chunks, and the executors that run them.

Game ``i`` of a run with base seed ``S`` always plays with :func:`game_seed` ``(S, i)``, so a run's
results never depend on how the games are chunked or how many workers play them. A chunk is a
range of game indices; a worker compiles the scenario once (cached per process) and plays the
chunk, returning plain records without logs.

Executors: ``"serial"`` (this process), ``"local"`` (a ``concurrent.futures`` process pool, the
default) and Dask distributed (a ``dask.distributed.Client`` or a scheduler address such as
``"tcp://127.0.0.1:8786"``).
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Callable, Iterator

__all__ = ["ENGINE_VERSION", "chunks", "game_seed", "play_chunk", "run_games"]

ENGINE_VERSION = "1"
"""Bumped whenever a rule change makes stored results of earlier versions incomparable."""

_BOARDS: dict[str, Any] = {}


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``base_seed`` (stable on every machine)."""
    digest = hashlib.blake2b(f"{base_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def chunks(n: int, size: int) -> list[tuple[int, int]]:
    """Split game indices ``0..n`` into ``(start, stop)`` ranges of at most ``size``."""
    return [(i, min(i + size, n)) for i in range(0, n, size)]


def play_chunk(scenario_json: str, policy: Any, base_seed: int, start: int, stop: int,
               survivors: int | None = None) -> list[dict]:
    """Play games ``start..stop`` of a run; return their records (no logs).

    The compiled board is cached per process, keyed by the scenario's text, so a worker compiles
    each scenario once however many chunks it plays.
    """
    from ..io.files import loads
    from .board import Board
    from .game import Game

    board = _BOARDS.get(scenario_json)
    if board is None:
        if len(_BOARDS) > 16:
            _BOARDS.clear()
        board = _BOARDS[scenario_json] = Board(loads(scenario_json, "<scenario>"))
    out = []
    for i in range(start, stop):
        game = Game(board, game_seed(base_seed, i), policy, survivors=survivors)
        record = game.play()
        record["game"] = i
        out.append(record)
    return out


def _dask_client(executor: Any):
    from dask.distributed import Client

    if isinstance(executor, Client):
        return executor, False
    return Client(executor), True


def run_games(scenario_json: str, n: int, base_seed: int, policy: Any = "greedy", *,
              survivors: int | None = None, workers: int | None = None, executor: Any = None,
              chunk_size: int | None = None, on_chunk: Callable[[int], None] | None = None
              ) -> tuple[list[dict], bool]:
    """Play ``n`` games and return (records sorted by game index, interrupted).

    Ctrl-C stops cleanly: unfinished chunks are cancelled and the finished games are returned
    with ``interrupted`` set.
    """
    workers = workers or os.cpu_count() or 1
    size = chunk_size or max(10, min(250, n // (workers * 8) or 10))
    parts = chunks(n, size)
    results: list[dict] = []
    interrupted = False

    def collect(records: list[dict]) -> None:
        results.extend(records)
        if on_chunk:
            on_chunk(len(records))

    try:
        if executor is None and (workers == 1 or n <= size):
            executor = "serial"
        if executor == "serial":
            for a, b in parts:
                collect(play_chunk(scenario_json, policy, base_seed, a, b, survivors))
        elif executor is None or executor == "local":
            with ProcessPoolExecutor(max_workers=workers) as pool:
                pending = {pool.submit(play_chunk, scenario_json, policy, base_seed, a, b, survivors)
                           for a, b in parts}
                try:
                    while pending:
                        done, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for f in done:
                            collect(f.result())
                except KeyboardInterrupt:
                    interrupted = True
                    for f in pending:
                        f.cancel()
                    pool.shutdown(wait=False, cancel_futures=True)
        else:
            from dask.distributed import as_completed

            client, own = _dask_client(executor)
            try:
                futures = [client.submit(play_chunk, scenario_json, policy, base_seed, a, b, survivors,
                                         pure=False) for a, b in parts]
                try:
                    for f in as_completed(futures):
                        collect(f.result())
                except KeyboardInterrupt:
                    interrupted = True
                    client.cancel(futures)
            finally:
                if own:
                    client.close()
    except KeyboardInterrupt:
        interrupted = True
    results.sort(key=lambda r: r["game"])
    return results, interrupted


def iter_seeds(base_seed: int, n: int) -> Iterator[int]:
    """The seeds of games ``0..n`` of a run."""
    return (game_seed(base_seed, i) for i in range(n))
