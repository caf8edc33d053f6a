"""Plots of playtest results (matplotlib): readable in a notebook, saved as PNG or SVG."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg") if not matplotlib.get_backend().lower().startswith(("module://", "nbagg", "widget")) else None
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import pandas as pd  # noqa: E402

from ..model.scenario import Scenario  # noqa: E402

__all__ = ["heatmap", "sweep_plot", "to_svg", "turn_histogram", "win_rate_bars"]


def _positions(scenario: Scenario) -> dict[str, tuple[float, float]]:
    pos = {z.id: (z.position.x, -z.position.y) for z in scenario.zones if z.position is not None}
    if len(pos) < len(scenario.zones):
        G = nx.Graph()
        G.add_nodes_from(z.id for z in scenario.zones)
        G.add_edges_from(c.zones for c in scenario.connections)
        layout = nx.spring_layout(G, seed=1, pos=pos or None, fixed=list(pos) or None)
        pos = {k: (float(v[0]), float(v[1])) for k, v in layout.items()}
    return pos


def heatmap(scenario: Scenario, zones: pd.DataFrame, metric: str = "deaths", ax: Any = None,
            title: str | None = None):
    """The map with each zone coloured by a per-zone total ('deaths', 'kills' or 'visits')."""
    pos = _positions(scenario)
    if ax is None:
        fig, ax = plt.subplots(figsize=(8, 6))
    else:
        fig = ax.figure
    values = dict(zip(zones["zone"], zones[metric]))
    top = max(values.values(), default=0) or 1
    for c in scenario.connections:
        (x1, y1), (x2, y2) = pos[c.source], pos[c.target]
        style = {"door": "--", "fence": ":", "window": ":", "drop": "-."}.get(c.kind, "-")
        ax.plot([x1, x2], [y1, y2], style, color="#999999", lw=1, zorder=1)
    cmap = plt.get_cmap("Reds")
    xs, ys, cs = [], [], []
    for z in scenario.zones:
        x, y = pos[z.id]
        xs.append(x)
        ys.append(y)
        cs.append(values.get(z.id, 0) / top)
    ax.scatter(xs, ys, c=[cmap(0.15 + 0.85 * c) for c in cs], s=700, edgecolors="#333333",
               marker="o", zorder=2)
    for z, x, y, c in zip(scenario.zones, xs, ys, cs):
        v = values.get(z.id, 0)
        ax.annotate(f"{z.name or z.id}\n{v}", (x, y), ha="center", va="center", fontsize=7, zorder=3,
                    color="white" if c > 0.6 else "black")
    ax.set_axis_off()
    ax.set_title(title or f"{scenario.meta.title}: {metric} per zone")
    return fig


def turn_histogram(games: pd.DataFrame, ax: Any = None):
    """Game length in turns, wins and losses stacked."""
    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 3.5))
    else:
        fig = ax.figure
    turns = sorted(games["turns"].unique())
    won = games[games["won"]]["turns"].value_counts()
    lost = games[~games["won"]]["turns"].value_counts()
    w = [won.get(t, 0) for t in turns]
    l = [lost.get(t, 0) for t in turns]
    ax.bar(turns, w, color="#2e7d32", label="won")
    ax.bar(turns, l, bottom=w, color="#c62828", label="lost")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend()
    return fig


def win_rate_bars(table: pd.DataFrame, by: str, ax: Any = None):
    """Win rates with their intervals, one bar per row of ``table`` (columns win_rate, low, high)."""
    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 3.5))
    else:
        fig = ax.figure
    labels = [str(v) for v in table[by]]
    rate = table["win_rate"]
    err = [rate - table["low"], table["high"] - rate]
    ax.bar(labels, rate, yerr=err, capsize=4, color="#1565c0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_xlabel(by)
    return fig


def sweep_plot(table: pd.DataFrame, parameter: str):
    """Win rate against the swept parameter, with its interval."""
    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = [str(v) for v in table[parameter]]
    ax.errorbar(x, table["win_rate"], yerr=[table["win_rate"] - table["low"], table["high"] - table["win_rate"]],
                marker="o", capsize=4)
    ax.set_ylim(0, 1)
    ax.set_xlabel(parameter)
    ax.set_ylabel("win rate")
    return fig


def to_svg(fig) -> str:
    """A figure as inline SVG text."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()
