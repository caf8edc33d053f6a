"""One engine for every caller: the typed engine, compiled or from its source.

The typed engine (:mod:`designer.engine.typed`: typed Python in Cython's pure Python mode,
compiled by ``setup.py``) plays every game, rolling its dice from the game's seed
(:class:`designer.engine.rng.Twister`); the golden playthroughs (``tests/golden``) are its
regression truth.

:func:`play_table` (batches, variant and points runs), :func:`play_party` (a campaign step's
game), :func:`open_game` and :class:`Game` (one steppable game, ``designer.engine.Game``) run
the compiled module where it is built and :func:`available`, the typed source otherwise
(``DESIGNER_ENGINE=python``, no compiler): the same games. :func:`unsupported` says why a game
cannot be played (a party or a 'house' board beyond the engine's fixed rows,
:mod:`designer.rules.limits`); such a game is refused with
:class:`~designer.rules.limits.EngineLimit` (:func:`refuse`). Any number of doors and key
colours plays.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from ..rules.limits import EngineLimit
from ..rules.terrain import eden_rules_used
from ..rules.zombies import ZTYPES
from .board import Board
from .towns import has_library as lnoe_has_library, town_board as lnoe_town_board, town_of_seed, \
    town_tables as lnoe_town_tables, typed_carried, typed_problem as lnoe_typed_problem
from .record import resource_stock
from .seeds import game_seed
from . import session
from .table import CAUSES, ZONE_KEY_DTYPE, GameTable
from .typed import play as typed_play
from .typed import tables as typed_tables
from .typed.tables import EFFECTS as _EFFECTS, EVENTS as _EVENTS, OBJ as _OBJ, STEPS as _STEPS  # noqa: F401

__all__ = ["Game", "POLICY_CODES", "available", "compiled", "engine_for", "open_game", "play", "play_games",
           "play_interpreted", "play_party", "play_range", "play_table", "play_with_heroes", "played_by",
           "refuse", "typed_reason", "typed_source", "unsupported"]

POLICY_CODES = session.POLICY_CODES
"""The bots the typed engine plays itself (a Python callable, and the Python ``expert``,
decide through its callback)."""

MAX_SURVIVORS, MAX_ITEMS = typed_tables.MAX_SURVIVORS, typed_tables.MAX_ITEMS

CORE_ZOMBIE_TYPES = min(len(ZTYPES), typed_play.MAX_TYPES)
"""Zombie types the typed engine plays: every row of ``rules/zombies.py`` (up to its fixed
rows of ``MAX_TYPES``)."""

_STALE: str | None = None
"""Why the typed engine cannot be used at all (set at the end of this module)."""


compiled = session.compiled
"""Whether the typed engine runs compiled in this process."""


def available() -> bool:
    """Whether batches are played by the typed engine (compiled, and not switched off with
    ``DESIGNER_ENGINE=python``)."""
    return _STALE is None and compiled() and os.environ.get("DESIGNER_ENGINE", "") != "python"


def _board_problem(board: Board, profile: Any) -> str | None:
    """Why the typed engine cannot play this board with this profile (None when it can); a rule
    the typed engine does not know is one reason here, with a short message."""
    problem = typed_tables.problem(board, profile)
    if problem is not None:
        return problem
    s = board.scenario
    if any(len(s.setup.survivors.starting_equipment) + len(h.items) > MAX_ITEMS for h in s.setup.survivors.heroes):
        return f"a named survivor starts with more than {MAX_ITEMS} items (setup.survivors.heroes)"
    if s.setup.rules.profile == "lnoe" and lnoe_typed_problem(s):
        return lnoe_typed_problem(s)
    eden = [rule for rule in eden_rules_used(s) if rule not in TYPED_EDEN_RULES]
    if eden:
        return f"the scenario uses {', '.join(eden)} (docs/terrain.md)"
    return _mission_rule(s)


TYPED_EDEN_RULES = frozenset({"victory points", "infestation", "resources"})
"""The rules of :func:`designer.rules.terrain.eden_rules_used` the typed engine plays (its
``eden: victory points and infestation`` section)."""


def _mission_rule(s: Any) -> str | None:
    """A kind of victory step, effect or objective the typed engine has no code for (a kind
    added to the model before its rule: the game is refused)."""
    kinds = [st.kind for st in s.victory.steps if st.kind not in _STEPS]
    if kinds:
        return f"victory steps of kind {', '.join(dict.fromkeys(kinds))}"
    effects = [e.kind for t in s.triggers for e in t.then if e.kind not in _EFFECTS]
    if effects:
        return f"trigger effects of kind {', '.join(dict.fromkeys(effects))}"
    if any(o.kind not in _OBJ for o in s.objectives):
        return f"objectives of kind {', '.join(dict.fromkeys(o.kind for o in s.objectives if o.kind not in _OBJ))}"
    return None


CALLBACK_BOTS = frozenset({"expert"})
"""Built-in bots written in Python that the typed engine plays through its callback (the expert:
its decisions in Python, its play-outs on the engine's snapshots)."""


def unsupported(board: Board, policy: Any, survivors: int | None = None, heroes: Any = None,
                plan: Any = None) -> str | None:
    """Why a game of this board cannot be played by the typed engine (None when it can)."""
    if _STALE is not None:
        return _STALE
    if isinstance(policy, str):
        if policy not in POLICY_CODES and policy not in CALLBACK_BOTS:
            return f"the bot '{policy}' is not one the engine knows"
    if heroes is not None:
        if len(heroes) > MAX_SURVIVORS:
            return f"{len(heroes)} heroes (the typed engine plays at most {MAX_SURVIVORS})"
        if any(len(h.get("items", ())) > MAX_ITEMS for h in heroes):
            return f"a hero carries more than {MAX_ITEMS} items"
    if survivors is not None and not 0 <= survivors <= MAX_SURVIVORS:
        return f"{survivors} survivors (the typed engine plays 0-{MAX_SURVIVORS})"
    tables, problem = _compiled(board, plan)
    if problem is None and heroes is not None:
        unknown = {n for h in heroes for n in [*h.get("items", ()), *h.get("events", ())] if n not in tables.names}
        if unknown:
            return f"heroes carry items the board's tables do not list: {', '.join(sorted(unknown))}"
    return problem


def _compiled(board: Board, plan: Any) -> tuple[Any, str | None]:
    """(the typed engine's tables of the board and plan, why it cannot play them), cached in
    the board's ``compiled`` field per plan; the extra reasons of :func:`_board_problem` are
    checked once per board."""
    key = ("typed-problem",)
    problem = board.compiled.get(key, False)
    if problem is False:
        problem = board.compiled[key] = _board_problem(board, typed_tables.rule_profile(board.scenario))
    if problem is not None:
        return None, problem
    if lnoe_has_library(board.scenario):  # a board library: each game plays its town's engine
        problem = town_problem(board, plan)
        if problem is not None:
            return None, problem
    return typed_tables.tables_for(board, plan)


def engine_for(board: Board, plan: Any = None) -> Any:
    """The typed engine of this board and plan (one per process and mode, cached on the board:
    its distance rows are kept from batch to batch): compiled where :func:`available`, its source
    otherwise."""
    tables, problem = _compiled(board, plan)
    if problem is not None:
        raise ValueError(f"the typed engine cannot play this board: {problem}")
    if lnoe_has_library(board.scenario):
        raise ValueError("a board library has one typed engine per town (designer.engine.core.town_engine)")
    return _locked(board, plan)[0]


def _locked(board: Board, plan: Any) -> tuple[Any, Any]:
    """The board's engine and its lock (one batch at a time plays on an engine: its state and
    distance rows are shared, and a Dask worker may run several threads). The engine is the
    compiled module's where :func:`available`, else the typed source's (the same games)."""
    tables, problem = _compiled(board, plan)
    if problem is not None:
        raise ValueError(f"the typed engine cannot play this board: {problem}")
    module = typed_play if available() else typed_source()
    key = ("typed-engine", id(tables), module.__name__)
    entry = board.compiled.get(key)
    if entry is None:
        entry = board.compiled[key] = (module.Engine(tables), threading.Lock())
    return entry


typed_source = session.typed_source
"""The typed engine's module run from its source, whatever is built (the interpreted mode of
the same code: batches use it where the engine is not built or ``DESIGNER_ENGINE=python``)."""


def play_interpreted(board: Board, seeds: list[int], policy: str, survivors: int | None = None,
                     first_index: int = -1, plan: Any = None) -> GameTable:
    """:func:`play_games` with the typed engine run from its source (the same games)."""
    tables, problem = _compiled(board, plan)
    if problem is not None:
        raise ValueError(f"the typed engine cannot play this board: {problem}")
    if lnoe_has_library(board.scenario):
        return play_town_games(board, list(seeds), policy, survivors, first_index, plan, interpreted=True)
    engine = typed_source().Engine(tables)
    return _table(board, engine.play_batch(list(seeds), POLICY_CODES[policy],
                                           -1 if survivors is None else survivors, first_index),
                  engine.batch_points(), engine.batch_resources())


def _table(board: Board, arrays: tuple, points: Any = None, resources: Any = None) -> GameTable:
    import numpy as np

    seeds, rows, obj_counts, pairs, zone_counts, keys, values = arrays
    n = len(seeds)
    scores = np.array(points, dtype=np.int32) if getattr(board.scenario, "points", None) is not None else None
    names = tuple(typed_tables.resource_names(board.scenario))
    stock = np.array(resources, dtype=np.int32).reshape(n, len(names) + 1) if names else None
    return GameTable(seeds=np.frombuffer(seeds, dtype=np.int64).copy(),
                     scalars=np.frombuffer(rows, dtype=np.int32)[:n * typed_play.NSCALARS].reshape(
                         n, typed_play.NSCALARS).copy(),
                     objective_counts=np.frombuffer(obj_counts, dtype=np.int32)[:n].astype(np.uint16),
                     objectives=np.frombuffer(pairs, dtype=np.int32).astype(np.int16).reshape(-1, 2),
                     zone_counts=np.frombuffer(zone_counts, dtype=np.int32)[:n].astype(np.uint16),
                     zone_keys=np.frombuffer(keys, dtype=np.int32).astype(ZONE_KEY_DTYPE),
                     zone_values=np.frombuffer(values, dtype=np.int32).copy(),
                     zone_ids=tuple(board.zone_ids), objective_ids=tuple(board.obj_ids), points=scores,
                     resource_names=names, resources=stock)


def _check_seeds(seeds: list[int]) -> None:
    for s in seeds:
        if not 0 <= s < 2**63:
            raise ValueError(f"game seeds must be 0 <= seed < 2**63, got {s}")


def play_games(board: Board, seeds: list[int], policy: str, survivors: int | None = None,
               first_index: int = -1, plan: Any = None) -> GameTable:
    """Play one game per seed (each below 2**63) in the typed engine and return their table
    (``game`` numbered from ``first_index``, or -1 when it is negative): compiled where
    :func:`available`, run from its source otherwise (``DESIGNER_ENGINE=python``, no compiler),
    the same games. The caller checks :func:`unsupported` first (:func:`play_table` chooses)."""
    seeds = list(seeds)
    _check_seeds(seeds)
    if not isinstance(policy, str) or policy in CALLBACK_BOTS:  # one game at a time, deciding through the callback
        records = []
        for i, seed in enumerate(seeds):
            record = session.TypedGame(board, seed, policy, survivors=survivors, plan=plan).play()
            record["game"] = first_index + i if first_index >= 0 else -1
            records.append(record)
        return GameTable.from_records(records, board.zone_ids, board.obj_ids)
    if lnoe_has_library(board.scenario):
        return play_town_games(board, seeds, policy, survivors, first_index, plan)
    engine, lock = _locked(board, plan)
    with lock:
        arrays = engine.play_batch(seeds, POLICY_CODES[policy], -1 if survivors is None else survivors, first_index)
        points, resources = engine.batch_points(), engine.batch_resources()
    return _table(board, arrays, points, resources)


def play_range(board: Board, base_seed: int, start: int, stop: int, policy: str,
               survivors: int | None = None, plan: Any = None) -> GameTable:
    """Play games ``start..stop`` of a run with base seed ``base_seed`` (game ``i`` plays with
    :func:`designer.engine.batch.game_seed` ``(base_seed, i)``) and return their table. The
    caller checks :func:`unsupported` first."""
    if start < 0 or stop < start:
        raise ValueError(f"play_range: 0 <= start <= stop, got {start}..{stop}")
    return play_games(board, [game_seed(base_seed, i) for i in range(start, stop)], policy, survivors, start, plan)


def play_with_heroes(board: Board, seed: int, policy: str, survivors: int | None,
                     heroes: list[dict] | None, plan: Any = None,
                     resources: dict[str, int] | None = None) -> tuple[dict, list[dict]]:
    """Play one game, with heroes carried over from an earlier one (dicts with ``items``, ``xp``
    and ``wounds``) or, when ``heroes`` is None, a new team; return (``won``, ``cause``,
    ``turns`` and ``survivors`` of its record, the heroes alive at the end as
    :meth:`Game.heroes_out` gives them). ``resources``: the party's stock going in (a
    campaign's); the record then carries ``resources`` and ``resources_short``, as it does for a
    scenario that gains or spends one. The caller checks :func:`unsupported` first."""
    _check_seeds([seed])
    if not isinstance(policy, str) or policy in CALLBACK_BOTS:  # a Python callable decides through the callback
        game = session.TypedGame(board, seed, policy, survivors=survivors, plan=plan, heroes=heroes,
                                 resources=resources)
        r = game.play()
        keys = ("won", "cause", "turns", "survivors") + (("resources", "resources_short") if "resources" in r else ())
        return {k: r[k] for k in keys}, game.heroes_out()
    engine, lock, played = town_engine(board, seed, plan) if lnoe_has_library(board.scenario) \
        else (*_locked(board, plan), board)
    names = typed_tables.tables_for(played, plan)[0].names
    table = list(names)
    carried, carried_names = typed_carried(played, heroes, names)
    rnames = typed_tables.resource_names(board.scenario)
    with lock:
        if carried_names is not None:
            engine.lnoe_carry(carried_names)
        engine.set_resources([(resources or {}).get(n, -1) for n in rnames])
        engine.play_one(seed, POLICY_CODES[policy], -1 if survivors is None else survivors, carried)
        won, cause, turns, count = engine.result()
        out = engine.heroes_out()
        index = engine.lnoe_heroes()
        stock, order, short = engine.resources_out()
        engine.set_resources([-1] * len(rnames))  # the next batch starts with no stock
    record = {"won": won, "cause": CAUSES[cause], "turns": turns, "survivors": count}
    if resources is not None or rnames:
        record["resources"] = resource_stock(rnames, resources, stock, order)
        record["resources_short"] = short
    return record, session.hero_names(board, index, [{"items": [table[i] for i in items], "xp": xp, "wounds": wounds}
                                                      for items, xp, wounds in out])


# ---- OWNER: onecore: one choice of engine for every caller ----


def refuse(board: Board, reason: str, limit: int | None = None) -> EngineLimit:
    """The error of a game the typed engine cannot hold (:func:`unsupported`'s ``reason``),
    naming the scenario: an :class:`~designer.rules.limits.EngineLimit` (a ``ValueError``)."""
    sid = getattr(board.scenario, "id", "") or "?"
    return EngineLimit(f"scenario '{sid}': the engine cannot play this game: {reason}", sid, limit)


def play_table(board: Board, seeds: list[int], policy: Any, survivors: int | None = None, first_index: int = -1,
               plan: Any = None) -> GameTable:
    """Play one game per seed and return their table (``game`` numbered from ``first_index``,
    -1 when it is negative), by the one engine: the typed engine, compiled where it is built
    and run from its source otherwise (:func:`play_games`, the same games). A game
    :func:`unsupported` names a reason for (a party or a house board beyond the engine's rows)
    is refused (:class:`~designer.rules.limits.EngineLimit`)."""
    seeds = list(seeds)
    reason = unsupported(board, policy, survivors, plan=plan)
    if reason is not None:
        raise refuse(board, reason)
    return play_games(board, seeds, policy, survivors, first_index, plan)


def play_party(board: Board, seed: int, policy: Any, survivors: int | None, heroes: list[dict] | None,
               plan: Any = None, resources: dict[str, int] | None = None) -> tuple[dict, list[dict]]:
    """:func:`play_with_heroes` by the one engine (a campaign step's game): the typed engine,
    compiled or from its source; a game :func:`unsupported` names a reason for (more than
    :data:`MAX_SURVIVORS` heroes, a hero carrying more than :data:`MAX_ITEMS` items) is refused
    (:class:`~designer.rules.limits.EngineLimit`). Returns (the record, at least ``won``,
    ``cause``, ``turns`` and ``survivors``; the heroes alive at the end)."""
    reason = unsupported(board, policy, survivors, heroes, plan=plan)
    if reason is not None and heroes is not None and reason.startswith("heroes carry items"):
        # a card the board's tables do not list (a Growing Hunger event of another scenario) is
        # left behind: the engine's rows hold the board's cards (docs/engine.md, "deleted")
        names = _compiled(board, plan)[0].names
        heroes = [{**h, "items": [n for n in h.get("items", ()) if n in names],
                   **({"events": [n for n in h["events"] if n in names]} if "events" in h else {})} for h in heroes]
        reason = unsupported(board, policy, survivors, heroes, plan=plan)
    if reason is not None:
        raise refuse(board, reason)
    return play_with_heroes(board, seed, policy, survivors, heroes, plan, resources)


def played_by(board: Board, policy: Any, survivors: int | None = None, plan: Any = None) -> str:
    """Which engine plays a run's games: ``"core"``, the one engine (the typed engine, compiled
    or from its source; a game it cannot hold is refused when played)."""
    return "core"


class _GameType(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, (session.TypedGame, session.HandGame))


def _profile_board(board: Board, profile: Any) -> Board:
    """The board played with a built-in profile object (``Game(..., profile=)``): the board
    itself when the object is its scenario's profile, else a board of the scenario with
    ``setup.rules`` set to the object's id and overrides (an Eden variant is its base profile's
    id: Eden's monsters come from the scenario's infestation)."""
    from ..rules.profiles import profile_params
    from .profiles import check_profile

    check_profile(profile)
    rules = board.scenario.setup.rules
    overrides = dict(getattr(profile, "overrides", None) or {})
    if profile.id == rules.profile and profile.params == profile_params(rules.profile, rules.overrides):
        return board
    s = board.scenario
    setup = s.setup.model_copy(update={"rules": rules.model_copy(update={"profile": profile.id,
                                                                         "overrides": overrides})})
    return Board(s.model_copy(update={"setup": setup}))


class Game(metaclass=_GameType):
    """One game of a scenario, steppable (``designer.engine.Game``): the typed engine's
    :class:`~designer.engine.session.TypedGame`, compiled where it is built and from its
    source otherwise.

    ``Game(board, seed, policy, survivors=, log=, plan=, heroes=, resources=)`` gives a game with
    ``play()``, ``play_on(max_turns)``, ``play_turn()`` and the phases, ``copy()``, ``act()``,
    ``result()``, ``log``, ``log_lines()``, ``transcript()`` and ``heroes_out()``; ``state`` reads
    the position as a :class:`~designer.engine.state.GameState`. ``state=`` (a position built
    by hand) gives a :class:`~designer.engine.session.HandGame`, which steps the typed engine on
    that state and writes each step back into it; ``profile=`` (a built-in profile object of
    :mod:`designer.engine.profiles`) plays its id and overrides; a Python subclass of a profile
    is refused (:class:`~designer.engine.profiles.ProfileError`); ``resources=`` is the
    party's stock going in. A game beyond the engine's rows is refused
    (:class:`~designer.rules.limits.EngineLimit`, naming the limit and the scenario).
    ``isinstance(g, Game)`` holds for both kinds."""

    def __new__(cls, board: Board, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
                log: bool = False, plan: Any = None, heroes: list[dict] | None = None, state: Any = None,
                profile: Any = None, resources: dict[str, int] | None = None,
                compiled: bool | None = None) -> Any:
        if profile is not None:
            board = _profile_board(board, profile)
        reason = typed_reason(board, policy, plan, survivors)
        if reason is None and heroes is not None:
            reason = unsupported(board, policy, survivors, heroes, plan=plan)
        if reason is not None:
            raise refuse(board, reason)
        if state is not None:
            return session.HandGame(board, state, policy, plan=plan, log=log, compiled=compiled)
        return session.TypedGame(board, seed, policy, survivors=survivors, log=log, plan=plan, heroes=heroes,
                                 compiled=compiled, resources=resources)


if len(ZTYPES) > typed_play.MAX_TYPES:
    # more zombie types than the typed engine's fixed rows: no game is played until it is rebuilt
    _STALE = f"the typed engine holds {typed_play.MAX_TYPES} zombie types, the zombie table has {len(ZTYPES)}"


# -- single games --

def typed_reason(board: Board, policy: Any, plan: Any = None, survivors: int | None = None,
                 log: bool = False) -> str | None:
    """Why one game of this board cannot be played by the typed engine from Python (None when
    it can): :func:`unsupported`'s reasons, a bot named by a string counting as the Python
    callable it resolves to (``expert`` decides through the callback); with ``log``, the rules
    whose events the typed engine does not log yet (:func:`designer.engine.session.log_covers`)."""
    if isinstance(policy, str) and policy not in POLICY_CODES:
        from .policies import resolve_policy

        policy = resolve_policy(policy)
    reason = unsupported(board, policy, survivors, plan=plan)
    if reason is None and log:
        reason = session.log_covers(board)
    return reason


def open_game(board: Board, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
              log: bool = False, plan: Any = None, compiled: bool | None = None) -> Any:
    """One game ready to play: a :class:`~designer.engine.session.TypedGame` with ``play()``,
    ``result()``, ``log``, ``log_lines()`` and ``transcript()``; compiled where it is built,
    from its source where it is not or with ``DESIGNER_ENGINE=python``. A game beyond the
    engine's rows is refused (:class:`~designer.rules.limits.EngineLimit`)."""
    reason = typed_reason(board, policy, plan, survivors)
    if reason is not None:
        raise refuse(board, reason)
    return session.TypedGame(board, seed, policy, survivors=survivors, log=log, plan=plan, compiled=compiled)


def play(scenario: Any, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
         log: bool = False, board: Board | None = None, plan: Any = None) -> Any:
    """Play one game of a scenario from a seed and return its record (with ``log``, its events
    under ``"log"``): :func:`open_game`'s game.

    The same scenario, seed and policy always give the same game."""
    board = board or Board(scenario)
    game = open_game(board, seed, policy, survivors=survivors, log=log, plan=plan)
    result = game.play()
    if log:
        result["log"] = game.log
    return result


# -- board libraries: one typed engine per town (the town drawn per game: designer.engine.lnoe) --


def town_tables(board: Board, boards: tuple[str, ...], plan: Any = None) -> tuple[Any, Any, str | None]:
    """(the town's board, the typed engine's tables of it, why the typed engine cannot play it):
    :func:`designer.engine.towns.town_tables` once the town's rules pass :func:`_board_problem`
    (checked once per town, cached on the town's board)."""
    tb = lnoe_town_board(board, boards)
    key = ("typed-town-problem",)
    problem = tb.compiled.get(key, False)
    if problem is False:
        problem = tb.compiled[key] = _board_problem(tb, typed_tables.rule_profile(tb.scenario))
    if problem is not None:
        return tb, None, problem
    return lnoe_town_tables(board, boards, plan)


def town_problem(board: Any, plan: Any = None) -> str | None:
    """Why the typed engine cannot play some town of a board library (None when it plays
    every one)."""
    from ..town import iter_towns, town_key

    for boards in iter_towns(board.scenario.town):
        _, _, problem = town_tables(board, boards, plan)
        if problem is not None:
            return f"the town {town_key(boards)}: {problem}"
    return None


def town_engine(board: Any, seed: int, plan: Any = None, interpreted: bool = False) -> tuple[Any, Any, Any]:
    """(the typed engine of the town game ``seed`` plays, its lock, the town's board); with
    ``interpreted``, a new engine of the typed source (no lock)."""
    tb, tables, problem = town_tables(board, town_of_seed(board, seed), plan)
    if problem is not None:
        raise ValueError(f"the typed engine cannot play this board: {problem}")
    if interpreted:
        return typed_source().Engine(tables), None, tb
    engine, lock = _locked(tb, plan)
    return engine, lock, tb


def play_town_games(board: Any, seeds: list[int], policy: str, survivors: int | None = None,
                    first_index: int = -1, plan: Any = None, interpreted: bool = False) -> Any:
    """:func:`designer.engine.core.play_games` for a board library: the games grouped by the
    town their seed draws, each group played by its town's engine, the records written with the
    library's zone and objective indices, in the order of ``seeds``."""
    import numpy as np

    from .table import ZONE_KEY, GameTable

    by_town: dict[tuple[str, ...], list[int]] = {}
    for i, seed in enumerate(seeds):
        by_town.setdefault(town_of_seed(board, seed), []).append(i)
    parts: list[tuple[list[int], GameTable]] = []
    for boards, games in by_town.items():
        engine, lock, tb = town_engine(board, seeds[games[0]], plan, interpreted)
        group = [seeds[i] for i in games]
        code = POLICY_CODES[policy]
        n = -1 if survivors is None else survivors
        if lock is None:
            arrays = engine.play_batch(group, code, n, -1)
        else:
            with lock:
                arrays = engine.play_batch(group, code, n, -1)
        t = _table(tb, arrays)
        zmap = np.array([board.zone_index[z] for z in tb.zone_ids] or [0], dtype=np.int64)
        omap = np.array([board.obj_index[o] for o in tb.obj_ids] or [0], dtype=np.int64)
        keys = t.zone_keys.astype(np.int64)
        t.zone_keys = ((keys // ZONE_KEY) * ZONE_KEY + zmap[keys % ZONE_KEY]).astype(t.zone_keys.dtype)
        if len(t.objectives):
            t.objectives = t.objectives.copy()
            t.objectives[:, 0] = omap[t.objectives[:, 0].astype(np.int64)]
        parts.append((games, t))
    return _interleave(board, parts, len(seeds), first_index)


def _interleave(board: Any, parts: list, n: int, first_index: int) -> Any:
    """One table of the towns' tables, game ``i`` of the batch at row ``i``."""
    import numpy as np

    from .table import GameTable

    rows: list[Any] = [None] * n
    for games, t in parts:
        obj_end = np.cumsum(t.objective_counts, dtype=np.int64)
        zone_end = np.cumsum(t.zone_counts, dtype=np.int64)
        for k, i in enumerate(games):
            o1, z1 = int(obj_end[k]), int(zone_end[k])
            o0, z0 = o1 - int(t.objective_counts[k]), z1 - int(t.zone_counts[k])
            rows[i] = (t.seeds[k:k + 1], t.scalars[k:k + 1], t.objective_counts[k:k + 1], t.objectives[o0:o1],
                       t.zone_counts[k:k + 1], t.zone_keys[z0:z1], t.zone_values[z0:z1])
    if not rows:
        return GameTable.concat([], board.zone_ids, board.obj_ids)
    cols = [np.concatenate([r[c] for r in rows]) for c in range(7)]
    scalars = cols[1].copy()
    scalars[:, -1] = np.arange(first_index, first_index + n) if first_index >= 0 else -1
    return GameTable(seeds=cols[0], scalars=scalars, objective_counts=cols[2], objectives=cols[3],
                     zone_counts=cols[4], zone_keys=cols[5], zone_values=cols[6],
                     zone_ids=tuple(board.zone_ids), objective_ids=tuple(board.obj_ids))
