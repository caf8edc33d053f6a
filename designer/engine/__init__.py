"""The playtest engine: compile a scenario once, play many seeded games.

:class:`Game` is the reference engine (steppable, with logs; its modules run compiled by Cython
where they are built and as plain Python elsewhere or with ``DESIGNER_ENGINE=python``: see
:mod:`designer.engine.modes`); batches are played by the typed engine
(:mod:`designer.engine.typed`, through :mod:`designer.engine.core`) whenever it can, with the
same results, and come back as a
:class:`GameTable`. The bots' witness plan is handed in by the caller (``plan=``; see
:func:`designer.plans.bot_plan`): the engine never runs the validator.

>>> from designer.engine import Board, Game, play
>>> result = play(scenario, seed=7, policy="greedy")          # doctest: +SKIP
"""

from .modes import choose as _choose

_choose()  # DESIGNER_ENGINE=python, or a compiled module older than its source: the sources run

from .board import Board  # noqa: E402
from .game import Game, GameResult  # noqa: E402
from .policies import POLICIES  # noqa: E402
from .profiles import PROFILES, ProfileError, make_profile  # noqa: E402
from .state import GameState, Survivor  # noqa: E402
from .table import GameTable  # noqa: E402
from .view import GameView, PlanStep  # noqa: E402
from . import expert  # noqa: E402,F401  (registers the "expert" bot with the policies)


def play(scenario, seed: int = 0, policy="greedy", **kwargs):  # noqa: E302
    """Play one game and return its record: :func:`designer.engine.core.play` (the typed engine
    when it plays the game, the reference engine otherwise; the same record either way)."""
    from .core import play as _play

    return _play(scenario, seed, policy, **kwargs)

__all__ = ["Board", "Game", "GameResult", "GameState", "GameTable", "GameView", "POLICIES", "PROFILES", "PlanStep",
           "ProfileError", "Survivor", "make_profile", "play"]
