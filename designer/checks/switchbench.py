"""How switch states cost the reachability search: ``python -m designer.checks.switchbench``.

Builds the benchmark city of 1,000 zones (``designer.bench.maps.large_map``) without its own
switches, the survivors starting with a crowbar (so that the city can be won), and adds ``k`` switches of one of four kinds, then prints the search's situations and
its CPU time (``time.process_time``; min / median / max of 3 runs):

- ``idle``: each switch toggles a gate into its own empty yard (the doors do not interact);
- ``token``: the same, each yard holding a token no goal needs (a pocket that holds something);
- ``shared``: every switch toggles the same gate (a rotating gate, a yard with a token);
- ``chain``: switch ``i`` toggles gates ``i`` and ``i + 1`` (doors shared by two switches).

Options: ``--zones N``, ``--k 4,8,12,24``, ``--kinds idle,token,shared,chain``, ``--repeat R``,
``--max-states S`` (the search stops there: the row is marked ``+``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from ..model.scenario import Scenario
from .reachability import search

__all__ = ["switch_map", "run"]

KINDS = ("idle", "token", "shared", "chain")


def switch_map(zones: int, k: int, kind: str) -> Scenario:
    """The benchmark city with ``k`` switches of ``kind`` (see the module notes)."""
    from ..bench.maps import large_map

    data = json.loads(large_map(zones=zones, switches=0).model_dump_json(by_alias=True, exclude_none=True))
    # a crowbar from the start: without the city's own switches nobody finds a door opener, and
    # an unwinnable city would never reach the switches beyond its first door
    data["setup"]["survivors"] = dict(data["setup"].get("survivors", {}), starting_equipment=["crowbar"])
    streets = [z["id"] for z in data["zones"] if z["kind"] == "street" and z["id"].startswith("d0-")]
    gates = k + 1 if kind == "chain" else 1 if kind == "shared" else k
    for g in range(gates):
        yard = f"yard-{g}"
        data["zones"].append({"id": yard, "kind": "street"})
        data["connections"].append({"id": f"gate-{g}", "kind": "door", "from": streets[(3 * g + 5) % len(streets)],
                                    "to": yard, "state": "closed"})
        if kind != "idle":
            data["objectives"].append({"id": f"token-{g}", "kind": "token", "zone": yard})
    for i in range(k):
        sw = f"switch-{i}"
        data["objectives"].append({"id": sw, "kind": "switch", "zone": streets[(7 * i + 2) % len(streets)]})
        doors = [f"gate-{i}", f"gate-{i + 1}"] if kind == "chain" else ["gate-0"] if kind == "shared" else [f"gate-{i}"]
        data["triggers"].append({"id": f"t-{sw}", "when": {"kind": "switch_pressed", "switch": sw},
                                 "then": [{"kind": "toggle_door", "door": d} for d in doors], "once": False})
    return Scenario.model_validate(data)


def run(zones: int = 1000, ks=(4, 8, 12, 24), kinds=KINDS, repeat: int = 3, max_states: int = 50_000):
    """Yield one row (a dict) per kind and number of switches, as each is measured."""
    for kind in kinds:
        for k in ks:
            s = switch_map(zones, k, kind)
            times, r = [], None
            for _ in range(repeat):
                t = time.process_time()
                r = search(s, max_states=max_states)
                times.append(time.process_time() - t)
            yield {"kind": kind, "switches": k, "zones": len(s.zones), "states": r.states,
                   "truncated": r.truncated, "winnable": r.winnable, "min_s": min(times),
                   "median_s": statistics.median(times), "max_s": max(times)}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m designer.checks.switchbench", description=__doc__.splitlines()[0])
    p.add_argument("--zones", type=int, default=1000)
    p.add_argument("--k", default="4,8,12,24")
    p.add_argument("--kinds", default=",".join(KINDS))
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--max-states", type=int, default=50_000)
    a = p.parse_args(argv)
    print(f"{'kind':<8}{'switches':>9}{'zones':>7}{'states':>8}  {'min s':>8}{'median s':>10}{'max s':>8}")
    for row in run(a.zones, [int(x) for x in a.k.split(",")], a.kinds.split(","), a.repeat, a.max_states):
        print(f"{row['kind']:<8}{row['switches']:>9}{row['zones']:>7}{row['states']:>8}"
              f"{'+' if row['truncated'] else ' '} {row['min_s']:>8.3f}{row['median_s']:>10.3f}{row['max_s']:>8.3f}",
              flush=True)


if __name__ == "__main__":
    main()
