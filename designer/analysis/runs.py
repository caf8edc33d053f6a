"""Monte Carlo playtests: many seeded games of a scenario, as pandas tables, cached in the store.

>>> import designer
>>> r = designer.playtest(designer.load("scenarios/seul-dans-le-noir.json"), n=2000, seed=1)  # doctest: +SKIP
>>> r.summary()["win_rate"]                                                                  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import core
from ..engine.batch import ENGINE_VERSION, board_for, executor_for, play_chunk, run_chunks, run_games
from ..engine.scheduling import CALIBRATION_S, PARALLEL_GAIN, WORKER_START_S, calibrate, choose_executor, usable_cores
from ..engine.table import CAUSES, DANGERS, SCALARS, ZONE_COUNTS, ZONE_KEY, GameTable
from ..io.files import atomic_write, dumps, write_text_atomic
from ..model.scenario import Scenario
from .metrics import curves, funnel, objectives_table, summary_of, zone_table
from .progress import ticker
from .stats import wilson
from .tally import Tally, TallySpec, spec_for

__all__ = ["cached_plan", "plan_folder", "CALIBRATION_S", "KEEP_GAMES", "PARALLEL_GAIN", "STORE_MAX_GAMES", "WORKER_START_S", "PlaytestResult", "WON",
           "choose_executor", "playtest", "read_games", "scenario_hash", "sweep", "usable_cores"]

KEEP_GAMES = 200_000
"""Runs up to this many games keep their game table (per-game frames on demand); longer runs keep
only their streamed aggregates unless ``keep_games=True`` is asked for."""

STORE_MAX_GAMES = 200_000
"""Runs longer than this are not written to the results store: a run is stored from its game
table, which only runs of up to :data:`KEEP_GAMES` games keep (memory stays flat in longer runs),
and a million games would take about 36 MB of the store for what the summary already holds."""

WON = "won"
"""The ``cause`` of a won game in the games table, in Parquet and CSV alike (never an empty cell)."""


def plan_folder() -> Path | None:
    """Where :func:`cached_plan` keeps the bots' plans: ``DESIGNER_PLANS``, else a folder
    ``plans`` beside the user's results store (``DESIGNER_RESULTS``'s folder); None when
    ``DESIGNER_PLANS`` is ``off``."""
    named = os.environ.get("DESIGNER_PLANS")
    if named == "off":
        return None
    if named:
        return Path(named)
    store = os.environ.get("DESIGNER_RESULTS") or Path.home() / ".local" / "share" / "scenario-designer" / "x"
    return Path(store).parent / "plans"  # the folder of designer.analysis.store.DEFAULT_STORE


def cached_plan(scenario: Scenario, text: str | None = None) -> Any:
    """The bots' witness plan (:func:`designer.plans.bot_plan`), kept on disk per scenario version
    and engine version (:data:`ENGINE_VERSION` hashes the planner's sources too), so that a
    playtest of a version played before needs neither the planner nor its import (about 0.06 s
    of a 0.5 s start). A plan is kept only when the search gave it without a problem (a search
    that stopped or failed warns at every run, as :func:`~designer.plans.bot_plan` does); an
    unreadable cache file is searched again and rewritten."""
    import json

    from ..engine.view import PlanSet, PlanStep

    def steps(rows: Any) -> tuple:
        return tuple(PlanStep(*map(str, step)) for step in rows)

    text = dumps(scenario) if text is None else text
    folder = plan_folder()
    where = None
    if folder is not None:
        key = hashlib.sha256(f"{ENGINE_VERSION}\n{text}".encode("utf-8")).hexdigest()[:32]
        where = folder / f"{key}.json"
        try:
            kept = json.loads(where.read_text(encoding="utf-8"))
            if isinstance(kept, dict):  # a plan per start zone (designer.plans.plans_per_start)
                return PlanSet(steps(kept["default"]), [(z, steps(p)) for z, p in kept["by_start"]])
            return steps(kept)
        except (OSError, ValueError, TypeError):
            pass
    from ..plans import bot_plan, bot_plan_report

    plan, problem = bot_plan_report(scenario)
    if problem is not None:
        return bot_plan(scenario)  # warns (the search is cached in this process)
    if where is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            rows = [list(step) for step in plan]
            by_start = getattr(plan, "by_start", None)
            write_text_atomic(where, json.dumps(rows if by_start is None else {
                "default": rows, "by_start": [[z, [list(step) for step in p]] for z, p in by_start]}))
        except OSError:
            pass  # a folder that cannot be written: the plan is searched again next time
    return plan


def scenario_hash(scenario: Scenario, text: str | None = None) -> str:
    """Content hash of a scenario (its stable JSON text; ``text``: that text, already written)."""
    return hashlib.sha256((dumps(scenario) if text is None else text).encode("utf-8")).hexdigest()[:16]


@dataclass(eq=False)
class PlaytestResult:
    """One run: its streamed aggregates (``tally``), what the run was (``meta``), and the game
    table when kept. ``games`` (one row per game) and ``zone_games`` (per zone, per game) are
    pandas frames built on first use; ``zones`` (per-zone totals) comes from the aggregates."""

    tally: Tally
    meta: dict[str, Any]
    interrupted: bool = False
    cached: bool = False
    table: GameTable | None = field(default=None, repr=False)
    _frames: tuple[Any, Any] | None = field(default=None, repr=False)
    _zones: Any = field(default=None, repr=False)
    _replay: tuple | None = field(default=None, repr=False)

    # -- frames, built when asked -------------------------------------------------------

    def _build_frames(self) -> tuple[Any, Any]:
        if self._frames is None:
            if self.table is None:
                if self._replay is None or self.interrupted:
                    raise ValueError(f"this run of {self.meta['n']:,} games kept only its aggregates (runs of more "
                                     f"than {KEEP_GAMES:,} games do); play it with keep_games=True for per-game "
                                     "tables")
                # the games are played again from their seeds: the same games, no table kept meanwhile
                text, policy, survivors, workers, executor, plan = self._replay
                table, _ = run_games(text, self.tally.n, self.meta["base_seed"], policy, survivors=survivors,
                                     workers=workers, executor=executor, plan=plan)
                return games_frames(table)
            self._frames = games_frames(self.table)
        return self._frames

    @property
    def games(self):
        """One row per game (pandas); see docs/playtest.md for every column. A run that kept only
        its aggregates plays its games again from their seeds (the same games) and does not keep
        the frame, so memory stays flat."""
        return self._build_frames()[0]

    @property
    def zone_games(self):
        """Per-zone, per-game counts in long form: game, zone, what (deaths, kills, visits), count."""
        return self._build_frames()[1]

    @property
    def zones(self):
        """Per-zone totals, per game, share of games with a death there, risk per visit."""
        if self._zones is None:
            self._zones = zone_table(self.tally, self.meta.get("zone_names"))
        return self._zones

    # -- figures --------------------------------------------------------------------------

    def reproducibility(self) -> dict[str, Any]:
        """What it takes to play this run again: seed, games, engine version, scenario hash,
        policy, survivors, date and the command."""
        m = self.meta
        return {"seed": m["base_seed"], "games": self.tally.n, "engine_version": m["engine_version"],
                "scenario_hash": m["scenario_hash"], "scenario_id": m["scenario_id"], "policy": m["policy"],
                "survivors": m["survivors"], "date": m["date"], "command": m["command"],
                "played_by": m.get("played_by", ""), "designer_version": m.get("designer_version", "")}

    def summary(self) -> dict[str, Any]:
        """Win rate with its 95 % Wilson interval, losses by cause, turns, deaths, kills, spawns,
        objectives, victory steps, balance measures, deadliest zones (every share with its
        interval), and the reproducibility block."""
        out = summary_of(self.tally, self.meta.get("zone_names"))
        out.update({k: self.meta[k] for k in ("scenario_id", "scenario_title", "policy", "base_seed",
                                               "survivors", "engine_version", "scenario_hash")})
        out["played_by"] = self.meta.get("played_by", "")
        out["label"] = self.meta.get("label")
        out["interrupted"] = self.interrupted
        out["cached"] = self.cached
        out["executor"] = self.meta.get("executor")
        out["reproducibility"] = self.reproducibility()
        if self.meta.get("skill_band"):
            out["skill_band"] = self.meta["skill_band"]
        return out

    def win_rate(self) -> tuple[float, float, float]:
        return wilson(self.tally.wins, self.tally.n)

    def curves(self):
        """Per-turn survival, completion and still-playing shares with bands (pandas)."""
        return curves(self.tally)

    def funnel(self):
        """The funnel along the victory steps (pandas)."""
        return funnel(self.tally)

    def objectives(self):
        """Each objective: share taken (interval), median turn, P(win | taken) (pandas)."""
        return objectives_table(self.tally)

    def save(self, path: str | os.PathLike[str], zones: bool = False) -> list[Path]:
        """Write the games table as CSV or Parquet (by the file's extension), atomically; with
        ``zones``, also the per-zone, per-game counts beside it (``NAME.zones.csv`` /
        ``NAME.zones.parquet``). Returns the paths written."""
        path = Path(path)
        if path.suffix not in (".parquet", ".csv"):
            raise ValueError(f"{path}: expected a .csv or .parquet file")
        written = [_write_frame(self.games, path)]
        if zones:
            written.append(_write_frame(self.zone_games, path.with_name(f"{path.stem}.zones{path.suffix}")))
        return written


def _write_frame(df: Any, path: Path) -> Path:
    if path.suffix == ".parquet":
        with atomic_write(path, binary=True) as f:
            df.to_parquet(f, index=False)
    else:
        write_text_atomic(path, df.to_csv(index=False))
    return path


OBJECTIVE_DTYPE = "Int16"
"""Objective columns (the turn the objective was taken, empty when it was not) are nullable
integers, whether or not every game took the objective."""


def games_frames(table: GameTable) -> tuple[Any, Any]:
    """The games (one row each, objectives as nullable turn columns) and the per-zone, per-game
    counts of a table, in the stable schema of docs/playtest.md."""
    import pandas as pd

    cols = {name: table.column(name).astype(np.int64) for name in SCALARS}
    games = pd.DataFrame({k: cols[k] for k in ("game", "seed")})
    games["won"] = cols["won"].astype(bool)
    games["cause"] = np.array((WON, *CAUSES[1:]), dtype=object)[cols["cause"]]
    for k in SCALARS:
        if k not in ("game", "seed", "won", "cause", "max_danger"):
            games[k] = cols[k]
        elif k == "max_danger":
            games[k] = np.array(DANGERS, dtype=object)[cols[k]]
    obj_rows = table.objective_rows()
    for i, o in enumerate(table.objective_ids):
        col = np.zeros(len(table), dtype=np.int16)
        mask = np.ones(len(table), dtype=bool)
        mine = table.objectives[:, 0] == i
        col[obj_rows[mine]] = table.objectives[mine, 1]
        mask[obj_rows[mine]] = False
        games[f"objective_{o}"] = pd.arrays.IntegerArray(col, mask)
    keys = table.zone_keys.astype(np.int64)
    # zone and what as categoricals: a million entries cost codes, not a million Python strings
    zone_games = pd.DataFrame({"game": cols["game"][table.zone_rows()],
                               "zone": pd.Categorical.from_codes(keys % ZONE_KEY, categories=list(table.zone_ids)),
                               "what": pd.Categorical.from_codes(keys // ZONE_KEY, categories=list(ZONE_COUNTS)),
                               "count": table.zone_values.astype(np.int64)})
    return games, zone_games


def read_games(path: str | os.PathLike[str]):
    """Read a games table written by :meth:`PlaytestResult.save` (CSV or Parquet) with the stable
    dtypes: objective columns as nullable integers, ``won`` as bool, ``cause`` as text."""
    import pandas as pd

    path = Path(path)
    if path.suffix == ".parquet":
        df = pd.read_parquet(path)
    elif path.suffix == ".csv":
        df = pd.read_csv(path, keep_default_na=False, na_values={c: [""] for c in _objective_cols(path)})
    else:
        raise ValueError(f"{path}: expected a .csv or .parquet file")
    for c in df.columns:
        if c.startswith("objective_"):
            df[c] = df[c].astype(OBJECTIVE_DTYPE)
    if "won" in df:
        df["won"] = df["won"].astype(bool)
    if "cause" in df:
        df["cause"] = df["cause"].mask(df["cause"] == "", WON)  # files written before the "won" encoding
    return df


def _objective_cols(path: Path) -> list[str]:
    with open(path, encoding="utf-8") as f:
        header = f.readline().strip().split(",")
    return [c for c in header if c.startswith("objective_")]


@dataclass(eq=False)
class _Chunk:
    """A chunk's aggregates, and its table when the run keeps it (``len`` = games, for the bar)."""

    tally: Tally
    table: GameTable | None

    def __len__(self) -> int:
        return self.tally.n


def play_tally(scenario_json: str, policy: Any, base_seed: int, survivors: int | None, spec: TallySpec,
               keep: bool, start: int, stop: int, plan: Any = None) -> _Chunk:
    """Play games ``start..stop`` and count them (on a worker: only the counts travel back unless
    the table is kept). ``plan`` is the bots' witness plan."""
    table = play_chunk(scenario_json, policy, base_seed, survivors, start, stop, plan)
    return _Chunk(Tally.from_table(table, spec), table if keep else None)


def _combine(parts: list[_Chunk], spec: TallySpec, board: Any) -> tuple[Tally, GameTable | None]:
    tally = Tally.merge((p.tally for p in parts), spec)
    tables = [p.table for p in parts if p.table is not None]
    table = GameTable.concat(tables, board.zone_ids, board.obj_ids) if len(tables) == len(parts) else None
    return tally, table


def play_tally_from(offset: int, scenario_json: str, policy: Any, base_seed: int, survivors: int | None,
                    spec: TallySpec, keep: bool, start: int, stop: int, plan: Any = None) -> _Chunk:
    """:func:`play_tally` of games ``offset + start .. offset + stop`` (the rest of a run whose
    first games were played to measure their cost)."""
    return play_tally(scenario_json, policy, base_seed, survivors, spec, keep, offset + start, offset + stop, plan)


def _calibrate(args: tuple, n: int, plan: Any, tick: Any, parts: list[_Chunk]) -> float:
    """Play the first games of a run here until they took :data:`CALIBRATION_S` of CPU time
    (:func:`designer.engine.scheduling.calibrate`; appended to ``parts``): the CPU seconds a game cost."""
    return calibrate(lambda start, stop: play_tally(*args, start, stop, plan=plan), n, tick, parts)


def _plays_today(table: GameTable, text: str, policy: str, seed: int, survivors: int | None, plan: Any) -> bool:
    """Whether a stored run is what this engine plays: its first game, played again here, has the
    same record, with the same columns (a victory points mission's ``points``, the resources) as
    the stored one. A run stored under this engine version always is, unless the version missed a
    change to what the games depend on, or the store that saved it kept fewer columns (runs of
    victory points missions stored before the store kept ``points`` read back with None)."""
    if not len(table):
        return True
    today = play_chunk(text, policy, seed, survivors, 0, 1, plan)
    return (table.points is None) == (today.points is None) and (table.resources is None) == (today.resources is None) \
        and table.head(1).records() == today.records()


def _library_command(scenario: Scenario, n: int, seed: int, policy: str, survivors: int | None) -> str:
    extra = f", survivors={survivors}" if survivors is not None else ""
    return f"designer.playtest(<{scenario.id} {scenario_hash(scenario)}>, n={n}, seed={seed}, policy={policy!r}{extra})"


def playtest(scenario: Scenario, n: int = 2000, seed: int = 1, policy: Any = "greedy", workers: int | None = None,
             executor: Any = None, *, survivors: int | None = None, store: Any = "default",
             progress: bool | None = None, chunk_size: int | None = None,
             on_progress: Any = None, keep_games: bool | None = None, command: str | None = None,
             label: str | None = None) -> PlaytestResult:
    """Play ``n`` seeded games of a scenario: streamed aggregates, and the game table when kept.

    Parameters
    ----------
    scenario : Scenario
    n : int
        Number of games.
    seed : int
        Base seed: game ``i`` plays with a seed derived from (seed, i), so the results do not depend
        on the chunking, the number of workers or the executor.
    policy : str or callable
        'greedy', 'cautious', 'random', or a picklable callable.
    workers : int, optional
        Local worker processes (forces them). By default the run's first games, played in this
        process, measure what a game costs, and the rest plays here or on worker processes,
        whichever is estimated faster for the run's size and the spare cores
        (:func:`choose_executor`; the choice is in ``meta["executor"]``, see docs/playtest.md).
    executor : optional
        None or 'local' (process pool), 'serial', a ``dask.distributed.Client``, or a scheduler
        address ('tcp://host:8786').
    survivors : int, optional
        Number of survivors (default: the scenario's, at most 4).
    store : path, ResultsStore or None
        The results store (None: do not store or look up; 'default': the user's store). Runs of
        more than :data:`STORE_MAX_GAMES` games are not stored.
    progress : bool, optional
        Show a progress bar (default: when n >= 1000).
    on_progress : callable, optional
        Called with the number of games each finished chunk played (a notebook panel's bar).
    keep_games : bool, optional
        Keep the game table for per-game frames (default: when n <= :data:`KEEP_GAMES`); the
        summary, curves, funnel and zone totals never need it.
    command : str, optional
        The command that asked for the run, for the reproducibility block (the CLI passes its own).
    label : str, optional
        A free-text label kept with the run in the store (for example 'shorter night'); asking
        again for a stored run with another label relabels it.
    """
    from .. import __version__

    text = dumps(scenario)
    policy_key = policy if isinstance(policy, str) else None
    board = board_for(text)
    spec = spec_for(scenario)
    meta = {"scenario_id": scenario.id, "scenario_title": scenario.meta.title, "scenario_hash": scenario_hash(scenario, text),
            "engine_version": ENGINE_VERSION, "policy": policy_key or getattr(policy, "__name__", "custom"),
            "survivors": survivors, "base_seed": seed, "n": n, "designer_version": __version__,
            "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "command": command or _library_command(scenario, n, seed, policy_key or "custom", survivors),
            "zone_names": {z.id: z.name or z.id for z in scenario.zones}, "label": label}
    plan = cached_plan(scenario, text)
    meta["played_by"] = core.played_by(board, policy, survivors, plan=plan)
    keep = n <= KEEP_GAMES if keep_games is None else keep_games
    db = None
    if store is not None and policy_key is not None and n <= STORE_MAX_GAMES:  # longer runs are never stored
        from .store import DEFAULT_STORE, ResultsStore

        db = store if isinstance(store, ResultsStore) else ResultsStore(DEFAULT_STORE if store == "default" else store)
    if db is not None:
        found = db.find_table(meta["scenario_hash"], ENGINE_VERSION, policy_key, survivors, seed, n,
                              spec.zone_ids, spec.objective_ids)
        if found is not None and not _plays_today(found[0], text, policy_key, seed, survivors, plan):
            found = None  # stored by an engine that played otherwise: played again, and stored beside it
        if found is not None:
            table, stored = found
            if label is not None and label != stored["label"]:
                db.set_label(stored["run_id"], label)
            meta.update(run_id=stored["run_id"], label=label if label is not None else stored["label"])
            return PlaytestResult(Tally.from_table(table, spec), meta, cached=True, table=table)
    args = (text, policy, seed, survivors, spec, keep)
    first: list[_Chunk] = []
    interrupted = False
    with ticker(n, scenario.id, "game", progress if progress is not None else n >= 1000, on_progress) as tick:
        if workers is None and executor is None:
            # no executor asked for: the first games, played here, say what a game costs; the rest
            # of the run plays here or on worker processes, whichever is estimated faster
            cost = 0.0
            try:
                cost = _calibrate(args, n, plan, tick, first)
            except KeyboardInterrupt:
                interrupted = True
            played = sum(len(c) for c in first)
            choice = choose_executor(cost, n - played)
            meta["executor"] = dict(choice, calibration_games=played)
            executor, workers = choice["executor"], (choice["workers"] if choice["executor"] == "local" else None)
        played = sum(len(c) for c in first)
        rest: list[_Chunk] = []
        if played < n and not interrupted:
            run_executor, run_chunk = executor_for(board, n - played, policy, survivors, workers, executor, chunk_size,
                                                   plan)
            rest, interrupted = run_chunks(functools.partial(play_tally_from, played, plan=plan), args, n - played,
                                           workers=workers, executor=run_executor, chunk_size=run_chunk,
                                           on_chunk=tick, combine=list)
        tally, table = _combine(first + rest, spec, board)
    result = PlaytestResult(tally, meta, interrupted, table=table,
                            _replay=(text, policy, survivors, workers, executor, plan))
    if db is not None and table is not None and not interrupted and len(table) == n <= STORE_MAX_GAMES:
        meta["run_id"] = db.save_table(meta, table, scenario_json=text, label=label)  # no pandas: rows from the arrays
    return result


def sweep(scenario: Scenario, parameter: str, values: list[Any], n: int = 500, seed: int = 1,
          policy: Any = "greedy", **options: Any):
    """Win rate (with interval) and turns for each value of one parameter.

    ``parameter`` is 'survivors', 'policy', 'turn_limit', or 'rule:<override>' (a rule profile
    override such as 'rule:actions').
    """
    command = options.pop("command", None)
    rows = []
    for value in values:
        s, kw = scenario, dict(options)
        pol = policy
        if parameter == "survivors":
            kw["survivors"] = value
        elif parameter == "policy":
            pol = value
        elif parameter == "turn_limit":
            s = scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"turn_limit": value})})
        elif parameter.startswith("rule:"):
            rules = scenario.setup.rules
            overrides = {**rules.overrides, parameter[5:]: value}
            s = scenario.model_copy(update={"setup": scenario.setup.model_copy(
                update={"rules": rules.model_copy(update={"overrides": overrides})})})
        else:
            raise ValueError(f"unknown sweep parameter '{parameter}'; expected survivors, policy, turn_limit "
                             "or rule:<override>")
        r = playtest(s, n=n, seed=seed, policy=pol, progress=False, **kw)
        p, lo, hi = r.win_rate()
        summary = r.summary()
        rows.append({parameter: value, "games": r.tally.n, "win_rate": p, "low": lo, "high": hi,
                     "median_turns": summary["turns"].get("median", float("nan")),
                     "deaths_per_game": summary["deaths_per_game"]})
    import pandas as pd

    table = pd.DataFrame(rows)
    table.attrs["reproducibility"] = {
        "seed": seed, "games": n, "engine_version": ENGINE_VERSION, "scenario_hash": scenario_hash(scenario),
        "scenario_id": scenario.id, "policy": policy if isinstance(policy, str) else getattr(policy, "__name__", "custom"),
        "parameter": parameter, "values": list(values),
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "command": command or f"designer.analysis.sweep(<{scenario.id} {scenario_hash(scenario)}>, "
                                            f"{parameter!r}, {list(values)!r}, n={n}, seed={seed})"}
    return table
