"""One game: set-up, the survivors' phase, the zombies' phase, the end phase, and the result.

:class:`Game` ties a compiled :class:`~designer.engine.board.Board`, a
:class:`~designer.engine.state.GameState`, a rule profile and a survivor policy together. Every
die is rolled through :meth:`Game.d6` (scripted in tests), every event can be written to a
turn-by-turn log, and each phase can be stepped on its own so a rulebook example can be set up by
hand and checked.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable, Iterable

from designer.rules.compiled import EV_KILLS, EVENTS as EVENT_OPS
from designer.rules.equipment import item
from designer.rules.missions import start_group_zones, zombie_reach
from designer.rules.terrain import terrain_tables
from designer.rules.zombies import (RECORD_TYPES, SPAWN_DEFAULT, WALKER, ZINDEX, ZOMBIE, ZOMBIE_TYPES, ZONES_PER_MOVE, ZTYPES,
                             record_counts)
from designer.engine.arrivals import spawn_arrivals
from designer.engine.missions import car_action, car_actions
from designer.engine.morts import break_door, close_door, closable_doors, heal_or_draw, held_against, zombies_break_door
from designer.engine.board import Board
from designer.engine.cards import DECKS
from tests.reference.policies import resolve_policy
from designer.engine.infestation import place_infestation
from tests.reference.profiles import Profile, check_profile, make_profile, scenario_profile
from designer.engine.state import INF, GameState, Survivor
from designer.engine.points import finish_turn as finish_points_turn, points_table
from designer.engine.resources import resource_effect, uses_resources
from designer.engine.terrain import after_move as terrain_after_move, start_activation as terrain_start_activation
from designer.engine.terrain import reopened_moves, smash, smash_actions
from designer.engine.terrain import catch_fire, douse, fire_blocks, fire_upkeep, set_fire
from designer.engine.view import GameView, PlanStep, as_plan, escape_open, plan_for_start
from designer.engine.record import GameResult, transcript  # noqa: F401
from designer.engine.shared import SURVIVOR_ACTION_LIMIT, extra_activation_limit, item_value, parse_dice  # noqa: F401

__all__ = ["Game", "GameResult", "play"]

Action = tuple
ABOMINATION = ZINDEX["abomination"]


_TWICE = frozenset(t for t, row in enumerate(ZOMBIE_TYPES) if row.actions >= 2)
"""Types that act a second time once everybody has acted (runners)."""

class Game:
    """One game of a scenario."""

    _turn_end = False
    """True while the end of a turn checks the victory: a 'survive N turns' step is met at the
    end of turn N (after the zombies' phase, before the turn limit and the triggers of turn
    N + 1)."""

    def __init__(self, board: Board, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
                 profile: Profile | None = None, log: bool = False, state: GameState | None = None,
                 heroes: list[dict] | None = None, plan: Iterable[Any] | None = None,
                 resources: dict[str, int] | None = None):
        self.board = board
        s = board.scenario
        self.profile = check_profile(profile) if profile is not None else scenario_profile(s)
        self.plans: tuple[PlanStep, ...] = as_plan(plan)
        """The witness plan handed in by the caller (``designer.checks`` finds it;
        ``designer.play`` and the playtest entry points pass it on): one plan, or a
        :class:`~designer.engine.view.PlanSet` of a plan per start zone."""
        self.plan: tuple[PlanStep, ...] = plan_for_start(self.plans, None)
        """The witness plan the bots follow: once the game has drawn its start zone, that start
        zone's plan (:func:`~designer.engine.view.plan_for_start`). Empty: the bots walk to the
        victory steps themselves."""
        self._start_zone: str | None = None
        """The start zone the set-up drew (None: split starting groups, or a state handed in)."""
        self.policy = resolve_policy(policy)
        self.view = GameView(self)
        """What the policy sees (read-only)."""
        self._obj_at: dict[int, list[int]] | None = None
        self._obj_at_key: GameState | None = None
        self.log: list[dict] | None = [] if log else None
        self.script: list[int] | None = None
        """Dice results to use instead of random rolls (tests)."""
        self._via = -1
        """The connection a survivor is crossing (read by a profile's after_move; -1 otherwise)."""
        self._fresh = False
        """morts: whether the zone a survivor steps into had not been entered yet (a collapse)."""
        self.heroes = heroes
        """Survivors carried in from an earlier game: dicts with items, xp and wounds."""
        self.resources_in = resources
        """The party's resources carried in from an earlier game of a campaign (name -> stock)."""
        self.tracks_resources = resources is not None or uses_resources(s)
        """Whether the record carries the resources (a campaign's stock, or a scenario that gains
        or spends them)."""
        self.points_rule = points_table(board)
        """The victory points of a points mission (:mod:`designer.engine.points`); None otherwise."""
        self.terrain = terrain_tables(board.rules)
        """The map's terrain tables (:mod:`designer.rules.terrain`); None on a map without
        terrain keywords, which plays exactly as before they existed."""
        self.terrain_base = self.terrain
        """The terrain tables as the scenario is written; ``terrain`` is them once the scenery
        destroyed so far is devastated (``TerrainTables.devastated``, docs/terrain.md)."""
        self.state = state if state is not None else self.setup(seed, survivors)
        if state is None and self._start_zone is not None:
            self.plan = plan_for_start(self.plans, self._start_zone)
        if self.terrain is not None and self.state.destroyed:
            self.terrain = self.terrain_base.devastated(self.state.destroyed)
        self.extra_limit = extra_activation_limit(board, len(self.state.survivors), self.profile.params)
        """Extra activations one turn may give before the game ends as ``runaway``."""
        self.extras = 0
        """Extra activations given so far this turn (reset at the start of each turn)."""
        self._in_turn = False
        """Whether a turn is under way (its survivors' phase at ``_order[_pos]``)."""
        self._turn_end = False
        """Whether victory is being checked at the end of the turn ("survive N" is met at the end of turn N)."""
        self._order: list[int] = []
        """Survivor indices in this turn's order."""
        self._pos = 0
        self._started = False
        self._taken = 0
        self._limit = 0

    # -- dice and log ----------------------------------------------------------------------

    def d6(self, sides: int = 6) -> int:
        """Roll one die (from the script when one is set)."""
        if self.script:
            return self.script.pop(0)
        return self.state.rng.randint(1, sides)

    def roll(self, expr: str) -> int:
        """Roll a dice expression such as '1d3', '2d6' or 'd6+1'."""
        count, sides, bonus = parse_dice(expr)
        return sum(self.d6(sides) for _ in range(count)) + bonus

    def note(self, event: str, **data: Any) -> None:
        if self.log is not None:
            self.log.append({"turn": self.state.turn, "event": event, **data})

    # -- set-up ----------------------------------------------------------------------------

    def setup(self, seed: int, survivors: int | None) -> GameState:
        """Lay out a new game: pool, decks, shuffled hidden objectives, survivors and their
        equipment, placed zombies."""
        laid = self.profile.setup_game(self, seed, survivors)  # Last Night on Earth: town, heroes, markers
        if laid is not None:
            return laid
        b, s = self.board, self.board.scenario
        st = self.state = GameState(b, seed)
        st.tracked = True
        st.resources = dict(self.resources_in or {})
        for name, count in s.setup.zombie_pool.items():
            st.pool[ZINDEX[name]] = count
        method = s.setup.spawn_method
        if method.kind == "cards":
            st.zdeck = list(range(len(DECKS.get(method.deck, DECKS["standard"]))))
            st.rng.shuffle(st.zdeck)
        deck = s.setup.equipment_deck
        names = [e.item for e in deck for _ in range(e.count)] if deck else \
            [n for n, c in self.profile.default_deck for _ in range(c)]
        st.edeck = names
        st.rng.shuffle(st.edeck)
        st.set_aside = [e.item for e in s.setup.set_aside for _ in range(e.count)]  # drawn at random when given
        for group in b.hidden_groups:
            zones = [st.obj_zone[o] for o in group]
            st.rng.shuffle(zones)
            for o, z in zip(group, zones):
                st.obj_zone[o] = z
        sv = s.setup.survivors
        count = survivors if survivors is not None else max(sv.min, min(sv.max, 4))
        start = b.start_zones[st.rng.randrange(len(b.start_zones))]
        if b.rules.start_groups and self.heroes is None:
            return self._setup_groups(st, count)
        self._start_zone = b.zone_ids[start]  # the bots follow this start zone's plan
        if self.heroes is not None:
            for h in self.heroes:  # heroes carried over from an earlier game of a campaign
                hero = st.add_survivor(start, sv.health, list(h.get("items", [])))
                hero.xp = h.get("xp", 0)
                hero.wounds = min(h.get("wounds", 0), sv.health - 1)
            return self._place_zombies(st)
        for k in range(count):
            hero = st.add_survivor(start, sv.health, sv.items_of(k))  # named survivors' own cards too
            for _ in range(sv.starting_cards):
                card = self.draw_equipment()
                if card and not item(card).aaah:
                    hero.items.append(card)
        return self._place_zombies(st)

    def _setup_groups(self, st: GameState, count: int) -> GameState:
        """Split starting groups (``setup.start_groups``): each survivor starts in the zone of
        the group naming it; the others join the group with the fewest survivors (the first on
        a tie), so the team splits in equal halves ("Dividi il Team in due parti uguali")."""
        b, sv = self.board, self.board.scenario.setup.survivors
        for k, zone in enumerate(start_group_zones(b.rules, sv, count)):
            hero = st.add_survivor(zone, sv.health, sv.items_of(k))
            for _ in range(sv.starting_cards):
                card = self.draw_equipment()
                if card and not item(card).aaah:
                    hero.items.append(card)
        return self._place_zombies(st)

    def _place_zombies(self, st: GameState) -> GameState:
        b, s = self.board, self.board.scenario
        for pz in s.setup.zombies:
            self._place(st, b.zone_index[pz.zone], ZINDEX[pz.zombie], pz.count)
        if s.infestation is not None:
            place_infestation(self, st)
        return st

    def _place(self, st: GameState, zone: int, t: int, count: int) -> int:
        """Place up to ``count`` zombies from the pool; return how many were missing."""
        placed = max(0, min(count, st.pool[t]))
        if placed:
            st.pool[t] -= placed
            st.zombies[zone][t] += placed
            st.haunted.add(zone)
            st.spawned_by_type[t] += placed
            st.zone_visits[zone] += placed
        return count - placed

    def draw_equipment(self) -> str | None:
        st = self.state
        if not st.edeck:
            if not st.ediscard:
                return None
            st.edeck, st.ediscard = st.ediscard, []
            st.rng.shuffle(st.edeck)
        return st.edeck.pop()

    # -- queries ---------------------------------------------------------------------------

    def danger_level(self) -> int:
        xp = max((s.xp for s in self.state.living()), default=0)
        return self.profile.danger(xp)

    def has_survivors(self, zone: int) -> bool:
        return any(s.zone == zone and s.alive and not s.escaped for s in self.state.survivors)

    def noise_map(self) -> dict[int, int]:
        """Noise per zone: tokens plus one per survivor on the board."""
        st = self.state
        noise = {z: st.noise[z] for z in st.noise_zones() if st.noise[z]}
        for s in st.survivors:
            if s.alive and not s.escaped:
                noise[s.zone] = noise.get(s.zone, 0) + 1
        return noise

    def door_passable(self, s: Survivor) -> int:
        """Doors this survivor may walk through or open now (bitmask)."""
        st, b = self.state, self.board
        mask = st.doors_open
        if self.profile.door_tool(self, s) is None:
            return mask
        for d in range(len(b.door_ids)):
            if not mask >> d & 1 and self.can_unlock(s, d):
                mask |= 1 << d
        return mask

    def can_unlock(self, s: Survivor, d: int) -> bool:
        """Whether survivor ``s`` may open closed door ``d`` by hand, tool permitting: the door
        opens by hand (``by_hand``; a button's door opens only by its trigger) and is unlocked,
        or its lock yields (a key of its colour, its item) or it can be broken."""
        st, b = self.state, self.board
        if not b.door_by_hand[d]:
            return False
        if st.held and held_against(self, s, d):  # morts: a door another survivor closed is only broken
            return b.door_breakable[d]
        if st.doors_unlocked >> d & 1:
            return True
        lock = b.door_lock[d]
        if lock is not None:
            kind, value = lock
            if kind == "colour" and value in st.colours:
                return True
            if kind == "item" and value in s.items:
                return True
        return b.door_breakable[d]

    # -- survivor actions ------------------------------------------------------------------

    def legal_actions(self, s: Survivor) -> list[Action]:
        """Every action the survivor may take now."""
        st, b, p = self.state, self.board, self.profile
        acts: list[Action] = [("pass",)]
        left = s.actions_left
        if left <= 0 or not s.on_board:
            return acts
        z = s.zone
        zombies = st.zombies
        doors_open = st.doors_open
        tool = None
        tool_checked = False
        terrain = self.terrain
        move_cost = p.move_cost if terrain is None else p.terrain_move_cost
        closable = closable_doors(b) if p.id == "house" else None
        for v, c in b.surv_adj[z]:
            d = b.c_door[c]
            if d >= 0 and not doors_open >> d & 1:
                if not self.can_unlock(s, d):
                    continue
                if st.held and held_against(self, s, d):  # morts: break a door another survivor closed
                    acts.append(("break", d))
                    continue
                if not tool_checked:
                    tool, tool_checked = p.door_tool(self, s), True
                if tool is not None:
                    acts.append(("open", d))
                continue
            if st.burning and fire_blocks(self, c, v):  # eden: nobody enters or crosses burning scenery
                continue
            need = move_cost(self, s, c)
            if terrain is not None and terrain.crossable[v]:
                need += 1  # a crossable zone: the actions to move on again
            if need <= left and (b.max_survivors[v] >= INF or len(st.survivors_in(v)) < b.max_survivors[v]):
                acts.append(("move", v, c))
            if closable is not None and d >= 0 and closable[d] and not st.broken >> d & 1:  # morts: close a door
                acts.append(("close", d))
        if st.torn:  # fences an abomination tore down are crossed like openings
            for v, c, _ in b.zpath_adj[z]:
                if st.torn >> c & 1 and p.move_cost(self, s, c) <= left:
                    acts.append(("move", v, c))
        if terrain is not None and terrain.reopened:  # walls destroyed scenery no longer shuts
            acts.extend(reopened_moves(self, s, left))
        if b.kind[z] == "security":  # "L'unica Azione consentita ... è Muovere" (the push back is an override)
            return [a for a in acts if a[0] in ("pass", "move", "open")]
        if p.can_search(self, s) or (b.rules.cars and self._car_here(s) is not None):
            acts.append(("search",))
        zombies_here = sum(zombies[z])
        seen = set()
        sight = None
        for it in p.weapons(s):
            if it.name in seen:
                continue
            seen.add(it.name)
            if it.is_melee and zombies_here and p.can_melee(self, z):
                acts.append(("melee", it.name))
            elif it.is_ranged:
                if sight is None:
                    sight = b.visible(doors_open)[z]
                lo, hi = it.min_range, it.max_range
                if b.kind[z] == "tower":  # "+1 alla Gittata Massima" on a watchtower
                    hi += p.params.tower_range
                if terrain is not None and terrain.elevated[z]:
                    hi += 1  # a raised position: ranged weapons reach one zone further
                for v, dist in sight:
                    if lo <= dist <= hi and any(zombies[v]) and p.can_shoot(self, s, v, dist):
                        acts.append(("ranged", it.name, v))
        for o in self._objectives_at(z):
            if b.obj_kind[o] == "car":
                continue  # searched (the search action), never taken
            if b.obj_kind[o] == "switch":
                if b.obj_repeatable[o] or not st.pressed >> o & 1:
                    acts.append(("press", o))
            elif not st.taken >> o & 1 and p.can_collect(self, z):
                acts.append(("take", o))
        if b.rules.drive_cars:  # zombicide: getting into, out of and driving cars
            acts = car_actions(self, s, acts)
        acts.append(("noise",))
        if terrain is not None and terrain.smash_at[z]:  # destruction(x): attack the scenery at hand
            acts.extend(smash_actions(self, s))
        if s.burn:  # eden: remove one of its burn markers
            acts.append(("douse",))
        if getattr(self.policy, "trades", False):
            acts.extend(self.trade_actions(s))
        return acts

    def trade_actions(self, s: Survivor) -> list[Action]:
        """Trades (rulebook chapter 6: trade / reorganise, one action) for a policy that asks for
        them (its ``trades`` attribute is true; the built-in greedy, cautious and random do not,
        so their games are unchanged): ``("give", mate, item)`` hands one of the survivor's
        cards to a team mate in its zone."""
        st = self.state
        mates = [o.index for o in st.survivors if o is not s and o.on_board and o.zone == s.zone]
        return [("give", m, n) for m in mates for n in dict.fromkeys(s.items)]

    def give(self, s: Survivor, mate: int, card: str) -> None:
        """Hand a card to a team mate (who discards its least useful card when its hands are full)."""
        s.items.remove(card)
        self.note("give", survivor=s.index, mate=mate + 1, item=card)
        self.keep(self.state.survivors[mate], card)

    def _objectives_at(self, zone: int) -> list[int]:
        """Objectives lying in a zone (the layout is fixed once the hidden tokens are shuffled)."""
        table = self._obj_at
        if table is None or self._obj_at_key is not self.state:
            table = {}
            for o, oz in enumerate(self.state.obj_zone):
                table.setdefault(oz, []).append(o)
            self._obj_at, self._obj_at_key = table, self.state
        return table.get(zone, ())

    def apply(self, s: Survivor, act: Action) -> None:
        """Carry out one survivor action (legality is the caller's business)."""
        st, b, p = self.state, self.board, self.profile
        kind = act[0]
        st.survivor_actions += 1
        s.acted += 1
        if kind == "pass":
            s.actions_left = 0
            return
        cost = 1
        if kind == "move":
            _, v, c = act
            cost = p.move_cost(self, s, c) if self.terrain is None else p.terrain_move_cost(self, s, c)
            s.actions_left -= cost
            self.note("move", survivor=s.index, to=b.zone_ids[v], via=b.conn_ids[c])
            s.came_from = s.zone
            s.zone = v
            s.moved = True
            self._fresh = not self.state.entered >> v & 1  # morts: a collapse falls under the first survivor
            self.enter_zone(s, v)
            if self.terrain is not None:
                terrain_after_move(self, s, c, v)
                if st.burning:  # eden: a move ended with burning scenery at hand
                    catch_fire(self, s)
            self._via = c  # the connection crossed (a house drop asks for survival rolls)
            p.after_move(self, s)
            self._via = -1
            self._fresh = False
            return
        s.actions_left -= cost if kind != "search" else p.search_cost(self, s)
        if kind == "open":
            tool = p.door_tool(self, s)
            self.note("open", survivor=s.index, door=b.door_ids[act[1]])
            if tool is not None and tool.noisy_door:
                st.add_noise(s.zone)
            self.open_door(act[1], actor=s)
        elif kind == "close":  # morts: doors closed by a survivor
            close_door(self, s, act[1])
        elif kind == "break":
            break_door(self, s, act[1])
        elif kind == "search" and b.rules.cars and self._car_here(s) is not None:
            car = self._car_here(s)
            s.searched = True
            self.search_car(s, car)
        elif kind == "search":
            s.searched = True
            draws = 2 if any(item(n).search_bonus for n in s.items) else 1
            for _ in range(draws):
                card = p.search_card(self, s)
                if card is None:
                    break
                if item(card).aaah:
                    self.note("search", survivor=s.index, found="aaah")
                    st.ediscard.append(card)
                    if self._place(st, s.zone, WALKER, 1):
                        self.out_of_miniatures(WALKER)
                    break
                self.note("search", survivor=s.index, found=card)
                self.keep(s, card)
        elif kind == "melee":
            self.note("melee", survivor=s.index, weapon=act[1])
            p.melee(self, s, item(act[1]))
        elif kind == "ranged":
            self.note("ranged", survivor=s.index, weapon=act[1], zone=b.zone_ids[act[2]])
            p.ranged(self, s, item(act[1]), act[2])
        elif kind == "take":
            self.take(s, act[1])
        elif kind == "press":
            self.press(s, act[1])
        elif kind == "noise":
            st.add_noise(s.zone)
            self.note("noise", survivor=s.index)
        elif kind == "give":
            self.give(s, act[1], act[2])
        elif kind in ("enter", "leave", "drive", "seat"):  # zombicide: driving cars
            car_action(self, s, act)
        elif kind == "smash":
            smash(self, s, act[1])
        elif kind == "douse":
            douse(self, s)

    def _car_here(self, s: Survivor) -> int | None:
        """A car the survivor may search now: in its zone, no zombie there, not searched this
        turn, and not a car searched once already."""
        st, b = self.state, self.board
        if s.searched or st.zombies_in(s.zone):
            return None
        for o in self._objectives_at(s.zone):
            if b.obj_kind[o] == "car" and not (self.board.scenario.objectives[o].search == "once"
                                               and st.taken >> o & 1):
                return o
        return None

    def search_car(self, s: Survivor, o: int) -> None:
        """Search a car: a Pimpmobile once, for its contents; a police car "Scarta finché non
        trovi un'Arma" (an "Aaahh!" card brings a walker and ends the search)."""
        st, b = self.state, self.board
        car = b.scenario.objectives[o]
        first = not st.taken >> o & 1
        if first:
            st.taken |= 1 << o
            st.objective_turns.setdefault(b.obj_ids[o], st.turn)
            s.xp += b.obj_xp[o]
        if car.search == "once":
            self.note("search_car", survivor=s.index, car=b.obj_ids[o], found=", ".join(car.contents) or "nothing")
            for name in car.contents:
                self.keep(s, name)
        else:
            for _ in range(len(st.edeck) + len(st.ediscard) + 1):
                card = self.draw_equipment()
                if card is None:
                    break
                if item(card).aaah:
                    self.note("search_car", survivor=s.index, car=b.obj_ids[o], found="aaah")
                    st.ediscard.append(card)
                    if self._place(st, s.zone, WALKER, 1):
                        self.out_of_miniatures(WALKER)
                    break
                if item(card).is_weapon:
                    self.note("search_car", survivor=s.index, car=b.obj_ids[o], found=card)
                    self.keep(s, card)
                    break
                st.ediscard.append(card)
        if first:
            self.fire_event("objective_taken", o, actor=s)

    def keep(self, s: Survivor, card: str) -> None:
        """Add a card to the inventory, discarding the least useful item when full."""
        s.items.append(card)
        if len(s.items) > self.profile.params.max_items:
            worst = min(s.items, key=self.item_value)
            s.items.remove(worst)
            self.state.ediscard.append(worst)

    def item_value(self, name: str) -> float:
        return item_value(self.board, name)

    def enter_zone(self, s: Survivor, zone: int) -> None:
        """A survivor steps into a zone: the first time fires its entry triggers. (Zone visits
        count zombies only.)"""
        st = self.state
        key = 1 << zone
        if not st.entered & key:
            st.entered |= key
            self.fire_event("zone_entered", zone, actor=s)

    def take(self, s: Survivor, o: int) -> None:
        st, b = self.state, self.board
        st.taken |= 1 << o
        oid = b.obj_ids[o]
        st.objective_turns.setdefault(oid, st.turn)
        s.xp += b.obj_xp[o]
        self.note("take", survivor=s.index, objective=oid)
        kind = b.obj_kind[o]
        if kind == "key":
            self.reveal_keys()
        elif kind == "item":
            self.keep(s, b.obj_item[o])
            for name in b.rules.obj_also[o]:  # "prendere entrambe le Carte" with one action
                self.keep(s, name)
            self.reveal_keys()
        elif kind == "search_marker":
            card = self.draw_equipment()
            if card is not None and not item(card).aaah:
                self.keep(s, card)
        self.fire_event("objective_taken", o, actor=s)

    def reveal_keys(self) -> None:
        """Colours known to the team: keys taken (a hidden key once its whole group is turned)."""
        st, b = self.state, self.board
        for o, kind in enumerate(b.obj_kind):
            if kind == "key" and st.taken >> o & 1:
                st.colours.add(b.obj_colour[o])

    def press(self, s: Survivor, o: int) -> None:
        st, b = self.state, self.board
        first = not st.pressed >> o & 1
        st.pressed |= 1 << o
        oid = b.obj_ids[o]
        if first:
            st.taken |= 1 << o
            st.objective_turns.setdefault(oid, st.turn)
            s.xp += b.obj_xp[o]
        self.note("press", survivor=s.index, switch=oid)
        self.fire_event("switch_pressed", o, actor=s)

    # -- doors, triggers, spawning -----------------------------------------------------------

    def open_door(self, d: int, actor: Survivor | None = None) -> None:
        st, b, p = self.state, self.board, self.profile
        bit = 1 << d
        st.doors_open |= bit
        st.doors_unlocked |= bit
        st.held &= ~bit  # morts: open again, the door is nobody's
        if st.doors_ever & bit:
            return
        st.doors_ever |= bit
        if p.params.building_spawn and b.door_spawns[d]:
            c = b.door_conn[d]
            for zone in (b.c_from[c], b.c_to[c]):
                bld = b.building_of[zone]
                if bld >= 0 and not st.buildings_spawned >> bld & 1:
                    st.buildings_spawned |= 1 << bld
                    for z in b.building_zones[bld]:
                        self.draw_spawn_card(z)
        self.fire_event("door_opened", d, actor=actor)

    def fire_event(self, kind: str, target: int | None, actor: Survivor | None = None) -> None:
        """Fire the triggers waiting for this event, in trigger order (the compiled scenario's
        ``triggers_on`` table: objective, switch, door or zone index, turn; a kill count fires
        every ``kills_reached`` trigger at or below it)."""
        st, cs = self.state, self.board.rules
        op = EVENT_OPS[kind]
        if op == EV_KILLS:
            if target is None:
                return
            hits = sorted(ti for count, tis in cs.triggers_on[op].items() if target >= count for ti in tis)
        else:
            hits = cs.triggers_on[op].get(target, ())
        if not hits:
            return
        triggers = self.board.scenario.triggers
        for ti in hits:
            if cs.trig_once[ti] and st.fired >> ti & 1:
                continue
            st.fired |= 1 << ti
            t = triggers[ti]
            self.note("trigger", trigger=t.id)
            for e in t.then:
                self.apply_effect(e, actor)

    def apply_effect(self, e: Any, actor: Survivor | None) -> None:
        """Carry out one trigger effect (the rule of each kind: :data:`EFFECTS`)."""
        EFFECTS[e.kind](self, e, actor)

    def draw_spawn_card(self, zone: int) -> None:
        """Draw a zombie card for a zone and resolve it at the current danger level."""
        st = self.state
        deck = DECKS.get(self.board.scenario.setup.spawn_method.deck if
                         self.board.scenario.setup.spawn_method.kind == "cards" else "standard",
                         DECKS["standard"])
        if not st.zdeck:
            st.zdeck, st.zdiscard = st.zdiscard, []
            if not st.zdeck:
                st.zdeck = list(range(len(deck)))
            st.rng.shuffle(st.zdeck)
        card = st.zdeck.pop()
        st.zdiscard.append(card)
        self.resolve_card(self.profile.spawn_card_entry(self, deck[card]), zone)

    def resolve_card(self, entry: tuple, zone: int) -> None:
        st, b = self.state, self.board
        kind = entry[0]
        if kind == "spawn":
            self.spawn(zone, ZINDEX[entry[1]], entry[2])
        elif kind == "extra":
            if self.danger_level() >= 1 and self.extra_allowed():
                self.note("extra_activation", zombie=entry[1])
                self.activate(types={ZINDEX[entry[1]]})
        elif kind == "manhole":
            tiles = {t for s in st.living() for t in b.zone_tiles[s.zone]}
            for mz in b.manholes:
                if tiles & set(b.zone_tiles[mz]):
                    self.spawn(mz, ZINDEX[entry[1]], entry[2])

    def spawn(self, zone: int, t: int, count: int) -> None:
        """Place zombies of a type (a fatty brings two walkers); running out of miniatures
        gives every zombie of that type an extra activation."""
        if count <= 0:
            return
        st = self.state
        self.note("spawn", zone=self.board.zone_ids[zone], zombie=ZTYPES[t], count=count)
        out = []
        if self._place(st, zone, t, count):
            out.append(t)
        for name, per in ZOMBIE_TYPES[t].companions:  # a fatty brings two walkers
            if self._place(st, zone, ZINDEX[name], per * count):
                out.append(ZINDEX[name])
        for ot in out:
            self.out_of_miniatures(ot)

    def out_of_miniatures(self, t: int) -> None:
        """The box ran out of zombies of type ``t`` while placing them: "vengono piazzati solo
        gli Zombi rimanenti e dopo, tutti quelli del tipo richiesto (ma non più disponibile),
        ricevono un'Attivazione Extra" (runners: two actions, as for any extra activation).
        The extra activation owes nothing more, whatever its splits find in the box."""
        if not self.profile.params.pool_out_extra_activation:
            return
        if self.extra_allowed():
            self.note("out_of_miniatures", zombie=ZTYPES[t])
            self.activate(types={t}, extra=True)

    def extra_allowed(self) -> bool:
        """Count one extra activation against the turn's bound (:func:`extra_activation_limit`);
        past it the game ends as ``runaway`` (one ``runaway`` log event) and no further extra
        activation is given, so the turn finishes."""
        if self.extras < self.extra_limit:
            self.extras += 1
            return True
        if self.extras == self.extra_limit:
            self.extras += 1
            self.runaway(f"more than {self.extra_limit} extra activations of the zombies in turn "
                         f"{self.state.turn}")
        return False

    def runaway(self, message: str) -> None:
        """End the game as a loss with cause ``runaway`` (unless it has already ended): the
        rules were about to loop without end."""
        st = self.state
        if not st.outcome:
            st.outcome, st.cause = "loss", "runaway"
        self.note("runaway", message=message + ": the game is stopped as a runaway")

    # -- wounds and kills --------------------------------------------------------------------

    def wound(self, s: Survivor, n: int, cause: str) -> None:
        st = self.state
        if not s.on_board:
            return
        for _ in range(n):
            s.wounds += 1
            carried = self.board.rules.carrier_items.intersection(s.items) if s.wounds >= s.health else ()
            if s.items:
                lost = min(s.items, key=self.item_value)
                s.items.remove(lost)
                st.ediscard.append(lost)
            if s.wounds >= s.health:
                s.alive = False
                st.zone_deaths[s.zone] += 1
                st.haunted.add(s.zone)
                self.note("death", survivor=s.index, zone=self.board.zone_ids[s.zone], cause=cause)
                if carried and not st.outcome:  # "ucciso mentre trasporta una di queste Carte"
                    st.outcome, st.cause = "loss", "carrier_died"
                    self.note("carrier_died", survivor=s.index, items=sorted(carried))
                st.ediscard.extend(s.items)
                s.items = []
                if self.profile.dead_rise:
                    st.rising.append(s.zone)
                self.profile.on_death(self, s)
                if self.board.scenario.defeat.any_survivor_dies and not st.outcome:
                    st.outcome, st.cause = "loss", "survivor_died"
                return
        self.note("wound", survivor=s.index, wounds=s.wounds, cause=cause)

    def kill(self, s: Survivor, zone: int, t: int) -> None:
        st = self.state
        st.zombies[zone][t] -= 1
        st.pool[t] += 1
        st.kills += 1
        st.kills_by_type[t] += 1
        st.zone_kills[zone] += 1
        s.xp += self.profile.params.kill_xp[t]
        self.profile.after_kill(self, zone, t)
        self.note("kill", survivor=s.index, zone=self.board.zone_ids[zone], zombie=ZTYPES[t])
        self.fire_event("kills_reached", st.kills, actor=s)

    # -- the zombies' phase ------------------------------------------------------------------

    def zombie_phase(self) -> None:
        """Activation (every zombie, then the runners' second action), then spawning."""
        self.activate()
        if _TWICE:
            self.activate(types=set(_TWICE), runners_second=True)
        self.profile.after_activation(self)
        self.spawn_phase()

    def activate(self, types: set[int] | None = None, runners_second: bool = False, *,
                 extra: bool = False) -> None:
        """One activation of the zombies of ``types`` (all types when None): those sharing a
        zone with survivors attack, then the others move one zone (splitting on ties).
        Runners activated by an extra activation act twice ("riceverebbero due azioni come al
        solito").

        A split that cannot be evened from the box ("Se non ci sono abbastanza miniature degli
        Zombi per effettuare una divisione equa, ogni Zombi del tipo mancante riceve
        un'attivazione extra") owes one extra activation per type that ran out in this
        activation, given after it; an ``extra`` activation given for running out owes none
        (its splits find the same empty box: the same running-out event)."""
        out = self._activate_once(types)
        if types is not None and types & _TWICE and not runners_second:
            out += [t for t in self._activate_once(types & _TWICE) if t not in out]
        if extra:
            return
        for t in out:
            self.out_of_miniatures(t)

    def _activate_once(self, types: set[int] | None) -> list[int]:
        """One action of the acting zombies; return the types whose splits could not be evened
        from the box (each once, in the order they ran out)."""
        st, b, p = self.state, self.board, self.profile
        # the acting zombies per zone, zones in board order (only zones that held zombies)
        acting: dict[int, list[int]] = {}
        for z in st.zombie_zones():
            row = [c if (types is None or t in types) else 0 for t, c in enumerate(st.zombies[z])]
            if any(row):
                acting[z] = row
        limit = p.activation_limit(self)
        if limit is not None:
            acting = self._limit_activations(acting, limit)
        # attacks first
        for z, row in acting.items():
            if any(row) and self.has_survivors(z):
                st.zombie_actions += sum(row)
                self.note("attack", zone=b.zone_ids[z], zombies=sum(row))
                p.zombie_attack(self, z, row)
                row[:] = [0] * len(row)
        # then moves, decided on the positions before anyone moves
        moves: list[tuple[int, int, int, int]] = []  # (from, to, type, count)
        added: list[tuple[int, int, int]] = []  # (zone, type, count) added by splits
        out: list[int] = []  # the types a split could not even from the box
        for z, row in acting.items():
            if not any(row):
                continue
            st.zombie_actions += sum(row)
            targets, all_doors = p.targets(self, z)
            options = self.next_steps(z, targets, all_doors, sum(row))
            if not options:
                continue
            k = len(options)
            for t, c in enumerate(row):
                if not c:
                    continue
                if not ZOMBIE_TYPES[t].splits or k == 1:
                    dest = options[0] if k == 1 else options[st.rng.randrange(k)]
                    moves.append((z, dest, t, c))
                    continue
                if not p.params.split_adds:  # spread them, the remainder at random
                    first = st.rng.randrange(k)
                    for i in range(k):
                        share = c // k + (1 if (i - first) % k < c % k else 0)
                        if share:
                            moves.append((z, options[i], t, share))
                    continue
                per = math.ceil(c / k)
                need = per * k - c
                got = min(need, st.pool[t])
                if got:
                    st.pool[t] -= got  # taken from the box now, so later splits see what is left
                    added.append((z, t, got))
                if got < need and t not in out:
                    out.append(t)
                available = c + got
                for i, dest in enumerate(options):
                    share = min(per, available)
                    available -= share
                    if share:
                        moves.append((z, dest, t, share))
        for z, t, got in added:
            st.zombies[z][t] += got
            st.spawned_by_type[t] += got
            self.note("split_added", zone=b.zone_ids[z], zombie=ZTYPES[t], count=got)
        second: list[tuple[int, int, int]] = []  # (zone, type, count): two-zone movers after a first step
        for z, dest, t, c in moves:
            moved = self.move_zombies(z, dest, t, c)
            if moved and ZONES_PER_MOVE[t] > 1:
                second.append((dest, t, moved))
        for z, t, c in second:
            self._second_step(z, t, c)
        p.after_zombie_moves(self, moves)
        return out

    def _limit_activations(self, acting: dict[int, list[int]], limit: int) -> dict[int, list[int]]:
        """Keep only ``limit`` zombies acting: those nearest a survivor first (ties: the zone
        first in board order)."""
        st, b = self.state, self.board
        zones = [s.zone for s in st.living()]
        if not zones:
            return {}
        dist = b.zdist_all
        order = sorted(acting, key=lambda z: (min(dist[v][z] for v in zones), z))
        out = {z: [0] * len(acting[z]) for z in sorted(acting)}
        left = limit
        for z in order:
            for t, c in enumerate(acting[z]):
                take = min(c, left)
                out[z][t] = take
                left -= take
            if left <= 0:
                break
        return out

    def next_steps(self, z: int, targets: list[int], all_doors: bool, movers: int = 1) -> list[int]:
        """The distinct zones a zombie in ``z`` may step into along a shortest path to any of
        the targets (in board order). A step through a closed door (when pathing as if doors
        were open) or a fence is kept: the zombies then stay where they are."""
        if not targets:
            return []
        b, st = self.board, self.state
        table = b.zdist_all if all_doors else b.zombie_distances(st.doors_open)
        options: list[int] = []
        for t in targets:
            dist = table[t]
            here = dist[z]
            if here == 0 or here >= INF:
                continue
            for v, c, _ in b.zpath_adj[z]:
                if dist[v] == here - 1:
                    d = b.c_door[c]
                    if not all_doors and d >= 0 and not st.doors_open >> d & 1:
                        continue
                    if v not in options:
                        options.append(v)
        return options

    def move_zombies(self, z: int, dest: int, t: int, count: int) -> int:
        """Move zombies one step if the connection lets them through (not a fence or a closed
        door) and the zone has room; a breakthrough zone takes them and pushes the excess on.
        Return how many stepped into ``dest``."""
        st, b = self.state, self.board
        conn = next((c for v, c, ok in b.zpath_adj[z] if v == dest and (ok or st.torn >> c & 1) and
                     (b.c_door[c] < 0 or st.doors_open >> b.c_door[c] & 1)), None)
        if conn is None and t == ABOMINATION and self.profile.params.abominations_tear_fences:
            conn = next((c for v, c, ok in b.zpath_adj[z] if v == dest and b.c_kind[c] == "fence"), None)
            if conn is not None:  # "piazza un Segnalino di Filo Spinato Strappato"
                st.torn |= 1 << conn
                self.note("fence_torn", frm=b.zone_ids[z], to=b.zone_ids[dest], fence=b.conn_ids[conn])
        if conn is None:
            if self.profile.id == "house":  # morts: zombies break the door that stops them
                zombies_break_door(self, z, dest, count)
            return 0  # stopped at a closed door or piled up behind a fence
        room = b.max_zombies[dest] - st.zombies_in(dest)
        if not b.breakthrough[dest]:
            count = min(count, max(room, 0))
        if count <= 0:
            return 0
        st.zombies[z][t] -= count
        st.zombies[dest][t] += count
        self.profile.zombies_moved(self, z, dest, t, count)
        st.haunted.add(dest)
        st.zone_visits[dest] += count
        self.note("zombies_move", frm=b.zone_ids[z], to=b.zone_ids[dest], zombie=ZTYPES[t], count=count)
        over = min(st.zombies_in(dest) - b.max_zombies[dest], st.zombies[dest][t])
        if over > 0:
            outs = [v for v, c, ok in b.zpath_adj[dest] if ok and v != z and
                    st.zombies_in(v) < b.max_zombies[v]] or [z]
            push = outs[st.rng.randrange(len(outs))]
            st.zombies[dest][t] -= over
            st.zombies[push][t] += over
            st.haunted.add(push)
            self.note("pushed", frm=b.zone_ids[dest], to=b.zone_ids[push], count=over)
        return count

    def _second_step(self, z: int, t: int, count: int) -> None:
        """Prison Outbreak: "Gli Abomination Berserker ... Muovono di due Zone invece che una".
        Zombies of a type that moves two zones, having stepped into ``z``, step again toward
        their target now, unless a survivor stands in ``z`` (they have reached their prey);
        they never split (a random option among several)."""
        st = self.state
        count = min(count, st.zombies[z][t])
        if count <= 0 or self.has_survivors(z):
            return
        targets, all_doors = self.profile.targets(self, z)
        options = self.next_steps(z, targets, all_doors, count)
        if not options:
            return
        k = len(options)
        self.move_zombies(z, options[0] if k == 1 else options[st.rng.randrange(k)], t, count)

    def spawn_phase(self) -> None:
        """Each active spawn zone, in order, spawns by the scenario's method."""
        st, b = self.state, self.board
        method = b.scenario.setup.spawn_method
        for zone in st.rising:
            self._place(st, zone, ZOMBIE, 1)
        st.rising = []
        if self.profile.spawn_phase(self):  # a profile's own spawn rules (Last Night on Earth)
            return
        active = [i for i in range(len(b.spawn_ids)) if st.spawns_active >> i & 1 and b.spawn_kind[i] != "manhole"]
        if not active:
            return
        if method.kind == "cards":
            for i in active:
                self.draw_spawn_card(b.spawn_zone[i])
        elif method.kind == "dice":
            t = next((t for t in range(len(ZTYPES)) if st.pool[t] > 0), SPAWN_DEFAULT)
            for _ in range(self.roll(method.dice)):
                i = active[st.rng.randrange(len(active))]
                self.spawn(b.spawn_zone[i], t, 1)
        else:
            t = next((t for t in range(len(ZTYPES)) if st.pool[t] > 0), SPAWN_DEFAULT)
            spawn_arrivals(self, active, t)  # count per spawn zone, or per player (Les morts aux trousses)

    # -- turns -------------------------------------------------------------------------------

    def survivor_phase(self) -> None:
        """Every survivor on the board acts in turn order, starting with the first player."""
        self._begin_survivor_phase()
        self._survivors_act()

    def _begin_survivor_phase(self) -> None:
        st = self.state
        n = len(st.survivors)
        self._order = [(st.first_player + i) % n for i in range(n)]
        self._pos = 0
        self._started = False

    def _survivors_act(self) -> None:
        """The survivors' phase from where it stands: the survivor at ``_pos`` of the turn order
        (already started when ``_started``: its budget is set and it has taken ``_taken``
        actions) and the ones after it. Every counter lives on the game, so a copy made at a
        decision point (:meth:`copy`) carries on from the same point (:meth:`play_on`)."""
        st, p = self.state, self.profile
        survivors, order = st.survivors, self._order
        while self._pos < len(order):
            s = survivors[order[self._pos]]
            if not self._started:
                if not s.on_board or st.outcome:
                    self._pos += 1
                    continue
                s.actions_left = p.action_budget(self, s)
                s.searched = s.moved = False
                if self.terrain is not None:
                    terrain_start_activation(self, s)
                    if st.burning:  # eden: an activation begun with burning scenery at hand
                        catch_fire(self, s)
                self._taken, self._limit = 0, s.actions_left + SURVIVOR_ACTION_LIMIT
                self._started = True
            while s.on_board and s.actions_left > 0 and not st.outcome:
                if self._taken >= self._limit:
                    self.runaway(f"survivor {s.index + 1} took {self._taken} actions in turn {st.turn}")
                    break
                acts = self.legal_actions(s)
                act = self.policy(self.view, s, acts)
                if act not in acts:
                    act = ("pass",)
                self.apply(s, act)
                self.check_victory()
                self._taken += 1
            if s.on_board and p.params.security_push_back and self.board.kind[s.zone] == "security" \
                    and s.came_from >= 0:  # "vengono spinti indietro nella Zona da cui sono partiti"
                self.note("pushed_back", survivor=s.index, frm=self.board.zone_ids[s.zone],
                          to=self.board.zone_ids[s.came_from])
                s.zone = s.came_from
            if s.on_board and self.escape_step_open() and p.escape_allowed(self, s):
                s.escaped = True
                self.note("escape", survivor=s.index, zone=self.board.zone_ids[s.zone])
                self.check_victory()
            self._started = False
            self._pos += 1

    def escape_step_open(self) -> bool:
        """Survivors may escape once every step before the escape step is met (:func:`escape_open`)."""
        return escape_open(self)

    def end_phase(self) -> None:
        st = self.state
        st.clear_noise()
        if st.survivors:
            st.first_player = (st.first_player + 1) % len(st.survivors)
        for s in st.survivors:
            s.searched = False

    def play_turn(self) -> None:
        """One whole turn: the survivors' phase, the zombies' phase, the end phase."""
        self._begin_turn()
        self._survivors_act()
        self._finish_turn()

    def _begin_turn(self) -> None:
        self.extras = 0
        self._in_turn = True
        self.fire_event("turn_reached", self.state.turn)
        self._begin_survivor_phase()

    def _finish_turn(self) -> None:
        """The rest of a turn once the survivors have acted: zombies, victory and defeat, end."""
        st = self.state
        if not st.outcome:
            self.zombie_phase()
        if self.terrain is not None and not st.outcome and self.terrain_base.fire_on:
            fire_upkeep(self)  # eden: burning survivors and scenery (docs/terrain.md, *Fire*)
        self._turn_end = True
        self.check_victory()
        self._turn_end = False
        self.check_defeat()
        if self.points_rule is not None:
            finish_points_turn(self, self.points_rule)
        if not st.outcome:
            self.end_phase()
            limit = self.profile.turn_limit(self)
            if limit is not None and st.turn >= limit and self.board.scenario.defeat.at_turn_limit:
                st.outcome, st.cause = "loss", "turn_limit"
            elif st.turn >= self.profile.params.max_turns:
                st.outcome, st.cause = "loss", "stalled"
            else:
                st.turn += 1
        st.max_danger = max(st.max_danger, self.danger_level())
        self._in_turn = False

    # -- victory and defeat ------------------------------------------------------------------

    def step_met(self, i: int) -> bool:
        """Whether victory step ``i`` is met now (the rule of each kind: :data:`STEP_MET`, read
        from the compiled scenario's row of the step)."""
        return STEP_MET[self.board.scenario.victory.steps[i].kind](self, i)

    def check_victory(self) -> None:
        st = self.state
        if st.outcome:
            return
        self.profile.check_end(self)
        if st.outcome:
            return
        steps = self.board.scenario.victory.steps
        cond = self.board.rules.step_condition
        if self.board.scenario.victory.ordered:
            while st.progress < len(steps) and self.step_met(st.progress):
                if cond[st.progress]:  # a condition: it and every step after it, at this moment
                    if all(self.step_met(j) for j in range(st.progress + 1, len(steps))):
                        st.progress = len(steps)
                    break
                st.progress += 1
            won = st.progress == len(steps)
        else:
            now = 0
            for i in range(len(steps)):
                if (cond[i] or not st.progress >> i & 1) and self.step_met(i):
                    if cond[i]:
                        now |= 1 << i  # holds now; never kept
                    else:
                        st.progress |= 1 << i
            won = st.progress | now == (1 << len(steps)) - 1
        if won and self.points_rule is None:  # a points mission is decided by its score at the last turn
            st.outcome = "win"

    def check_defeat(self) -> None:
        st = self.state
        if st.outcome:
            return
        if not any(s.alive for s in st.survivors):
            st.outcome, st.cause = "loss", "all_dead"
        elif not st.living() and not self.board.scenario.victory.steps:
            st.outcome, st.cause = "loss", "all_dead"
        elif not st.living():
            self.check_victory()
            if not st.outcome:
                st.outcome, st.cause = "loss", "all_dead"

    def play(self) -> GameResult:
        """Play the game to the end and return its record."""
        return self.play_on()

    def play_on(self, max_turns: int | None = None) -> GameResult:
        """Carry on from where the game stands and return its record.

        In the middle of a turn (a copy made while a policy decides, see :meth:`copy`) the
        turn goes on from that decision point: the survivor who was deciding decides again
        (its policy is asked for the same legal actions), then the survivors after it, the
        zombies' phase and the end phase. Then whole turns follow until the game ends or, with
        ``max_turns``, until that many turns have ended (the unfinished turn counts as one).
        A game stopped by ``max_turns`` has no outcome yet (``state.outcome`` is empty) and can
        be played on again."""
        st = self.state
        ended = 0
        if self._in_turn and not st.outcome:
            self._survivors_act()
            self._finish_turn()
            ended = 1
        while not st.outcome and (max_turns is None or ended < max_turns):
            self.play_turn()
            ended += 1
        return self.result()

    def copy(self, policy: Any = None) -> "Game":
        """An independent game in the same position: the state (the generator included), the
        bots' memory of the plan, the position in the turn; the board, profile and plan are
        shared (nothing changes them). The copy's log is off. ``policy`` plays the copy
        instead of this game's policy; by default a built-in bot is copied with its memory and
        a callable policy is shared (or copied by its own ``copy()`` method when it has one).

        Made inside a policy call (``view.copy_game()``), the copy stands at that decision
        point: :meth:`act` plays an action there, :meth:`play_on` asks the copy's policy.
        The same moves from the same position give the same game as the original plays."""
        c = Game.__new__(Game)
        c.__dict__.update(self.__dict__)
        c.state = self.state.copy()
        if policy is not None:
            c.policy = resolve_policy(policy)
        elif hasattr(self.policy, "copy"):
            c.policy = self.policy.copy()
        c.view = GameView(c)
        c._obj_at, c._obj_at_key = None, None
        c.log = None
        c.script = list(self.script) if self.script is not None else None
        c._order = list(self._order)
        return c

    def act(self, action: Action) -> None:
        """Play one action for the survivor deciding now (a game copied at a decision point),
        as the survivors' phase plays its policy's choice: an action that is not legal is a pass."""
        if not self._in_turn or self._pos >= len(self._order) or not self._started or self.state.outcome:
            raise RuntimeError("act() plays an action at a decision point of the survivors' phase; "
                               "this game is not at one")
        s = self.state.survivors[self._order[self._pos]]
        if action not in self.legal_actions(s):
            action = ("pass",)
        self.apply(s, action)
        self.check_victory()
        self._taken += 1

    def result(self) -> GameResult:
        st, b = self.state, self.board
        touched = st.zombie_zones()  # every zone a zombie or a death has been counted in
        return GameResult(
            seed=st.seed,
            won=st.outcome == "win",
            cause="" if st.outcome == "win" else st.cause,
            turns=st.turn,
            survivors=len(st.survivors),
            survivors_dead=sum(1 for s in st.survivors if not s.alive),
            survivors_escaped=sum(1 for s in st.survivors if s.escaped),
            kills=st.kills,
            **{f"kills_{t}": n for t, n in zip(RECORD_TYPES, record_counts(st.kills_by_type))},
            zombies_spawned=sum(st.spawned_by_type),
            **{f"spawned_{t}": n for t, n in zip(RECORD_TYPES, record_counts(st.spawned_by_type))},
            objectives=dict(st.objective_turns),
            max_danger=("blue", "yellow", "orange", "red")[st.max_danger],
            survivor_actions=st.survivor_actions,
            zombie_actions=st.zombie_actions,
            zone_deaths={b.zone_ids[z]: st.zone_deaths[z] for z in touched if st.zone_deaths[z]},
            zone_kills={b.zone_ids[z]: st.zone_kills[z] for z in touched if st.zone_kills[z]},
            zone_visits={b.zone_ids[z]: st.zone_visits[z] for z in touched if st.zone_visits[z]},
            **self.profile.result_extra(self),
            **({"points": getattr(st, "points", 0)} if self.points_rule is not None else {}),
            **({"resources": dict(getattr(st, "resources", {})), "resources_short": getattr(st, "resources_short", 0)}
               if self.tracks_resources else {}),
        )

    # -- log -------------------------------------------------------------------------------

    def heroes_out(self) -> list[dict]:
        """The survivors still alive at the end (escaped or not), as campaign heroes."""
        out = [{"items": list(h.items), "xp": h.xp, "wounds": h.wounds} for h in self.state.survivors if h.alive]
        names = [self.profile.hero_name(self, h) for h in self.state.survivors if h.alive]
        for h, name in zip(out, names):
            if name:
                h["name"] = name
        return out

    def log_lines(self) -> Iterable[str]:
        """The log as JSON lines."""
        for e in self.log or []:
            yield json.dumps(e, sort_keys=True)

    def transcript(self) -> str:
        """The log as a readable transcript."""
        return transcript(self.log or [], self.board)


# -- victory steps and effects: one rule per kind of the model ----------------------------------------


def _met_take_objectives(g: Game, i: int) -> bool:
    taken = g.state.taken
    return all(taken >> o & 1 for o in g.board.rules.step_targets[i])  # an empty list: every token and key


def _met_kill(g: Game, i: int) -> bool:
    st, cs = g.state, g.board.rules
    zombie = cs.step_zombie[i]
    return (st.kills_by_type[ZINDEX[zombie]] if zombie else st.kills) >= cs.step_count[i]


def _met_reach_zone(g: Game, i: int) -> bool:
    cs = g.board.rules
    zones = cs.step_targets[i]
    alive = g.state.living()
    inside = [s for s in alive if s.zone in zones]
    return bool(inside) and (cs.step_who[i] == "any" or len(inside) == len(alive))


def _met_escape(g: Game, i: int) -> bool:
    alive = [s for s in g.state.survivors if s.alive]
    out = [s for s in alive if s.escaped]
    return bool(out) and (g.board.rules.step_who[i] == "any" or len(out) == len(alive))


def _met_survive(g: Game, i: int) -> bool:
    """A living survivor at the end of turn N (``Game._turn_end``) or any time after it."""
    n = g.board.rules.step_count[i]
    return g.state.turn > n or (g.state.turn == n and g._turn_end)


def _met_clear_zones(g: Game, i: int) -> bool:
    st = g.state
    return all(st.zombies_in(z) == 0 for z in g.board.rules.step_targets[i])


def _met_open_doors(g: Game, i: int) -> bool:
    ever = g.state.doors_ever
    return all(ever >> d & 1 for d in g.board.rules.step_targets[i])


def _met_no_zombies(g: Game, i: int) -> bool:
    st = g.state
    return not any(st.zombies_in(z) for z in st.zombie_zones())


def _met_doors_closed(g: Game, i: int) -> bool:
    shut = g.state.doors_open
    return not any(shut >> d & 1 for d in g.board.rules.step_targets[i])


def _met_no_zombie_path(g: Game, i: int) -> bool:
    st = g.state
    reach = zombie_reach(g.board.rules, st.doors_open, g.board.rules.step_targets[i])
    return not any(reach[z] and st.zombies_in(z) for z in st.zombie_zones())


def _met_carry_items(g: Game, i: int) -> bool:
    cs = g.board.rules
    zones, names = cs.step_targets[i], cs.step_items[i]
    held = sum(1 for s in g.state.living() if s.zone in zones for n in s.items if n in names)
    return held >= cs.step_count[i]


STEP_MET: dict[str, Callable[[Game, int], bool]] = {
    "take_objectives": _met_take_objectives, "kill": _met_kill, "reach_zone": _met_reach_zone,
    "escape": _met_escape, "survive": _met_survive, "clear_zones": _met_clear_zones, "open_doors": _met_open_doors,
    "no_zombies": _met_no_zombies, "doors_closed": _met_doors_closed, "no_zombie_path": _met_no_zombie_path,
    "carry_items": _met_carry_items, "hold_zone": _met_reach_zone}
"""When each kind of victory step is met (every ``kind`` of the model's ``VictoryCondition``):
``rule(game, i)`` for step ``i``, reading the step's row of the compiled scenario (its targets,
who, count, zombie type; what an empty ``take_objectives`` asks for is decided there, once).
The conditions (``no_zombies``, ``doors_closed``, ``no_zombie_path``, ``carry_items``,
``hold_zone``: the compiled ``step_condition``) are read at the moment and never kept
(:meth:`Game.check_victory`)."""


def _door_effect(g: Game, e: Any, actor: Survivor | None) -> None:
    st = g.state
    k = e.kind
    d = g.board.door_index[e.door]
    bit = 1 << d
    if k == "open_door" or (k == "toggle_door" and not st.doors_open & bit):
        g.open_door(d)
    elif k == "unlock_door":
        st.doors_unlocked |= bit
    elif k in ("close_door", "toggle_door"):
        st.doors_open &= ~bit
    else:  # lock_door
        st.doors_open &= ~bit
        st.doors_unlocked &= ~bit


def _spawn_effect(g: Game, e: Any, actor: Survivor | None) -> None:
    st = g.state
    bit = 1 << g.board.spawn_index[e.spawn]
    if e.kind == "activate_spawn":
        st.spawns_active |= bit
    elif e.kind == "deactivate_spawn":
        st.spawns_active &= ~bit
    else:  # toggle_spawn
        st.spawns_active ^= bit


def _spawn_zombies(g: Game, e: Any, actor: Survivor | None) -> None:
    st, b = g.state, g.board
    zone = b.zone_index[e.zone] if e.zone is not None else st.obj_zone[b.obj_index[e.at_objective]]
    t = ZINDEX[e.zombie]
    if e.instead and (not st.pool[t] or (e.instead_if == "in_play" and
                                         any(st.zombies[z][t] for z in st.zombie_zones()))):  # "se l'Abomination è già in gioco"
        g.note("instead", zone=b.zone_ids[zone], zombie=ZTYPES[t])
        for grp in e.instead:
            g.spawn(zone, ZINDEX[grp.zombie], grp.count)  # a fatty brings its two walkers
        return
    count = g.roll(e.dice) if e.dice else e.count
    if g._place(st, zone, t, count):
        g.out_of_miniatures(t)  # at once, as for any spawn that runs out


def _grant_xp(g: Game, e: Any, actor: Survivor | None) -> None:
    for s in ([actor] if e.to == "actor" and actor else g.state.living()):
        s.xp += e.amount


def _end_game(g: Game, e: Any, actor: Survivor | None) -> None:
    st = g.state
    if not st.outcome:
        st.outcome = e.outcome
        st.cause = "special" if e.outcome == "loss" else ""


def _rotate_gate(g: Game, e: Any, actor: Survivor | None) -> None:
    """A quarter turn of a rotating gate: its passage moves one side on (clockwise, or the way
    the presser chooses: the way that opens a side closed now, clockwise on a tie)."""
    st, b = g.state, g.board
    turns = st.gate_turns.get(e.gate, 0)

    def faces(r: int) -> list[bool]:
        return [e.passage[(k - r) % 4] for k in range(4)]

    if e.direction == "clockwise":
        step = 1
    elif e.direction == "counterclockwise":
        step = -1
    else:
        now = faces(turns)

        def gain(r: int) -> int:
            return sum(1 for k, d in enumerate(e.sides) if d is not None and faces(r)[k] and not now[k])
        step = 1 if gain(turns + 1) >= gain(turns - 1) else -1
    turns = (turns + step) % 4
    st.gate_turns[e.gate] = turns
    g.note("gate_turned", gate=b.zone_ids[b.zone_index[e.gate]], turns=turns)
    for k, d in enumerate(e.sides):
        if d is None:
            continue
        di = b.door_index[d]
        if faces(turns)[k]:
            if not st.doors_open >> di & 1:
                g.open_door(di)
        else:
            st.doors_open &= ~(1 << di)


def _give_card(g: Game, e: Any, actor: Survivor | None) -> None:
    st = g.state
    pile = [k for k, name in enumerate(st.set_aside) if not e.cards or name in e.cards]
    if actor is None or not pile:
        return
    card = st.set_aside.pop(pile[st.rng.randrange(len(pile))])  # "una di queste Carte a caso"
    g.note("give_card", survivor=actor.index, card=card)
    g.keep(actor, card)


def _set_fire(g: Game, e: Any, actor: Survivor | None) -> None:
    """Flammable scenery set alight (docs/terrain.md, *Fire*)."""
    b = g.board
    piece = b.zone_index[e.zone] if e.zone is not None else b.n + b.rules.conn_index[e.connection]
    set_fire(g, piece, e.markers)


EFFECTS: dict[str, Callable[[Game, Any, Survivor | None], None]] = {
    "open_door": _door_effect, "close_door": _door_effect, "toggle_door": _door_effect, "unlock_door": _door_effect,
    "lock_door": _door_effect, "activate_spawn": _spawn_effect, "deactivate_spawn": _spawn_effect,
    "toggle_spawn": _spawn_effect, "spawn_zombies": _spawn_zombies, "grant_xp": _grant_xp, "end_game": _end_game,
    "give_card": _give_card, "rotate_gate": _rotate_gate,
    "gain_resource": resource_effect, "spend_resource": resource_effect, "heal_or_draw": heal_or_draw,
    "set_fire": _set_fire}
"""What each kind of trigger effect does (every ``kind`` of the model's ``Effect``)."""

EVENTS = ("objective_taken", "switch_pressed", "door_opened", "zone_entered", "turn_reached", "kills_reached")
"""The trigger events the engine fires (every ``kind`` of the model's ``Event``)."""
