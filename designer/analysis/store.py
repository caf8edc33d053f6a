"""The results store: every playtest run in one SQLite file.

A run is keyed by the scenario's content hash, the engine version, the policy, the survivor
count and the seed range. Asking for a run the store already holds (or a shorter one with the
same base seed: game ``i`` is the same game whatever the run length) returns the stored games
without playing them again. Runs of different versions of a mission stay apart and can be listed
side by side; each run keeps the scenario JSON it was played on (stored once per version) and an
optional free-text label, so two versions are told apart by what changed.

The games are rows of a real table, ``games``: one row per game, one column per field of the
game's record (``seed``, ``won``, ``cause``, ``turns``, ...), the objectives taken and the
per-zone counts as JSON objects (``objectives``, ``zone_deaths``, ``zone_kills``,
``zone_visits``), with the views ``game_objectives`` and ``game_zones`` that unfold them into
rows, so any SQLite client reads them::

    sqlite3 results.sqlite "select cause, count(*) from games group by cause"

The file carries its schema version (SQLite's ``user_version``). Opening a store made by an
earlier release migrates it in place, in one transaction; a store from a newer release, a file
that is not a results store, or a damaged one is refused with a :class:`StoreError` naming the
file, and is never written to.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.table import CAUSES, DANGERS, SCALARS, ZONE_COUNTS, ZONE_KEY, GameTable

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["DEFAULT_STORE", "GAME_COLUMNS", "STORE_SCHEMA_VERSION", "ResultsStore", "StoreError"]

DEFAULT_STORE = Path(os.environ.get("DESIGNER_RESULTS",
                                    Path.home() / ".local" / "share" / "scenario-designer" / "results.sqlite"))
"""Where runs are stored unless a path is given (``DESIGNER_RESULTS`` overrides it)."""

STORE_SCHEMA_VERSION = 3
"""Version of the store's tables written by this release (1: runs only, their games as Parquet
blobs; 2: scenario JSON per version and run labels; 3: the games as rows of the ``games`` table)."""

GAME_COLUMNS: tuple[str, ...] = ("game", *SCALARS[:-1], "objectives", *(f"zone_{w}" for w in ZONE_COUNTS))
"""The columns of the ``games`` table after ``run_id``, in order: the fields of a game's record
(``docs/playtest.md``, "The results store"). ``cause`` and ``max_danger`` are text, ``won`` is
0 or 1, ``objectives`` and ``zone_*`` are JSON objects; the others are integers."""

_TEXT_COLUMNS = ("cause", "max_danger", "objectives", *(f"zone_{w}" for w in ZONE_COUNTS))
_JSON_COLUMNS = ("objectives", *(f"zone_{w}" for w in ZONE_COUNTS))
_WON = "won"  # the cause of a won game, as in the games frame and its files
_CAUSE_NAMES = (_WON, *CAUSES[1:])
_CAUSE_CODE = {c: i for i, c in enumerate(_CAUSE_NAMES)}
_DANGER_CODE = {d: i for i, d in enumerate(DANGERS)}

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


def _games_table_sql(columns: tuple[str, ...] = GAME_COLUMNS) -> str:
    body = ",\n    ".join(f"{c} {'TEXT' if c in _TEXT_COLUMNS else 'INTEGER'}{' NOT NULL' if c == 'game' else ''}"
                          for c in columns)
    return (f"CREATE TABLE games (\n    run_id INTEGER NOT NULL,\n    {body},\n    PRIMARY KEY (run_id, game)\n)"
            " WITHOUT ROWID")


_V3 = """
CREATE TABLE runs_v3 (
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
    label TEXT,
    zone_ids TEXT NOT NULL,
    objective_ids TEXT NOT NULL
);
INSERT INTO runs_v3 SELECT run_id, scenario_id, scenario_title, scenario_hash, engine_version, policy, survivors,
    base_seed, n, wins, created, label, '[]', '[]' FROM runs;
DROP TABLE runs;
ALTER TABLE runs_v3 RENAME TO runs;
CREATE INDEX runs_key ON runs (scenario_hash, engine_version, policy, survivors, base_seed);
CREATE TRIGGER runs_delete_games AFTER DELETE ON runs BEGIN DELETE FROM games WHERE run_id = old.run_id; END;
CREATE VIEW game_objectives AS
    SELECT g.run_id, g.game, o.key AS objective, o.value AS turn FROM games g, json_each(g.objectives) o;
CREATE VIEW game_zones AS
    SELECT g.run_id, g.game, z.key AS zone, 'deaths' AS what, z.value AS count FROM games g, json_each(g.zone_deaths) z
    UNION ALL
    SELECT g.run_id, g.game, z.key, 'kills', z.value FROM games g, json_each(g.zone_kills) z
    UNION ALL
    SELECT g.run_id, g.game, z.key, 'visits', z.value FROM games g, json_each(g.zone_visits) z;
"""


class _MigrationFailed(Exception):
    """A run of an earlier store could not be moved into the games table."""


def _to_v3(db: sqlite3.Connection) -> None:
    """The Parquet blobs of each run become rows of the ``games`` table (one transaction)."""
    db.execute(_games_table_sql())
    ids: dict[int, tuple[str, str]] = {}
    runs = db.execute("SELECT run_id FROM runs ORDER BY run_id").fetchall()
    for (run_id,) in runs:
        blobs = db.execute("SELECT games, zone_games FROM runs WHERE run_id=?", (run_id,)).fetchone()
        try:
            games, zone_games = (_from_parquet(b) for b in blobs)
            table = _table_of_frames(games, zone_games)
        except Exception as e:  # pyarrow and pandas raise several kinds on damaged data
            raise _MigrationFailed(f"run {run_id}: the stored games cannot be read ({type(e).__name__}: {e})") from None
        _insert_games(db, run_id, table)
        ids[run_id] = (json.dumps(list(table.zone_ids)), json.dumps(list(table.objective_ids)))
    for statement in _V3.split(";\n"):
        if statement.strip():
            db.execute(statement)
    db.executemany("UPDATE runs SET zone_ids=?, objective_ids=? WHERE run_id=?",
                   [(z, o, run_id) for run_id, (z, o) in ids.items()])


_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _to_v2,
    2: _to_v3,
}
"""``_MIGRATIONS[v]`` turns a version ``v`` store into version ``v + 1``."""


class StoreError(Exception):
    """The results store cannot be used: the message names the file and what to do."""

    def __init__(self, path: str | os.PathLike[str], message: str):
        self.path = str(path)
        self.message = message
        super().__init__(f"{self.path}: {message}")


def _from_parquet(blob: bytes) -> pd.DataFrame:
    """A games or zones frame as stores of schema 1 and 2 kept them."""
    import pandas as pd

    return pd.read_parquet(io.BytesIO(blob))


def _table_of_frames(games: pd.DataFrame, zone_games: pd.DataFrame) -> GameTable:
    """The game table of a run's frames (the games table and the per-zone, per-game counts), its
    zones and objectives named as the frames name them."""
    from .tally import table_from_frames

    objective_ids = [c[len("objective_"):] for c in games.columns if c.startswith("objective_")]
    zone = zone_games["zone"] if "zone" in zone_games else []
    zone_ids = list(zone.cat.categories) if hasattr(zone, "cat") else list(dict.fromkeys(zone))
    return table_from_frames(games, zone_games, zone_ids, objective_ids)


_INT_TEXT: list[str] = [str(i) for i in range(1024)]


def _json_objects(counts: np.ndarray, names: list[str], index: np.ndarray, values: np.ndarray) -> list[str]:
    """One JSON object text per game: ``counts[i]`` entries each, keyed ``names[index[j]]``
    (already JSON-quoted and followed by ':') with the integer ``values[j]``, in order.

    The entries are joined into one text and split at the games' ends (ids never hold a NUL,
    a brace or a comma), which is several times faster than one join per game; the numbers'
    texts come from a table."""
    out = np.full(len(counts), "{}", dtype=object)
    if not len(index):
        return out.tolist()
    if int(values.min()) < 0:
        raise ValueError("negative counts or turns cannot be stored")
    top = int(values.max())
    if top >= len(_INT_TEXT):
        _INT_TEXT.extend(str(i) for i in range(len(_INT_TEXT), top + 1))
    texts = _INT_TEXT
    pieces = [names[i] + texts[v] for i, v in zip(index.tolist(), values.tolist())]
    busy = np.nonzero(counts)[0]
    ends = np.cumsum(counts[busy].astype(np.int64)) - 1
    for i in (ends - counts[busy] + 1).tolist():
        pieces[i] = "{" + pieces[i]
    for i in ends.tolist():
        pieces[i] += "}\0"
    out[busy] = ",".join(pieces)[:-1].split("\0,")
    return out.tolist()


def _game_rows(run_id: int, table: GameTable) -> Iterator[tuple]:
    """The rows of the ``games`` table for a game table, in :data:`GAME_COLUMNS` order."""
    n = len(table)
    columns: dict[str, Any] = {"seed": table.seeds.tolist()}
    for name in SCALARS[1:]:
        col = table.column(name)
        if name == "cause":
            columns[name] = [_CAUSE_NAMES[c] for c in col.tolist()]
        elif name == "max_danger":
            columns[name] = [DANGERS[c] for c in col.tolist()]
        else:
            columns[name] = [None if v < 0 else v for v in col.tolist()] if (col < 0).any() else col.tolist()
    names = [json.dumps(o) + ":" for o in table.objective_ids]
    objectives = table.objectives.astype(np.int64)
    columns["objectives"] = _json_objects(table.objective_counts, names, objectives[:, 0], objectives[:, 1])
    zone_names = [json.dumps(z) + ":" for z in table.zone_ids]
    keys = table.zone_keys.astype(np.int64)
    rows = table.zone_rows()
    for w, what in enumerate(ZONE_COUNTS):
        mine = keys // ZONE_KEY == w
        columns[f"zone_{what}"] = _json_objects(np.bincount(rows[mine], minlength=n), zone_names,
                                                keys[mine] % ZONE_KEY, table.zone_values[mine])
    return zip([run_id] * n, *(columns[c] for c in GAME_COLUMNS))


def _add_missing_columns(db: sqlite3.Connection) -> None:
    """Columns a later engine added to the records (a new zombie type's kills), added to the
    ``games`` table of a store written before; the earlier games hold NULL there."""
    have = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    for c in GAME_COLUMNS:
        if c not in have:
            db.execute(f"ALTER TABLE games ADD COLUMN {c} {'TEXT' if c in _TEXT_COLUMNS else 'INTEGER'}")


_SAVE_CHUNK = 10_000
"""Games turned into rows at a time when a run is saved (memory stays flat in the run's size)."""


def _slices(table: GameTable, size: int) -> Iterator[GameTable]:
    """The table in consecutive pieces of at most ``size`` games."""
    obj_at = np.concatenate([[0], np.cumsum(table.objective_counts, dtype=np.int64)])
    zone_at = np.concatenate([[0], np.cumsum(table.zone_counts, dtype=np.int64)])
    for a in range(0, len(table), size):
        b = min(a + size, len(table))
        yield GameTable(table.seeds[a:b], table.scalars[a:b], table.objective_counts[a:b],
                        table.objectives[obj_at[a]:obj_at[b]], table.zone_counts[a:b],
                        table.zone_keys[zone_at[a]:zone_at[b]], table.zone_values[zone_at[a]:zone_at[b]],
                        table.zone_ids, table.objective_ids)


def _insert_games(db: sqlite3.Connection, run_id: int, table: GameTable) -> None:
    _add_missing_columns(db)
    insert = f"INSERT INTO games (run_id, {', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * (len(GAME_COLUMNS) + 1))})"
    for piece in _slices(table, _SAVE_CHUNK):
        db.executemany(insert, _game_rows(run_id, piece))


def _codes_sql(column: str, names: tuple[str, ...], extra: dict[str, int] | None = None) -> str:
    cases = {**{name: i for i, name in enumerate(names)}, **(extra or {})}
    whens = " ".join(f"WHEN '{name}' THEN {i}" for name, i in cases.items())
    return f"CASE {column} {whens} ELSE -99 END"


def _read_table(db: sqlite3.Connection, run_id: int, n: int | None, zone_ids: tuple[str, ...],
                objective_ids: tuple[str, ...]) -> GameTable:
    """The first ``n`` games of a run (all with None) as a game table, read :data:`_SAVE_CHUNK`
    games at a time (memory stays flat in the run's size)."""
    last = db.execute("SELECT max(game) FROM games WHERE run_id=?", (run_id,)).fetchone()[0]
    stop = 0 if last is None else last + 1 if n is None else min(n, last + 1)
    pieces = [_read_range(db, run_id, a, min(a + _SAVE_CHUNK, stop), zone_ids, objective_ids)
              for a in range(0, stop, _SAVE_CHUNK)]
    if not pieces:
        return GameTable.concat([], zone_ids, objective_ids)
    return pieces[0] if len(pieces) == 1 else GameTable.concat(pieces, zone_ids, objective_ids)


def _read_range(db: sqlite3.Connection, run_id: int, start: int, stop: int, zone_ids: tuple[str, ...],
                objective_ids: tuple[str, ...]) -> GameTable:
    """Games ``start..stop`` of a run as a game table. One scan of the rows
    gives every column as one text (the numbers joined by commas, parsed by numpy; the JSON
    objects joined into one JSON array), several times faster than fetching rows into Python;
    all aggregates of one query see the rows in the same order, so the columns stay aligned."""
    have = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    scalar_columns = [c for c in ("game", *SCALARS[:-1]) if c in have]
    json_columns = [c for c in _JSON_COLUMNS if c in have]
    numbers = {"cause": _codes_sql("cause", _CAUSE_NAMES, {"": 0}), "max_danger": _codes_sql("max_danger", DANGERS)}
    select = [f"group_concat({numbers.get(c, f'coalesce({c}, -1)')})" for c in scalar_columns]
    select += [f"'[' || coalesce(group_concat(coalesce({c}, '{{}}')), '') || ']'" for c in json_columns]
    row = db.execute(f"SELECT {', '.join(select)} FROM games WHERE run_id=? AND game>=? AND game<?",
                     (run_id, start, stop)).fetchone()
    cols: dict[str, Any] = {c: np.fromstring(x or "", dtype=np.int64, sep=",")
                            for c, x in zip(scalar_columns, row)}
    cols.update((c, json.loads(x)) for c, x in zip(json_columns, row[len(scalar_columns):]))
    if (cols["cause"] == -99).any() or (cols.get("max_danger", np.zeros(0)) == -99).any():
        raise ValueError("a cause or a danger level that this release does not know")
    game = cols["game"]
    games = len(game)
    if games > 1 and (np.diff(game) < 0).any():  # SQLite kept the table's order so far
        order = np.argsort(game, kind="stable")
        cols = {c: v[order] if isinstance(v, np.ndarray) else [v[i] for i in order.tolist()] for c, v in cols.items()}
    scalars = np.full((games, len(SCALARS) - 1), -1, dtype=np.int32)
    for j, name in enumerate(SCALARS[1:]):
        if name in cols:
            scalars[:, j] = cols[name]

    def unfolded(column: str) -> tuple[np.ndarray, list[str], list[int]]:
        """(game position, key, value) of every entry of a JSON column, game by game, each game's
        entries in their order."""
        objects = cols.get(column) or [{}] * games
        rows = np.repeat(np.arange(games), np.fromiter(map(len, objects), dtype=np.int64, count=games))
        return rows, [k for d in objects for k in d], [v for d in objects for v in d.values()]

    rows, keys, turns = unfolded("objectives")
    oindex = {o: i for i, o in enumerate(objective_ids)}
    objectives = np.array([[oindex[o], t] for o, t in zip(keys, turns)], dtype=np.int64).reshape(-1, 2)
    zindex = {z: i for i, z in enumerate(zone_ids)}
    parts = [unfolded(f"zone_{what}") for what in ZONE_COUNTS]
    zone_rows = np.concatenate([p[0] for p in parts])
    zone_keys = np.concatenate([np.array([w * ZONE_KEY + zindex[z] for z in p[1]], dtype=np.int64).reshape(-1)
                                for w, p in enumerate(parts)])
    zone_values = np.concatenate([np.array(p[2], dtype=np.int64).reshape(-1) for p in parts])
    by_key = np.lexsort((zone_keys, zone_rows))
    return GameTable(seeds=cols["seed"], scalars=scalars,
                     objective_counts=np.bincount(rows, minlength=games).astype(np.uint16),
                     objectives=objectives.astype(np.int16),
                     zone_counts=np.bincount(zone_rows, minlength=games).astype(np.uint16),
                     zone_keys=zone_keys[by_key].astype(np.uint16), zone_values=zone_values[by_key].astype(np.int32),
                     zone_ids=tuple(zone_ids), objective_ids=tuple(objective_ids))


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
                try:
                    _MIGRATIONS[version](db)
                except _MigrationFailed as e:
                    raise StoreError(self.path, f"{e}; the store was left at schema {version}, untouched. Delete "
                                                "that run (sqlite3 FILE 'delete from runs where run_id=N'), or give "
                                                "another --store path") from None
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

    def _table(self, db: sqlite3.Connection, run_id: int, n: int | None = None,
               ids: tuple[tuple[str, ...], tuple[str, ...]] | None = None) -> GameTable:
        """A stored run's games as a table (its zones and objectives named as stored, or ``ids``)."""
        if ids is None:
            row = db.execute("SELECT zone_ids, objective_ids FROM runs WHERE run_id=?", (run_id,)).fetchone()
            if row is None:
                raise KeyError(run_id)
            ids = (tuple(json.loads(row[0])), tuple(json.loads(row[1])))
        try:
            return _read_table(db, run_id, n, *ids)
        except sqlite3.DatabaseError:
            raise
        except Exception as e:  # a row changed by hand: text where a number was, an unknown zone...
            raise StoreError(self.path, f"run {run_id}: the stored games cannot be read "
                                        f"({type(e).__name__}: {e})") from None

    # -- runs ------------------------------------------------------------------------------

    def _find_id(self, db: sqlite3.Connection, scenario_hash: str, engine_version: str, policy: str,
                 survivors: int | None, base_seed: int, n: int) -> tuple[int, str | None] | None:
        return db.execute(
            "SELECT run_id, label FROM runs WHERE scenario_hash=? AND engine_version=? "
            "AND policy=? AND survivors=? AND base_seed=? AND n>=? ORDER BY n LIMIT 1",
            (scenario_hash, engine_version, policy, -1 if survivors is None else survivors, base_seed, n),
        ).fetchone()

    def find_table(self, scenario_hash: str, engine_version: str, policy: str, survivors: int | None,
                   base_seed: int, n: int, zone_ids: tuple[str, ...] | None = None,
                   objective_ids: tuple[str, ...] | None = None) -> tuple[GameTable, dict[str, Any]] | None:
        """The first ``n`` games of a stored run as a game table (no pandas), and what the store
        knows of the run (``run_id``, ``label``); None when the store does not hold the run.
        ``zone_ids`` and ``objective_ids`` name the table's indices (default: as stored)."""

        def read(db: sqlite3.Connection) -> tuple[GameTable, dict[str, Any]] | None:
            found = self._find_id(db, scenario_hash, engine_version, policy, survivors, base_seed, n)
            if found is None:
                return None
            ids = None if zone_ids is None or objective_ids is None else (tuple(zone_ids), tuple(objective_ids))
            return self._table(db, found[0], n, ids), {"run_id": int(found[0]), "label": found[1]}

        return self._query(read)

    def find(self, scenario_hash: str, engine_version: str, policy: str, survivors: int | None,
             base_seed: int, n: int) -> tuple[pd.DataFrame, pd.DataFrame] | None:
        """The first ``n`` games (and their zone counters) of a stored run, or None."""
        found = self.find_run(scenario_hash, engine_version, policy, survivors, base_seed, n)
        return None if found is None else (found[0], found[1])

    def find_run(self, scenario_hash: str, engine_version: str, policy: str, survivors: int | None,
                 base_seed: int, n: int) -> tuple[pd.DataFrame, pd.DataFrame, dict[str, Any]] | None:
        """Like :meth:`find`, plus what the store knows of the run: ``run_id`` and ``label``."""
        from .runs import games_frames

        found = self.find_table(scenario_hash, engine_version, policy, survivors, base_seed, n)
        return None if found is None else (*games_frames(found[0]), found[1])

    def save_table(self, meta: dict[str, Any], table: GameTable, *, scenario_json: str | None = None,
                   label: str | None = None) -> int:
        """Store a finished run from its game table (one row per game in ``games``), with the
        scenario JSON it was played on and an optional label; return its id. No pandas."""

        def insert(db: sqlite3.Connection) -> int:
            if scenario_json is not None:
                db.execute("INSERT OR IGNORE INTO scenarios (scenario_hash, scenario_json) VALUES (?, ?)",
                           (meta["scenario_hash"], scenario_json))
            cur = db.execute(
                "INSERT INTO runs (scenario_id, scenario_title, scenario_hash, engine_version, policy, survivors, "
                "base_seed, n, wins, created, label, zone_ids, objective_ids) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (meta["scenario_id"], meta["scenario_title"], meta["scenario_hash"], meta["engine_version"],
                 meta["policy"], -1 if meta["survivors"] is None else meta["survivors"], meta["base_seed"],
                 len(table), int(table.column("won").sum()), time.time(), label,
                 json.dumps(list(table.zone_ids)), json.dumps(list(table.objective_ids))),
            )
            run_id = int(cur.lastrowid)
            _insert_games(db, run_id, table)
            return run_id

        return self._query(insert)

    def save(self, meta: dict[str, Any], games: pd.DataFrame, zone_games: pd.DataFrame, *,
             scenario_json: str | None = None, label: str | None = None) -> int:
        """Store a finished run from its frames (the games table and the per-zone, per-game counts
        of ``docs/playtest.md``); see :meth:`save_table`."""
        return self.save_table(meta, _table_of_frames(games, zone_games), scenario_json=scenario_json, label=label)

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
        """The games and zone counters of one stored run (pandas, the schema of ``r.games``)."""
        from .runs import games_frames

        return games_frames(self.table(run_id))

    def table(self, run_id: int) -> GameTable:
        """The games of one stored run as a game table (KeyError when there is no such run)."""
        return self._query(lambda db: self._table(db, run_id))

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
        import pandas as pd

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
