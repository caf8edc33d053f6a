"""Map tiles: reusable groups of zones and connections with named edges, placed on a grid.

Published missions are built from double-sided map tiles and list them ("Tiles: 1P, 2P, 3P,
4P, 17P & 18P", Zombicide: Prison Outbreak, M00), so a designer thinks in tiles. A
:class:`Tile` holds zones and connections in the tile's own square (``size`` units a side, y
down) and, on each of its four named edges (N, E, S, W), the street ends that run off it. A
:class:`PlacedTile` puts a tile on a grid cell, turned by quarter turns clockwise.

Expanding the placed tiles (:func:`expand`) gives ordinary zones, connections and sight lines:
zone ``S1`` of the tile placed as ``1A`` becomes zone ``1A.S1`` (its ``tiles`` list names
``1A``, as manhole spawns read it), and two street ends of neighbouring tiles that meet on their
common edge are joined by an opening (:func:`joins`). The scenario file keeps the expanded zones
and connections beside its :class:`TileMap`, so the validator and the engine see a plain map,
and a designer may go on editing what the tiles gave (a door made locked, a zone renamed, a
spawn added): moving or turning a tile moves its zones, keeps those edits and joins the streets
anew.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from typing import Iterator, Literal

from pydantic import Field, model_validator

from .common import Id, Model

__all__ = [
    "SIDES",
    "Join",
    "PlacedTile",
    "Tile",
    "TileEnd",
    "TileMap",
    "end_point",
    "expand",
    "iter_tile_problems",
    "join_id",
    "joins",
    "placed_zone_id",
    "rotate_point",
    "rotated_side",
    "tile_list",
]

Side = Literal["N", "E", "S", "W"]
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
"""The four named edges of a tile, clockwise from the top."""

MAX_TILES = 400


class TileEnd(Model):
    """A street end on an edge of a tile: where a street (or corridor) zone of the tile runs off
    it and meets the street of the next tile."""

    zone: Id
    """The tile's zone at this end (its id inside the tile)."""
    at: float = Field(default=0.5, ge=0, le=1)
    """Where along the edge, from 0 to 1: from the left end of the N and S edges, from the top of
    the E and W edges (the tile unturned). Two ends meet when they lie at the same point of a
    common edge."""


class Tile(Model):
    """A map tile: zones and connections in a square, with the street ends on its named edges."""

    id: Id
    """The tile's code as the missions list it (for example '1A', or '1P' for a Prison
    Outbreak tile)."""
    name: str = Field(default="", max_length=200)
    """What is on it ('Crossroads', 'Cell block')."""
    sheet: str = Field(default="", max_length=64)
    """The physical tile both faces of a double-sided tile share ('1' for '1A' and '1B'): a box
    holds one of each, so a mission places one face of it."""
    zones: list["Zone"] = Field(min_length=1, max_length=200)
    """The tile's zones; positions are in the tile's square (0 to the map's tile size, y down)."""
    connections: list["Connection"] = Field(default_factory=list, max_length=1000)
    """Connections between the tile's zones."""
    sight_lines: list["SightLine"] = Field(default_factory=list, max_length=100)
    """Straight lines of sight along the tile's streets."""
    edges: dict[Side, list[TileEnd]] = Field(default_factory=dict)
    """The street ends on each named edge (N, E, S, W); an edge without ends is a wall or the
    edge of the map."""


class PlacedTile(Model):
    """A tile put on the map: a grid cell and a turn."""

    id: Id
    """Names this placement and prefixes the ids of its zones ('1A' gives '1A.S1'); usually the
    tile's code."""
    tile: Id
    """The tile placed (an id in the map's tile library)."""
    col: int = Field(ge=-100, le=100)
    """Grid column (0 at the left, a tile size wide)."""
    row: int = Field(ge=-100, le=100)
    """Grid row (0 at the top)."""
    rotation: int = Field(default=0, ge=0, le=3)
    """Quarter turns clockwise (0 to 3)."""
    renamed: dict[Id, Id] = Field(default_factory=dict, max_length=200)
    """Zones of the tile renamed on the map since it was placed: the tile's zone id -> the map's
    zone id (the others are '<placement>.<zone>')."""

    def zone_id(self, zone: str) -> str:
        """The map id of the tile's zone ``zone``."""
        return self.renamed.get(zone) or placed_zone_id(self.id, zone)


class TileMap(Model):
    """The tiles a map is built from: the tiles it uses and where each one lies."""

    size: float = Field(default=600.0, ge=100, le=5000)
    """Side of a tile (and of a grid cell) in map units."""
    library: list[Tile] = Field(default_factory=list, max_length=MAX_TILES)
    """Every tile the map places, in full (the file stands on its own)."""
    placed: list[PlacedTile] = Field(default_factory=list, max_length=MAX_TILES)
    """The tiles on the map, in the order they were placed."""

    def tile(self, tile_id: str) -> Tile:
        """The library tile with this id (KeyError when there is none)."""
        for t in self.library:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)

    @model_validator(mode="after")
    def _check(self) -> TileMap:
        from .scenario import ReferenceProblems

        problems = list(iter_tile_problems(self))
        if problems:
            raise ReferenceProblems(problems)
        return self


def _problem(path: str, message: str, ids: list[str], code: str = "invalid-field"):
    """A :class:`designer.model.scenario.ReferenceProblem` about tiles."""
    from .scenario import ReferenceProblem

    return ReferenceProblem(code=code, path=path, message=message, ids=ids)


def iter_tile_problems(m: TileMap) -> Iterator:
    """What is wrong with a tile map: ids used twice, a placement naming no tile, two tiles on
    one cell, connections and ends naming no zone of their tile."""
    for what, ids in (("library", [t.id for t in m.library]), ("placed", [p.id for p in m.placed])):
        counts = Counter(ids)
        for i, ident in enumerate(ids):
            if counts[ident] > 1 and ids.index(ident) != i:
                yield _problem(f"tiles.{what}[{i}].id", f"id '{ident}' is already used by tiles.{what}"
                                  f"[{ids.index(ident)}]; ids must be unique", [ident], "duplicate-id")
    known = {t.id for t in m.library}
    cells: dict[tuple[int, int], str] = {}
    for i, p in enumerate(m.placed):
        if p.tile not in known:
            yield _problem(f"tiles.placed[{i}].tile", f"no tile has id '{p.tile}'; expected one of the ids in "
                              f"'tiles.library'", [p.tile], "dangling-reference")
        cell = (p.col, p.row)
        if cell in cells:
            yield _problem(f"tiles.placed[{i}]", f"tiles '{cells[cell]}' and '{p.id}' both lie on column "
                              f"{p.col}, row {p.row}; expected one tile a cell", [cells[cell], p.id])
        cells.setdefault(cell, p.id)
    for i, t in enumerate(m.library):
        zones = {z.id for z in t.zones}
        for j, c in enumerate(t.connections):
            for end in ("source", "target"):
                zid = getattr(c, end)
                if zid not in zones:
                    key = "from" if end == "source" else "to"
                    yield _problem(f"tiles.library[{i}].connections[{j}].{key}",
                                      f"tile '{t.id}' has no zone '{zid}'; expected one of its zones", [zid],
                                      "dangling-reference")
        for side, ends in t.edges.items():
            for j, e in enumerate(ends):
                if e.zone not in zones:
                    yield _problem(f"tiles.library[{i}].edges.{side}[{j}].zone",
                                      f"tile '{t.id}' has no zone '{e.zone}'; expected one of its zones", [e.zone],
                                      "dangling-reference")
        for j, line in enumerate(t.sight_lines):
            for zid in line.zones:
                if zid not in zones:
                    yield _problem(f"tiles.library[{i}].sight_lines[{j}]",
                                      f"tile '{t.id}' has no zone '{zid}'; expected one of its zones", [zid],
                                      "dangling-reference")


# -- geometry -----------------------------------------------------------------------------------


def rotate_point(x: float, y: float, size: float, turns: int) -> tuple[float, float]:
    """A point of a tile's square after ``turns`` quarter turns clockwise about its centre."""
    for _ in range(turns % 4):
        x, y = size - y, x
    return x, y


def rotated_side(side: str, turns: int) -> str:
    """The edge a tile's ``side`` becomes after ``turns`` quarter turns clockwise (N -> E)."""
    return SIDES[(SIDES.index(side) + turns) % 4]


def end_point(side: str, at: float, size: float) -> tuple[float, float]:
    """Where an end lies in the unturned tile's square."""
    return {"N": (at * size, 0.0), "S": (at * size, size), "W": (0.0, at * size), "E": (size, at * size)}[side]


def placed_zone_id(placement: str, zone: str) -> str:
    """The map id of a tile's zone: placement and zone joined by a dot ('1A.S1'); names longer
    than an id allows keep their start and a short hash."""
    ident = f"{placement}.{zone}"
    if len(ident) <= 64:
        return ident
    return ident[:55] + "." + hashlib.sha1(ident.encode()).hexdigest()[:8]


def join_id(a: str, b: str) -> str:
    """The id of the opening that joins two zones across a tile edge ('1A.S3--2B.S1')."""
    ident = f"{a}--{b}"
    if len(ident) <= 64 and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", ident):
        return ident
    return "join-" + hashlib.sha1(ident.encode()).hexdigest()[:12]


def _origin(m: TileMap, p: PlacedTile) -> tuple[float, float]:
    return p.col * m.size, p.row * m.size


def world_point(m: TileMap, p: PlacedTile, x: float, y: float) -> tuple[float, float]:
    """A point of the placed tile's own square on the map."""
    rx, ry = rotate_point(x, y, m.size, p.rotation)
    ox, oy = _origin(m, p)
    return ox + rx, oy + ry


def expand(m: TileMap, only: str | None = None) -> tuple[list[dict], list[dict], list[dict]]:
    """The zones, connections and sight lines the placed tiles give (``only``: one placement),
    as JSON data of the scenario format: ids prefixed by the placement, positions on the map,
    each zone's ``tiles`` naming its placement. The joins across edges are :func:`joins`."""
    zones: list[dict] = []
    conns: list[dict] = []
    lines: list[dict] = []
    for p in m.placed:
        if only is not None and p.id != only:
            continue
        t = m.tile(p.tile)
        zid = {z.id: placed_zone_id(p.id, z.id) for z in t.zones}
        for z in t.zones:
            data = z.model_dump(mode="json", by_alias=True, exclude_defaults=True)
            data["id"] = zid[z.id]
            pos = z.position
            x, y = world_point(m, p, pos.x if pos else m.size / 2, pos.y if pos else m.size / 2)
            data["position"] = {"x": round(x, 2), "y": round(y, 2)}
            if z.building:
                data["building"] = placed_zone_id(p.id, z.building)
            data["tiles"] = [p.id]
            zones.append(data)
        for c in t.connections:
            data = c.model_dump(mode="json", by_alias=True, exclude_defaults=True)
            data["id"] = placed_zone_id(p.id, c.id)
            data["from"], data["to"] = zid[c.source], zid[c.target]
            conns.append(data)
        for line in t.sight_lines:
            lines.append({"id": placed_zone_id(p.id, line.id), "zones": [zid[z] for z in line.zones]})
    return zones, conns, lines


class Join(Model):
    """Two street ends of neighbouring tiles that meet on their common edge."""

    a: str
    """Map id of the zone at one end (the tile placed first)."""
    b: str
    """Map id of the zone at the other end."""
    side: Side
    """The edge of the first tile they meet on, as placed (turns counted)."""


def _ends(m: TileMap) -> list[tuple[PlacedTile, str, str, tuple[float, float]]]:
    out = []
    for p in m.placed:
        try:
            t = m.tile(p.tile)
        except KeyError:
            continue
        for side, ends in t.edges.items():
            for e in ends:
                x, y = world_point(m, p, *end_point(side, e.at, m.size))
                out.append((p, rotated_side(side, p.rotation), p.zone_id(e.zone), (x, y)))
    return out


def joins(m: TileMap) -> tuple[list[Join], list[tuple[str, str, str]]]:
    """The street ends that meet across tile edges (to be joined by openings), and the ends that
    run into a neighbouring tile's wall: (zone, placement, neighbour placement)."""
    ends = _ends(m)
    at_point: dict[tuple[int, int], list[int]] = {}
    for k, (_p, _s, _z, (x, y)) in enumerate(ends):
        at_point.setdefault((round(x), round(y)), []).append(k)
    order = {p.id: i for i, p in enumerate(m.placed)}
    cells = {(p.col, p.row): p for p in m.placed}
    step = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    found: list[Join] = []
    walls: list[tuple[str, str, str]] = []
    for k, (p, side, zone, (x, y)) in enumerate(ends):
        dc, dr = step[side]
        neighbour = cells.get((p.col + dc, p.row + dr))
        if neighbour is None:
            continue
        mates = [j for j in at_point[(round(x), round(y))]
                 if ends[j][0].id == neighbour.id and ends[j][1] == opposite[side]]
        if not mates:
            walls.append((zone, p.id, neighbour.id))
            continue
        if order[p.id] < order[neighbour.id]:
            for j in mates:
                found.append(Join(a=zone, b=ends[j][2], side=side))
    return found, walls


def tile_list(m: TileMap | None) -> str:
    """The tiles a mission needs, as its page lists them: '1A, 2B, 3A & 4B' (each code once,
    in the order of their number)."""
    if m is None or not m.placed:
        return ""
    codes = list(dict.fromkeys(p.tile for p in m.placed))

    def key(code: str) -> tuple:
        mt = re.match(r"(\d+)(.*)", code)
        return (0, int(mt.group(1)), mt.group(2)) if mt else (1, 0, code)
    codes.sort(key=key)
    return codes[0] if len(codes) == 1 else ", ".join(codes[:-1]) + " & " + codes[-1]


from .scenario import Connection, SightLine, Zone  # noqa: E402  (the tiles hold ordinary zones)

Tile.model_rebuild()
TileMap.model_rebuild()
