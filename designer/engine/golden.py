"""Golden playthroughs: seeded games of every sample under every bot, written as text.

Each file holds one game, one JSON object per line: every event of the log in order, then the
game's record (``{"record": {...}}``). The test suite replays each file and compares it line by
line, so any change to the rules, the dice or the bots shows up as the first line that differs.
When a rule is deliberately changed, regenerate the files in the same commit::

    make golden            # or: python -m designer.engine.golden tests/golden
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

__all__ = ["GOLDEN_POLICIES", "GOLDEN_SEEDS", "GOLDEN_SCENARIOS", "golden_name", "iter_golden_games",
           "playthrough_lines", "write_goldens"]

GOLDEN_SCENARIOS = ("night-shift", "seul-dans-le-noir", "les-morts-aux-trousses", "woodinvale-last-stand",
                    "eden-skirmish", "scavenger-run", "eden-wildfire")
"""The samples under ``scenarios/`` that have golden playthroughs."""
GOLDEN_POLICIES = ("greedy", "cautious", "random")
GOLDEN_SEEDS = (1, 2, 3)


def golden_name(scenario: str, policy: str, seed: int) -> str:
    return f"{scenario}.{policy}.{seed}.jsonl"


def iter_golden_games() -> Iterator[tuple[str, str, int]]:
    """Every (scenario, policy, seed) with a golden playthrough."""
    for name in GOLDEN_SCENARIOS:
        for policy in GOLDEN_POLICIES:
            for seed in GOLDEN_SEEDS:
                yield name, policy, seed


def playthrough_lines(scenario, seed: int, policy: str, plan=None, engine: str = "typed",
                      board=None) -> list[str]:
    """One seeded game as golden lines: the log's events, then the record (``plan``: the bots'
    witness plan, as ``designer.plans.bot_plan`` gives it). ``engine``: ``typed`` (the typed
    engine, compiled where it is built, which writes the goldens), ``typed-source`` (the typed
    engine run from its source) or ``auto`` (:func:`designer.engine.core.play`)."""
    if engine == "auto":
        from .core import play
    elif engine in ("typed", "typed-source"):
        from functools import partial

        from .session import play_typed

        play = partial(play_typed, compiled=None if engine == "typed" else False)
    else:
        raise ValueError(f"engine: expected typed, typed-source or auto, got {engine!r}")
    record = play(scenario, seed=seed, policy=policy, log=True, plan=plan, **({"board": board} if board else {}))
    log = record.pop("log")
    lines = [json.dumps(e, sort_keys=True) for e in log]
    lines.append(json.dumps({"record": dict(record)}, sort_keys=True))
    return lines


def write_goldens(out: Path, samples: Path, planner: Callable[[Any], Any]) -> list[Path]:
    """Write every golden playthrough into ``out`` (samples read from ``samples``; ``planner``
    gives the bots' witness plan of a scenario), played by the typed engine (compiled where it is
    built, from its source otherwise: the same lines)."""
    from ..io import load

    out.mkdir(parents=True, exist_ok=True)
    written = []
    loaded = {}
    for name, policy, seed in iter_golden_games():
        scenario = loaded.get(name) or loaded.setdefault(name, load(samples / f"{name}.json"))
        path = out / golden_name(name, policy, seed)
        path.write_text("\n".join(playthrough_lines(scenario, seed, policy, planner(scenario), engine="typed")) + "\n",
                        encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # python -m designer.engine.golden OUT [SAMPLES]
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "tests/golden")
    source = Path(sys.argv[2] if len(sys.argv) > 2 else "scenarios")
    from ..plans import bot_plan  # the command line, above the engine: it finds the plans

    for p in write_goldens(target, source, bot_plan):
        print(p)
