"""The published Prison Outbreak missions' batch throughput: the typed engine compiled (the
batch path) against the same engine run from its source, on the same games, checked equal.

``python -m designer.bench.missions [--games N] [--interpreted-games M] [--policy greedy]``
prints, per mission, games/s in CPU time (``time.process_time``), min / median / max of three
runs, and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from ..engine import core
from ..engine.batch import game_seed
from ..engine.board import Board
from ..io.files import load
from ..plans import bot_plan

MISSIONS = Path(__file__).resolve().parents[2] / "scenarios" / "prison-outbreak"


def _runs(fn, games: int) -> list[float]:
    """Games/s of three runs of ``fn`` (CPU time)."""
    out = []
    for _ in range(3):
        t0 = time.process_time()
        fn()
        out.append(games / max(time.process_time() - t0, 1e-9))
    return out


def _fmt(rates: list[float]) -> str:
    lo, med, hi = min(rates), statistics.median(rates), max(rates)
    return f"{med:9.0f} ({lo:.0f}-{hi:.0f})"


def compare(paths: list[Path], label: str, argv: list[str] | None, doc: str, games: int = 2000,
            interpreted_games: int = 200) -> int:
    """The command of this module and of :mod:`designer.bench.eden`: per scenario of ``paths``,
    the typed engine's games/s compiled and run from its source on the same games, their
    records checked equal (a scenario the engine cannot hold gets the reason)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=games, help="games per run, compiled")
    ap.add_argument("--interpreted-games", type=int, default=interpreted_games,
                    help="games per run, the typed engine from its source")
    ap.add_argument("--policy", default="greedy", choices=sorted(core.POLICY_CODES))
    a = ap.parse_args(argv)
    if not core.available():
        print("the typed engine is not compiled here (make setup)")
        return 1
    print(f"{label:32} {'compiled games/s, median (min-max)':>34} {'interpreted games/s':>28} {'x':>6}")
    for path in paths:
        s = load(path)
        board = Board(s)
        plan = bot_plan(s)
        why = core.unsupported(board, a.policy, plan=plan)
        if why:
            print(f"{path.stem:32} {'refused: ' + why[:60]:>34}", flush=True)
            continue
        seeds = [game_seed(1, i) for i in range(a.games)]
        slow_seeds = seeds[:a.interpreted_games]
        slow = _runs(lambda: core.play_interpreted(board, slow_seeds, a.policy, None, 0, plan), len(slow_seeds))
        fast = core.play_games(board, slow_seeds, a.policy, None, 0, plan).records()
        assert fast == core.play_interpreted(board, slow_seeds, a.policy, None, 0, plan).records(), \
            f"{path.stem}: compiled and interpreted disagree"
        typed = _runs(lambda: core.play_games(board, seeds, a.policy, None, 0, plan), a.games)
        ratio = statistics.median(typed) / statistics.median(slow)
        print(f"{path.stem:32} {_fmt(typed):>34} {_fmt(slow):>28} {ratio:6.0f}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    return compare(sorted(MISSIONS.glob("*.json")), "mission", argv, __doc__)


if __name__ == "__main__":
    raise SystemExit(main())
