"""Victory points as a distribution: the score of each game of a points mission (Eden), its
mean with a confidence interval, its quantiles and the share of games reaching the target.

A points mission's record carries ``points`` (:mod:`designer.engine.points`); the reference
engine plays these missions (the typed engine does not play the rule yet), so this module plays
its own games, in chunks on the same executors as a playtest, and keeps one row per game.

>>> r = playtest_points(designer.load("scenarios/eden-skirmish.json"), n=200)   # doctest: +SKIP
>>> r.summary()["mean"], r.summary()["quantiles"]["50%"]                        # doctest: +SKIP
(7.4, 7.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine.batch import board_for, run_chunks
from ..engine.seeds import game_seed
from ..io.files import dumps
from .stats import Z95, wilson

__all__ = ["QUANTILES", "PointsResult", "play_points_chunk", "playtest_points", "points_summary", "typed_plays"]

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
"""The quantiles a summary reports (besides the minimum and the maximum)."""


def typed_plays(board: Any, policy: Any, survivors: int | None, plan: Any) -> bool:
    """Whether the typed engine plays a points run of this board (compiled or from its source;
    else the reference engine: :func:`designer.engine.core.play_table`)."""
    from ..engine import core

    return core.played_by(board, policy, survivors, plan) == "core"


def play_points_chunk(scenario_json: str, policy: Any, base_seed: int, survivors: int | None, plan: Any,
                      start: int, stop: int) -> list[tuple[int, int, int, int, int]]:
    """Play games ``start..stop`` of a points run: (game, seed, points, won, turns) per game, in
    the typed engine where it plays the board (the same games as the reference engine)."""
    board = board_for(scenario_json)
    seeds = [game_seed(base_seed, i) for i in range(start, stop)]
    from ..engine import core

    records = core.play_table(board, seeds, policy, survivors, start, plan).records()
    return [(i, seed, int(r.get("points", 0)), int(r["won"]), int(r["turns"]))
            for i, seed, r in zip(range(start, stop), seeds, records)]


def points_summary(points: Any, target: int | None = None, z: float = Z95) -> dict[str, Any]:
    """Summary of a sample of scores: games, mean, standard deviation, the mean's interval
    (normal approximation, mean ± z·sd/√n), minimum, quantiles, maximum, and with a ``target``
    the share of games reaching it (Wilson interval).

    >>> s = points_summary([0, 2, 2, 4], target=2)
    >>> s["mean"], s["sd"], s["quantiles"]["50%"], s["reached"]["share"]
    (2.0, 1.632993161855452, 2.0, 0.75)
    """
    a = np.asarray(points, dtype=float)
    n = len(a)
    out: dict[str, Any] = {"games": n}
    if n == 0:
        return {**out, "mean": math.nan, "sd": math.nan, "low": math.nan, "high": math.nan, "min": math.nan,
                "max": math.nan, "quantiles": {}}
    mean = float(a.mean())
    sd = float(a.std(ddof=1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    out.update(mean=mean, sd=sd, low=mean - half, high=mean + half, min=float(a.min()), max=float(a.max()),
               quantiles={f"{round(q * 100)}%": float(np.quantile(a, q)) for q in QUANTILES})
    if target is not None:
        k = int((a >= target).sum())
        p, lo, hi = wilson(k, n)
        out["reached"] = {"target": target, "games": k, "share": p, "low": lo, "high": hi}
    return out


@dataclass
class PointsResult:
    """The games of a points run: one row per game (game, seed, points, won, turns)."""

    scenario_id: str
    target: int
    turns: int
    rows: np.ndarray = field(repr=False)
    interrupted: bool = False
    reproducibility: dict[str, Any] = field(default_factory=dict)
    """Seed, games, engine version, scenario hash, policy, survivors, date and the command that
    plays the run again (as a playtest's summary has it)."""

    @property
    def points(self) -> np.ndarray:
        return self.rows[:, 2] if len(self.rows) else np.zeros(0, dtype=np.int64)

    def summary(self) -> dict[str, Any]:
        """:func:`points_summary` of the run's scores, with its target and the reproducibility block."""
        out = points_summary(self.points, self.target)
        if self.reproducibility:
            out["reproducibility"] = self.reproducibility
        return out

    def histogram(self) -> list[tuple[int, int]]:
        """(score, games) for every score some game made, in score order."""
        values, counts = np.unique(self.points, return_counts=True)
        return [(int(v), int(c)) for v, c in zip(values, counts)]

    def frame(self):
        """The games as a pandas DataFrame (game, seed, points, won, turns)."""
        import pandas as pd

        return pd.DataFrame(self.rows, columns=["game", "seed", "points", "won", "turns"])

    def report(self) -> str:
        """The distribution as Markdown: the summary line, the quantiles and a text histogram."""
        s = self.summary()
        n = s["games"]
        lines = [f"# Victory points: {self.scenario_id}", ""]
        if not n:
            return "\n".join(lines + ["No games."])
        r = s["reached"]
        lines += [f"{n} games over {self.turns} turns: mean {s['mean']:.2f} points "
                  f"(95 % interval {s['low']:.2f} - {s['high']:.2f}), sd {s['sd']:.2f}; "
                  f"target {self.target} reached in {r['share']:.1%} ({r['low']:.1%} - {r['high']:.1%}).", "",
                  "| min | " + " | ".join(s["quantiles"]) + " | max |",
                  "| --- | " + " | ".join("---" for _ in s["quantiles"]) + " | --- |",
                  f"| {s['min']:g} | " + " | ".join(f"{v:g}" for v in s["quantiles"].values()) + f" | {s['max']:g} |",
                  "", "| points | games | share |", "| ---: | ---: | :--- |"]
        for value, count in self.histogram():
            lines.append(f"| {value} | {count} | {'#' * max(1, round(40 * count / n))} {count / n:.1%} |")
        if self.reproducibility:
            from .report import reproducibility_lines

            lines += ["", *reproducibility_lines(self.reproducibility)]
        return "\n".join(lines)


def playtest_points(scenario: Any, n: int = 500, seed: int = 1, policy: Any = "greedy", *,
                    survivors: int | None = None, workers: int | None = None, executor: Any = None,
                    plan: Any = None, command: str | None = None) -> PointsResult:
    """Play ``n`` seeded games of a victory points mission and keep each game's score.

    Game ``i`` plays with ``game_seed(seed, i)``, as in :func:`designer.playtest`, so its score
    belongs to the same game a playtest plays. The bots follow the validator's witness plan
    unless ``plan`` is given.

    Raises
    ------
    ValueError
        When the scenario is not a victory points mission (no ``points``).
    """
    if getattr(scenario, "points", None) is None:
        raise ValueError(f"scenario '{scenario.id}' is not a victory points mission; expected a 'points' section")
    if plan is None:
        from ..plans import bot_plan

        plan = bot_plan(scenario)
    text = dumps(scenario)
    rows, interrupted = run_chunks(play_points_chunk, (text, policy, seed, survivors, plan), n,
                                   workers=workers, executor=executor or ("serial" if workers is None else None))
    table = np.array(rows, dtype=np.int64).reshape(-1, 5)
    import datetime as dt

    from ..engine import core
    from ..engine.batch import ENGINE_VERSION, board_for
    from .runs import scenario_hash

    name = policy if isinstance(policy, str) else getattr(policy, "__name__", "custom")
    played_by = "core" if typed_plays(board_for(text), policy, survivors, plan) else "reference"
    repro = {"seed": seed, "games": len(table), "engine_version": ENGINE_VERSION, "played_by": played_by,
             "scenario_hash": scenario_hash(scenario), "scenario_id": scenario.id, "policy": name,
             "survivors": survivors, "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
             "command": command or f"designer.analysis.points.playtest_points(<{scenario.id}>, n={n}, seed={seed}, "
                                   f"policy={name!r})"}
    return PointsResult(scenario.id, scenario.points.target, scenario.points.turns, table, interrupted, repro)
