"""Growing Hunger's opt-in and board libraries as both engines read them, written once.

Whether a scenario plays Growing Hunger's rules (:func:`uses_lnoe_setup`) and draws its town from
a board library (:func:`has_library`), which of its rules the typed engine plays
(:func:`typed_problem`), the town a seed draws and its board and tables (:func:`town_of_seed`,
:func:`town_board`, :func:`town_tables`), heroes carried into a typed game
(:func:`typed_carried`), spawn-roll dice and the explosive cards. The typed engine
(:mod:`designer.engine.core`, :mod:`designer.engine.session`, :mod:`designer.engine.typed.tables`)
reads them here; the reference engine's rules (:mod:`designer.engine.lnoe`) re-export them, so
removing those removes nothing here.
"""

from __future__ import annotations

import re
from typing import Any

from ..model.lnoe import LnoeSetup
from ..model.special_rules import rules_in_force

__all__ = ["EXPLOSIVES", "TYPED_RULES", "has_library", "pick_town", "town_board", "town_of_seed", "town_tables",
           "typed_carried", "typed_problem", "uses_lnoe_setup"]


EXPLOSIVES = frozenset({"dynamite", "gasoline", "molotov", "explosives"})
"""Cards whose wounds a very rotten grave dead cannot ignore ("exceptées celles provenant d'un
explosif")."""


def uses_lnoe_setup(s: Any) -> bool:
    """Whether a scenario plays Growing Hunger's rules: a Last Night on Earth scenario with a
    board library or a ``setup.lnoe`` block (even empty). The rules are opt-in: without either,
    its special rules are counted by the validator and not played (finding
    ``lnoe-rule-not-played``), as before these rules were played."""
    return s.setup.rules.profile == "lnoe" and (s.town is not None or s.setup.lnoe is not None)


def has_library(s: Any) -> bool:
    """Whether each game of a scenario draws its town from a board library (a Last Night on
    Earth scenario with ``town``; other profiles play the map as it is)."""
    return s.town is not None and uses_lnoe_setup(s)


TYPED_RULES = frozenset({"hero-starting-cards", "free-search-markers", "zombie-autospawn", "zombie-horde",
                         "well-stocked-buildings", "plague-carriers", "heroes-replenish", "exploration-markers",
                         "grave-dead"})
"""Special rules the typed engine plays as well (``plague-carriers`` is played by neither)."""


def typed_problem(s: Any) -> str | None:
    """Why the typed engine cannot play a scenario's Growing Hunger rules (None when it can, or
    when the scenario does not opt in). It plays every rule of this module: the pool, grave dead
    and the horde, the spawn roll and autospawn, free search markers and the exploration bag,
    pick-ups and well-stocked buildings, heroes replenish, the hero in a random building, event
    cards that heal, "no spawning point left", the zombie player's hand and the sun track, named
    heroes, Becky's first aid and the board library (one engine per town: ``core.town_engine``);
    a special rule outside :data:`TYPED_RULES` would be a reason here."""
    if not uses_lnoe_setup(s):
        return None
    lnoe = s.setup.lnoe or LnoeSetup()
    other = sorted(rules_in_force(s.setup.special_rules) - TYPED_RULES)
    reasons = [
        (bool(other), f"the special rules {', '.join(other)}"),
    ]
    found = [why for bad, why in reasons if bad]
    if not found:
        return None
    return f"Growing Hunger's {'; '.join(found)}: rules the reference engine plays (docs/last-night-on-earth.md)"


def town_board(board: Any, boards: tuple[str, ...]) -> Any:
    """The board of the town made of ``boards`` (compiled once per town, cached on the library's
    board)."""
    from ..town import town_key, town_scenario
    from .board import Board

    cache = board.compiled
    key = ("town", town_key(boards))
    if key not in cache:
        cache[key] = Board(town_scenario(board.scenario, boards))
    return cache[key]


def pick_town(library: Any, rng: Any) -> tuple[str, ...]:
    """The two boards of a game's town, drawn from the game's own generator (its first two
    draws), in library order."""
    ids = [b.id for b in library.boards]
    first = ids[rng.randrange(len(ids))]
    rest = [i for i in ids if i != first]
    second = rest[rng.randrange(len(rest))]
    return tuple(sorted((first, second), key=ids.index))


def typed_carried(board: Any, heroes: list[dict] | None, index: dict[str, int]) -> tuple[Any, list[str] | None]:
    """Heroes carried into a game as the typed engine takes them: (items, xp, wounds) rows
    (``index``: the tables' card indices) and, for a Growing Hunger game, their names (None
    otherwise). A Growing Hunger hero brings its event cards with its items (``lnoe._add_hero``)."""
    if heroes is None:
        return None, None
    lnoe = uses_lnoe_setup(board.scenario)
    rows = [(tuple(index[n] for n in [*h.get("items", ()), *(h.get("events", ()) if lnoe else ())]),
             h.get("xp", 0), h.get("wounds", 0)) for h in heroes]
    return rows, [h.get("name", "") for h in heroes] if lnoe else None


# -- the board library in the typed engine: one engine per town ---------------------------------


def town_of_seed(board: Any, seed: int) -> tuple[str, ...]:
    """The town game ``seed`` of a board library plays (the draw ``lnoe.setup_game`` makes)."""
    from .rng import Twister

    return pick_town(board.scenario.town, Twister(seed))


def town_tables(board: Any, boards: tuple[str, ...], plan: Any = None) -> tuple[Any, Any, str | None]:
    """(the town's board, the typed engine's tables of it, why the tables cannot be built). The
    tables know they are a town of the library: the engine draws the two boards from the game's
    generator as the reference engine does, the record names the town, and a random building is
    drawn board by board (``lnoe.random_building``). Whether the typed engine plays the town's
    rules at all is :func:`designer.engine.core.town_problem`'s question."""
    from ..town import town_key
    from .typed.tables import _csr, tables_for

    tb = town_board(board, boards)
    tables, problem = tables_for(tb, plan)
    if problem is None and tables.gh:
        groups = _buildings_by_board(tb, boards, board.scenario.town)
        tables.gh_town, tables.gh_extra, tables.gh_nlib = town_key(boards), 1, len(board.scenario.town.boards)
        tables.gh_bgrp_start, (tables.gh_bgrp,) = _csr(groups, 1)
        tables.gh_nbgrp = len(groups)
    return tb, tables, problem


def _buildings_by_board(board: Any, boards: tuple[str, ...] | None, library: Any) -> list[list[int]]:
    """Building indices of each board of the town, in the order their zones are listed (one
    list for the whole map without a library)."""
    if not boards or library is None:
        groups = [list(range(len(board.building_zones)))]
    else:
        lib = {b.id: b for b in library.boards}
        groups = []
        for bid in boards:
            seen: list[int] = []
            for zid in lib[bid].zones:
                z = board.zone_index.get(zid)
                if z is not None and board.building_of[z] >= 0 and board.building_of[z] not in seen:
                    seen.append(board.building_of[z])
            groups.append(seen)
    return [g for g in groups if g] or [list(range(len(board.building_zones)))]


def _dice(expr: str) -> tuple[int, int, int]:
    """'2d6+1' as (2, 6, 1) (the model has checked the expression)."""
    m = re.fullmatch(r"([1-9]?)d([1-9][0-9]?)([+-][0-9])?", expr.strip())
    return int(m.group(1) or 1), int(m.group(2)), int(m.group(3) or 0)
