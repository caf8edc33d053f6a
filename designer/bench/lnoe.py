"""What a Growing Hunger batch costs: CPU time per game (``time.process_time``, min / median /
max of 3 runs) of the typed engine compiled and run from its source, on the same games of the
samples that use Growing Hunger's rules.

    python -m designer.bench.lnoe --games 2000

A sample the typed engine cannot hold prints the reason instead of its figures.
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


def bench(games: int, root: Path, interpreted_games: int | None = None) -> list[dict]:
    """One row per sample: the typed engine's µs per game compiled and from its source (min,
    median, max)."""
    import designer
    from designer.engine import core
    from designer.engine.batch import game_seed
    from designer.engine.board import Board
    from designer.plans import bot_plan

    rows = []
    for name in SAMPLES:
        s = designer.load(root / "scenarios" / f"{name}.json")
        board, plan = Board(s), bot_plan(s)
        slow_n = interpreted_games or max(10, games // 10)
        seeds = [game_seed(1, i) for i in range(games)]
        row: dict = {"scenario": name}
        why = core.unsupported(board, "greedy", plan=plan) if core.available() else "the typed engine is not built"
        if why is None:
            row["interpreted_us"] = [1e6 * x / slow_n for x in _runs(
                lambda: core.play_interpreted(board, seeds[:slow_n], "greedy", None, 0, plan))]
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
        if "typed_us" not in row:
            print(f"{row['scenario']}: not played ({row['typed']})")
            continue
        slow, t = row["interpreted_us"], row["typed_us"]
        print(f"{row['scenario']}: compiled {min(t):.1f} / {statistics.median(t):.1f} / {max(t):.1f} µs per game; "
              f"from its source {min(slow):.0f} / {statistics.median(slow):.0f} / {max(slow):.0f} µs per game "
              f"({statistics.median(slow) / statistics.median(t):.0f}x)")


if __name__ == "__main__":
    main()
