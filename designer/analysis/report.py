"""A playtest report as one HTML file (tables and inline SVG plots), readable without Jupyter.

Every share carries its 95 % interval, and the report ends with the reproducibility block: the
seed, games, engine version, scenario hash, policy, date and the command that plays it again.
"""

from __future__ import annotations

import html
import os
from typing import Any

from ..io.files import write_text_atomic
from ..model.scenario import Scenario

__all__ = ["render_report", "render_sweep_report", "reproducibility_lines", "summary_lines", "write_report",
           "write_sweep_report"]


def _pct(p: float, lo: float, hi: float) -> str:
    return f"{p:.1%} ({lo:.1%} - {hi:.1%})"


def reproducibility_lines(r: dict[str, Any]) -> list[str]:
    """The reproducibility block as text lines."""
    surv = f", survivors {r['survivors']}" if r.get("survivors") is not None else ""
    return [f"reproduce     {r['command']}",
            f"              seed {r['seed']}, {r['games']} games, engine {r['engine_version']} "
            f"({r.get('played_by') or 'engine'}), scenario {r['scenario_hash']}, policy {r['policy']}{surv}, "
            f"{r['date']}"]


def summary_lines(summary: dict) -> list[str]:
    """The summary as the lines the CLI prints (shares with their 95 % intervals in brackets)."""
    lines = [
        f"{summary['scenario_title']} ({summary['scenario_id']}), policy {summary['policy']}, "
        f"{summary['games']} games" + (" (from the results store)" if summary.get("cached") else "")
        + (" (interrupted)" if summary.get("interrupted") else ""),
        f"win rate      {summary['win_rate']:.1%}  (95 % interval {summary['win_rate_low']:.1%} - "
        f"{summary['win_rate_high']:.1%})",
    ]
    causes = summary["losses_by_cause"]
    ci = summary.get("intervals", {}).get("losses_by_cause", {})
    if causes:
        lines.append("losses        " + ", ".join(
            f"{k.replace('_', ' ')} {_pct(v, *ci[k])}" if k in ci else f"{k.replace('_', ' ')} {v:.1%}"
            for k, v in causes.items()))
    stopped = summary.get("runaway") or {}
    if stopped.get("count"):
        seeds = ", ".join(str(x) for x in stopped["seeds"][:3])
        lines.append(f"runaway       {stopped['count']} games ({_pct(stopped['share'], stopped['low'], stopped['high'])}) "
                     "stopped by the engine's hard bound, not by the rules (docs/engine.md); not counted as losses. "
                     f"Replay one: designer play FILE --seed {seeds.split(', ')[0]} --transcript (seeds {seeds})")
    t = summary["turns"]
    if t:
        lines.append(f"turns         mean {t['mean']:.1f}, median {t['median']:.0f}, spread {t['std']:.1f}, "
                     f"range {t['min']}-{t['max']}")
    death_ci = (f" ({summary['p_at_least_one_death_low']:.1%} - {summary['p_at_least_one_death_high']:.1%})"
                if "p_at_least_one_death_low" in summary else "")
    lines.append(f"deaths        {summary['deaths_per_game']:.2f} per game; at least one death in "
                 f"{summary['p_at_least_one_death']:.1%}{death_ci} of games")
    if summary["kills_by_type"]:
        lines.append("kills         " + ", ".join(f"{k} {v:.1f}" for k, v in summary["kills_by_type"].items())
                     + " per game")
    if summary.get("deadliest_zones"):
        lines.append("deadliest     " + ", ".join(f"{z['name']} ({z['zone']}) {z['deaths']}"
                                                 for z in summary["deadliest_zones"]))
    for oid, o in summary["objective_turns"].items():
        med = f", median turn {o['median_turn']:.0f}" if o["median_turn"] is not None else ""
        rng = f" ({o['taken_low']:.1%} - {o['taken_high']:.1%})" if "taken_low" in o else ""
        win = (f"; won {o['win_when_taken']:.1%} of those games" if o.get("win_when_taken") is not None else "")
        lines.append(f"objective     {oid}: taken in {o['taken']:.1%}{rng} of games{med}{win}")
    for st in summary.get("victory_steps", []):
        med = f", median turn {st['median_turn']:.0f}" if st["median_turn"] is not None else ""
        win = (f", then won {st['p_win_when_completed']:.1%}" if st["p_win_when_completed"] is not None else "")
        lines.append(f"step {st['step']}        {st['goal']}: completed in "
                     f"{_pct(st['completed_share'], st['completed_low'], st['completed_high'])}{med}{win}")
    prog = summary.get("progress") or {}
    for st in prog.get("steps", []):
        if st["p_win_when_reached"] is None:
            continue
        stop = f"; {st['losses_stopped_share']:.1%} of losses stop here" if st["losses_stopped_share"] is not None else ""
        lines.append(f"progress {st['step']}    {st['goal']}: reached in {st['reached_share']:.1%}, "
                     f"P(win | reached) {_pct(st['p_win_when_reached'], st['p_win_when_reached_low'], st['p_win_when_reached_high'])}"
                     f"{stop}")
    if prog.get("furthest"):
        games = max(summary["games"], 1)
        lines.append("furthest      " + ", ".join(f"{k} step(s) {c / games:.1%}" for k, c in enumerate(prog["furthest"])))
    band = summary.get("skill_band")
    if band:
        lines.append(f"skill band    casual {_pct(band['casual']['win_rate'], band['casual']['low'], band['casual']['high'])}"
                     f" - expert {_pct(band['expert']['win_rate'], band['expert']['low'], band['expert']['high'])}"
                     f" ({band['games']} games each, same seeds)")
    for why in summary.get("why", []):
        lines.append(f"why           {why}")
    b = summary.get("balance")
    if b:
        dec = f", decisiveness {b['decisiveness']:.2f}" if b["decisiveness"] == b["decisiveness"] else ""
        lines.append(f"balance       completion {b['completion']['share']:.1%}, drawishness "
                     f"{b['drawishness']['share']:.1%} (turn limit {b['timeouts']['share']:.1%}, stalled "
                     f"{b['stalled']['share']:.1%})"
                     + (f", runaway {b['runaway']['share']:.1%}" if b.get("runaway", {}).get("count") else "")
                     + f"{dec}, balance {b['balance']:.2f}")
    if summary.get("reproducibility"):
        lines += reproducibility_lines(summary["reproducibility"])
    return lines


def _table_html(df: Any, name: str) -> str:
    """A table, and a link that downloads it as CSV (a data: URI: nothing is fetched)."""
    import base64

    data = base64.b64encode(df.to_csv(index=False).encode()).decode()
    link = f"<p><a download='{html.escape(name)}.csv' href='data:text/csv;base64,{data}'>download {html.escape(name)}.csv</a></p>"
    return df.to_html(index=False, float_format=lambda x: f"{x:.3f}", na_rep="") + link


def render_report(scenario: Scenario, result: Any) -> str:
    """The HTML report of a run: the summary, heat maps (totals, per game, risk per visit) with
    their colour scales and a tooltip per zone, the survival and completion curves with bands, the funnel along the
    victory steps, the game lengths, the zone and objective tables, and the reproducibility block."""
    from .plots import _HOVER_SCRIPT, curves_plot, heatmap, to_svg, turn_histogram_counts

    s = result.summary()
    zones = result.zones
    cur = result.curves()
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Playtest: {html.escape(scenario.meta.title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>",
        f"<h1>Playtest: {html.escape(scenario.meta.title)}</h1>",
        *([f"<p style='color:#b00'><b>{s['runaway']['count']} games were stopped by the engine's hard bound</b> "
           "(cause <code>runaway</code>: the rules loop, docs/engine.md): they count as games not won, but not "
           "among the losses by cause. Seeds: "
           f"{html.escape(', '.join(map(str, s['runaway']['seeds'])))}</p>"] if s.get("runaway", {}).get("count") else []),
        "<pre>" + html.escape("\n".join(summary_lines(s))) + "</pre>",
        "<h2>Survival and completion by turn</h2>", to_svg(curves_plot(cur, scenario.setup.turn_limit)),
        "<h2>Heat map: survivor deaths per game, by zone</h2>",
        to_svg(heatmap(scenario, zones, "deaths_per_game")),
        "<h2>Heat map: risk per visit (deaths per 100 zombie visits)</h2>",
        to_svg(heatmap(scenario, zones, "deaths_per_100_visits")),
        "<h2>Heat map: zombie visits per game, by zone</h2>", to_svg(heatmap(scenario, zones, "visits_per_game")),
        "<h2>Game length</h2>", to_svg(turn_histogram_counts(result.tally)),
    ]
    if scenario.victory.steps:
        parts += ["<h2>Victory steps</h2>", _table_html(result.funnel(), "victory-steps")]
    if scenario.objectives:
        parts += ["<h2>Objectives</h2>", _table_html(result.objectives(), "objectives")]
    parts += ["<h2>Zones</h2>", _table_html(zones, "zones"),
              "<h2>Curves</h2>", _table_html(cur, "curves"),
              "<h2>Reproducibility</h2>",
              "<pre>" + html.escape("\n".join(reproducibility_lines(s["reproducibility"]))) + "</pre>",
              _HOVER_SCRIPT, "</body></html>"]
    return "\n".join(parts)


def write_report(path: str | os.PathLike[str], scenario: Scenario, result: Any) -> None:
    """Write the HTML report atomically."""
    write_text_atomic(path, render_report(scenario, result))


def sweep_rows(table: Any, parameter: str, target: float | None = None, tolerance: float | None = None) -> Any:
    """The sweep table with a ``target`` column (below, in band, above) when a target is given."""
    from .plots import sweep_mark

    out = table.copy()
    if target is not None:
        out["target"] = [sweep_mark(p, target, tolerance or 0.0) for p in out["win_rate"]]
    return out


def render_sweep_report(scenario: Scenario, table: Any, parameter: str, target: float | None = None,
                        tolerance: float | None = None) -> str:
    """The HTML page of a sweep: the win rate by value with its interval band and the target line
    (hover values on every point), the table (downloadable as CSV) and the reproducibility block."""
    from .plots import _HOVER_SCRIPT, sweep_plot, to_svg

    rep = table.attrs.get("reproducibility") or {}
    title = f"{scenario.meta.title}: win rate by {parameter}"
    goal = (f"<p>Target {target:.0%}" + (f" +- {tolerance:.0%}" if tolerance else "") + ": the red line"
            + (" and band" if tolerance else "") + ".</p>") if target is not None else ""
    block = [f"reproduce     {rep['command']}",
             f"              seed {rep['seed']}, {rep['games']} games per value (the same seeds for every value), "
             f"engine {rep['engine_version']}, scenario {rep['scenario_hash']}, policy {rep['policy']}, {rep['date']}"] \
        if rep else []
    return "\n".join([
        "<!doctype html><html><head><meta charset='utf-8'>", f"<title>Sweep: {html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>", goal,
        to_svg(sweep_plot(table, parameter, target, tolerance)),
        _table_html(sweep_rows(table, parameter, target, tolerance), "sweep"),
        "<h2>Reproducibility</h2>", "<pre>" + html.escape("\n".join(block)) + "</pre>",
        _HOVER_SCRIPT, "</body></html>"])


def write_sweep_report(path: str | os.PathLike[str], scenario: Scenario, table: Any, parameter: str,
                       target: float | None = None, tolerance: float | None = None) -> None:
    """Write the sweep's HTML page atomically."""
    write_text_atomic(path, render_sweep_report(scenario, table, parameter, target, tolerance))
