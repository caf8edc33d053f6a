"""The playtest engine: compile a scenario once, play many seeded games.

:class:`Game` is the reference engine (steppable, with logs); batches are played by the compiled
core (:mod:`designer.engine.core`) whenever it can, with the same results, and come back as a
:class:`GameTable`.

>>> from designer.engine import Board, Game, play
>>> result = play(scenario, seed=7, policy="greedy")          # doctest: +SKIP
"""

from .board import Board
from .game import Game, GameResult, play
from .policies import POLICIES
from .profiles import PROFILES, ProfileError, make_profile
from .state import GameState, Survivor
from .table import GameTable

__all__ = ["Board", "Game", "GameResult", "GameState", "GameTable", "POLICIES", "PROFILES", "ProfileError", "Survivor",
           "make_profile", "play"]
