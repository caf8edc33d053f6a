"""The playtest engine: compile a scenario once, play many seeded games.

:class:`Game` is one steppable game, with logs: the typed engine (:mod:`designer.engine.typed`,
:class:`designer.engine.session.TypedGame`; on a position built by hand,
:class:`designer.engine.session.HandGame`), compiled where it is built and from its source
elsewhere or with ``DESIGNER_ENGINE=python`` (:mod:`designer.engine.modes`); a game beyond its
rows is refused (:class:`designer.rules.limits.EngineLimit`). Batches
(:mod:`designer.engine.core`) come back as a :class:`GameTable`. The bots' witness plan is handed in by the caller (``plan=``; see
:func:`designer.plans.bot_plan`): the engine never runs the validator.

>>> from designer.engine import Board, Game, play
>>> result = play(scenario, seed=7, policy="greedy")          # doctest: +SKIP
"""

from .modes import choose as _choose

_choose()  # DESIGNER_ENGINE=python, or a compiled module older than its source: the sources run

from .board import Board  # noqa: E402
from .core import Game  # noqa: E402  (the typed engine's game)
from .record import GameResult  # noqa: E402
from .policies import POLICIES  # noqa: E402
from .profiles import PROFILES, ProfileError, make_profile  # noqa: E402
from ..rules.limits import EngineLimit  # noqa: E402
from .state import GameState, Survivor  # noqa: E402
from .table import GameTable  # noqa: E402
from .view import GameView, PlanStep  # noqa: E402
from . import expert  # noqa: E402,F401  (registers the "expert" bot with the policies)


def play(scenario, seed: int = 0, policy="greedy", **kwargs):  # noqa: E302
    """Play one game and return its record: :func:`designer.engine.core.play` (the typed engine)."""
    from .core import play as _play

    return _play(scenario, seed, policy, **kwargs)

__all__ = ["Board", "EngineLimit", "Game", "GameResult", "GameState", "GameTable", "GameView", "POLICIES", "PROFILES", "PlanStep",
           "ProfileError", "Survivor", "make_profile", "play"]
