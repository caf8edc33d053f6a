"""Plots of playtest results (matplotlib): readable in a notebook, saved as PNG or SVG."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg") if not matplotlib.get_backend().lower().startswith(("module://", "nbagg", "widget")) else None
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from ..model.scenario import Scenario  # noqa: E402

__all__ = ["curves_plot", "heatmap", "hover", "sweep_mark", "sweep_plot", "to_svg", "turn_histogram", "turn_histogram_counts",
           "win_rate_bars"]

_METRIC_TITLES = {"deaths": "survivor deaths", "kills": "kills", "visits": "zombie visits",
                  "deaths_per_game": "survivor deaths per game", "kills_per_game": "kills per game",
                  "visits_per_game": "zombie visits per game", "deaths_per_100_visits": "deaths per 100 zombie visits",
                  "games_with_death": "share of games with a death here"}


def _fit(v: float) -> float:
    """A value rounded to three significant digits, so zone labels fit inside the zone."""
    return float(f"{v:.3g}") if v == v else 0.0


def heatmap(scenario: Scenario, zones: pd.DataFrame, metric: str = "deaths", ax: Any = None,
            title: str | None = None):
    """The map with each zone coloured by a per-zone figure of :func:`designer.analysis.metrics.zone_table`
    (totals 'deaths', 'kills', 'visits'; per game '*_per_game'; risk per visit
    'deaths_per_100_visits'; 'games_with_death'), with its colour scale beside the map."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import LinearSegmentedColormap, Normalize

    from ..render import draw_map

    values = {z: _fit(float(v)) for z, v in zip(zones["zone"], zones[metric])}
    label = _METRIC_TITLES.get(metric, metric.replace("_", " "))
    boxes: list[tuple[Any, Any]] = []
    fig = draw_map(scenario, ax=ax, values=values, badges=False,
                   title=title or f"{scenario.meta.title}: {label}", on_zone=lambda z, box: boxes.append((z, box)))
    for z, box in boxes:
        row = zones[zones["zone"] == z.id]
        extra = ""
        if len(row) and "deaths_per_game" in row:
            r = row.iloc[0]
            extra = (f"\ndeaths {int(r['deaths'])} ({r['deaths_per_game']:.3g} per game), zombie visits "
                     f"{int(r['visits'])}, kills {int(r['kills'])}")
        hover(fig, box, f"{z.name or z.id} ({z.id}): {label} {values.get(z.id, 0):g}{extra}")
    # the map colours a zone cmap(0.1 + 0.85 * value / top): draw the same scale
    top = max(values.values(), default=0) or 1
    reds = plt.get_cmap("Reds")
    cmap = LinearSegmentedColormap.from_list("heat", [reds(0.1 + 0.85 * x / 255) for x in range(256)])
    bar = fig.colorbar(ScalarMappable(Normalize(0, top), cmap), ax=ax or fig.axes[0], fraction=0.035, pad=0.02)
    bar.set_label(label)
    return fig


def curves_plot(curves: pd.DataFrame, turn_limit: int | None = None, ax: Any = None):
    """Survival, completion and still-playing shares by turn, with their 95 % bands."""
    if ax is None:
        fig, ax = plt.subplots(figsize=(6.5, 3.8))
    else:
        fig = ax.figure
    for name, colour, label in (("survival", "#1565c0", "survival (not lost by deaths)"),
                                ("completion", "#2e7d32", "completion (won by this turn)"),
                                ("playing", "#757575", "still playing")):
        ax.fill_between(curves["turn"], curves[f"{name}_low"], curves[f"{name}_high"], color=colour, alpha=0.2, step="post")
        ax.step(curves["turn"], curves[name], where="post", color=colour, label=label)
        for row in curves.itertuples(index=False):
            point = ax.scatter([row.turn], [getattr(row, name)], s=14, color=colour, alpha=0.0)
            hover(fig, point, f"turn {row.turn}: {name} {getattr(row, name):.1%} "
                              f"({getattr(row, name + '_low'):.1%} - {getattr(row, name + '_high'):.1%})")
    if turn_limit:
        ax.axvline(turn_limit, color="#c62828", ls=":", lw=1, label="turn limit")
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("turn")
    ax.set_ylabel(f"share of {curves.attrs.get('games', '')} games")
    ax.legend(fontsize=7, loc="center right")
    return fig


def turn_histogram_counts(tally: Any, ax: Any = None):
    """Game length in turns, wins and losses stacked, from a run's aggregates."""
    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 3.5))
    else:
        fig = ax.figure
    won = tally.turns_by_cause[0]
    lost = tally.turns_by_cause[1:].sum(axis=0)
    turns = [t for t in range(len(won)) if won[t] or lost[t]]
    bars_won = ax.bar(turns, [won[t] for t in turns], color="#2e7d32", label="won")
    bars_lost = ax.bar(turns, [lost[t] for t in turns], bottom=[won[t] for t in turns], color="#c62828", label="lost")
    games = max(int(tally.n), 1)
    for t, w, l in zip(turns, bars_won, bars_lost):
        text = (f"{t} turns: {int(won[t]) + int(lost[t])} games ({(int(won[t]) + int(lost[t])) / games:.1%}), "
                f"won {int(won[t])}, lost {int(lost[t])}")
        hover(fig, w, text)
        hover(fig, l, text)
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend()
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


def sweep_mark(rate: float, target: float, tolerance: float = 0.0) -> str:
    """Where a win rate lies against target +- tolerance: 'below', 'in band' or 'above'.

    >>> sweep_mark(0.434, 0.4, 0.03), sweep_mark(0.41, 0.4, 0.03), sweep_mark(0.2, 0.4)
    ('above', 'in band', 'below')
    """
    if rate < target - tolerance:
        return "below"
    if rate > target + tolerance:
        return "above"
    return "in band"


def sweep_plot(table: pd.DataFrame, parameter: str, target: float | None = None, tolerance: float | None = None):
    """Win rate against the swept parameter, with its interval band, and the target line (and
    band) when given."""
    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = [str(v) for v in table[parameter]]
    ax.fill_between(x, table["low"], table["high"], color="#1565c0", alpha=0.2, label="95 % interval")
    ax.errorbar(x, table["win_rate"], yerr=[table["win_rate"] - table["low"], table["high"] - table["win_rate"]],
                marker="o", capsize=4, label="win rate")
    for v, p, lo, hi, n in zip(x, table["win_rate"], table["low"], table["high"], table["games"]):
        point = ax.scatter([v], [p], s=60, color="#1565c0", alpha=0.0)
        where = ""
        if target is not None:
            tol = tolerance or 0.0
            where = f"; {sweep_mark(p, target, tol)} the target {target:.0%} +- {tol:.0%}"
        hover(fig, point, f"{parameter} {v}: won {p:.1%} (95 % interval {lo:.1%} - {hi:.1%}) of {int(n)} games{where}")
    if target is not None:
        ax.axhline(target, color="#c62828", ls="--", lw=1, label=f"target {target:.0%}")
        if tolerance:
            ax.axhspan(target - tolerance, target + tolerance, color="#c62828", alpha=0.08)
        ax.legend(fontsize=7)
    ax.set_ylim(0, 1)
    ax.set_xlabel(parameter)
    ax.set_ylabel("win rate")
    return fig


_HOVER_SCRIPT = """<script>
/* hover values: every SVG element with a data-hover id gets a native tooltip (no library) */
document.querySelectorAll('script[type="application/json"].hover').forEach(function (s) {
  var texts = JSON.parse(s.textContent);
  Object.keys(texts).forEach(function (id) {
    var el = document.getElementById(id);
    if (!el) return;
    var t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    t.textContent = texts[id];
    el.insertBefore(t, el.firstChild);
    el.style.cursor = 'help';
  });
});
</script>"""
"""The report's script that turns each plot's hover texts into tooltips (inline, nothing fetched)."""

_hover_ids = iter(range(1, 1 << 62))


def hover(fig, artist, text: str) -> None:
    """Give an artist a hover text: the HTML report shows it as a tooltip over the element."""
    gid = f"hover-{next(_hover_ids)}"
    artist.set_gid(gid)
    fig.__dict__.setdefault("_hover_texts", {})[gid] = text


def to_svg(fig) -> str:
    """A figure as inline SVG text, followed by its hover texts (a JSON script the report's
    :data:`_HOVER_SCRIPT` reads)."""
    import html as html_mod
    import json

    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    texts = fig.__dict__.get("_hover_texts")
    plt.close(fig)
    out = buf.getvalue()
    if texts:
        out += ("<script type='application/json' class='hover'>"
                + html_mod.escape(json.dumps(texts), quote=False) + "</script>")
    return out
