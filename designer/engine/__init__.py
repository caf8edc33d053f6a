"""The playtest engine: compile a scenario once, play many seeded games.

:class:`Game` is the reference engine (steppable, with logs); batches are played by the compiled
core (:mod:`designer.engine.core`) whenever it can, with the same results, and come back as a
:class:`GameTable`. The bots' witness plan is handed in by the caller (``plan=``; see
:func:`designer.plans.bot_plan`): the engine never runs the validator.

>>> from designer.engine import Board, Game, play
>>> result = play(scenario, seed=7, policy="greedy")          # doctest: +SKIP
"""

from . import expert  # registers the "expert" bot with the policies
from .board import Board
from .game import Game, GameResult, play
from .policies import POLICIES
from .profiles import PROFILES, ProfileError, make_profile
from .state import GameState, Survivor
from .table import GameTable
from .view import GameView, PlanStep

__all__ = ["Board", "Game", "GameResult", "GameState", "GameTable", "GameView", "POLICIES", "PROFILES", "PlanStep",
           "ProfileError", "Survivor", "make_profile", "play"]
