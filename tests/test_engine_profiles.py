"""The Last Night on Earth and house profiles: what differs from Zombicide."""

from __future__ import annotations

import math

import designer
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.board import ZOMBIE
from tests.reference.profiles import House, LastNightOnEarth, make_profile


def house_game(seed: int = 1) -> Game:
    b = Board(designer.load("scenarios/les-morts-aux-trousses.json"))
    st = b.new_state(seed)
    st.pool[ZOMBIE] = 30
    return Game(b, state=st, policy="greedy")


def zi(g: Game, zone: str) -> int:
    return g.board.zone_index[zone]


def test_profiles_are_chosen_by_the_scenario():
    assert isinstance(Game(Board(designer.load("scenarios/les-morts-aux-trousses.json")), 1).profile, House)
    assert isinstance(Game(Board(designer.load("scenarios/seul-dans-le-noir.json")), 1).profile, LastNightOnEarth)
    assert make_profile("zombicide").params.actions == 3


def test_lnoe_fight_odds_match_the_closed_form():
    """An unarmed hero loses a fight when the best of two dice does not beat the zombie's die:
    P = sum over z of (z/6)^2 / 6 = 91/216; the hero kills only with a winning double."""
    g = Game(Board(designer.load("scenarios/seul-dans-le-noir.json")), 1)
    hero = g.state.survivors[0]
    trials = 20_000
    results = [g.profile.fight(g, hero, armed=False) for _ in range(trials)]
    lose = results.count(-1) / trials
    # a winning double: both dice d > zombie z, d from 2 to 6: sum (d-1)/6 * 1/36
    kill = sum((d - 1) / 6 for d in range(1, 7)) / 36
    for observed, expected in ((lose, 91 / 216), (results.count(1) / trials, kill)):
        sigma = math.sqrt(expected * (1 - expected) / trials)
        assert abs(observed - expected) < 4.5 * sigma


def test_lnoe_spawns_one_to_three_zombies_from_a_pool_of_seven():
    s = designer.load("scenarios/seul-dans-le-noir.json")
    b = Board(s)
    seen = set()
    for seed in range(60):
        g = Game(b, seed)
        before = sum(map(sum, g.state.zombies))
        g.spawn_phase()
        added = sum(map(sum, g.state.zombies)) - before
        seen.add(added)
        assert sum(map(sum, g.state.zombies)) + g.state.pool[ZOMBIE] == 7
    assert seen == {1, 2, 3}


def test_house_stairs_cost_three_and_darkness_cuts_movement_to_two():
    g = house_game()
    hero = g.state.add_survivor(zi(g, "hall"), health=5)
    stairs = g.board.conn_index["main-stairs"]
    assert g.profile.move_cost(g, hero, stairs) == 3
    assert g.profile.action_budget(g, hero) == 3
    hero.zone = zi(g, "cellar")
    assert g.profile.action_budget(g, hero) == 2


def test_house_elevator_takes_survivors_never_zombies():
    g = house_game()
    b = g.board
    lift = zi(g, "lift-0")
    assert all(v != lift for z in range(b.n) for v, _, _ in b.zpath_adj[z])
    assert any(v == lift for v, _ in b.surv_adj[zi(g, "hall")])


def test_house_zones_hold_three_zombies_and_breakthrough_zones_push_the_fourth_on():
    g = house_game()
    hall, living, dining = zi(g, "hall"), zi(g, "living"), zi(g, "dining")
    g.state.place_zombies(dining, "zombie", 3)
    g.state.place_zombies(hall, "zombie", 1)
    g.move_zombies(hall, dining, ZOMBIE, 1)
    assert g.state.zombies[dining][ZOMBIE] == 3 and g.state.zombies[hall][ZOMBIE] == 1, "the dining room is full"
    g.state.place_zombies(living, "zombie", 3)
    g.move_zombies(hall, living, ZOMBIE, 1)
    assert g.state.zombies[living][ZOMBIE] == 3, "the breakthrough zone keeps three"
    assert g.state.zombies[hall][ZOMBIE] == 0
    assert sum(g.state.zombies[z][ZOMBIE] for z in range(g.board.n)) == 7, "the fourth was pushed on"


def test_house_office_rolls_its_zombies_when_first_entered():
    g = house_game()
    hero = g.state.add_survivor(zi(g, "walkway"), health=5, items=["fire axe"])
    g.open_door(g.board.door_index["walkway-office"])
    hero.actions_left = 3
    g.script = [3] + [1] * 20  # the 1d3 rolls 3; the fight dice that follow are ones
    conn = g.board.conn_index["walkway-office"]
    g.apply(hero, ("move", zi(g, "office"), conn))
    spawned = g.state.spawned_by_type[ZOMBIE]
    assert spawned == 3, "1d3 rolled 3: three zombies in the office"


def test_house_dead_survivors_rise_as_zombies_next_turn():
    g = house_game()
    hero = g.state.add_survivor(zi(g, "hall"), health=1)
    other = g.state.add_survivor(zi(g, "landing"), health=5)
    g.wound(hero, 1, cause="test")
    assert not hero.alive and g.state.rising == [zi(g, "hall")]
    g.spawn_phase()
    assert g.state.zombies[zi(g, "hall")][ZOMBIE] == 1
    assert other.alive


def test_a_profile_subclassed_in_python_is_refused_with_the_alternative():
    """Profiles are chosen by id (``setup.rules.profile``) and tuned by overrides: the typed
    engine plays the rules of an id, so a Python subclass's hooks would be ignored there. Both
    the reference ``Game`` and ``designer.engine.Game`` refuse one, naming the class, its base
    and what to do instead; the built-in profile objects are accepted."""
    import pytest

    import designer.engine as engine
    from designer.engine.profiles import ProfileError, Zombicide

    class Tougher(Zombicide):
        def danger(self, xp):
            return 3

    b = Board(designer.load("scenarios/night-shift.json"))
    for cls in (engine.Game,):
        with pytest.raises(ProfileError, match=r"Tougher is a Python subclass of Zombicide.*setup\.rules\.overrides"):
            cls(b, 1, "greedy", profile=Tougher())
    assert engine.Game(b, 1, "greedy", profile=Zombicide()).board is b
