"""The zombies' phase and combat, checked against the worked examples of the Zombicide Season 2
rulebook (seed 001, chapters 5-8): each test sets the state up by hand, steps one phase and
checks every zombie's zone and every wound."""

from __future__ import annotations

import pytest

from designer.engine import Board
from tests.reference.game import Game
from designer.engine.board import ABOMINATION, FATTY, RUNNER, WALKER
from designer.engine.cards import STANDARD_DECK
from designer.io.files import parse


def board(zones, connections, sight_lines=(), **extra):
    data = {
        "schema_version": 1, "id": "example", "meta": {"title": "rulebook example"},
        "zones": [z if isinstance(z, dict) else {"id": z} for z in zones],
        "connections": [dict(zip(("id", "kind", "from", "to"), c[:4]), **(c[4] if len(c) > 4 else {}))
                        for c in connections],
        "sight_lines": [{"id": f"line{i}", "zones": list(line)} for i, line in enumerate(sight_lines)],
        "victory": {"steps": [{"kind": "kill", "count": 100}]},
        "setup": {"start_zones": [zones[0] if isinstance(zones[0], str) else zones[0]["id"]],
                  "zombie_pool": {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1}},
    }
    data.update(extra)
    return Board(parse(data))


class TypedSteps:
    """A rulebook position built by hand, played by the typed engine alone: each step loads the
    position (built on a :class:`~designer.engine.state.GameState`) into a typed game
    (``TypedGame.from_state``), plays the step there and writes the result back into the same
    state (survivor objects included), so every check reads both engines alike. Nothing of the
    reference engine runs (``Game`` is not a base of this class)."""

    def __init__(self, board, state, policy="greedy"):
        self.board, self.state, self.script, self.policy = board, state, None, policy

    def activate(self, types=None, runners_second=False):
        self._typed("activate", types, runners_second)

    def spawn(self, zone, t, count):
        self._typed("spawn", zone, t, count)

    def draw_spawn_card(self, zone):
        self._typed("draw_spawn_card", zone)

    def resolve_card(self, entry, zone):
        # the typed engine resolves a card of the deck at the danger level it reads itself
        level = self.danger_level()
        card = next(i for i, c in enumerate(STANDARD_DECK) if c[level] == entry)
        self._typed("resolve_card", card, zone)

    def apply(self, s, act):
        self._typed("apply", s.index, act)

    def move_cost(self, s, c):
        return self._typed("move_cost", s.index, c)

    def danger_level(self):
        return self._typed("position").danger_level()

    def noise_map(self):
        return self._game().engine.noise_levels()

    def _game(self):
        from designer.engine.session import TypedGame

        return TypedGame.from_state(self.board, self.state, self.policy, compiled=None)

    def _typed(self, step, *args):
        typed = self._game()
        typed.script = self.script
        out = getattr(typed, step)(*args)
        typed.sync_into(self.state)
        self.script = typed.script
        return out


class NoReferenceGame:
    """Stands in for ``tests.reference.game.Game`` while a typed example runs: starting one, by
    its constructor or by ``Game.__new__`` alone, fails."""

    def __new__(cls, *args, **kwargs):
        raise AssertionError("the typed engine's example started a reference Game")


@pytest.fixture(params=["reference", "typed"])
def engine(request, monkeypatch):
    """Every rulebook example runs on both engines: the reference ``Game`` and the typed engine
    (:class:`TypedSteps`; while it runs, the reference ``Game`` cannot be started)."""
    if request.param == "typed":
        import tests.reference.game

        monkeypatch.setattr(tests.reference.game, "Game", NoReferenceGame)
    return request.param


def new_game(b: Board, engine: str = "reference") -> Game:
    """A game on an empty state: full pool, no survivors, no zombies (``engine``: whose
    activation the example runs)."""
    st = b.new_state(seed=1)
    st.pool = [40, 16, 16, 1, 0, 0]
    return TypedSteps(b, st) if engine == "typed" else Game(b, policy="greedy", state=st)


def zone_counts(g: Game, zone: str) -> dict[str, int]:
    row = g.state.zombies[g.board.zone_index[zone]]
    return {name: row[t] for name, t in (("walker", WALKER), ("runner", RUNNER), ("fatty", FATTY),
                                          ("abomination", ABOMINATION)) if row[t]}


def move_cost(g: Game, s, c: int) -> int:
    """The cost of moving survivor ``s`` across connection ``c``, by the engine the example runs."""
    return g.move_cost(s, c) if isinstance(g, TypedSteps) else g.profile.move_cost(g, s, c)


def zi(g: Game, zone: str) -> int:
    return g.board.zone_index[zone]


# -- chapter 7, attack ---------------------------------------------------------------------------


def test_a_walker_with_two_survivors_inflicts_one_wound(engine):
    b = board(["A"], [])
    g = new_game(b, engine)
    s1, s2 = g.state.add_survivor(0), g.state.add_survivor(0)
    g.state.place_zombies(0, "walker", 1)
    g.activate()
    assert s1.wounds + s2.wounds == 1
    assert zone_counts(g, "A") == {"walker": 1}


def test_seven_walkers_all_attack_two_survivors(engine):
    b = board(["A", "B"], [("a-b", "opening", "A", "B")])
    g = new_game(b, engine)
    s1, s2 = g.state.add_survivor(0), g.state.add_survivor(0)
    g.state.place_zombies(0, "walker", 7)
    g.activate()
    assert not s1.alive and not s2.alive
    assert zone_counts(g, "A") == {"walker": 7}, "every walker spent its action attacking; none moved"
    assert g.state.zombie_actions == 7


# -- chapter 7, runners ----------------------------------------------------------------------------


def test_runner_example_1_three_runners_and_a_fatty_one_zone_away(engine):
    b = board(["A", "B"], [("a-b", "opening", "A", "B")])
    g = new_game(b, engine)
    hero = g.state.add_survivor(zi(g, "A"))
    g.state.place_zombies(zi(g, "B"), "runner", 3)
    g.state.place_zombies(zi(g, "B"), "fatty", 1)
    g.activate()  # first action: nobody to attack, all move in
    assert zone_counts(g, "A") == {"runner": 3, "fatty": 1} and zone_counts(g, "B") == {}
    assert hero.wounds == 0
    g.activate(types={RUNNER}, runners_second=True)  # runners' second action: attack
    assert not hero.alive


def test_runner_example_2_runner_attacks_twice_walker_joins(engine):
    b = board(["A", "B"], [("a-b", "opening", "A", "B")])
    g = new_game(b, engine)
    hero = g.state.add_survivor(zi(g, "A"))
    g.state.place_zombies(zi(g, "A"), "runner", 1)
    g.state.place_zombies(zi(g, "B"), "walker", 1)
    g.activate()
    assert hero.alive and hero.wounds == 1
    assert zone_counts(g, "A") == {"runner": 1, "walker": 1}
    g.activate(types={RUNNER}, runners_second=True)
    assert not hero.alive


def test_runner_example_3_everyone_attacks_then_runners_move_to_the_noise(engine):
    b = board(["A", "B", "C"], [("a-b", "opening", "A", "B"), ("b-c", "opening", "B", "C")])
    g = new_game(b, engine)
    hero = g.state.add_survivor(zi(g, "A"))
    for t, n in (("walker", 3), ("fatty", 2), ("runner", 2)):
        g.state.place_zombies(zi(g, "A"), t, n)
    g.state.noise[zi(g, "C")] = 1
    g.activate()
    assert not hero.alive, "seven wounds; two were enough"
    assert zone_counts(g, "A") == {"walker": 3, "fatty": 2, "runner": 2}, "nobody moved"
    g.activate(types={RUNNER}, runners_second=True)
    assert zone_counts(g, "A") == {"walker": 3, "fatty": 2}
    assert zone_counts(g, "B") == {"runner": 2}, "the runners moved one zone toward the noisiest zone"


# -- chapter 7, splitting ---------------------------------------------------------------------------


def test_splitting_example_walkers_fatty_and_runners_on_two_equal_paths(engine):
    # S has two shortest paths of the same length to the survivors in T: S-P-T and S-Q-T
    b = board(["T", "P", "Q", "S"], [("s-p", "opening", "S", "P"), ("p-t", "opening", "P", "T"),
                                      ("s-q", "opening", "S", "Q"), ("q-t", "opening", "Q", "T")])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "T"))
    g.state.add_survivor(zi(g, "T"))
    for t, n in (("walker", 4), ("fatty", 1), ("runner", 3)):
        g.state.place_zombies(zi(g, "S"), t, n)
    pool_before = g.state.pool[:]
    g.activate()
    group = {"walker": 2, "fatty": 1, "runner": 2}
    assert zone_counts(g, "P") == group and zone_counts(g, "Q") == group
    assert zone_counts(g, "S") == {}
    # one fatty added without escort, one runner added
    assert g.state.pool[FATTY] == pool_before[FATTY] - 1
    assert g.state.pool[WALKER] == pool_before[WALKER]
    assert g.state.pool[RUNNER] == pool_before[RUNNER] - 1
    g.activate(types={RUNNER}, runners_second=True)
    assert zone_counts(g, "T") == {"runner": 4}


def test_an_abomination_never_splits(engine):
    b = board(["T", "P", "Q", "S"], [("s-p", "opening", "S", "P"), ("p-t", "opening", "P", "T"),
                                      ("s-q", "opening", "S", "Q"), ("q-t", "opening", "Q", "T")])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "T"))
    g.state.place_zombies(zi(g, "S"), "abomination", 1)
    g.activate()
    assert zone_counts(g, "P").get("abomination", 0) + zone_counts(g, "Q").get("abomination", 0) == 1
    assert g.state.pool[ABOMINATION] == 0


def test_running_out_of_miniatures_while_splitting_gives_an_extra_activation(engine):
    b = board(["T", "P", "Q", "S"], [("s-p", "opening", "S", "P"), ("p-t", "opening", "P", "T"),
                                      ("s-q", "opening", "S", "Q"), ("q-t", "opening", "Q", "T")])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "T"))
    g.state.place_zombies(zi(g, "S"), "walker", 1)
    g.state.pool[WALKER] = 0  # no walker left to even the groups
    g.activate()
    # the walker took one path, then every walker acted again and reached the survivor
    assert zone_counts(g, "T") == {"walker": 1}


# -- chapter 7, movement priorities -------------------------------------------------------------------


def test_zombies_go_for_the_noisiest_visible_zone_whatever_the_distance(engine):
    # a street of five zones: a quiet survivor one zone away, a noisy group three zones away
    b = board(["A", "B", "C", "D", "E"],
              [("ab", "opening", "A", "B"), ("bc", "opening", "B", "C"), ("cd", "opening", "C", "D"),
               ("de", "opening", "D", "E")], sight_lines=[["A", "B", "C", "D", "E"]])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "A"))
    g.state.add_survivor(zi(g, "E"))
    g.state.add_survivor(zi(g, "E"))
    g.state.place_zombies(zi(g, "B"), "walker", 2)
    g.activate()
    assert zone_counts(g, "C") == {"walker": 2}


def test_zombies_that_see_no_one_follow_the_noise_through_open_paths(engine):
    b = board(["A", "B", "C", {"id": "R", "kind": "room"}],
              [("ab", "opening", "A", "B"), ("bc", "opening", "B", "C"), ("door", "door", "A", "R")])
    g = new_game(b, engine)
    g.state.noise[zi(g, "C")] = 2
    g.state.add_survivor(zi(g, "R"))  # behind a closed door: not visible, no open path
    g.state.place_zombies(zi(g, "A"), "walker", 1)
    g.activate()
    assert zone_counts(g, "B") == {"walker": 1}


def test_with_no_open_path_zombies_head_for_the_noise_and_stop_at_closed_doors(engine):
    b = board(["A", {"id": "R", "kind": "room"}], [("door", "door", "A", "R")])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "R"))
    g.state.place_zombies(zi(g, "A"), "walker", 3)
    g.activate()
    assert zone_counts(g, "A") == {"walker": 3}, "they pile up at the closed door"


def test_fences_are_pathed_through_but_block_the_step(engine):
    b = board(["A", "B", "C", "D"], [("ab", "fence", "A", "B"), ("bc", "opening", "B", "C"),
                                      ("cd", "opening", "C", "D"), ("ad", "opening", "A", "D")],
              sight_lines=[["A", "B"]])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "A"))
    g.state.place_zombies(zi(g, "B"), "walker", 2)
    g.activate()
    assert zone_counts(g, "B") == {"walker": 2}, "the shortest path crosses the fence: they pile up"


# -- chapter 7, spawning ------------------------------------------------------------------------------


def _card(kind: str) -> int:
    return next(i for i, c in enumerate(STANDARD_DECK) if c[0][0] == kind)


def test_spawn_reads_the_danger_level_of_the_most_experienced_survivor(engine):
    b = board(["A", "B"], [("ab", "opening", "A", "B")])
    g = new_game(b, engine)
    kim, watts = g.state.add_survivor(zi(g, "A")), g.state.add_survivor(zi(g, "A"))
    kim.xp, watts.xp = 5, 12
    assert g.danger_level() == 1  # yellow, read off Watts
    mixed = next(i for i, c in enumerate(STANDARD_DECK) if c[1] == ("spawn", "runner", 2) and c[3][2] == 5)
    g.state.zdeck = [mixed]
    g.draw_spawn_card(zi(g, "B"))
    assert zone_counts(g, "B") == {"runner": 2}
    watts.alive = False  # the danger level falls back to the next most experienced survivor
    g.state.zdeck = [mixed]
    g.draw_spawn_card(zi(g, "B"))
    assert zone_counts(g, "B") == {"runner": 2}, "blue: phew, nothing"


def test_a_fatty_spawns_with_two_walkers(engine):
    b = board(["A"], [])
    g = new_game(b, engine)
    g.spawn(0, FATTY, 1)
    assert zone_counts(g, "A") == {"fatty": 1, "walker": 2}


def test_manholes_spawn_only_on_tiles_with_a_survivor(engine):
    # survivors at a crossroads spanning four tiles; manholes on two of those tiles and one elsewhere
    zones = [{"id": "X", "tiles": ["t1", "t2", "t3", "t4"]}, {"id": "M1", "tiles": ["t1"]},
             {"id": "M2", "tiles": ["t3"]}, {"id": "M3", "tiles": ["t9"]}]
    b = board(zones, [("x1", "opening", "X", "M1"), ("x2", "opening", "X", "M2"), ("x3", "opening", "M2", "M3")],
              spawns=[{"id": "m1", "zone": "M1", "kind": "manhole", "order": 1},
                      {"id": "m2", "zone": "M2", "kind": "manhole", "order": 2},
                      {"id": "m3", "zone": "M3", "kind": "manhole", "order": 3}])
    g = new_game(b, engine)
    hero = g.state.add_survivor(zi(g, "X"))
    hero.xp = 7  # yellow
    card = next(i for i, c in enumerate(STANDARD_DECK) if c[1] == ("manhole", "walker", 2))
    g.resolve_card(STANDARD_DECK[card][g.danger_level()], zi(g, "X"))
    assert zone_counts(g, "X") == {}, "nothing spawns in the designated zone"
    assert zone_counts(g, "M1") == {"walker": 2} and zone_counts(g, "M2") == {"walker": 2}
    assert zone_counts(g, "M3") == {}, "no survivor on that tile"


def test_extra_activation_cards_do_nothing_at_blue_and_move_walkers_from_yellow(engine):
    b = board(["A", "B", "C"], [("ab", "opening", "A", "B"), ("bc", "opening", "B", "C")])
    g = new_game(b, engine)
    hero = g.state.add_survivor(zi(g, "A"))
    g.state.place_zombies(zi(g, "C"), "walker", 1)
    g.state.place_zombies(zi(g, "C"), "runner", 1)
    extra = next(i for i, c in enumerate(STANDARD_DECK) if c[0] == ("extra", "walker"))
    g.resolve_card(STANDARD_DECK[extra][g.danger_level()], zi(g, "C"))
    assert zone_counts(g, "C") == {"walker": 1, "runner": 1}
    hero.xp = 7
    g.resolve_card(STANDARD_DECK[extra][g.danger_level()], zi(g, "C"))
    assert zone_counts(g, "B") == {"walker": 1} and zone_counts(g, "C") == {"runner": 1}


def test_running_out_of_miniatures_places_what_is_left_then_they_act_again(engine):
    b = board(["A", "B", "C"], [("ab", "opening", "A", "B"), ("bc", "opening", "B", "C")])
    g = new_game(b, engine)
    g.state.add_survivor(zi(g, "A"))
    g.state.place_zombies(zi(g, "B"), "walker", 1)
    g.state.pool[WALKER] = 1
    g.spawn(zi(g, "C"), WALKER, 3)
    assert g.state.pool[WALKER] == 0
    # the walker placed in C and the one in B both got an extra activation
    assert zone_counts(g, "A") == {"walker": 1} and zone_counts(g, "B") == {"walker": 1}


# -- chapter 5, noise --------------------------------------------------------------------------------


def test_noise_example_door_with_a_fire_axe_then_a_silent_kill_and_three_bursts(engine):
    b = board(["A", {"id": "R", "kind": "room"}, "S", "T"],
              [("door", "door", "A", "R", {"spawns_on_first_open": False}), ("st", "opening", "S", "T")],
              sight_lines=[["S", "T"]])
    g = new_game(b, engine)
    grindlock = g.state.add_survivor(zi(g, "A"), items=["fire axe"])
    grindlock.actions_left = 3
    g.state.place_zombies(zi(g, "A"), "walker", 1)
    g.apply(grindlock, ("open", 0))
    g.script = [6]
    g.apply(grindlock, ("melee", "fire axe"))
    assert g.state.zombies_in(zi(g, "A")) == 0
    assert g.state.noise[zi(g, "A")] == 1, "the door is noisy, the axe is silent"
    assert g.noise_map()[zi(g, "A")] == 2, "one token plus Grindlock himself"
    belle = g.state.add_survivor(zi(g, "S"), items=["sub mg", "sub mg"])
    belle.actions_left = 4
    g.state.place_zombies(zi(g, "T"), "walker", 10)
    for _ in range(3):
        g.script = [1] * 6
        g.apply(belle, ("ranged", "sub mg", zi(g, "T")))
    assert g.state.noise[zi(g, "S")] == 3, "one token per action, whatever the dice"
    g.apply(belle, ("move", zi(g, "T"), b.conn_index["st"]))
    assert g.state.noise[zi(g, "S")] == 3, "the tokens stay behind"


# -- chapters 6 and 8, moving and combat --------------------------------------------------------------


def test_leaving_a_zone_costs_one_extra_action_per_zombie(engine):
    b = board(["A", "B"], [("ab", "opening", "A", "B")])
    g = new_game(b, engine)
    shannon = g.state.add_survivor(0)
    g.state.place_zombies(0, "walker", 2)
    assert move_cost(g, shannon, 0) == 3
    g.state.place_zombies(0, "walker", 1)
    assert move_cost(g, shannon, 0) == 4


def test_melee_chooses_its_targets_kukri_kills_the_runner_and_the_fatty(engine):
    b = board(["A"], [])
    g = new_game(b, engine)
    shannon = g.state.add_survivor(0, items=["kukri", "kukri"])
    shannon.actions_left = 3
    for t in ("walker", "runner", "fatty"):
        g.state.place_zombies(0, t, 1)
    g.script = [5, 4]  # two dice (dual), two hits at 4+
    g.apply(shannon, ("melee", "kukri"))
    assert zone_counts(g, "A") == {"walker": 1}
    assert shannon.xp == 2


def test_ranged_priority_survivors_walkers_then_the_fatty_shields_the_runners(engine):
    b = board(["A"], [])
    g = new_game(b, engine)
    joshua = g.state.add_survivor(0, items=["sub mg", "sub mg"])
    grindlock = g.state.add_survivor(0, items=["fire axe"])
    joshua.actions_left = 3
    for t, n in (("walker", 4), ("fatty", 1), ("runner", 2)):
        g.state.place_zombies(0, t, n)
    g.script = [5, 6, 5, 6, 5, 1]  # five hits at 5+
    g.apply(joshua, ("ranged", "sub mg", 0))
    assert not grindlock.alive, "the first two hits go to Grindlock"
    assert zone_counts(g, "A") == {"walker": 1, "fatty": 1, "runner": 2}
    g.script = [5, 6, 5, 1, 2, 3]  # three hits
    g.apply(joshua, ("ranged", "sub mg", 0))
    assert zone_counts(g, "A") == {"fatty": 1, "runner": 2}, "the fatty absorbs the hits: the runners live"


def test_a_kukri_hit_kills_a_fatty_but_one_hit_kills_only_one_runner(engine):
    b = board(["A"], [])
    g = new_game(b, engine)
    shannon = g.state.add_survivor(0, items=["kukri"])
    shannon.actions_left = 3
    g.state.place_zombies(0, "fatty", 1)
    g.script = [6]
    g.apply(shannon, ("melee", "kukri"))
    assert zone_counts(g, "A") == {}
    g.state.place_zombies(0, "runner", 2)
    g.script = [6]
    g.apply(shannon, ("melee", "kukri"))
    assert zone_counts(g, "A") == {"runner": 1}


def test_two_wounds_kill_and_each_wound_costs_an_item(engine):
    b = board(["A"], [])
    g = new_game(b, engine)
    hero = g.state.add_survivor(0, health=2, items=["pistol", "canned food"])
    g.state.place_zombies(0, "walker", 1)
    g.activate()
    assert hero.alive and hero.items == ["pistol"], "the least useful card is discarded"
    g.activate()
    assert not hero.alive and hero.items == []
