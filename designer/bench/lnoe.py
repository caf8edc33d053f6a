"""What a Growing Hunger batch costs on each engine: CPU time per game (``time.process_time``,
min / median / max of 3 runs) of the reference engine and of the typed engine, on the same
games of the samples that use Growing Hunger's rules.

    python -m designer.bench.lnoe --games 2000

A sample the typed engine does not play (a board library) prints the reason instead of its
typed figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

__all__ = ["bench", "main"]

SAMPLES = ("woodinvale-last-stand", "seul-dans-le-noir-growing-hunger", "les-morts-aux-trousses")


def _runs(fn, repeat: int = 3) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        out.append(time.process_time() - t)
    return out


def bench(games: int, root: Path, reference_games: int | None = None) -> list[dict]:
    """One row per sample: the reference and typed engines' µs per game (min, median, max)."""
    import designer
    from designer.engine import core
    from designer.engine.batch import game_seed
    from designer.engine.board import Board
    from designer.engine.game import Game
    from designer.plans import bot_plan

    rows = []
    for name in SAMPLES:
        s = designer.load(root / "scenarios" / f"{name}.json")
        board, plan = Board(s), bot_plan(s)
        ref_n = reference_games or max(10, games // 10)
        seeds = [game_seed(1, i) for i in range(games)]

        def reference() -> None:
            for seed in seeds[:ref_n]:
                Game(board, seed, "greedy", plan=plan).play()

        row = {"scenario": name, "reference_us": [1e6 * x / ref_n for x in _runs(reference)]}
        why = core.unsupported(board, "greedy", plan=plan) if core.available() else "the typed engine is not built"
        if why is None:
            core.play_games(board, seeds[:10], "greedy", None, 0, plan)  # tables and rows built once
            row["typed_us"] = [1e6 * x / games for x in _runs(lambda: core.play_games(board, seeds, "greedy", None, 0,
                                                                                      plan))]
        else:
            row["typed"] = why
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    a = p.parse_args(argv)
    for row in bench(a.games, a.root):
        ref = row["reference_us"]
        line = (f"{row['scenario']}: reference {min(ref):.0f} / {statistics.median(ref):.0f} / {max(ref):.0f} "
                f"µs per game")
        if "typed_us" in row:
            t = row["typed_us"]
            line += (f"; typed {min(t):.1f} / {statistics.median(t):.1f} / {max(t):.1f} µs per game "
                     f"({statistics.median(ref) / statistics.median(t):.0f}x)")
        else:
            line += f"; typed: not played ({row['typed']})"
        print(line)


if __name__ == "__main__":
    main()
