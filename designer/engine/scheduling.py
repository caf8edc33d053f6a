"""Serial or worker processes, chosen by what a run's games cost.

A run with no executor and no worker count asked for plays its first games in this process, in
chunks doubling from 50 games until they took :data:`CALIBRATION_S` of CPU time
(:func:`calibrate`), which measures what a game of this scenario costs with this policy on this
engine. The rest of the run then plays here or on worker processes, whichever is estimated
faster (:func:`choose_executor`). This is the one place that makes the choice: ``designer
playtest`` (:func:`designer.analysis.runs.playtest`) and :func:`designer.engine.batch.run_games`
both ask it, and every choice plays the same games (the calibration games are the run's first).
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable

__all__ = ["CALIBRATION_S", "PARALLEL_GAIN", "WORKER_START_S", "calibrate", "choose_executor", "usable_cores"]

WORKER_START_S = 1.0
"""Wall-clock seconds a pool of fresh worker processes takes before it plays: the forkserver,
then in each worker the package's imports and the scenario's compilation, about two start-ups of
``designer playtest`` (0.45 to 0.65 s of CPU each) on two cores at once. ``designer bench
startup`` measures the real figure; on a busy machine it is several seconds, but there the
spare cores are too few for workers anyway (see docs/playtest.md)."""

PARALLEL_GAIN = 0.8
"""Worker processes are started only when they are estimated to finish in at most this share of
the time one process would take (the estimate is rough; a near tie stays in this process)."""

CALIBRATION_S = 0.02
"""CPU seconds of games played first in this process to measure a scenario's cost per game."""


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def choose_executor(cost_s: float, games: int, cores: int | None = None, load: float | None = None) -> dict[str, Any]:
    """Serial or worker processes for ``games`` more games costing ``cost_s`` CPU seconds each
    (measured on the run's first games): the spare cores are the usable ones less the other work
    running (the 1-minute load average less this process); processes are chosen when
    ``WORKER_START_S + games * cost_s / spare`` is at most :data:`PARALLEL_GAIN` of
    ``games * cost_s``. Returns the choice and the figures it was made from."""
    cores = usable_cores() if cores is None else cores
    if load is None:
        try:
            load = os.getloadavg()[0]
        except (AttributeError, OSError):
            load = 1.0
    spare = max(1, min(cores, int(cores - max(0.0, load - 1.0) + 0.5)))
    serial_s = cost_s * games
    processes_s = WORKER_START_S + serial_s / spare if spare > 1 else float("inf")
    use = processes_s <= PARALLEL_GAIN * serial_s
    return {"executor": "local" if use else "serial", "workers": spare if use else 1, "cores": cores,
            "load": round(load, 2), "spare_cores": spare, "cost_us_per_game": round(cost_s * 1e6, 3),
            "games_left": games, "estimated_serial_s": round(serial_s, 4),
            "estimated_processes_s": round(processes_s, 4) if processes_s != float("inf") else None}


def calibrate(play: Callable[[int, int], Any], n: int, on_chunk: Callable[[int], None] | None, parts: list) -> float:
    """Play the first games of a run here with ``play(start, stop)``, in chunks doubling from 50
    (each result appended to ``parts``, so an interrupted calibration keeps its games), until they
    took :data:`CALIBRATION_S` of CPU time or the run is played; return the CPU seconds a game cost."""
    played, size, spent = 0, 50, 0.0
    while played < n and spent < CALIBRATION_S:
        stop = min(n, played + size)
        t = time.process_time()
        parts.append(play(played, stop))
        spent += time.process_time() - t
        if on_chunk:
            on_chunk(stop - played)
        played, size = stop, size * 2
    return spent / played if played else 0.0
