"""Playtests of variants, module combinations, weather and random purchases.

- :func:`playtest_options` plays one selection (a variant and modules, or the base game). When
  the scenario has a weather table, each game rolls its own weather from its seed; with
  ``purchases=True`` each game buys a random kit (and zombie pool) within the budget, from its
  seed too. Both draws use their own random streams (:func:`designer.variants.setup_rng`), never
  the engine's dice, so game ``i`` is the same engine game whatever it rolled or bought. The
  result holds the usual playtest result over all games and splits it by weather row, by
  purchase and by item bought.
- :func:`playtest_variants` plays every allowed selection on the same seeds and compares each
  with the base game (:func:`designer.analysis.compare.compare_results`: difference with its
  interval, McNemar on the games that flipped).

>>> import designer
>>> from designer.analysis.variant_runs import playtest_options
>>> r = playtest_options(designer.load("scenarios/frozen-depot.json"), n=2000)   # doctest: +SKIP
>>> r.by_weather()[["weather", "games", "win_rate", "low", "high"]]                # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine import core
from ..engine.batch import ENGINE_VERSION, board_for, game_seed, run_chunks
from ..engine.board import Board
from ..engine.table import SCALARS, GameTable
from ..io.files import dumps
from ..model.scenario import Scenario
from ..plans import bot_plan
from ..variants import (
    Purchase,
    Selection,
    derive,
    draw_purchase,
    iter_selections,
    parse_selection,
    roll_2d6,
    with_purchase,
)
from .compare import Comparison, compare_results, scenario_diff
from .progress import ticker
from .runs import PlaytestResult, playtest, scenario_hash
from .stats import newcombe_diff, wilson
from .tally import Tally, spec_for

__all__ = ["OptionsResult", "VariantRuns", "playtest_options", "playtest_variants", "playtest_weathers",
           "render_options_report", "write_options_report"]

_GAME = SCALARS.index("game") - 1


# --------------------------------------------------------------------------------------------
# Playing chosen games of several scenarios


def _play_indices(scenario: str | Board, policy: Any, base_seed: int, survivors: int | None, indices: list[int],
                  plan: Any) -> GameTable:
    """Games ``indices`` of a run (game ``i`` with seed ``game_seed(base_seed, i)``) of one
    scenario (its text, or its compiled board in this process), by the typed engine when it can
    play them, else by the reference engine."""
    board = scenario if isinstance(scenario, Board) else board_for(scenario)
    seeds = [game_seed(base_seed, i) for i in indices]
    table = core.play_table(board, seeds, policy, survivors, 0, plan)
    scalars = table.scalars.copy()
    scalars[:, _GAME] = indices
    return dataclasses.replace(table, scalars=scalars)


def _take(table: GameTable, order: np.ndarray) -> GameTable:
    """The table's games in ``order`` (positions), their objective and zone entries with them."""
    def gather(counts: np.ndarray, values: np.ndarray) -> np.ndarray:
        counts = counts.astype(np.int64)
        starts = np.cumsum(counts) - counts
        c = counts[order]
        if not c.sum():
            return values[:0]
        offsets = np.repeat(starts[order], c) + (np.arange(c.sum()) - np.repeat(np.cumsum(c) - c, c))
        return values[offsets]

    return GameTable(table.seeds[order], table.scalars[order], table.objective_counts[order],
                     gather(table.objective_counts, table.objectives), table.zone_counts[order],
                     gather(table.zone_counts, table.zone_keys), gather(table.zone_counts, table.zone_values),
                     table.zone_ids, table.objective_ids)


def play_mixture_chunk(scenarios: tuple[Any, ...], plans: tuple[Any, ...], keys: np.ndarray, policy: Any,
                       base_seed: int, survivors: int | None, start: int, stop: int) -> GameTable:
    """Games ``start..stop``, game ``i`` played with scenario ``scenarios[keys[i]]`` (a task for an
    executor: texts travel to workers; in this process, scenarios are compiled once, when first
    played); the table is in game order."""
    parts = []
    boards: dict[int, Board] = {}
    for k in sorted(set(keys[start:stop].tolist())):
        idx = [i for i in range(start, stop) if keys[i] == k]
        x = scenarios[k]
        if isinstance(x, Scenario):
            x = boards[k] = Board(x)
        parts.append(_play_indices(x, policy, base_seed, survivors, idx, plans[k]))
    first = scenarios[0]
    zone_ids = [z.id for z in first.zones] if isinstance(first, Scenario) else board_for(first).zone_ids
    obj_ids = [o.id for o in first.objectives] if isinstance(first, Scenario) else board_for(first).obj_ids
    table = GameTable.concat(parts, zone_ids, obj_ids)
    return _take(table, np.argsort(table.scalars[:, _GAME], kind="stable"))


# --------------------------------------------------------------------------------------------
# One selection, with weather and purchases drawn per game


@dataclass(eq=False)
class OptionsResult:
    """A playtest of one selection with per-game weather and purchases.

    ``result`` is the ordinary playtest result over every game; ``draws`` one row per game with
    its seed, the weather roll and row, and the purchase (pandas)."""

    scenario: Scenario
    selection: Selection
    result: PlaytestResult
    draws: Any = field(repr=False)
    weather_rolled: bool = False
    purchases: bool = False

    @property
    def games(self):
        """The games table with the draws of each game beside it."""
        g = self.result.games
        extra = self.draws.drop(columns=["seed"])
        return g.merge(extra, on="game", how="left")

    def _won(self):
        return self.result.games.set_index("game")["won"]

    def by_weather(self):
        """Win rate per weather row with its 95 % Wilson interval, the share of games that rolled
        it and the 2d6 chance of the row (closed form), in the table's order (pandas)."""
        import pandas as pd

        if not self.weather_rolled or self.scenario.weather is None:
            raise ValueError("these games rolled no weather (the scenario has no weather table, or one row was fixed)")
        won = self._won()
        d = self.draws.assign(won=self.draws["game"].map(won))
        n = len(d)
        rows = []
        for r in self.scenario.weather.rows:
            mine = d[d["weather"] == r.id]
            games, wins = len(mine), int(mine["won"].sum())
            p, lo, hi = wilson(wins, games) if games else (float("nan"),) * 3
            share, slo, shi = wilson(games, n)
            rows.append({"weather": r.id, "name": r.label, "rolls": "-".join(map(str, sorted(r.rolls))) if len(r.rolls)
                         <= 2 else ",".join(map(str, sorted(r.rolls))), "chance": r.probability, "games": games,
                         "share": share, "share_low": slo, "share_high": shi, "wins": wins, "win_rate": p, "low": lo,
                         "high": hi})
        return pd.DataFrame(rows)

    def by_purchase(self, top: int | None = None):
        """Win rate per purchase (kit and zombies bought), most frequent first (pandas)."""
        import pandas as pd

        if not self.purchases:
            raise ValueError("these games bought nothing at random (play them with purchases=True)")
        d = self.draws.assign(won=self.draws["game"].map(self._won()))
        rows = []
        for label, g in d.groupby("purchase", sort=False):
            wins = int(g["won"].sum())
            p, lo, hi = wilson(wins, len(g))
            rows.append({"purchase": label, "points": int(g["points"].iloc[0]), "games": len(g), "wins": wins,
                         "win_rate": p, "low": lo, "high": hi})
        out = pd.DataFrame(rows).sort_values(["games", "purchase"], ascending=[False, True], ignore_index=True)
        return out.head(top) if top else out

    def by_item(self):
        """For each item the survivors could buy: win rate of the games whose kit held it and of
        those whose kit did not, with intervals and the difference (Newcombe's interval)."""
        import pandas as pd

        if not self.purchases or self.scenario.budget is None or self.scenario.budget.survivors is None:
            raise ValueError("these games bought no survivor kit at random")
        d = self.draws.assign(won=self.draws["game"].map(self._won()))
        kits = d["kit"].map(lambda k: set(k.split("+")) if k else set())
        rows = []
        for item in sorted(self.scenario.budget.survivors.prices):
            has = kits.map(lambda k, item=item: item in k)
            a, b = d[has], d[~has]
            wa, wb = int(a["won"].sum()), int(b["won"].sum())
            pa = wilson(wa, len(a)) if len(a) else (float("nan"),) * 3
            pb = wilson(wb, len(b)) if len(b) else (float("nan"),) * 3
            diff = newcombe_diff(wb, len(b), wa, len(a)) if len(a) and len(b) else (float("nan"),) * 3
            rows.append({"item": item, "price": self.scenario.budget.survivors.prices[item], "games_with": len(a),
                         "win_rate_with": pa[0], "low_with": pa[1], "high_with": pa[2], "games_without": len(b),
                         "win_rate_without": pb[0], "difference": diff[0], "diff_low": diff[1], "diff_high": diff[2]})
        return pd.DataFrame(rows)


def render_options_report(r: OptionsResult) -> str:
    """The HTML report of a run (:func:`designer.analysis.report.render_report`) with the tables
    split by weather row, purchase and item bought, before its reproducibility block."""
    import html

    from .report import _table_html, render_report

    page = render_report(derive(r.scenario, r.selection), r.result)
    parts = [f"<h2>Selection</h2><p>{html.escape(r.selection.label)}</p>"]
    if r.weather_rolled:
        parts += ["<h2>By weather (2d6 rolled per game)</h2>", _table_html(r.by_weather(), "by-weather")]
    if r.purchases:
        parts += ["<h2>By purchase</h2>", _table_html(r.by_purchase(), "by-purchase")]
        if r.scenario.budget is not None and r.scenario.budget.survivors is not None:
            parts += ["<h2>By item bought</h2>", _table_html(r.by_item(), "by-item")]
    marker = "<h2>Reproducibility</h2>"
    head, _, tail = page.partition(marker)
    return head + "\n".join(parts) + "\n" + marker + tail


def write_options_report(path: Any, r: OptionsResult) -> None:
    """Write :func:`render_options_report` atomically."""
    from ..io.files import write_text_atomic

    write_text_atomic(path, render_options_report(r))


def _meta(s: Scenario, n: int, seed: int, policy: Any, survivors: int | None, command: str | None,
          label: str) -> dict[str, Any]:
    from .. import __version__

    policy_key = policy if isinstance(policy, str) else getattr(policy, "__name__", "custom")
    return {"scenario_id": s.id, "scenario_title": s.meta.title, "scenario_hash": scenario_hash(s),
            "engine_version": ENGINE_VERSION, "policy": policy_key, "survivors": survivors, "base_seed": seed, "n": n,
            "designer_version": __version__, "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "command": command or f"designer.analysis.variant_runs.playtest_options(<{s.id}>, {label!r}, n={n}, "
                                  f"seed={seed}, policy={policy_key!r})",
            "zone_names": {z.id: z.name or z.id for z in s.zones}, "label": label}


def playtest_options(s: Scenario, selection: Selection | str = "base", n: int = 2000, seed: int = 1,
                     policy: Any = "greedy", *, survivors: int | None = None, weather: str | None = "roll",
                     purchases: bool = False, workers: int | None = None, executor: Any = None,
                     progress: bool | None = None, store: Any = None, command: str | None = None,
                     source: str = "", label: str | None = None) -> OptionsResult:
    """Play ``n`` seeded games of a selection of ``s``.

    Parameters
    ----------
    weather : 'roll', a row id, or None
        'roll' (the default): each game rolls 2d6 on the scenario's weather table from its own
        seed; a row id plays every game in that weather; None plays without the table. Ignored
        when the scenario has none.
    purchases : bool
        Each game buys a random kit for the survivors and miniatures for the zombie side within
        the budget (:func:`designer.variants.draw_purchase`) instead of the scenario's own.
    store, label
        Used only when nothing is drawn per game (the plain scenario of the selection is then an
        ordinary playtest, kept in the results store like any run, with its label).

    Raises :class:`designer.variants.VariantError` for an unknown or forbidden selection, weather
    row, or a change that cannot be applied.
    """
    sel = selection if isinstance(selection, Selection) else parse_selection(s, selection, source)
    plain = derive(s, sel, source=source)
    rolling = weather == "roll" and s.weather is not None
    buying = purchases and s.budget is not None
    fixed = weather if weather not in (None, "roll") else None
    if fixed is not None:
        plain = derive(s, sel, fixed, source=source)
    what = sel.label + (f", weather {fixed}" if fixed else "")
    if not rolling and not buying:
        r = playtest(plain, n=n, seed=seed, policy=policy, workers=workers, executor=executor, survivors=survivors,
                     store=store, progress=progress, command=command, label=label)
        draws = _draws_frame(n, seed, None, None)
        return OptionsResult(s, sel, r, draws, False, False)
    seeds = [game_seed(seed, i) for i in range(n)]
    rolls = [roll_2d6(sd) for sd in seeds] if rolling else [None] * n
    rows = [s.weather.row_for(t).id for t in rolls] if rolling else [fixed] * n  # type: ignore[union-attr]
    count = survivors if survivors is not None else max(plain.setup.survivors.min, min(plain.setup.survivors.max, 4))
    bought = [draw_purchase(s, sd, count) for sd in seeds] if buying else [None] * n
    index: dict[tuple[str | None, Purchase | None], int] = {}
    keys = np.zeros(n, dtype=np.int64)
    scenarios: list[Scenario] = []
    plain_of: dict[str | None, Scenario] = {}
    plans: list[Any] = []
    plan_of: dict[Any, Any] = {}
    relevant = _plan_items(s)
    for i in range(n):
        key = (rows[i], bought[i])
        k = index.get(key)
        if k is None:
            k = index[key] = len(scenarios)
            if rows[i] not in plain_of:
                plain_of[rows[i]] = derive(s, sel, rows[i], source=source)
            x = plain_of[rows[i]] if bought[i] is None else with_purchase(plain_of[rows[i]], s, bought[i])
            scenarios.append(x)
            # the bots' plan depends on a kit only through the door openers and lock items it holds
            pk = (rows[i], frozenset(x.setup.survivors.team_items(count)) & relevant)
            if pk not in plan_of:
                plan_of[pk] = bot_plan(x)
            plans.append(plan_of[pk])
        keys[i] = k
    spec = spec_for(scenarios[0])
    limits = [x.setup.turn_limit for x in scenarios]
    spec = dataclasses.replace(spec, turn_limit=None if None in limits else max(limits))  # type: ignore[type-var]
    serial = executor in (None, "serial") and workers is None
    items = tuple(scenarios) if serial else tuple(dumps(x) for x in scenarios)
    zone_ids, obj_ids = spec.zone_ids, spec.objective_ids
    with ticker(n, s.id, "game", progress if progress is not None else n >= 1000, None) as tick:
        table, interrupted = run_chunks(
            play_mixture_chunk, (items, tuple(plans), keys, policy, seed, survivors), n, workers=workers,
            executor="serial" if serial else executor, chunk_size=10_000 if serial else None, on_chunk=tick,
            combine=lambda parts: GameTable.concat(parts, zone_ids, obj_ids))
    meta = _meta(s, n, seed, policy, survivors, command, label or what)
    meta["zone_names"] = {z.id: z.name or z.id for z in scenarios[0].zones}  # a variant may add zones
    first = Board(scenarios[0])
    meta["played_by"] = core.played_by(first, policy, survivors, plan=plans[0])
    result = PlaytestResult(Tally.from_table(table, spec), meta, interrupted, table=table)
    draws = _draws_frame(n, seed, rolls if rolling else None, rows if rolling else None, bought if buying else None)
    if interrupted:  # the games of the chunks that finished
        draws = draws[draws["game"].isin(table.scalars[:, _GAME])].reset_index(drop=True)
    return OptionsResult(s, sel, result, draws, rolling, buying)


def _plan_items(s: Scenario) -> frozenset[str]:
    """Items whose presence in the starting kit can change the bots' witness plan: the door
    openers and the items named by item locks (``designer.checks.reachability`` reads the kit
    through these alone)."""
    from ..engine.equipment import ITEMS

    locks = {c.lock.item for c in s.connections if getattr(c, "lock", None) is not None and c.lock.kind == "item"}
    return frozenset(n for n, it in ITEMS.items() if it.opens_doors) | frozenset(locks)


def _draws_frame(n: int, seed: int, rolls: list | None, rows: list | None, bought: list | None = None):
    import pandas as pd

    d = pd.DataFrame({"game": np.arange(n, dtype=np.int64),
                      "seed": np.array([game_seed(seed, i) for i in range(n)], dtype=np.int64)})
    if rolls is not None:
        d["weather_roll"] = np.array(rolls, dtype=np.int64)
        d["weather"] = rows
    if bought is not None:
        d["purchase"] = [p.label for p in bought]
        d["kit"] = ["+".join(p.kit) if not p.kits else "+".join(sorted(p.items)) for p in bought]
        if any(p.kits for p in bought):  # a kit per survivor: 'kit' holds every item some survivor bought
            d["kits"] = [" | ".join("+".join(k) for k in p.kits) for p in bought]
        d["points"] = [p.kit_points + p.zombie_points for p in bought]
    return d


# --------------------------------------------------------------------------------------------
# Every selection on the same seeds


@dataclass(eq=False)
class VariantRuns:
    """Each selection's playtest on the same seeds, and its comparison with the base game."""

    scenario: Scenario
    runs: dict[str, OptionsResult]
    comparisons: dict[str, Comparison]
    chances: dict[str, float] = field(default_factory=dict)
    """For weather runs: the 2d6 chance of each row."""

    def expected_win_rate(self) -> float:
        """For weather runs: the win rate over rolled weather, from the rows' win rates and their
        2d6 chances (sum of chance x win rate)."""
        return sum(p * self.runs[k].result.win_rate()[0] for k, p in self.chances.items())

    def table(self):
        """One row per selection: win rate with its interval, the difference from the base game
        with Newcombe's interval, the games that flipped and McNemar's p-value (pandas)."""
        import pandas as pd

        rows = []
        for label, r in self.runs.items():
            p, lo, hi = r.result.win_rate()
            row = {"selection": label, "games": r.result.tally.n, "win_rate": p, "low": lo, "high": hi}
            if self.chances:
                row["chance"] = self.chances.get(label)
            c = self.comparisons.get(label)
            if c is not None:
                doc = c.as_dict(list_games=0)
                row.update(difference=doc["difference"]["b_minus_a"], diff_low=doc["difference"]["low"],
                           diff_high=doc["difference"]["high"], win_to_loss=doc["paired"]["win_to_loss"],
                           loss_to_win=doc["paired"]["loss_to_win"], mcnemar_p=doc["paired"]["mcnemar"]["p_value"])
            rows.append(row)
        return pd.DataFrame(rows)


def playtest_variants(s: Scenario, n: int = 2000, seed: int = 1, policy: Any = "greedy", *,
                      selections: list[Selection | str] | None = None, survivors: int | None = None,
                      weather: str | None = "roll", purchases: bool = False, workers: int | None = None,
                      executor: Any = None, progress: bool | None = None, store: Any = None,
                      command: str | None = None, source: str = "") -> VariantRuns:
    """Play every allowed selection (or the ones given) on the same ``n`` game seeds and compare
    each with the base game: game ``i`` of every selection starts from the same seed and, with a
    weather table, rolls the same weather."""
    chosen = [x if isinstance(x, Selection) else parse_selection(s, x, source) for x in selections] \
        if selections is not None else list(iter_selections(s))
    if not any(x.is_base for x in chosen):
        chosen.insert(0, Selection())
    chosen.sort(key=lambda x: not x.is_base)
    runs: dict[str, OptionsResult] = {}
    for sel in chosen:
        runs[sel.label] = playtest_options(s, sel, n, seed, policy, survivors=survivors, weather=weather,
                                           purchases=purchases, workers=workers, executor=executor,
                                           progress=progress, store=store, command=command, source=source)
    base = runs["base"]
    base_plain = derive(s, Selection(), source=source)
    comparisons = {}
    for label, r in runs.items():
        if label == "base":
            continue
        comparisons[label] = compare_results(base.result, r.result, ("base", label),
                                             scenario_diff(base_plain, derive(s, r.selection, source=source)))
    return VariantRuns(s, runs, comparisons)


def playtest_weathers(s: Scenario, selection: Selection | str = "base", n: int = 2000, seed: int = 1,
                      policy: Any = "greedy", *, survivors: int | None = None, workers: int | None = None,
                      executor: Any = None, progress: bool | None = None, store: Any = None,
                      command: str | None = None, source: str = "") -> VariantRuns:
    """Play every weather row on all ``n`` game seeds, and the game without weather, and compare
    each row with it: a paired measure of what each weather changes, with as many games for a
    2-in-36 row as for normal weather (the split of a rolled run gives a rare row few games).
    ``expected_win_rate()`` combines the rows with their 2d6 chances."""
    if s.weather is None:
        raise ValueError("the scenario has no weather table")
    sel = selection if isinstance(selection, Selection) else parse_selection(s, selection, source)
    runs = {"no weather": playtest_options(s, sel, n, seed, policy, survivors=survivors, weather=None,
                                           workers=workers, executor=executor, progress=progress, store=store,
                                           command=command, source=source)}
    for row in s.weather.rows:
        runs[row.id] = playtest_options(s, sel, n, seed, policy, survivors=survivors, weather=row.id, workers=workers,
                                        executor=executor, progress=progress, store=store, command=command,
                                        source=source)
    base_plain = derive(s, sel, source=source)
    comparisons = {row.id: compare_results(runs["no weather"].result, runs[row.id].result, ("no weather", row.id),
                                           scenario_diff(base_plain, derive(s, sel, row, source=source)))
                   for row in s.weather.rows}
    return VariantRuns(s, runs, comparisons, {row.id: row.probability for row in s.weather.rows})
