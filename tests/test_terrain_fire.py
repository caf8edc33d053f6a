"""Flammable scenery (Eden's "Inflammable"): a ``set_fire`` effect lights it, it bars the way
while it burns, survivors at hand catch burn markers, each end of turn it gains a marker that
counts as an attack for destruction(x), and burning survivors roll for wounds and douse their
markers (docs/terrain.md, *Fire*). The rules are checked on the typed engine (positions put in
with ``Engine.load``); the reference engine only where the two are compared, record for record
and log for log."""

from __future__ import annotations

import copy
import json

import ipywidgets as w
import pytest

from designer.engine import session
from designer.engine.board import Board
from tests.reference.game import Game
from designer.io.files import parse
from designer.io import LoadError
from designer.plans import bot_plan
from designer.rules.terrain import DEVASTATED_OBSTRUCTION, expected_burn_wounds, terrain_tables

from .conftest import ROOT
from .test_terrain_typed import _same_games
from .widget_tree import drafts  # noqa: F401 (the widget tests' fixture)

SAMPLE = json.loads((ROOT / "scenarios" / "eden-wildfire.json").read_text(encoding="utf-8"))


def _line(zone_terrain: dict | None = None, conn_terrain: dict | None = None, fire: list[dict] | None = None,
          health: int = 3) -> dict:
    """A street A-B-C-D with a way round A-E-F-D; start A, a token in D, a spawn in F. Terrain on
    zone B and on the connection A-B; ``fire``: the effects of a trigger on turn 1."""
    zones = [{"id": z, "kind": "street"} for z in "ABCDEF"]
    conns = [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in ("AB", "BC", "CD", "AE", "EF", "FD")]
    if zone_terrain:
        zones[1]["terrain"] = zone_terrain
    if conn_terrain:
        conns[0]["terrain"] = conn_terrain
    data = {
        "schema_version": 1, "id": "line", "meta": {"title": "Line"}, "zones": zones, "connections": conns,
        "objectives": [{"id": "tok", "kind": "token", "zone": "D"}],
        "spawns": [{"id": "sp", "zone": "F", "order": 1}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["tok"]}]},
        "setup": {"start_zones": ["A"], "turn_limit": 10,
                  "survivors": {"min": 1, "max": 4, "health": health, "starting_equipment": ["fire axe", "pistol"]}},
    }
    if fire:
        data["triggers"] = [{"id": "lit", "when": {"kind": "turn_reached", "turn": 1}, "then": fire}]
    return data


def _game(data: dict, seed: int = 1, policy: str = "greedy") -> Game:
    board = Board(parse(data))
    return Game(board, seed, policy, log=True, plan=bot_plan(board.scenario))


def _codes(data: dict) -> dict[str, list]:
    from designer.checks import check

    out: dict[str, list] = {}
    for f in check(parse(data)).findings:
        out.setdefault(f.code, []).append(f)
    return out


# -- the model ------------------------------------------------------------------------------------


def test_set_fire_names_exactly_one_piece_that_exists():
    """A ``set_fire`` effect takes a zone or a connection, and the loader refuses a dangling id
    with its JSON path."""
    with pytest.raises(LoadError, match="exactly one of 'zone'"):
        parse(_line({"flammable": True}, fire=[{"kind": "set_fire"}]))
    with pytest.raises(LoadError, match="exactly one of 'zone'"):
        parse(_line({"flammable": True}, fire=[{"kind": "set_fire", "zone": "B", "connection": "AB"}]))
    with pytest.raises(LoadError, match=r"triggers\[0\]\.then\[0\]\.zone.*Q9"):
        parse(_line({"flammable": True}, fire=[{"kind": "set_fire", "zone": "Q9"}]))
    with pytest.raises(LoadError, match=r"triggers\[0\]\.then\[0\]\.connection.*nowhere"):
        parse(_line({"flammable": True}, fire=[{"kind": "set_fire", "connection": "nowhere"}]))
    s = parse(_line({"flammable": True}, fire=[{"kind": "set_fire", "zone": "B", "markers": 2}]))
    assert s.triggers[0].then[0].markers == 2


# -- the rule -------------------------------------------------------------------------------------


def _typed(data: dict, policy: str = "greedy", seed: int = 1, **position) -> session.TypedGame:
    """A typed game of ``data`` set up with ``seed``; ``position`` (zone ids for zone numbers
    left to the caller) is loaded into it (``Engine.load``: survivors, zombies, burn markers)."""
    board = Board(parse(data))
    g = session.TypedGame(board, seed, policy, log=True, plan=bot_plan(board.scenario))
    if position:
        g.engine.load(position)
    return g


def _legal(g: session.TypedGame, si: int = 0) -> list[tuple]:
    return [session.action_tuple(g.tables, k, a, b) for k, a, b in g.engine.legal(si)]


def test_a_burn_marker_is_an_attack_and_burning_scenery_ends_destroyed():
    """Seed 004: "Pendant la Phase d'Intendance, rajoutez un marqueur Brûlure sur le décor s'il en
    possède au moins un. Chaque marqueur Brûlure présent sur un tel décor compte comme étant une
    Attaque pour la règle spéciale Destruction(X)." Bushes of destruction(3) lit with one marker
    on turn 1 gain one at each end of turn and are destroyed at the second (1 + 2 = 3 attacks): a
    devastated zone (obstruction(2), no longer crossable), which burns no more."""
    data = _line({"flammable": True, "destruction": 3, "crossable": True}, fire=[{"kind": "set_fire", "zone": "B"}])
    g = _typed(data)
    b = g.board.zone_index["B"]
    g.engine.begin_turn()  # the trigger of turn 1 lights the bushes
    st = g.engine.state()
    assert (st["burning"], st["damage"]) == ({b: 1}, {b: 1})
    g.engine.end_turn()
    st = g.engine.state()
    assert (st["burning"], st["damage"]) == ({b: 2}, {b: 2})
    g.engine.end_turn()
    st = g.engine.state()
    assert (st["burning"], st["damage"]) == ({}, {b: 3})
    view = g.position()
    assert view.state.destroyed == 1 << b
    assert view.terrain.zone_obstruction[b] == DEVASTATED_OBSTRUCTION and not view.terrain.crossable[b]
    assert [(e["event"], e.get("markers")) for e in g.log if e["event"] in ("fire", "destroyed")] == \
        [("fire", 1), ("fire", 2), ("fire", 3), ("destroyed", None)]


def test_flammable_scenery_without_destruction_burns_on():
    """With no destruction(x) the markers pile up and the fire never goes out: lit with 2 on
    turn 1, 6 after four ends of turn."""
    g = _typed(_line({"flammable": True}, fire=[{"kind": "set_fire", "zone": "B", "markers": 2}]))
    b = g.board.zone_index["B"]
    g.engine.begin_turn()
    for _ in range(4):
        g.engine.end_turn()
    st = g.engine.state()
    assert st["burning"] == {b: 6} and st["damage"] == {}


def test_only_flammable_scenery_burns():
    g = _typed(_line({"obstruction": 2, "destruction": 3}, fire=[{"kind": "set_fire", "zone": "B"}]))
    g.engine.begin_turn()
    assert g.engine.state()["burning"] == {} and g.engine.state()["damage"] == {}


def test_nobody_enters_or_crosses_burning_scenery():
    """Seed 004: "Lorsqu'un tel décor possède au moins un marqueur, il perd ses règles spéciales
    Franchissement, Occupation et Obstruction": with neither, nobody crosses it or stops in it. A
    burning zone cannot be entered; a burning connection cannot be crossed; the way round stays
    open."""
    data = _line({"flammable": True, "destruction": 4})
    zi = Board(parse(data)).zone_index
    g = _typed(data, survivors=[{"zone": zi["A"], "actions_left": 3}])
    assert ("move", zi["B"], 0) in _legal(g)
    g = _typed(data, survivors=[{"zone": zi["A"], "actions_left": 3}], burning={zi["B"]: 1})
    assert not any(a[0] == "move" and a[1] == zi["B"] for a in _legal(g))
    assert any(a[0] == "move" and a[1] == zi["E"] for a in _legal(g))
    data = _line(conn_terrain={"flammable": True, "destruction": 4})
    board = Board(parse(data))
    ab = board.conn_index["AB"]
    g = _typed(data, survivors=[{"zone": zi["A"], "actions_left": 3}], burning={board.n + ab: 1})
    assert not any(a[0] == "move" and a[2] == ab for a in _legal(g))
    assert any(a[0] == "move" and a[1] == zi["E"] for a in _legal(g))


def test_survivors_at_hand_catch_one_burn_marker():
    """Seed 004: "Les combattants qui commencent leur activation ou terminent un déplacement au
    contact d'un décor Inflammable qui possède au moins un marqueur Brûlure reçoivent
    immédiatement un marqueur Brûlure." In the zone beside a burning zone, or at either end of a
    burning connection, a survivor is at hand; two zones away it is not; it catches one marker
    whatever the number burning."""
    data = _line({"flammable": True}, {"flammable": True})
    board = Board(parse(data))
    zi, n, ab = board.zone_index, board.n, board.conn_index["AB"]
    t = terrain_tables(board.rules)
    assert t.fire_at[zi["A"]] == (n + ab, zi["B"]) and zi["B"] in t.fire_at[zi["C"]]
    assert not t.fire_at[zi["D"]]
    ea = next(c for v, c in board.surv_adj[zi["E"]] if v == zi["A"])
    dc = next(c for v, c in board.surv_adj[zi["D"]] if v == zi["C"])
    g = _typed(data, survivors=[{"zone": zi["E"], "actions_left": 3}, {"zone": zi["D"], "actions_left": 3}],
               burning={zi["B"]: 1, n + ab: 1}, burn=[0, 0])
    g.engine.apply_one(0, 1, zi["A"], ea)  # into A: both burning pieces at hand, one marker
    g.engine.apply_one(1, 1, zi["C"], dc)  # into C, beside the burning zone
    assert g.engine.state()["burn"] == [1, 1]
    g.engine.apply_one(1, 1, zi["D"], dc)  # back into D, two zones away: no marker
    assert g.engine.state()["burn"] == [1, 1]
    assert [(e["survivor"], e["change"], e["markers"]) for e in g.log if e["event"] == "burn"] == [(0, 1, 1), (1, 1, 1)]


def test_a_survivor_douses_a_marker_for_one_action():
    """Seed 004: "Durant son activation, un combattant peut retirer un de ses marqueurs Brûlure en
    dépensant 1 PA." The action ``douse`` is offered only to a burning survivor, last."""
    data = _line({"flammable": True})
    zi = Board(parse(data)).zone_index
    g = _typed(data, survivors=[{"zone": zi["D"], "actions_left": 3}], burn=[0])
    assert ("douse",) not in _legal(g)
    g = _typed(data, survivors=[{"zone": zi["D"], "actions_left": 3}], burn=[2])
    assert _legal(g)[-1] == ("douse",)
    g.engine.apply_one(0, 15, 0, 0)
    assert g.engine.state()["burn"] == [1]
    assert [e for e in g.log if e["event"] == "burn"][-1]["change"] == -1


def _burn_distribution(markers: int) -> list[float]:
    """The wounds of ``markers`` end-of-turn burn rolls, counted from the rulebook's sentence and
    not from the engine's constants: every sequence of ``markers`` d6 faces is equally likely, and
    a face wounds when it is "strictement supérieur à la VIG" of 4 (Yûri's "4 en VIG")."""
    from itertools import product

    counts = [0] * (markers + 1)
    for faces in product(range(1, 7), repeat=markers):
        counts[sum(1 for f in faces if f > 4)] += 1
    return [c / 6 ** markers for c in counts]


def test_the_burn_roll_matches_its_closed_form():
    """Seed 004: "Chaque combattant ayant au moins un marqueur Brûlure risque de subir des
    blessures ... lance 3D6 + 1D6 de localisation. Chaque résultat de dé strictement supérieur à la
    VIG du combattant ... inflige 1 blessure ... Ensuite, un marqueur Brûlure est retiré de ce
    combattant." On a zone map: one d6 per burning survivor and end of turn, a wound above VIG 4,
    then a marker off. The typed engine's end phase (``TypedGame.end_phase``) plays 1,200 survivors
    holding 3 markers through 3 upkeeps: the markers are gone, and the wounds follow the
    distribution enumerated over the 216 sequences of faces (mean 1, none with chance 8/27),
    by a chi-square test and by the mean."""
    dist = _burn_distribution(3)
    assert dist[0] == pytest.approx(8 / 27) and sum(k * p for k, p in enumerate(dist)) == pytest.approx(1.0)
    assert expected_burn_wounds(3) == pytest.approx(sum(k * p for k, p in enumerate(dist)))
    board = Board(parse(_line({"flammable": True}, health=20)))
    seen = [0] * 4
    for seed in range(300):
        g = session.TypedGame(board, seed, "greedy", survivors=4)
        g.engine.load({"burn": [3] * 4})
        for _ in range(3):
            g.end_phase()
        st = g.engine.state()
        assert st["burn"] == [0] * 4
        for sv in st["survivors"]:
            seen[sv["wounds"]] += 1
    n = sum(seen)
    chi2 = sum((o - n * p) ** 2 / (n * p) for o, p in zip(seen, dist))
    assert chi2 < 16.27, (seen, chi2)  # 3 degrees of freedom, p = 0.001
    mean = sum(k * o for k, o in enumerate(seen)) / n
    sd = (sum(k * k * p for k, p in enumerate(dist)) - 1.0) ** 0.5
    assert abs(mean - 1.0) < 4 * sd / n ** 0.5


def test_the_fire_upkeep_is_played_phase_by_phase_as_in_a_whole_turn():
    """A game stepped phase by phase (``begin_turn`` ... ``end_phase``) plays the fire's upkeep at
    its end phase, as ``play_turn`` does: the same log and record on the sample."""
    board = Board(parse(copy.deepcopy(SAMPLE)))
    plan = bot_plan(board.scenario)
    events: set[str] = set()
    for seed in range(6):
        whole = session.TypedGame(board, seed, "greedy", log=True, plan=plan)
        whole.play()
        stepped = session.TypedGame(board, seed, "greedy", log=True, plan=plan)
        while not stepped.over:
            stepped.begin_turn()
            stepped.survivor_phase()
            stepped.zombie_phase()
            stepped.spawn_phase()
            stepped.end_phase()
        assert stepped.log == whole.log
        assert dict(stepped.result()) == dict(whole.result())
        events |= {e["event"] for e in whole.log}
    assert {"fire", "burn", "burning"} <= events


def test_a_policy_view_reads_the_scenery_as_the_typed_engine_plays_it():
    """``Position.terrain`` (what a Python policy's ``view.terrain`` reads) is the typed engine's
    terrain now: a hostile wood of destruction(3) lit on turn 1 burns down at the second end of
    turn (1 + 1 + 1 markers), and from turn 3 the view shows a devastated zone (obstruction(2),
    no hostile presence) and the attacks, while ``terrain_base`` keeps the map as written."""
    data = _line({"flammable": True, "destruction": 3, "hostile": 1}, fire=[{"kind": "set_fire", "zone": "B"}])
    board = Board(parse(data))
    b = board.zone_index["B"]
    seen: dict[int, tuple] = {}

    def policy(view, s, acts):
        st = view.state
        seen.setdefault(st.turn, (st.destroyed, dict(st.damage), dict(st.burning), view.terrain.zone_hostile[b],
                                  view.terrain.zone_obstruction[b], view.terrain_base.zone_hostile[b]))
        return next(a for a in acts if a[0] == "noise")  # never an attack on the wood, never a douse

    g = session.TypedGame(board, 2, policy, plan=bot_plan(board.scenario))
    g.play(max_turns=3)
    assert seen[1] == (0, {b: 1}, {b: 1}, 1, 1, 1)
    assert seen[2] == (0, {b: 2}, {b: 2}, 1, 1, 1)
    assert seen[3] == (1 << b, {b: 3}, {}, 0, DEVASTATED_OBSTRUCTION, 1)


def test_zombies_walk_through_fire():
    """The choice written in docs/terrain.md: the fire bars survivors, not zombies (Zombicide's
    zombies and Eden's monsters are not stopped by it; a zone's ``flags.fire`` of Les morts aux
    trousses is the fire zombies never enter). A walker in C goes for the survivor in A through
    the burning zone B, and takes no marker."""
    data = _line({"flammable": True})
    zi = Board(parse(data)).zone_index
    pool = _typed(data).engine.state()["pool"]
    pool[0] -= 1  # the walker comes out of the box
    g = _typed(data, survivors=[{"zone": zi["A"], "actions_left": 0}], zombies={zi["C"]: [1]},
               burning={zi["B"]: 1}, pool=pool)
    g.engine.zombies_act()
    st = g.engine.state()
    assert st["zombies"].get(zi["B"], [0])[0] == 1 and zi["C"] not in st["zombies"]
    assert st["burning"] == {zi["B"]: 1}


def test_casual_douses_when_no_zombie_and_no_fire_is_at_hand():
    """casual douses a burning survivor with no zombie in its zone and no burning scenery at hand;
    beside burning scenery it walks on first (it would catch another marker next activation)."""
    data = _line({"flammable": True})
    zi = Board(parse(data)).zone_index
    g = _typed(data, "casual", survivors=[{"zone": zi["D"], "actions_left": 3}], burn=[1])
    g.engine.begin_turn()
    g.engine.survivors_act()
    first = next(e for e in g.log if e["event"] not in ("trigger",))
    assert first["event"] == "burn" and first["change"] == -1
    g = _typed(data, "casual", survivors=[{"zone": zi["A"], "actions_left": 3}], burn=[1], burning={zi["B"]: 1})
    g.engine.begin_turn()
    g.engine.survivors_act()
    events = [e for e in g.log if e["event"] != "trigger"]
    assert (events[0]["event"], events[0]["change"]) == ("burn", 1)  # the activation begun beside the fire
    assert events[1]["event"] == "move"


# -- both engines ---------------------------------------------------------------------------------


BRANCHES = {
    "zone": _line({"flammable": True, "destruction": 3, "obstruction": 2}, fire=[{"kind": "set_fire", "zone": "B"}]),
    "connection": _line(conn_terrain={"flammable": True, "destruction": 2},
                        fire=[{"kind": "set_fire", "connection": "AB", "markers": 2}]),
    "never out": _line({"flammable": True, "hostile": 1}, fire=[{"kind": "set_fire", "zone": "B"}]),
}


@pytest.mark.parametrize("policy", ["greedy", "cautious", "random", "casual"])
@pytest.mark.parametrize("branch", sorted(BRANCHES))
def test_fire_gives_the_same_games_in_both_engines(branch, policy):
    """Records equal, the typed engine compiled and from its source."""
    _same_games(BRANCHES[branch], policy, games=30)


@pytest.mark.parametrize("compiled", [True, False])
def test_the_sample_is_logged_alike(compiled):
    """``scenarios/eden-wildfire.json``: the log (fire, burn markers caught and doused, burn
    rolls, scenery destroyed), transcript and record of the typed engine equal the reference's."""
    board = Board(parse(copy.deepcopy(SAMPLE)))
    plan = bot_plan(board.scenario)
    assert session.log_covers(board) is None
    seen: set[str] = set()
    for policy in ("greedy", "random", "casual"):
        for seed in range(4):
            ref = Game(board, seed, policy, log=True, plan=plan)
            ref.play()
            typed = session.TypedGame(board, seed, policy, log=True, plan=plan, compiled=compiled)
            typed.play()
            assert typed.log == ref.log
            assert typed.transcript() == ref.transcript()
            assert dict(typed.result()) == dict(ref.result())
            seen |= {e["event"] for e in ref.log}
    assert {"fire", "burn", "burning", "destroyed"} <= seen


# -- the validator --------------------------------------------------------------------------------


def test_set_fire_on_scenery_that_cannot_burn_is_reported():
    codes = _codes(_line({"obstruction": 2}, fire=[{"kind": "set_fire", "zone": "B"}]))
    (f,) = codes["terrain-fire-not-flammable"]
    assert f.ids == ("lit", "B") and f.path == "triggers[0].then[0].zone"
    codes = _codes(_line(fire=[{"kind": "set_fire", "zone": "B"}]))  # a map with no terrain at all
    assert [f.ids for f in codes["terrain-fire-not-flammable"]] == [("lit", "B")]


def test_fire_that_never_goes_out_and_fire_on_the_only_path_are_reported():
    """A flammable wood with no destruction(x) burns for good; lit on the only way to the token,
    it shuts the mission (a warning naming the piece, the trigger and the goal); with the way
    round open there is no path finding."""
    data = _line({"flammable": True}, fire=[{"kind": "set_fire", "zone": "B"}])
    codes = _codes(data)
    assert [f.ids for f in codes["terrain-fire-never-out"]] == [("lit", "B")]
    assert "terrain-fire-path" not in codes
    cut = copy.deepcopy(data)
    cut["connections"] = [c for c in cut["connections"] if c["id"] not in ("AE", "EF", "FD")]
    cut["connections"].append({"id": "CF", "kind": "opening", "from": "C", "to": "F"})
    (f,) = _codes(cut)["terrain-fire-path"]
    assert f.ids == ("B", "lit", "D") and "never burns out" in f.message
    cut["zones"][1]["terrain"]["destruction"] = 4
    (f,) = _codes(cut)["terrain-fire-path"]
    assert "after 4 burn markers" in f.message


def test_flammable_is_no_longer_reported_as_not_modelled():
    from designer.checks.findings import CODES

    assert "terrain-not-modelled" not in CODES
    assert "terrain-not-modelled" not in _codes(_line({"flammable": True, "destruction": 3}))


def test_the_sample_validates_and_plays():
    """The sample validates clean, and greedy wins most games though the fire wounds survivors."""
    assert not [f for f in _codes(SAMPLE).values() for f in f if f.severity != "info"]
    records = _same_games(SAMPLE, "greedy", games=40)
    assert sum(r["won"] for r in records) >= 20


# -- the designer's form --------------------------------------------------------------------------


def test_set_fire_in_the_trigger_form():
    """The trigger form offers 'set scenery alight' on the map's flammable zones and connections,
    with its burn markers; a value out of range is refused at the field."""
    from .test_eden_forms import app_for, numbers
    from .widget_tree import walk

    app = app_for("eden-wildfire.json")
    assert app.editor.data["triggers"][1]["then"][0] == {"kind": "set_fire", "connection": "hedge"}
    def values(c):
        return [o[1] if isinstance(o, tuple) else o for o in c.options]

    dropdowns = [c for c in walk(app.setup_box) if isinstance(c, w.Dropdown) and "zone:W1" in values(c)]
    assert dropdowns and set(values(dropdowns[0])) == {"zone:W1", "zone:K1", "connection:hedge"}
    dropdowns[0].value = "zone:K1"
    assert app.editor.data["triggers"][0]["then"][0] == {"kind": "set_fire", "zone": "K1"}
    numbers(app, "markers", "Triggers")[0].text.value = "3"
    assert app.editor.data["triggers"][0]["then"][0]["markers"] == 3
    before = json.dumps(app.editor.data, sort_keys=True)
    numbers(app, "markers", "Triggers")[0].text.value = "11"
    assert json.dumps(app.editor.data, sort_keys=True) == before
    app._set_effect(1, 0, "set_fire")
    e = app.editor.data["triggers"][1]["then"][0]
    assert (e["kind"], e["zone"], e.get("markers", 1)) == ("set_fire", "W1", 1) and "connection" not in e
    parse(app.editor.data)
    app.undo_button.click()
    assert app.editor.data["triggers"][1]["then"][0] == {"kind": "set_fire", "connection": "hedge"}
