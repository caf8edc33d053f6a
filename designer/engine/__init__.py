"""The playtest engine: compile a scenario once, play many seeded games.

>>> from designer.engine import Board, Game, play
>>> result = play(scenario, seed=7, policy="greedy")          # doctest: +SKIP
"""

from .board import Board
from .game import Game, GameResult, play
from .policies import POLICIES
from .profiles import PROFILES, ProfileError, make_profile
from .state import GameState, Survivor

__all__ = ["Board", "Game", "GameResult", "GameState", "POLICIES", "PROFILES", "ProfileError", "Survivor",
           "make_profile", "play"]
