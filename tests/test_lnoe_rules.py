"""Growing Hunger's special scenario rules, played by the reference engine (seed 000).

Each test quotes the rulebook sentence it checks (Last Night on Earth: Growing Hunger, French
rules, "Règles spéciales de scénario").
"""

from __future__ import annotations

import pytest

import designer
from designer.engine import core
from designer.engine.board import Board
from tests.reference.game import Game
from designer.model.scenario import Scenario
from designer.rules.profiles import EXPLORATION_BAG
from designer.rules.zombies import GRAVE_DEAD, ZOMBIE
from designer.town import town_scenario

from .conftest import ROOT

RULES = {
    "grave-dead": ("zombies", 0), "zombie-autospawn": ("zombies", 0), "zombie-horde": ("zombies", 0),
    "heroes-replenish": ("heroes", 0), "well-stocked-buildings": ("heroes", 0),
    "free-search-markers": ("heroes", 1), "exploration-markers": ("heroes", 0), "hero-starting-cards": ("heroes", 2)}


def scenario(rules=(), lnoe=None, **setup) -> Scenario:
    """A small Last Night on Earth town (the sample's fixed map, no board library) with rules."""
    sample = designer.load(ROOT / "scenarios" / "seul-dans-le-noir.json")
    data = town_scenario(sample, ("A", "B")).model_dump(mode="json", by_alias=True, exclude_none=True)
    data["objectives"] = []
    s = data["setup"]
    s.pop("lnoe", None)
    s["special_rules"] = [{"id": r, "name": r, "side": RULES[r][0], "points": RULES[r][1]} for r in rules]
    s["start_zones"] = ["diner-1"]
    s["survivors"] = {"health": 3, "max": 1}
    s["survivors"].update(setup.pop("survivors", {}))
    s.update(setup)
    if lnoe is not False:  # the rules are opt-in: setup.lnoe (False: leave it out)
        s["lnoe"] = lnoe or {}
    return Scenario.model_validate(data)


def game(s: Scenario, seed: int = 1) -> Game:
    return Game(Board(s), seed)


def clear(g: Game) -> None:
    for z in range(g.board.n):
        g.state.zombies[z] = [0] * len(g.state.zombies[z])


def z(g: Game, zone_id: str) -> int:
    return g.board.zone_index[zone_id]


# -- grave dead ----------------------------------------------------------------------------------------


def test_grave_dead_are_a_pool_of_seven_apart_from_the_zombies():
    """"Au début de la partie, prenez les 7 Zombies rouges et placez les dans une pioche "Fosse"
    séparée. Ces Zombies rouges ne font pas partie de la pioche normale de Zombies"."""
    g = game(scenario(["grave-dead"], zombie_pool={"zombie": 7}))
    assert g.state.pool[GRAVE_DEAD] == 7
    assert g.state.pool[ZOMBIE] == 7
    assert 1 <= g.state.lnoe.ability <= 6


def test_a_grave_dead_comes_in_place_of_two_normal_zombies():
    """"Ceux-ci sont placés comme les Zombies habituels sauf qu'à la place de 2 Zombies
    "normaux", vous placez un Zombie de la fosse"."""
    g = game(scenario(["grave-dead"], spawn_method={"kind": "dice", "dice": "1d6"}))
    clear(g)
    g.script = [5] + [1] * 10  # five zombies to spawn: one grave dead and three normal ones
    before = (g.state.pool[GRAVE_DEAD], g.state.pool[ZOMBIE])
    g.spawn_phase()
    assert g.state.pool[GRAVE_DEAD] == before[0] - 1
    assert g.state.pool[ZOMBIE] == before[1] - 3
    assert g.state.zombies_on_board(GRAVE_DEAD) == 1 and g.state.zombies_on_board(ZOMBIE) == 3


def test_a_killed_grave_dead_leaves_the_game():
    """"Quand un Zombie de la fosse est tué, il est retiré du jeu. Il ne retourne pas dans la
    pioche d'où il venait. Chaque figurine de Zombie de la fosse ne peut servir QU'UNE SEULE FOIS"."""
    g = game(scenario(["grave-dead"], lnoe={"grave_dead_ability": 4}))
    clear(g)
    hero = g.state.survivors[0]
    g.state.place_zombies(hero.zone, "grave_dead", 1)
    assert g.state.pool[GRAVE_DEAD] == 6
    g.kill(hero, hero.zone, GRAVE_DEAD)
    assert g.state.zombies[hero.zone][GRAVE_DEAD] == 0 and g.state.pool[GRAVE_DEAD] == 6


def _melee_grave_dead(ability: int, script: list[int]) -> Game:
    g = game(scenario(["grave-dead"], lnoe={"grave_dead_ability": ability}))
    clear(g)
    hero = g.state.survivors[0]
    hero.items = ["baseball bat"]
    g.state.place_zombies(hero.zone, "grave_dead", 1)
    g.script = list(script)
    g.profile.melee(g, hero, designer.engine.profiles.item("baseball bat"))
    return g


def test_very_rotten_grave_dead_ignore_a_wound_on_4_or_more():
    """"1) Décomposés - les Zombies de la fosse peuvent ignorer toute blessure sur un jet de 4+
    (exceptées celles provenant d'un explosif)"."""
    saved = _melee_grave_dead(1, [6, 2, 3, 4])  # hero 6 (+1), zombie 3: a kill, saved by the 4
    assert saved.state.zombies_on_board(GRAVE_DEAD) == 1
    killed = _melee_grave_dead(1, [6, 2, 3, 3])
    assert killed.state.zombies_on_board(GRAVE_DEAD) == 0


def test_brainthirsty_grave_dead_take_two_wounds():
    """"2) Affamés - possèdent 2 points de vie. Quand l'un d'eux est blessé, glissez un Marqueur
    de blessure sous leur base pour indiquer leur état"."""
    g = _melee_grave_dead(2, [6, 2, 3])
    assert g.state.zombies_on_board(GRAVE_DEAD) == 1
    hero = g.state.survivors[0]
    assert g.state.lnoe.wounded[hero.zone] == 1
    g.script = [6, 2, 3]
    g.profile.melee(g, hero, designer.engine.profiles.item("baseball bat"))
    assert g.state.zombies_on_board(GRAVE_DEAD) == 0


def test_ravenous_grave_dead_roll_one_more_die():
    """"4) Féroce - les Zombies de la fosse lancent un dé supplémentaire en combat"."""
    # hero 4 (+1 with the bat = 5); the grave dead rolls 2 and 6: its best die wins
    g = _melee_grave_dead(4, [4, 1, 2, 6])
    hero = g.state.survivors[0]
    assert hero.wounds == 1 and g.state.zombies_on_board(GRAVE_DEAD) == 1


def test_pack_mentality_grave_dead_appear_where_zombies_already_are():
    """"5) Esprit de meute - les Zombies de la fosse peuvent apparaître dans toute case comportant
    déjà au moins un Zombie"."""
    g = game(scenario(["grave-dead"], lnoe={"grave_dead_ability": 5}, spawn_method={"kind": "dice", "dice": "1d6"}))
    clear(g)
    g.state.place_zombies(z(g, "diner-2"), "zombie", 1)  # next to the hero, who stands in diner-1
    g.script = [2] + [1] * 10
    g.spawn_phase()
    assert g.state.zombies[z(g, "diner-2")][GRAVE_DEAD] == 1


def test_a_carrier_grave_dead_turns_a_hero_on_5_or_6():
    """"6) Porteur de contagion - lorsqu'un Zombie de la fosse blesse un Héros, lancez un dé. Sur
    un résultat de 5 ou 6 le Héros est immédiatement transformé en Héros-Zombie"."""
    g = game(scenario(["grave-dead"], lnoe={"grave_dead_ability": 6}))
    clear(g)
    hero = g.state.survivors[0]
    hero.items = []
    g.state.place_zombies(hero.zone, "grave_dead", 1)
    g.script = [1, 1, 3, 5]  # the hero loses the fight, then the carrier's 5
    g.profile.zombie_attack(g, hero.zone, [0, 0, 0, 0, 0, 1])
    assert not hero.alive


def test_freshly_dead_grave_dead_move_1d3_zones():
    """"3) Mort récente - se déplacent de 1D3 au lieu d'une seule case"."""
    g = game(scenario(["grave-dead"], lnoe={"grave_dead_ability": 3}))
    clear(g)
    far = z(g, "B-south-3")
    g.state.place_zombies(far, "grave_dead", 1)
    g.script = [3] + [1] * 20  # 1d3 = 3: two more zones after its ordinary step
    before = g.board.zdist_all[g.state.survivors[0].zone][far]
    g.activate()
    g.profile.after_activation(g)
    where = next(v for v in range(g.board.n) if g.state.zombies[v][GRAVE_DEAD])
    assert g.board.zdist_all[g.state.survivors[0].zone][where] == before - 3


# -- spawning -------------------------------------------------------------------------------------------


def test_without_autospawn_zombies_spawn_only_when_the_roll_beats_the_zombies_on_the_board():
    """"Vous pouvez donc ignorer l'étape 3, qui consiste à effectuer un jet pour savoir si de
    nouveaux Zombies apparaissent": without autospawn the roll must beat the zombies in play."""
    g = game(scenario(lnoe={"spawn_roll": "1d6"}))
    clear(g)
    for _ in range(4):
        g.state.place_zombies(z(g, "B-south-3"), "zombie", 1)
    g.script = [4, 3, 1, 1, 1]  # 4 does not beat the 4 zombies on the board
    g.spawn_phase()
    assert g.state.zombies_on_board(ZOMBIE) == 4
    g.script = [5, 3, 1, 1, 1]
    g.spawn_phase()
    assert g.state.zombies_on_board(ZOMBIE) == 7


def test_zombie_autospawn_always_spawns():
    """"Le joueur Zombie peut TOUJOURS faire apparaître de nouveaux Zombies à la fin du tour des
    Zombies (durant l'étape 6 - apparition de nouveaux Zombies)"."""
    g = game(scenario(["zombie-autospawn"], lnoe={"spawn_roll": "1d6"}))
    clear(g)
    for _ in range(4):
        g.state.place_zombies(z(g, "B-south-3"), "zombie", 1)
    g.script = [2, 1, 1]  # no spawn roll: the 1d3 gives 2
    g.spawn_phase()
    assert g.state.zombies_on_board(ZOMBIE) == 6


def test_the_horde_holds_21_zombies_and_rolls_one_more_die():
    """"Les scénarios qui utilisent Horde de Zombies (21) ont les 21 Zombies présents dans la
    réserve des Zombies. cela comprend les Zombies rouges en plus des marrons et verts
    habituels" and "Si ce n'est pas le cas, utilisez 3D6 lorsque vous déterminez l'apparition"."""
    g = game(scenario(["zombie-horde"], zombie_pool={"zombie": 14}, lnoe={"spawn_roll": "2d6"}))
    assert g.state.pool[ZOMBIE] == 21
    clear(g)
    for _ in range(10):
        g.state.place_zombies(z(g, "B-south-3"), "zombie", 1)
    g.script = [4, 4, 3, 1, 1, 1, 1]  # 3d6 = 11 beats 10 zombies (2d6 = 8 would not)
    g.spawn_phase()
    assert g.state.zombies_on_board(ZOMBIE) == 11


def test_no_spawning_point_left_and_the_zombies_lose():
    """"Si à un moment donné plus aucun point de réapparition de Zombies ne se trouve sur le
    plateau de jeu, les Zombies perdent automatiquement la partie"."""
    g = game(scenario(lnoe={"no_spawn_point_loss": True}))
    g.check_victory()
    assert g.state.outcome == ""
    g.state.spawns_active = 0
    g.check_victory()
    assert g.state.outcome == "win"


# -- heroes ---------------------------------------------------------------------------------------------


def test_heroes_replenish_a_killed_hero_and_lose_at_four():
    """"Quand un Héros est tué (ou transformé en Héros-Zombie), le joueur Héros peut immédiatement
    tirer un nouveau Héros pour le remplacer [...] à moins que spécifié autrement dans le
    Scénario, les Zombies peuvent toujours gagner s'ils tuent quatre Héros"."""
    g = game(scenario(["heroes-replenish"], survivors={"heroes": [{"name": n} for n in
                                                                  ("Becky", "Jake", "Sam", "Kenny", "Amanda")]}))
    for k in range(3):
        hero = g.state.living()[0]
        g.wound(hero, hero.health, cause="zombies")
        assert len(g.state.living()) == 1 and g.state.outcome == ""
    assert [g.state.lnoe.names[s.index] for s in g.state.survivors] == ["Becky", "Jake", "Sam", "Kenny"]
    g.wound(g.state.living()[0], 3, cause="zombies")
    assert g.state.outcome == "loss" and g.state.lnoe.killed == 4


def test_well_stocked_buildings_take_the_named_card_from_the_deck():
    """"Quand il utilise la capacité de Ramassage d'un tel bâtiment, un Héros peut prendre la carte
    nommée de la défausse comme d'habitude, ou bien il peut rechercher cette carte dans le paquet
    des Héros et la prendre. Si la carte est prise dans le paquet des Héros, ce dernier doit être
    remélangé"."""
    s = scenario(["well-stocked-buildings"], lnoe={"pick_ups": {"diner": "shotgun"}})
    g = game(s)
    hero = g.state.survivors[0]
    assert "shotgun" in g.state.edeck
    size = len(g.state.edeck)
    g.apply(hero, ("search",))
    assert "shotgun" in hero.items and len(g.state.edeck) == size - 1
    plain = game(scenario(lnoe={"pick_ups": {"diner": "shotgun"}}))  # pick-up from the discard only
    hero = plain.state.survivors[0]
    top = plain.state.edeck[-1]
    plain.apply(hero, ("search",))
    assert hero.items[-1] == top


def test_free_search_markers_lie_on_every_building_without_a_hero_and_are_taken_after_a_move():
    """"posez un "Marqueur de recherche bonus" dans chaque bâtiment du plateau de jeu qui ne
    contient pas de Héros. Ces marqueurs sont considérés comme posés sur le bâtiment dans sa
    totalité [...] Ceci n'est toutefois possible que si le Héros a effectivement utilisé son
    action de déplacement pour bouger"."""
    g = game(scenario(["free-search-markers"]))
    b, st = g.board, g.state
    hero = st.survivors[0]
    diner = b.building_of[hero.zone]
    assert set(st.lnoe.markers) == set(range(len(b.building_zones))) - {diner}
    hero.zone = z(g, "police-1")  # set down in the police station without moving: no marker
    g.apply(hero, ("search",))
    assert b.building_of[z(g, "police-1")] in st.lnoe.markers
    hero.zone = z(g, "A-north-3")
    cards = len(hero.items)
    g.apply(hero, ("move", z(g, "gas-1"), b.conn_index["gas-door"]))
    assert b.building_of[z(g, "gas-1")] not in st.lnoe.markers and len(hero.items) == cards + 1


def test_the_exploration_bag_holds_twenty_markers():
    """"Vous remarquerez qu'il y a 20 jetons marqués "Exploration" au dos. 16 d'entre eux sont des
    Marqueurs d'exploration bonus, 2 sont des "Attaque surprise x1", un "Attaque surprise x2" et
    un "Nouveau Héros trouvé"."""
    assert dict(EXPLORATION_BAG) == {"free-search": 16, "surprise-1": 2, "surprise-2": 1, "new-hero": 1}
    seen = set()
    for seed in range(60):
        g = game(scenario(["exploration-markers"]), seed)
        assert len(g.state.lnoe.markers) == len(g.board.building_zones) - 1
        seen |= set(g.state.lnoe.markers.values())
    assert seen == {"free-search", "surprise-1", "surprise-2", "new-hero"}


def test_a_surprise_attack_marker_puts_zombies_with_the_hero():
    """"Si le pion est une "Attaque surprise", placer le nombre de Zombies indiqué sur le pion dans
    la même case que le Héros"."""
    g = game(scenario(["exploration-markers"]))
    clear(g)
    gas = g.board.building_of[z(g, "gas-1")]
    g.state.lnoe.markers[gas] = "surprise-2"
    hero = g.state.survivors[0]
    hero.zone = z(g, "A-north-3")
    g.apply(hero, ("move", z(g, "gas-1"), g.board.conn_index["gas-door"]))
    assert g.state.zombies_in(z(g, "gas-1")) == 2


def test_a_new_hero_found_joins_with_one_more_card_and_waits_a_turn():
    """"placez sa figurine dans la même case que celui ou celle qui l'a découvert. Ce nouveau et
    cinquième Héros arrive en jeu avec une carte de Héros supplémentaire [...] il n'a pas à
    combattre les Zombies qui se trouveraient dans sa case pendant ce tour"."""
    g = game(scenario(["exploration-markers"], survivors={"starting_cards": 0}))
    clear(g)
    gas = g.board.building_of[z(g, "gas-1")]
    g.state.lnoe.markers[gas] = "new-hero"
    hero = g.state.survivors[0]
    hero.zone = z(g, "A-north-3")
    g.apply(hero, ("move", z(g, "gas-1"), g.board.conn_index["gas-door"]))
    found = g.state.survivors[1]
    assert found.zone == hero.zone and len(found.items) == 1
    from designer.engine import lnoe

    assert lnoe.attackable(g, hero.zone) == [hero]
    g.wound(found, found.health, cause="zombies")
    assert len(g.state.survivors) == 2  # never replaced (and no replenish here anyway)


def test_games_with_growing_hunger_rules_are_played_by_the_typed_engine_when_opted_in():
    """A scenario that opts in is played by the typed engine (its records are compared in
    ``tests/test_lnoe_typed.py``); one that does not counts its rules and plays without them."""
    board = Board(scenario(["grave-dead"]))
    assert core._board_problem(board, Game(board, 1).profile) is None
    assert hasattr(Game(board, 1).state, "lnoe")
    plain = Board(scenario(["grave-dead"], lnoe=False))  # not opted in: counted, not played
    assert core._board_problem(plain, Game(plain, 1).profile) is None
    assert not hasattr(Game(plain, 1).state, "lnoe")


@pytest.mark.parametrize("rules", [["grave-dead", "zombie-autospawn"], ["zombie-horde", "heroes-replenish"],
                                   ["exploration-markers", "well-stocked-buildings"]])
def test_whole_games_with_the_rules_end_and_copy(rules):
    """Whole games with the rules end, and a copy made mid-game plays on like the original."""
    s = scenario(rules, lnoe={"spawn_roll": "1d6", "pick_ups": {"police-station": "pistol"}})
    board = Board(s)
    for seed in range(20):
        r = Game(board, seed).play()
        assert r["turns"] >= 1 and (r["won"] or r["cause"])
    g = Game(board, 3)
    g.play_on(max_turns=2)
    c = g.copy()
    assert c.play() == g.play()
