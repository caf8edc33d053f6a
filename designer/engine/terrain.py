"""Terrain in play: what a survivor's move into scenery costs and does (docs/terrain.md).

The tables come from :mod:`designer.rules.terrain` (one per compiled scenario). The cost of a
move goes through the rule profile's move-cost hook (:meth:`designer.engine.profiles.Profile.
terrain_move_cost`); this module holds what happens once the survivor is in: the swim roll and
the wounds of a hostile presence, and the wounds of a hostile zone at the start of an
activation. Zombies are not hurt or slowed by scenery (Eden's non-player fighters walk through
it as the rule profile moves them); impassable terrain stops them as it stops survivors.
"""

from __future__ import annotations

import heapq
from typing import Any

from .state import INF
from ..rules.terrain import BURN_DICE, BURN_WOUND_ON, SWIM_MOVE_COST, expected_swim_wounds, terrain_tables

__all__ = ["burning_at_hand", "catch_fire", "douse", "fire_blocks", "fire_upkeep", "set_fire",
           "HAZARD_WEIGHT", "after_move", "break_through", "reopened_moves", "smash", "smash_actions", "hazard_distances", "start_activation", "step_cost", "swim_roll",
           "terrain_toward"]

HAZARD_WEIGHT = 4
"""Steps a bot would walk round to save one expected wound (a survivor has 2-3 health: a
detour of up to four zones is worth a wound)."""


def swim_roll(game: Any, s: Any, difficulty: int) -> int:
    """Roll a d6 until it shows ``difficulty`` or more, one wound per miss ("Il refait ensuite ce
    jet jusqu'à ce qu'il obtienne au moins une réussite"); stops when the survivor dies. Returns
    the wounds taken."""
    wounds = 0
    while s.on_board and game.d6() < difficulty:
        wounds += 1
        game.wound(s, 1, cause="swim")
    return wounds


def after_move(game: Any, s: Any, conn: int, zone: int) -> None:
    """A survivor has moved across ``conn`` into ``zone``: it swims, then takes the wounds of a
    hostile presence."""
    t = game.terrain
    difficulty = t.swim(conn, zone)
    if difficulty:
        wounds = swim_roll(game, s, difficulty)
        game.note("swim", survivor=s.index, zone=game.board.zone_ids[zone], wounds=wounds)
    if t.entry_hostile and s.on_board:
        hurt = t.hostile(conn, zone)
        if hurt:
            game.note("hostile", survivor=s.index, zone=game.board.zone_ids[zone], wounds=hurt)
            game.wound(s, hurt, cause="hostile")


def start_activation(game: Any, s: Any) -> None:
    """A survivor begins its activation in a hostile zone: it takes the zone's wounds."""
    hurt = game.terrain.zone_hostile[s.zone]
    if hurt:
        game.note("hostile", survivor=s.index, zone=game.board.zone_ids[s.zone], wounds=hurt)
        game.wound(s, hurt, cause="hostile")


# ---- eden: destruction(x) ----


def smash_actions(game: Any, s: Any) -> list[tuple]:
    """The attacks on scenery open to survivor ``s``: ``("smash", piece)`` for each destructible
    piece at hand (``TerrainTables.smash_at``: its zone, a connection out of it, the zone beyond)
    not yet destroyed ("Un décor possédant cette règle spéciale peut être la cible d'une action
    d'Attaque")."""
    destroyed = game.state.destroyed
    return [("smash", p) for p in game.terrain.smash_at[s.zone] if not destroyed >> p & 1]


def smash(game: Any, s: Any, piece: int) -> None:
    """One attack on a piece of scenery: it always hits, no die is rolled ("L'attaque est
    automatiquement réussie et les dés ne sont pas lancés"); at x attacks the piece is destroyed
    ("Un tel décor est détruit s'il subit X Attaques dans la partie") and becomes a devastated
    zone, and the connections it alone shut are open (:meth:`TerrainTables.devastated`)."""
    st, base = game.state, game.terrain_base
    hits = st.damage.get(piece, 0) + 1
    st.damage[piece] = hits
    x = base.destruction[piece]
    game.note("smash", survivor=s.index, piece=base.piece_ids[piece], hits=hits, of=x)
    if hits >= x and not st.destroyed >> piece & 1:
        st.destroyed |= 1 << piece
        st.burning.pop(piece, None)  # a devastated zone has no keyword: its fire is out
        game.terrain = base.devastated(st.destroyed)
        game.note("destroyed", piece=base.piece_ids[piece])


def reopened_moves(game: Any, s: Any, left: int) -> list[tuple]:
    """Moves across connections that destroyed scenery has opened (the survivor's own rules for
    a move: its cost and a crossable zone's extra action)."""
    t, p, b, st = game.terrain, game.profile, game.board, game.state
    out = []
    for v, c in t.reopen_adj[s.zone]:
        if not t.reopened >> c & 1 or (st.burning and fire_blocks(game, c, v)):
            continue
        need = p.terrain_move_cost(game, s, c) + (1 if t.crossable[v] else 0)
        if need <= left and (b.max_survivors[v] >= INF or len(st.survivors_in(v)) < b.max_survivors[v]):
            out.append(("move", v, c))
    return out


def break_through(game: Any, s: Any, acts: list, zones: list[int], mask: int) -> tuple | None:
    """The bots' rule for scenery: when no way through the open map leads to ``zones``, and a
    wall out of the survivor's zone that destruction(x) can open (``reopen_adj``) leads on to the
    nearest of them (or into an impassable piece of its own, a pylon, whose far side does), attack
    the first piece still shutting it, or cross it once it is open (the move, when the survivor
    can afford it). None otherwise. The first such wall in ``reopen_adj`` order wins a tie."""
    t = game.terrain
    if t is None or not t.reopen_adj[s.zone]:
        return None
    b, st = game.board, game.state
    best, best_d = None, INF
    rows = [b.survivor_distances(z, mask) for z in zones]
    for v, c in t.reopen_adj[s.zone]:
        d = min(row[v] for row in rows)
        if d >= INF:  # an impassable piece of its own (a pylon): the way out of it on the far side
            for w, _ in t.reopen_adj[v]:
                d = min(d, min(row[w] for row in rows) + 1)
        if d < best_d:
            best, best_d = (v, c), d
    if best is None:
        return None
    v, c = best
    if t.reopened >> c & 1:
        step = ("move", v, c)
        return step if step in acts else None
    for p in game.terrain_base.shut_by[c]:
        if not st.destroyed >> p & 1:
            step = ("smash", p)
            return step if step in acts else None
    return None


# ---- end eden: destruction(x) ----


# ---- eden: flammable scenery (docs/terrain.md, *Fire*) ----


def _burn_attack(game: Any, piece: int) -> None:
    """A burn marker put on a piece counts as an attack for its destruction(x) ("Chaque marqueur
    Brûlure présent sur un tel décor compte comme étant une Attaque pour la règle spéciale
    Destruction(X)"); at x the piece is destroyed (a devastated zone: no keyword, so it burns
    no more)."""
    st, base = game.state, game.terrain_base
    x = base.destruction[piece]
    if not x:
        return
    hits = st.damage.get(piece, 0) + 1
    st.damage[piece] = hits
    if hits >= x and not st.destroyed >> piece & 1:
        st.destroyed |= 1 << piece
        st.burning.pop(piece, None)
        game.terrain = base.devastated(st.destroyed)
        game.note("destroyed", piece=base.piece_ids[piece])


def set_fire(game: Any, piece: int, markers: int) -> None:
    """Put ``markers`` burn markers on a flammable piece not yet destroyed ("Un tel décor peut
    recevoir des marqueurs Brûlure comme un combattant normal"); each counts as an attack.
    Nothing happens to scenery that is not flammable or already destroyed."""
    t, st = game.terrain_base, game.state
    if t is None or not t.flammable[piece] or st.destroyed >> piece & 1:
        return
    for _ in range(markers):
        if st.destroyed >> piece & 1:
            break
        st.burning[piece] = st.burning.get(piece, 0) + 1
        game.note("fire", piece=t.piece_ids[piece], markers=st.burning[piece])
        _burn_attack(game, piece)


def burning_at_hand(game: Any, zone: int) -> bool:
    """Whether burning scenery is at hand of a survivor in ``zone`` (``TerrainTables.fire_at``)."""
    burning = game.state.burning
    return any(p in burning for p in game.terrain_base.fire_at[zone])


def catch_fire(game: Any, s: Any) -> None:
    """A survivor starting its activation or ending a move with burning scenery at hand takes a
    burn marker, one whatever the pieces burning ("reçoivent immédiatement un marqueur
    Brûlure")."""
    if s.on_board and game.state.burning and burning_at_hand(game, s.zone):
        s.burn += 1
        game.note("burn", survivor=s.index, change=1, markers=s.burn)


def fire_blocks(game: Any, conn: int, zone: int) -> bool:
    """Whether a move across ``conn`` into ``zone`` is barred by fire: burning scenery loses
    Franchissement and Occupation ("il perd ses règles spéciales Franchissement, Occupation et
    Obstruction"), so nobody crosses a burning connection or enters a burning zone."""
    burning = game.state.burning
    return zone in burning or game.board.n + conn in burning


def douse(game: Any, s: Any) -> None:
    """The survivor spends an action to remove one of its burn markers ("Durant son activation,
    un combattant peut retirer un de ses marqueurs Brûlure en dépensant 1 PA")."""
    s.burn -= 1
    game.note("burn", survivor=s.index, change=-1, markers=s.burn)


def fire_upkeep(game: Any) -> None:
    """The end of a turn (Eden's Phase d'Intendance, after the monsters): each burning survivor,
    in turn order from the first player, rolls :data:`BURN_DICE` d6, a wound per die showing
    :data:`BURN_WOUND_ON` or more, then loses one marker; then each burning piece, in piece
    order, gains a marker ("rajoutez un marqueur Brûlure sur le décor s'il en possède au moins
    un"), an attack for its destruction(x)."""
    st = game.state
    n = len(st.survivors)
    for i in range(n):
        s = st.survivors[(st.first_player + i) % n]
        if not s.on_board or not s.burn:
            continue
        wounds = sum(1 for _ in range(BURN_DICE) if game.d6() >= BURN_WOUND_ON)
        s.burn -= 1
        game.note("burning", survivor=s.index, dice=BURN_DICE, wounds=wounds, markers=s.burn)
        if wounds:
            game.wound(s, wounds, cause="burn")
    for piece in sorted(st.burning):
        if piece in st.burning:
            st.burning[piece] += 1
            game.note("fire", piece=game.terrain_base.piece_ids[piece], markers=st.burning[piece])
            _burn_attack(game, piece)


# ---- end eden: flammable scenery ----


# -- the bots' path choice ---------------------------------------------------------------------------


def step_cost(t: Any, conn: int, zone: int) -> int:
    """What a bot counts for a step across ``conn`` into ``zone``: its actions (obstruction,
    at least :data:`SWIM_MOVE_COST` for a swim) plus :data:`HAZARD_WEIGHT` per expected wound
    (the hostile presence, and a swim's (x - 1) / (7 - x)), rounded up to whole units."""
    actions = t.factor(conn, zone)
    difficulty = t.swim(conn, zone)
    wounds = float(t.hostile(conn, zone))
    if difficulty:
        actions = max(actions, SWIM_MOVE_COST)
        wounds += expected_swim_wounds(difficulty)
    return actions + int(-(-HAZARD_WEIGHT * wounds // 1))


def hazard_distances(board: Any, target: int, passable_doors: int) -> list[float]:
    """Weighted cost (:func:`step_cost`) from every zone to ``target`` for a survivor, through
    doors in ``passable_doors``: Dijkstra over the board's survivor adjacency (cached on the
    board per target and door set, as :meth:`Board.survivor_distances` caches its steps)."""
    cache = board.compiled.setdefault(("terrain-hazard",), {})
    key = (target, passable_doors)
    dist = cache.get(key)
    if dist is not None:
        return dist
    t = terrain_tables(board.rules)
    inf = float("inf")
    dist = [inf] * board.n
    dist[target] = 0
    heap = [(0, target)]
    back, c_door = board.surv_back, board.c_door
    while heap:
        dv, v = heapq.heappop(heap)
        if dv > dist[v]:
            continue
        for u, c in back[v]:
            d = c_door[c]
            if d >= 0 and not passable_doors >> d & 1:
                continue
            du = dv + step_cost(t, c, v)
            if du < dist[u]:
                dist[u] = du
                heapq.heappush(heap, (du, u))
    if len(cache) > 20_000:
        cache.clear()
    cache[key] = dist
    return dist


def terrain_toward(game: Any, s: Any, acts: list, zones: list[int]) -> tuple | None:
    """The move (or door opening) that starts the cheapest way to the nearest of ``zones``
    once the scenery's cost and wounds are counted (:func:`step_cost`), or None on a map
    without terrain, when no such way exists, or when that way starts into a zone with zombies
    (the bot's own rules for blocked ways decide then)."""
    b = game.board
    t = terrain_tables(b.rules)
    if t is None or not zones:
        return None
    st = game.state
    mask = game.door_passable(s)
    best, best_d = None, float("inf")
    for z in zones:
        dist = hazard_distances(b, z, mask)
        if dist[s.zone] < best_d:
            best, best_d = dist, dist[s.zone]
    if best is None or best_d == 0 or best_d == float("inf"):
        return None
    step_to: dict[int, float] = {}
    for v, c in b.surv_adj[s.zone]:
        cost = step_cost(t, c, v) + best[v]
        if cost < step_to.get(v, float("inf")):
            step_to[v] = cost
    choices = []
    for a in acts:
        if a[0] == "move":
            v = a[1]
        elif a[0] == "open":
            c = b.door_conn[a[1]]
            v = b.c_to[c] if b.c_from[c] == s.zone else b.c_from[c]
        else:
            continue
        if step_to.get(v) == best_d:
            choices.append((st.zombies_in(v), a))
    if not choices:
        return None
    zombies, action = min(choices)
    return None if zombies else action
