"""Structure checks: zones nobody enters, contradicting connections, objectives in zones that
cannot hold them, exits without an escape goal; and the reference findings.

Duplicate ids, dangling references and references to the wrong kind of thing are found by
walking every reference the model declares (:func:`designer.model.references.iter_references`):
the model refuses them when a file loads, and they arrive as findings through
:func:`designer.checks.check_file`; :func:`reference_findings` gives the same findings for JSON
data that is still being edited.
"""

from __future__ import annotations

from typing import Iterator

from ..rules.compiled import CompiledScenario
from .findings import Finding

__all__ = ["check_structure", "reference_findings"]

_BLOCKING = {"door", "fence", "window"}


def reference_findings(data: dict) -> list[Finding]:
    """Findings for the broken references of scenario JSON data (ids used twice, ids pointing at
    nothing or at the wrong kind of thing), each with its JSON path; empty when the data loads.
    Problems other than references (a missing field) are findings too."""
    from ..io.files import LoadError, parse

    try:
        parse(data)
    except LoadError as e:
        return [Finding(p.code, "error", str(p), tuple(p.ids), p.path) for p in e.problems]
    return []


def check_structure(view: CompiledScenario) -> Iterator[Finding]:
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
        z = s.zones[view.zone_index[o.zone]]
        reason = None
        if z.kind == "security":  # a rotating gate forbids only spawning and searching
            reason = "a security zone allows only moving through"
        elif z.capacity.max_survivors == 0:
            reason = "the zone holds no survivor"
        if reason:
            yield Finding("objective-in-forbidden-zone", "error",
                          f"objective '{o.id}' lies in {view.label(z.id)}, where no survivor can take it: {reason}",
                          (o.id, z.id))
    if s.exits and not any(st.kind == "escape" for st in s.victory.steps):
        yield Finding("exit-without-escape", "info",
                      f"exit zones {view.label_list(s.exits)} are listed but no victory step asks to escape",
                      tuple(s.exits))
