"""Plots of playtest results (matplotlib): readable in a notebook, saved as PNG or SVG."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg") if not matplotlib.get_backend().lower().startswith(("module://", "nbagg", "widget")) else None
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from ..model.scenario import Scenario  # noqa: E402

__all__ = ["heatmap", "sweep_plot", "to_svg", "turn_histogram", "win_rate_bars"]


def heatmap(scenario: Scenario, zones: pd.DataFrame, metric: str = "deaths", ax: Any = None,
            title: str | None = None):
    """The map with each zone coloured by a per-zone total ('deaths', 'kills' or 'visits')."""
    from ..render import draw_map

    values = {z: float(v) for z, v in zip(zones["zone"], zones[metric])}
    return draw_map(scenario, ax=ax, values=values, badges=False,
                    title=title or f"{scenario.meta.title}: {metric} per zone")


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
