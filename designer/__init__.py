"""Scenario Designer: design, validate and playtest scenarios of zone-based zombie board games.

>>> import designer
>>> scenario = designer.load("scenarios/seul-dans-le-noir.json")   # doctest: +SKIP
"""

from .engine.game import play
from .io.files import LoadError, load, loads, save
from .model.scenario import Scenario

__version__ = "0.1.0"

__all__ = ["LoadError", "Scenario", "__version__", "load", "loads", "play", "playtest", "save"]


def __getattr__(name: str):
    if name == "playtest":  # pandas and matplotlib load only when playtests are asked for
        from .analysis.runs import playtest

        return playtest
    raise AttributeError(name)
