"""The results store: every playtest run in one SQLite file.

A run is keyed by the scenario's content hash, the engine version, the policy, the survivor
count and the seed range. Asking for a run the store already holds (or a shorter one with the
same base seed: game ``i`` is the same game whatever the run length) returns the stored games
without playing them again. Runs of different versions of a mission stay apart and can be listed
side by side; each run keeps the scenario JSON it was played on (stored once per version) and an
optional free-text label, so two versions are told apart by what changed.

The file carries its schema version (SQLite's ``user_version``). Opening a store made by an
earlier release migrates it in place, in one transaction; a store from a newer release, a file
that is not a results store, or a damaged one is refused with a :class:`StoreError` naming the
file, and is never written to.
"""

from __future__ import annotations

import io
import os
import sqlite3
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pandas as pd

__all__ = ["DEFAULT_STORE", "STORE_SCHEMA_VERSION", "ResultsStore", "StoreError"]

DEFAULT_STORE = Path(os.environ.get("DESIGNER_RESULTS",
                                    Path.home() / ".local" / "share" / "scenario-designer" / "results.sqlite"))
"""Where runs are stored unless a path is given (``DESIGNER_RESULTS`` overrides it)."""

STORE_SCHEMA_VERSION = 2
"""Version of the store's tables written by this release (1: runs only; 2: scenario JSON per
version and run labels)."""

_SQLITE_MAGIC = b"SQLite format 3\x00"

_V1 = """
CREATE TABLE runs (
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
CREATE INDEX runs_key ON runs (scenario_hash, engine_version, policy, survivors, base_seed);
"""

_V1_COLUMNS = {"run_id", "scenario_id", "scenario_title", "scenario_hash", "engine_version", "policy",
               "survivors", "base_seed", "n", "wins", "created", "games", "zone_games"}


def _to_v2(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE runs ADD COLUMN label TEXT")
    db.execute("CREATE TABLE scenarios (scenario_hash TEXT PRIMARY KEY, scenario_json TEXT NOT NULL)")


_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _to_v2,
}
"""``_MIGRATIONS[v]`` turns a version ``v`` store into version ``v + 1``."""


class StoreError(Exception):
    """The results store cannot be used: the message names the file and what to do."""

    def __init__(self, path: str | os.PathLike[str], message: str):
        self.path = str(path)
        self.message = message
        super().__init__(f"{self.path}: {message}")


def _to_parquet(df: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    return buf.getvalue()


def _from_parquet(blob: bytes) -> pd.DataFrame:
    return pd.read_parquet(io.BytesIO(blob))


class ResultsStore:
    """An SQLite file of playtest runs.

    Raises :class:`StoreError` (naming the file) when the file is not a results store, is
    damaged, or was written by a newer release; such a file is left exactly as it was.

    Examples
    --------
    >>> store = ResultsStore("runs.sqlite")                      # doctest: +SKIP
    >>> r = designer.playtest(s, n=500, store=store, label="v2")  # doctest: +SKIP
    >>> store.runs("night-shift")[["run_id", "label", "win_rate"]]  # doctest: +SKIP
    """

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_STORE):
        self.path = Path(path)
        self._check_file()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(self.path, f"cannot create its folder: {e.strerror}") from None
        self._open_schema()

    # -- opening ---------------------------------------------------------------------------

    def _check_file(self) -> None:
        """Refuse, before SQLite touches it, a file that is not an SQLite database or is cut short."""
        try:
            with open(self.path, "rb") as f:
                header = f.read(100)
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        except IsADirectoryError:
            raise StoreError(self.path, "this is a folder; expected a results store file (.sqlite)") from None
        except OSError as e:
            raise StoreError(self.path, f"cannot read the results store: {e.strerror}") from None
        if not header:
            return  # an empty file is an empty store
        if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
            raise StoreError(self.path, "not a results store (not an SQLite database); it was left untouched. "
                                        "Give another --store path, or move the file away")
        page_size = struct.unpack(">H", header[16:18])[0]
        page_size = 65536 if page_size == 1 else page_size
        pages = struct.unpack(">I", header[28:32])[0]
        if pages and size < pages * page_size and not self._has_wal():
            raise StoreError(self.path, f"the results store is damaged (cut short: {size:,} of "
                                        f"{pages * page_size:,} bytes); it was left untouched. "
                                        "Restore it from a copy, or give another --store path")

    def _has_wal(self) -> bool:
        return Path(f"{self.path}-wal").exists()

    def _open_schema(self) -> None:
        try:
            with self._connect() as db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > STORE_SCHEMA_VERSION:
                    raise StoreError(self.path, f"made by a newer release of scenario-designer (store schema "
                                                f"{version}; this release reads up to {STORE_SCHEMA_VERSION}). "
                                                "Upgrade scenario-designer, or give another --store path")
                if version < STORE_SCHEMA_VERSION:
                    self._migrate(db)
        except sqlite3.DatabaseError as e:
            raise self._damaged(e) from None

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Create the tables, or bring an earlier store up to date, in one write transaction (two
        processes opening an old store at once migrate it once)."""
        db.isolation_level = None
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version == 0:
                if not tables:
                    for statement in _V1.split(";"):
                        if statement.strip():
                            db.execute(statement)
                elif "runs" in tables and _V1_COLUMNS <= {r[1] for r in db.execute("PRAGMA table_info(runs)")}:
                    pass  # a store from before versions were written: it is version 1
                else:
                    raise StoreError(self.path, "not a results store (an SQLite database holding "
                                                f"{', '.join(sorted(tables))}); it was left untouched. "
                                                "Give another --store path")
                version = 1
            while version < STORE_SCHEMA_VERSION:
                _MIGRATIONS[version](db)
                version += 1
            db.execute(f"PRAGMA user_version = {STORE_SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection that commits when the block ends without error, and is always closed."""
        db = sqlite3.connect(self.path, timeout=30)
        try:
            with db:
                yield db
        finally:
            db.close()

    def _damaged(self, e: Exception) -> StoreError:
        return StoreError(self.path, f"the results store cannot be read ({e}); it was left untouched. "
                                     "Restore it from a copy, or give another --store path")

    def _query(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        try:
            with self._connect() as db:
                return fn(db)
        except sqlite3.DatabaseError as e:
            raise self._damaged(e) from None

    def _frames(self, run_id: int, *blobs: bytes) -> list[pd.DataFrame]:
        try:
            return [_from_parquet(b) for b in blobs]
        except Exception as e:  # pyarrow raises several kinds on damaged data
            raise StoreError(self.path, f"run {run_id}: the stored games cannot be read "
                                        f"({type(e).__name__}: {e})") from None

    # -- runs ------------------------------------------------------------------------------

    def find(self, scenario_hash: str, engine_version: str, policy: str, survivors: int | None,
             base_seed: int, n: int) -> tuple[pd.DataFrame, pd.DataFrame] | None:
        """The first ``n`` games (and their zone counters) of a stored run, or None."""
        found = self.find_run(scenario_hash, engine_version, policy, survivors, base_seed, n)
        return None if found is None else (found[0], found[1])

    def find_run(self, scenario_hash: str, engine_version: str, policy: str, survivors: int | None,
                 base_seed: int, n: int) -> tuple[pd.DataFrame, pd.DataFrame, dict[str, Any]] | None:
        """Like :meth:`find`, plus what the store knows of the run: ``run_id`` and ``label``."""
        row = self._query(lambda db: db.execute(
            "SELECT run_id, label, games, zone_games FROM runs WHERE scenario_hash=? AND engine_version=? "
            "AND policy=? AND survivors=? AND base_seed=? AND n>=? ORDER BY n LIMIT 1",
            (scenario_hash, engine_version, policy, -1 if survivors is None else survivors, base_seed, n),
        ).fetchone())
        if row is None:
            return None
        games, zone_games = self._frames(row[0], row[2], row[3])
        return (games[games["game"] < n].reset_index(drop=True),
                zone_games[zone_games["game"] < n].reset_index(drop=True),
                {"run_id": int(row[0]), "label": row[1]})

    def save(self, meta: dict[str, Any], games: pd.DataFrame, zone_games: pd.DataFrame, *,
             scenario_json: str | None = None, label: str | None = None) -> int:
        """Store a finished run, with the scenario JSON it was played on and an optional label;
        return its id."""
        blobs = (_to_parquet(games), _to_parquet(zone_games))

        def insert(db: sqlite3.Connection) -> int:
            if scenario_json is not None:
                db.execute("INSERT OR IGNORE INTO scenarios (scenario_hash, scenario_json) VALUES (?, ?)",
                           (meta["scenario_hash"], scenario_json))
            cur = db.execute(
                "INSERT INTO runs (scenario_id, scenario_title, scenario_hash, engine_version, policy, survivors, "
                "base_seed, n, wins, created, games, zone_games, label) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (meta["scenario_id"], meta["scenario_title"], meta["scenario_hash"], meta["engine_version"],
                 meta["policy"], -1 if meta["survivors"] is None else meta["survivors"], meta["base_seed"],
                 len(games), int(games["won"].sum()), time.time(), *blobs, label),
            )
            return int(cur.lastrowid)

        return self._query(insert)

    def set_label(self, run_id: int, label: str | None) -> None:
        """Give a stored run a label (None removes it)."""
        self._query(lambda db: db.execute("UPDATE runs SET label=? WHERE run_id=?", (label, run_id)))

    def scenario_json(self, key: int | str) -> str | None:
        """The scenario JSON a run was played on, by run id or scenario hash (None for runs stored
        before the store kept scenarios)."""
        if isinstance(key, int):
            query = ("SELECT s.scenario_json FROM runs r JOIN scenarios s ON s.scenario_hash = r.scenario_hash "
                     "WHERE r.run_id=?")
        else:
            query = "SELECT scenario_json FROM scenarios WHERE scenario_hash=?"
        row = self._query(lambda db: db.execute(query, (key,)).fetchone())
        return None if row is None else row[0]

    def scenario(self, key: int | str) -> Any:
        """The scenario a run was played on, as a model (None when the store does not hold it)."""
        from ..io.files import loads

        text = self.scenario_json(key)
        return None if text is None else loads(text, f"{self.path} (run {key})")

    def games(self, run_id: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        """The games and zone counters of one stored run."""
        row = self._query(lambda db: db.execute("SELECT games, zone_games FROM runs WHERE run_id=?",
                                                (run_id,)).fetchone())
        if row is None:
            raise KeyError(run_id)
        games, zone_games = self._frames(run_id, row[0], row[1])
        return games, zone_games

    def runs(self, scenario_id: str | None = None, *, label: str | None = None) -> pd.DataFrame:
        """Every stored run (of one scenario id, across its versions; of one label), newest first.
        ``has_scenario`` says whether the store holds the scenario JSON of the run."""
        query = ("SELECT r.run_id, r.scenario_id, r.scenario_title, r.scenario_hash, r.label, r.engine_version, "
                 "r.policy, r.survivors, r.base_seed, r.n, r.wins, r.created, "
                 "s.scenario_hash IS NOT NULL AS has_scenario "
                 "FROM runs r LEFT JOIN scenarios s ON s.scenario_hash = r.scenario_hash")
        where, args = [], []
        if scenario_id is not None:
            where.append("r.scenario_id=?")
            args.append(scenario_id)
        if label is not None:
            where.append("r.label=?")
            args.append(label)
        if where:
            query += " WHERE " + " AND ".join(where)
        df = self._query(lambda db: pd.read_sql_query(query + " ORDER BY r.created DESC, r.run_id DESC", db,
                                                      params=tuple(args)))
        df["win_rate"] = df["wins"] / df["n"]
        df["survivors"] = df["survivors"].where(df["survivors"] >= 0)
        df["created"] = pd.to_datetime(df["created"], unit="s")
        df["has_scenario"] = df["has_scenario"].astype(bool)
        return df

    def schema_version(self) -> int:
        """The store's schema version (:data:`STORE_SCHEMA_VERSION` once opened by this release)."""
        return int(self._query(lambda db: db.execute("PRAGMA user_version").fetchone()[0]))
