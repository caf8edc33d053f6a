"""The map as a networkx graph, and exports that open in other graph tools.

:func:`to_networkx` gives a ``MultiDiGraph``: one node per zone, and per connection one directed
edge (one-way drops) or two (everything else), keyed by the connection id, so a door and a window
between the same two rooms stay two edges. Nodes and edges carry every field of the zone or
connection; nodes also carry derived marks (start, exit, spawns, objectives) for convenience.
The rest of the scenario rides along in ``G.graph["scenario"]`` so that :func:`from_networkx`
rebuilds the whole scenario.

GraphML cannot hold nested values: :func:`to_graphml` flattens them into dotted keys
(``flags.dark``) and writes lists as ``json:`` text. XML cannot hold most control characters and
turns a carriage return into a line feed, so a string holding one of them (or starting with
``json:`` itself) is written as ``json:`` text too, with every such character escaped.
:func:`from_graphml` undoes both, so every valid scenario comes back equal.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import networkx as nx

from ..model.scenario import Scenario
from .files import parse, to_data, write_text_atomic

__all__ = ["from_graphml", "from_networkx", "to_graphml", "to_networkx", "to_node_link"]

_MARKS = ("start", "exit", "spawns", "objectives")


def to_networkx(scenario: Scenario) -> nx.MultiDiGraph:
    """The map as a ``MultiDiGraph`` with every zone and connection attribute.

    Examples
    --------
    >>> G = to_networkx(scenario)                      # doctest: +SKIP
    >>> G.edges["hall", "kitchen", "door-1"]["kind"]    # doctest: +SKIP
    'door'
    """
    data = to_data(scenario)
    G = nx.MultiDiGraph()
    G.graph["scenario"] = {k: v for k, v in data.items() if k not in ("zones", "connections")}
    G.graph["id"] = scenario.id
    G.graph["title"] = scenario.meta.title
    G.graph["connection_order"] = [c.id for c in scenario.connections]
    starts, exits = set(scenario.setup.start_zones), set(scenario.exits)
    spawns: dict[str, list[str]] = {}
    for sp in scenario.spawns:
        spawns.setdefault(sp.zone, []).append(sp.id)
    objectives: dict[str, list[str]] = {}
    for o in scenario.objectives:
        objectives.setdefault(o.zone, []).append(o.id)
    for z, zd in zip(scenario.zones, data["zones"]):
        attrs = {k: v for k, v in zd.items() if k != "id"}
        attrs.update(start=z.id in starts, exit=z.id in exits,
                     spawns=spawns.get(z.id, []), objectives=objectives.get(z.id, []))
        G.add_node(z.id, **attrs)
    for c, cd in zip(scenario.connections, data.get("connections", [])):
        attrs = {k: v for k, v in cd.items() if k not in ("id",)}
        attrs["from"], attrs["to"] = c.source, c.target
        G.add_edge(c.source, c.target, key=c.id, **attrs)
        if not c.one_way:
            G.add_edge(c.target, c.source, key=c.id, **attrs)
    return G


def from_networkx(G: nx.MultiDiGraph, source: str = "<graph>") -> Scenario:
    """Rebuild a scenario from a graph made by :func:`to_networkx` (edited or not).

    Edges of a two-way connection appear twice; the one going 'from' -> 'to' is kept.
    """
    rest = dict(G.graph.get("scenario") or {})
    zones = []
    for node, attrs in G.nodes(data=True):
        zones.append({"id": node, **{k: v for k, v in attrs.items() if k not in _MARKS}})
    connections: dict[str, dict[str, Any]] = {}
    for u, v, key, attrs in G.edges(keys=True, data=True):
        a, b = attrs.get("from", u), attrs.get("to", v)
        if key in connections and (u, v) != (a, b):
            continue
        connections[key] = {"id": key, **attrs, "from": a, "to": b}
    order = {cid: i for i, cid in enumerate(G.graph.get("connection_order", []))}
    ordered = sorted(connections.values(), key=lambda c: order.get(c["id"], len(order)))
    data = {**rest, "zones": zones, "connections": ordered}
    return parse(data, source)


def to_node_link(scenario: Scenario) -> dict[str, Any]:
    """The map as node-link JSON data (``networkx.node_link_data``), ready for ``json.dump``."""
    return nx.node_link_data(to_networkx(scenario), edges="edges")


_JSON = "json:"
"""Prefix of a GraphML value that holds JSON text: lists, and strings XML cannot carry as they are."""

_XML_UNSAFE = re.compile("[^\t\n\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold (most control characters, lone surrogates, U+FFFE/U+FFFF), and
the carriage return, which XML parsers turn into a line feed."""


def _encode(value: Any) -> Any:
    """A value GraphML carries exactly: lists and awkward strings become ``json:`` text (JSON
    escapes every control character; ASCII-only output leaves nothing for XML to refuse)."""
    if isinstance(value, list):
        return _JSON + json.dumps(value, sort_keys=True)
    if isinstance(value, str) and (value.startswith(_JSON) or _XML_UNSAFE.search(value)):
        return _JSON + json.dumps(value)
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_JSON):
        return json.loads(value[len(_JSON):])
    return value


def _flatten(prefix: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}" if prefix else k, v, out)
    elif value is not None:
        out[prefix] = _encode(value)


def _unflatten(attrs: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in attrs.items():
        value = _decode(value)
        parts = key.split(".")
        cur = out
        for p in parts[:-1]:
            cur = cur.setdefault(p, {})
        cur[parts[-1]] = value
    return out


def to_graphml(scenario: Scenario, path: str | None = None) -> str:
    """The map as GraphML text (nested fields as dotted keys); written atomically to ``path``
    when given."""
    G = to_networkx(scenario)
    H = nx.MultiDiGraph()
    H.graph["id"] = scenario.id
    H.graph["title"] = _encode(scenario.meta.title)
    H.graph["scenario"] = _JSON + json.dumps(G.graph["scenario"], sort_keys=True)
    H.graph["connection_order"] = _encode(G.graph["connection_order"])
    for n, attrs in G.nodes(data=True):
        flat: dict[str, Any] = {}
        _flatten("", attrs, flat)
        H.add_node(n, **flat)
    for u, v, k, attrs in G.edges(keys=True, data=True):
        flat = {}
        _flatten("", attrs, flat)
        H.add_edge(u, v, key=k, **flat)
    buf = io.BytesIO()
    nx.write_graphml(H, buf, named_key_ids=True)
    text = buf.getvalue().decode("utf-8")
    if path is not None:
        write_text_atomic(path, text)
    return text


def from_graphml(text: str, source: str = "<graphml>") -> Scenario:
    """Rebuild a scenario from GraphML written by :func:`to_graphml`."""
    H = nx.read_graphml(io.BytesIO(text.encode("utf-8")), force_multigraph=True)
    G = nx.MultiDiGraph()
    G.graph["scenario"] = _decode(H.graph["scenario"])
    G.graph["connection_order"] = _decode(H.graph.get("connection_order", "json:[]"))
    for n, attrs in H.nodes(data=True):
        G.add_node(n, **_unflatten(attrs))
    for u, v, k, attrs in H.edges(keys=True, data=True):
        G.add_edge(u, v, key=k, **_unflatten(attrs))
    return from_networkx(G, source)
