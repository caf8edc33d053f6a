"""Rule profiles: data plus a few strategy hooks.

:class:`Zombicide` is the default and holds the full cooperative zone rules of RULES.md §1-4.
:class:`LastNightOnEarth` ("Seul dans le noir") and :class:`House` (Les morts aux trousses)
override only the hooks where their games differ. The engine calls hooks; it never asks which
game it is playing. Every approximation of a board game is listed in ``docs/engine.md``.

A scenario picks its profile with ``setup.rules.profile`` and changes parameters with
``setup.rules.overrides`` (for example ``{"actions": 4}``); unknown parameters are refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from designer.rules.equipment import Item, item
from designer.rules.terrain import move_cost as terrain_move_cost
from designer.rules.profiles import DEFAULT_DECKS, DEFAULT_PARAMS, Params, ProfileError, apply_overrides
from designer.rules.zombies import MELEE_ORDER, RANGED_GROUPS, RANGED_IMMUNE, ZTYPES
from designer.engine import lnoe, morts
from designer.engine.state import INF
from designer.engine.shared import NEAR_SMOKE, NO_COLLECT, SMOKE, UNLIT, fall_levels, house_zones  # noqa: F401

if TYPE_CHECKING:
    from designer.engine.state import GameState, Survivor


class Game(Protocol):
    """What a profile hook may use of the game it is called for (:class:`designer.engine.game.Game`
    provides it): the state and board, dice, and the few rule steps hooks trigger."""

    state: "GameState"
    board: Any

    def d6(self, sides: int = 6) -> int: ...

    def kill(self, s: "Survivor", zone: int, t: int) -> None: ...

    def wound(self, s: "Survivor", n: int, cause: str) -> None: ...

    def noise_map(self) -> dict[int, int]: ...

    def has_survivors(self, zone: int) -> bool: ...

    def danger_level(self) -> int: ...

__all__ = ["PROFILES", "EdenMonsters", "House", "LastNightOnEarth", "Params", "Profile", "ProfileError", "Zombicide", "check_profile", "make_profile", "scenario_profile"]


class Profile:
    """Zombicide rules (the default profile)."""

    id = "zombicide"
    default_deck: tuple[tuple[str, int], ...] = DEFAULT_DECKS["zombicide"]
    default_params: Params = DEFAULT_PARAMS["zombicide"]
    dead_rise = False
    """Dead survivors rise as zombies the next turn (house rules)."""

    def __init__(self, overrides: dict[str, Any] | None = None):
        self.params = self._apply(self.default_params, overrides or {})

    @classmethod
    def _apply(cls, params: Params, overrides: dict[str, Any]) -> Params:
        return apply_overrides(cls.id, params, overrides)

    # -- survivors -------------------------------------------------------------------------

    def danger(self, xp: int) -> int:
        """Danger level 0-3 (blue, yellow, orange, red) for an XP total."""
        y, o, r = self.params.danger_xp
        return 3 if xp >= r else 2 if xp >= o else 1 if xp >= y else 0

    def action_budget(self, game: "Game", s: "Survivor") -> int:
        """Actions a survivor gets this turn: 3, plus one from yellow."""
        p = self.params
        return p.actions + (p.yellow_bonus if self.danger(s.xp) >= 1 else 0)

    def move_cost(self, game: "Game", s: "Survivor", conn: int) -> int:
        """One action, plus one per zombie in the zone being left."""
        return 1 + game.state.zombies_in(s.zone)

    def terrain_move_cost(self, game: "Game", s: "Survivor", conn: int) -> int:
        """The move-cost hook with the map's terrain (:func:`designer.rules.terrain.move_cost`):
        the profile's :meth:`move_cost`, its own part counted x times into or across an
        obstruction(x), at least two actions for a swim. The engine calls it on maps with
        terrain keywords only."""
        cost = self.move_cost(game, s, conn)
        b = game.board
        to = b.c_to[conn] if b.c_from[conn] == s.zone else b.c_from[conn]
        return terrain_move_cost(game.terrain, cost, b.c_cost[conn], conn, to)

    def can_search(self, game: "Game", s: "Survivor") -> bool:
        """In a searchable building zone with no zombie, once per turn."""
        return game.board.searchable[s.zone] and not s.searched and game.state.zombies_in(s.zone) == 0

    def search_cost(self, game: "Game", s: "Survivor") -> int:
        """Actions a search costs: one."""
        return 1

    def door_tool(self, game: "Game", s: "Survivor") -> Item | None:
        """The item the survivor opens doors with (None when it cannot)."""
        best = None
        for name in s.items:
            it = item(name)
            if it.opens_doors and (best is None or (best.noisy_door and not it.noisy_door)):
                best = it
        if best is None and not self.params.doors_need_item:
            return Item("bare hands", opens_doors=True)
        return best

    def after_move(self, game: "Game", s: "Survivor") -> None:
        """Called when a survivor enters a zone (entering a zone with zombies ends a multi-zone
        move in Zombicide; nothing else happens)."""

    def can_collect(self, game: "Game", zone: int) -> bool:
        """Whether an objective lying in ``zone`` may be taken (always, in Zombicide)."""
        return True

    def can_melee(self, game: "Game", zone: int) -> bool:
        """Whether a fight may take place in ``zone`` (always, in Zombicide)."""
        return True

    def can_shoot(self, game: "Game", s: "Survivor", zone: int, dist: int) -> bool:
        """Whether the survivor may shoot into ``zone``, ``dist`` zones away in its line of sight
        (the weapon's range aside; always, in Zombicide)."""
        return True

    def escape_allowed(self, game: "Game", s: "Survivor") -> bool:
        """A survivor escapes at the end of its turn from an exit zone with no zombie."""
        return game.board.is_exit[s.zone] and game.state.zombies_in(s.zone) == 0

    # -- combat ----------------------------------------------------------------------------

    def weapons(self, s: "Survivor") -> list[Item]:
        return [item(n) for n in dict.fromkeys(s.items) if item(n).is_weapon]

    def dice_for(self, s: "Survivor", it: Item) -> int:
        """Dice rolled with a weapon: doubled when two dual copies are in hand."""
        return it.dice * (2 if it.dual and s.items.count(it.name) >= 2 else 1)

    def melee(self, game: "Game", s: "Survivor", it: Item) -> None:
        """Roll the weapon's dice; the survivor chooses its targets among the zombies in its
        zone (runners first, then the toughest it can kill, then walkers)."""
        st = game.state
        hits = sum(1 for _ in range(self.dice_for(s, it)) if game.d6() >= it.accuracy)
        tough = self.params.toughness
        for _ in range(hits):
            for t in MELEE_ORDER:
                if st.zombies[s.zone][t] and it.damage >= tough[t]:
                    game.kill(s, s.zone, t)
                    break
        if it.noisy_attack:
            st.add_noise(s.zone)

    def ranged(self, game: "Game", s: "Survivor", it: Item, zone: int) -> None:
        """Roll the weapon's dice at a zone in sight and range; hits follow the target
        priority: survivors (other than the shooter), walkers, fatties and abominations
        (absorbing hits they are too tough for), runners."""
        st = game.state
        hits = sum(1 for _ in range(self.dice_for(s, it)) if game.d6() >= it.accuracy)
        tough = self.params.toughness
        z = st.zombies[zone]
        for _ in range(hits):
            friends = [o for o in st.survivors_in(zone) if o is not s]
            if friends:
                victim = max(friends, key=lambda o: (o.health - o.wounds, -o.index))
                game.wound(victim, it.damage, cause="friendly fire")
                continue
            for absorbs, group in RANGED_GROUPS:
                present = [t for t in group if z[t]]
                if not present:
                    continue
                if absorbs:  # too tough for the hit (or a berserker): absorbed
                    killable = [t for t in present if it.damage >= tough[t] and not RANGED_IMMUNE[t]]
                    if killable:
                        game.kill(s, zone, killable[0])
                elif not RANGED_IMMUNE[present[0]]:  # "il Walker Berserker è immune": the hit is lost
                    game.kill(s, zone, present[0])
                break
        if it.noisy_attack:
            st.add_noise(s.zone)

    # -- zombies ---------------------------------------------------------------------------

    def zombie_attack(self, game: "Game", zone: int, attackers: list[int]) -> None:
        """Every attacking zombie hits: one wound each, shared out by the players (the survivor
        with the most health left takes the next wound); wounds beyond the last survivor are
        lost."""
        wounds = sum(attackers)
        for _ in range(wounds):
            targets = game.state.survivors_in(zone)
            if not targets:
                break
            victim = max(targets, key=lambda o: (o.health - o.wounds, -o.index))
            game.wound(victim, 1, cause="zombies")

    def targets(self, game: "Game", zone: int) -> tuple[list[int], bool]:
        """Where the zombies of a zone head: the noisiest zone with survivors in sight; else the
        noisiest zone with an open path; else the noisiest zone as if all doors were open.
        Returns the target zones (ties kept) and whether the doors count as open."""
        st, b = game.state, game.board
        noise = game.noise_map()
        if not noise:
            return [], False
        best, chosen = 0, []
        for v, _ in b.visible(st.doors_open)[zone]:
            if v in noise and game.has_survivors(v):
                if noise[v] > best:
                    best, chosen = noise[v], [v]
                elif noise[v] == best:
                    chosen.append(v)
        if chosen:
            dist = b.zombie_distances(st.doors_open)
            reachable = [t for t in chosen if dist[t][zone] < INF]
            if reachable:
                return reachable, False
            return [t for t in chosen if b.zdist_all[t][zone] < INF], True
        for table, all_doors in ((b.zombie_distances(st.doors_open), False), (b.zdist_all, True)):
            best, chosen = 0, []
            for v, level in noise.items():
                if table[v][zone] < INF:
                    if level > best:
                        best, chosen = level, [v]
                    elif level == best:
                        chosen.append(v)
            if chosen:
                return chosen, all_doors
        return [], False

    def after_zombie_moves(self, game: "Game", moves: list[tuple[int, int, int, int]]) -> None:
        """Called once the zombies of an activation have moved (``moves``: from, to, type,
        count); nothing happens in Zombicide (a zombie that moves does not attack)."""

    def activation_limit(self, game: "Game") -> int | None:
        """How many zombies act in an activation (None: all of them)."""
        return None

    def spawn_card_entry(self, game: "Game", card: tuple) -> tuple:
        """The entry of a zombie card for the current danger level."""
        return card[game.danger_level()]

    # -- hooks of a profile's own rules (neutral here) -----------------------------------------

    def setup_game(self, game: "Game", seed: int, survivors: int | None) -> "GameState | None":
        """Lay out the game the profile's own way (None: the engine's set-up)."""
        return None

    def search_card(self, game: "Game", s: "Survivor") -> str | None:
        """The card a search draws: the top of the equipment deck."""
        return game.draw_equipment()

    def spawn_phase(self, game: "Game") -> bool:
        """Spawn the profile's own way; False: the engine's spawn by the scenario's method."""
        return False

    def after_activation(self, game: "Game") -> None:
        """Called once the zombies have acted, before they spawn."""

    def on_death(self, game: "Game", s: "Survivor") -> None:
        """Called when a survivor dies."""

    def after_kill(self, game: "Game", zone: int, t: int) -> None:
        """Called when a zombie of type ``t`` is killed (it is back in the pool)."""

    def zombies_moved(self, game: "Game", frm: int, to: int, t: int, count: int) -> None:
        """Called when zombies step from one zone to the next."""

    def turn_limit(self, game: "Game") -> int | None:
        """The turn at whose end the game is lost at the turn limit (the sun track)."""
        return game.board.scenario.setup.turn_limit

    def check_end(self, game: "Game") -> None:
        """Called before victory is checked: a profile's own way for a game to end."""

    def hero_name(self, game: "Game", s: "Survivor") -> str:
        """The survivor's name ('' when it has none)."""
        return ""

    def result_extra(self, game: "Game") -> dict:
        """Fields a profile's own rules add to a game's record (none here)."""
        return {}


class Zombicide(Profile):
    """Zombicide (the default): RULES.md §1-4."""


class LastNightOnEarth(Profile):
    """Last Night on Earth, "Seul dans le noir": one hero against a half-resourced zombie player.

    Approximations (docs/engine.md): a turn is two actions (a move of one zone each; a search
    only if the hero has not moved); a fight is the hero's two dice (+1 on the best with a melee
    weapon) against one zombie die, the zombie winning ties; the hero kills on a win with a
    double or a melee weapon and only fends off otherwise; guns hit on 4+ and kill; zombies,
    moved by a player who knows where the hero is, head for the nearest hero.
    """

    id = "lnoe"
    default_deck = DEFAULT_DECKS["lnoe"]
    default_params = DEFAULT_PARAMS["lnoe"]

    def move_cost(self, game: "Game", s: "Survivor", conn: int) -> int:
        return 1

    def can_search(self, game: "Game", s: "Survivor") -> bool:
        return game.board.searchable[s.zone] and not s.searched and not s.moved \
            and game.state.zombies_in(s.zone) == 0

    def search_cost(self, game: "Game", s: "Survivor") -> int:
        """A search ends the turn."""
        return s.actions_left

    def fight(self, game: "Game", s: "Survivor", armed: bool, t: int = 0) -> int:
        """One fight against a zombie of type ``t``: 1 the zombie dies, 0 fended off, -1 the hero
        is hurt."""
        dice = sorted(game.d6() for _ in range(self.params.hero_dice))
        best = dice[-1] + (1 if armed else 0)
        zombie = lnoe.zombie_dice(game, t)
        if best <= zombie:
            return -1
        return 1 if armed or dice[-1] == dice[-2] else 0

    def melee(self, game: "Game", s: "Survivor", it: Item) -> None:
        st = game.state
        t = next((t for t in range(len(ZTYPES)) if st.zombies[s.zone][t]), None)
        if t is None:
            return
        result = self.fight(game, s, it.is_melee, t)
        if result > 0:
            lnoe.hit_zombie(game, s, s.zone, t, it.name)
        elif result < 0:
            lnoe.wounded_by(game, s, t)

    def ranged(self, game: "Game", s: "Survivor", it: Item, zone: int) -> None:
        st = game.state
        for _ in range(self.dice_for(s, it)):
            t = next((t for t in range(len(ZTYPES)) if st.zombies[zone][t]), None)
            if t is not None and game.d6() >= 4:
                lnoe.hit_zombie(game, s, zone, t, it.name)

    def zombie_attack(self, game: "Game", zone: int, attackers: list[int]) -> None:
        st = game.state
        for t, count in enumerate(attackers):
            for _ in range(count):
                heroes = lnoe.attackable(game, zone)
                if not heroes or not st.zombies[zone][t]:
                    break
                hero = heroes[0]
                armed = any(item(n).is_melee for n in hero.items)
                result = self.fight(game, hero, armed, t)
                if result > 0:
                    lnoe.hit_zombie(game, hero, zone, t)
                elif result < 0:
                    lnoe.wounded_by(game, hero, t)

    def targets(self, game: "Game", zone: int) -> tuple[list[int], bool]:
        return hunt(game, zone)

    # -- Growing Hunger's special rules (designer.engine.lnoe; inert for a scenario using none) --

    def setup_game(self, game: "Game", seed: int, survivors: int | None) -> "GameState | None":
        """Growing Hunger's set-up when the scenario uses its rules (:func:`lnoe.setup_game`)."""
        if not lnoe.uses_lnoe_setup(game.board.scenario):
            return None
        return lnoe.setup_game(game, seed, survivors)

    def action_budget(self, game: "Game", s: "Survivor") -> int:
        return lnoe.action_budget(game, s, super().action_budget(game, s))

    def after_move(self, game: "Game", s: "Survivor") -> None:
        lnoe.after_move(game, s)

    def search_card(self, game: "Game", s: "Survivor") -> str | None:
        if getattr(game.state, "lnoe", None) is None:
            return game.draw_equipment()
        return lnoe.search_card(game, s)

    def spawn_phase(self, game: "Game") -> bool:
        return lnoe.spawn_phase(game)

    def after_activation(self, game: "Game") -> None:
        lnoe.after_activation(game)

    def on_death(self, game: "Game", s: "Survivor") -> None:
        lnoe.on_death(game, s)

    def after_kill(self, game: "Game", zone: int, t: int) -> None:
        lnoe.after_kill(game, zone, t)

    def zombies_moved(self, game: "Game", frm: int, to: int, t: int, count: int) -> None:
        lnoe.zombies_moved(game, frm, to, t, count)

    def turn_limit(self, game: "Game") -> int | None:
        return lnoe.turn_limit(game)

    def check_end(self, game: "Game") -> None:
        lnoe.check_end(game)

    def hero_name(self, game: "Game", s: "Survivor") -> str:
        return lnoe.hero_name(game, s)

    def result_extra(self, game: "Game") -> dict:
        return lnoe.result_extra(game)


class House(Profile):
    """Les morts aux trousses: movement points, stairs and elevator costs, darkness, capacity.

    Approximations (docs/engine.md): each action other than moving costs one movement point;
    melee is an opposed d6 (weapon bonus: its damage) against one die plus one per extra zombie
    (at most +2); a survivor who wins kills one zombie when armed; each turn as many zombies act
    as there are players (dead ones too), those nearest the survivors first, heading for the
    nearest survivor. Smoke, the dark's collecting and shooting rules: the ``morts`` hooks.
    """

    id = "house"
    dead_rise = True
    default_deck = DEFAULT_DECKS["house"]
    default_params = DEFAULT_PARAMS["house"]

    def action_budget(self, game: "Game", s: "Survivor") -> int:
        """Movement 3, 2 in the dark; a survivor who stayed in a burning room pays a hit point
        ("if you stay in place, you pay 1 hit point on the next turn")."""
        budget = self.params.dark_actions if game.board.dark[s.zone] else self.params.actions
        if game.board.fire[s.zone]:
            self.burn(game, s)
        return budget

    def move_cost(self, game: "Game", s: "Survivor", conn: int) -> int:
        return game.board.c_cost[conn]

    def burn(self, game: "Game", s: "Survivor") -> None:
        """A hit point lost to fire; a survivor killed by fire does not rise ("When a survivor
        dies in a ceiling collapse / in the fire, he is permanently destroyed!")."""
        rising = len(game.state.rising)
        game.wound(s, 1, cause="fire")
        del game.state.rising[rising:]

    def fall(self, game: "Game", s: "Survivor", conn: int) -> None:
        """A jump down a hole or from a walkway: a survival roll per level ("survival test (1D6
        per floor)... 1 to 3 = -1 hit point / stop; 4 to 6 = good landing on the ground, plus
        movement continues")."""
        for _ in range(fall_levels(game.board, conn)):
            if game.d6() <= 3:
                game.wound(s, 1, cause="fall")
                s.actions_left = 0
                return

    def can_search(self, game: "Game", s: "Survivor") -> bool:
        return False

    # ---- morts: darkness and smoke ----

    def can_collect(self, game: "Game", zone: int) -> bool:
        """"Darkness: movement = 2 (no collection)", "Smoke => no collection": nothing is taken in
        a dark zone (unless it burns: "Fire in a dark room = light") or a smoke-filled one."""
        return house_zones(game.board)[zone] & NO_COLLECT == 0

    def can_melee(self, game: "Game", zone: int) -> bool:
        """"No combat in smoke"."""
        return house_zones(game.board)[zone] & SMOKE == 0

    def can_shoot(self, game: "Game", s: "Survivor", zone: int, dist: int) -> bool:
        """"No shooting / throwing into a room filled with smoke or adjacent to smoke", "No combat
        in smoke"; in the dark "a ranged weapon cannot reach" (the target zone must be lit) and "A
        survivor in the dark may attack at range toward an adjacent lit room" (one zone away)."""
        flags = house_zones(game.board)
        if flags[s.zone] & SMOKE or flags[zone] & (NEAR_SMOKE | UNLIT):
            return False
        return dist <= 1 or not flags[s.zone] & UNLIT

    # ---- end morts: darkness and smoke ----

    def after_move(self, game: "Game", s: "Survivor") -> None:
        """A drop asks for a survival roll per level; burning rooms cost a health point; zombies
        in the room force a fight, and the move ends unless they all die."""
        b, st = game.board, game.state
        via = getattr(game, "_via", -1)
        if via >= 0 and fall_levels(b, via):
            self.fall(game, s, via)
            if not s.on_board:
                return
        if getattr(game, "_fresh", False) and morts.collapse(game, s):  # morts: a floor collapses
            if not s.on_board:
                return
        if b.fire[s.zone]:
            self.burn(game, s)
        if st.zombies_in(s.zone) and s.on_board and self.can_melee(game, s.zone):  # smoke: "combat not compulsory"
            weapon = max((item(n) for n in s.items if item(n).is_melee), key=lambda i: i.damage, default=None)
            while st.zombies_in(s.zone) and s.on_board:
                if not self.brawl(game, s, weapon):
                    s.actions_left = 0
                    break

    def brawl(self, game: "Game", s: "Survivor", weapon: Item | None) -> bool:
        """One melee round in the survivor's zone; True when the survivor won. "A survivor
        fighting in melee in the dark has a -1 penalty"; "Die score = 1 ===> weapon destroyed
        (discarded) / the combat is still resolved"."""
        st = game.state
        n = st.zombies_in(s.zone)
        roll = game.d6()
        mine = roll + (weapon.damage if weapon else 0) - int(game.board.dark[s.zone])
        theirs = game.d6() + min(n - 1, 2)
        won = False
        if mine > theirs:
            if weapon:
                t = next(t for t in range(len(ZTYPES)) if st.zombies[s.zone][t])
                game.kill(s, s.zone, t)
                won = True
        else:
            game.wound(s, 1, cause="zombies")
        if roll == 1:
            self.break_weapon(game, s, weapon)
        return won

    def break_weapon(self, game: "Game", s: "Survivor", weapon: Item | None) -> None:
        """A melee weapon rolled a 1: discarded (when the survivor still holds it)."""
        if weapon is not None and weapon.name in s.items:
            s.items.remove(weapon.name)
            game.state.ediscard.append(weapon.name)
            game.note("weapon_broken", survivor=s.index, weapon=weapon.name)

    def melee(self, game: "Game", s: "Survivor", it: Item) -> None:
        self.brawl(game, s, it)

    def ranged(self, game: "Game", s: "Survivor", it: Item, zone: int) -> None:
        """A shot hits on 4, 5 or 6; "on 1 the weapon jams": clearing it takes the rest of the
        survivor's turn."""
        st = game.state
        roll = game.d6()
        if roll >= 4:
            t = next((t for t in range(len(ZTYPES)) if st.zombies[zone][t]), None)
            if t is not None:
                game.kill(s, zone, t)
        elif roll == 1:
            s.actions_left = 0
            game.note("weapon_jammed", survivor=s.index, weapon=it.name)

    def zombie_attack(self, game: "Game", zone: int, attackers: list[int]) -> None:
        st = game.state
        heroes = st.survivors_in(zone)
        if not heroes or not sum(attackers) or not self.can_melee(game, zone):  # "No combat in smoke"
            return
        victim = heroes[game.state.rng.randrange(len(heroes))]
        weapon = max((item(n) for n in victim.items if item(n).is_melee), key=lambda i: i.damage, default=None)
        n = st.zombies_in(zone)
        theirs = game.d6() + min(n - 1, 2)
        roll = game.d6()
        mine = roll + (weapon.damage if weapon else 0) - int(game.board.dark[zone])
        if theirs >= mine:
            game.wound(victim, 1, cause="zombies")
        elif weapon:
            t = next(t for t in range(len(ZTYPES)) if st.zombies[zone][t])
            game.kill(victim, zone, t)
        if roll == 1:
            self.break_weapon(game, victim, weapon)

    def targets(self, game: "Game", zone: int) -> tuple[list[int], bool]:
        return hunt(game, zone)

    def activation_limit(self, game: "Game") -> int | None:
        """Each player "activates 1 zombie (move / attack / break a door)", a dead player too
        ("On your turn: you bring in a zombie / you move another one"): as many zombies act as
        there are players who have not escaped, none once every survivor is dead."""
        st = game.state
        if not st.living():
            return 0
        return max(1, sum(1 for s in st.survivors if not s.escaped))


class EdenMonsters:
    """Eden's activation of non-player fighters as the zombies' AI, mixed into a scenario's rule
    profile (:func:`scenario_profile`) when its infestation asks for it (``ai: "eden"``).

    "Un CNJ ne peut effectuer qu'une seule action durant son tour parmi les trois suivantes":

    - *Attaquer*, "obligatoire si au moins un combattant est en contact avec le CNJ": zombies in
      a survivor's zone attack (the profile's own attack, as in every profile);
    - *Charger*, "obligatoire si le CNJ est libre et si au moins un combattant se trouve à moins
      de 10 cm et dans la ligne de vue du CNJ ... Puis il effectue une attaque de corps à corps":
      zombies that see a survivor within ``charge_range`` zones step toward the nearest such
      survivor, and attack at once when they reach its zone;
    - *Rôder*, "Le CNJ se déplace de 5 cm dans la direction du choix du joueur": the others move
      one zone at random (no player chooses in a cooperative game), or stay when they cannot.

    Noise and survivors out of sight do not draw them, unlike Zombicide's zombies.
    """

    charge_range = 1

    def targets(self, game: "Game", zone: int) -> tuple[list[int], bool]:
        st, b = game.state, game.board
        best, chosen = INF, []
        for v, dist in b.visible(st.doors_open)[zone]:
            if 0 < dist <= self.charge_range and game.has_survivors(v):
                if dist < best:
                    best, chosen = dist, [v]
                elif dist == best:
                    chosen.append(v)
        if chosen:
            return chosen, False
        steps = [v for v, c, ok in b.zpath_adj[zone]
                 if ok and (b.c_door[c] < 0 or st.doors_open >> b.c_door[c] & 1)]
        if not steps:
            return [], False
        return [steps[st.rng.randrange(len(steps))]], False

    def after_zombie_moves(self, game: "Game", moves: list[tuple[int, int, int, int]]) -> None:
        """Zombies that charged into a survivor's zone attack at once."""
        arrived: dict[int, list[int]] = {}
        for _z, dest, t, c in moves:
            if game.has_survivors(dest):
                row = arrived.setdefault(dest, [0] * len(ZTYPES))
                row[t] += c
        st = game.state
        for dest, row in arrived.items():
            row = [min(c, st.zombies[dest][t]) for t, c in enumerate(row)]
            if any(row) and game.has_survivors(dest):
                game.note("charge", zone=game.board.zone_ids[dest], zombies=sum(row))
                self.zombie_attack(game, dest, row)


_EDEN_CLASSES: dict[type, type] = {}


def scenario_profile(scenario: Any) -> Profile:
    """The profile a scenario is played with: its rule profile and overrides, with Eden's
    monster activation (:class:`EdenMonsters`) when its infestation asks for it."""
    rules = scenario.setup.rules
    profile = make_profile(rules.profile, rules.overrides)
    inf = getattr(scenario, "infestation", None)
    if inf is None or inf.ai != "eden":
        return profile
    base = type(profile)
    cls = _EDEN_CLASSES.get(base)
    if cls is None:
        cls = _EDEN_CLASSES[base] = type(f"Eden{base.__name__}", (EdenMonsters, base), {"id": base.id})
    eden = cls(rules.overrides)
    eden.charge_range = inf.charge_range
    return eden


def hunt(game: "Game", zone: int) -> tuple[list[int], bool]:
    """Target the nearest survivors (a zombie player who knows where the heroes are)."""
    st, b = game.state, game.board
    zones = {s.zone for s in st.living()}
    if not zones:
        return [], False
    for table, all_doors in ((b.zombie_distances(st.doors_open), False), (b.zdist_all, True)):
        best, chosen = INF, []
        for v in zones:
            d = table[v][zone]
            if d < best:
                best, chosen = d, [v]
            elif d == best and d < INF:
                chosen.append(v)
        if chosen and best < INF:
            return sorted(chosen), all_doors
    return [], False


PROFILES: dict[str, type[Profile]] = {"zombicide": Zombicide, "lnoe": LastNightOnEarth, "house": House}
"""The hooks of each profile id (:data:`designer.rules.profiles.PROFILE_IDS`)."""


def check_profile(profile: Any) -> Any:
    """``profile`` itself when it is a built-in profile (one of :data:`PROFILES`, or its Eden
    variant from :func:`scenario_profile`); a :class:`ProfileError` naming the class and the
    alternative for a profile subclassed in Python. Profiles are chosen by id
    (``setup.rules.profile``) and tuned by ``setup.rules.overrides``: the typed engine plays
    the rules of an id, so a subclass's hooks would be ignored there (docs/engine.md)."""
    cls = type(profile)
    if cls in PROFILES.values() or cls in _EDEN_CLASSES.values():
        return profile
    base = next((b for b in cls.__mro__ if b in PROFILES.values()), Profile)
    raise ProfileError(
        f"the rule profile {cls.__module__}.{cls.__qualname__} is a Python subclass of {base.__name__}: profiles "
        f"are chosen by id and tuned by overrides, not subclassed. Set setup.rules.profile to one of "
        f"{', '.join(PROFILES)} and change its numbers with setup.rules.overrides (for example "
        f"{{\"actions\": 4}}); a new behaviour is a hook of designer.engine.profiles.Profile with its rule in "
        f"the typed engine (docs/engine.md, \"Adding a rule\")")


def make_profile(profile_id: str, overrides: dict[str, Any] | None = None) -> Profile:
    """The profile object for an id and the scenario's overrides."""
    try:
        cls = PROFILES[profile_id]
    except KeyError:
        raise ProfileError(f"unknown rule profile '{profile_id}'; known: {', '.join(PROFILES)}") from None
    return cls(overrides)
