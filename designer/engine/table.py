"""A batch of game records as columns.

A chunk of games travels from a worker as a :class:`GameTable`: one column per scalar field
of a record (:meth:`designer.engine.game.Game.result`) and the objectives and per-zone counts as
sparse triplets. It pickles as a few byte buffers, so moving 100,000 games between processes or
Dask workers costs little next to playing them, and the playtest tables are built from the arrays
without a Python loop per game. :meth:`GameTable.records` gives the records back as dicts, exactly
as the reference engine writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from .board import ZTYPES

__all__ = ["CAUSES", "DANGERS", "SCALARS", "ZONE_COUNTS", "GameTable"]

SCALARS: tuple[str, ...] = (
    "seed", "won", "cause", "turns", "survivors", "survivors_dead", "survivors_escaped", "kills",
    *(f"kills_{t}" for t in ZTYPES), "zombies_spawned", *(f"spawned_{t}" for t in ZTYPES),
    "max_danger", "survivor_actions", "zombie_actions", "game")
"""The scalar fields of a record, in the record's order (``cause`` and ``max_danger`` as codes)."""

CAUSES: tuple[str, ...] = ("", "survivor_died", "all_dead", "turn_limit", "stalled", "special")
"""Causes of a loss by code ('' for a win)."""
DANGERS: tuple[str, ...] = ("blue", "yellow", "orange", "red")
ZONE_COUNTS: tuple[str, ...] = ("deaths", "kills", "visits")
"""The per-zone counts, by code (record fields ``zone_deaths``, ``zone_kills``, ``zone_visits``)."""

_WIDTH = len(SCALARS) - 1
_RECORD_ORDER = (*SCALARS[:-4], "objectives", "max_danger", "survivor_actions", "zombie_actions",
                 "zone_deaths", "zone_kills", "zone_visits", "game")
_CAUSE_CODE = {c: i for i, c in enumerate(CAUSES)}
_DANGER_CODE = {d: i for i, d in enumerate(DANGERS)}


@dataclass(eq=False)
class GameTable:
    """Games as columns.

    ``seeds`` holds each game's seed (int64); ``scalars`` the other fields of :data:`SCALARS`
    (an int32 array, one row per game); ``objectives`` rows are (game row, objective
    index, turn) in the order each game took them; ``zones`` rows are (game row, what, zone index,
    count) with ``what`` indexing :data:`ZONE_COUNTS`. ``zone_ids`` and ``objective_ids`` name the
    indices.
    """

    seeds: np.ndarray
    scalars: np.ndarray
    objectives: np.ndarray
    zones: np.ndarray
    zone_ids: tuple[str, ...]
    objective_ids: tuple[str, ...]

    @classmethod
    def from_buffers(cls, buffers: tuple[bytes, bytes, bytes, bytes], zone_ids: Iterable[str],
                     objective_ids: Iterable[str]) -> "GameTable":
        """The table the compiled core writes (four byte buffers)."""
        seeds, scalars, objectives, zones = buffers
        return cls(np.frombuffer(seeds, dtype=np.int64), np.frombuffer(scalars, dtype=np.int32).reshape(-1, _WIDTH),
                   np.frombuffer(objectives, dtype=np.int32).reshape(-1, 3),
                   np.frombuffer(zones, dtype=np.int32).reshape(-1, 4), tuple(zone_ids), tuple(objective_ids))

    @classmethod
    def from_records(cls, records: list[dict], zone_ids: Iterable[str], objective_ids: Iterable[str]) -> "GameTable":
        """The table of records written by the reference engine (each with its ``game`` index)."""
        zone_ids, objective_ids = tuple(zone_ids), tuple(objective_ids)
        zindex = {z: i for i, z in enumerate(zone_ids)}
        oindex = {o: i for i, o in enumerate(objective_ids)}
        seeds = np.array([r["seed"] for r in records], dtype=np.int64)
        scalars = np.zeros((len(records), _WIDTH), dtype=np.int32)
        objectives, zones = [], []
        for row, r in enumerate(records):
            scalars[row] = [_CAUSE_CODE[r[k]] if k == "cause" else _DANGER_CODE[r[k]] if k == "max_danger"
                            else r.get(k, -1) for k in SCALARS[1:]]
            objectives += [(row, oindex[o], turn) for o, turn in r["objectives"].items()]
            for what, name in enumerate(ZONE_COUNTS):
                counts = r[f"zone_{name}"]
                zones += [(row, what, zindex[z], counts[z]) for z in sorted(counts, key=zindex.__getitem__)]
        return cls(seeds, scalars, np.array(objectives, dtype=np.int32).reshape(-1, 3),
                   np.array(zones, dtype=np.int32).reshape(-1, 4), zone_ids, objective_ids)

    @classmethod
    def concat(cls, tables: list["GameTable"], zone_ids: Iterable[str] = (),
               objective_ids: Iterable[str] = ()) -> "GameTable":
        """One table of several, in order (rows renumbered)."""
        if not tables:
            return cls(np.zeros(0, dtype=np.int64), np.zeros((0, _WIDTH), dtype=np.int32),
                       np.zeros((0, 3), dtype=np.int32), np.zeros((0, 4), dtype=np.int32), tuple(zone_ids),
                       tuple(objective_ids))
        offsets = np.cumsum([0] + [len(t) for t in tables[:-1]]).astype(np.int32)

        def stack(parts: list[np.ndarray]) -> np.ndarray:
            out = np.concatenate(parts)
            out[:, 0] += np.repeat(offsets, [len(p) for p in parts])  # renumber the rows
            return out

        return cls(np.concatenate([t.seeds for t in tables]), np.concatenate([t.scalars for t in tables]),
                   stack([t.objectives for t in tables]), stack([t.zones for t in tables]),
                   tables[0].zone_ids, tables[0].objective_ids)

    def __len__(self) -> int:
        return len(self.scalars)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameTable) and self.zone_ids == other.zone_ids and \
            self.objective_ids == other.objective_ids and all(
                a.shape == b.shape and bool((a == b).all()) for a, b in
                ((self.seeds, other.seeds), (self.scalars, other.scalars), (self.objectives, other.objectives),
                 (self.zones, other.zones)))

    def column(self, name: str) -> np.ndarray:
        """One field of every game (``cause`` and ``max_danger`` as codes)."""
        return self.seeds if name == "seed" else self.scalars[:, SCALARS.index(name) - 1]

    def records(self) -> list[dict]:
        """The records as dicts, keys and values exactly as :meth:`Game.result` writes them (with
        ``game``, unless the games were played without an index)."""
        out = []
        by_row_obj: dict[int, list] = {}
        for row, o, turn in self.objectives.tolist():
            by_row_obj.setdefault(row, []).append((self.objective_ids[o], turn))
        by_row_zone: dict[int, list] = {}
        for row, what, z, count in self.zones.tolist():
            by_row_zone.setdefault(row, []).append((what, self.zone_ids[z], count))
        for row, (seed, values) in enumerate(zip(self.seeds.tolist(), self.scalars.tolist())):
            v = dict(zip(SCALARS[1:], values), seed=seed)
            v["won"] = bool(v["won"])
            v["cause"] = CAUSES[v["cause"]]
            v["max_danger"] = DANGERS[v["max_danger"]]
            v["objectives"] = dict(by_row_obj.get(row, ()))
            zone = by_row_zone.get(row, ())
            for what, name in enumerate(ZONE_COUNTS):
                v[f"zone_{name}"] = {z: c for w, z, c in zone if w == what}
            record = {k: v[k] for k in _RECORD_ORDER}
            if record["game"] < 0:
                del record["game"]
            out.append(record)
        return out
