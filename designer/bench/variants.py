"""``designer bench variants``: what variants, weather and purchases cost.

On a scenario with variants, modules, a weather table and a budget (default: the Frozen Depot
sample), each figure is CPU seconds (``time.process_time``) of three runs, min / median / max:
validating the file with every combination, playing N games of the base game as an ordinary
playtest, with the weather rolled per game, with random purchases, and every selection on the
same seeds (``playtest --all-variants``). The runs share one process, so the second and third
find the compiled scenarios and the bots' plans in their caches: the minimum is the warm figure,
the maximum usually the cold one.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any, Callable

__all__ = ["run"]

SAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "frozen-depot.json"


def _time(fn: Callable[[], Any], repeat: int) -> dict[str, float]:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return {"min": min(times), "median": statistics.median(times), "max": max(times)}


def run(path: str | Path = SAMPLE, games: int = 2000, repeat: int = 3) -> dict[str, Any]:
    """The figures as a dict (CPU seconds, and the counts they were measured on)."""
    from ..analysis.runs import playtest
    from ..analysis.variant_runs import playtest_options, playtest_variants
    from ..checks import check
    from ..io.files import load
    from ..variants import count_selections, derive

    s = load(path)
    base = derive(s, "base")
    selections = count_selections(s)
    out: dict[str, Any] = {"scenario": str(path), "games": games, "repeat": repeat, "selections": selections,
                           "weather_rows": len(s.weather.rows) if s.weather else 0}
    out["validate_cpu_s"] = _time(lambda: check(s), repeat)
    out["validate_base_cpu_s"] = _time(lambda: check(base), repeat)
    out["playtest_base_cpu_s"] = _time(lambda: playtest(base, n=games, store=None, progress=False), repeat)
    if s.weather is not None:
        out["playtest_weather_cpu_s"] = _time(lambda: playtest_options(s, n=games, progress=False), repeat)
    if s.budget is not None:
        out["playtest_purchases_cpu_s"] = _time(
            lambda: playtest_options(s, n=games, weather=None, purchases=True, progress=False), repeat)
        r = playtest_options(s, n=games, weather=None, purchases=True, progress=False)
        out["distinct_purchases"] = int(r.draws["purchase"].nunique())
    out["playtest_all_variants_cpu_s"] = _time(
        lambda: playtest_variants(s, n=games, weather=None, progress=False), repeat)
    return out


def report_lines(r: dict[str, Any]) -> list[str]:
    f = lambda d: f"{d['median']:.3f} s (min {d['min']:.3f}, max {d['max']:.3f})"  # noqa: E731
    rows = [("validate, every combination and weather row", r["validate_cpu_s"], ""),
            ("validate, base game only", r["validate_base_cpu_s"], ""),
            (f"playtest, base game, {r['games']} games", r["playtest_base_cpu_s"], "")]
    if "playtest_weather_cpu_s" in r:
        rows.append(("playtest, weather rolled per game", r["playtest_weather_cpu_s"], ""))
    if "playtest_purchases_cpu_s" in r:
        rows.append(("playtest, random purchases", r["playtest_purchases_cpu_s"],
                     f" ({r['distinct_purchases']} distinct purchases)"))
    rows.append(("playtest --all-variants", r["playtest_all_variants_cpu_s"],
                 f" ({r['selections']} selections x {r['games']} games)"))
    width = max(len(name) for name, _, _ in rows) + 1
    return [f"{r['scenario']}: {r['selections']} allowed selections, {r['weather_rows']} weather rows; "
            f"CPU time, {r['repeat']} runs each"] + [f"{name + ':':<{width}} {f(d)}{extra}" for name, d, extra in rows]
