"""Streamed aggregates of a playtest: what a summary needs, counted with numpy from game tables.

A :class:`Tally` is computed from each chunk of games (:class:`~designer.engine.table.GameTable`)
as it comes back and merged with the others, so a run's summary never needs one row per game in
pandas and its memory does not grow with the number of games (beyond one byte a game, the won /
lost flag kept for paired comparisons). It holds counts only: games by cause and turn, deaths,
column sums and sums of squares, objectives taken (by turn, and in games won), per-zone totals and
the number of games with a count in each zone, and the victory steps the records witness.

Everything :func:`designer.analysis.metrics.summarize` prints is computed from a tally, whether
the games were just played, come from the results store, or come from a pandas frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

import numpy as np

from ..engine.table import CAUSES, DANGERS, SCALARS, ZONE_COUNTS, ZONE_KEY, ZONE_KEY_DTYPE, GameTable

__all__ = ["DEATH_CAUSES", "DRAW_CAUSES", "ENGINE_CAUSES", "RUNAWAY_SEEDS", "StepSpec", "Tally", "TallySpec", "spec_for",
           "step_label", "table_from_frames"]

SUM_COLUMNS: tuple[str, ...] = tuple(c for c in SCALARS if c not in ("seed", "game", "won", "cause", "max_danger"))
"""The record's numeric columns whose sums (and sums of squares) a tally keeps."""
DEATH_CAUSES = ("survivor_died", "all_dead")
"""Losses decided on the board by the survivors' deaths."""
DRAW_CAUSES = ("turn_limit", "stalled")
"""Games that ran out (dawn, the turn limit) or stalled rather than being decided on the board."""
ENGINE_CAUSES = ("runaway",)
"""Games the engine's hard bound stopped (``docs/engine.md``): rules that loop, not a loss the
scenario designed. Summaries report them on their own, never among the losses."""
RUNAWAY_SEEDS = 10
"""Seeds of the first runaway games a tally keeps, so that one can be replayed."""

_CAUSE = {c: i for i, c in enumerate(CAUSES)}


@dataclass(frozen=True)
class StepSpec:
    """One victory step as the records can witness it.

    ``witness`` is 'objectives' (the step's objectives were all taken; the turn is the last of
    them), 'kills' (the kill count was reached; the turn is known only when it is the step that
    ended the game), 'turns' (survive N turns) or 'win' (reaching a zone, escaping, clearing zones,
    opening doors: the records say nothing of these before the game is won).
    """

    label: str
    kind: str
    witness: str
    objectives: tuple[int, ...] = ()
    count: int = 0
    column: str = "kills"
    turns: int = 0


@dataclass(frozen=True)
class TallySpec:
    """What a tally counts for one scenario: its zone and objective ids and victory steps."""

    zone_ids: tuple[str, ...]
    objective_ids: tuple[str, ...]
    steps: tuple[StepSpec, ...] = ()
    ordered: bool = False
    turn_limit: int | None = None
    objective_kinds: tuple[str, ...] = ()
    """Each objective's kind (token, key, switch, item, search_marker), in file order."""
    needed_objectives: tuple[str, ...] = ()
    """Objectives a summary reports when no game takes them (all but search markers)."""
    notes: tuple[str, ...] = ()
    """What the set-up says before any game (:func:`designer.analysis.explain.setup_notes`)."""


def step_label(step: Any) -> str:
    """A victory step in a few words, as the summaries, the funnel and `designer show` print it."""
    k = step.kind
    if k == "take_objectives":
        return "take " + (", ".join(step.objectives) if step.objectives else "every token and key")
    if k == "kill":
        return f"kill {step.count}" + (f" {step.zombie}s" if step.zombie else "")
    if k == "reach_zone":
        return f"{step.who} reach " + " or ".join(step.zones)
    if k == "escape":
        return f"{step.who} escape"
    if k == "survive":
        return f"survive {step.turns} turns"
    if k == "clear_zones":
        return "clear " + ", ".join(step.zones)
    if k == "open_doors":
        return "open " + ", ".join(step.doors)
    if k == "no_zombies":
        return "no zombie on the board"
    if k == "doors_closed":
        return "closed " + ", ".join(step.doors)
    if k == "no_zombie_path":
        return "no zombie path into " + ", ".join(step.zones)
    if k == "carry_items":
        return f"carry {step.count} of {', '.join(step.items)} to " + " or ".join(step.zones)
    if k == "hold_zone":
        return f"{step.who} hold " + " or ".join(step.zones)
    return k


def spec_for(scenario: Any) -> TallySpec:
    """The tally spec of a scenario (zones and objectives in file order, as the engine indexes them)."""
    obj_ids = tuple(o.id for o in scenario.objectives)
    oindex = {o: i for i, o in enumerate(obj_ids)}
    steps = []
    for st in scenario.victory.steps:
        label = step_label(st)
        if st.kind == "take_objectives":
            ids = st.objectives or [o.id for o in scenario.objectives if o.kind in ("token", "key")]
            steps.append(StepSpec(label, st.kind, "objectives", objectives=tuple(oindex[o] for o in ids)))
        elif st.kind == "kill":
            steps.append(StepSpec(label, st.kind, "kills", count=st.count,
                                  column=f"kills_{st.zombie}" if st.zombie else "kills"))
        elif st.kind == "survive":
            steps.append(StepSpec(label, st.kind, "turns", turns=st.turns))
        else:
            steps.append(StepSpec(label, st.kind, "win"))
    from .explain import setup_notes

    return TallySpec(tuple(z.id for z in scenario.zones), obj_ids, tuple(steps), scenario.victory.ordered,
                     scenario.setup.turn_limit, tuple(o.kind for o in scenario.objectives),
                     tuple(o.id for o in scenario.objectives if o.kind != "search_marker"), setup_notes(scenario))


def _pad_add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a + b`` for count arrays whose last axis (turns, deaths) may differ in length."""
    if a.shape[-1] < b.shape[-1]:
        a, b = b, a
    out = a.copy()
    out[..., : b.shape[-1]] += b
    return out


def _hist(values: np.ndarray, width: int | None = None) -> np.ndarray:
    return np.bincount(values, minlength=width or 0).astype(np.int64) if len(values) else np.zeros(width or 1, np.int64)


@dataclass(eq=False)
class Tally:
    """Counts over a set of games (see the module's docstring). Merge tallies with ``+``."""

    n: int
    won: np.ndarray                 # uint8, one per game, in game order
    turns_by_cause: np.ndarray      # [cause code, turn] games
    deaths: np.ndarray              # [survivors dead] games
    col_sum: np.ndarray             # [SUM_COLUMNS] sums
    col_sq: np.ndarray              # [SUM_COLUMNS] sums of squares
    danger: np.ndarray              # [DANGERS] games by highest danger level
    obj_turns: np.ndarray           # [objective, turn] games that took it on that turn
    obj_won: np.ndarray             # [objective] games that took it and were won
    zone_sum: np.ndarray            # [ZONE_COUNTS, zone] totals
    zone_games: np.ndarray          # [ZONE_COUNTS, zone] games with a non-zero count there
    step_done: np.ndarray           # [step] games that completed it
    step_won: np.ndarray            # [step] games that completed it and were won
    step_reached: np.ndarray        # [step] games that got to it (completed the steps before, when ordered)
    step_turns: np.ndarray          # [step, turn] completions whose turn the record witnesses
    spec: TallySpec = field(repr=False)
    runaway_seeds: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    """The seeds of the first :data:`RUNAWAY_SEEDS` games the engine stopped, in game order."""

    # -- building ------------------------------------------------------------------------

    @classmethod
    def empty(cls, spec: TallySpec) -> "Tally":
        O, Z, S = len(spec.objective_ids), len(spec.zone_ids), len(spec.steps)
        return cls(0, np.zeros(0, np.uint8), np.zeros((len(CAUSES), 1), np.int64), np.zeros(1, np.int64),
                   np.zeros(len(SUM_COLUMNS)), np.zeros(len(SUM_COLUMNS)), np.zeros(len(DANGERS), np.int64),
                   np.zeros((O, 1), np.int64), np.zeros(O, np.int64), np.zeros((len(ZONE_COUNTS), Z)),
                   np.zeros((len(ZONE_COUNTS), Z), np.int64), np.zeros(S, np.int64), np.zeros(S, np.int64),
                   np.zeros(S, np.int64), np.zeros((S, 1), np.int64), spec)

    @classmethod
    def from_table(cls, table: GameTable, spec: TallySpec) -> "Tally":
        """Count one table of games (a chunk or a whole run)."""
        n = len(table)
        if n == 0:
            return cls.empty(spec)
        won = table.column("won").astype(bool)
        cause = table.column("cause").astype(np.int64)
        turns = table.column("turns").astype(np.int64)
        width = int(turns.max()) + 1
        C = len(CAUSES)
        turns_by_cause = _hist(cause * width + turns, C * width).reshape(C, width)
        deaths = _hist(table.column("survivors_dead").astype(np.int64))
        cols = np.stack([table.column(c).astype(np.float64) for c in SUM_COLUMNS])
        danger = _hist(table.column("max_danger").astype(np.int64), len(DANGERS))[: len(DANGERS)]
        # objectives: a dense (game, objective) turn matrix, -1 where not taken
        O = len(spec.objective_ids)
        taken = np.full((n, O), -1, dtype=np.int64)
        if len(table.objectives):
            taken[table.objective_rows(), table.objectives[:, 0].astype(np.int64)] = table.objectives[:, 1]
        ow = max(width, int(taken.max()) + 1 if O else 1)
        has = taken >= 0
        oi, gi = np.nonzero(has.T)
        obj_turns = _hist(oi * ow + taken[gi, oi], O * ow).reshape(O, ow) if O else np.zeros((0, 1), np.int64)
        obj_won = (has & won[:, None]).sum(axis=0).astype(np.int64)
        # zones
        Z, W = len(spec.zone_ids), len(ZONE_COUNTS)
        keys = table.zone_keys.astype(np.int64)
        flat = (keys // ZONE_KEY) * Z + keys % ZONE_KEY
        zone_sum = np.bincount(flat, weights=table.zone_values.astype(np.float64), minlength=W * Z).reshape(W, Z)
        zone_games = np.bincount(flat, minlength=W * Z).astype(np.int64).reshape(W, Z)
        # victory steps
        S = len(spec.steps)
        done = np.zeros((S, n), dtype=bool)
        when = np.full((S, n), -1, dtype=np.int64)
        death = np.isin(cause, [_CAUSE[c] for c in DEATH_CAUSES])
        for k, st in enumerate(spec.steps):
            if st.witness == "objectives":
                sub = taken[:, list(st.objectives)] if st.objectives else np.zeros((n, 0), np.int64)
                done[k] = (sub >= 0).all(axis=1)
                when[k] = np.where(done[k], sub.max(axis=1, initial=0), -1)
            elif st.witness == "kills":
                done[k] = table.column(st.column) >= st.count
            elif st.witness == "turns":
                done[k] = won | (turns > st.turns) | ((turns == st.turns) & ~death)
                when[k] = np.where(done[k], st.turns, -1)
            else:
                done[k] = won
            done[k] |= won
        if S:
            last = S - 1 if spec.ordered or S == 1 else -1
            for k, st in enumerate(spec.steps):
                if st.witness in ("kills", "win") and (k == last or S == 1):
                    when[k] = np.where(won, turns, when[k])
            if spec.ordered:
                for k in range(1, S):
                    done[k] &= done[k - 1]
            reached = np.ones((S, n), dtype=bool)
            if spec.ordered:
                reached[1:] = done[:-1]
        else:
            reached = done
        sw = max(width, int(when.max()) + 1 if S else 1)
        si, gj = np.nonzero(when >= 0)
        step_turns = _hist(si * sw + when[si, gj], S * sw).reshape(S, sw) if S else np.zeros((0, 1), np.int64)
        runaway = np.isin(cause, [_CAUSE[c] for c in ENGINE_CAUSES])
        return cls(n, won.astype(np.uint8), turns_by_cause, deaths, cols.sum(axis=1), (cols * cols).sum(axis=1),
                   danger, obj_turns, obj_won, zone_sum, zone_games, done.sum(axis=1).astype(np.int64),
                   (done & won).sum(axis=1).astype(np.int64), reached.sum(axis=1).astype(np.int64), step_turns, spec,
                   table.seeds[runaway][:RUNAWAY_SEEDS].astype(np.int64))

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(self.n + other.n, np.concatenate([self.won, other.won]),
                     _pad_add(self.turns_by_cause, other.turns_by_cause), _pad_add(self.deaths, other.deaths),
                     self.col_sum + other.col_sum, self.col_sq + other.col_sq, self.danger + other.danger,
                     _pad_add(self.obj_turns, other.obj_turns), self.obj_won + other.obj_won,
                     self.zone_sum + other.zone_sum, self.zone_games + other.zone_games,
                     self.step_done + other.step_done, self.step_won + other.step_won,
                     self.step_reached + other.step_reached, _pad_add(self.step_turns, other.step_turns), self.spec,
                     np.concatenate([self.runaway_seeds, other.runaway_seeds])[:RUNAWAY_SEEDS])

    @classmethod
    def merge(cls, tallies: Iterable["Tally"], spec: TallySpec) -> "Tally":
        """One tally of several, in game order."""
        parts = list(tallies)
        if not parts:
            return cls.empty(spec)
        out = parts[0]
        for t in parts[1:]:
            out = out + t
        return out

    def __len__(self) -> int:
        return self.n

    # -- reading -------------------------------------------------------------------------

    @property
    def wins(self) -> int:
        return int(self.turns_by_cause[_CAUSE[""]].sum())

    def cause_counts(self) -> dict[str, int]:
        """Games by cause ('' for a win)."""
        return {c: int(v) for c, v in zip(CAUSES, self.turns_by_cause.sum(axis=1))}

    def turns_hist(self) -> np.ndarray:
        """Games by the turn they ended on (index = turn)."""
        return self.turns_by_cause.sum(axis=0)

    def column_mean(self, name: str) -> float:
        return float(self.col_sum[SUM_COLUMNS.index(name)] / self.n) if self.n else float("nan")

    def column_sums(self, name: str) -> tuple[float, float]:
        i = SUM_COLUMNS.index(name)
        return float(self.col_sum[i]), float(self.col_sq[i])

    def obj_taken(self) -> np.ndarray:
        return self.obj_turns.sum(axis=1)


def hist_median(hist: np.ndarray) -> float:
    """The median of values given as a histogram (index = value), as pandas computes it."""
    n = int(hist.sum())
    if n == 0:
        return float("nan")
    cum = np.cumsum(hist)
    lo = int(np.searchsorted(cum, (n - 1) // 2 + 1))
    hi = int(np.searchsorted(cum, n // 2 + 1))
    return (lo + hi) / 2


def hist_quantile(hist: np.ndarray, q: float) -> float:
    """The smallest value with at least a share ``q`` of the values at or below it."""
    n = int(hist.sum())
    if n == 0:
        return float("nan")
    return float(np.searchsorted(np.cumsum(hist), max(1, int(np.ceil(q * n)))))


def _codes(column: Any, index: dict[str, int]) -> np.ndarray:
    """Indices of a text or categorical column's values in ``index``."""
    if hasattr(column, "cat"):
        lookup = np.array([index[c] for c in column.cat.categories], dtype=np.int64)
        return lookup[column.cat.codes.to_numpy()]
    return column.map(index).to_numpy(dtype=np.int64)


def table_from_frames(games: Any, zone_games: Any, zone_ids: Iterable[str], objective_ids: Iterable[str]) -> GameTable:
    """A game table from the pandas frames of a run (the games table and the per-zone, per-game
    counts, as the results store keeps them), for the same counts as the games just played."""
    zone_ids, objective_ids = tuple(zone_ids), tuple(objective_ids)
    n = len(games)
    scalars = np.zeros((n, len(SCALARS) - 1), dtype=np.int32)
    for j, name in enumerate(SCALARS[1:]):
        if name == "cause":
            col = games["cause"].fillna("").map({"won": 0, **_CAUSE}).to_numpy()
        elif name == "max_danger":
            col = games["max_danger"].map({d: i for i, d in enumerate(DANGERS)}).to_numpy()
        elif name in games:
            col = games[name].to_numpy()
        else:
            col = np.full(n, -1)
        scalars[:, j] = np.asarray(col, dtype=np.int64)
    obj_entries, obj_counts = [], np.zeros(n, np.int64)
    for o, oid in enumerate(objective_ids):
        col = f"objective_{oid}"
        if col in games:
            vals = games[col].to_numpy(dtype="float64", na_value=np.nan)
            rows = np.nonzero(~np.isnan(vals))[0]
            obj_entries.append(np.stack([rows, np.full(len(rows), o), vals[rows].astype(np.int64)], axis=1))
    objectives = np.concatenate(obj_entries) if obj_entries else np.zeros((0, 3), np.int64)
    objectives = objectives[np.lexsort((objectives[:, 2], objectives[:, 0]))] if len(objectives) else objectives
    if len(objectives):
        obj_counts = np.bincount(objectives[:, 0], minlength=n)
    zindex = {z: i for i, z in enumerate(zone_ids)}
    windex = {w: i for i, w in enumerate(ZONE_COUNTS)}
    if len(zone_games):
        gpos = np.full(int(games["game"].max()) + 1, -1, dtype=np.int64)
        gpos[games["game"].to_numpy(dtype=np.int64)] = np.arange(n)
        rows = gpos[zone_games["game"].to_numpy(dtype=np.int64)]
        keys = _codes(zone_games["what"], windex) * ZONE_KEY + _codes(zone_games["zone"], zindex)
        order = np.lexsort((keys, rows))
        rows, keys, values = rows[order], keys[order], zone_games["count"].to_numpy(dtype=np.int64)[order]
        zone_counts = np.bincount(rows, minlength=n)
    else:
        keys, values, zone_counts = np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(n, np.int64)
    return GameTable(games["seed"].to_numpy(dtype=np.int64) if n else np.zeros(0, np.int64), scalars,
                     obj_counts.astype(np.uint16), objectives[:, 1:].astype(np.int16),
                     zone_counts.astype(np.uint16), keys.astype(ZONE_KEY_DTYPE), values.astype(np.int32),
                     zone_ids, objective_ids)

