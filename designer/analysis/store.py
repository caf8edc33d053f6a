"""The results store: every playtest run in one SQLite file.

A run is keyed by the scenario's content hash, the engine version, the policy, the survivor
count and the seed range. Asking for a run the store already holds (or a shorter one with the
same base seed: game ``i`` is the same game whatever the run length) returns the stored games
without playing them again. Runs of different versions of a mission stay apart and can be listed
side by side.
"""

from __future__ import annotations

import io
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import pandas as pd

__all__ = ["DEFAULT_STORE", "ResultsStore"]

DEFAULT_STORE = Path(os.environ.get("DESIGNER_RESULTS",
                                    Path.home() / ".local" / "share" / "scenario-designer" / "results.sqlite"))
"""Where runs are stored unless a path is given (``DESIGNER_RESULTS`` overrides it)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_id INTEGER PRIMARY KEY,
    scenario_id TEXT NOT NULL,
    scenario_title TEXT NOT NULL,
    scenario_hash TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    policy TEXT NOT NULL,
    survivors INTEGER NOT NULL,
    base_seed INTEGER NOT NULL,
    n INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    created REAL NOT NULL,
    games BLOB NOT NULL,
    zone_games BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_key ON runs (scenario_hash, engine_version, policy, survivors, base_seed);
"""


def _to_parquet(df: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    return buf.getvalue()


def _from_parquet(blob: bytes) -> pd.DataFrame:
    return pd.read_parquet(io.BytesIO(blob))


class ResultsStore:
    """An SQLite file of playtest runs."""

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_STORE):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30)

    def find(self, scenario_hash: str, engine_version: str, policy: str, survivors: int | None,
             base_seed: int, n: int) -> tuple[pd.DataFrame, pd.DataFrame] | None:
        """The first ``n`` games (and their zone counters) of a stored run, or None."""
        with self._connect() as db:
            row = db.execute(
                "SELECT games, zone_games FROM runs WHERE scenario_hash=? AND engine_version=? AND policy=? "
                "AND survivors=? AND base_seed=? AND n>=? ORDER BY n LIMIT 1",
                (scenario_hash, engine_version, policy, -1 if survivors is None else survivors, base_seed, n),
            ).fetchone()
        if row is None:
            return None
        games, zone_games = _from_parquet(row[0]), _from_parquet(row[1])
        return games[games["game"] < n].reset_index(drop=True), zone_games[zone_games["game"] < n].reset_index(drop=True)

    def save(self, meta: dict[str, Any], games: pd.DataFrame, zone_games: pd.DataFrame) -> int:
        """Store a finished run; return its id."""
        with self._connect() as db:
            cur = db.execute(
                "INSERT INTO runs (scenario_id, scenario_title, scenario_hash, engine_version, policy, survivors, "
                "base_seed, n, wins, created, games, zone_games) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (meta["scenario_id"], meta["scenario_title"], meta["scenario_hash"], meta["engine_version"],
                 meta["policy"], -1 if meta["survivors"] is None else meta["survivors"], meta["base_seed"],
                 len(games), int(games["won"].sum()), time.time(), _to_parquet(games), _to_parquet(zone_games)),
            )
            return int(cur.lastrowid)

    def runs(self, scenario_id: str | None = None) -> pd.DataFrame:
        """Every stored run (of one scenario id, across its versions), newest first."""
        query = ("SELECT run_id, scenario_id, scenario_title, scenario_hash, engine_version, policy, survivors, "
                 "base_seed, n, wins, created FROM runs")
        args: tuple = ()
        if scenario_id is not None:
            query += " WHERE scenario_id=?"
            args = (scenario_id,)
        with self._connect() as db:
            df = pd.read_sql_query(query + " ORDER BY created DESC", db, params=args)
        df["win_rate"] = df["wins"] / df["n"]
        df["survivors"] = df["survivors"].where(df["survivors"] >= 0)
        df["created"] = pd.to_datetime(df["created"], unit="s")
        return df
