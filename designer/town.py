"""Towns drawn from a board library (Last Night on Earth, ``Scenario.town``).

"Sélectionnez au hasard deux des plateaux extérieurs en forme de "L" et placez-les de façon à
confectionner un plateau de jeu rectangulaire" (Growing Hunger, *Seul dans le noir*, Mise en
place). A scenario with a board library holds every board's zones; :func:`town_scenario` gives
the ordinary scenario of one draw: the zones of the boards drawn (and of no board), what lies on
them, and the streets joined across the two seams. The engine plays that scenario
(:func:`designer.engine.lnoe.town_board`); the validator checks every town the library can give.

Choices where the rulebook is silent (``docs/engine.md``): two boards X and Y meet X's first seam
to Y's second and X's second to Y's first, zone by zone, with an opening (a street goes on);
sight lines stay on their board (across a seam, sight goes one zone, through the opening); a
trigger that names a zone, door, spawn or objective of a board not drawn is left out of that town.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from .model.lnoe import TownLibrary
from .model.references import iter_references
from .model.scenario import Scenario

__all__ = ["board_of_zone", "iter_towns", "seam_joins", "town_key", "town_scenario"]



def town_key(boards: tuple[str, ...]) -> str:
    """The name of a town ('A+C'), boards in library order."""
    return "+".join(boards)


def iter_towns(library: TownLibrary) -> Iterator[tuple[str, ...]]:
    """Every town a draw can give, as board ids in library order (one per pair of boards)."""
    yield from combinations([b.id for b in library.boards], library.draw)


def board_of_zone(library: TownLibrary) -> dict[str, str]:
    """Zone id -> the board it lies on."""
    return {z: b.id for b in library.boards for z in b.zones}


def seam_joins(library: TownLibrary, boards: tuple[str, ...]) -> list[tuple[str, str]]:
    """The street zones the seams of two boards join: X.first[i] with Y.second[i] and
    X.second[i] with Y.first[i] (each pair once)."""
    x, y = (next(b for b in library.boards if b.id == i) for i in boards)
    out: list[tuple[str, str]] = []
    for a, b in list(zip(x.first, y.second)) + list(zip(x.second, y.first)):
        if (a, b) not in out:
            out.append((a, b))
    return out


def town_scenario(s: Scenario, boards: tuple[str, ...]) -> Scenario:
    """The ordinary scenario of the town made of ``boards`` (no board library left in it)."""
    lib = s.town
    if lib is None:
        return s
    on = board_of_zone(lib)
    keep_zone = {z.id for z in s.zones if on.get(z.id) in (None, *boards)}
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    data.pop("town", None)
    data["zones"] = [z for z in data["zones"] if z["id"] in keep_zone]
    data["connections"] = [c for c in data.get("connections", []) if c["from"] in keep_zone and c["to"] in keep_zone]
    data["spawns"] = [sp for sp in data.get("spawns", []) if sp["zone"] in keep_zone]
    data["objectives"] = [o for o in data.get("objectives", []) if o["zone"] in keep_zone]
    data["exits"] = [e for e in data.get("exits", []) if e in keep_zone]
    setup = data["setup"]
    starts = [z for z in setup["start_zones"] if z in keep_zone]
    setup["start_zones"] = starts or [next(z for z in data["zones"] if z.get("kind", "street") != "street")["id"]
                                      if any(z.get("kind", "street") != "street" for z in data["zones"])
                                      else data["zones"][0]["id"]]
    setup["zombies"] = [pz for pz in setup.get("zombies", []) if pz["zone"] in keep_zone]
    if "lnoe" in setup and setup["lnoe"].get("pick_ups"):  # pick-ups of the buildings in town
        here = {z.get("building") for z in data["zones"]}
        setup["lnoe"]["pick_ups"] = {b: c for b, c in setup["lnoe"]["pick_ups"].items() if b in here}
    joins = seam_joins(lib, boards)
    ids = {c["id"] for c in data["connections"]}
    for a, b in joins:
        cid = f"seam-{a}-{b}"
        while cid in ids:
            cid += "'"
        ids.add(cid)
        data["connections"].append({"id": cid, "kind": "opening", "from": a, "to": b})
    lines = [sl for sl in data.get("sight_lines", []) if all(z in keep_zone for z in sl["zones"])]
    data["sight_lines"] = lines
    # triggers that name something of a board not drawn are left out of this town
    known = keep_zone | {c["id"] for c in data["connections"]} | {sp["id"] for sp in data["spawns"]} | \
        {o["id"] for o in data["objectives"]}
    triggers = []
    for t in data.get("triggers", []):
        probe = {"triggers": [t]}
        if all(r.id in known for r in iter_references(probe)):
            triggers.append(t)
    data["triggers"] = triggers
    return Scenario.model_validate(data)
