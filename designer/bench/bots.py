"""``designer bench bots``: the skill ladder measured on every sample and published mission.

For each scenario the three bots ``random``, ``casual`` and ``expert`` play the same games
``0..n`` of one base seed (game ``i`` starts from ``game_seed(seed, i)`` for every bot), one game
at a time (:func:`designer.engine.core.open_game`: the typed engine, the expert deciding
through its callback), so each game's CPU
time is its own (``time.process_time``).
The paired comparisons are :class:`designer.analysis.compare.Comparison` (McNemar on the games
that flipped, the Bonett-Price interval). The issue's targets are checked and reported, met or
not:

- on every scenario, expert >= casual >= random, each step significant at 1 % on the paired
  seeds (McNemar), or both at 100 %;
- on the published missions rated easy or medium, the expert wins at least 25 % with the
  rulebook's survivor count and the dealt equipment;
- on the zombie-free version of each scenario (an empty zombie pool, no placed zombie), the
  expert wins every game (scenarios whose victory asks for kills are left out: without zombies
  they cannot be won);
- 1,000 expert games of Night Shift in at most 60 s of CPU (three runs of ``speed_games``
  games, min / median / max, scaled to 1,000 games); and casual's cost against greedy's in the
  typed engine per batch (:func:`typed_batches`).
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..analysis.compare import Comparison
from ..analysis.stats import wilson
from ..engine import Board, core
from ..engine.seeds import game_seed
from ..io.files import load
from ..model.scenario import Scenario
from ..plans import bot_plan

__all__ = ["LADDER", "default_files", "report_lines", "run"]

LADDER = ("random", "casual", "expert")
"""The bots, weakest first."""
ALPHA = 0.01
"""Significance of each step of the ladder (paired seeds, McNemar)."""
EXPERT_TARGET = 0.25
"""The expert's win rate the easy and medium published missions should reach."""
SPEED_TARGET_S = 60.0
"""CPU seconds 1,000 expert games of Night Shift should take at most."""

ROOT = Path(__file__).resolve().parents[2]


def default_files() -> list[Path]:
    """The samples (``scenarios/*.json``) and the published missions (``scenarios/prison-outbreak``)."""
    return sorted((ROOT / "scenarios").glob("*.json")) + sorted((ROOT / "scenarios" / "prison-outbreak").glob("*.json"))


def _cpu(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)} if values else {}


def _play(board: Board, plan: Any, policy: str, n: int, seed: int, survivors: int | None
          ) -> tuple[np.ndarray, list[float], list[dict]]:
    won = np.zeros(n, dtype=bool)
    cpu, records = [], []
    for i in range(n):
        t0 = time.process_time()
        r = core.open_game(board, game_seed(seed, i), policy, survivors=survivors, plan=plan).play()
        cpu.append(time.process_time() - t0)
        won[i] = r["won"]
        records.append(r)
    return won, cpu, records


def _engine(board: Board, policy: str, plan: Any, survivors: int | None) -> str:
    """Which engine plays a bot's single games of this board."""
    return "typed" if core.typed_reason(board, policy, plan, survivors) is None else "refused"


def _step(lower: str, upper: str, won: dict[str, np.ndarray], seed: int) -> dict[str, Any]:
    """One step of the ladder: ``upper`` against ``lower`` on the same seeds."""
    n = len(won[lower])
    c = Comparison((lower, upper), n, seed, f"{lower} vs {upper}", won[lower], won[upper], [])
    d = c.as_dict(list_games=5)
    p = d["paired"]["mcnemar"]["p_value"]
    both_full = bool(won[lower].all() and won[upper].all())
    better = d["b"]["wins"] > d["a"]["wins"]
    return {"lower": lower, "upper": upper, "paired": d["paired"], "difference": d["difference"],
            "p_value": p, "met": both_full or (better and p < ALPHA),
            "why": "both win every game" if both_full else
            f"{upper} {'above' if better else 'not above'} {lower}, McNemar p = {p:.2g}"}


def _zombie_free(s: Scenario) -> Scenario:
    """The scenario without zombies: an empty pool, no placed zombie, no monster of an
    infestation placed (Eden)."""
    setup = s.setup.model_copy(update={"zombie_pool": {t: 0 for t in s.setup.zombie_pool} or {"walker": 0},
                                       "zombies": []})
    update: dict[str, Any] = {"setup": setup}
    if getattr(s, "infestation", None) is not None:
        update["infestation"] = s.infestation.model_copy(update={"placed": []})
    return s.model_copy(update=update)


def bench_scenario(path: Path, n: int, seed: int, zombie_free_games: int,
                   on_line: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The ladder on one scenario (see the module's docstring)."""
    s = load(path)
    board, plan = Board(s), bot_plan(s)
    survivors = None  # the scenario's count: the rulebook's for the published missions (min 6)
    won: dict[str, np.ndarray] = {}
    bots: dict[str, Any] = {}
    for policy in LADDER:
        w, cpu, _ = _play(board, plan, policy, n, seed, survivors)
        won[policy] = w
        k = int(w.sum())
        p, lo, hi = wilson(k, n)
        bots[policy] = {"wins": k, "games": n, "win_rate": p, "low": lo, "high": hi,
                        "cpu_s_per_game": _cpu(cpu), "engine": _engine(board, policy, plan, survivors)}
        if on_line:
            on_line(f"  {s.id}: {policy} {p:.1%} ({lo:.1%} - {hi:.1%}), "
                    f"CPU {statistics.median(cpu) * 1000:.1f} ms per game (median)")
    steps = [_step("random", "casual", won, seed), _step("casual", "expert", won, seed)]
    published = "published" in s.meta.tags
    out: dict[str, Any] = {"file": str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path),
                           "id": s.id, "title": s.meta.title, "difficulty": s.meta.difficulty,
                           "published": published, "survivors": s.setup.survivors.default_count(),
                           "bots": bots, "ladder": steps, "ladder_met": all(st["met"] for st in steps)}
    if published and s.meta.difficulty in ("easy", "medium"):
        out["expert_target"] = {"target": EXPERT_TARGET, "win_rate": bots["expert"]["win_rate"],
                                "met": bots["expert"]["win_rate"] >= EXPERT_TARGET}
    if zombie_free_games and any(st.kind == "kill" for st in s.victory.steps):
        out["zombie_free_skipped"] = "the victory asks for kills: the zombie-free version cannot be won"
    elif zombie_free_games and plan:
        free = _zombie_free(s)
        fb = Board(free)
        fw, _, recs = _play(fb, bot_plan(free), "expert", zombie_free_games, seed, survivors)
        out["zombie_free"] = {"games": zombie_free_games, "wins": int(fw.sum()), "met": bool(fw.all()),
                              "causes": sorted({r["cause"] for r in recs if not r["won"]})}
    return out


def speed(n: int, seed: int, repeat: int = 3, casual_games: int = 500, typed_games: int = 20_000) -> dict[str, Any]:
    """Expert games of Night Shift: CPU of ``repeat`` runs of ``n`` games, scaled to 1,000; and
    casual's cost per game against greedy's in the typed engine's batches
    (:func:`typed_batches`, ``typed_games`` a run; ``casual_games`` is kept for callers and
    unused)."""
    s = load(ROOT / "scenarios" / "night-shift.json")
    board, plan = Board(s), bot_plan(s)
    runs = []
    for _ in range(repeat):
        t0 = time.process_time()
        for i in range(n):
            core.open_game(board, game_seed(seed, i), "expert", plan=plan).play()
        runs.append(time.process_time() - t0)
    per_1000 = [r * 1000 / n for r in runs]
    out: dict[str, Any] = {"scenario": s.id, "games_per_run": n, "runs": repeat,
                           "engine": _engine(board, "expert", plan, None),
                           "cpu_s_per_run": _cpu(runs), "cpu_s_per_1000_games": _cpu(per_1000),
                           "target_s_per_1000_games": SPEED_TARGET_S,
                           "met": statistics.median(per_1000) <= SPEED_TARGET_S}
    if core.available():
        out["typed"] = typed_batches(seed, repeat, typed_games)
    return out


def typed_batches(seed: int, repeat: int = 3, games: int = 20_000,
                  names: tuple[str, ...] = ("night-shift.json", "seul-dans-le-noir.json")) -> dict[str, Any]:
    """casual's batch cost in the typed engine against greedy's: ``repeat`` interleaved runs of
    ``games`` games per bot and scenario (the same seeds), CPU seconds min / median / max, and
    the ratio of the medians."""
    out: dict[str, Any] = {"games_per_run": games, "runs": repeat}
    for name in names:
        s = load(ROOT / "scenarios" / name)
        board, plan = Board(s), bot_plan(s)
        if core.unsupported(board, "casual", plan=plan) is not None:
            continue
        times: dict[str, list[float]] = {"greedy": [], "casual": []}
        core.play_range(board, seed, 0, 200, "casual", None, plan)  # distance rows built before timing
        core.play_range(board, seed, 0, 200, "greedy", None, plan)
        for _ in range(repeat):
            for policy in times:
                t0 = time.process_time()
                core.play_range(board, seed, 0, games, policy, None, plan)
                times[policy].append(time.process_time() - t0)
        out[s.id] = {"cpu_s_per_run": {p: _cpu(v) for p, v in times.items()},
                     "games_per_s": {p: games / statistics.median(v) for p, v in times.items()},
                     "casual_over_greedy": statistics.median(times["casual"]) / statistics.median(times["greedy"])}
    return out


def run(files: list[Path] | None = None, n: int = 200, seed: int = 1, zombie_free_games: int = 10,
        speed_games: int = 100, on_line: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Measure every scenario and the speed; return the figures and the targets."""
    files = files or default_files()
    rows = []
    for path in files:
        if on_line:
            on_line(f"{path.name}")
        rows.append(bench_scenario(Path(path), n, seed, zombie_free_games, on_line))
    sp = speed(speed_games, seed) if speed_games else None
    targets = {
        "ladder": {"met": all(r["ladder_met"] for r in rows),
                   "missed": [r["id"] for r in rows if not r["ladder_met"]]},
        "expert_25_percent": {"met": all(r["expert_target"]["met"] for r in rows if "expert_target" in r),
                              "missed": [r["id"] for r in rows if "expert_target" in r and not r["expert_target"]["met"]]},
        "zombie_free_100_percent": {"met": all(r["zombie_free"]["met"] for r in rows if "zombie_free" in r),
                                    "missed": [r["id"] for r in rows if "zombie_free" in r and not r["zombie_free"]["met"]]},
    }
    if sp:
        targets["speed"] = {"met": sp["met"], "median_s_per_1000_games": sp["cpu_s_per_1000_games"]["median"]}
    return {"games": n, "seed": seed, "alpha": ALPHA, "scenarios": rows, "speed": sp, "targets": targets}


def report_lines(r: dict[str, Any]) -> list[str]:
    """The figures as the lines the command prints."""
    lines = [f"{'scenario':<28} {'rating':<7} {'random':>15} {'casual':>15} {'expert':>15}  ladder  p(c>r)   p(e>c)"]
    for row in r["scenarios"]:
        b = row["bots"]
        cells = [f"{b[p]['win_rate']:6.1%} ±{(b[p]['high'] - b[p]['low']) / 2:5.1%}" for p in LADDER]
        st = row["ladder"]
        lines.append(f"{row['id'][:28]:<28} {row['difficulty'] or '':<7} {cells[0]:>15} {cells[1]:>15} {cells[2]:>15}  "
                     f"{'met   ' if row['ladder_met'] else 'missed'}  {st[0]['p_value']:<8.2g} {st[1]['p_value']:.2g}")
    lines.append("")
    lines.append("CPU per game (ms, min / median / max; t: the typed engine):")
    for row in r["scenarios"]:
        lines.append(f"  {row['id'][:28]:<28} " + "  ".join(
            f"{p}[{row['bots'][p].get('engine', 'typed')[0]}] {c['min'] * 1000:.1f} / {c['median'] * 1000:.1f} / "
            f"{c['max'] * 1000:.1f}" for p in LADDER for c in [row["bots"][p]["cpu_s_per_game"]]))
    sp = r.get("speed")
    if sp:
        c = sp["cpu_s_per_1000_games"]
        lines.append(f"expert on {sp['scenario']} ({sp.get('engine', 'typed')} engine): {c['min']:.1f} / {c['median']:.1f} / {c['max']:.1f} s CPU per "
                     f"1,000 games (min / median / max of {sp['runs']} runs of {sp['games_per_run']}; target "
                     f"{sp['target_s_per_1000_games']:.0f} s)")
        for sid, t in (sp.get("typed") or {}).items():
            if not isinstance(t, dict):
                continue
            c = t["cpu_s_per_run"]
            lines.append(f"typed engine, {sid}: " + ", ".join(
                f"{p} {c[p]['min']:.2f} / {c[p]['median']:.2f} / {c[p]['max']:.2f} s ({t['games_per_s'][p]:,.0f} games/s)"
                for p in ("greedy", "casual")) + f" per {sp['typed']['games_per_run']:,} games; casual takes "
                f"{t['casual_over_greedy']:.2f} x greedy's time")
    lines.append("")
    for name, t in r["targets"].items():
        missed = f" (missed: {', '.join(t['missed'])})" if t.get("missed") else ""
        lines.append(f"target {name}: {'met' if t['met'] else 'NOT met'}{missed}")
    return lines


def dumps(r: dict[str, Any]) -> str:
    return json.dumps(r, indent=2, sort_keys=True)
