"""Structure checks: zones nobody enters, contradicting connections, objectives in zones that
cannot hold them, exits without an escape goal.

(Duplicate ids, dangling references and self-connections are refused when the model loads;
they arrive as findings through :func:`designer.checks.check_file`.)
"""

from __future__ import annotations

from typing import Iterator

from .findings import Finding
from .mapview import MapView

__all__ = ["check_structure"]

_BLOCKING = {"door", "fence", "window"}


def check_structure(view: MapView) -> Iterator[Finding]:
    s = view.scenario
    starts = set(s.setup.start_zones)
    if view.n > 1:
        for i, z in enumerate(s.zones):
            if view.degree[i] == 0:
                yield Finding("isolated-zone", "warning", f"{view.label(z.id)} has no connection to any other zone",
                              (z.id,))
            elif view.any_in[i] == 0 and z.id not in starts:
                yield Finding("zone-never-entered", "warning",
                              f"no connection lets a survivor or a zombie into {view.label(z.id)}", (z.id,))
    first: dict[tuple[str, str], object] = {}
    pairs: dict[tuple[str, str], list] = {}
    for c in s.connections:
        a, b = c.source, c.target
        key = (a, b) if a < b else (b, a)
        other = first.setdefault(key, c)
        if other is not c:
            pairs.setdefault(key, [other]).append(c)
    for group in pairs.values():
        open_ones = [c for c in group if c.kind == "opening" and not c.one_way and c.survivors]
        for c in group:
            if open_ones and c.kind in _BLOCKING and not (c.kind == "window"):
                o = open_ones[0]
                yield Finding("contradicting-connections", "warning",
                              f"'{c.id}' ({c.kind}) and the opening '{o.id}' both join {view.label(c.source)} "
                              f"and {view.label(c.target)}: the opening makes the {c.kind} pointless",
                              (c.id, o.id, c.source, c.target))
        seen: dict[tuple, str] = {}
        for c in group:
            sig = (c.kind, c.source, c.target) if c.one_way else (c.kind, frozenset(c.zones))
            if sig in seen:
                yield Finding("duplicate-connection", "info",
                              f"'{c.id}' repeats '{seen[sig]}' ({c.kind} between {view.label(c.source)} "
                              f"and {view.label(c.target)})", (c.id, seen[sig]))
            else:
                seen[sig] = c.id
    for o in s.objectives:
        z = view.zones[view.index[o.zone]]
        reason = None
        if z.kind in ("security", "gate"):
            reason = f"a {z.kind} zone allows only moving through"
        elif z.capacity.max_survivors == 0:
            reason = "the zone holds no survivor"
        if reason:
            yield Finding("objective-in-forbidden-zone", "error",
                          f"objective '{o.id}' lies in {view.label(z.id)}, where no survivor can take it: {reason}",
                          (o.id, z.id))
    if s.exits and not any(st.kind == "escape" for st in s.victory.steps):
        yield Finding("exit-without-escape", "info",
                      f"exit zones {view.labels(s.exits)} are listed but no victory step asks to escape",
                      tuple(s.exits))
