"""Monte Carlo playtests: many seeded games of a scenario, as pandas tables, cached in the store.

>>> import designer
>>> r = designer.playtest(designer.load("scenarios/seul-dans-le-noir.json"), n=2000, seed=1)  # doctest: +SKIP
>>> r.summary()["win_rate"]                                                                  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..engine import core
from ..engine.batch import ENGINE_VERSION, board_for, run_games
from ..engine.table import CAUSES, DANGERS, SCALARS, ZONE_COUNTS, ZONE_KEY, GameTable
from ..io.files import atomic_write, dumps, write_text_atomic
from ..model.scenario import Scenario
from .metrics import summarize, wilson
from .progress import ticker
from .store import DEFAULT_STORE, ResultsStore

__all__ = ["PlaytestResult", "playtest", "scenario_hash", "sweep"]


def scenario_hash(scenario: Scenario) -> str:
    """Content hash of a scenario (its stable JSON text)."""
    return hashlib.sha256(dumps(scenario).encode("utf-8")).hexdigest()[:16]


@dataclass
class PlaytestResult:
    """The games of one run (one row each), the per-zone totals, and what the run was."""

    games: pd.DataFrame
    zones: pd.DataFrame
    meta: dict[str, Any]
    interrupted: bool = False
    cached: bool = False

    def summary(self) -> dict[str, Any]:
        """Win rate with its 95 % Wilson interval, losses by cause, turns, deaths, kills, spawns,
        objective turns, deadliest zones."""
        out = summarize(self.games, self.zones)
        out.update({k: self.meta[k] for k in ("scenario_id", "scenario_title", "policy", "base_seed",
                                               "survivors", "engine_version", "scenario_hash")})
        out["played_by"] = self.meta.get("played_by", "")
        out["label"] = self.meta.get("label")
        out["interrupted"] = self.interrupted
        out["cached"] = self.cached
        return out

    def win_rate(self) -> tuple[float, float, float]:
        return wilson(int(self.games["won"].sum()), len(self.games))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the games table as CSV or Parquet (by the file's extension), atomically."""
        path = Path(path)
        if path.suffix == ".parquet":
            with atomic_write(path, binary=True) as f:
                self.games.to_parquet(f, index=False)
        elif path.suffix == ".csv":
            write_text_atomic(path, self.games.to_csv(index=False))
        else:
            raise ValueError(f"{path}: expected a .csv or .parquet file")


def _tables(table: GameTable) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The games (one row each, objectives as turn columns) and the per-zone counts of a run."""
    cols = {name: table.column(name).astype(np.int64) for name in SCALARS}
    games = pd.DataFrame({k: cols[k] for k in ("game", "seed")})
    games["won"] = cols["won"].astype(bool)
    games["cause"] = np.array(CAUSES, dtype=object)[cols["cause"]]
    for k in SCALARS:
        if k not in ("game", "seed", "won", "cause", "max_danger"):
            games[k] = cols[k]
        elif k == "max_danger":
            games[k] = np.array(DANGERS, dtype=object)[cols[k]]
    obj_rows = table.objective_rows()
    for i, o in enumerate(table.objective_ids):
        col = np.full(len(table), np.nan)
        mine = table.objectives[:, 0] == i
        col[obj_rows[mine]] = table.objectives[mine, 1]
        games[f"objective_{o}"] = col if np.isnan(col).any() else col.astype(np.int64)
    keys = table.zone_keys.astype(np.int64)
    zone_games = pd.DataFrame({"game": cols["game"][table.zone_rows()],
                               "zone": np.array(table.zone_ids, dtype=object)[keys % ZONE_KEY],
                               "what": np.array(ZONE_COUNTS, dtype=object)[keys // ZONE_KEY],
                               "count": table.zone_values.astype(np.int64)})
    return games, zone_games


def _zone_totals(zone_games: pd.DataFrame, zone_ids: list[str], names: dict[str, str], n: int) -> pd.DataFrame:
    table = pd.DataFrame({"zone": zone_ids, "name": [names[z] for z in zone_ids]})
    if len(zone_games):
        pivot = zone_games.pivot_table(index="zone", columns="what", values="count", aggfunc="sum", fill_value=0)
    else:
        pivot = pd.DataFrame()
    for what in ("deaths", "kills", "visits"):
        col = pivot[what] if what in pivot else pd.Series(dtype=float)
        table[what] = table["zone"].map(col).fillna(0).astype(int)
        table[f"{what}_per_game"] = table[what] / max(n, 1)
    return table


def playtest(scenario: Scenario, n: int = 2000, seed: int = 1, policy: Any = "greedy", workers: int | None = None,
             executor: Any = None, *, survivors: int | None = None, store: Any = DEFAULT_STORE,
             progress: bool | None = None, chunk_size: int | None = None,
             on_progress: Any = None, label: str | None = None) -> PlaytestResult:
    """Play ``n`` seeded games of a scenario and return one row per game plus per-zone totals.

    Parameters
    ----------
    scenario : Scenario
    n : int
        Number of games.
    seed : int
        Base seed: game ``i`` plays with a seed derived from (seed, i), so the results do not depend
        on the chunking, the number of workers or the executor.
    policy : str or callable
        'greedy', 'cautious', 'random', or a picklable callable.
    workers : int, optional
        Local worker processes (default: one per core; 1 plays in this process).
    executor : optional
        None or 'local' (process pool), 'serial', a ``dask.distributed.Client``, or a scheduler
        address ('tcp://host:8786').
    survivors : int, optional
        Number of survivors (default: the scenario's, at most 4).
    store : path, ResultsStore or None
        The results store (None: do not store or look up).
    progress : bool, optional
        Show a progress bar (default: when n >= 1000).
    on_progress : callable, optional
        Called with the number of games each finished chunk played (a notebook panel's bar).
    label : str, optional
        A free-text label kept with the run in the store (for example 'shorter night'); asking
        again for a stored run with another label relabels it.
    """
    text = dumps(scenario)
    policy_key = policy if isinstance(policy, str) else None
    meta = {"scenario_id": scenario.id, "scenario_title": scenario.meta.title, "scenario_hash": scenario_hash(scenario),
            "engine_version": ENGINE_VERSION, "policy": policy_key or getattr(policy, "__name__", "custom"),
            "survivors": survivors, "base_seed": seed, "n": n, "label": label}
    meta["played_by"] = "core" if core.available() and core.unsupported(board_for(text), policy, survivors) is None \
        else "reference"
    db = None if store is None else store if isinstance(store, ResultsStore) else ResultsStore(store)
    b_zone_ids = [z.id for z in scenario.zones]
    names = {z.id: z.name or z.id for z in scenario.zones}
    if db is not None and policy_key is not None:
        found = db.find_run(meta["scenario_hash"], ENGINE_VERSION, policy_key, survivors, seed, n)
        if found is not None:
            games, zone_games, stored = found
            if label is not None and label != stored["label"]:
                db.set_label(stored["run_id"], label)
            meta.update(run_id=stored["run_id"], label=label if label is not None else stored["label"])
            return PlaytestResult(games, _zone_totals(zone_games, b_zone_ids, names, len(games)), meta, cached=True)
    with ticker(n, scenario.id, "game", progress if progress is not None else n >= 1000, on_progress) as tick:
        table, interrupted = run_games(text, n, seed, policy, survivors=survivors, workers=workers,
                                         executor=executor, chunk_size=chunk_size, on_chunk=tick)
    games, zone_games = _tables(table)
    if not len(games):
        games = pd.DataFrame(columns=["game", "seed", "won", "cause", "turns", "survivors_dead"])
    result = PlaytestResult(games, _zone_totals(zone_games, b_zone_ids, names, len(games)), meta, interrupted)
    if db is not None and policy_key is not None and not interrupted and len(games) == n:
        meta["run_id"] = db.save(meta, games, zone_games, scenario_json=text, label=label)
    return result


def sweep(scenario: Scenario, parameter: str, values: list[Any], n: int = 500, seed: int = 1,
          policy: Any = "greedy", **options: Any) -> pd.DataFrame:
    """Win rate (with interval) and turns for each value of one parameter.

    ``parameter`` is 'survivors', 'policy', 'turn_limit', or 'rule:<override>' (a rule profile
    override such as 'rule:actions').
    """
    rows = []
    for value in values:
        s, kw = scenario, dict(options)
        pol = policy
        if parameter == "survivors":
            kw["survivors"] = value
        elif parameter == "policy":
            pol = value
        elif parameter == "turn_limit":
            s = scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"turn_limit": value})})
        elif parameter.startswith("rule:"):
            rules = scenario.setup.rules
            overrides = {**rules.overrides, parameter[5:]: value}
            s = scenario.model_copy(update={"setup": scenario.setup.model_copy(
                update={"rules": rules.model_copy(update={"overrides": overrides})})})
        else:
            raise ValueError(f"unknown sweep parameter '{parameter}'; expected survivors, policy, turn_limit "
                             "or rule:<override>")
        r = playtest(s, n=n, seed=seed, policy=pol, progress=False, **kw)
        p, lo, hi = r.win_rate()
        rows.append({parameter: value, "games": len(r.games), "win_rate": p, "low": lo, "high": hi,
                     "median_turns": float(r.games["turns"].median()),
                     "deaths_per_game": float(r.games["survivors_dead"].mean())})
    return pd.DataFrame(rows)
