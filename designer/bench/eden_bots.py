"""Eden's scenery per bot on a sample (docs/terrain.md): games won, score, deaths, wounds of the
scenery by cause (hostile presence, swims, burns), burn markers caught and doused, and scenery
destroyed, per game, on the typed engine with its log on (game ``i`` with seed
``game_seed(1, i)``, the seeds of a playtest).

``python -m designer.bench.eden_bots [FILE] [--games N] [--policy P ...] [--no-fire]`` prints one
row per bot with the CPU time (``time.process_time``) of its games; FILE defaults to
``scenarios/eden-wildfire.json``; ``--no-fire`` removes the scenario's ``set_fire`` triggers, for
comparison.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from ..engine import session
from ..engine.batch import game_seed
from ..engine.board import Board
from ..io.files import parse
from ..plans import bot_plan

SAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "eden-wildfire.json"


def bot_table(data: dict, policy: str, games: int) -> dict:
    """Per-game means over ``games`` games of ``policy`` on the scenario ``data``."""
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    n = dict(won=0, points=0, dead=0, hostile=0, swim=0, burn=0, caught=0, doused=0, destroyed=0, smash=0)
    t0 = time.process_time()
    for i in range(games):
        g = session.TypedGame(board, game_seed(1, i), policy, log=True, plan=plan)
        r = g.play()
        n["won"] += bool(r["won"])
        n["dead"] += r["survivors_dead"]
        n["points"] += r.get("points") or 0
        for e in g.log:
            ev = e["event"]
            if ev == "burn":
                n["caught" if e["change"] > 0 else "doused"] += 1
            elif ev == "wound" and e.get("cause") in ("hostile", "swim", "burn"):
                n[e["cause"]] += e["wounds"]
            elif ev in ("destroyed", "smash"):
                n[ev] += 1
    cpu = time.process_time() - t0
    out = {k: v / games for k, v in n.items()}
    p = out["won"]
    out.update(policy=policy, games=games, half=1.96 * math.sqrt(p * (1 - p) / games), cpu=cpu)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", default=str(SAMPLE))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--policy", action="append", choices=["greedy", "cautious", "random", "casual", "expert"])
    ap.add_argument("--no-fire", action="store_true", help="the scenario without its set_fire triggers")
    a = ap.parse_args(argv)
    data = json.loads(Path(a.file).read_text(encoding="utf-8"))
    if a.no_fire:
        data["triggers"] = [t for t in data.get("triggers", []) if not any(e["kind"] == "set_fire" for e in t["then"])]
    print(f"{Path(a.file).name}, {a.games} games a bot{' (no set_fire)' if a.no_fire else ''}")
    print(f"{'bot':9} {'won':>15} {'points':>7} {'dead':>5} {'hostile':>8} {'swim':>5} {'burn':>5} "
          f"{'caught':>7} {'doused':>7} {'attacks':>8} {'destroyed':>10} {'CPU s':>7}")
    for policy in a.policy or ["greedy", "cautious", "random", "casual"]:
        r = bot_table(data, policy, a.games)
        print(f"{policy:9} {100 * r['won']:6.1f} % ± {100 * r['half']:4.1f} {r['points']:7.2f} {r['dead']:5.2f} "
              f"{r['hostile']:8.2f} {r['swim']:5.2f} {r['burn']:5.2f} {r['caught']:7.2f} {r['doused']:7.2f} "
              f"{r['smash']:8.2f} {r['destroyed']:10.2f} {r['cpu']:7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
