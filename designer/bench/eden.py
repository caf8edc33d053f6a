"""Batch throughput of the Eden and Arctic Scavengers samples (terrain, victory points,
infestation, campaign resources): the typed engine (the batch path) against the reference
engine (the path their batches took while the typed engine did not play these rules), on the
same games, checked equal.

``python -m designer.bench.eden [--games N] [--reference-games M] [--policy greedy]`` prints,
per sample, games/s in CPU time (``time.process_time``), min / median / max of three runs, and
the ratio of the medians.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from ..engine import core
from ..engine.batch import game_seed
from ..engine.board import Board
from ..engine.game import Game
from ..io.files import load
from ..plans import bot_plan
from .missions import _fmt, _runs

SAMPLES = Path(__file__).resolve().parents[2] / "scenarios"
NAMES = ("eden-skirmish.json", "frozen-depot.json", "scavenger-run.json")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4000, help="games per run in the typed engine")
    ap.add_argument("--reference-games", type=int, default=300, help="games per run in the reference engine")
    ap.add_argument("--policy", default="greedy", choices=sorted(core.POLICY_CODES))
    a = ap.parse_args(argv)
    if not core.available():
        print("the typed engine is not compiled here (make setup)")
        return 1
    print(f"{'sample':24} {'typed games/s, median (min-max)':>34} {'reference games/s':>28} {'x':>6}")
    for name in NAMES:
        s = load(SAMPLES / name)
        board = Board(s)
        plan = bot_plan(s)
        seeds = [game_seed(1, i) for i in range(a.games)]
        ref_seeds = seeds[:a.reference_games]
        ref = _runs(lambda: [Game(board, sd, a.policy, plan=plan).play() for sd in ref_seeds], a.reference_games)
        why = core.unsupported(board, a.policy, plan=plan)
        if why:
            print(f"{name:24} {'reference engine: ' + why[:60]:>34} {_fmt(ref):>28}", flush=True)
            continue
        fast = core.play_games(board, ref_seeds, a.policy, None, 0, plan).records()
        slow = [dict(Game(board, sd, a.policy, plan=plan).play(), game=i) for i, sd in enumerate(ref_seeds)]
        assert fast == slow, f"{name}: the engines disagree"
        typed = _runs(lambda: core.play_games(board, seeds, a.policy, None, 0, plan), a.games)
        ratio = statistics.median(typed) / statistics.median(ref)
        print(f"{name:24} {_fmt(typed):>34} {_fmt(ref):>28} {ratio:6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
