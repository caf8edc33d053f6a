"""Map drawing (matplotlib): a printable mission sheet as SVG or PNG, and the base of heat maps.

The sheet is drawn in the style of the designer's canvas, from the same tables (:data:`LOOK`):
zones as boxes coloured by kind and sized to their labels, building boxes around their rooms,
connections styled by kind (doors dashed, locked doors in their key's colour, one-way arrows),
badges for start, exit, spawns and objectives, and a legend of what the map shows."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import matplotlib

if not matplotlib.get_backend().lower().startswith(("module://", "nbagg", "widget")):
    matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import FancyBboxPatch, Patch, Rectangle  # noqa: E402

from .io.files import atomic_write  # noqa: E402
from .model.scenario import Scenario  # noqa: E402
from .model.tiles import tile_list  # noqa: E402

__all__ = ["CONNECTION_STYLES", "KIND_COLOURS", "LOCK_COLOURS", "LOOK", "draw_map", "node_size", "positions",
           "render_map", "tile_svg", "zone_badges", "zone_label"]

KIND_COLOURS = {"street": "#e0e0e0", "room": "#ffe0b2", "corridor": "#cfd8dc", "cell": "#d7ccc8",
                "tower": "#c5e1a5", "security": "#f8bbd0", "gate": "#f48fb1", "extra": "#fff59d",
                "elevator": "#b3e5fc"}
"""Fill colour of a zone by kind."""
CONNECTION_STYLES = {
    "opening": {"colour": "#9e9e9e", "dash": "solid", "width": 2},
    "door": {"colour": "#6d4c41", "dash": "dashed", "width": 3},
    "stairs": {"colour": "#5e35b1", "dash": "solid", "width": 3},
    "elevator": {"colour": "#0277bd", "dash": "dashed", "width": 2},
    "ladder": {"colour": "#33691e", "dash": "solid", "width": 2},
    "drop": {"colour": "#424242", "dash": "dashed", "width": 2},
    "fence": {"colour": "#b71c1c", "dash": "dotted", "width": 3},
    "window": {"colour": "#4fc3f7", "dash": "dotted", "width": 2},
}
"""Line of a connection by kind (an open door is dotted, a locked one in its key's colour)."""
LOCK_COLOURS = {"red": "#e53935", "blue": "#1e88e5", "green": "#43a047", "yellow": "#fdd835",
                "purple": "#8e24aa", "orange": "#fb8c00", "white": "#bdbdbd", "black": "#212121"}
"""Line colour of a door locked by a colour."""
LOOK = {"kinds": KIND_COLOURS, "connections": CONNECTION_STYLES, "locks": LOCK_COLOURS}
"""The whole look: the canvas receives it as it is, the sheet draws with it."""

_CHAR_WIDTH, _LINE_HEIGHT, _MAX_WIDTH = 6.3, 13.0, 200.0  # 10 px DejaVu Sans, with a margin
_DASH = {"solid": "-", "dashed": "--", "dotted": ":"}
_DEFAULT_COLOUR = {"token": "red"}


@lru_cache(maxsize=8192)
def node_size(label: str) -> tuple[float, float]:
    """Width and height (map units) of a zone's box so that its label (one or more lines) fits
    (remembered: every edit redraws every zone, most with the label they had)."""
    lines = label.split("\n")
    width = min(max(64.0, max(len(line) for line in lines) * _CHAR_WIDTH + 16), _MAX_WIDTH)
    per_line = max(int((width - 16) / _CHAR_WIDTH), 1)  # longer lines wrap inside the box
    rows = sum(max(1, -(-len(line) // per_line)) for line in lines)
    return width, max(40.0, rows * _LINE_HEIGHT + 14)


def zone_badges(data: dict) -> dict[str, list[str]]:
    """The badges of each zone (scenario JSON data): START, EXIT, spawns (order, colour, off) and
    objectives (kind and colour)."""
    badges: dict[str, list[str]] = {}
    for z in data["setup"]["start_zones"]:
        badges.setdefault(z, []).append("START")
    for z in data.get("exits", []):
        badges.setdefault(z, []).append("EXIT")
    for sp in data.get("spawns", []):
        colour = f" {sp['colour']}" if sp.get("colour") else ""
        off = "" if sp.get("active", True) else " off"
        badges.setdefault(sp["zone"], []).append(f"spawn {sp['order']}{colour}{off}")
    for o in data.get("objectives", []):
        colour = o.get("colour") or _DEFAULT_COLOUR.get(o["kind"])
        colour = f" {colour}" if colour else ""
        kind = {"token": "obj", "search_marker": "search"}.get(o["kind"], o["kind"])
        badges.setdefault(o["zone"], []).append(f"{kind}{colour}")
    return badges


def zone_label(zone: dict, badges: list[str]) -> str:
    """A zone's label: its name (or id), its level when not 0, then its badges two a line."""
    label = zone.get("name") or zone["id"]
    if zone.get("level"):
        label += f" [L{zone['level']}]"
    for j in range(0, len(badges), 2):
        label += "\n" + " · ".join(badges[j:j + 2])
    return label


def positions(scenario: Scenario) -> dict[str, tuple[float, float]]:
    """Drawing positions of the zones (their own, or a spring layout for those without one);
    y grows upwards (the canvas's y grows downwards)."""
    pos = {z.id: (z.position.x, -z.position.y) for z in scenario.zones if z.position is not None}
    if len(pos) < len(scenario.zones):
        G = nx.Graph()
        G.add_nodes_from(z.id for z in scenario.zones)
        G.add_edges_from(c.zones for c in scenario.connections)
        layout = nx.spring_layout(G, seed=1, pos=pos or None, fixed=list(pos) or None)
        scale = 1.0 if pos else 400.0
        pos = {k: (float(v[0]) * scale, float(v[1]) * scale) for k, v in layout.items()}
    return pos


def draw_map(scenario: Scenario, ax: Any = None, values: dict[str, float] | None = None,
             title: str | None = None, badges: bool = True, legend: bool = True,
             on_zone: Any = None):
    """Draw the map in the canvas's style: zones coloured by kind (or by ``values``, 0..max, in
    reds) in boxes that fit their labels, building boxes, connections styled by kind, one-way
    connections with an arrow, badges for start, exit, spawns and objectives, and a legend.
    ``on_zone(zone, box)`` is called with each zone and the patch drawn for it (hover texts).
    Returns the figure."""
    from .io.files import to_data

    data = json.loads(json.dumps(to_data(scenario)))
    pos = positions(scenario)
    marks = zone_badges(data) if badges else {}
    labels = {z["id"]: zone_label(z, marks.get(z["id"], [])) for z in data["zones"]}
    if values is not None:
        labels = {k: f"{v}\n{values.get(k, 0):g}" for k, v in labels.items()}
    sizes = {k: node_size(v) for k, v in labels.items()}
    xs = [pos[k][0] + s * sizes[k][0] / 2 for k in pos for s in (-1, 1)]
    ys = [pos[k][1] + s * sizes[k][1] / 2 for k in pos for s in (-1, 1)]
    if scenario.tiles is not None:  # the sheet shows whole tiles
        size = scenario.tiles.size
        xs += [p.col * size + e * size for p in scenario.tiles.placed for e in (0, 1)]
        ys += [p.row * size + e * size for p in scenario.tiles.placed for e in (0, 1)]
    width, height = max(xs) - min(xs) + 80, max(ys) - min(ys) + 80
    if ax is None:
        # 1 map unit = 1/100 inch, so the 10 px labels of the canvas print at 7 pt
        scale = min(1.0, 40 / max(width / 100, height / 100))
        fig, ax = plt.subplots(figsize=(max(width / 100 * scale, 6), max(height / 100 * scale, 4) + 0.6))
        font = 6.6 * scale
    else:
        fig, font = ax.figure, 6.5
    ax.set_xlim(min(xs) - 40, max(xs) + 40)
    ax.set_ylim(min(ys) - 40, max(ys) + 40)
    ax.set_aspect("equal")

    # tile outlines under everything, labelled with their codes
    if scenario.tiles is not None:
        size = scenario.tiles.size
        for p in scenario.tiles.placed:
            ax.add_patch(Rectangle((p.col * size, p.row * size), size, size, fill=True, facecolor="#f5f7f8",
                                   edgecolor="#90a4ae", lw=1.5, zorder=-1))
            ax.text(p.col * size + size / 2, p.row * size + 12, p.id + (f" ({p.tile})" if p.tile != p.id else "")
                    + (f" {90 * p.rotation}°" if p.rotation else ""), ha="center", va="top", fontsize=font * 1.3,
                    color="#78909c", fontweight="bold", zorder=-1)
    # building boxes around their rooms
    rooms: dict[str, list[str]] = {}
    for z in data["zones"]:
        if z.get("building"):
            rooms.setdefault(z["building"], []).append(z["id"])
    for name, ids in rooms.items():
        x1 = min(pos[i][0] - sizes[i][0] / 2 for i in ids) - 12
        x2 = max(pos[i][0] + sizes[i][0] / 2 for i in ids) + 12
        y1 = min(pos[i][1] - sizes[i][1] / 2 for i in ids) - 12
        y2 = max(pos[i][1] + sizes[i][1] / 2 for i in ids) + 12
        ax.add_patch(Rectangle((x1, y1), x2 - x1, y2 - y1, fill=True, facecolor="#8d6e63", alpha=0.06,
                               edgecolor="#8d6e63", linestyle="--", lw=1, zorder=0))
        ax.text(x1 + 4, y2 + 3, name, fontsize=font * 0.9, color="#5d4037", va="bottom", zorder=0)

    present_conn: set[str] = set()
    locked = oneway = False
    for c in scenario.connections:
        (x1, y1), (x2, y2) = pos[c.source], pos[c.target]
        style = CONNECTION_STYLES.get(c.kind, CONNECTION_STYLES["opening"])
        colour, dash, lw = style["colour"], style["dash"], style["width"] * 0.7
        present_conn.add(c.kind)
        if c.kind == "door":
            if c.state == "open":
                dash = "dotted"
            if c.lock is not None:
                locked = True
                lw = 2.8
                if c.lock.kind == "colour":
                    colour = LOCK_COLOURS.get(c.lock.colour, "#424242")
        if c.one_way:
            oneway = True
            ax.annotate("", (x2, y2), (x1, y1), zorder=1,
                        arrowprops={"arrowstyle": "-|>", "color": colour, "lw": lw, "linestyle": _DASH[dash],
                                    "shrinkA": sizes[c.source][1] / 2, "shrinkB": sizes[c.target][1] / 2})
        else:
            ax.plot([x1, x2], [y1, y2], _DASH[dash], color=colour, lw=lw, zorder=1)

    top = max((values or {}).values(), default=0) or 1
    cmap = plt.get_cmap("Reds")
    starts, exits = set(scenario.setup.start_zones), set(scenario.exits)
    spawns = {sp.zone for sp in scenario.spawns}
    kinds: set[str] = set()
    for z in scenario.zones:
        x, y = pos[z.id]
        w, h = sizes[z.id]
        kinds.add(z.kind)
        if values is not None:
            share = values.get(z.id, 0) / top
            face = cmap(0.1 + 0.85 * share)
            text_colour = "white" if share > 0.6 else "black"
        else:
            face, text_colour = KIND_COLOURS.get(z.kind, "#eeeeee"), "black"
        edge, lw = "#616161", 0.8
        if z.id in starts:
            edge, lw = "#2e7d32", 2.5
        elif z.id in exits:
            edge, lw = "#1565c0", 2.5
        if z.id in spawns:
            ax.add_patch(FancyBboxPatch((x - w / 2 - 4, y - h / 2 - 4), w + 8, h + 8, fill=False,
                                        boxstyle="round,pad=0,rounding_size=8", edgecolor="#c62828", lw=2, zorder=2))
        rounding = 0 if z.kind == "street" else 6
        box = ax.add_patch(FancyBboxPatch((x - w / 2, y - h / 2), w, h,
                                          boxstyle=f"round,pad=0,rounding_size={rounding}",
                                          facecolor=face, edgecolor=edge, lw=lw, zorder=2))
        if on_zone is not None:
            on_zone(z, box)
        if z.id in exits:  # a double border, as on the canvas
            ax.add_patch(FancyBboxPatch((x - w / 2 + 3, y - h / 2 + 3), w - 6, h - 6, fill=False,
                                        boxstyle=f"round,pad=0,rounding_size={rounding}", edgecolor=edge, lw=1,
                                        zorder=2))
        ax.text(x, y, labels[z.id], ha="center", va="center", fontsize=font, color=text_colour, zorder=3,
                wrap=False, linespacing=1.15)
    if legend:
        handles = [Patch(facecolor=KIND_COLOURS[k], edgecolor="#616161", label=k) for k in KIND_COLOURS if k in kinds]
        handles += [Line2D([], [], color=s["colour"], linestyle=_DASH[s["dash"]], lw=s["width"] * 0.7, label=k)
                    for k, s in CONNECTION_STYLES.items() if k in present_conn]
        if locked:
            handles.append(Line2D([], [], color=LOCK_COLOURS["blue"], linestyle="--", lw=2.8,
                                  label="locked door (key colour)"))
        if oneway:
            handles.append(Line2D([], [], color="#424242", marker=">", lw=1, label="one way"))
        if badges:
            handles += [Patch(facecolor="white", edgecolor="#2e7d32", lw=2, label="START"),
                        Patch(facecolor="white", edgecolor="#1565c0", lw=2, label="EXIT"),
                        Patch(facecolor="white", edgecolor="#c62828", lw=2, label="spawn (order, colour)")]
        if rooms:
            handles.append(Patch(facecolor="#8d6e63", alpha=0.2, edgecolor="#8d6e63", linestyle="--",
                                 label="building"))
        if scenario.tiles is not None and scenario.tiles.placed:
            handles.append(Patch(facecolor="#f5f7f8", edgecolor="#90a4ae", lw=1.5, label="map tile (code, turn)"))
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=max(font, 6),
                  frameon=True, title="obj · key · switch · item: objectives" if badges else None,
                  title_fontsize=max(font * 0.9, 5.5))
    ax.set_axis_off()
    listed = tile_list(scenario.tiles)
    ax.set_title((title or scenario.meta.title) + (f"\nTiles: {listed}" if listed else ""))
    return fig


def tile_svg(tile: Any, size: float = 600.0, px: int = 150) -> str:
    """A small picture of a tile for the designer's palette (inline SVG): its square, its zones
    coloured by kind, its connections and its street ends (marked on the edges)."""
    from .model.tiles import end_point

    k = px / size
    pos = {z.id: ((z.position.x if z.position else size / 2) * k, (z.position.y if z.position else size / 2) * k)
           for z in tile.zones}
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{px}' height='{px}' viewBox='0 0 {px} {px}' "
             f"class='sd-tile-preview'><rect x='0.5' y='0.5' width='{px - 1}' height='{px - 1}' fill='#f5f7f8' "
             f"stroke='#90a4ae' stroke-width='1.5'/>"]
    for c in tile.connections:
        (x1, y1), (x2, y2) = pos[c.source], pos[c.target]
        style = CONNECTION_STYLES.get(c.kind, CONNECTION_STYLES["opening"])
        dash = {"dashed": " stroke-dasharray='4,3'", "dotted": " stroke-dasharray='1.5,2'"}.get(style["dash"], "")
        parts.append(f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{style['colour']}' "
                     f"stroke-width='1.5'{dash}/>")
    for z in tile.zones:
        x, y = pos[z.id]
        parts.append(f"<rect x='{x - 14:.1f}' y='{y - 9:.1f}' width='28' height='18' rx='{0 if z.kind == 'street' else 3}' "
                     f"fill='{KIND_COLOURS.get(z.kind, '#eeeeee')}' stroke='#616161' stroke-width='0.6'>"
                     f"<title>{z.id}: {z.name or z.kind}</title></rect>")
    for side, ends in tile.edges.items():
        for e in ends:
            x, y = end_point(side, e.at, size)
            parts.append(f"<circle cx='{x * k:.1f}' cy='{y * k:.1f}' r='4' fill='#546e7a'/>")
    parts.append("</svg>")
    return "".join(parts) + f"<div style='font-size:11px;color:#616161'>{tile.id} {tile.name}: street ends on " \
        f"{', '.join(s for s in ('N', 'E', 'S', 'W') if tile.edges.get(s)) or 'no edge'}</div>"


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
