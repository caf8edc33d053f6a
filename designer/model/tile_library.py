"""The designer's own tile set: four double-sided tiles (eight faces, '1A' to '4B').

The geometry of the published games' tiles is not in their rulebooks, so the designer ships a
set of its own in the same spirit: each face a square of three street zones a side, a street
running off the middle of the edges it reaches (ends at 0.5, so any two faces whose streets face
each other join), and buildings of one to three rooms behind doors. A scenario file copies the
tiles it places into its own library (:class:`designer.model.tiles.TileMap`), so it does not
depend on this module; a designer's own tiles are made from a selection of zones
(:meth:`designer.edit.Editor.save_tile`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .tiles import Tile

__all__ = ["BUILTIN_TILES", "builtin_tiles"]

TILE_SIZE = 600.0


def _tile(tile_id: str, name: str, zones: list[tuple], conns: list[tuple], edges: dict[str, list[str]],
          lines: list[list[str]] = ()) -> dict[str, Any]:
    out_zones = []
    for z in zones:
        zid, zname, kind, x, y, *rest = z
        zone: dict[str, Any] = {"id": zid, "name": zname, "kind": kind, "position": {"x": x, "y": y}}
        if rest and rest[0]:
            zone["building"] = rest[0]
        if len(rest) > 1:
            zone["level"] = rest[1]
        out_zones.append(zone)
    out_conns = []
    for c in conns:
        cid, kind, a, b, *extra = c
        conn: dict[str, Any] = {"id": cid, "kind": kind, "from": a, "to": b}
        if extra:
            conn.update(extra[0])
        out_conns.append(conn)
    return {"id": tile_id, "name": name, "sheet": tile_id[:-1], "zones": out_zones, "connections": out_conns,
            "sight_lines": [{"id": f"line{i + 1}", "zones": line} for i, line in enumerate(lines)],
            "edges": {side: [{"zone": z, "at": 0.5}] for side, zs in edges.items() for z in zs}}


BUILTIN_TILES: list[dict[str, Any]] = [
    _tile("1A", "Main street",
          [("W", "Street west", "street", 100, 300), ("C", "Street", "street", 300, 300),
           ("E", "Street east", "street", 500, 300),
           ("R1", "Shop", "room", 170, 110, "shop"), ("R2", "Shop back", "room", 430, 110, "shop"),
           ("H", "House", "room", 300, 490, "house")],
          [("s1", "opening", "W", "C"), ("s2", "opening", "C", "E"), ("o1", "opening", "R1", "R2"),
           ("d1", "door", "R1", "C"), ("d2", "door", "H", "C")],
          {"W": ["W"], "E": ["E"]}, [["W", "C", "E"]]),
    _tile("1B", "Crossroads",
          [("N", "Street north", "street", 300, 100), ("W", "Street west", "street", 100, 300),
           ("C", "Crossroads", "street", 300, 300), ("E", "Street east", "street", 500, 300),
           ("S", "Street south", "street", 300, 500),
           ("R1", "Corner shop", "room", 490, 110, "corner-shop"), ("R2", "Diner", "room", 110, 490, "diner")],
          [("s1", "opening", "N", "C"), ("s2", "opening", "W", "C"), ("s3", "opening", "C", "E"),
           ("s4", "opening", "C", "S"), ("d1", "door", "R1", "N"), ("d2", "door", "R2", "S")],
          {"N": ["N"], "E": ["E"], "S": ["S"], "W": ["W"]}, [["N", "C", "S"], ["W", "C", "E"]]),
    _tile("2A", "Corner",
          [("W", "Street west", "street", 100, 300), ("C", "Corner", "street", 300, 300),
           ("S", "Street south", "street", 300, 500),
           ("R1", "Office", "room", 150, 110, "offices"), ("R2", "Office hall", "room", 430, 110, "offices"),
           ("R3", "Back office", "room", 490, 320, "offices"), ("G", "Garage", "room", 490, 500, "garage")],
          [("s1", "opening", "W", "C"), ("s2", "opening", "C", "S"), ("o1", "opening", "R1", "R2"),
           ("o2", "opening", "R2", "R3"), ("d1", "door", "R3", "C"), ("d2", "door", "G", "S")],
          {"W": ["W"], "S": ["S"]}, [["W", "C"], ["C", "S"]]),
    _tile("2B", "T-junction",
          [("W", "Street west", "street", 100, 300), ("C", "Junction", "street", 300, 300),
           ("E", "Street east", "street", 500, 300), ("S", "Street south", "street", 300, 500),
           ("R1", "Warehouse", "room", 170, 110, "warehouse"), ("R2", "Loading bay", "room", 430, 110, "warehouse")],
          [("s1", "opening", "W", "C"), ("s2", "opening", "C", "E"), ("s3", "opening", "C", "S"),
           ("o1", "opening", "R1", "R2"), ("d1", "door", "R2", "C")],
          {"W": ["W"], "E": ["E"], "S": ["S"]}, [["W", "C", "E"]]),
    _tile("3A", "Dead end",
          [("W", "Street west", "street", 100, 300), ("C", "Street", "street", 300, 300),
           ("E", "Dead end", "street", 500, 300),
           ("R1", "Pharmacy", "room", 300, 110, "pharmacy"), ("R2", "Flat", "room", 170, 490, "flats"),
           ("R3", "Flat upstairs", "room", 430, 490, "flats", 1)],
          [("s1", "opening", "W", "C"), ("s2", "opening", "C", "E"), ("d1", "door", "R1", "C"),
           ("d2", "door", "R2", "W"), ("u1", "stairs", "R2", "R3")],
          {"W": ["W"]}, [["W", "C", "E"]]),
    _tile("3B", "Square",
          [("N", "Street north", "street", 300, 100), ("W", "Square west", "street", 100, 300),
           ("C", "Square", "street", 300, 300), ("E", "Square east", "street", 500, 300),
           ("S", "Street south", "street", 300, 500), ("R1", "Town hall", "room", 490, 490, "town-hall")],
          [("s1", "opening", "N", "C"), ("s2", "opening", "W", "C"), ("s3", "opening", "C", "E"),
           ("s4", "opening", "C", "S"), ("d1", "door", "R1", "E")],
          {"N": ["N"], "E": ["E"], "S": ["S"], "W": ["W"]}, [["N", "C", "S"], ["W", "C", "E"]]),
    _tile("4A", "Cell block",
          [("W", "Corridor west", "corridor", 100, 300), ("C", "Corridor", "corridor", 300, 300),
           ("E", "Corridor east", "corridor", 500, 300),
           ("K1", "Cell 1", "cell", 100, 110, "cells"), ("K2", "Cell 2", "cell", 300, 110, "cells"),
           ("K3", "Cell 3", "cell", 500, 110, "cells"), ("Q", "Security", "security", 300, 490, "cells")],
          [("s1", "opening", "W", "C"), ("s2", "opening", "C", "E"), ("k1", "door", "K1", "W"),
           ("k2", "door", "K2", "C"), ("k3", "door", "K3", "E"), ("q1", "opening", "Q", "C")],
          {"W": ["W"], "E": ["E"]}, [["W", "C", "E"]]),
    _tile("4B", "Watchtower yard",
          [("W", "Yard west", "street", 100, 300), ("C", "Yard", "street", 300, 300),
           ("E", "Yard east", "street", 500, 300), ("T", "Watchtower", "tower", 300, 110),
           ("R1", "Guard house", "room", 300, 490, "guard-house")],
          [("s1", "opening", "W", "C"), ("s2", "opening", "C", "E"), ("l1", "ladder", "T", "C"),
           ("d1", "door", "R1", "C")],
          {"W": ["W"], "E": ["E"]}, [["W", "C", "E"]]),
]
"""The designer's tile set as JSON data."""


@lru_cache(maxsize=1)
def builtin_tiles() -> tuple[Tile, ...]:
    """The designer's tile set, validated."""
    return tuple(Tile.model_validate(t) for t in BUILTIN_TILES)
