"""Metrics over playtest results (pandas): win rate with a Wilson interval, losses by cause,
turns, deaths, kills and spawns by type, objective turns, deadliest zones, skill gap."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from ..engine.board import ZTYPES

__all__ = ["losses_by_cause", "skill_gap", "summarize", "turn_stats", "wilson"]


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """Win rate and its Wilson score interval (95 % by default): (p, low, high).

    Examples
    --------
    >>> [round(x, 3) for x in wilson(38, 100)]
    [0.38, 0.291, 0.478]
    """
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (p, low, high)


def losses_by_cause(games: pd.DataFrame) -> pd.Series:
    """Share of games lost by each cause (all_dead, turn_limit, ...), largest first."""
    lost = games[~games["won"]]
    if not len(games):
        return pd.Series(dtype=float)
    return (lost["cause"].value_counts() / len(games)).sort_values(ascending=False)


def turn_stats(games: pd.DataFrame) -> dict[str, float]:
    t = games["turns"]
    return {"mean": float(t.mean()), "median": float(t.median()), "std": float(t.std(ddof=0)),
            "min": int(t.min()), "max": int(t.max())} if len(t) else {}


def summarize(games: pd.DataFrame, zones: pd.DataFrame | None = None, top_zones: int = 5) -> dict[str, Any]:
    """The summary a designer reads: one dict, JSON-ready."""
    n = len(games)
    wins = int(games["won"].sum()) if n else 0
    p, lo, hi = wilson(wins, n)
    deaths = games["survivors_dead"] if n else pd.Series(dtype=float)
    obj_cols = [c for c in games.columns if c.startswith("objective_")]
    out: dict[str, Any] = {
        "games": n,
        "wins": wins,
        "win_rate": p,
        "win_rate_low": lo,
        "win_rate_high": hi,
        "losses_by_cause": {k: float(v) for k, v in losses_by_cause(games).items()},
        "turns": turn_stats(games),
        "turns_histogram": {int(k): int(v) for k, v in games["turns"].value_counts().sort_index().items()} if n else {},
        "deaths_per_game": float(deaths.mean()) if n else math.nan,
        "p_at_least_one_death": float((deaths > 0).mean()) if n else math.nan,
        "kills_by_type": {t: float(games[f"kills_{t}"].mean()) for t in ZTYPES
                          if f"kills_{t}" in games and games[f"kills_{t}"].any()},
        "spawns_by_type": {t: float(games[f"spawned_{t}"].mean()) for t in ZTYPES
                           if f"spawned_{t}" in games and games[f"spawned_{t}"].any()},
        "objective_turns": {c[len("objective_"):]: {"taken": float(games[c].notna().mean()),
                                                     "median_turn": float(games[c].median())
                                                     if games[c].notna().any() else None}
                            for c in obj_cols},
    }
    if zones is not None and len(zones):
        dead = zones.sort_values(["deaths", "visits"], ascending=False)
        out["deadliest_zones"] = [{"zone": r.zone, "name": r.name, "deaths": int(r.deaths)}
                                  for r in dead.head(top_zones).itertuples() if r.deaths > 0]
    return out


def skill_gap(rates: dict[str, tuple[int, int]]) -> pd.DataFrame:
    """Win rates per policy with intervals, and the gap to the best: a small gap between the
    greedy and the random policy means the scenario is mostly luck."""
    rows = []
    for policy, (wins, n) in rates.items():
        p, lo, hi = wilson(wins, n)
        rows.append({"policy": policy, "games": n, "win_rate": p, "low": lo, "high": hi})
    df = pd.DataFrame(rows).sort_values("win_rate", ascending=False).reset_index(drop=True)
    if len(df):
        df["gap_to_best"] = df["win_rate"].iloc[0] - df["win_rate"]
    return df
