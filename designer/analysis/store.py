"""The results store: every playtest run in one SQLite file.

A run is keyed by the scenario's content hash, the engine version, the policy, the survivor
count and the seed range. Asking for a run the store already holds (or a shorter one with the
same base seed: game ``i`` is the same game whatever the run length) returns the stored games
without playing them again. Runs of different versions of a mission stay apart and can be listed
side by side; each run keeps the scenario JSON it was played on (stored once per version) and an
optional free-text label, so two versions are told apart by what changed.

The games are stored as integer columns cut into blocks of 128 games (``game_blocks``, see
:mod:`designer.analysis.blocks`), each block's values bit-packed: about as many bytes a game as
Parquet's files take, read back with one query into numpy columns. The views ``games`` (one row per game, one column per field of its record),
``game_objectives`` and ``game_zones`` decode the blocks in SQL, so any SQLite client reads
them::

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

from ..engine.table import CAUSES, DANGERS, SCALARS, ZONE_COUNTS, ZONE_KEY, ZONE_KEY_DTYPE, GameTable
from . import blocks

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["DEFAULT_STORE", "GAME_FIELDS", "OBJECTIVE_FIELDS", "STORE_SCHEMA_VERSION", "ZONE_FIELDS", "ResultsStore",
           "StoreError"]

DEFAULT_STORE = Path(os.environ.get("DESIGNER_RESULTS",
                                    Path.home() / ".local" / "share" / "scenario-designer" / "results.sqlite"))
"""Where runs are stored unless a path is given (``DESIGNER_RESULTS`` overrides it)."""

STORE_SCHEMA_VERSION = 5
"""Version of the store's tables written by this release (1: runs only, their games as Parquet
blobs; 2: scenario JSON per version and run labels; 3: the games as rows of a ``games`` table,
with JSON objects for the objectives and per-zone counts; 4: the games as blocks of integer
columns, ``game_blocks``, whole bytes a value, and the views ``games``, ``game_objectives``,
``game_zones`` over them; 5: the blocks' values bit-packed, and each game's
number of objectives and per-zone counts in place of each entry's game)."""

_PAGE_SIZE = 16384
"""The page size of a new store: a block (1 to 4 KiB) stays on its page, so the views
read a value without following an overflow chain."""

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


_RUNS_V3 = """
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
"""
"""The ``runs`` table of schema 3 and later, made from schema 2's (its Parquet blobs dropped)."""

_V5 = """
CREATE TABLE game_fields (
    field INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    per TEXT NOT NULL
);
CREATE TABLE game_codes (
    field TEXT NOT NULL,
    code INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (field, code)
) WITHOUT ROWID;
CREATE TABLE game_blocks (
    run_id INTEGER NOT NULL,
    field INTEGER NOT NULL,
    block INTEGER NOT NULL,
    count INTEGER NOT NULL,
    width INTEGER NOT NULL,
    base INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (run_id, field, block)
) WITHOUT ROWID;
CREATE TRIGGER runs_delete_games AFTER DELETE ON runs BEGIN DELETE FROM game_blocks WHERE run_id = old.run_id; END;
"""
"""Schema 4's and 5's game tables: the fields, the codes of the coded ones, and the fields'
blocks (schema 4's widths are bytes, schema 5's bits)."""

GAME_FIELDS: tuple[str, ...] = ("seed", *SCALARS[1:-1])
"""The fields stored per game, in the order of the ``games`` view: the record's (``docs/playtest.md``)."""
ENTRY_FIELDS: tuple[str, ...] = ("objective_entries", "zone_entries")
"""The fields stored per game that say how many entries it has: objectives taken, non-zero
per-zone counts (a block of entries holds the entries of the block's games, game by game)."""
OBJECTIVE_FIELDS: tuple[str, ...] = ("objective", "objective_turn")
"""The fields stored per objective taken: the objective's index in the run's
``objective_ids``, the turn."""
ZONE_FIELDS: tuple[str, ...] = ("zone_key", "zone_count")
"""The fields stored per non-zero per-zone count: ``what * len(zone_ids) + zone index``
(``what`` 0, 1, 2 for deaths, kills, visits) and the count."""

_PER = {**dict.fromkeys(GAME_FIELDS, "game"), **dict.fromkeys(ENTRY_FIELDS, "entries"),
        **dict.fromkeys(OBJECTIVE_FIELDS, "objective"), **dict.fromkeys(ZONE_FIELDS, "zone")}
_V4_FIELDS = {"objective": ("objective_game", "objective", "objective_turn"),
              "zone": ("zone_game", "zone_key", "zone_count")}
"""Schema 4 stored each entry's game (its position in its block) instead of each game's count."""
_WON = "won"  # the cause of a won game, as in the games frame and its files
_CAUSE_NAMES = (_WON, *CAUSES[1:])
_CODES = {"cause": _CAUSE_NAMES, "max_danger": DANGERS}
"""The coded fields and what each code means in this release (``game_codes`` keeps the store's)."""

_SQLITE_MAGIC = b"SQLite format 3\x00"


class _MigrationFailed(Exception):
    """A run of an earlier store could not be moved into the game blocks."""


def _create_v5(db: sqlite3.Connection) -> None:
    for statement in _V5.split(";\n"):
        if statement.strip():
            db.execute(statement + (";" if statement.rstrip().endswith("END") else ""))
    _ensure_fields(db)


def _migrate_runs(db: sqlite3.Connection, read: Callable[[int], GameTable]) -> dict[int, tuple[str, str]]:
    """Every run's games, read by ``read(run_id)``, written as blocks; returns each run's zone and
    objective ids as JSON. A run that cannot be read stops the migration, naming it."""
    fields = _ensure_fields(db)
    ids = {}
    for (run_id,) in db.execute("SELECT run_id FROM runs ORDER BY run_id").fetchall():
        try:
            table = read(run_id)
        except Exception as e:  # pyarrow, pandas, json and numpy raise several kinds on damaged data
            raise _MigrationFailed(f"run {run_id}: the stored games cannot be read ({type(e).__name__}: {e})") from None
        _insert_blocks(db, fields, run_id, table)
        ids[run_id] = (json.dumps(list(table.zone_ids)), json.dumps(list(table.objective_ids)))
    return ids


def _v2_to_v5(db: sqlite3.Connection) -> None:
    """Schema 2's Parquet blobs become game blocks; the runs table loses the blobs (one transaction)."""
    _create_v5(db)

    def read(run_id: int) -> GameTable:
        blobs = db.execute("SELECT games, zone_games FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return _table_of_frames(*(_from_parquet(b) for b in blobs))

    ids = _migrate_runs(db, read)
    for statement in _RUNS_V3.split(";\n"):
        if statement.strip():
            db.execute(statement)
    db.executemany("UPDATE runs SET zone_ids=?, objective_ids=? WHERE run_id=?",
                   [(z, o, run_id) for run_id, (z, o) in ids.items()])
    db.execute("CREATE TRIGGER runs_delete_games AFTER DELETE ON runs BEGIN "
               "DELETE FROM game_blocks WHERE run_id = old.run_id; END")
    _create_views(db)


def _v3_to_v5(db: sqlite3.Connection) -> None:
    """Schema 3's rows of the ``games`` table become game blocks (one transaction)."""
    for name in ("game_objectives", "game_zones"):
        db.execute(f"DROP VIEW IF EXISTS {name}")
    db.execute("DROP TRIGGER IF EXISTS runs_delete_games")
    _create_v5(db)

    def read(run_id: int) -> GameTable:
        ids = db.execute("SELECT zone_ids, objective_ids FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return _read_v3_table(db, run_id, tuple(json.loads(ids[0])), tuple(json.loads(ids[1])))

    _migrate_runs(db, read)  # schema 3 already holds the ids
    db.execute("DROP TABLE games")
    _create_views(db)


def _v4_to_v5(db: sqlite3.Connection) -> None:
    """Schema 4's byte-wide blocks become bit-packed ones, run by run (one transaction): the old
    tables are renamed, read with schema 4's layout, and dropped (the codes are kept)."""
    for name in ("games", "game_objectives", "game_zones"):
        db.execute(f"DROP VIEW IF EXISTS {name}")
    db.execute("DROP TRIGGER IF EXISTS runs_delete_games")
    db.execute("ALTER TABLE game_blocks RENAME TO game_blocks_v4")
    db.execute("ALTER TABLE game_fields RENAME TO game_fields_v4")
    for statement in _V5.split(";\n"):
        if statement.strip() and "game_codes" not in statement:
            db.execute(statement + (";" if statement.rstrip().endswith("END") else ""))
    _ensure_fields(db)

    def read(run_id: int) -> GameTable:
        ids = db.execute("SELECT zone_ids, objective_ids FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return _read_blocks(db, run_id, None, tuple(json.loads(ids[0])), tuple(json.loads(ids[1])), schema=4)

    _migrate_runs(db, read)
    db.execute("DROP TABLE game_blocks_v4")
    db.execute("DROP TABLE game_fields_v4")
    _create_views(db)


_MIGRATIONS: dict[int, tuple[Callable[[sqlite3.Connection], None], int]] = {
    1: (_to_v2, 2),
    2: (_v2_to_v5, 5),
    3: (_v3_to_v5, 5),
    4: (_v4_to_v5, 5),
}
"""``_MIGRATIONS[v]`` is (the step, the version it gives) for a version ``v`` store (schemas 2
and 3 go to 5 at once: their games are read once)."""


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


# -- schema 4: the fields, their codes and blocks ------------------------------------------------


def _ensure_fields(db: sqlite3.Connection) -> dict[str, int]:
    """The store's field codes (name -> code), after adding this release's fields it lacks (a
    later engine's new zombie type) and its codes (causes, danger levels); the views are made
    again when a field was added. Raises ValueError when a code means something else there."""
    fields = {name: code for code, name in db.execute("SELECT field, name FROM game_fields")}
    new = [name for name in (*GAME_FIELDS, *ENTRY_FIELDS, *OBJECTIVE_FIELDS, *ZONE_FIELDS) if name not in fields]
    for name in new:
        code = db.execute("INSERT INTO game_fields (name, per) VALUES (?, ?)", (name, _PER[name])).lastrowid
        fields[name] = int(code)
    stored = {(f, c): name for f, c, name in db.execute("SELECT field, code, name FROM game_codes")}
    for field_name, names in _CODES.items():
        for code, name in enumerate(names):
            have = stored.get((field_name, code))
            if have is None:
                db.execute("INSERT INTO game_codes (field, code, name) VALUES (?, ?, ?)", (field_name, code, name))
            elif have != name:
                raise ValueError(f"the store's {field_name} code {code} means '{have}', this release's '{name}'")
    if new and db.execute("SELECT 1 FROM sqlite_master WHERE type='view' AND name='games'").fetchone():
        _create_views(db)
    return fields


def _insert_blocks(db: sqlite3.Connection, fields: dict[str, int], run_id: int, table: GameTable) -> None:
    """Write a run's games as blocks of :data:`blocks.BLOCK_GAMES` games. A per-game field with
    the same value in every game of the run is one row, block -1 (a run's survivors, the kills
    of a zombie type it never meets)."""
    n = len(table)
    if n and (table.column("game").astype(np.int64) != np.arange(n)).any():
        raise ValueError("a stored run holds its games 0, 1, 2, ... in order")
    size = blocks.BLOCK_GAMES
    game_bounds = np.append(np.arange(0, n, size), n)
    obj_at = np.concatenate([[0], np.cumsum(table.objective_counts, dtype=np.int64)])[game_bounds]
    zone_at = np.concatenate([[0], np.cumsum(table.zone_counts, dtype=np.int64)])[game_bounds]
    keys = table.zone_keys.astype(np.int64)
    rows: list[tuple] = []
    per_game = [(name, table.seeds if name == "seed" else table.column(name)) for name in GAME_FIELDS]
    per_game += [("objective_entries", table.objective_counts), ("zone_entries", table.zone_counts)]
    per_game += _eden_fields(db, fields, table)
    for name, values in per_game:
        if name != "seed" and n and (values == values[0]).all():
            rows.append((run_id, fields[name], -1, n, 0, int(values[0]), b""))
        else:
            rows += ((run_id, fields[name], *row) for row in blocks.encode(values, game_bounds))
    entries = [("objective", table.objectives[:, 0], obj_at), ("objective_turn", table.objectives[:, 1], obj_at),
               ("zone_key", keys // ZONE_KEY * len(table.zone_ids) + keys % ZONE_KEY, zone_at),
               ("zone_count", table.zone_values, zone_at)]
    for name, values, bounds in entries:
        rows += ((run_id, fields[name], *row) for row in blocks.encode(values, bounds))
    db.executemany("INSERT INTO game_blocks (run_id, field, block, count, width, base, data) VALUES (?,?,?,?,?,?,?)",
                   rows)


# ---- eden: victory points and resources in the store ----
# A run of a victory points mission keeps each game's score as the per-game field ``points``; a
# run of a scenario with resources keeps each resource's end-of-game stock as the per-game field
# ``resource:NAME`` (-1 where the party never had it) and the shortfall as ``resources_short``.
# A run without them has no blocks of those fields, and reads back with None, as it was saved.

POINTS_FIELD = "points"
RESOURCE_PREFIX = "resource:"
RESOURCES_SHORT = "resources_short"


def _eden_fields(db: sqlite3.Connection, fields: dict[str, int], table: GameTable) -> list[tuple[str, np.ndarray]]:
    """The per-game fields of ``table``'s points and resources (none when it has neither), each
    added to the store's fields (``per`` 'game', so the ``games`` view shows it) if new there."""
    out: list[tuple[str, np.ndarray]] = []
    if table.points is not None:
        out.append((POINTS_FIELD, np.asarray(table.points)))
    if table.resources is not None:
        stock = np.asarray(table.resources).reshape(len(table), len(table.resource_names) + 1)
        out += [(RESOURCE_PREFIX + name, stock[:, j]) for j, name in enumerate(table.resource_names)]
        out.append((RESOURCES_SHORT, stock[:, -1]))
    new = [name for name, _ in out if name not in fields]
    for name in new:
        fields[name] = int(db.execute("INSERT INTO game_fields (name, per) VALUES (?, 'game')", (name,)).lastrowid)
    if new and db.execute("SELECT 1 FROM sqlite_master WHERE type='view' AND name='games'").fetchone():
        _create_views(db)
    return out


def _eden_columns(spans: dict[str, tuple[int, int]], field: Callable, games_in: np.ndarray,
                  keep: slice) -> tuple[np.ndarray | None, tuple[str, ...], np.ndarray | None]:
    """A stored run's points (None when it has none), resource names (in the order the store
    numbers their fields) and resource rows (None when it has none), as :class:`GameTable` holds them."""
    points = field(POINTS_FIELD, games_in, required=False)
    if points is not None:
        points = points[keep].astype(np.int32)
    names = tuple(name[len(RESOURCE_PREFIX):] for name in spans if name.startswith(RESOURCE_PREFIX))
    short = field(RESOURCES_SHORT, games_in, required=False)
    if short is None:
        if names:
            raise blocks.BlockError(f"the field '{RESOURCES_SHORT}' is missing")
        return points, (), None
    columns = [field(RESOURCE_PREFIX + name, games_in)[keep] for name in names] + [short[keep]]
    return points, names, np.stack(columns, axis=1).astype(np.int32)


def _read_blocks(db: sqlite3.Connection, run_id: int, n: int | None, zone_ids: tuple[str, ...],
                 objective_ids: tuple[str, ...], schema: int = STORE_SCHEMA_VERSION) -> GameTable:
    """The first ``n`` games of a run (all with None) as a game table: one query for its blocks,
    each field decoded with a few numpy operations. Raises :class:`blocks.BlockError` (or
    ValueError) when the blocks do not describe the run's games. ``schema=4`` reads a schema 4
    store's blocks (renamed ``game_blocks_v4`` and ``game_fields_v4`` while it migrates): whole
    bytes a value, blocks of 128 games, each entry with its game's position in its block."""
    old = schema == 4
    size = 128 if old else blocks.BLOCK_GAMES
    decode = blocks.decode_bytes if old else blocks.decode
    suffix = "_v4" if old else ""
    stored = db.execute("SELECT n FROM runs WHERE run_id=?", (run_id,)).fetchone()[0]
    n = stored if n is None else min(n, stored)
    wanted = -(-n // size)
    names = {code: name for code, name in db.execute(f"SELECT field, name FROM game_fields{suffix}")}
    rows = db.execute(f"SELECT field, block, count, width, base, data FROM game_blocks{suffix} "
                      "WHERE run_id=? AND block<? ORDER BY field, block", (run_id, wanted)).fetchall()
    columns = list(zip(*rows)) if rows else [()] * 6
    codes_, index, count, width, base = (np.array(c, dtype=np.int64) for c in columns[:5])
    data = columns[5]
    starts = np.nonzero(np.diff(codes_, prepend=-1))[0].tolist() if len(codes_) else []
    spans = {names.get(int(codes_[a]), str(codes_[a])): (a, b) for a, b in zip(starts, [*starts[1:], len(codes_)])}
    games_in = np.minimum(size, stored - np.arange(wanted) * size)
    keep = slice(0, n)

    def field(name: str, counts: np.ndarray | None, required: bool = True) -> np.ndarray | None:
        if name not in spans:
            if required:
                raise blocks.BlockError(f"the field '{name}' is missing")
            return None
        a, b = spans[name]
        if index[a] == -1:  # the same value in every game of the run
            if b - a != 1 or count[a] != stored or width[a] != 0:
                raise blocks.BlockError(f"the field '{name}': a run-wide value must be the field's only row, "
                                        f"of {stored} games and no data")
            return np.full(int(counts.sum()), base[a], dtype=np.int64)
        return decode(index[a:b], count[a:b], width[a:b], base[a:b], data[a:b], counts, f"the field '{name}'")

    seeds = field("seed", games_in)[keep]
    scalars = np.full((n, len(SCALARS) - 1), -1, dtype=np.int32)
    codes = {(f, c): name for f, c, name in db.execute("SELECT field, code, name FROM game_codes")}
    for j, name in enumerate(SCALARS[1:-1]):
        col = field(name, games_in, required=name in ("won", "cause", "turns"))
        if col is None:
            continue
        col = col[keep]
        if name in _CODES and len(col):
            mine = {v: i for i, v in enumerate(_CODES[name])}
            present = np.unique(col).tolist()
            lookup = np.full(max(present) - min(present) + 1, -1, np.int64)
            for c in present:
                lookup[c - min(present)] = mine.get(codes.get((name, c), ""), -1)
            if (lookup[np.array(present) - min(present)] < 0).any():
                bad = next(c for c in present if lookup[c - min(present)] < 0)
                raise blocks.BlockError(f"the field '{name}' holds code {bad}, which this release does not know")
            col = lookup[col - min(present)]
        scalars[:, j] = col
    scalars[:, -1] = np.arange(n)
    points, resource_names, resources = _eden_columns(spans, field, games_in, keep)

    def entries(prefix: str, fields_: tuple[str, str], limit: int, what: str) -> tuple[np.ndarray, ...]:
        """The entries of the first n games: each one's game and the two fields' values."""
        if old:  # each entry with its game's position in its block
            if f"{prefix}_game" not in spans:
                raise blocks.BlockError(f"the field '{prefix}_game' is missing")
            a, b = spans[f"{prefix}_game"]
            position = field(f"{prefix}_game", None)
            per_block = count[a:b]
            game = np.repeat(np.arange(len(per_block)) * size, per_block) + position
            if len(game) and (position.min() < 0 or (np.diff(game) < 0).any() or game.max() >= stored):
                raise blocks.BlockError(f"the field '{prefix}_game' does not list games in order within their blocks")
        else:  # each game's number of entries
            per_game = field(f"{prefix}_entries", games_in)
            if len(per_game) and per_game.min() < 0:
                raise blocks.BlockError(f"the field '{prefix}_entries' holds a negative number of entries")
            per_block = np.add.reduceat(per_game, np.arange(0, len(per_game), size)) if len(per_game) else per_game
            game = np.repeat(np.arange(len(per_game)), per_game)
        values = [field(name, per_block) for name in fields_]
        mine = int(np.searchsorted(game, n))
        first = values[0][:mine]
        if len(first) and (first.min() < 0 or first.max() >= limit):
            raise blocks.BlockError(f"the field '{fields_[0]}' holds {what} outside 0..{limit - 1}")
        return game[:mine], first, values[1][:mine]

    z = len(zone_ids)
    obj_game, objective, turn = entries("objective", ("objective", "objective_turn"), len(objective_ids),
                                        "an objective index")
    zone_game, key, value = entries("zone", ("zone_key", "zone_count"), len(ZONE_COUNTS) * z, "a per-zone key")
    if z > ZONE_KEY:
        raise blocks.BlockError(f"the run has {z} zones; this release reads runs of at most {ZONE_KEY}")
    return GameTable(seeds=seeds, scalars=scalars,
                     objective_counts=np.bincount(obj_game, minlength=n).astype(np.uint16),
                     objectives=np.stack([objective, turn], axis=1).astype(np.int16),
                     zone_counts=np.bincount(zone_game, minlength=n).astype(np.uint16),
                     zone_keys=(key // max(z, 1) * ZONE_KEY + key % max(z, 1)).astype(ZONE_KEY_DTYPE),
                     zone_values=value.astype(np.int32), zone_ids=tuple(zone_ids), objective_ids=tuple(objective_ids),
                     points=points, resource_names=resource_names, resources=resources)


def _renamed(table: GameTable, zone_ids: tuple[str, ...], objective_ids: tuple[str, ...]) -> GameTable:
    """The table with its zones and objectives indexed by ``zone_ids`` and ``objective_ids``
    (the same games; ValueError when a stored id is not among them)."""
    zone_ids, objective_ids = tuple(zone_ids), tuple(objective_ids)
    if table.zone_ids == zone_ids and table.objective_ids == objective_ids:
        return table

    def lookup(stored: tuple[str, ...], wanted: tuple[str, ...], what: str) -> np.ndarray:
        index = {x: i for i, x in enumerate(wanted)}
        missing = [x for x in stored if x not in index]
        if missing:
            raise ValueError(f"the run names {what} '{missing[0]}', which the scenario does not have")
        return np.array([index[x] for x in stored], dtype=np.int64).reshape(-1)

    zones = lookup(table.zone_ids, zone_ids, "zone")
    objectives = lookup(table.objective_ids, objective_ids, "objective")
    keys = table.zone_keys.astype(np.int64)
    keys = keys // ZONE_KEY * ZONE_KEY + zones[keys % ZONE_KEY] if len(keys) else keys
    rows = table.zone_rows()
    order = np.lexsort((keys, rows))
    pairs = table.objectives.astype(np.int64)
    if len(pairs):
        pairs[:, 0] = objectives[pairs[:, 0]]
    return GameTable(table.seeds, table.scalars, table.objective_counts, pairs.astype(np.int16), table.zone_counts,
                     keys[order].astype(ZONE_KEY_DTYPE), table.zone_values[order], zone_ids, objective_ids,
                     points=table.points, resource_names=table.resource_names, resources=table.resources)


def _quoted(name: str) -> str:
    """A field's name as an SQL identifier (``resource:food`` is a column of the ``games`` view)."""
    return '"' + name.replace('"', '""') + '"'


def _views_sql(fields: dict[str, int], per: dict[str, str]) -> list[str]:
    """The ``games``, ``game_objectives`` and ``game_zones`` views over the blocks, for the
    store's fields (``per``: each field's kind). Each block row is joined once per block and
    every value is read in place (:func:`blocks.value_sql`): a view reads the 100,000 games of a
    run in a fraction of a second, their 1.1 million per-zone counts in a few seconds. The entry
    views find each entry's game from the games' numbers of entries (a running sum per block)."""
    size = blocks.BLOCK_GAMES
    k = f"k(b) AS (SELECT {blocks.BYTES_SQL})"

    joins, columns = [], [f"{blocks.value_sql('s', 'p.i')} AS seed"]
    for name in sorted((f for f in fields if per[f] == "game" and f != "seed"), key=fields.__getitem__):
        alias = f"f{fields[name]}"
        joins.append(f"LEFT JOIN game_blocks {alias} ON {alias}.run_id = s.run_id AND {alias}.field = {fields[name]} "
                     f"AND {alias}.block IN (s.block, -1)")  # one row: a block, or the run-wide value
        expr = blocks.value_sql(alias, f"(p.i * ({alias}.block >= 0))")
        if name in _CODES:
            expr = f"(SELECT name FROM game_codes WHERE field = '{name}' AND code = {expr})"
        columns.append(f"{expr} AS {_quoted(name)}")
    p = f"p(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM p WHERE i < {size - 1})"
    games = (f"CREATE VIEW games AS WITH RECURSIVE {k}, {p} SELECT s.run_id AS run_id, s.block * {size} + p.i AS game, {', '.join(columns)} "
             f"FROM game_blocks s {' '.join(joins)} CROSS JOIN p CROSS JOIN k "  # each block's rows once, then its games
             f"WHERE s.field = {fields['seed']} AND p.i < s.count")

    def entries(view: str, prefix: str, second: str, third: str, ids: str, select: str, width: int) -> str:
        # c: each game's number of entries, read in place; g: where its entries start in the
        # block (a running sum over the block's games); q: 0, 1, ... up to the most entries a
        # game can have (the entry counts' blocks bound it); d and z: each run's number of ids
        # and its ids by index (from its JSON array, parsed once); then each entry's two values,
        # read in place, and its id looked up. The empty UNION ALL keeps SQLite from flattening
        # the view into an aggregate query, whose sorter would then hold every row's blocks
        # instead of its values.
        e, a, b = (fields[f] for f in (f"{prefix}_entries", second, third))
        count = blocks.value_sql("e", "(p.i * (e.block >= 0))")
        return (f"CREATE VIEW {view} AS WITH RECURSIVE {k}, {p}, "
                f"c(run_id, block, i, n) AS (SELECT s.run_id, s.block, p.i, {count} FROM game_blocks s "
                f"JOIN game_blocks e ON e.run_id = s.run_id AND e.field = {e} AND e.block IN (s.block, -1) "
                f"CROSS JOIN p CROSS JOIN k WHERE s.field = {fields['seed']} AND p.i < s.count), "
                f"g(run_id, block, i, n, at) AS (SELECT run_id, block, i, n, "
                f"sum(n) OVER (PARTITION BY run_id, block ORDER BY i ROWS UNBOUNDED PRECEDING) - n FROM c), "
                f"m(j) AS (SELECT max(base + (1 << min(width, 32)) - 1) FROM game_blocks WHERE field = {e}), "
                f"q(j) AS (SELECT 0 UNION ALL SELECT q.j + 1 FROM q, m WHERE q.j + 1 < m.j), "
                f"d(run_id, n) AS (SELECT run_id, max(json_array_length({ids}), 1) FROM runs), "
                f"z(run_id, idx, id) AS (SELECT r.run_id, j.key, j.value FROM runs r, json_each(r.{ids}) j) "
                f"SELECT * FROM (SELECT g.run_id AS run_id, g.block * {size} + g.i AS game, {select} "
                # CROSS JOIN keeps this order: each game once, its blocks looked up, then its entries
                f"FROM g CROSS JOIN game_blocks a CROSS JOIN game_blocks b CROSS JOIN d CROSS JOIN q CROSS JOIN k "
                f"LEFT JOIN z ON z.run_id = g.run_id AND z.idx = {blocks.value_sql('a', AT)} % d.n "
                f"WHERE a.run_id = g.run_id AND a.field = {a} AND a.block = g.block AND b.run_id = g.run_id "
                f"AND b.field = {b} AND b.block = g.block AND d.run_id = g.run_id AND q.j < g.n "
                f"UNION ALL SELECT {', '.join(['NULL'] * width)} WHERE 0)")

    objectives = entries("game_objectives", "objective", "objective", "objective_turn", "objective_ids",
                         f"z.id AS objective, {blocks.value_sql('b', AT)} AS turn", 4)
    key = blocks.value_sql("a", AT)
    zones = entries("game_zones", "zone", "zone_key", "zone_count", "zone_ids",
                    f"z.id AS zone, CASE {key} / d.n "
                    + " ".join(f"WHEN {w} THEN '{what}'" for w, what in enumerate(ZONE_COUNTS))
                    + f" END AS what, {blocks.value_sql('b', AT)} AS count", 5)
    return [games, objectives, zones]


AT = "(g.at + q.j)"
"""An entry's position in its block, in the entry views."""


def _create_views(db: sqlite3.Connection) -> None:
    rows = db.execute("SELECT field, name, per FROM game_fields").fetchall()
    for name in ("games", "game_objectives", "game_zones"):
        db.execute(f"DROP VIEW IF EXISTS {name}")
    for statement in _views_sql({name: code for code, name, _ in rows}, {name: p for _, name, p in rows}):
        db.execute(statement)


# -- schema 3 (read only, to migrate its stores) -------------------------------------------------

_V3_JSON_COLUMNS = ("objectives", *(f"zone_{w}" for w in ZONE_COUNTS))


def _codes_sql(column: str, names: tuple[str, ...], extra: dict[str, int] | None = None) -> str:
    cases = {**{name: i for i, name in enumerate(names)}, **(extra or {})}
    whens = " ".join(f"WHEN '{name}' THEN {i}" for name, i in cases.items())
    return f"CASE {column} {whens} ELSE -99 END"


def _read_v3_table(db: sqlite3.Connection, run_id: int, zone_ids: tuple[str, ...],
                   objective_ids: tuple[str, ...]) -> GameTable:
    """A run of a schema 3 store (rows of its ``games`` table) as a game table. One scan of the
    rows gives every column as one text (the numbers joined by commas, parsed by numpy; the JSON
    objects joined into one JSON array); all aggregates of one query see the rows in the same
    order, so the columns stay aligned."""
    have = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    scalar_columns = [c for c in ("game", *SCALARS[:-1]) if c in have]
    json_columns = [c for c in _V3_JSON_COLUMNS if c in have]
    numbers = {"cause": _codes_sql("cause", _CAUSE_NAMES, {"": 0}), "max_danger": _codes_sql("max_danger", DANGERS)}
    select = [f"group_concat({numbers.get(c, f'coalesce({c}, -1)')})" for c in scalar_columns]
    select += [f"'[' || coalesce(group_concat(coalesce({c}, '{{}}')), '') || ']'" for c in json_columns]
    row = db.execute(f"SELECT {', '.join(select)} FROM games WHERE run_id=?", (run_id,)).fetchone()
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
                     zone_keys=zone_keys[by_key].astype(ZONE_KEY_DTYPE), zone_values=zone_values[by_key].astype(np.int32),
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
        db.execute(f"PRAGMA page_size = {_PAGE_SIZE}")  # only a new, empty file takes it
        db.execute("BEGIN IMMEDIATE")
        moved = False
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
                step, after = _MIGRATIONS[version]
                moved = moved or (after == STORE_SCHEMA_VERSION
                                  and db.execute("SELECT count(*) FROM runs").fetchone()[0] > 0)
                try:
                    step(db)
                except (_MigrationFailed, ValueError) as e:
                    raise StoreError(self.path, f"{e}; the store was left at schema {version}, untouched. Delete "
                                                "that run (sqlite3 FILE 'delete from runs where run_id=N'), or give "
                                                "another --store path") from None
                version = after
            db.execute(f"PRAGMA user_version = {STORE_SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if moved:  # the old games' pages are free: give them back (best effort; another process may hold the file)
            try:
                db.execute(f"PRAGMA page_size = {_PAGE_SIZE}")
                db.execute("VACUUM")
            except sqlite3.OperationalError:
                pass

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
        row = db.execute("SELECT zone_ids, objective_ids FROM runs WHERE run_id=?", (run_id,)).fetchone()
        if row is None:
            raise KeyError(run_id)
        try:
            table = _read_blocks(db, run_id, n, tuple(json.loads(row[0])), tuple(json.loads(row[1])))
            return table if ids is None else _renamed(table, *ids)
        except sqlite3.DatabaseError:
            raise
        except Exception as e:  # blocks changed by hand: a width that does not fit, a missing block, ...
            raise StoreError(self.path, f"run {run_id}: the stored games cannot be read "
                                        f"({type(e).__name__}: {e})") from None

    # -- runs ------------------------------------------------------------------------------

    def _find_id(self, db: sqlite3.Connection, scenario_hash: str, engine_version: str, policy: str,
                 survivors: int | None, base_seed: int, n: int) -> tuple[int, str | None] | None:
        return db.execute(
            "SELECT run_id, label FROM runs WHERE scenario_hash=? AND engine_version=? "
            "AND policy=? AND survivors=? AND base_seed=? AND n>=? ORDER BY n, run_id DESC LIMIT 1",
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
            _insert_blocks(db, _ensure_fields(db), run_id, table)
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
