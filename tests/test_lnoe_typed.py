"""The typed engine plays Growing Hunger's special rules on a fixed map (seed 000) with the
reference engine's dice: the same records, compiled and interpreted, for every team size."""

from __future__ import annotations

import pytest

import designer
from designer.engine import core
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.lnoe import typed_problem
from tests.reference.profiles import make_profile
from designer.engine.table import GameTable
from designer.engine.typed.tables import tables_for
from designer.model.scenario import Scenario
from designer.plans import bot_plan

from .conftest import ROOT
from .test_lnoe_rules import scenario

PICK_UPS = {"police-station": "pistol", "hospital": "first aid", "junkyard": "crowbar"}

HEROES = [{"name": "Sam, the cook", "items": ["pan"]}, {"name": "Becky, the nurse", "items": ["first aid"]},
          {"name": "Rachelle, Detective Winters", "items": ["pistol"]}, {"name": "Kenny, the grocery clerk"},
          {"name": "Amanda, the prom queen"}]

TOWNS = {
    # "Placez un Marqueur de recherche bonus dans chaque bâtiment du plateau de jeu qui ne
    # contient pas de Héros"
    "free-search": dict(rules=["free-search-markers"], lnoe={"spawn_roll": "1d6"}),
    # "Les Zombies apparaissent automatiquement à chaque tour" / "utilisez 3D6"
    "autospawn-horde": dict(rules=["zombie-autospawn", "zombie-horde"], lnoe={"spawn_roll": "2d6"},
                            spawn_method={"kind": "dice", "dice": "1d3+1"}),
    "horde-roll": dict(rules=["zombie-horde", "free-search-markers"], lnoe={"spawn_roll": "2d6"}),
    # "un Héros qui effectue une Fouille dans un bâtiment ... peut prendre la carte de Ramassage"
    "well-stocked": dict(rules=["well-stocked-buildings", "free-search-markers"],
                         lnoe={"spawn_roll": "1d6", "pick_ups": PICK_UPS}),
    # "lancez un dé ... pour trouver le plateau, puis relancez pour déterminer le bâtiment"
    "random-building": dict(rules=["hero-starting-cards", "free-search-markers"],
                            lnoe={"start": "random_building", "pick_ups": PICK_UPS},
                            survivors={"starting_cards": 2}),
    # "les Zombies perdent automatiquement la partie" (here the pits close on turn 4)
    "no-spawn-point": dict(rules=[], lnoe={"no_spawn_point_loss": True, "spawn_roll": "1d6"}),
    # a "Premiers secours" event heals a wound at the start of the hero's turn
    "first-aid": dict(rules=["free-search-markers"], lnoe={"spawn_roll": "1d6", "pick_ups": PICK_UPS},
                      equipment_deck=[{"item": "first aid", "count": 6}, {"item": "baseball bat", "count": 5},
                                      {"item": "pistol", "count": 3}, {"item": "canned food", "count": 6}]),
    # "Le joueur Zombie [...] a une main de deux cartes" (the hand, the sun track), "Une nuit sans
    # fin" and the cards naming two or more heroes (the optional rules)
    "zombie-hand": dict(rules=["free-search-markers"], turn_limit=12,
                        lnoe={"spawn_roll": "1d6", "zombie_hand": 2, "endless_night": True,
                              "multi_hero_cards": True}),
    "zombie-hand-plain": dict(rules=[], turn_limit=10, lnoe={"zombie_hand": 3}),
    # "Le joueur Héros sélectionne au hasard un Héros" and "Becky, l'infirmière, peut utiliser sa
    # capacité "Premiers soins" [...] pour se soigner à elle-même une blessure sur un jet de 4+"
    "named-heroes-becky": dict(rules=["hero-starting-cards"],
                               lnoe={"spawn_roll": "1d6", "becky_first_aid": True, "random_hero": True,
                                     "start": "random_building"},
                               survivors={"starting_cards": 2, "heroes": HEROES}),
    "named-heroes-in-order": dict(rules=[], lnoe={"spawn_roll": "1d6", "becky_first_aid": True},
                                  survivors={"heroes": HEROES}),
    # "Lorsqu'un Héros est tué, le joueur Héros peut immédiatement tirer un nouveau Héros pour le
    # remplacer" / "les Zombies peuvent toujours gagner s'ils tuent quatre Héros"
    "replenish": dict(rules=["heroes-replenish", "free-search-markers"], zombie_pool={"zombie": 14},
                      lnoe={"spawn_roll": "1d6", "heroes_to_lose": 3}, survivors={"heroes": HEROES, "health": 2}),
    "replenish-unnamed": dict(rules=["heroes-replenish"], zombie_pool={"zombie": 14}, lnoe={"spawn_roll": "1d6"},
                              survivors={"health": 1}),
    # "16 d'entre eux sont des Marqueurs d'exploration bonus, 2 sont des "Attaque surprise x1", un
    # "Attaque surprise x2" et un "Nouveau Héros trouvé""
    "exploration": dict(rules=["exploration-markers"], lnoe={"spawn_roll": "1d6", "random_hero": True},
                        survivors={"heroes": HEROES}),
    "exploration-replenish": dict(rules=["exploration-markers", "heroes-replenish"], zombie_pool={"zombie": 14},
                                  lnoe={"spawn_roll": "1d6", "start": "random_building"},
                                  survivors={"heroes": HEROES, "health": 2}),
    # "Lancez un dé au début de la partie pour déterminer la capacité spéciale que vos Zombies de
    # la fosse auront durant toute la partie" (rolled, then each ability of the d6 table fixed)
    **{f"grave-dead-{a or 'rolled'}": dict(rules=["grave-dead", "free-search-markers"], zombie_pool={"zombie": 14},
                                        spawn_method={"kind": "dice", "dice": "1d3+1"},
                                        lnoe={"spawn_roll": "1d6", **({"grave_dead_ability": a} if a else {})})
       for a in range(7)},
    "grave-dead-horde-replenish": dict(rules=["grave-dead", "zombie-autospawn", "zombie-horde", "heroes-replenish",
                                              "exploration-markers"],
                                       spawn_method={"kind": "dice", "dice": "1d3+1"}, lnoe={"heroes_to_lose": 3},
                                       survivors={"heroes": HEROES, "health": 2}),
}
CLOSING = {"no-spawn-point": 4}
"""Towns whose spawning points all close on a turn (a trigger per pit)."""


def _board(name: str) -> Board:
    spec = dict(TOWNS[name])
    s = scenario(spec.pop("rules"), lnoe=spec.pop("lnoe"), **{**spec, "survivors": {
        "health": 3, "max": 4, **spec.get("survivors", {})}})
    if name in CLOSING:
        data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
        data["triggers"] = [{"id": f"close-{sp['id']}", "when": {"kind": "turn_reached", "turn": CLOSING[name]},
                             "then": [{"kind": "deactivate_spawn", "spawn": sp["id"]}]} for sp in data["spawns"]]
        s = Scenario.model_validate(data)
    return Board(s)


def _reference(board: Board, seeds: list[int], policy: str, survivors: int | None) -> GameTable:
    out = []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, survivors=survivors, plan=bot_plan(board.scenario)).play())
        record["game"] = i
        out.append(record)
    return GameTable.from_records(out, board.zone_ids, board.obj_ids)


def _typed(board: Board, seeds: list[int], policy: str, survivors: int | None) -> GameTable:
    return core.play_games(board, seeds, policy, survivors, 0, bot_plan(board.scenario))


@pytest.mark.parametrize("survivors", [1, 2, 3, 4])
@pytest.mark.parametrize("name", sorted(TOWNS))
def test_the_typed_engine_plays_growing_hunger_like_the_reference(name, survivors):
    """Growing Hunger's rules the typed engine plays give the reference engine's records, game
    for game, for every team size (each town's docstring line quotes its rule)."""
    board = _board(name)
    assert core._board_problem(board, make_profile("lnoe")) is None
    seeds = [game_seed(21, i) for i in range(40)]
    for policy in ("greedy", "cautious", "random"):
        assert core.unsupported(board, policy, survivors, plan=bot_plan(board.scenario)) is None
        assert _typed(board, seeds, policy, survivors) == _reference(board, seeds, policy, survivors)


@pytest.mark.parametrize("name", sorted(TOWNS))
def test_the_typed_source_interpreted_plays_growing_hunger_like_compiled(name):
    """The typed source run as Python gives the compiled engine's games."""
    board = _board(name)
    plan = bot_plan(board.scenario)
    tables, problem = tables_for(board, plan)
    assert problem is None and tables.gh == 1
    seeds = [game_seed(4, i) for i in range(15)]
    source = core.typed_source()
    for policy in (0, 1, 2):
        slow = source.Engine(tables).play_batch(seeds, policy, -1, 0)
        fast = core.engine_for(board, plan).play_batch(seeds, policy, -1, 0)
        assert [bytes(a) for a in slow] == [bytes(b) for b in fast]


def test_woodinvale_last_stand_is_played_by_the_typed_engine():
    """The Woodinvale finale (free search markers, zombie autospawn) is played by the typed
    engine with the reference engine's records."""
    board = Board(designer.load(ROOT / "scenarios" / "woodinvale-last-stand.json"))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, "greedy", plan=plan) is None
    seeds = [game_seed(9, i) for i in range(60)]
    for policy in ("greedy", "cautious", "random"):
        for survivors in (None, 1, 2):
            assert _typed(board, seeds, policy, survivors) == _reference(board, seeds, policy, survivors)


def test_no_spawning_point_left_ends_the_games_in_both_engines():
    """"S'il n'y a plus aucun point d'apparition de Zombies sur le plateau de jeu, les Zombies
    perdent automatiquement la partie": every game still running when the pits close is won on
    that turn, by both engines alike."""
    board = _board("no-spawn-point")
    seeds = [game_seed(6, i) for i in range(40)]
    typed = _typed(board, seeds, "greedy", 2)
    assert typed == _reference(board, seeds, "greedy", 2)
    records = typed.records()
    assert all(r["won"] and r["turns"] <= CLOSING["no-spawn-point"] for r in records)
    assert any(r["turns"] == CLOSING["no-spawn-point"] for r in records)


def test_the_markers_make_a_difference_in_the_typed_engine():
    """The free search markers change the games the typed engine plays (the rule is applied, not
    only counted): heroes wandering into other buildings find more cards, so the same seeds give
    other records."""
    seeds = [game_seed(2, i) for i in range(60)]
    with_markers = _typed(_board("free-search"), seeds, "random", 2)
    without = _typed(Board(scenario([], lnoe={"spawn_roll": "1d6"}, survivors={"health": 3, "max": 4})),
                     seeds, "random", 2)
    assert with_markers != without


@pytest.mark.parametrize("name", ["zombie-hand", "named-heroes-becky"])
def test_single_typed_games_give_the_reference_record_and_heroes(name):
    """One game of the typed engine from Python gives the reference record, with the turn limit
    the sun track ended at ("la piste du soleil"), and the heroes alive at the end under their
    own names (what a campaign carries)."""
    from designer.engine.session import TypedGame

    board = _board(name)
    plan = bot_plan(board.scenario)
    limits = set()
    for seed in range(12):
        ref = Game(board, seed, "greedy", survivors=2, plan=plan)
        record = dict(ref.play())
        typed = TypedGame(board, seed, "greedy", survivors=2, plan=plan)
        assert dict(typed.play()) == record
        assert typed.heroes_out() == ref.heroes_out()
        _, heroes = core.play_with_heroes(board, seed, "greedy", 2, None, plan)
        assert heroes == ref.heroes_out()
        limits.add(record.get("turn_limit"))
        if name == "named-heroes-becky":
            assert all(h.get("name") for h in heroes)
    if name == "zombie-hand":
        assert len(limits) > 1  # the cards move the sun


def test_every_growing_hunger_rule_is_played_by_the_typed_engine():
    """Each special rule of Growing Hunger's table is played by the typed engine: no scenario
    using one goes to the reference engine for it."""
    from .test_lnoe_rules import RULES

    profile = make_profile("lnoe")
    for rule in RULES:
        s = scenario([rule], lnoe={"spawn_roll": "1d6"})
        assert typed_problem(s) is None and core._board_problem(Board(s), profile) is None, rule




GROWING_HUNGER = ROOT / "scenarios" / "seul-dans-le-noir-growing-hunger.json"


def test_the_mini_game_with_its_board_library_is_played_by_the_typed_engine():
    """"Sélectionnez au hasard deux des plateaux extérieurs en forme de "L" et placez-les de façon
    à confectionner un plateau de jeu rectangulaire": each game of "Seul dans le noir" draws its
    town, and the typed engine (one engine per town) gives the reference engine's records, game
    for game, with the hero in a random building, the zombie hand and the named heroes."""
    from designer.engine.lnoe import town_of_seed

    board = Board(designer.load(GROWING_HUNGER))
    plan = bot_plan(board.scenario)
    assert typed_problem(board.scenario) is None
    assert core.unsupported(board, "greedy", plan=plan) is None
    seeds = [game_seed(9, i) for i in range(60)]
    assert len({town_of_seed(board, s) for s in seeds}) == 6  # every pair of the four boards
    for policy in ("greedy", "cautious", "random"):
        for survivors in (None, 1, 2):
            assert _typed(board, seeds, policy, survivors) == _reference(board, seeds, policy, survivors)
    table = core.play_games(board, seeds[:10], "greedy", None, 5, plan)
    assert [r["game"] for r in table.records()] == list(range(5, 15))


def test_the_mini_game_interpreted_plays_like_compiled():
    """The typed source run as Python plays the towns of a board library as the compiled engine."""
    board = Board(designer.load(GROWING_HUNGER))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(4, i) for i in range(30)]
    for policy in ("greedy", "random"):
        assert core.play_interpreted(board, seeds, policy, None, 0, plan) == core.play_games(board, seeds, policy,
                                                                                             None, 0, plan)


def test_a_single_typed_game_of_the_mini_game_names_its_town():
    """One typed game of the mini-game gives the reference record, with its town ('A+C') and the
    turn limit the sun track ended at, and its heroes under their names."""
    from designer.engine.session import TypedGame

    board = Board(designer.load(GROWING_HUNGER))
    plan = bot_plan(board.scenario)
    towns = set()
    for seed in range(10):
        ref = Game(board, seed, "greedy", plan=plan)
        record = dict(ref.play())
        typed = TypedGame(board, seed, "greedy", plan=plan)
        assert dict(typed.play()) == record
        assert typed.heroes_out() == ref.heroes_out()
        assert core.play_with_heroes(board, seed, "greedy", None, None, plan)[1] == ref.heroes_out()
        towns.add(record["town"])
    assert len(towns) > 1
    with pytest.raises(ValueError, match="one typed engine per town"):
        core.engine_for(board, plan)


def test_replacements_and_new_heroes_join_in_the_typed_engine():
    """The typed engine adds heroes during the game as the reference engine does: replacements
    for the killed (heroes replenish) and the hero a "Nouveau Héros trouvé" marker brings, and the
    zombies win when they have killed ``heroes_to_lose`` heroes."""
    seeds = [game_seed(21, i) for i in range(40)]
    records = _typed(_board("replenish"), seeds, "random", 2).records()
    assert any(r["survivors"] > 2 for r in records)
    assert any(r["cause"] == "survivor_died" and r["survivors_dead"] == 3 for r in records)
    joined = _typed(_board("exploration"), seeds, "random", 2).records()
    assert any(r["survivors"] == 3 for r in joined)


LOGGED = ["zombie-hand", "named-heroes-becky", "replenish", "exploration-replenish", "first-aid", "well-stocked",
          "no-spawn-point", "grave-dead-horde-replenish", *(f"grave-dead-{a}" for a in range(1, 7))]


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("name", ["woodinvale", "growing-hunger", *LOGGED])
def test_the_typed_transcript_of_growing_hunger_equals_the_reference(name, compiled):
    """The typed engine logs Growing Hunger's events (the grave dead's ability, the spawn roll,
    markers, pick-ups, event cards, first aid, heroes killed and replaced, the grave dead's
    wounds, the zombie cards and the sun, no spawning point left): its log, log lines,
    transcript and record equal the reference engine's, so the log no longer sends these
    games to the reference engine."""
    from designer.engine import session

    if name == "woodinvale":
        board = Board(designer.load(ROOT / "scenarios" / "woodinvale-last-stand.json"))
    elif name == "growing-hunger":
        board = Board(designer.load(GROWING_HUNGER))
    else:
        board = _board(name)
    plan = bot_plan(board.scenario)
    assert session.log_covers(board) is None
    assert core.typed_reason(board, "greedy", plan, log=True) is None
    kinds = set()
    for policy in ("greedy", "random"):
        for seed in range(6 if compiled else 3):
            ref = Game(board, seed, policy, log=True, plan=plan, survivors=None if "-" not in name else 2)
            ref.play()
            typed = session.TypedGame(board, seed, policy, log=True, plan=plan, compiled=compiled,
                                      survivors=None if "-" not in name else 2)
            typed.play()
            assert typed.log == ref.log
            assert [list(e) for e in typed.log] == [list(e) for e in ref.log]
            assert list(typed.log_lines()) == list(ref.log_lines())
            assert typed.transcript() == ref.transcript()
            assert dict(typed.result()) == dict(ref.result())
            kinds |= {e["event"] for e in ref.log}
    assert kinds & {"spawn_roll", "marker", "zombie_card", "grave_dead", "new_hero", "sun", "pick_up", "event",
                    "first_aid", "no_spawn_point", "grave_dead_shrugs", "grave_dead_wounded"} or name == "woodinvale"


def test_heroes_carried_in_with_events_and_names_play_in_the_typed_engine():
    """"chacun conservant tous les objets et événements qu'il possédait à la fin de sa
    mini-partie": heroes carried into a Growing Hunger game bring their items and event cards
    and keep their names, in the typed engine as in the reference engine (Becky keeps her first
    aid; a hero carried in leaves the roster of replacements)."""
    board = _board("replenish")
    plan = bot_plan(board.scenario)
    heroes = [{"name": "Becky, the nurse", "items": ["pistol"], "events": ["first aid"], "xp": 2, "wounds": 1},
              {"name": "Sam, the cook", "items": ["pan"], "events": [], "xp": 0, "wounds": 0},
              {"items": ["crowbar"], "xp": 1, "wounds": 0}]
    assert core.unsupported(board, "greedy", heroes=heroes, plan=plan) is None
    for seed in range(20):
        ref = Game(board, seed, "greedy", heroes=heroes, plan=plan)
        r = ref.play()
        record, out = core.play_with_heroes(board, seed, "greedy", None, heroes, plan)
        assert record == {k: r[k] for k in ("won", "cause", "turns", "survivors")}
        assert out == ref.heroes_out()
