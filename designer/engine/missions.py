"""Where the bots go for the mission conditions (Prison Outbreak): a zone to stand in or carry
items to, zombies to hunt down, the button that closes a door.

:func:`condition_goal` answers, for a victory step that is a condition on the moment, what
:func:`designer.engine.policies.goal_zones` answers for the other steps: (zones, action,
target). The rules of the conditions themselves are in :mod:`designer.engine.game`
(``STEP_MET``) and :mod:`designer.rules.missions`.
"""

from __future__ import annotations

from typing import Any

from ..rules.compiled import EV_PRESSED, FX_CLOSE, FX_LOCK, FX_OPEN, FX_TOGGLE
from ..rules.missions import zombie_reach
from .state import INF

__all__ = ["CONDITION_GOALS", "condition_goal"]

CONDITION_GOALS = frozenset({"no_zombies", "doors_closed", "no_zombie_path", "carry_items", "hold_zone"})
"""The victory step kinds :func:`condition_goal` answers for."""


def _closers(cs: Any) -> dict[int, list[int]]:
    """Per door, the switches whose presses close it (close, toggle or lock effects)."""
    cache = cs.caches.setdefault("door_closers", {})
    got = cache.get(0)
    if got is None:
        got = {}
        for o, tis in cs.triggers_on[EV_PRESSED].items():
            for ti in tis:
                for op, arg in cs.trig_effects[ti]:
                    if op in (FX_CLOSE, FX_TOGGLE, FX_LOCK) and o not in got.setdefault(arg, []):
                        got[arg].append(o)
        cache[0] = got
    return got


def condition_goal(game: Any, i: int) -> tuple[list[int], str, int | None] | None:
    """(zones, action, target) for the conditions from step ``i`` on, or None when the bots have
    nothing to walk to for them.

    The conditions of a mission hold together (see ``CONDITION_KINDS``), so they are worked on
    together: first a button that closes a door a 'doors_closed' step wants shut, as long as the
    press leaves the other such buttons and the zones to hold within reach of everyone; then the
    zombies to hunt ('no_zombie_path', 'no_zombies'); then the zones to stand in ('hold_zone',
    'carry_items')."""
    st, b = game.state, game.board
    cs = b.rules
    steps = b.scenario.victory.steps
    todo = [j for j in range(i, len(steps)) if cs.step_condition[j] and not game.step_met(j)] or [i]
    kinds = {steps[j].kind: j for j in reversed(todo)}
    stand = [z for j in range(i, len(steps)) if steps[j].kind in ("hold_zone", "carry_items")
             for z in cs.step_targets[j]]
    if "doors_closed" in kinds:
        press = _closing_press(game, cs.step_targets[kinds["doors_closed"]], stand)
        if press is not None:
            return [st.obj_zone[press]], "press", press
    if "no_zombie_path" in kinds:
        reach = zombie_reach(cs, st.doors_open, cs.step_targets[kinds["no_zombie_path"]])
        zones = [z for z in st.zombie_zones() if reach[z] and st.zombies_in(z)]
        if zones:
            return zones, "hunt", None
    if "no_zombies" in kinds:
        zones = [z for z in st.zombie_zones() if st.zombies_in(z)]
        if zones:
            return zones, "hunt", None
    for kind in ("carry_items", "hold_zone"):
        if kind in kinds:
            return list(cs.step_targets[kinds[kind]]), "reach", None
    if stand:
        return stand, "reach", None
    return None


def _closing_press(game: Any, doors: tuple[int, ...], stand: list[int]) -> int | None:
    """A switch to press so that the doors get shut: one whose press leaves every other switch
    still needed within reach of it, and every living survivor within reach of the zones to
    hold; None when no press is safe yet (the team gathers first)."""
    st, b = game.state, game.board
    cs = b.rules
    closers = _closers(cs)
    options = list(dict.fromkeys(o for d in doors if st.doors_open >> d & 1 for o in closers.get(d, ())
                                 if b.obj_repeatable[o] or not st.pressed >> o & 1))
    for o in options:
        after = _after_press(cs, o, st.doors_open)
        still = [x for x in options if x != o and any(after >> d & 1 for d in doors if x in closers.get(d, ()))]
        if not all(b.survivor_distances(st.obj_zone[x], after)[st.obj_zone[o]] < INF for x in still):
            continue
        if stand:
            dists = [b.survivor_distances(z, after) for z in dict.fromkeys(stand)]
            if not all(any(dist[s.zone] < INF for dist in dists) for s in st.living()):
                continue
        return o
    return None


def _after_press(cs: Any, o: int, doors_open: int) -> int:
    """The open doors after switch ``o`` is pressed (its close, toggle and open effects)."""
    out = doors_open
    for ti in cs.triggers_on[EV_PRESSED].get(o, ()):
        for op, arg in cs.trig_effects[ti]:
            bit = 1 << arg
            if op == FX_TOGGLE:
                out ^= bit
            elif op in (FX_CLOSE, FX_LOCK):
                out &= ~bit
            elif op == FX_OPEN:
                out |= bit
    return out


# ---- zombicide: driving cars ----
# The reference engine's cars (game.py calls these); the typed engine's copy is
# typed/play.py's "zombicide: driving cars" section. Rulebook, chapter #6 ("Entrare e uscire da
# un'Auto", "Guidare un'Auto") and #8 ("Attacco in Auto").

CAR_SEATS = 4
"""The driver's seat and "uno dei tre posti per i passeggeri"."""

CAR_HIT = 4
"""The least die face of a car attack's hit (the faces are lost from the text: "Ogni , o
infligge 1 danno", three faces; read as 4, 5 and 6, which the worked example's 4 hits of 5, 3 of
4 and 3 of 6 dice fit)."""

IN_CAR_KINDS = frozenset({"move", "open", "take", "press"})
"""Actions a survivor sitting in a car does not have (getting out is an action first)."""


def car_driver(game: Any, o: int) -> int:
    """The survivor in car ``o``'s driver's seat, or -1."""
    st = game.state
    i = st.drivers.get(o, -1)
    return i if i >= 0 and st.survivors[i].on_board else -1


def car_occupants(game: Any, o: int) -> list[int]:
    """The survivors sitting in car ``o``, by index."""
    st = game.state
    return [s.index for s in st.survivors if s.on_board and st.in_car.get(s.index) == o]


def drive_options(cs: Any, z: int) -> list[tuple[int, int]]:
    """The drives from zone ``z``: (first zone, second zone or -1), one or two zones per action
    ("di una o due Zone per ogni Azione"), back through the zone left included (the worked
    example's "riportare l'Auto sulla Zona 2 e poi nuovamente nella Zona 3")."""
    out = []
    for v in cs.drive_adj[z]:
        out.append((v, -1))
        out.extend((v, w) for w in cs.drive_adj[v])
    return out


def car_actions(game: Any, s: Any, acts: list) -> list:
    """The survivor's actions with cars: in a car, no move, door, take or press, and getting
    out ("Non ci sono restrizione per poter uscire") and, for the driver, the drives; out of a
    car, getting into a drivable car of its zone ("la Zona non deve contenere Zombi ed il sedile
    del conducente o uno dei tre posti per i passeggeri dev'essere libero")."""
    st, b = game.state, game.board
    cs = b.rules
    o = st.in_car.get(s.index, -1)
    if o >= 0:
        acts = [a for a in acts if a[0] not in IN_CAR_KINDS]
        acts.append(("leave",))
        driver = car_driver(game, o)
        if driver == s.index:
            acts.extend(("drive", v, w) for v, w in drive_options(cs, st.obj_zone[o]))
        elif driver < 0:  # "Cambiare posto in Auto": a passenger moves to the free wheel
            acts.append(("seat",))
        return acts
    if st.zombies_in(s.zone):
        return acts
    for c in cs.cars:
        if cs.car_drive[c] and st.obj_zone[c] == s.zone and len(car_occupants(game, c)) < CAR_SEATS:
            acts.append(("enter", c))
    return acts


def car_action(game: Any, s: Any, act: tuple) -> None:
    """Get into a car (the driver's seat when it is free), get out, take the free wheel, or drive."""
    st, b = game.state, game.board
    kind = act[0]
    if kind == "enter":
        o = act[1]
        seat = "passenger"
        if car_driver(game, o) < 0:
            st.drivers[o] = s.index
            seat = "driver"
        st.in_car[s.index] = o
        game.note("car_seat", survivor=s.index, car=b.obj_ids[o], seat=seat)
    elif kind == "leave":
        o = st.in_car.pop(s.index)
        if st.drivers.get(o) == s.index:
            del st.drivers[o]
        game.note("car_seat", survivor=s.index, car=b.obj_ids[o], seat="out")
    elif kind == "seat":
        o = st.in_car[s.index]
        st.drivers[o] = s.index
        game.note("car_seat", survivor=s.index, car=b.obj_ids[o], seat="driver")
    else:
        drive(game, s, act[1], act[2])


def drive(game: Any, s: Any, v: int, w: int) -> None:
    """The driver moves the car one or two zones: "lancia un Dado per ogni Miniatura presente
    nella Zona che l'Auto sta lasciando, attraversando o in cui sta entrando (ad eccezione dei
    Sopravvissuti nell'Auto)"; the survivors inside move with it and enter each zone."""
    st, b = game.state, game.board
    o = st.in_car[s.index]
    start = st.obj_zone[o]
    game.note("drive", survivor=s.index, car=b.obj_ids[o], frm=b.zone_ids[start],
              to=b.zone_ids[w if w >= 0 else v])
    car_attack(game, s, o, start)
    for u in (v, w):
        if u < 0:
            break
        st.obj_zone[o] = u
        game._obj_at = None  # the objectives' zones changed (game._objectives_at)
        inside = car_occupants(game, o)
        for i in inside:
            st.survivors[i].zone = u
        car_attack(game, s, o, u)
        for i in inside:
            if st.survivors[i].on_board:
                game.enter_zone(st.survivors[i], u)


def car_attack(game: Any, s: Any, o: int, zone: int) -> None:
    """The car runs over every miniature of ``zone`` but its own passengers: one die each; "Ogni
    [hit] infligge 1 danno, e solo uno (quindi non è possibile uccidere un Fatty o un Abomination
    in questo modo)"; the hits go "Prima i Sopravvissuti (eccetto quelli presenti nella medesima
    Auto), poi i Walker, poi i Fatty e gli Abomination ed infine i Runner", a fatty or an
    abomination absorbing the rest; "Gli Attacchi in Auto possono uccidere gli Zombi Berserker";
    "Il Conducente guadagna i Punti Esperienza"."""
    from ..rules.zombies import RANGED_GROUPS

    st, b = game.state, game.board
    tough = game.profile.params.toughness

    def others() -> list:
        return [x for x in st.survivors_in(zone) if st.in_car.get(x.index) != o]

    n = st.zombies_in(zone) + len(others())
    if not n:
        return
    hits = sum(1 for _ in range(n) if game.d6() >= CAR_HIT)
    game.note("car_attack", zone=b.zone_ids[zone], dice=n, hits=hits)
    z = st.zombies[zone]
    for _ in range(hits):
        victims = others()
        if victims:
            game.wound(max(victims, key=lambda x: (x.health - x.wounds, -x.index)), 1, cause="car")
            continue
        for absorbs, group in RANGED_GROUPS:
            present = [t for t in group if z[t]]
            if not present:
                continue
            if absorbs:
                killable = [t for t in present if tough[t] <= 1]
                if killable:
                    game.kill(s, zone, killable[0])
            else:
                game.kill(s, zone, present[0])
            break


def car_distances(cs: Any, targets: list[int]) -> list[int]:
    """Drives (one zone a step) from every zone to the nearest of ``targets`` (INF where no car
    gets there), by breadth-first search over ``drive_adj`` (the graph is symmetric but for
    one-way openings, so the search runs backwards over the reversed steps)."""
    n = cs.n
    back: list[list[int]] = [[] for _ in range(n)]
    for u in range(n):
        for v in cs.drive_adj[u]:
            back[v].append(u)
    dist = [INF] * n
    queue = []
    for t in targets:
        if cs.drivable[t] and dist[t] == INF:
            dist[t] = 0
            queue.append(t)
    i = 0
    while i < len(queue):
        u = queue[i]
        i += 1
        for x in back[u]:
            if dist[x] == INF:
                dist[x] = dist[u] + 1
                queue.append(x)
    return dist


def car_targets(b: Any, zones: list[int]) -> list[int]:
    """Where a car takes the team for goal ``zones``: the street and corridor zones nearest them
    on foot (the plan's street zone by the building; steps through any connection a survivor
    crosses, doors counted whatever their state, out from the goal), the goal zones themselves
    when a car is driven in them."""
    drivable = b.rules.drivable
    seen = set(zones)
    level = list(dict.fromkeys(zones))
    while level:
        hit = [z for z in level if drivable[z]]
        if hit:
            return hit
        nxt = []
        for u in level:
            for v, _c in b.surv_adj[u]:
                if v not in seen:
                    seen.add(v)
                    nxt.append(v)
        level = nxt
    return []


def car_choice(game: Any, s: Any, acts: list, zones: list[int]) -> tuple | None:
    """``casual``'s use of a car, on the way to its goal ``zones``: the driver takes the drive
    that ends nearest the goal's street zones (:func:`car_targets`, counted in drives) and runs
    over no team mate, and gets out once no such drive brings it nearer; a passenger gets out; a survivor by a free car gets in
    at the wheel when the goal has a street zone the car reaches and zombies stand in the next
    street zones toward it (one drive: one or two zones on; the car runs them over instead of a
    fight on foot). None: no car play."""
    st, b = game.state, game.board
    cs = b.rules
    o = st.in_car.get(s.index, -1)
    if o >= 0:
        if ("leave",) not in acts:
            return None
        if car_driver(game, o) != s.index:
            return ("leave",)
        dist = car_distances(cs, car_targets(b, zones))
        start = st.obj_zone[o]
        best, bd = None, dist[start]
        mates = {x.zone for x in st.living() if st.in_car.get(x.index) != o}
        for a in acts:
            if a[0] == "drive" and not mates.intersection((start, a[1], a[2])):  # never over a team mate
                d = dist[a[2] if a[2] >= 0 else a[1]]
                if d < bd:
                    best, bd = a, d
        return best or ("leave",)
    enter = [a for a in acts if a[0] == "enter" and car_driver(game, a[1]) < 0]
    if not enter:
        return None
    dist = car_distances(cs, car_targets(b, zones))
    d = dist[s.zone]
    if not 0 < d < INF:
        return None
    for v in cs.drive_adj[s.zone]:
        if dist[v] == d - 1 and (st.zombies_in(v) or any(dist[x] == d - 2 and st.zombies_in(x)
                                                          for x in cs.drive_adj[v])):
            return enter[0]
    return None
