"""Flammable scenery (Eden's "Inflammable"): a ``set_fire`` effect lights it, it bars the way
while it burns, survivors at hand catch burn markers, each end of turn it gains a marker that
counts as an attack for destruction(x), and burning survivors roll for wounds and douse their
markers (docs/terrain.md, *Fire*), in both engines, record for record and log for log."""

from __future__ import annotations

import copy
import json

import ipywidgets as w
import pytest

from designer.engine import session
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.terrain import burning_at_hand, fire_upkeep, set_fire
from designer.io.files import parse
from designer.io import LoadError
from designer.plans import bot_plan
from designer.rules.terrain import BURN_DICE, BURN_WOUND_ON, expected_burn_wounds, terrain_tables

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


def test_a_burn_marker_is_an_attack_and_burning_scenery_ends_destroyed():
    """Seed 004: "Pendant la Phase d'Intendance, rajoutez un marqueur Brûlure sur le décor s'il en
    possède au moins un. Chaque marqueur Brûlure présent sur un tel décor compte comme étant une
    Attaque pour la règle spéciale Destruction(X)." Bushes of destruction(3) lit with one marker
    gain one at each end of turn and are destroyed at the second (1 + 2 = 3 attacks): a devastated
    zone, which burns no more."""
    g = _game(_line({"flammable": True, "destruction": 3, "obstruction": 2}))
    b = g.board.zone_index["B"]
    set_fire(g, b, 1)
    assert g.state.burning == {b: 1} and g.state.damage[b] == 1
    fire_upkeep(g)
    assert g.state.burning == {b: 2} and not g.state.destroyed
    fire_upkeep(g)
    assert g.state.destroyed == 1 << b and g.state.burning == {}
    assert g.terrain.zone_obstruction[b] == 2 and not g.terrain.crossable[b]
    assert [e["event"] for e in g.log if e["event"] in ("fire", "destroyed")] == ["fire", "fire", "fire", "destroyed"]
    set_fire(g, b, 1)  # a devastated zone has no keyword: nothing to light
    assert g.state.burning == {}


def test_flammable_scenery_without_destruction_burns_on():
    """With no destruction(x) the markers pile up and the fire never goes out."""
    g = _game(_line({"flammable": True}))
    b = g.board.zone_index["B"]
    set_fire(g, b, 2)
    for _ in range(4):
        fire_upkeep(g)
    assert g.state.burning == {b: 6} and not g.state.destroyed


def test_only_flammable_scenery_burns():
    g = _game(_line({"obstruction": 2}))
    set_fire(g, g.board.zone_index["B"], 1)
    assert g.state.burning == {}


def test_nobody_enters_or_crosses_burning_scenery():
    """Seed 004: "Lorsqu'un tel décor possède au moins un marqueur, il perd ses règles spéciales
    Franchissement, Occupation et Obstruction": with neither, nobody crosses it or stops in it. A
    burning zone cannot be entered; a burning connection cannot be crossed."""
    g = _game(_line({"flammable": True, "destruction": 4}))
    s = g.state.survivors[0]
    s.actions_left = 3
    zi = g.board.zone_index
    assert ("move", zi["B"], 0) in g.legal_actions(s)
    set_fire(g, zi["B"], 1)
    assert not any(a[0] == "move" and a[1] == zi["B"] for a in g.legal_actions(s))
    assert any(a[0] == "move" and a[1] == zi["E"] for a in g.legal_actions(s))
    h = _game(_line(conn_terrain={"flammable": True, "destruction": 4}))
    t = h.state.survivors[0]
    t.actions_left = 3
    set_fire(h, h.board.n + h.board.conn_index["AB"], 1)
    assert not any(a[0] == "move" and a[2] == h.board.conn_index["AB"] for a in h.legal_actions(t))


def test_survivors_at_hand_catch_one_burn_marker():
    """Seed 004: "Les combattants qui commencent leur activation ou terminent un déplacement au
    contact d'un décor Inflammable qui possède au moins un marqueur Brûlure reçoivent
    immédiatement un marqueur Brûlure." In the zone beside a burning zone, or at either end of a
    burning connection, a survivor is at hand; two zones away it is not; it catches one marker
    whatever the number burning."""
    g = _game(_line({"flammable": True}, {"flammable": True}))
    zi, n = g.board.zone_index, g.board.n
    set_fire(g, zi["B"], 1)
    set_fire(g, n + g.board.conn_index["AB"], 1)
    assert burning_at_hand(g, zi["A"]) and burning_at_hand(g, zi["C"]) and not burning_at_hand(g, zi["D"])
    t = terrain_tables(g.board.rules)
    assert t.fire_at[zi["A"]] == (n + g.board.conn_index["AB"], zi["B"])
    from designer.engine.terrain import catch_fire

    s = g.state.survivors[0]
    catch_fire(g, s)
    assert s.burn == 1
    s.zone = zi["D"]
    catch_fire(g, s)
    assert s.burn == 1


def test_a_survivor_douses_a_marker_for_one_action():
    """Seed 004: "Durant son activation, un combattant peut retirer un de ses marqueurs Brûlure en
    dépensant 1 PA." The action ``douse`` is offered only to a burning survivor."""
    g = _game(_line({"flammable": True}))
    s = g.state.survivors[0]
    s.actions_left = 3
    assert ("douse",) not in g.legal_actions(s)
    s.burn = 2
    assert g.legal_actions(s)[-1] == ("douse",)
    g.apply(s, ("douse",))
    assert (s.burn, s.actions_left) == (1, 2)


def test_the_burn_roll_matches_its_closed_form():
    """Seed 004: "Chaque combattant ayant au moins un marqueur Brûlure risque de subir des
    blessures ... lance 3D6 + 1D6 de localisation. Chaque résultat de dé strictement supérieur à la
    VIG du combattant ... inflige 1 blessure ... Ensuite, un marqueur Brûlure est retiré de ce
    combattant." On a zone map: one d6 per burning survivor and end of turn, a wound on 5+
    (above VIG 4), then a marker off. A survivor with m markers who catches no more takes m/3
    wounds on average, none with chance (2/3)^m: 3 markers, 1 wound, 8/27 never wounded."""
    assert (BURN_DICE, BURN_WOUND_ON) == (1, 5)
    assert expected_burn_wounds(3) == pytest.approx(1.0)
    data = _line({"flammable": True}, health=20)
    board = Board(parse(data))
    wounds, unhurt, samples = 0, 0, 0
    for seed in range(300):
        g = Game(board, seed, "greedy", survivors=4)
        for s in g.state.survivors:
            s.burn = 3
        for _ in range(4):
            fire_upkeep(g)
        for s in g.state.survivors:
            assert s.burn == 0
            wounds += s.wounds
            unhurt += s.wounds == 0
            samples += 1
    sd = (3 * (1 / 3) * (2 / 3)) ** 0.5 / samples ** 0.5
    assert abs(wounds / samples - expected_burn_wounds(3)) < 4 * sd
    p0 = (2 / 3) ** 3
    assert abs(unhurt / samples - p0) < 4 * (p0 * (1 - p0) / samples) ** 0.5


def test_zombies_walk_through_fire():
    """The choice written in docs/terrain.md: the fire bars survivors, not zombies (Zombicide's
    zombies and Eden's monsters are not stopped by it; a zone's ``flags.fire`` of Les morts aux
    trousses is the fire zombies never enter)."""
    g = _game(_line({"flammable": True}))
    b = g.board.zone_index["B"]
    set_fire(g, b, 1)
    assert b in g.state.burning and not g.board.rules.no_zombies[b]
    assert any(v == b for v, _c, *_ in g.board.zpath_adj[g.board.zone_index["A"]])


def test_casual_douses_when_no_zombie_and_no_fire_is_at_hand():
    from designer.engine.casual import casual_decide
    from designer.engine.policies import PlanBot

    g = _game(_line({"flammable": True}), policy="casual")
    s = g.state.survivors[0]
    s.actions_left, s.burn = 3, 1
    acts = g.legal_actions(s)
    assert casual_decide(g.view, s, acts, g.policy) == ("douse",)
    set_fire(g, g.board.zone_index["B"], 1)  # fire at hand: it moves on first
    acts = g.legal_actions(s)
    assert casual_decide(g.view, s, acts, g.policy) != ("douse",)
    assert isinstance(g.policy, PlanBot)


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
