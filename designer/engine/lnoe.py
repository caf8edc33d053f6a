"""Last Night on Earth: Growing Hunger's special scenario rules, played by the reference engine.

The typed engine plays most of them too (``designer/engine/typed/play.py``, the ``lnoe``
sections; a board library with one engine per town), with the same dice; :func:`typed_problem`
names the ones it leaves to this engine.

The :class:`~designer.engine.profiles.LastNightOnEarth` profile calls these functions from its
hooks; what a game of a scenario needs is fixed once per board (:class:`LnoeConfig`: the rules
in force, ``setup.lnoe``, the numbers of :mod:`designer.rules.profiles`), and what changes
during a game lives in :class:`LnoeState` (``state.lnoe``: markers, the grave dead's ability,
the zombie player's hand, the sun track, heroes killed).

Rules played (the rulebook's sentences are quoted in ``tests/test_lnoe_rules.py``):

- grave dead: a pool of 7 red zombies, one in place of two normal zombies when zombies spawn, an
  ability rolled on the d6 table at the start (or fixed by ``setup.lnoe.grave_dead_ability``),
  removed from the game when killed;
- zombie autospawn: the spawn roll (``setup.lnoe.spawn_roll``) is skipped;
- zombie horde (21): seven red zombies join the pool, one more die on the spawn roll;
- heroes replenish: a killed hero is replaced by a new one in a random building; the zombies win
  when they have killed ``heroes_to_lose`` heroes (4);
- well-stocked buildings: a building's pick-up card may be taken from the hero deck;
- free search markers: one per building without a hero, taken by a hero whose move ends in the
  building, for a free search;
- exploration markers: the bag of 20 (16 free search, 2 surprise attack x1, 1 surprise attack x2,
  1 new hero found), one per unoccupied building;
- no spawning point left: the zombies lose at once (``setup.lnoe.no_spawn_point_loss``);
- Seul dans le noir: the town drawn from the board library, the hero in a random building, the
  zombie player's hand and the sun track, the optional rules.

The zombie player's choices are fixed and written in ``docs/engine.md`` (a grave dead for the
first pair of each spawn, one card played per turn, the sun moved toward dawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.lnoe import LnoeSetup
from ..model.special_rules import rules_in_force
from ..rules.equipment import item
from ..rules.profiles import (
    EXPLORATION_BAG, GRAVE_DEAD_POOL, HORDE_RED, LNOE_EVENTS, LNOE_ZOMBIE_DECK, POINTLESS_CARD_EFFECTS)
from ..rules.zombies import GRAVE_DEAD, ZOMBIE, ZTYPES
from .towns import (  # noqa: F401  (written once there, read by the typed engine too)
    EXPLOSIVES, TYPED_RULES, _buildings_by_board, _dice, has_library, pick_town, town_board, town_of_seed, town_tables,
    typed_carried, typed_problem, uses_lnoe_setup)

if TYPE_CHECKING:
    from .state import GameState, Survivor

Game = Any
"""A game (:class:`designer.engine.game.Game`; not imported: the game imports the profiles, which
import these rules)."""

__all__ = ["LnoeConfig", "LnoeState", "config", "has_library", "pick_town", "play_town_games", "setup_game", "town_board",
           "town_engine", "town_of_seed", "town_problem", "town_tables", "typed_problem", "uses_lnoe_setup"]

class LnoeConfig:
    """What the Last Night on Earth rules of one scenario need, fixed before any game."""

    __slots__ = ("rules", "lnoe", "active", "zombie_deck", "pick_up_of_building", "turn_limit")

    def __init__(self, board: Any):
        s = board.scenario
        self.rules: frozenset[str] = rules_in_force(s.setup.special_rules)
        self.lnoe: LnoeSetup = s.setup.lnoe or LnoeSetup()
        self.active = uses_lnoe_setup(s)
        """Whether these rules change anything (a scenario that uses none plays as before)."""
        deck = [(c.name, c.count, c.effect) for c in self.lnoe.zombie_deck] or list(LNOE_ZOMBIE_DECK)
        self.zombie_deck: tuple[tuple[str, str], ...] = tuple(
            (name, effect) for name, count, effect in deck for _ in range(count))
        """The zombie deck as (name, effect) cards."""
        labels: dict[int, str] = {}
        for z, bld in enumerate(board.building_of):
            if bld >= 0 and bld not in labels:
                label = s.zones[z].building if s.zones[z].building else ""
                labels[bld] = label
        for z, bld in enumerate(board.building_of):
            if bld >= 0 and not labels.get(bld) and s.zones[z].building:
                labels[bld] = s.zones[z].building
        self.pick_up_of_building: dict[int, str] = {
            bld: self.lnoe.pick_ups[label] for bld, label in labels.items() if label in self.lnoe.pick_ups}
        self.turn_limit = s.setup.turn_limit

    def has(self, rule: str) -> bool:
        return rule in self.rules


_CONFIGS: dict[int, tuple[Any, LnoeConfig]] = {}


def config(board: Any) -> LnoeConfig:
    """The rules of a board's scenario (built once per board)."""
    entry = _CONFIGS.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_CONFIGS) > 256:
            _CONFIGS.clear()
        entry = _CONFIGS[id(board)] = (board, LnoeConfig(board))
    return entry[1]


class LnoeState:
    """What the Last Night on Earth rules change during one game (``state.lnoe``)."""

    __slots__ = ("markers", "ability", "wounded", "hand", "deck", "discard", "sun", "killed", "fifth", "idle",
                 "names", "roster", "town", "played")

    def __init__(self) -> None:
        self.markers: dict[int, str] = {}
        """Building index -> the marker lying on it ('free-search', 'surprise-1', 'surprise-2',
        'new-hero')."""
        self.ability = 0
        """The grave dead's ability (1-6; 0 without grave dead)."""
        self.wounded: dict[int, int] = {}
        """Zone -> wounded grave dead there (brainthirsty: two wounds)."""
        self.hand: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        """The zombie player's hand, deck and discard (indices of the config's zombie deck)."""
        self.sun = 0
        """Spaces the sun marker was moved back (turns added to the turn limit; negative: forward)."""
        self.killed = 0
        """Heroes killed so far."""
        self.fifth: set[int] = set()
        """Survivors found by a 'new hero found' marker (never replaced)."""
        self.idle: set[int] = set()
        """Survivors who joined this turn and do nothing until the next one."""
        self.names: dict[int, str] = {}
        """Survivor index -> the hero's name."""
        self.roster: list[int] = []
        """Indices in ``setup.survivors.heroes`` of the heroes not drawn yet."""
        self.town = ""
        """The town of this game ('A+C'), empty without a board library."""
        self.played: list[str] = []
        """Zombie cards played, in order."""

    def copy(self) -> "LnoeState":
        c = LnoeState.__new__(LnoeState)
        for k in self.__slots__:
            v = getattr(self, k)
            setattr(c, k, v.copy() if isinstance(v, (dict, list, set)) else v)
        return c


def lnoe_state(st: "GameState") -> LnoeState | None:
    return getattr(st, "lnoe", None)


# -- the town and the set-up ------------------------------------------------------------------


def _draw_town(game: "Game", rng: Any) -> tuple[str, ...]:
    return pick_town(game.board.scenario.town, rng)


def random_building(game: "Game", boards: tuple[str, ...] | None) -> int:
    """A random building: "lancez un dé et consultez le diagramme ci-dessous pour trouver le
    plateau, puis relancez pour déterminer le bâtiment" (a d6 split evenly between the boards,
    then a d6 split evenly between the board's buildings)."""
    groups = _buildings_by_board(game.board, boards, getattr(game, "_lnoe_library", None))
    r = game.d6()
    group = groups[(r - 1) * len(groups) // 6]
    r = game.d6()
    return group[(r - 1) * len(group) // 6]


def setup_game(game: "Game", seed: int, survivors: int | None) -> "GameState":
    """Lay out a Last Night on Earth game: the town, the pool (grave dead, horde), decks, the
    heroes (named, at random or in order, in a random building or a start zone) and their cards,
    the markers, the zombie player's hand."""
    from ..rules.zombies import ZINDEX
    from .cards import DECKS
    from .rng import Twister
    from .state import GameState

    board0 = game.board
    s0 = board0.scenario
    boards: tuple[str, ...] | None = None
    rng = None
    if s0.town is not None:
        rng = Twister(seed)  # the game's own generator: it draws the town, then plays the game
        boards = _draw_town(game, rng)
        game.board = town_board(board0, boards)
    game._lnoe_library = s0.town
    game._lnoe_boards = boards
    b, s = game.board, game.board.scenario
    cfg = config(b)
    st = game.state = GameState(b, seed)
    if rng is not None:
        st.rng = rng
    st.tracked = True
    ls = st.lnoe = LnoeState()
    ls.town = "+".join(boards) if boards else ""
    for name, count in s.setup.zombie_pool.items():
        st.pool[ZINDEX[name]] = count
    if cfg.has("zombie-horde"):
        st.pool[ZOMBIE] += HORDE_RED
    if cfg.has("grave-dead"):
        st.pool[GRAVE_DEAD] = GRAVE_DEAD_POOL
        ls.ability = cfg.lnoe.grave_dead_ability or game.d6()
        game.note("grave_dead", ability=ls.ability)
    method = s.setup.spawn_method
    if method.kind == "cards":
        st.zdeck = list(range(len(DECKS.get(method.deck, DECKS["standard"]))))
        st.rng.shuffle(st.zdeck)
    deck = s.setup.equipment_deck
    st.edeck = [e.item for e in deck for _ in range(e.count)] if deck else \
        [n for n, c in game.profile.default_deck for _ in range(c)]
    st.rng.shuffle(st.edeck)
    for group in b.hidden_groups:
        zones = [st.obj_zone[o] for o in group]
        st.rng.shuffle(zones)
        for o, z in zip(group, zones):
            st.obj_zone[o] = z
    sv = s.setup.survivors
    ls.roster = list(range(len(sv.heroes)))
    if cfg.lnoe.random_hero:
        st.rng.shuffle(ls.roster)
    if game.heroes is not None:
        count = len(game.heroes)
    else:
        count = survivors if survivors is not None else max(sv.min, min(sv.max, 4))
    start = _start_zone(game, boards)
    if not (b.rules.start_groups and game.heroes is None):
        game._start_zone = b.zone_ids[start]  # the bots follow this start zone's plan
    for k in range(count):
        carried = game.heroes[k] if game.heroes is not None else None
        hero = _add_hero(game, start, carried)
        if carried is not None:
            hero.xp = carried.get("xp", 0)
            hero.wounds = min(carried.get("wounds", 0), sv.health - 1)
    for pz in s.setup.zombies:
        game._place(st, b.zone_index[pz.zone], ZINDEX[pz.zombie], pz.count)
    if s.infestation is not None:  # the monsters after the scenario's own zombies, as in every profile
        from .infestation import place_infestation

        place_infestation(game, st)
    _lay_markers(game, cfg)
    if cfg.lnoe.zombie_hand and cfg.zombie_deck:
        ls.deck = list(range(len(cfg.zombie_deck)))
        st.rng.shuffle(ls.deck)
        refill_hand(game)
    return st


def _start_zone(game: "Game", boards: tuple[str, ...] | None) -> int:
    b = game.board
    cfg = config(b)
    if cfg.lnoe.start == "random_building" and b.building_zones:
        zones = b.building_zones[random_building(game, boards)]
        return zones[game.state.rng.randrange(len(zones))]
    return b.start_zones[game.state.rng.randrange(len(b.start_zones))]


def _add_hero(game: "Game", zone: int, carried: dict | None = None, extra_cards: int = 0,
              at_start: bool = True) -> "Survivor":
    """Put the next hero of the roster on the board with its cards (a carried hero brings its own).
    Hero starting cards are dealt at the start ("Chaque Héros commence la partie avec un nombre
    supplémentaire de cartes"); a hero entering later brings its own cards and ``extra_cards``."""
    st, ls = game.state, game.state.lnoe
    sv = game.board.scenario.setup.survivors
    if carried is not None:
        hero = st.add_survivor(zone, sv.health, list(carried.get("items", [])) + list(carried.get("events", [])))
        if carried.get("name"):
            ls.names[hero.index] = carried["name"]
            ls.roster = [k for k in ls.roster if sv.heroes[k].name != carried["name"]]
        return hero
    k = ls.roster.pop(0) if ls.roster else None
    own = list(sv.heroes[k].items) if k is not None else []
    hero = st.add_survivor(zone, sv.health, [*sv.starting_equipment, *own])
    if k is not None:
        ls.names[hero.index] = sv.heroes[k].name
    for _ in range((sv.starting_cards if at_start else 0) + extra_cards):
        card = game.draw_equipment()
        if card and not item(card).aaah:
            hero.items.append(card)
    return hero


def _lay_markers(game: "Game", cfg: LnoeConfig) -> None:
    """Free search markers (or the exploration bag) on every building without a hero: "posez un
    Marqueur de recherche bonus dans chaque bâtiment du plateau de jeu qui ne contient pas de
    Héros"."""
    b, st, ls = game.board, game.state, game.state.lnoe
    free = [bld for bld in range(len(b.building_zones))
            if not any(h.zone in b.building_zones[bld] for h in st.living())]
    if cfg.has("exploration-markers"):
        bag = [kind for kind, n in EXPLORATION_BAG for _ in range(n)]
        st.rng.shuffle(bag)
        for bld, kind in zip(free, bag):
            ls.markers[bld] = kind
    elif cfg.has("free-search-markers"):
        for bld in free:
            ls.markers[bld] = "free-search"


# -- survivors ----------------------------------------------------------------------------------


def search_card(game: "Game", s: "Survivor") -> str | None:
    """The card a search (or a free search) gives: the building's pick-up card when the hero
    has none of it and it can be had ("Ramassage": from the discard pile; with well-stocked
    buildings from the hero deck too, which is then shuffled), else the top card."""
    b, st = game.board, game.state
    cfg = config(b)
    bld = b.building_of[s.zone]
    card = cfg.pick_up_of_building.get(bld) if bld >= 0 else None
    if card and card not in s.items:
        if card in st.ediscard:
            st.ediscard.remove(card)
            game.note("pick_up", survivor=s.index, card=card, source="discard")
            return card
        if cfg.has("well-stocked-buildings") and card in st.edeck:
            st.edeck.remove(card)
            st.rng.shuffle(st.edeck)
            game.note("pick_up", survivor=s.index, card=card, source="deck")
            return card
    return game.draw_equipment()


def after_move(game: "Game", s: "Survivor") -> None:
    """A hero whose move ends in a building with a marker takes it: "Si un Héros termine son
    déplacement dans l'une des cases d'un bâtiment contenant l'un de ces marqueurs, il peut
    retirer celui-ci pour effectuer une Fouille gratuite"."""
    b, st, ls = game.board, game.state, lnoe_state(game.state)
    if ls is None or not ls.markers:
        return
    bld = b.building_of[s.zone]
    kind = ls.markers.pop(bld, None) if bld >= 0 else None
    if kind is None:
        return
    game.note("marker", survivor=s.index, marker=kind, zone=b.zone_ids[s.zone])
    if kind == "free-search":
        card = search_card(game, s)
        if card is not None:
            if item(card).aaah:
                st.ediscard.append(card)
            else:
                game.keep(s, card)
    elif kind in ("surprise-1", "surprise-2"):
        game._place(st, s.zone, _normal_type(st), 1 if kind == "surprise-1" else 2)
    elif kind == "new-hero":
        hero = _add_hero(game, s.zone, extra_cards=1, at_start=False)
        ls.fifth.add(hero.index)
        ls.idle.add(hero.index)


def action_budget(game: "Game", s: "Survivor", budget: int) -> int:
    """A hero who joined last turn may act again; Becky's first aid (optional rule: "Becky,
    l'infirmière, peut utiliser sa capacité "Premiers soins" comme une action de déplacement
    pour se soigner à elle-même une blessure sur un jet de 4+") is used at the start of her turn
    when she is wounded and no zombie is in her zone, and costs her move."""
    ls = lnoe_state(game.state)
    if ls is None:
        return budget
    ls.idle.discard(s.index)
    if s.wounds:
        heal = next((n for n in s.items if LNOE_EVENTS.get(n.lower()) == "heal"), None)
        if heal is not None:  # an event played from the hand: one wound healed
            s.items.remove(heal)
            game.state.ediscard.append(heal)
            s.wounds -= 1
            game.note("event", survivor=s.index, card=heal, wounds=s.wounds)
    if config(game.board).lnoe.becky_first_aid and s.wounds and "becky" in ls.names.get(s.index, "").lower() \
            and not game.state.zombies_in(s.zone):
        roll = game.d6()
        if roll >= 4:
            s.wounds -= 1
        game.note("first_aid", survivor=s.index, roll=roll, wounds=s.wounds)
        return budget - 1
    return budget


def on_death(game: "Game", s: "Survivor") -> None:
    """A hero is killed: count it; with heroes replenish a new hero enters in a random building
    ("le joueur Héros peut immédiatement tirer un nouveau Héros pour le remplacer"), unless it
    was the fifth hero ("n'est jamais remplacé s'il est tué"); the zombies win once they have
    killed ``heroes_to_lose`` heroes."""
    ls = lnoe_state(game.state)
    if ls is None:
        return
    cfg = config(game.board)
    ls.killed += 1
    if not cfg.has("heroes-replenish"):
        return
    st = game.state
    if ls.killed >= cfg.lnoe.heroes_to_lose:
        if not st.outcome:  # a loss by the heroes' deaths (the results' cause 'survivor_died')
            st.outcome, st.cause = "loss", "survivor_died"
            game.note("heroes_killed", count=ls.killed)
        return
    if s.index in ls.fifth:
        return
    b = game.board
    zones = b.building_zones[random_building(game, getattr(game, "_lnoe_boards", None))] if b.building_zones \
        else list(b.start_zones)
    hero = _add_hero(game, zones[st.rng.randrange(len(zones))], at_start=False)
    game.note("new_hero", survivor=hero.index, zone=b.zone_ids[hero.zone], name=ls.names.get(hero.index, ""))


# -- fights ---------------------------------------------------------------------------------------


def zombie_dice(game: "Game", t: int) -> int:
    """The zombie's best die: ravenous grave dead roll one more ("lancent un dé supplémentaire
    en combat")."""
    ls = lnoe_state(game.state)
    if t == GRAVE_DEAD and ls is not None and ls.ability == 4:
        return max(game.d6(), game.d6())
    return game.d6()


def hit_zombie(game: "Game", s: "Survivor", zone: int, t: int, weapon: str = "") -> bool:
    """A hero's winning hit on a zombie of type ``t``: the grave dead's ability may save it
    (very rotten: ignores the wound on 4+; brainthirsty: two wounds). True when it died."""
    ls = lnoe_state(game.state)
    if t == GRAVE_DEAD and ls is not None:
        if ls.ability == 1 and weapon not in EXPLOSIVES and game.d6() >= 4:
            game.note("grave_dead_shrugs", zone=game.board.zone_ids[zone])
            return False
        if ls.ability == 2:
            hurt = ls.wounded.get(zone, 0)
            if hurt < game.state.zombies[zone][GRAVE_DEAD]:
                ls.wounded[zone] = hurt + 1
                game.note("grave_dead_wounded", zone=game.board.zone_ids[zone])
                return False
            ls.wounded[zone] = hurt - 1
    game.kill(s, zone, t)
    return True


def wounded_by(game: "Game", hero: "Survivor", t: int) -> None:
    """A zombie of type ``t`` wins a fight: one wound; a carrier grave dead turns the hero on a
    5 or 6 ("Sur un résultat de 5 ou 6 le Héros est immédiatement transformé en Héros-Zombie")."""
    ls = lnoe_state(game.state)
    game.wound(hero, 1, cause="zombies")
    if t == GRAVE_DEAD and ls is not None and ls.ability == 6 and hero.on_board:
        if game.d6() >= 5:
            game.wound(hero, hero.health - hero.wounds, cause="carrier")


def after_kill(game: "Game", zone: int, t: int) -> None:
    """A killed grave dead leaves the game ("Quand un Zombie de la fosse est tué, il est retiré
    du jeu")."""
    if t == GRAVE_DEAD and lnoe_state(game.state) is not None:
        game.state.pool[GRAVE_DEAD] -= 1


def zombies_moved(game: "Game", frm: int, to: int, t: int, count: int) -> None:
    """Wounded grave dead carry their wound marker with them."""
    ls = lnoe_state(game.state)
    if t != GRAVE_DEAD or ls is None or not ls.wounded.get(frm):
        return
    moved = min(count, ls.wounded[frm])
    ls.wounded[frm] -= moved
    ls.wounded[to] = ls.wounded.get(to, 0) + moved


def attackable(game: "Game", zone: int) -> list["Survivor"]:
    """The heroes zombies fight in a zone: not a hero who joined this turn ("il n'a pas à
    combattre les Zombies qui se trouveraient dans sa case pendant ce tour")."""
    ls = lnoe_state(game.state)
    heroes = game.state.survivors_in(zone)
    if ls is None or not ls.idle:
        return heroes
    return [h for h in heroes if h.index not in ls.idle]


# -- the zombies' turn --------------------------------------------------------------------------------


def _normal_type(st: "GameState") -> int:
    return next((t for t in range(len(ZTYPES)) if t != GRAVE_DEAD and st.pool[t] > 0), ZOMBIE)


def _active_spawns(game: "Game") -> list[int]:
    b, st = game.board, game.state
    return [i for i in range(len(b.spawn_ids)) if st.spawns_active >> i & 1 and b.spawn_kind[i] != "manhole"]


def zombies_on_board(st: "GameState") -> int:
    return sum(st.zombies_in(z) for z in st.zombie_zones())


def spawn_phase(game: "Game") -> bool:
    """Step 3 and step 6 of the zombies' turn with Growing Hunger's rules: the spawn roll must
    beat the zombies on the board (skipped with zombie autospawn, one die more with the horde),
    then the dice spawn that many zombies at random spawning points, a grave dead in place of
    the first two. False when these rules do not apply (the engine's spawn then runs)."""
    b, st = game.board, game.state
    cfg = config(b)
    ls = lnoe_state(st)
    method = b.scenario.setup.spawn_method
    if ls is None or method.kind != "dice":
        return False
    active = _active_spawns(game)
    if not active:
        return True
    roll_expr = cfg.lnoe.spawn_roll
    if roll_expr and not cfg.has("zombie-autospawn"):
        count, sides, bonus = _dice(roll_expr)
        if cfg.has("zombie-horde"):
            count += 1  # "utilisez 3D6": one die more than the usual roll
        roll = sum(game.d6(sides) for _ in range(count)) + bonus
        on_board = zombies_on_board(st)
        game.note("spawn_roll", roll=roll, zombies=on_board)
        if roll <= on_board:
            return True
    n = game.roll(method.dice)
    if n >= 2 and st.pool[GRAVE_DEAD] > 0 and cfg.has("grave-dead"):
        n -= 2
        zone = _grave_dead_zone(game, active)
        st.pool[GRAVE_DEAD] -= 1
        st.zombies[zone][GRAVE_DEAD] += 1
        st.haunted.add(zone)
        st.spawned_by_type[GRAVE_DEAD] += 1
        st.zone_visits[zone] += 1
        game.note("spawn", zone=b.zone_ids[zone], zombie="grave_dead", count=1)
    t = _normal_type(st)
    for _ in range(n):
        i = active[st.rng.randrange(len(active))]
        game.spawn(b.spawn_zone[i], t, 1)
    return True


def _grave_dead_zone(game: "Game", active: list[int]) -> int:
    """A random spawning point; pack mentality: the zone holding zombies nearest a hero
    ("peuvent apparaître dans toute case comportant déjà au moins un Zombie")."""
    b, st, ls = game.board, game.state, game.state.lnoe
    if ls.ability == 5:
        heroes = [h.zone for h in st.living()]
        crowded = [z for z in st.zombie_zones() if st.zombies_in(z)]
        if heroes and crowded:
            return min(crowded, key=lambda z: (min(b.zdist_all[h][z] for h in heroes), z))
    return b.spawn_zone[active[st.rng.randrange(len(active))]]


def after_activation(game: "Game") -> None:
    """After the zombies' moves: freshly dead grave dead move 1d3 zones in all ("se déplacent de
    1D3 au lieu d'une seule case"), then the zombie player plays a card of his hand."""
    ls = lnoe_state(game.state)
    if ls is None:
        return
    if ls.ability == 3:
        _freshly_dead(game)
    if ls.hand:
        play_card(game)


def _freshly_dead(game: "Game") -> None:
    b, st = game.board, game.state
    for z in [z for z in st.zombie_zones() if st.zombies[z][GRAVE_DEAD]]:
        steps = game.d6(3) - 1
        here = z
        for _ in range(steps):
            if game.has_survivors(here) or not st.zombies[here][GRAVE_DEAD]:
                break
            targets, all_doors = game.profile.targets(game, here)  # the nearest hero
            options = game.next_steps(here, targets, all_doors, st.zombies[here][GRAVE_DEAD])
            if not options:
                break
            dest = options[0] if len(options) == 1 else options[st.rng.randrange(len(options))]
            game.move_zombies(here, dest, GRAVE_DEAD, st.zombies[here][GRAVE_DEAD])
            if st.zombies[here][GRAVE_DEAD]:
                break  # stopped at a closed door
            here = dest


def refill_hand(game: "Game") -> None:
    """The zombie player draws back up to his hand size; with the optional rule, a card naming
    two or more heroes is discarded as it is drawn and moves the sun one space toward dawn ("est
    immédiatement défaussée lorsqu'elle est tirée et permet au joueur qui l'avait reçue de
    déplacer l'indicateur de la piste du soleil d'un emplacement en avant OU en arrière")."""
    st, ls = game.state, game.state.lnoe
    cfg = config(game.board)
    guard = 0
    while len(ls.hand) < cfg.lnoe.zombie_hand and guard < 4 * len(cfg.zombie_deck) + 4:
        guard += 1
        if not ls.deck:
            if not ls.discard:
                return
            ls.deck, ls.discard = ls.discard, []
            st.rng.shuffle(ls.deck)
        card = ls.deck.pop()
        name, effect = cfg.zombie_deck[card]
        if effect == "names-heroes" and cfg.lnoe.multi_hero_cards:
            ls.discard.append(card)
            ls.sun -= 1  # toward dawn: the zombies win when it rises
            game.note("sun", card=name, moved=-1)
            continue
        ls.hand.append(card)


def play_card(game: "Game") -> None:
    """The zombie player plays the first card of his hand that does something now (one a turn),
    then draws back to his hand size."""
    b, st, ls = game.board, game.state, game.state.lnoe
    cfg = config(b)
    for pos, card in enumerate(ls.hand):
        name, effect = cfg.zombie_deck[card]
        if effect in POINTLESS_CARD_EFFECTS or (effect == "endless-night" and not cfg.lnoe.endless_night) \
                or (effect == "names-heroes" and not cfg.lnoe.multi_hero_cards):
            continue
        heroes = st.living()
        inside = [h for h in heroes if b.building_of[h.zone] >= 0]
        active = _active_spawns(game)
        if (effect == "surprise-attack" and not inside) or (effect == "extra-spawn" and not active):
            continue
        game.note("zombie_card", card=name)
        if effect == "surprise-attack":
            game._place(st, inside[0].zone, _normal_type(st), 1)
        elif effect == "extra-spawn":
            game.spawn(b.spawn_zone[active[st.rng.randrange(len(active))]], _normal_type(st), 1)
        elif effect == "endless-night":
            # "Placez un Zombie de la réserve de Zombies sur chacun de leurs points d'apparition
            # [...] De plus, reculez le pion sur la piste du soleil de 2 emplacements"
            for i in _active_spawns(game):
                game._place(st, b.spawn_zone[i], _normal_type(st), 1)
            ls.sun += 2
        elif effect == "names-heroes":
            ls.sun -= 1
        ls.hand.pop(pos)
        ls.discard.append(card)
        ls.played.append(name)
        break
    refill_hand(game)


def turn_limit(game: "Game") -> int | None:
    """The sun track: the scenario's turn limit, moved by the cards."""
    limit = game.board.scenario.setup.turn_limit
    ls = lnoe_state(game.state)
    if limit is None or ls is None:
        return limit
    return max(1, limit + ls.sun)


def check_end(game: "Game") -> None:
    """No spawning point left: "les Zombies perdent automatiquement la partie"."""
    st = game.state
    if st.outcome or lnoe_state(st) is None or not config(game.board).lnoe.no_spawn_point_loss:
        return
    if not _active_spawns(game):
        st.outcome, st.cause = "win", ""
        game.note("no_spawn_point")


def hero_name(game: "Game", s: "Survivor") -> str:
    ls = lnoe_state(game.state)
    return ls.names.get(s.index, "") if ls is not None else ""



def result_extra(game: "Game") -> dict:
    """What a game with Growing Hunger's rules adds to its record: its town ('' without a board
    library) and the turn limit the sun track ended at; nothing when the game has neither a
    board library nor a zombie player's hand (the town is the map, the sun track the turn
    limit), so its record has the columns of every other game's (and of a batch's table)."""
    ls = lnoe_state(game.state)
    if ls is None or (getattr(game, "_lnoe_library", None) is None and not config(game.board).lnoe.zombie_hand):
        return {}
    return {"town": ls.town, "turn_limit": turn_limit(game)}
