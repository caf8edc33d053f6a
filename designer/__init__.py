"""Scenario Designer: design, validate and playtest scenarios of zone-based zombie board games.

>>> import designer
>>> scenario = designer.load("scenarios/seul-dans-le-noir.json")   # doctest: +SKIP
>>> designer.save(scenario, "copy.json")                           # doctest: +SKIP
>>> G = designer.to_networkx(scenario)                              # doctest: +SKIP

Importing the package loads nothing else: the model, the engine, the graph exports (networkx)
and the playtests (pandas) load when their names are first used, so a command pays only for
what it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .engine.record import GameResult
    from .model.scenario import Scenario

__version__ = "0.1.0"

__all__ = ["LoadError", "Scenario", "__version__", "dumps", "load", "loads", "play", "playtest", "save",
           "to_networkx"]

_LAZY = {
    "LoadError": ("designer.io.files", "LoadError"),
    "load": ("designer.io.files", "load"),
    "loads": ("designer.io.files", "loads"),
    "save": ("designer.io.files", "save"),
    "dumps": ("designer.io.files", "dumps"),
    "to_networkx": ("designer.io.graphs", "to_networkx"),
    "Scenario": ("designer.model.scenario", "Scenario"),
    "playtest": ("designer.analysis.runs", "playtest"),
}
"""Public names and where they live, imported on first use."""


def play(scenario: Scenario, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
         log: bool = False, board: Any = None, plan: Any = None) -> GameResult:
    """Play one game of a scenario from a seed and return its record (a dict).

    The bots follow the validator's witness plan (:func:`designer.plans.bot_plan`, found once per
    scenario) unless ``plan`` is given. The same scenario, seed and policy always give the same
    game.
    """
    from .engine.core import play as play_game  # the typed engine when it plays the game, else the reference
    from .plans import bot_plan

    return play_game(scenario, seed, policy, survivors=survivors, log=log, board=board,
                     plan=bot_plan(scenario) if plan is None else plan)


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'designer' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
