"""A small kernel of the engine's inner loop, used to compare ways of running typed Python
(``python -m designer.bench.candidates``): seed the game's generator, then move a horde of
zombies one zone at a time along a distance table toward a target, drawing a die for each
zombie as the engine draws one per fight, split or spawn.
"""

from __future__ import annotations

try:
    import cython
except ImportError:
    from ..engine import _cyshim as cython

from array import array

from ..engine.rng import Twister

__all__ = ["draws", "kernel", "lookups"]


@cython.boundscheck(False)
@cython.wraparound(False)
def kernel(games: cython.int, n: cython.int, dist: cython.int[:], adj_start: cython.int[:], adj: cython.int[:],
           steps: cython.int) -> cython.longlong:
    """Play ``games`` kernel games on a board of ``n`` zones; return a checksum of every draw
    and every zombie's last zone."""
    total: cython.longlong = 0
    g: cython.int
    s: cython.int
    k: cython.int
    z: cython.int
    here: cython.int
    v: cython.int
    nopt: cython.int
    pick: cython.int
    zones: cython.int[:] = array("i", [0] * 16)
    opts: cython.int[:] = array("i", [0] * 8)
    r: Twister = Twister(0)
    for g in range(games):
        r.seed(g)
        for k in range(16):
            zones[k] = r.randbelow(n)
        for s in range(steps):
            for k in range(16):
                z = zones[k]
                here = dist[z]
                if here == 0:
                    zones[k] = r.randbelow(n)
                    continue
                nopt = 0
                for v in range(adj_start[z], adj_start[z + 1]):
                    if dist[adj[v]] == here - 1 and nopt < 8:
                        opts[nopt] = adj[v]
                        nopt += 1
                pick = r.randbelow(nopt) if nopt > 1 else 0
                zones[k] = opts[pick] if nopt else z
                total += r.randbelow(6)
        for k in range(16):
            total += zones[k]
    return total


def draws(games: cython.int, per_game: cython.int) -> cython.longlong:
    """Seed the generator for each game and draw ``per_game`` dice (the generator alone)."""
    total: cython.longlong = 0
    g: cython.int
    k: cython.int
    r: Twister = Twister(0)
    for g in range(games):
        r.seed(g)
        for k in range(per_game):
            total += r.randbelow(6)
    return total


@cython.boundscheck(False)
@cython.wraparound(False)
def lookups(count: cython.longlong, table: cython.int[:]) -> cython.longlong:
    """``count`` reads of a distance table at scattered zones (one per actor-action: the
    look-up a zombie step or a bot's step costs at least)."""
    total: cython.longlong = 0
    i: cython.longlong
    size: cython.longlong = len(table)
    for i in range(count):
        total += table[(i * 7919) % size]
    return total
