"""The ``casual`` bot: ``greedy`` with its bugs removed.

``greedy`` (:mod:`designer.engine.policies`) stays exactly as it is: the golden playthroughs and
the typed engine reproduce it record for record, and stored results stay comparable. ``casual``
is the middle rung of the skill ladder (``random``, ``casual``, ``expert``): the same plan
following, written with the same shared pieces (:func:`~designer.engine.policies.goal_zones`,
:func:`~designer.engine.policies.job_here`, :func:`~designer.engine.policies.walk_on`), with
these fixes (each one has a test in ``tests/test_bots_casual.py`` that fails with ``greedy``):

- **hidden tokens are not read**: a plan step "take the blue key" whose key lies face down among
  the red tokens of a hidden group sends the survivor to every zone that still holds a face-down
  token of the group, and it takes whichever it finds there (:func:`known_goal`);
- **a "cross" step is crossed**: greedy walked to the zone where the one-way connection starts
  and waited there; casual walks on into the zone the connection leads to;
- **an "enter" step for the zone it stands in** (a start zone it never entered, whose entry
  fires a trigger) is done by stepping out and back in, not by waiting there for ever;
- **escape timing**: the last survivor on the board does not end its turn on an exit while its
  escape would not win the game (a "survive N turns" step still to come, another step not met):
  it steps off the exit and comes back when escaping wins;
- **stuck among zombies it cannot kill**, it walks on toward the goal only when the zone there
  holds no more zombies than its own, else it gets out into the zone with the fewest zombies
  (greedy walked on into any crowd);
- **trades**: a survivor with two melee weapons (or two guns) hands the lesser one to a team
  mate in its zone whose best weapon of that kind is worse (one action, the rulebook's trade; the engine offers trades only to a bot that
  asks for them, so greedy's games are unchanged); where doors need a tool, a survivor with two
  door openers hands one to a team mate in its zone who has none (:func:`give_opener`);
- **melee counts accuracy**: the weapon is the one with the most expected kills (dice x chance to
  hit, at most the zombies it can kill), not the most dice x damage;
- **the plan read to the letter** (:func:`plan_goal`): a goal step met and counted stays done
  when the team walks on (greedy walked back to a zone reached); a step "search Z until a
  door-opening item turns up" is searched until the team holds one, or none is left to draw
  (greedy counted it done after one search); a wait (or kill) step that names a zone is waited
  out there; a step no way leads to from where the survivor stands, whatever doors it opens by
  hand (the plan was found from another start zone), is passed over;
- **no search for a weapon the deck does not hold**: an unarmed survivor searches for a weapon
  only while one lies in the equipment deck or its discard pile (in Last Night on Earth a search
  ends the turn: greedy searched every turn for ever);
- **the last survivor does not escape from a zone a later step needs it in**: with it out,
  nobody is left to meet a 'reach zone' step;
- **the turn's end out of the zombies' reach** (:func:`end_out_of_reach`): with its last action,
  a survivor in a zone without zombies that runners next to it will reach (a move, then an
  attack) steps into a zone next to it that no zombie reaches, toward its goal when it can.

Each of these was a named bot issue of the property "a winnable verdict's plan wins"
(``tests/test_checks_plans.py``), which casual now plays.

What it still does not do: escort team mates, look ahead (the expert does both), lure with noise or wait
for the team at the exit (docs/bots.md says why).

The typed engine plays the same decisions (the ``# ---- bots: casual ----`` cfuncs of
:mod:`designer.engine.typed.play`, beside greedy's ``decide``), so batches of casual games run
there wherever the typed engine plays the scenario; a change to casual is made in both, and
``tests/test_bots_typed.py`` compares their games record for record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.equipment import item
from ..rules.zombies import ZOMBIE_TYPES
from .policies import BOTS, PlanBot, _done, _killable, _step_zones, _toward, goal_zones, job_here, walk_on
from .state import INF
from .points import points_goal
from .missions import car_choice
from .terrain import burning_at_hand, terrain_toward
from .view import escape_open

if TYPE_CHECKING:
    from .state import Survivor
    from .view import GameView

__all__ = ["CasualBot", "casual_decide", "end_out_of_reach", "escape_wins", "give_opener", "give_weapon", "hidden_of", "in_reach", "known_goal", "melee_value"]


# -- what the team knows ------------------------------------------------------------------------


def hidden_of(b: Any) -> dict[int, tuple[int, ...]]:
    """Objective index -> its hidden group (the tokens shuffled face down together), cached on
    the board."""
    key = ("casual", "hidden")
    out = b.compiled.get(key)
    if out is None:
        out = {}
        for g in b.hidden_groups:
            for o in g:
                out[o] = tuple(g)
        b.compiled[key] = out
    return out


class _PastThePlan:
    """A bot memory with every plan step behind it: :func:`goal_zones` then reads the victory
    steps alone."""

    __slots__ = ("done",)

    def __init__(self, done: int) -> None:
        self.done = done


def committed(game: "GameView", j: int) -> bool:
    """Whether victory step ``j`` is met for good (the engine has counted it)."""
    st = game.state
    if game.board.scenario.victory.ordered:
        return j < st.progress
    return bool(st.progress >> j & 1)


def _team_has_opener(game: "GameView") -> bool:
    return any(item(n).opens_doors for o in game.state.survivors if o.on_board for n in o.items)


def _can_turn_up(game: "GameView", wanted: Any) -> bool:
    """Whether a card ``wanted(item)`` still lies in the equipment deck or its discard pile."""
    st = game.state
    return any(wanted(item(n)) for n in st.edeck) or any(wanted(item(n)) for n in st.ediscard)


def _is_weapon(it: Any) -> bool:
    return it.dice > 0


def searching_for_opener(game: "GameView") -> bool:
    """A plan step 'search until a door-opening item turns up' is still to do: doors need a
    tool, no survivor on the board carries one, and one can still be drawn."""
    return bool(game.profile.params.doors_need_item) and not _team_has_opener(game) and \
        _can_turn_up(game, lambda it: it.opens_doors)


def casual_done(game: "GameView", step: Any) -> bool:
    """Whether a plan step is done, read as casual reads it: a goal met for good (counted by
    the engine) stays done when the team walks away; a search step is done once the team holds
    the door opener it searches for (or none can turn up); anything else as greedy reads it."""
    if step.action == "goal":
        j = int(step.target)
        return committed(game, j) or game.step_met(j)
    if step.action == "search":
        return not searching_for_opener(game)
    return _done(game, step)


def _reach_mask(game: "GameView") -> int:
    """Doors a survivor could pass some day: open ones and those opened by hand."""
    b = game.board
    key = ("casual", "by-hand doors")
    hand = b.compiled.get(key)
    if hand is None:
        hand = sum(1 << d for d, by_hand in enumerate(b.door_by_hand) if by_hand)
        b.compiled[key] = hand
    return game.state.doors_open | hand


def out_of_reach(game: "GameView", s: "Survivor", zones: list[int]) -> bool:
    """Whether no way leads from the survivor to any of ``zones``, whatever doors opened by hand
    it opens (a plan found from another start zone: a button's door shut, a drop the wrong way)."""
    if not zones:
        return False
    b, mask = game.board, _reach_mask(game)
    return all(b.survivor_distances(z, mask)[s.zone] >= INF for z in zones)


# ---- truth: a goal step of several zones, the plan naming one ----


def named_goal_zone(game: "GameView", s: "Survivor", step: Any, zones: list[int]) -> list[int]:
    """A plan's goal step of several zones (an escape with several exits, "reach" one of several
    zones) names the zone where the plan meets it: casual goes there while a way leads to it
    (another exit of the step may be one whose entry loses); from a zone it cannot reach (the
    plan was found from another start zone) it goes for the nearest of them all."""
    if len(zones) < 2 or not step.zone:
        return zones
    z = game.board.zone_index.get(step.zone)
    if z is None or z not in zones or out_of_reach(game, s, [z]):
        return zones
    return [z]


# ---- end truth: a goal step of several zones, the plan naming one ----


def plan_goal(game: "GameView", s: "Survivor", memory: Any) -> tuple[list[int], str, int | None, Any]:
    """:func:`~designer.engine.policies.goal_zones` read as casual reads the plan
    (:func:`casual_done`): a plan step out of reach from where the survivor stands
    (:func:`out_of_reach`) is passed over; a search step sends it to search there (action
    'search'); a wait or kill step that names a zone sends it to wait there. The fourth value
    is the plan step followed (None once the victory steps are read)."""
    st, b = game.state, game.board
    plan = game.plan
    first = memory.done if memory is not None else 0
    for i in range(first, len(plan)):
        step = plan[i]
        a = step.action
        if casual_done(game, step):
            if i == first and a not in ("goal", "search"):
                first += 1
            continue
        if a in ("take", "press"):
            o = b.obj_index[step.target]
            zones, action, target = [st.obj_zone[o]], a, o
        elif a == "open":
            zones, action, target = [b.zone_index[step.zone]], "open", b.door_index[step.target]
        elif a in ("enter", "cross"):
            zones, action, target = [b.zone_index[step.zone]], "reach", None
        elif a == "search":
            zones, action, target = [b.zone_index[step.zone]], "search", None
        elif a in ("wait", "kill"):
            if not step.zone:
                if a == "wait" and not b.is_exit[s.zone]:  # ---- truth: a wait that names no zone is waited out where it stands (off an exit, which would take it off the board) ----
                    zones, action, target = [s.zone], "reach", None
                    if memory is not None:
                        memory.done = first
                    return zones, action, target, step
                break
            zones, action, target = [b.zone_index[step.zone]], "reach", None
        elif a == "goal":
            kind = b.scenario.victory.steps[int(step.target)].kind
            if kind == "survive" and not b.is_exit[s.zone]:  # ---- truth: survived where it stands, as a wait ----
                if memory is not None:
                    memory.done = first
                return [s.zone], "reach", None, step
            if kind not in ("reach_zone", "escape"):
                break
            if kind == "escape" and i + 1 < len(plan) and not escape_open(game):  # ---- truth: a shut escape waits for the plan steps after it ----
                continue
            zones = named_goal_zone(game, s, step, _step_zones(game, int(step.target)))
            action, target = "escape" if kind == "escape" else "reach", None
        else:
            continue
        if out_of_reach(game, s, zones):
            continue
        if memory is not None:
            memory.done = first
        return zones, action, target, step
    if memory is not None:
        memory.done = first
    return (*goal_zones(game, s, _PastThePlan(len(plan))), None)


def known_goal(game: "GameView", s: "Survivor", memory: Any) -> tuple[list[int], str, int | None]:
    """Where the survivor should go next, what to do there and on what, as
    :func:`~designer.engine.policies.goal_zones` says, read the way players can read it:

    - a step that takes a token of a hidden group goes to every zone where a face-down token
      of the group still lies (action 'take', no target: take what lies there);
    - a 'cross' step goes to the zone the connection leads to (action 'reach');
    - an 'enter' step goes to the zone to enter; when the survivor stands in it without having
      entered it, the action is 'reenter' (step out, then come back).
    """
    zones, action, target, step = plan_goal(game, s, memory)
    if not game.plan or action not in ("take", "reach"):
        return zones, action, target
    b, st = game.board, game.state
    if action == "take" and target is not None:
        group = hidden_of(b).get(target)
        if group is not None:
            left = sorted({st.obj_zone[o] for o in group if not st.taken >> o & 1})
            return left or zones, "take", None
        return zones, action, target
    if step is None or step.action not in ("enter", "cross"):
        return zones, action, target
    if step.action == "cross":
        zone = b.c_to[b.conn_index[step.target]]
    else:
        zone = b.zone_index[step.target]
    if zone == s.zone:
        return [zone], "reenter", None
    return [zone], "reach", None


# -- the fixes --------------------------------------------------------------------------------------


def melee_value(game: "GameView", s: "Survivor", zone: int, name: str) -> float:
    """Expected kills of one melee attack with ``name`` in ``zone``: dice x chance to hit, at
    most the zombies there the weapon's damage kills."""
    it = item(name)
    tough = game.profile.params.toughness
    killable = sum(c for t, c in enumerate(game.state.zombies[zone]) if c and it.damage >= tough[t])
    dice = game.profile.dice_for(s, it)
    hit = max(0, 7 - it.accuracy) / 6.0
    return min(dice * hit, killable) + 0.01 * it.damage


def escape_wins(game: "GameView", s: "Survivor") -> bool:
    """Whether ``s`` may escape now without losing: true unless ``s`` is the last survivor on the
    board and, with it out, the victory would not be complete (the engine then ends the game as
    a loss: nobody is left to meet the other steps)."""
    st = game.state
    if any(o is not s and o.on_board for o in st.survivors):
        return True
    b = game.board
    steps = b.scenario.victory.steps
    rules = b.rules

    ordered = b.scenario.victory.ordered

    def met(j: int) -> bool:
        if steps[j].kind == "escape":
            return rules.step_who[j] == "any" or all(o is s or o.escaped for o in st.survivors if o.alive)
        if steps[j].kind in ("reach_zone", "hold_zone"):
            # ---- truth: a zone reached is counted by the check after this action ----
            # with s out, nobody is left on the board to stand there; but a "reach" step (not a
            # condition) met now is counted for good by the engine's check after the action s
            # takes on the exit (it passes), before its escape at the end of the activation:
            # unless, in order, an escape step comes first
            if steps[j].kind == "reach_zone" and not rules.step_condition[j] and game.step_met(j):
                return not ordered or all(steps[i].kind != "escape" for i in range(st.progress, j))
            return False
        return game.step_met(j)

    if ordered:
        return all(met(j) for j in range(st.progress, len(steps)))
    return all(st.progress >> j & 1 or met(j) for j in range(len(steps)))


def _safest_move(game: "GameView", s: "Survivor", acts: list, zones: list[int]) -> tuple | None:
    """The way out of a zone whose zombies the survivor cannot kill: on toward the goal when the
    zone there holds no more zombies than this one, else the move into the zone with the fewest
    zombies (then the fewest next to it)."""
    st, b = game.state, game.board
    moves = [a for a in acts if a[0] == "move"]
    if not moves:
        return None
    toward = _toward(game, s, acts, zones, False)
    if toward is not None and toward[0] == "move" and st.zombies_in(toward[1]) <= st.zombies_in(s.zone):
        return toward

    def key(a: tuple) -> tuple:
        v = a[1]
        return (st.zombies_in(v), sum(st.zombies_in(u) for u, _c in b.surv_adj[v]), a)

    return min(moves, key=key)


def _step_off(game: "GameView", s: "Survivor", acts: list) -> tuple | None:
    """A move out of the survivor's zone into a zone that is not an exit, fewest zombies first."""
    st, b = game.state, game.board
    moves = [a for a in acts if a[0] == "move" and not b.is_exit[a[1]]] or [a for a in acts if a[0] == "move"]
    return min(moves, key=lambda a: (st.zombies_in(a[1]), a), default=None)


# ---- OWNER: bots: the turn's end out of the zombies' reach ----


def in_reach(game: "GameView", zone: int) -> bool:
    """Whether zombies attack a survivor standing in ``zone`` in the coming zombies' phase:
    zombies stand there, or zombies with two actions (runners: a move, then an attack) stand one
    zone away."""
    st = game.state
    if st.zombies_in(zone):
        return True
    return any(c and ZOMBIE_TYPES[t].actions >= 2 for v, _c in game.board.surv_adj[zone]
               for t, c in enumerate(st.zombies[v]))


def end_out_of_reach(game: "GameView", s: "Survivor", acts: list, zones: list[int]) -> tuple | None:
    """The turn's last action, from a zone without zombies that zombies will reach in their
    phase (runners next to it), when a zone they will not reach is one move away: the move
    toward the goal when it leads to such a zone, else the move into the one with the fewest
    zombies next to it (then the first). None when the rule does not apply."""
    st, b = game.state, game.board
    z = s.zone
    if s.actions_left != 1 or st.zombies_in(z) or not in_reach(game, z):
        return None
    toward = _toward(game, s, acts, zones, False)
    if toward is not None and toward[0] == "move" and not in_reach(game, toward[1]):
        return toward
    moves = [a for a in acts if a[0] == "move" and not in_reach(game, a[1])]
    return min(moves, key=lambda a: (sum(st.zombies_in(u) for u, _c in b.surv_adj[a[1]]), a), default=None)


# ---- end OWNER: bots: the turn's end out of the zombies' reach ----


def _weapon_value(name: str) -> float:
    it = item(name)
    return it.dice * max(0, 7 - it.accuracy) * it.damage * (1.5 if it.is_ranged else 1.0)


def give_weapon(game: "GameView", s: "Survivor", acts: list) -> tuple | None:
    """A trade (``("give", mate, card)``): a survivor who carries two melee weapons (or two
    guns) hands the lesser one to a team mate in its zone whose best weapon of that kind is
    worse (none at all, first), keeping its best."""
    gives = [a for a in acts if a[0] == "give"]
    if not gives:
        return None
    st = game.state
    for ranged in (False, True):
        mine = sorted((n for n in s.items if item(n).is_weapon and item(n).is_ranged == ranged),
                      key=lambda n: (_weapon_value(n), n))
        if len(mine) < 2:
            continue
        spare = mine[0]
        best, best_gain = None, 0.0
        for a in gives:
            if a[2] != spare:
                continue
            theirs = [_weapon_value(n) for n in st.survivors[a[1]].items
                      if item(n).is_weapon and item(n).is_ranged == ranged]
            gain = _weapon_value(spare) - max(theirs, default=-1.0)
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
    return None


def give_opener(game: "GameView", s: "Survivor", acts: list) -> tuple | None:
    """A trade of a door opener (``("give", mate, card)``), where doors need one
    (``doors_need_item``) and a door is still closed: a survivor who carries two or more cards
    that open doors hands the one least useful as a weapon (then the first by name) to the
    first team mate in its zone who carries none."""
    if not game.profile.params.doors_need_item:
        return None
    gives = [a for a in acts if a[0] == "give"]
    st, b = game.state, game.board
    if not gives or all(st.doors_open >> d & 1 for d in range(len(b.door_conn))):
        return None
    mine = sorted((n for n in s.items if item(n).opens_doors), key=lambda n: (_weapon_value(n), n))
    if len(mine) < 2:
        return None
    spare = mine[0]
    for a in gives:
        if a[2] == spare and not any(item(n).opens_doors for n in st.survivors[a[1]].items):
            return a
    return None


def close_behind(game: "GameView", s: "Survivor", acts: list) -> tuple | None:
    """Les morts aux trousses: the door the survivor came through this turn, closed behind it
    when the zone it left holds zombies and no other survivor (``("close", door)``), else None.
    The survivor then stands in a zone without zombies (casual asks only then)."""
    if not s.moved:
        return None
    st, b = game.state, game.board
    back = s.came_from
    if back is None or back < 0 or not st.zombies_in(back) or st.survivors_in(back):
        return None
    for a in acts:
        if a[0] == "close":
            c = b.door_conn[a[1]]
            if back in (b.c_from[c], b.c_to[c]):
                return a
    return None


# ---- OWNER: truth: the last survivor does not end its activation on an open exit ----


def casual_decide(game: "GameView", s: "Survivor", acts: list, memory: Any, search_turns: int = 2,
                  team: Any = None) -> tuple:
    """One decision of ``casual`` (:func:`_casual_decide`), kept off an open exit at the end of
    the activation when escaping there would lose: a survivor ending its activation on an exit
    with the escape open is taken off the board ("Ogni Sopravvissuto può scappare attraverso
    questa Zona alla fine del suo Turno"), and the last one on the board then ends the game as a
    loss while a later step (a "survive N turns" after an ordered escape) is still to do. So a
    pass, or a last action that keeps it there, becomes a step off the exit (it comes back once
    escaping wins), and a last action that would step onto such an exit becomes a pass."""
    act = _casual_decide(game, s, acts, memory, search_turns, team)
    z = s.zone
    is_exit = game.board.is_exit
    if act[0] == "move":  # nor steps onto one with its last action
        if (s.actions_left == 1 and is_exit[act[1]] and not game.state.zombies_in(act[1])
                and ("pass",) in acts and escape_open(game) and not escape_wins(game, s)):
            return ("pass",)
        return act
    if (is_exit[z] and not game.state.zombies_in(z) and (act[0] == "pass" or s.actions_left == 1)
            and escape_open(game) and not escape_wins(game, s)):
        step = _step_off(game, s, acts)
        if step is not None:
            return step
    return act


# ---- end OWNER: truth ----


def _casual_decide(game: "GameView", s: "Survivor", acts: list, memory: Any, search_turns: int = 2,
                   team: Any = None) -> tuple:
    """One decision of ``casual`` (see the module's docstring). A survivor not well armed
    (a two-damage melee weapon and a gun) searches in the first ``search_turns`` turns.
    ``team(game, s, acts, zones, action)``, when given, is asked before the survivor walks on
    toward its goal (the expert's team play: escorts, lures); its action, when not None, is
    played instead."""
    st, b = game.state, game.board
    z = s.zone
    here = st.zombies_in(z)
    melee = [a for a in acts if a[0] == "melee" and _killable(game, s, z, a[1])]
    ranged = [a for a in acts if a[0] == "ranged"]
    zones, action, target = known_goal(game, s, memory)
    zones, action, target = points_goal(game, s, zones, action, target)  # docs/terrain.md: victory points
    if b.rules.drive_cars:  # zombicide: a car on the way to the goal (engine/missions.car_choice)
        car = car_choice(game, s, acts, zones)
        if car is not None:
            return car

    if here:
        if melee:
            return max(melee, key=lambda a: (melee_value(game, s, z, a[1]), a))
        own = [a for a in ranged if a[2] == z and len(st.survivors_in(z)) == 1]
        if own:
            return own[0]
        # nothing here can be killed: get out into the zone with the fewest zombies
        return _safest_move(game, s, acts, zones) or ("pass",)
    shut = close_behind(game, s, acts)  # morts: shut the zombies out
    if shut is not None:
        return shut

    if s.burn and ("douse",) in acts and not burning_at_hand(game, z):  # eden: no zombie here, no fire at hand
        return ("douse",)

    if action == "reenter":
        step = _step_off(game, s, acts)
        if step is not None:
            return step
        action = "reach"
    if action == "escape" and not escape_wins(game, s):
        # escaping now would end the game as a loss: not on the exit at the end of the turn
        if b.is_exit[z] and not escape_open(game):  # ---- truth: the engine keeps it on the board: it waits there ----
            wait = [a for a in acts if a[0] == "search"]
            return wait[0] if wait else ("pass",)
        if b.is_exit[z]:
            step = _step_off(game, s, acts)
            if step is not None:
                return step
        if any(b.is_exit[v] for v, _c in b.surv_adj[z]):  # wait next to the exit
            wait = [a for a in acts if a[0] == "search"]
            return wait[0] if wait else ("pass",)
        action = "reach"  # walk on toward the exit, to wait next to it

    job = job_here(game, s, acts, zones, action, target)
    if job is not None:
        return job
    if action == "search" and z in zones and ("search",) in acts:  # the plan's search for a door opener
        return ("search",)

    safe = [a for a in ranged if not st.survivors_in(a[2])]
    if safe and (action == "hunt" or any(st.zombies_in(v) for v, d in b.visible(st.doors_open)[z] if d <= 1)):
        return max(safe, key=lambda a: (st.zombies_in(a[2]), -a[2]))

    give = give_weapon(game, s, acts) or give_opener(game, s, acts)
    if give is not None:
        return give
    armed = any(item(n).is_weapon for n in s.items)
    well_armed = any(item(n).is_melee and item(n).damage >= 2 for n in s.items) and \
        any(item(n).is_ranged for n in s.items)
    if ("search",) in acts and ((not armed and _can_turn_up(game, _is_weapon)) or
                                (armed and not well_armed and st.turn <= search_turns)):
        return ("search",)
    free_markers = [a for a in acts if a[0] == "take" and b.obj_kind[a[1]] == "search_marker"]
    if free_markers:
        return free_markers[0]
    if team is not None:
        act = team(game, s, acts, zones, action)
        if act is not None:
            return act
    away = end_out_of_reach(game, s, acts, zones)  # the turn's end out of the zombies' reach
    if away is not None:
        return away
    detour = terrain_toward(game, s, acts, zones)  # round hostile scenery and swims (docs/terrain.md)
    if detour is not None:
        return detour
    return walk_on(game, s, acts, zones, action, melee, ranged, False)


class CasualBot(PlanBot):
    """``casual`` for one game, with its memory of the plan steps done."""

    __slots__ = ()
    trades = True
    """The engine offers this bot trades (``("give", mate, card)``)."""

    def __init__(self) -> None:
        super().__init__(False)

    def __call__(self, game: "GameView", s: "Survivor", acts: list) -> tuple:
        return casual_decide(game, s, acts, self)

    def copy(self) -> "CasualBot":
        c = CasualBot()
        c.done = self.done
        return c


BOTS["casual"] = CasualBot
