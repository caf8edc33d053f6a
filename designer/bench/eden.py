"""Batch throughput of the Eden and Arctic Scavengers samples (terrain, victory points,
infestation, campaign resources): the typed engine compiled (the batch path) against the same
engine run from its source, on the same games, checked equal.

``python -m designer.bench.eden [--games N] [--interpreted-games M] [--policy greedy]`` prints,
per sample, games/s in CPU time (``time.process_time``), min / median / max of three runs, and
the ratio of the medians.
"""

from __future__ import annotations

from pathlib import Path

from .missions import compare

SAMPLES = Path(__file__).resolve().parents[2] / "scenarios"
NAMES = ("eden-skirmish.json", "eden-wildfire.json", "frozen-depot.json", "scavenger-run.json")


def main(argv: list[str] | None = None) -> int:
    return compare([SAMPLES / n for n in NAMES], "sample", argv, __doc__, games=4000, interpreted_games=300)


if __name__ == "__main__":
    raise SystemExit(main())
