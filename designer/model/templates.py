"""Starting points for new scenarios."""

from __future__ import annotations

from .scenario import SCHEMA_VERSION, Scenario

__all__ = ["starter_scenario"]


def starter_scenario(scenario_id: str, title: str = "", profile: str = "zombicide") -> Scenario:
    """A small valid scenario to build on: a street of three zones with a start at one end, an
    exit at the other and a spawn zone in the middle; the goal is to escape."""
    return Scenario.model_validate({
        "schema_version": SCHEMA_VERSION,
        "id": scenario_id,
        "meta": {"title": title or scenario_id},
        "zones": [
            {"id": "Z1", "name": "Start street", "kind": "street", "position": {"x": 0, "y": 0}},
            {"id": "Z2", "name": "Middle street", "kind": "street", "position": {"x": 200, "y": 0}},
            {"id": "Z3", "name": "Exit street", "kind": "street", "position": {"x": 400, "y": 0}},
        ],
        "connections": [
            {"id": "c1", "kind": "opening", "from": "Z1", "to": "Z2"},
            {"id": "c2", "kind": "opening", "from": "Z2", "to": "Z3"},
        ],
        "sight_lines": [{"id": "main-street", "zones": ["Z1", "Z2", "Z3"]}],
        "spawns": [{"id": "spawn-1", "zone": "Z2", "order": 1}],
        "exits": ["Z3"],
        "victory": {"steps": [{"kind": "escape", "who": "all"}]},
        "setup": {"start_zones": ["Z1"], "rules": {"profile": profile}},
    })
