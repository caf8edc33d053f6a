"""Metrics over playtest results: the summary (every share with its Wilson interval), the per-turn
survival and completion curves with their bands, the funnel along the victory steps, balance
measures in the manner of Ludii, and the skill gap between policies.

The figures are computed from a :class:`~designer.analysis.tally.Tally` (numpy counts), so a
summary of a million games costs no pandas frame; :func:`summarize` accepts the pandas games table
too. pandas is imported only by the functions that return a DataFrame.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..rules.zombies import RECORD_TYPES as ZTYPES  # the types with their own record columns
from ..engine.table import CAUSES, ZONE_COUNTS
from .explain import progress_rows, reasons
from .stats import dkw_halfwidth, mean_interval, newcombe_diff, share, wilson, wilson_arrays
from .tally import DEATH_CAUSES, DRAW_CAUSES, ENGINE_CAUSES, Tally, TallySpec, hist_median, table_from_frames

__all__ = ["balance", "curves", "funnel", "losses_by_cause", "objectives_table", "skill_gap", "summarize",
           "summary_of", "turn_stats", "wilson", "zone_table"]


# --------------------------------------------------------------------------------------------
# the summary


def balance(t: Tally) -> dict[str, Any]:
    """Balance measures after Ludii's game metrics, read for a co-operative game against the board.

    - ``completion``: share of games decided on the board (won, or lost by deaths or a special
      rule), with its interval; the rest ran out of time, stalled, or were stopped by the
      engine's hard bound (``runaway``, its own share: neither decided nor drawn).
    - ``drawishness``: share of games that ran out (turn limit, dawn) or stalled (no move left
      that changes anything): the games nobody "won" on the board. ``timeouts`` and ``stalled``
      split it.
    - ``duration``: mean and median turns, and the mean as a share of the turn limit.
    - ``decisiveness``: how early decided games end: the mean of ``1 - turns / limit`` over the
      decided games (1 = decided at once, 0 = decided on the last turn); the limit is the turn
      limit, or the longest game when there is none.
    - ``balance``: ``1 - |P(win) - P(loss)|`` (1 when the survivors win half their games).
    """
    n = t.n
    causes = t.cause_counts()
    draws = sum(causes[c] for c in DRAW_CAUSES)
    stopped = sum(causes[c] for c in ENGINE_CAUSES)
    hist = t.turns_hist()
    limit = t.spec.turn_limit or (int(np.nonzero(hist)[0].max()) if n else 0)
    decided = t.turns_by_cause.copy()
    for c in (*DRAW_CAUSES, *ENGINE_CAUSES):
        decided[CAUSES.index(c)] = 0
    dh = decided.sum(axis=0)
    nd = int(dh.sum())
    turns = np.arange(len(dh))
    decisiveness = float((dh * (1 - turns / limit)).sum() / nd) if nd and limit else math.nan
    mean_turns = float((hist * np.arange(len(hist))).sum() / n) if n else math.nan
    p = t.wins / n if n else math.nan
    return {"completion": share(n - draws - stopped, n), "drawishness": share(draws, n),
            "timeouts": share(causes["turn_limit"], n), "stalled": share(causes["stalled"], n),
            "runaway": share(stopped, n),
            "duration": {"mean_turns": mean_turns, "median_turns": hist_median(hist),
                         "share_of_turn_limit": mean_turns / t.spec.turn_limit if t.spec.turn_limit else None},
            "decisiveness": decisiveness, "balance": 1 - abs(2 * p - 1) if n else math.nan}


def summary_of(t: Tally, names: dict[str, str] | None = None, top_zones: int = 5) -> dict[str, Any]:
    """The summary a designer reads, from a tally: one dict, JSON-ready.

    Every share has its 95 % Wilson interval beside it (``*_low`` / ``*_high``, or the
    ``intervals`` block for the shares by cause and objective).
    """
    n, wins = t.n, t.wins
    p, lo, hi = wilson(wins, n)
    causes = t.cause_counts()
    losses = sorted(((c, k) for c, k in causes.items() if c and k and c not in ENGINE_CAUSES), key=lambda x: -x[1])
    stopped = sum(causes[c] for c in ENGINE_CAUSES)
    hist = t.turns_hist()
    values = np.arange(len(hist))
    turns: dict[str, Any] = {}
    if n:
        mean = float((hist * values).sum() / n)
        var = float((hist * (values - mean) ** 2).sum() / n)
        present = np.nonzero(hist)[0]
        m, mlo, mhi = mean_interval(float((hist * values).sum()), float((hist * values * values).sum()), n)
        turns = {"mean": mean, "median": hist_median(hist), "std": math.sqrt(var), "min": int(present.min()),
                 "max": int(present.max()), "mean_low": mlo, "mean_high": mhi}
    at_least_one = n - int(t.deaths[0]) if n else 0
    d, dlo, dhi = wilson(at_least_one, n)
    obj = {}
    taken = t.obj_taken()
    for i, oid in enumerate(t.spec.objective_ids):
        k = int(taken[i])
        s_, slo, shi = wilson(k, n)
        w_, wlo, whi = wilson(int(t.obj_won[i]), k)
        obj[oid] = {"taken": s_, "taken_low": slo, "taken_high": shi, "games": k,
                    "median_turn": hist_median(t.obj_turns[i]) if k else None,
                    "win_when_taken": w_ if k else None, "win_when_taken_low": wlo if k else None,
                    "win_when_taken_high": whi if k else None}
    out: dict[str, Any] = {
        "games": n,
        "wins": wins,
        "win_rate": p,
        "win_rate_low": lo,
        "win_rate_high": hi,
        "losses_by_cause": {c: k / n for c, k in losses},
        "runaway": {**share(stopped, n), "seeds": [int(x) for x in t.runaway_seeds]},
        "intervals": {
            "losses_by_cause": {c: list(wilson(k, n)[1:]) for c, k in losses},
            "objectives_taken": {oid: [o["taken_low"], o["taken_high"]] for oid, o in obj.items()},
            "p_at_least_one_death": [dlo, dhi],
        },
        "turns": turns,
        "turns_histogram": {int(k): int(v) for k, v in enumerate(hist) if v},
        "deaths_per_game": t.column_mean("survivors_dead") if n else math.nan,
        "p_at_least_one_death": d,
        "p_at_least_one_death_low": dlo,
        "p_at_least_one_death_high": dhi,
        "kills_by_type": {z: t.column_mean(f"kills_{z}") for z in ZTYPES if n and t.column_sums(f"kills_{z}")[0]},
        "spawns_by_type": {z: t.column_mean(f"spawned_{z}") for z in ZTYPES
                           if n and t.column_sums(f"spawned_{z}")[0]},
        "objective_turns": obj,
        "balance": balance(t),
    }
    if t.spec.steps:
        out["victory_steps"] = funnel_rows(t)
        out["progress"] = progress_rows(t)
    out["why"] = reasons(t, names=names)
    zs = t.zone_sum
    if zs.shape[1]:
        deaths, visits = zs[ZONE_COUNTS.index("deaths")], zs[ZONE_COUNTS.index("visits")]
        order = np.lexsort((-visits, -deaths))
        names = names or {}
        out["deadliest_zones"] = [{"zone": t.spec.zone_ids[z], "name": names.get(t.spec.zone_ids[z], t.spec.zone_ids[z]),
                                   "deaths": int(deaths[z])} for z in order[:top_zones] if deaths[z] > 0]
    return out


def _spec_from_frames(games: Any, zones: Any | None) -> TallySpec:
    obj_ids = tuple(c[len("objective_"):] for c in games.columns if c.startswith("objective_"))
    zone_ids = tuple(zones["zone"]) if zones is not None and len(zones) else ()
    return TallySpec(zone_ids, obj_ids)


def summarize(games: Any, zones: Any | None = None, top_zones: int = 5, zone_games: Any | None = None) -> dict[str, Any]:
    """The summary of a pandas games table (and optionally its per-zone totals), as
    :func:`summary_of` gives it for a tally."""
    import pandas as pd

    spec = _spec_from_frames(games, zones)
    empty_zones = pd.DataFrame({"game": [], "zone": [], "what": [], "count": []})
    t = Tally.from_table(table_from_frames(games, zone_games if zone_games is not None else empty_zones,
                                           spec.zone_ids, spec.objective_ids), spec)
    if zones is not None and len(zones) and zone_games is None:
        for w, what in enumerate(ZONE_COUNTS):
            if what in zones:
                t.zone_sum[w] = zones[what].to_numpy(dtype=float)
    names = dict(zip(zones["zone"], zones["name"])) if zones is not None and "name" in getattr(zones, "columns", ()) else {}
    return summary_of(t, names, top_zones)


def losses_by_cause(games: Any):
    """Share of games lost by each cause (all_dead, turn_limit, ...), largest first (pandas)."""
    import pandas as pd

    lost = games[~games["won"].astype(bool)]
    if not len(games):
        return pd.Series(dtype=float)
    return (lost["cause"].value_counts() / len(games)).sort_values(ascending=False)


def turn_stats(games: Any) -> dict[str, float]:
    t = games["turns"]
    return {"mean": float(t.mean()), "median": float(t.median()), "std": float(t.std(ddof=0)),
            "min": int(t.min()), "max": int(t.max())} if len(t) else {}


# --------------------------------------------------------------------------------------------
# curves, funnel, objectives, zones


def curves(t: Tally):
    """Per-turn curves with 95 % pointwise Wilson bands (pandas, one row per turn 0..longest game).

    - ``survival``: share of games not yet lost by the survivors' deaths at the end of the turn;
    - ``completion``: share of games won by the end of the turn;
    - ``playing``: share of games still going after the turn.

    Every game is followed to its end (no censoring), so these are plain shares of all games
    (the Kaplan-Meier estimate reduces to them). ``attrs['dkw_halfwidth']`` is the half-width of a
    band that holds at every turn at once (Dvoretzky-Kiefer-Wolfowitz, 95 %).
    """
    import pandas as pd

    n = t.n
    T = t.turns_by_cause.shape[1]
    death_rows = [CAUSES.index(c) for c in DEATH_CAUSES]
    lost = np.cumsum(t.turns_by_cause[death_rows].sum(axis=0))
    won = np.cumsum(t.turns_by_cause[CAUSES.index("")])
    ended = np.cumsum(t.turns_hist())
    df = pd.DataFrame({"turn": np.arange(T)})
    for name, k in (("survival", n - lost), ("completion", won), ("playing", n - ended)):
        p, lo, hi = wilson_arrays(k, n)
        df[name], df[f"{name}_low"], df[f"{name}_high"] = p, lo, hi
    df.attrs["dkw_halfwidth"] = dkw_halfwidth(n)
    df.attrs["games"] = n
    return df


def funnel_rows(t: Tally) -> list[dict[str, Any]]:
    """The funnel along the victory steps as JSON-ready rows (see :func:`funnel`)."""
    n = t.n
    rows = []
    for k, st in enumerate(t.spec.steps):
        reached, done, won = int(t.step_reached[k]), int(t.step_done[k]), int(t.step_won[k])
        hist = t.step_turns[k]
        known = int(hist.sum())
        r_, rlo, rhi = wilson(reached, n)
        c_, clo, chi = wilson(done, n)
        w_, wlo, whi = wilson(won, done)
        rows.append({"step": k + 1, "goal": st.label, "witness": st.witness, "reached": reached,
                     "reached_share": r_, "reached_low": rlo, "reached_high": rhi,
                     "completed": done, "completed_share": c_, "completed_low": clo, "completed_high": chi,
                     "turns_known": known, "median_turn": hist_median(hist) if known else None,
                     "mean_turn": float((hist * np.arange(len(hist))).sum() / known) if known else None,
                     "p_win_when_completed": w_ if done else None, "p_win_low": wlo if done else None,
                     "p_win_high": whi if done else None})
    return rows


def funnel(t: Tally):
    """The funnel along the victory steps of one scenario (pandas, one row per step).

    ``reached``: games that got to the step (in an ordered mission, that completed the steps
    before it; in an unordered one, every game); ``completed``: games that completed it, with the
    share of all games and its interval; ``median_turn`` / ``mean_turn``: when it was completed,
    over the ``turns_known`` games whose records say (``witness`` says how the record shows the
    step); ``p_win_when_completed``: P(win | completed) with its interval.
    """
    import pandas as pd

    return pd.DataFrame(funnel_rows(t))


def objectives_table(t: Tally):
    """Each objective: share of games that took it (interval), median turn, P(win | taken) (pandas)."""
    import pandas as pd

    s = summary_of(t)
    return pd.DataFrame([{"objective": oid, **o} for oid, o in s["objective_turns"].items()])


def zone_table(t: Tally, names: dict[str, str] | None = None):
    """Per-zone totals (deaths, kills, zombie visits), per game, the share of games with a death
    there (interval), and the risk per visit: survivor deaths per 100 zombie visits of the zone
    (the records count zombie visits; survivors' visits are not counted)."""
    import pandas as pd

    names = names or {}
    zone_ids = list(t.spec.zone_ids)
    df = pd.DataFrame({"zone": zone_ids, "name": [names.get(z, z) for z in zone_ids]})
    n = max(t.n, 1)
    for w, what in enumerate(ZONE_COUNTS):
        df[what] = t.zone_sum[w].astype(np.int64)
        df[f"{what}_per_game"] = df[what] / n
    k = t.zone_games[ZONE_COUNTS.index("deaths")]
    p, lo, hi = wilson_arrays(k, t.n) if t.n else (np.full(len(k), np.nan),) * 3
    df["games_with_death"], df["games_with_death_low"], df["games_with_death_high"] = p, lo, hi
    visits = df["visits"].to_numpy(dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        df["deaths_per_100_visits"] = np.where(visits > 0, 100 * df["deaths"].to_numpy() / visits, np.nan)
    return df


# --------------------------------------------------------------------------------------------
# policies


def skill_gap(rates: dict[str, tuple[int, int]]):
    """Win rates per policy with intervals, and the gap to the best with its interval (Newcombe):
    a small gap between the greedy and the random policy means the scenario is mostly luck."""
    import pandas as pd

    rows = []
    for policy, (wins, n) in rates.items():
        p, lo, hi = wilson(wins, n)
        rows.append({"policy": policy, "games": n, "wins": wins, "win_rate": p, "low": lo, "high": hi})
    df = pd.DataFrame(rows)
    if not len(df):
        return df
    df = df.sort_values("win_rate", ascending=False).reset_index(drop=True)
    best_w, best_n = int(df["wins"].iloc[0]), int(df["games"].iloc[0])
    gaps = [newcombe_diff(int(w), int(n), best_w, best_n) for w, n in zip(df["wins"], df["games"])]
    df["gap_to_best"] = [g[0] for g in gaps]
    df["gap_low"] = [g[1] for g in gaps]
    df["gap_high"] = [g[2] for g in gaps]
    return df
