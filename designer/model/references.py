"""Every reference of a scenario to a zone, connection, door, spawn, objective or special rule,
declared once.

:data:`REFERENCE_FIELDS` lists where ids are referenced, as JSON path patterns; :func:`iter_references`
walks them over a scenario, either the model object or its JSON data, and yields one
:class:`Reference` per id it finds. Reference checking (the model refuses dangling references
when a file loads), renaming, delete cascades and highlighting all read this one table.

>>> data = {"connections": [{"id": "d1", "kind": "door", "from": "A", "to": "B"}],
...         "victory": {"steps": [{"kind": "open_doors", "doors": ["d1"]}]}, "setup": {"start_zones": ["A"]}}
>>> [(r.path, r.kind, r.id) for r in iter_references(data)]
[('connections[0].from', 'zone', 'A'), ('connections[0].to', 'zone', 'B'), ('victory.steps[0].doors[0]', 'door', 'd1'), ('setup.start_zones[0]', 'zone', 'A')]

Pattern syntax: fields separated by dots; ``name[*]`` walks every element of a list; a
``{kind|kind}`` suffix keeps only elements whose ``kind`` is one of those listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

__all__ = ["REFERENCE_FIELDS", "TARGETS", "Reference", "iter_references"]

REFERENCE_FIELDS: tuple[tuple[str, str], ...] = (
    ("connections[*].from", "zone"),
    ("connections[*].to", "zone"),
    ("sight_lines[*].zones[*]", "zone"),
    ("spawns[*].zone", "zone"),
    ("objectives[*].zone", "zone"),
    ("triggers[*].when{objective_taken}.objective", "objective"),
    ("triggers[*].when{switch_pressed}.switch", "switch"),
    ("triggers[*].when{door_opened}.door", "door"),
    ("triggers[*].when{zone_entered}.zone", "zone"),
    ("triggers[*].then[*]{open_door|close_door|toggle_door|unlock_door|lock_door}.door", "door"),
    ("triggers[*].then[*]{activate_spawn|deactivate_spawn|toggle_spawn}.spawn", "spawn"),
    ("triggers[*].then[*]{spawn_zombies}.zone", "zone"),
    ("triggers[*].then[*]{spawn_zombies}.at_objective", "objective"),
    ("triggers[*].then[*]{rotate_gate}.gate", "zone"),
    ("triggers[*].then[*]{rotate_gate}.sides[*]", "door"),
    ("triggers[*].then[*]{set_fire}.zone", "zone"),
    ("triggers[*].then[*]{set_fire}.connection", "connection"),
    ("exits[*]", "zone"),
    ("victory.steps[*]{take_objectives}.objectives[*]", "objective"),
    ("victory.steps[*]{reach_zone|clear_zones}.zones[*]", "zone"),
    ("victory.steps[*]{open_doors}.doors[*]", "door"),
    ("victory.steps[*]{no_zombie_path|carry_items|hold_zone}.zones[*]", "zone"),
    ("victory.steps[*]{doors_closed}.doors[*]", "door"),
    ("defeat.objectives_lost[*]", "objective"),
    ("setup.start_zones[*]", "zone"),
    ("setup.zombies[*].zone", "zone"),
    ("setup.start_groups[*].zone", "zone"),
    ("setup.special_rules[*].excludes[*]", "rule"),
    ("town.boards[*].zones[*]", "zone"),
    ("town.boards[*].first[*]", "zone"),
    ("town.boards[*].second[*]", "zone"),
    ("points.objectives[*].objective", "objective"),
    ("infestation.placed[*].zone", "zone"),
)
"""(path pattern, kind of the referenced thing). Kinds: 'zone', 'connection' (any kind), 'door'
(a connection of kind door), 'spawn', 'objective' (any kind), 'switch' (an objective of kind
switch), 'rule' (a special rule of the set-up)."""

TARGETS: dict[str, tuple[str, str | None]] = {
    "zone": ("zones", None),
    "connection": ("connections", None),
    "door": ("connections", "door"),
    "spawn": ("spawns", None),
    "objective": ("objectives", None),
    "switch": ("objectives", "switch"),
    "rule": ("setup.special_rules", None),
}
"""For each reference kind: the list its ids live in, and the element kind it must have."""

_ALIASES = {"from": "source", "to": "target"}


@dataclass(frozen=True)
class Reference:
    """One id referenced somewhere in a scenario."""

    path: str
    """JSON path of the value (for example 'connections[3].to')."""
    kind: str
    """What it refers to (see :data:`REFERENCE_FIELDS`)."""
    id: str
    """The referenced id."""
    owner: str
    """JSON path of the list element that holds it (the first list on the way: 'connections[3]',
    'triggers[0]', 'victory.steps[1]', 'exits[2]', 'setup.start_zones[0]'): what a delete
    cascade drops or edits when the referenced id goes."""
    holder: Any = None
    """The dict or list that holds the value (when walking JSON data), so ``holder[key]`` can
    be rewritten by a rename."""
    key: Any = None


_TOKEN = re.compile(r"^(?P<name>[a-z_]+)(?P<list>\[\*\])?(?:\{(?P<kinds>[a-z_|]+)\})?$")


def _compile(pattern: str) -> list[tuple[str, bool, frozenset[str] | None]]:
    out = []
    for tok in pattern.split("."):
        m = _TOKEN.match(tok)
        if m is None:
            raise ValueError(f"bad reference pattern {pattern!r} at {tok!r}")
        kinds = frozenset(m["kinds"].split("|")) if m["kinds"] else None
        out.append((m["name"], bool(m["list"]), kinds))
    return out


_PATTERNS = tuple((_compile(p), kind) for p, kind in REFERENCE_FIELDS)


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, _ALIASES.get(name, name), None)


def _kind_of(obj: Any) -> Any:
    return obj.get("kind") if isinstance(obj, dict) else getattr(obj, "kind", None)


def iter_references(scenario: Any) -> Iterator[Reference]:
    """Every reference of a scenario (a :class:`~designer.model.scenario.Scenario` or its JSON
    data), in the order of :data:`REFERENCE_FIELDS`, elements in file order.

    Missing lists and fields are skipped, so this also walks partial data (a scenario being
    edited). ``holder`` and ``key`` are set when walking JSON data.

    Notes
    -----
    O(number of referencing fields): one pass per pattern.
    """
    for tokens, kind in _PATTERNS:
        yield from _walk(scenario, tokens, 0, "", kind, None)


def _walk(obj: Any, tokens: list, i: int, path: str, kind: str, owner: str | None) -> Iterator[Reference]:
    name, is_list, kinds = tokens[i]
    last = i == len(tokens) - 1
    value = _get(obj, name)
    if value is None:
        return
    here = f"{path}.{name}" if path else name
    if is_list:
        if not isinstance(value, (list, tuple)):
            return
        holder = value if isinstance(value, list) else None
        for j, item in enumerate(value):
            p = f"{here}[{j}]"
            if kinds is not None and _kind_of(item) not in kinds:
                continue
            if last:
                if isinstance(item, str):
                    yield Reference(p, kind, item, owner or p, holder, j)
            else:
                yield from _walk(item, tokens, i + 1, p, kind, owner or p)
        return
    if kinds is not None and _kind_of(value) not in kinds:
        return
    if last:
        if isinstance(value, str):
            yield Reference(here, kind, value, owner or here, obj if isinstance(obj, dict) else None, name)
        return
    yield from _walk(value, tokens, i + 1, here, kind, owner)
