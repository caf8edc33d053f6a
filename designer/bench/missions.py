"""The published Prison Outbreak missions' batch throughput: the typed engine (the batch path)
against the reference engine (the path their batches took while the typed engine did not play
the mission rules), on the same games, checked equal.

``python -m designer.bench.missions [--games N] [--reference-games M] [--policy greedy]``
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
from ..engine.game import Game
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
            reference_games: int = 200) -> int:
    """The command of this module and of :mod:`designer.bench.eden`: per scenario of ``paths``,
    typed and reference games/s on the same games, their records checked equal (a scenario the
    typed engine does not play gets the reference figure and the reason)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=games, help="games per run in the typed engine")
    ap.add_argument("--reference-games", type=int, default=reference_games,
                    help="games per run in the reference engine")
    ap.add_argument("--policy", default="greedy", choices=sorted(core.POLICY_CODES))
    a = ap.parse_args(argv)
    if not core.available():
        print("the typed engine is not compiled here (make setup)")
        return 1
    print(f"{label:32} {'typed games/s, median (min-max)':>34} {'reference games/s':>28} {'x':>6}")
    for path in paths:
        s = load(path)
        board = Board(s)
        plan = bot_plan(s)
        seeds = [game_seed(1, i) for i in range(a.games)]
        ref_seeds = seeds[:a.reference_games]
        ref = _runs(lambda: [Game(board, sd, a.policy, plan=plan).play() for sd in ref_seeds], a.reference_games)
        why = core.unsupported(board, a.policy, plan=plan)
        if why:
            print(f"{path.stem:32} {'reference engine: ' + why[:60]:>34} {_fmt(ref):>28}", flush=True)
            continue
        fast = core.play_games(board, ref_seeds, a.policy, None, 0, plan).records()
        slow = [dict(Game(board, sd, a.policy, plan=plan).play(), game=i) for i, sd in enumerate(ref_seeds)]
        assert fast == slow, f"{path.stem}: the engines disagree"
        typed = _runs(lambda: core.play_games(board, seeds, a.policy, None, 0, plan), a.games)
        ratio = statistics.median(typed) / statistics.median(ref)
        print(f"{path.stem:32} {_fmt(typed):>34} {_fmt(ref):>28} {ratio:6.0f}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    return compare(sorted(MISSIONS.glob("*.json")), "mission", argv, __doc__)


if __name__ == "__main__":
    raise SystemExit(main())
