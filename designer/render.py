"""Map drawing (matplotlib): a printable mission sheet as SVG or PNG, and the base of heat maps."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import matplotlib

if not matplotlib.get_backend().lower().startswith(("module://", "nbagg", "widget")):
    matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402

from .io.files import atomic_write  # noqa: E402
from .model.scenario import Scenario  # noqa: E402

__all__ = ["draw_map", "positions", "render_map"]

KIND_COLOURS = {"street": "#e0e0e0", "room": "#ffe0b2", "corridor": "#cfd8dc", "cell": "#d7ccc8",
                "tower": "#c5e1a5", "security": "#f8bbd0", "gate": "#f48fb1", "extra": "#fff59d",
                "elevator": "#b3e5fc"}
LINE_STYLES = {"door": "--", "fence": ":", "window": ":", "drop": "-.", "stairs": "-", "elevator": "--"}


def positions(scenario: Scenario) -> dict[str, tuple[float, float]]:
    """Drawing positions of the zones (their own, or a spring layout for those without one)."""
    pos = {z.id: (z.position.x, -z.position.y) for z in scenario.zones if z.position is not None}
    if len(pos) < len(scenario.zones):
        G = nx.Graph()
        G.add_nodes_from(z.id for z in scenario.zones)
        G.add_edges_from(c.zones for c in scenario.connections)
        layout = nx.spring_layout(G, seed=1, pos=pos or None, fixed=list(pos) or None)
        pos = {k: (float(v[0]), float(v[1])) for k, v in layout.items()}
    return pos


def draw_map(scenario: Scenario, ax: Any = None, values: dict[str, float] | None = None,
             title: str | None = None, badges: bool = True):
    """Draw the map: zones coloured by kind (or by ``values``, 0..max, in reds), connections
    styled by kind, one-way connections with an arrow, badges for start, exit, spawns and
    objectives. Returns the figure."""
    pos = positions(scenario)
    if ax is None:
        fig, ax = plt.subplots(figsize=(9, 6.5))
    else:
        fig = ax.figure
    for c in scenario.connections:
        (x1, y1), (x2, y2) = pos[c.source], pos[c.target]
        colour = "#6d4c41" if c.kind == "door" else "#9e9e9e"
        if c.kind == "door" and c.lock is not None and c.lock.kind == "colour":
            colour = c.lock.colour
        if c.one_way:
            ax.annotate("", (x2, y2), (x1, y1), arrowprops={"arrowstyle": "-|>", "color": colour, "lw": 1.5}, zorder=1)
        else:
            ax.plot([x1, x2], [y1, y2], LINE_STYLES.get(c.kind, "-"), color=colour, lw=1.5, zorder=1)
    marks: dict[str, list[str]] = {}
    if badges:
        for z in scenario.setup.start_zones:
            marks.setdefault(z, []).append("START")
        for z in scenario.exits:
            marks.setdefault(z, []).append("EXIT")
        for sp in scenario.spawns:
            marks.setdefault(sp.zone, []).append(f"S{sp.order}")
        for o in scenario.objectives:
            marks.setdefault(o.zone, []).append({"token": "X", "key": "K", "switch": "B", "item": "I",
                                                 "search_marker": "?"}[o.kind])
    top = max((values or {}).values(), default=0) or 1
    cmap = plt.get_cmap("Reds")
    for z in scenario.zones:
        x, y = pos[z.id]
        if values is not None:
            share = values.get(z.id, 0) / top
            face = cmap(0.1 + 0.85 * share)
            text_colour = "white" if share > 0.6 else "black"
        else:
            face, text_colour = KIND_COLOURS.get(z.kind, "#eeeeee"), "black"
        ax.scatter([x], [y], s=900, marker="s" if z.kind == "street" else "o", color=face, edgecolors="#424242",
                   zorder=2)
        label = z.name or z.id
        if values is not None:
            label += f"\n{values.get(z.id, 0):g}"
        if marks.get(z.id):
            label += "\n" + " ".join(marks[z.id])
        ax.annotate(label, (x, y), ha="center", va="center", fontsize=6.5, color=text_colour, zorder=3)
    ax.set_axis_off()
    ax.set_title(title or scenario.meta.title)
    return fig


def render_map(scenario: Scenario, path: str | os.PathLike[str]) -> Path:
    """Write the mission sheet map as SVG or PNG (by the file's extension), atomically."""
    path = Path(path)
    if path.suffix not in (".svg", ".png"):
        raise ValueError(f"{path}: expected a .svg or .png file")
    fig = draw_map(scenario)
    try:
        with atomic_write(path, binary=True) as f:
            fig.savefig(f, format=path.suffix[1:], bbox_inches="tight", dpi=150)
    finally:
        plt.close(fig)
    return path
