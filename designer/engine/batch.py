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

import functools
import hashlib
import os
from pathlib import Path
from typing import Any, Callable

from . import core
from .board import Board
from .seeds import game_seed
from .table import GameTable
from .view import as_plan

__all__ = ["ENGINE_VERSION", "SERIAL_CORE_GAMES", "board_for", "chunks", "executor_for", "game_seed", "play_chunk", "run_chunks", "run_games"]

_SOURCES = ("designer/engine", "designer/rules", "designer/model", "designer/io/files.py", "designer/io/migrate.py",
            "designer/checks", "designer/plans.py", "designer/town.py")
"""What a game's record depends on: the engine, the compiled scenario (the rules' tables, and the
model and loader that turn a file into the scenario it compiles: defaults, migrations), the
planner that writes the bots' witness plans (``designer.plans`` over ``designer.checks``, whose
package the planner imports whole) and the town boards of Last Night on Earth (``designer.town``).
``tests/test_engine_seams.py`` checks that every module of the package a game imports is here."""


def _engine_version(root: Path | None = None) -> str:
    """A hash of the engine's sources (every ``.py``, ``.c`` and ``.pxd`` under ``_SOURCES``,
    below ``root``, the folder holding the ``designer`` package), so stored results of another
    engine are never served as this one's."""
    root = root or Path(__file__).resolve().parents[2]
    h = hashlib.blake2b(digest_size=8)
    for entry in _SOURCES:
        path = root / entry
        files = sorted(p for p in path.rglob("*") if p.suffix in (".py", ".c", ".pxd")) if path.is_dir() else \
            [path] if path.is_file() else []
        for f in files:
            if f.name.endswith(".c") and f.with_suffix(".py").exists():
                continue  # C written by Cython from a typed module: the module counts
            if f.name == "_built.py":
                continue  # the build's record of its sources: the sources count
            h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


ENGINE_VERSION = _engine_version()
"""A hash of the rules, engine and planner sources: any change to them gives a new version."""

SERIAL_CORE_GAMES = 100_000
"""Runs the typed engine plays in this process unless workers or an executor are asked for
(about two seconds of games: starting a pool of worker processes costs more below that)."""

_BOARDS: dict[str, Any] = {}


def chunks(n: int, size: int) -> list[tuple[int, int]]:
    """Split game indices ``0..n`` into ``(start, stop)`` ranges of at most ``size``."""
    return [(i, min(i + size, n)) for i in range(0, n, size)]


def board_for(scenario_json: str):
    """The compiled board of a scenario's text, cached per process."""
    from ..io.files import loads

    board = _BOARDS.get(scenario_json)
    if board is None:
        if len(_BOARDS) > 32:
            _BOARDS.clear()
        board = _BOARDS[scenario_json] = Board(loads(scenario_json, "<scenario>"))
    return board


def play_chunk(scenario_json: str, policy: Any, base_seed: int, survivors: int | None, start: int,
               stop: int, plan: Any = None) -> GameTable:
    """Play games ``start..stop`` of a run; return their table (no logs). ``plan`` is the bots'
    witness plan (the caller finds it with ``designer.checks``; None: no plan).

    The compiled board is cached per process, keyed by the scenario's text, so a worker compiles
    each scenario once however many chunks it plays. The typed engine plays the chunk when it can
    (:mod:`designer.engine.core`, the same records); otherwise the reference engine does.
    """
    board = board_for(scenario_json)
    if start < 0 or stop < start:
        raise ValueError(f"play_chunk: 0 <= start <= stop, got {start}..{stop}")
    return core.play_table(board, [game_seed(base_seed, i) for i in range(start, stop)], policy, survivors, start, plan)


def _dask_client(executor: Any):
    from dask.distributed import Client

    if isinstance(executor, Client):
        return executor, False
    return Client(executor), True


def run_chunks(fn: Callable[..., Any], args: tuple, n: int, *, workers: int | None = None,
               executor: Any = None, chunk_size: int | None = None,
               on_chunk: Callable[[int], None] | None = None,
               combine: Callable[[list], Any] | None = None) -> tuple[Any, bool]:
    """Call ``fn(*args, start, stop)`` for chunks covering ``0..n`` on an executor and return
    (the results in index order, interrupted): the chunks' lists concatenated, or
    ``combine(chunks)`` when given.

    Ctrl-C stops cleanly: unfinished chunks are cancelled and the finished ones are returned with
    ``interrupted`` set.
    """
    workers = workers or os.cpu_count() or 1
    size = chunk_size or max(10, min(250, n // (workers * 8) or 10))
    parts = chunks(n, size)
    done_parts: dict[int, list] = {}
    interrupted = False

    def collect(start: int, records: list) -> None:
        done_parts[start] = records
        if on_chunk:
            on_chunk(len(records))

    try:
        if executor is None and (workers == 1 or n <= size):
            executor = "serial"
        if executor == "serial":
            for a, b in parts:
                collect(a, fn(*args, a, b))
        elif executor is None or executor == "local":
            import multiprocessing  # with the pool only: a run played here does not pay for them
            from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

            # forkserver, not fork: forking a process that runs threads (a Jupyter kernel, a Dask
            # client) can deadlock the children
            with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("forkserver")) as pool:
                pending = {pool.submit(fn, *args, a, b): a for a, b in parts}
                try:
                    while pending:
                        done, _ = wait(pending, return_when=FIRST_COMPLETED)
                        for f in done:
                            collect(pending.pop(f), f.result())
                except KeyboardInterrupt:
                    interrupted = True
                    for f in pending:
                        f.cancel()
                    pool.shutdown(wait=False, cancel_futures=True)
        else:
            from dask.distributed import as_completed

            client, own = _dask_client(executor)
            try:
                futures = {client.submit(fn, *args, a, b, pure=False): a for a, b in parts}
                try:
                    for f in as_completed(list(futures)):
                        collect(futures[f], f.result())
                except KeyboardInterrupt:
                    interrupted = True
                    client.cancel(list(futures))
            finally:
                if own:
                    client.close()
    except KeyboardInterrupt:
        interrupted = True
    ordered = [done_parts[a] for a in sorted(done_parts)]
    if combine is not None:
        return combine(ordered), interrupted
    return [x for part in ordered for x in part], interrupted


def executor_for(board: Any, n: int, policy: Any, survivors: int | None, workers: int | None, executor: Any,
                 chunk_size: int | None, plan: Any = None, serial_up_to: int = SERIAL_CORE_GAMES
                 ) -> tuple[Any, int | None]:
    """The executor and chunk size for ``n`` games. When the typed engine plays them, a run of
    up to ``serial_up_to`` games with no executor or worker count asked for plays in this
    process, in chunks of 10,000 games (the progress bar's step); elsewhere about two chunks per
    worker (a Dask client's worker threads count as its workers), from 250 to 25,000 games, since
    each task costs milliseconds of scheduling."""
    if core.available() and core.unsupported(board, policy, survivors, plan=plan) is None:
        if executor is None and workers is None and n <= serial_up_to:
            executor = "serial"
        if chunk_size is None and executor == "serial":
            chunk_size = 10_000
        elif chunk_size is None:
            nthreads = getattr(executor, "nthreads", None)
            w = workers or (sum(nthreads().values()) if callable(nthreads) else 0) or os.cpu_count() or 1
            chunk_size = min(25_000, max(250, -(-n // (w * 2))))
    return executor, chunk_size


def _play_from(offset: int, scenario_json: str, policy: Any, base_seed: int, survivors: int | None, start: int,
               stop: int, plan: Any = None) -> GameTable:
    """:func:`play_chunk` of games ``offset + start .. offset + stop`` (the rest of a run whose
    first games measured their cost)."""
    return play_chunk(scenario_json, policy, base_seed, survivors, offset + start, offset + stop, plan)


def run_games(scenario_json: str, n: int, base_seed: int, policy: Any = "greedy", *,
              survivors: int | None = None, workers: int | None = None, executor: Any = None,
              chunk_size: int | None = None, on_chunk: Callable[[int], None] | None = None,
              plan: Any = None) -> tuple[GameTable, bool]:
    """Play ``n`` games and return (their table in game order, interrupted). ``plan`` is the
    bots' witness plan, handed to every chunk.

    With no executor or worker count asked for, the first games play in this process and their
    measured cost decides whether the rest plays here or on worker processes
    (:mod:`designer.engine.scheduling`, the same choice as a playtest's). When the typed engine
    plays the games, chunks are sized for the core: about two per worker (a Dask client's worker
    threads count as its workers), from 250 to 25,000 games, since each task costs milliseconds
    of scheduling; 10,000 games in this process (the progress bar's step).
    """
    from .scheduling import calibrate, choose_executor

    board = board_for(scenario_json)
    plan = as_plan(plan)
    first: list[GameTable] = []
    if workers is None and executor is None:
        try:
            cost = calibrate(functools.partial(play_chunk, scenario_json, policy, base_seed, survivors, plan=plan), n,
                             on_chunk, first)
        except KeyboardInterrupt:
            return GameTable.concat(first, board.zone_ids, board.obj_ids), True
        choice = choose_executor(cost, n - sum(map(len, first)))
        executor, workers = choice["executor"], (choice["workers"] if choice["executor"] == "local" else None)
    played = sum(map(len, first))
    executor, chunk_size = executor_for(board, n - played, policy, survivors, workers, executor, chunk_size, plan)
    return run_chunks(functools.partial(_play_from, played, plan=plan), (scenario_json, policy, base_seed, survivors),
                      n - played, workers=workers, executor=executor,
                      chunk_size=chunk_size, on_chunk=on_chunk,
                      combine=lambda parts: GameTable.concat(first + parts, board.zone_ids, board.obj_ids))
