"""Seul dans le noir (Growing Hunger's mini-game): the town drawn from a board library, the hero in
a random building, the zombie player's hand and the sun track, the optional rules.

Each test quotes the rulebook sentence it checks (seed 000, "MINI-JEU: SEUL DANS LE NOIR").
"""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

import designer
from designer.checks import check
from designer.engine import core, lnoe
from designer.engine.board import Board
from tests.reference.game import Game
from designer.io.files import LoadError, loads
from designer.town import iter_towns, seam_joins, town_scenario

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "seul-dans-le-noir-growing-hunger.json"


@pytest.fixture(scope="module")
def sample():
    return designer.load(SAMPLE)


@pytest.fixture(scope="module")
def board(sample):
    return Board(sample)


def test_each_game_draws_two_of_the_l_shaped_boards(board):
    """"Sélectionnez au hasard deux des plateaux extérieurs en forme de "L" et placez-les de façon
    à confectionner un plateau de jeu rectangulaire": each game draws two boards of the library
    from its own generator, so the same seed gives the same town."""
    towns = Counter(Game(board, seed).state.lnoe.town for seed in range(120))
    assert set(towns) == {"A+B", "A+C", "A+D", "B+C", "B+D", "C+D"}
    assert min(towns.values()) >= 8
    assert [Game(board, 7).state.lnoe.town for _ in range(3)] == [Game(board, 7).state.lnoe.town] * 3
    g = Game(board, 7)
    drawn = g.state.lnoe.town.split("+")
    on = {z: b.id for b in board.scenario.town.boards for z in b.zones}
    assert {on[z] for z in g.board.zone_ids if z in on} == set(drawn)


def test_the_two_boards_meet_at_their_seams(sample):
    """The rectangle joins one board's seam streets to the other's, zone by zone: the town of
    boards A and B is the Woodinvale of the campaign's finale."""
    assert seam_joins(sample.town, ("A", "B")) == [("A-west-2", "B-south-1"), ("A-cross", "B-cross"),
                                                   ("A-north-3", "B-east-1")]
    town = town_scenario(sample, ("A", "C"))
    ids = {z.id for z in town.zones}
    assert not any(i.startswith(("B-", "D-")) for i in ids)
    seams = [(c.source, c.target) for c in town.connections if c.id.startswith("seam-")]
    assert ("A-west-2", "C-north-3") in seams and ("A-north-3", "C-west-2") in seams
    finale = designer.load(ROOT / "scenarios" / "woodinvale-last-stand.json")
    ab = town_scenario(sample, ("A", "B"))
    pairs = lambda s: {frozenset((c.source, c.target)) for c in s.connections}  # noqa: E731
    assert pairs(ab) == pairs(finale)


def test_every_town_validates(sample):
    """Every pair of boards the library can draw gives a town that can be won."""
    assert len(list(iter_towns(sample.town))) == 6
    report = check(sample)
    assert report.winnable and not report.errors
    for boards in iter_towns(sample.town):
        assert check(town_scenario(sample, boards)).winnable


def test_the_hero_starts_in_a_random_building_d6_for_the_board_d6_for_the_building(board):
    """"Pour déterminer un bâtiment au hasard, lancez un dé et consultez le diagramme ci-dessous pour
    trouver le plateau, puis relancez pour déterminer le bâtiment. Le joueur Héros sélectionne au
    hasard un Héros et place la figurine correspondante dans une des cases du bâtiment"."""
    g = Game(board, 11)
    boards = tuple(g.state.lnoe.town.split("+"))
    lib = {b.id: b for b in board.scenario.town.boards}
    expect = {}
    for r1 in range(1, 7):
        for r2 in range(1, 7):
            g.script = [r1, r2]
            bld = lnoe.random_building(g, boards)
            expect[(r1, r2)] = bld
    first = {g.board.building_of[g.board.zone_index[z]] for z in lib[boards[0]].zones} - {-1}
    second = {g.board.building_of[g.board.zone_index[z]] for z in lib[boards[1]].zones} - {-1}
    assert {expect[(r, k)] for r in (1, 2, 3) for k in range(1, 7)} == first
    assert {expect[(r, k)] for r in (4, 5, 6) for k in range(1, 7)} == second
    assert expect[(1, 1)] == expect[(1, 2)] != expect[(1, 3)]
    starts = Counter()
    names = Counter()
    for seed in range(60):
        game = Game(board, seed)
        hero = game.state.survivors[0]
        starts[game.board.building_of[hero.zone] >= 0] += 1
        names[game.state.lnoe.names[0]] += 1
    assert starts == {True: 60}
    assert len(names) == 5  # "sélectionne au hasard un Héros": any of the five


def test_the_hero_gets_two_starting_cards_and_their_own(board, sample):
    """"Objectifs du Scénario Cartes de début des Héros (2), Marqueurs de recherche bonus": each
    hero draws 2 extra hero cards on top of their own, and a free search marker lies on every
    other building."""
    own = {h.name: h.items for h in sample.setup.survivors.heroes}
    for seed in range(10):
        g = Game(board, seed)
        hero = g.state.survivors[0]
        mine = own[g.state.lnoe.names[0]]
        assert hero.items[:len(mine)] == mine and len(hero.items) == len(mine) + 2
        assert len(g.state.lnoe.markers) == len(g.board.building_zones) - 1


def test_the_zombie_player_holds_two_cards(board):
    """"Le joueur Zombie est soumis aux mêmes règles que si il participait à une partie avec 2
    joueurs Zombies (il a une réserve de 7 figurines, une main de 2 cartes, ne fait apparaître que
    1d3 Zombies, etc...)"."""
    for seed in range(10):
        g = Game(board, seed)
        assert len(g.state.lnoe.hand) == 2 and sum(g.state.pool) == 7
        g.play_on(max_turns=3)
        assert len(g.state.lnoe.hand) == 2 or g.state.outcome


def test_the_sun_track_is_the_turn_limit_and_an_endless_night_moves_it_back(board):
    """"Une nuit sans fin" reçoit en plus le texte suivant: "Placez un Zombie de la réserve de
    Zombies sur chacun de leurs points d'apparition. [...] De plus, reculez le pion sur la piste du
    soleil de 2 emplacements" (ceci ayant pour effet d'augmenter le nombre de tours restant)."""
    g = Game(board, 4)
    cfg = lnoe.config(g.board)
    night = next(i for i, (name, effect) in enumerate(cfg.zombie_deck) if effect == "endless-night")
    g.state.lnoe.hand = [night]
    g.state.lnoe.sun = 0
    before = g.state.pool[4]
    spawns = len(lnoe._active_spawns(g))
    assert g.profile.turn_limit(g) == 15
    lnoe.play_card(g)
    assert g.profile.turn_limit(g) == 17 and g.state.pool[4] == before - min(spawns, before)
    g.state.turn = 17
    g.state.outcome = ""
    g._finish_turn()
    assert g.state.outcome == "loss" and g.state.cause == "turn_limit"


def test_a_card_naming_two_heroes_is_discarded_and_moves_the_sun(board):
    """"Toute carte faisant référence à au moins 2 Héros (telles que "Sacrifice inutile",
    "Chamaillerie", etc) est immédiatement défaussée lorsqu'elle est tirée et permet au joueur qui
    l'avait reçue de déplacer l'indicateur de la piste du soleil d'un emplacement en avant OU en
    arrière": the zombie player moves it toward dawn."""
    g = Game(board, 4)
    cfg = lnoe.config(g.board)
    two = [i for i, (_, effect) in enumerate(cfg.zombie_deck) if effect == "names-heroes"]
    other = [i for i, (_, effect) in enumerate(cfg.zombie_deck) if effect == "none"]
    ls = g.state.lnoe
    ls.hand, ls.sun, ls.discard = [], 0, []
    ls.deck = [other[0], other[1], two[0]]  # drawn from the end: the two-hero card first
    lnoe.refill_hand(g)
    assert ls.hand == [other[1], other[0]] and ls.discard == [two[0]] and ls.sun == -1
    assert g.profile.turn_limit(g) == 14


def test_becky_heals_herself_on_4_or_more_in_place_of_her_move(board):
    """"Becky, l'infirmière, peut utiliser sa capacité "Premiers soins" comme une action de
    déplacement pour se soigner à elle-même une blessure sur un jet de 4+"."""
    g = Game(board, 2)
    hero = g.state.survivors[0]
    g.state.lnoe.names[0] = "Becky, the nurse"
    hero.items = [n for n in hero.items if n != "first aid"]
    for z in range(g.board.n):
        g.state.zombies[z] = [0] * len(g.state.zombies[z])
    hero.wounds = 2
    g.script = [4]
    assert g.profile.action_budget(g, hero) == 1 and hero.wounds == 1
    g.script = [3]
    assert g.profile.action_budget(g, hero) == 1 and hero.wounds == 1
    g.state.lnoe.names[0] = "Sam, the cook"
    assert g.profile.action_budget(g, hero) == 2 and hero.wounds == 1


def test_town_games_are_played_by_the_typed_engine(board):
    """The typed engine draws towns too (one engine per town, the draw from the game's own
    generator): a scenario with a board library plays in the typed engine, with or without named
    heroes; the records are compared in ``tests/test_lnoe_typed.py``."""
    s = board.scenario
    bare = s.model_copy(update={"setup": s.setup.model_copy(update={
        "survivors": s.setup.survivors.model_copy(update={"heroes": []})})})
    for b in (board, Board(bare)):
        assert core._board_problem(b, Game(b, 1).profile) is None
        assert core.town_problem(b) is None


def test_a_bad_library_is_refused_at_its_json_path(sample):
    """Seams must meet zone by zone; a seam zone must lie on its own board."""
    data = sample.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["town"]["boards"][2]["first"] = data["town"]["boards"][2]["first"][:1]
    import json

    with pytest.raises(LoadError) as e:
        loads(json.dumps(data), "town.json")
    assert "town" in str(e.value) and "expected 2" in str(e.value)
    data = sample.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["town"]["boards"][1]["zones"].append("A-north-1")
    found = [f for f in check(designer.Scenario.model_validate(data)).findings if f.code == "town-zone-on-two-boards"]
    assert found and found[0].ids == ("A-north-1",)
    with pytest.raises(ValidationError):
        designer.Scenario.model_validate({**data, "town": {"boards": data["town"]["boards"][:1]}})


def test_a_town_game_is_the_same_game_for_the_same_seed_and_a_copy_plays_on_alike(board):
    """Seeded: the same seed gives the same town and the same game; a copy made mid-game plays on
    like the original (the town, markers, hand and sun travel with the state)."""
    a, b = Game(board, 21).play(), Game(board, 21).play()
    assert a == b
    g = Game(board, 21)
    g.play_on(max_turns=2)
    c = g.copy()
    assert c.board is g.board and c.state.lnoe is not g.state.lnoe
    assert c.play() == g.play() == a
