"""A playtest report as one HTML file (tables and inline SVG plots), readable without Jupyter."""

from __future__ import annotations

import html
import os

import pandas as pd

from ..io.files import write_text_atomic
from ..model.scenario import Scenario
from .runs import PlaytestResult
from .plots import heatmap, to_svg, turn_histogram

__all__ = ["render_report", "summary_lines", "write_report"]


def summary_lines(summary: dict) -> list[str]:
    """The summary as the lines the CLI prints."""
    lines = [
        f"{summary['scenario_title']} ({summary['scenario_id']}), policy {summary['policy']}, "
        f"{summary['games']} games" + (" (from the results store)" if summary.get("cached") else "")
        + (" (interrupted)" if summary.get("interrupted") else ""),
        f"win rate      {summary['win_rate']:.1%}  (95 % interval {summary['win_rate_low']:.1%} - "
        f"{summary['win_rate_high']:.1%})",
    ]
    causes = summary["losses_by_cause"]
    if causes:
        lines.append("losses        " + ", ".join(f"{k.replace('_', ' ')} {v:.1%}" for k, v in causes.items()))
    t = summary["turns"]
    if t:
        lines.append(f"turns         mean {t['mean']:.1f}, median {t['median']:.0f}, spread {t['std']:.1f}, "
                     f"range {t['min']}-{t['max']}")
    lines.append(f"deaths        {summary['deaths_per_game']:.2f} per game; at least one death in "
                 f"{summary['p_at_least_one_death']:.1%} of games")
    if summary["kills_by_type"]:
        lines.append("kills         " + ", ".join(f"{k} {v:.1f}" for k, v in summary["kills_by_type"].items())
                     + " per game")
    if summary.get("deadliest_zones"):
        lines.append("deadliest     " + ", ".join(f"{z['name']} ({z['zone']}) {z['deaths']}"
                                                 for z in summary["deadliest_zones"]))
    for oid, o in summary["objective_turns"].items():
        med = f", median turn {o['median_turn']:.0f}" if o["median_turn"] is not None else ""
        lines.append(f"objective     {oid}: taken in {o['taken']:.1%} of games{med}")
    return lines


def render_report(scenario: Scenario, result: PlaytestResult) -> str:
    s = result.summary()
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Playtest: {html.escape(scenario.meta.title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>",
        f"<h1>Playtest: {html.escape(scenario.meta.title)}</h1>",
        "<pre>" + html.escape("\n".join(summary_lines(s))) + "</pre>",
        "<h2>Heat map: survivor deaths per zone</h2>", to_svg(heatmap(scenario, result.zones, "deaths")),
        "<h2>Heat map: zombie visits per zone</h2>", to_svg(heatmap(scenario, result.zones, "visits")),
        "<h2>Game length</h2>", to_svg(turn_histogram(result.games)),
        "<h2>Zones</h2>", result.zones.to_html(index=False, float_format=lambda x: f"{x:.3f}"),
        "<h2>Losses by cause</h2>",
        pd.Series(s["losses_by_cause"], name="share of games").to_frame().to_html(float_format=lambda x: f"{x:.3f}"),
        "</body></html>",
    ]
    return "\n".join(parts)


def write_report(path: str | os.PathLike[str], scenario: Scenario, result: PlaytestResult) -> None:
    """Write the HTML report atomically."""
    write_text_atomic(path, render_report(scenario, result))
