"""Scenario Designer: design, validate and playtest scenarios of zone-based zombie board games.

>>> import designer
>>> scenario = designer.load("scenarios/seul-dans-le-noir.json")   # doctest: +SKIP
"""

from typing import Any

from .engine.game import GameResult
from .io.files import LoadError, load, loads, save
from .model.scenario import Scenario

__version__ = "0.1.0"

__all__ = ["LoadError", "Scenario", "__version__", "load", "loads", "play", "playtest", "save"]


def play(scenario: Scenario, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
         log: bool = False, board: Any = None, plan: Any = None) -> GameResult:
    """Play one game of a scenario from a seed and return its record (a dict).

    The bots follow the validator's witness plan (:func:`designer.plans.bot_plan`, found once per
    scenario) unless ``plan`` is given. The same scenario, seed and policy always give the same
    game.
    """
    from .engine.game import play as play_game
    from .plans import bot_plan

    return play_game(scenario, seed, policy, survivors=survivors, log=log, board=board,
                     plan=bot_plan(scenario) if plan is None else plan)


def __getattr__(name: str):
    if name == "playtest":  # pandas and matplotlib load only when playtests are asked for
        from .analysis.runs import playtest

        return playtest
    raise AttributeError(name)
