"""Eden (seed 004): victory points over five turns, infestation by points and the monsters'
activation rule (docs/terrain.md)."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from designer.analysis.points import playtest_points, points_summary
from designer.checks import check
from designer.cli import cli
from designer.engine import Board
from designer.engine import Game
from designer.engine import core
from designer.io.files import LoadError, parse

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "eden-skirmish.json"


def _field(points: dict | None = None, infestation: dict | None = None) -> dict:
    """Zones A-B-C-D-E in a line (a street with sight along it), start A, a token in C."""
    zones = [{"id": z} for z in "ABCDE"]
    conns = [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in ("AB", "BC", "CD", "DE")]
    d = {
        "schema_version": 1, "id": "field", "meta": {"title": "Field"},
        "zones": zones, "connections": conns,
        "sight_lines": [{"id": "street", "zones": list("ABCDE")}],
        "objectives": [{"id": "tok", "kind": "token", "zone": "C"}, {"id": "flag", "kind": "token", "zone": "A"}],
        "spawns": [{"id": "sp", "zone": "E", "order": 1, "active": False}],
        "victory": {"steps": [{"kind": "survive", "turns": 5}]},
        "setup": {"start_zones": ["A"], "survivors": {"min": 1, "max": 1, "health": 3,
                                                      "starting_equipment": ["machete"]}},
    }
    if points is not None:
        d["points"] = points
    if infestation is not None:
        d["infestation"] = infestation
    return d


def _idle(view, s, acts):
    return ("pass",)


# -- victory points --------------------------------------------------------------------------------


def test_points_held_are_counted_each_of_the_five_turns():
    """"Une partie d'Eden se compose de 5 tours de jeu. A la fin de ces 5 tours, la partie
    s'arrête et les joueurs font le décompte de leurs points de victoire": a survivor who never
    leaves the flag's zone holds it at the end of each of the 5 turns: 5 x 2 points."""
    d = _field({"turns": 5, "target": 10, "objectives": [{"objective": "flag", "held": 2}]})
    r = Game(Board(parse(d)), 3, _idle, plan=()).play()
    assert r["points"] == 10 and r["turns"] == 5 and r["won"]
    d["points"]["target"] = 11
    r = Game(Board(parse(d)), 3, _idle, plan=()).play()
    assert r["points"] == 10 and not r["won"] and r["cause"] == "turn_limit"


def _taker(view, s, acts):
    """Strike when a zombie is in reach, else take what lies here, else wait."""
    for kind in ("melee", "take"):
        for a in acts:
            if a[0] == kind:
                return a
    return ("pass",)


def test_points_taken_count_once_and_kills_by_type():
    """"Les joueurs comptabilisent les points de victoire (PV) qu'ils ont obtenu durant le tour
    ... Ces points sont ajoutés à ceux obtenus aux tours précédents": a token taken scores
    once, each walker killed scores its points (a ghoul, Eden's walker, stands on the flag)."""
    d = _infested([{"monster": "ghoul", "zone": "A"}], points=1)
    d["points"] = {"turns": 5, "target": 1, "objectives": [{"objective": "flag", "taken": 3}], "kills": {"walker": 2}}
    board = Board(parse(d))
    killed = 0
    for seed in range(8):
        r = Game(board, seed, _taker, plan=()).play()
        assert r["objectives"].get("flag") is not None  # the flag was taken
        assert r["points"] == 3 + 2 * r["kills_walker"]  # once, not once per turn; 2 a walker
        killed += r["kills_walker"]
    assert killed  # some games scored a kill


def test_a_game_without_points_has_no_points_field():
    """Only points missions carry the new record field; other records are unchanged."""
    r = Game(Board(parse(_field())), 1, _idle, plan=()).play()
    assert "points" not in r


def test_a_points_mission_scores_nothing_is_refused():
    """A points section that scores nothing is refused at its path; an objective it names must exist."""
    with pytest.raises(LoadError) as e:
        parse(_field({"turns": 5}))
    assert "points" in str(e.value) and "scores nothing" in str(e.value)
    with pytest.raises(LoadError) as e:
        parse(_field({"turns": 5, "objectives": [{"objective": "nope", "held": 1}]}))
    assert "points.objectives[0].objective" in str(e.value)


def test_points_ending_early_is_a_warning():
    """A turn limit of 4 and an 'end_game' trigger both end the game before the fifth turn's count."""
    d = _field({"turns": 5, "objectives": [{"objective": "flag", "held": 1}]})
    d["setup"]["turn_limit"] = 4
    d["triggers"] = [{"id": "boom", "when": {"kind": "turn_reached", "turn": 3},
                      "then": [{"kind": "end_game", "outcome": "loss"}]}]
    found = [f for f in check(parse(d)).findings if f.code == "points-ends-early"]
    assert [(f.path, f.ids) for f in found] == [("triggers[0]", ("boom",)), ("setup.turn_limit", ())]


def test_victory_steps_guide_but_do_not_end_a_points_mission():
    """"A la fin de ces 5 tours, la partie s'arrête": the token taken on turn 1 meets the
    mission's step, yet the game goes on to the fifth turn and the score decides."""
    d = _field({"turns": 5, "target": 3, "objectives": [{"objective": "flag", "taken": 3}]})
    d["victory"] = {"steps": [{"kind": "take_objectives", "objectives": ["flag"]}]}
    board = Board(parse(d))
    g = Game(board, 1, _taker, plan=())
    g.play_on(max_turns=1)
    assert g.step_met(0) and not g.over  # the step is met on turn 1, the game goes on
    r = g.play_on()
    assert r["turns"] == 5 and r["won"] and r["points"] == 3


def test_points_summary_is_the_sample_statistics():
    """Mean, standard deviation, quantiles, the mean's interval and the share reaching a target."""
    s = points_summary([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], target=8)
    assert s["mean"] == 5.5 and s["quantiles"]["50%"] == 5.5
    assert s["sd"] == pytest.approx(3.0276503540974917)
    assert s["low"] == pytest.approx(5.5 - 1.959963984540054 * 3.0276503540974917 / 10 ** 0.5)
    assert s["reached"]["games"] == 3 and s["reached"]["share"] == 0.3


def test_the_sample_plays_as_a_distribution_of_points():
    """The Eden sample: each game's score is recorded; the run's distribution agrees with the
    games played one by one with the same seeds."""
    import designer

    s = designer.load(SAMPLE)
    r = playtest_points(s, n=40, seed=5)
    assert len(r.rows) == 40
    from designer.engine.seeds import game_seed
    from designer.plans import bot_plan

    board, plan = Board(s), bot_plan(s)
    one = [Game(board, game_seed(5, i), "greedy", plan=plan).play() for i in (0, 17)]
    assert [int(r.rows[i, 2]) for i in (0, 17)] == [g["points"] for g in one]
    assert r.summary()["games"] == 40
    assert sum(c for _v, c in r.histogram()) == 40
    assert "95 % interval" in r.report()
    assert all(bool(w) == (p >= s.points.target) for p, w in zip(r.rows[:, 2], r.rows[:, 3]))


def test_points_command_prints_the_distribution(tmp_path):
    """`designer points FILE` prints the summary and writes one row per game."""
    out = tmp_path / "games.csv"
    res = CliRunner().invoke(cli, ["points", str(SAMPLE), "-n", "12", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "Victory points: eden-skirmish" in res.output and "| points | games | share |" in res.output
    assert len(out.read_text().splitlines()) == 13
    res = CliRunner().invoke(cli, ["points", str(ROOT / "scenarios" / "night-shift.json"), "-n", "2"])
    assert res.exit_code == 1 and "not a victory points mission" in res.output


# -- infestation ----------------------------------------------------------------------------------

MONSTERS = [{"id": "ghoul", "level": 1}, {"id": "brute", "level": 3, "zombie": "fatty"}]


def _infested(placed: list[dict], points: int = 4, min_distance: int = 2) -> dict:
    return _field(infestation={"points": points, "min_distance": min_distance, "monsters": MONSTERS,
                               "placed": placed})


def _codes(d: dict) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in check(parse(d)).findings:
        out.setdefault(f.code, []).append(f)
    return out


def test_infestation_placed_closer_than_allowed_names_both():
    """"Un CNJ ne peut pas être placé sur le terrain à moins de 15 cm d'un autre CNJ": two
    monsters one zone apart when two are required."""
    found = _codes(_infested([{"monster": "ghoul", "zone": "C"}, {"monster": "brute", "zone": "D"}]))
    assert [f.ids for f in found["infestation-too-close"]] == [("C", "D", "ghoul", "brute")]
    assert "infestation-too-close" not in _codes(_infested([{"monster": "ghoul", "zone": "C"},
                                                             {"monster": "brute", "zone": "E"}]))


def test_infestation_over_spent_and_under_spent():
    """"Le Premier joueur dépense X points d'Infestation de sa réserve et place un CNJ dont le
    niveau est X ... jusqu'à ce que les deux joueurs ne possèdent plus assez de points
    d'Infestation pour acheter un CNJ": 5 points of monsters on a budget of 4 is over-spent;
    one brute on 4 leaves enough for a ghoul."""
    over = _codes(_infested([{"monster": "ghoul", "zone": "C"}, {"monster": "brute", "zone": "E"},
                             {"monster": "ghoul", "zone": "A"}], points=4))
    assert over["infestation-over-spent"][0].ids == ("ghoul", "brute")
    assert "5 infestation points" in over["infestation-over-spent"][0].message
    assert over["infestation-in-start-zone"][0].ids == ("ghoul", "A")
    under = _codes(_infested([{"monster": "brute", "zone": "E"}], points=4))
    assert under["infestation-under-spent"][0].ids == ("ghoul",)
    exact = _codes(_infested([{"monster": "brute", "zone": "E"}, {"monster": "ghoul", "zone": "C"}], points=4))
    assert not {"infestation-over-spent", "infestation-under-spent"} & set(exact)


def test_a_placement_naming_nothing_is_refused_at_its_path():
    with pytest.raises(LoadError) as e:
        parse(_infested([{"monster": "ghost", "zone": "Q"}]))
    text = str(e.value)
    assert "infestation.placed[0].monster" in text and "infestation.placed[0].zone" in text


def test_monsters_are_placed_at_set_up():
    """The placed monsters stand in their zones when the game starts, as zombies of their type."""
    board = Board(parse(_infested([{"monster": "brute", "zone": "E"}, {"monster": "ghoul", "zone": "C"}])))
    g = Game(board, 1, _idle, plan=())
    assert g.state.zombies[board.zone_index["E"]][2] == 1  # a fatty
    assert g.state.zombies[board.zone_index["C"]][0] == 1  # a walker
    assert g.tables.inf_ai == 1 and g.board.scenario.setup.rules.profile == "zombicide"  # Eden's activation


def test_a_monster_charges_a_survivor_in_sight_and_attacks_at_once():
    """"Charger: Cette action est obligatoire si le CNJ est libre et si au moins un combattant se
    trouve à moins de 10 cm et dans la ligne de vue du CNJ. Celui-ci effectue immédiatement un
    déplacement qui l'amène au contact ... Puis il effectue une attaque": a monster one zone from
    the survivor moves into its zone and wounds it in the same activation."""
    board = Board(parse(_infested([{"monster": "ghoul", "zone": "B"}], points=1)))
    g = Game(board, 1, _idle, plan=())
    g.activate()
    assert g.state.zombies[board.zone_index["A"]][0] == 1
    assert g.state.survivors[0].wounds == 1  # a walker's attack always hits in Zombicide


def test_a_monster_that_sees_nobody_prowls_one_zone():
    """"Rôder: Le CNJ se déplace de 5 cm dans la direction du choix du joueur": a monster three
    zones from the survivor (out of charge range) steps to one of its neighbours; over seeds
    it goes both ways."""
    board = Board(parse(_infested([{"monster": "ghoul", "zone": "D"}], points=1)))
    went = set()
    for seed in range(30):
        g = Game(board, seed, _idle, plan=())
        g.activate()
        went |= {board.zone_ids[z] for z in range(board.n) if g.state.zombies[z][0]}
    assert went == {"C", "E"}


def test_profile_ai_keeps_the_zombicide_zombies():
    """With ai 'profile' the zombies hunt by noise as Zombicide's do (no Eden mix-in)."""
    d = _infested([{"monster": "ghoul", "zone": "D"}], points=1)
    d["infestation"]["ai"] = "profile"
    from designer.engine.typed.tables import tables_for

    assert tables_for(Board(parse(d)), ())[0].inf_ai == 0


def test_an_infested_scenario_is_played_by_the_typed_engine():
    """The typed engine plays Eden's monsters (tests/test_eden_typed.py checks its games)."""
    from designer.engine.profiles import make_profile

    board = Board(parse(_infested([{"monster": "ghoul", "zone": "D"}], points=1)))
    assert core._board_problem(board, make_profile("zombicide")) is None
    if core.available():
        assert core.unsupported(board, "greedy", plan=()) is None


def test_the_sample_validates_without_errors():
    """The Eden sample uses terrain, victory points and infestation, and validates."""
    import designer

    report = check(designer.load(SAMPLE))
    assert report.winnable
    assert not report.errors, [f.message for f in report.errors]
    data = json.loads(SAMPLE.read_text())
    broken = copy.deepcopy(data)
    broken["infestation"]["placed"][0]["zone"] = "C1"  # the brute next to the ghoul pack in the dark wood
    codes = {f.code for f in check(parse(broken)).findings}
    assert "infestation-too-close" in codes


def test_a_monster_in_contact_attacks_and_noise_does_not_draw_the_others():
    """"Attaquer: Cette action est obligatoire si au moins un combattant est en contact avec le
    CNJ": the ghoul in the survivor's zone attacks and stays; the brute three zones away, out of
    charge range, is not drawn by the survivor's noise (it prowls, never toward the noise by
    rule: over seeds it goes both ways)."""
    board = Board(parse(_infested([{"monster": "ghoul", "zone": "A"}, {"monster": "brute", "zone": "D"}], points=4,
                                  min_distance=1)))
    went = set()
    for seed in range(30):
        st = Game(board, seed, _idle, plan=()).state  # the position after set-up, then noise added
        st.add_noise(board.zone_index["A"], 5)
        Game(board, seed, _idle, plan=(), state=st).activate()
        assert st.survivors[0].wounds == 1 and st.zombies[board.zone_index["A"]][0] == 1
        went |= {board.zone_ids[z] for z in range(board.n) if st.zombies[z][2]}
    assert went == {"C", "E"}
