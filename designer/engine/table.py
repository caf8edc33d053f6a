"""A batch of game records as columns.

A chunk of games travels from a worker as a :class:`GameTable`: one column per scalar field of a
record (:meth:`designer.engine.game.Game.result`), and the objectives and per-zone counts as
short runs of entries per game. It pickles as a few byte buffers of about two hundred bytes a
game, so moving 100,000 games between processes or Dask workers costs little next to playing
them, and the playtest tables are built from the arrays without a Python loop per game.
:meth:`GameTable.records` gives the records back as dicts, exactly as the reference engine writes
them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Iterable

import numpy as np

from ..rules.zombies import RECORD_TYPES

__all__ = ["CAUSES", "DANGERS", "SCALARS", "ZONE_COUNTS", "ZONE_KEY", "ZONE_KEY_DTYPE", "GameTable"]

SCALARS: tuple[str, ...] = (
    "seed", "won", "cause", "turns", "survivors", "survivors_dead", "survivors_escaped", "kills",
    *(f"kills_{t}" for t in RECORD_TYPES), "zombies_spawned", *(f"spawned_{t}" for t in RECORD_TYPES),
    "max_danger", "survivor_actions", "zombie_actions", "game")
"""The scalar fields of a record, in the record's order (``cause`` and ``max_danger`` as codes)."""

CAUSES: tuple[str, ...] = ("", "survivor_died", "all_dead", "turn_limit", "stalled", "special", "runaway",
                           "carrier_died")
"""Causes of a loss by code ('' for a win)."""
DANGERS: tuple[str, ...] = ("blue", "yellow", "orange", "red")
ZONE_COUNTS: tuple[str, ...] = ("deaths", "kills", "visits")
"""The per-zone counts, by code (record fields ``zone_deaths``, ``zone_kills``, ``zone_visits``)."""

ZONE_KEY = 1 << 24
"""A zone entry's key is ``what * ZONE_KEY + zone``: boards of up to 16,777,216 zones (the keys are
:data:`ZONE_KEY_DTYPE`). A results store keys its entries by the run's own zone count instead, so
this constant never reaches a file."""
ZONE_KEY_DTYPE = np.int32
"""The dtype of :attr:`GameTable.zone_keys` (``2 * ZONE_KEY + zone`` stays below 2**31)."""

_WIDTH = len(SCALARS) - 1
_RECORD_ORDER = (*SCALARS[:-4], "objectives", "max_danger", "survivor_actions", "zombie_actions",
                 "zone_deaths", "zone_kills", "zone_visits", "game")
_CAUSE_CODE = {c: i for i, c in enumerate(CAUSES)}
_DANGER_CODE = {d: i for i, d in enumerate(DANGERS)}
_DTYPES = {"seeds": np.int64, "scalars": np.int32, "objective_counts": np.uint16, "objectives": np.int16,
           "zone_counts": np.uint16, "zone_keys": ZONE_KEY_DTYPE, "zone_values": np.int32}
_SHAPES = {"scalars": (-1, _WIDTH), "objectives": (-1, 2)}


@dataclass(eq=False)
class GameTable:
    """Games as columns.

    One entry per game in ``seeds`` (int64), ``scalars`` (int32 rows of the other fields of
    :data:`SCALARS`), ``objective_counts`` and ``zone_counts`` (how many entries of the next
    arrays belong to the game). ``objectives`` holds (objective index, turn) pairs in the order
    each game took them; ``zone_keys`` (``what * ZONE_KEY + zone index``, ``what`` indexing
    :data:`ZONE_COUNTS`) and ``zone_values`` the non-zero per-zone counts. ``zone_ids`` and
    ``objective_ids`` name the indices.
    """

    seeds: np.ndarray
    scalars: np.ndarray
    objective_counts: np.ndarray
    objectives: np.ndarray
    zone_counts: np.ndarray
    zone_keys: np.ndarray
    zone_values: np.ndarray
    zone_ids: tuple[str, ...]
    objective_ids: tuple[str, ...]
    points: np.ndarray | None = None
    """The score of each game of a victory points mission (int32; None for other missions: their
    records have no ``points`` field)."""
    resource_names: tuple[str, ...] = ()
    resources: np.ndarray | None = None
    """The party's resources at the end of each game of a scenario that gains or spends them
    (int32 rows: the stock of each of ``resource_names``, -1 for one the party never had, then
    the shortfall ``resources_short``); None when the records have no ``resources`` field."""

    @classmethod
    def _arrays(cls) -> list[str]:
        return [f.name for f in fields(cls) if f.name in _DTYPES]

    @classmethod
    def from_buffers(cls, buffers: tuple[bytes, ...], zone_ids: Iterable[str],
                     objective_ids: Iterable[str]) -> "GameTable":
        """A table from its byte buffers (one per array, in field order)."""
        arrays = {name: np.frombuffer(buf, dtype=_DTYPES[name]).reshape(_SHAPES.get(name, (-1,)))
                  for name, buf in zip(cls._arrays(), buffers)}
        return cls(**arrays, zone_ids=tuple(zone_ids), objective_ids=tuple(objective_ids))

    @classmethod
    def from_records(cls, records: list[dict], zone_ids: Iterable[str], objective_ids: Iterable[str]) -> "GameTable":
        """The table of records written by the reference engine (each with its ``game`` index)."""
        zone_ids, objective_ids = tuple(zone_ids), tuple(objective_ids)
        zindex = {z: i for i, z in enumerate(zone_ids)}
        oindex = {o: i for i, o in enumerate(objective_ids)}
        scalars = np.zeros((len(records), _WIDTH), dtype=np.int32)
        obj_counts, objectives, zone_counts, keys, values = [], [], [], [], []
        for row, r in enumerate(records):
            scalars[row] = [_CAUSE_CODE[r[k]] if k == "cause" else _DANGER_CODE[r[k]] if k == "max_danger"
                            else r.get(k, -1) for k in SCALARS[1:]]
            obj_counts.append(len(r["objectives"]))
            objectives += [(oindex[o], turn) for o, turn in r["objectives"].items()]
            before = len(keys)
            for what, name in enumerate(ZONE_COUNTS):
                counts = r[f"zone_{name}"]
                for z in sorted(counts, key=zindex.__getitem__):
                    keys.append(what * ZONE_KEY + zindex[z])
                    values.append(counts[z])
            zone_counts.append(len(keys) - before)
        scored = bool(records) and all("points" in r for r in records)
        names, stock = _resource_rows(records)
        arrays = {"seeds": [r["seed"] for r in records], "scalars": scalars, "objective_counts": obj_counts,
                  "objectives": objectives, "zone_counts": zone_counts, "zone_keys": keys, "zone_values": values}
        return cls(**{k: np.array(v, dtype=_DTYPES[k]).reshape(_SHAPES.get(k, (-1,))) for k, v in arrays.items()},
                   zone_ids=zone_ids, objective_ids=objective_ids,
                   points=np.array([r["points"] for r in records], dtype=np.int32) if scored else None,
                   resource_names=names, resources=stock)

    @classmethod
    def concat(cls, tables: list["GameTable"], zone_ids: Iterable[str] = (),
               objective_ids: Iterable[str] = ()) -> "GameTable":
        """One table of several, in order."""
        if not tables:
            return cls(**{k: np.zeros(0, dtype=_DTYPES[k]).reshape(_SHAPES.get(k, (-1,))) for k in cls._arrays()},
                       zone_ids=tuple(zone_ids), objective_ids=tuple(objective_ids))
        scored = all(t.points is not None for t in tables)
        names, stock = (), None
        if all(t.resources is not None for t in tables):
            names = tuple(dict.fromkeys(n for t in tables for n in t.resource_names))
            stock = np.concatenate([_widened(t, names) for t in tables])
        return cls(**{k: np.concatenate([getattr(t, k) for t in tables]) for k in cls._arrays()},
                   zone_ids=tables[0].zone_ids, objective_ids=tables[0].objective_ids,
                   points=np.concatenate([t.points for t in tables]) if scored else None,
                   resource_names=names, resources=stock)

    def __len__(self) -> int:
        return len(self.seeds)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameTable) and self.zone_ids == other.zone_ids and \
            self.objective_ids == other.objective_ids and all(
                getattr(self, k).shape == getattr(other, k).shape and bool((getattr(self, k) == getattr(other, k)).all())
                for k in self._arrays()) and (self.points is None) == (other.points is None) and (
                self.points is None or bool((self.points == other.points).all())) and (
                self.resources is None) == (other.resources is None) and (
                self.resources is None or self.records() == other.records())

    def head(self, k: int) -> "GameTable":
        """The first ``k`` games (views of this table's arrays, no copy)."""
        objectives, zones = int(self.objective_counts[:k].sum()), int(self.zone_counts[:k].sum())
        return GameTable(self.seeds[:k], self.scalars[:k], self.objective_counts[:k], self.objectives[:objectives],
                         self.zone_counts[:k], self.zone_keys[:zones], self.zone_values[:zones], self.zone_ids,
                         self.objective_ids, None if self.points is None else self.points[:k], self.resource_names,
                         None if self.resources is None else self.resources[:k])

    def column(self, name: str) -> np.ndarray:
        """One field of every game (``cause`` and ``max_danger`` as codes)."""
        return self.seeds if name == "seed" else self.scalars[:, SCALARS.index(name) - 1]

    def objective_rows(self) -> np.ndarray:
        """The row (game position in this table) of each objective entry."""
        return np.repeat(np.arange(len(self)), self.objective_counts)

    def zone_rows(self) -> np.ndarray:
        """The row (game position in this table) of each zone entry."""
        return np.repeat(np.arange(len(self)), self.zone_counts)

    def records(self) -> list[dict]:
        """The records as dicts, keys and values exactly as :meth:`Game.result` writes them (with
        ``game``, unless the games were played without an index)."""
        out = []
        objectives = iter(self.objectives.tolist())
        zones = iter(zip(self.zone_keys.tolist(), self.zone_values.tolist()))
        points = iter(self.points.tolist()) if self.points is not None else None
        stock = iter(self.resources.tolist()) if self.resources is not None else None
        for seed, values, n_obj, n_zone in zip(self.seeds.tolist(), self.scalars.tolist(),
                                               self.objective_counts.tolist(), self.zone_counts.tolist()):
            v = dict(zip(SCALARS[1:], values), seed=seed)
            v["won"] = bool(v["won"])
            v["cause"] = CAUSES[v["cause"]]
            v["max_danger"] = DANGERS[v["max_danger"]]
            v["objectives"] = {self.objective_ids[o]: turn for o, turn in (next(objectives) for _ in range(n_obj))}
            by_what: list[dict] = [{} for _ in ZONE_COUNTS]
            for key, count in (next(zones) for _ in range(n_zone)):
                by_what[key // ZONE_KEY][self.zone_ids[key % ZONE_KEY]] = count
            for what, name in enumerate(ZONE_COUNTS):
                v[f"zone_{name}"] = by_what[what]
            record = {k: v[k] for k in _RECORD_ORDER}
            if points is not None:
                game = record.pop("game")
                record["points"] = next(points)
                record["game"] = game
            if stock is not None:
                game = record.pop("game")
                row = next(stock)
                record["resources"] = {n: v for n, v in zip(self.resource_names, row) if v >= 0}
                record["resources_short"] = row[-1]
                record["game"] = game
            if record["game"] < 0:
                del record["game"]
            out.append(record)
        return out


def _resource_rows(records: list[dict]) -> tuple[tuple[str, ...], np.ndarray | None]:
    """(resource names in order of appearance, one row per record: stock per name, -1 for one
    it does not hold, then the shortfall); None when a record has no ``resources`` field."""
    if not records or not all("resources" in r for r in records):
        return (), None
    names = tuple(dict.fromkeys(n for r in records for n in r["resources"]))
    rows = [[r["resources"].get(n, -1) for n in names] + [r.get("resources_short", 0)] for r in records]
    return names, np.array(rows, dtype=np.int32).reshape(len(records), len(names) + 1)


def _widened(t: GameTable, names: tuple[str, ...]) -> np.ndarray:
    """``t.resources`` with a column per name of ``names`` (-1 where ``t`` has none)."""
    out = np.full((len(t), len(names) + 1), -1, dtype=np.int32)
    for j, n in enumerate(t.resource_names):
        out[:, names.index(n)] = t.resources[:, j]
    out[:, -1] = t.resources[:, -1]
    return out
