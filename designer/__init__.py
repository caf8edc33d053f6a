"""Scenario Designer: design, validate and playtest scenarios of zone-based zombie board games.

>>> import designer
>>> scenario = designer.load("scenarios/seul-dans-le-noir.json")   # doctest: +SKIP
"""

from .engine.game import play
from .io.files import LoadError, load, loads, save
from .model.scenario import Scenario

__version__ = "0.1.0"

__all__ = ["LoadError", "Scenario", "__version__", "load", "loads", "play", "save"]
