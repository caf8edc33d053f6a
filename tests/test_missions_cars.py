"""Driving cars (Zombicide Prison Outbreak, chapters #6 and #8): getting in and out, driving one
or two street zones per action, the car attack on every miniature of the zones it leaves,
crosses and enters; both engines, record for record, and the rulebook's worked example."""

from __future__ import annotations

import pytest

from designer.checks import check
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.missions import car_actions, car_distances, drive_options
from designer.io.files import parse
from designer.rules.zombies import ZINDEX

from .test_missions_typed import same_games, same_transcripts
from .widget_tree import drafts  # noqa: F401 (the editor's drafts go to the test's folder)


def road(drive=True, zombies=None, police="R1"):
    """A road of five street zones (R1-R5), a shop off R3 and a room off R5 with the token, a
    security zone between R5 and the yard: the police car stands in R1 by the start."""
    zones = [{"id": f"R{i}"} for i in range(1, 6)] + [
        {"id": "SHOP", "kind": "room"}, {"id": "ROOM", "kind": "room"}, {"id": "SEC", "kind": "security"},
        {"id": "YARD"}]
    conns = [{"id": f"r{i}", "kind": "opening", "from": f"R{i}", "to": f"R{i + 1}"} for i in range(1, 5)] + [
        {"id": "shop-door", "kind": "door", "from": "R3", "to": "SHOP", "state": "closed"},
        {"id": "room-door", "kind": "door", "from": "R5", "to": "ROOM", "state": "open"},
        {"id": "sec-in", "kind": "opening", "from": "R5", "to": "SEC"},
        {"id": "sec-out", "kind": "opening", "from": "SEC", "to": "YARD"}]
    data = {
        "schema_version": 1, "id": "road", "meta": {"title": "road"},
        "zones": zones, "connections": conns,
        "objectives": [{"id": "police-car", "kind": "car", "zone": police, "drive": drive},
                       {"id": "token", "kind": "token", "zone": "ROOM", "xp": 5}],
        "spawns": [{"id": "sp", "zone": "YARD", "order": 1}],
        "exits": ["R1"],
        "victory": {"ordered": True, "steps": [{"kind": "take_objectives", "objectives": ["token"]},
                                               {"kind": "reach_zone", "zones": ["R1"], "who": "all"}]},
        "setup": {"start_zones": ["R1"], "turn_limit": 20,
                  "survivors": {"min": 1, "max": 6, "starting_equipment": ["claw hammer"]},
                  "zombies": zombies if zombies is not None else [{"zone": "R2", "count": 2},
                                                                  {"zone": "R3", "zombie": "runner"},
                                                                  {"zone": "R4", "zombie": "fatty"}]},
    }
    return parse(data)


def test_cars_are_driven_only_through_streets_and_corridors():
    """"le Auto non possono essere guidate all'interno degli Edifici, ad eccezione dei Corridoi
    Interni"; "Le Auto non possono attraversare una Zona di Sicurezza"; "di una o due Zone per
    ogni Azione"."""
    b = Board(road())
    cs, z = b.rules, b.zone_index
    assert [b.zone_ids[v] for v in cs.drive_adj[z["R5"]]] == ["R4"]  # not the room, not the security zone
    assert cs.drive_adj[z["YARD"]] == ()
    got = {(b.zone_ids[v], b.zone_ids[w] if w >= 0 else None) for v, w in drive_options(cs, z["R2"])}
    assert got == {("R1", None), ("R1", "R2"), ("R3", None), ("R3", "R2"), ("R3", "R4")}
    assert car_distances(cs, [z["R5"]])[z["R1"]] == 4


def test_getting_in_needs_no_zombie_and_a_free_seat():
    """"Per poter entrare nell'Auto, la Zona non deve contenere Zombi ed il sedile del
    conducente o uno dei tre posti per i passeggeri dev'essere libero"; the mission must allow
    driving ("Le Auto possono essere guidate solo se la Missione lo permette")."""
    for drive, expect in ((True, True), (False, False)):
        b = Board(road(drive=drive))
        g = Game(b, 1, "greedy", survivors=6)
        s = g.state.survivors[0]
        s.actions_left = 3
        assert (("enter", 0) in g.legal_actions(s)) is expect
    b = Board(road())
    g = Game(b, 1, "greedy", survivors=6)
    st = g.state
    for s in st.survivors[:4]:
        s.actions_left = 3
        g.apply(s, ("enter", 0))
    assert st.drivers == {0: 0} and set(st.in_car) == {0, 1, 2, 3}
    fifth = st.survivors[4]
    fifth.actions_left = 3
    assert ("enter", 0) not in g.legal_actions(fifth)  # four seats
    st.place_zombies(b.zone_index["R1"], "walker")
    inside = g.legal_actions(st.survivors[1])
    assert ("leave",) in inside and not any(a[0] in ("move", "drive") for a in inside)  # a passenger
    assert any(a[0] == "drive" for a in g.legal_actions(st.survivors[0]))  # the driver


def watts_example(engine_script):
    """The rulebook's board: Watts at the wheel with Belle beside him in zone 1 with a walker,
    three runners and Joshua; a walker, a fatty and two runners in zone 2; six walkers in zone 3."""
    b = Board(road(zombies=[]))
    g = Game(b, 1, "greedy", survivors=3)
    st = g.state
    z1, z2, z3 = (b.zone_index[n] for n in ("R1", "R2", "R3"))
    for zone in range(b.n):
        for t in range(len(st.zombies[zone])):
            st.zombies[zone][t] = 0
    watts, belle, joshua = st.survivors
    for s in st.survivors:
        s.zone, s.wounds, s.health, s.actions_left = z1, 0, 2, 3
    g.apply(watts, ("enter", 0))
    g.apply(belle, ("enter", 0))
    st.place_zombies(z1, "walker")
    st.place_zombies(z1, "runner", 3)
    st.place_zombies(z2, "walker")
    st.place_zombies(z2, "fatty")
    st.place_zombies(z2, "runner", 2)
    st.place_zombies(z3, "walker", 6)
    g.script = list(engine_script)
    return g, b, (z1, z2, z3)


def test_the_car_attack_worked_example():
    """Chapter #8, "Attacco in Auto": "Watts spende un'Azione per uscire dalla Zona 1,
    attraversare la Zona 2 e fermarsi nella Zona 3. Per la Zona 1 lancia 5 dadi e mette a segno 4
    Colpi. Joshua ne riceve due e quindi viene ucciso. I restanti due Colpi andati a segno uccidono
    il Walker ed un Runner. Per la Zona 2 lancia 4 dadi e mette a segno 3 Colpi. Il Walker viene
    ucciso ma il Fatty assorbe il Colpo rimanente senza conseguenze. Per la Zona 3 lancia 6 Dadi e
    mette a segno 3 Colpi uccidendo 3 Walker. Watts spende un'altra Azione per riportare l'Auto
    sulla Zona 2 e poi nuovamente nella Zona 3. Nella Zona 3 lancia 3 Dadi e mette a segno 2 Colpi
    che uccidono altri 2 Walker. Nella Zona 2 potrebbe lanciare 3 Dadi ma non otterrebbe alcun
    effetto perchè il Fatty assorbirebbe i Colpi proteggendo i Runner. Nella Zona 3 lancia
    un'altro Dado e mette a segno un Colpo che uccide l'ultimo Walker.\""""
    first = [6, 6, 6, 6, 1] + [6, 6, 6, 1] + [6, 6, 6, 1, 1, 1]
    second = [6, 6, 1] + [6, 6, 6] + [6]
    g, b, (z1, z2, z3) = watts_example(first + second)
    st = g.state
    watts, belle, joshua = st.survivors
    W, R, F = ZINDEX["walker"], ZINDEX["runner"], ZINDEX["fatty"]
    g.log = []
    g.apply(watts, ("drive", z2, z3))
    assert not joshua.alive  # "Joshua ne riceve due e quindi viene ucciso"
    assert st.zombies[z1][W] == 0 and st.zombies[z1][R] == 2
    assert st.zombies[z2][W] == 0 and st.zombies[z2][F] == 1 and st.zombies[z2][R] == 2
    assert st.zombies[z3][W] == 3
    assert watts.zone == belle.zone == z3 == st.obj_zone[0] and belle.alive
    assert [(e["zone"], e["dice"], e["hits"]) for e in g.log if e["event"] == "car_attack"] == [
        ("R1", 5, 4), ("R2", 4, 3), ("R3", 6, 3)]
    g.apply(watts, ("drive", z2, z3))
    assert [(e["zone"], e["dice"], e["hits"]) for e in g.log if e["event"] == "car_attack"][3:] == [
        ("R3", 3, 2), ("R2", 3, 3), ("R3", 1, 1)]
    assert st.zombies[z3][W] == 0 and st.zombies[z2][F] == 1 and st.zombies[z2][R] == 2
    assert g.script == []
    # "Il Conducente guadagna i Punti Esperienza": 1 walker + 1 runner + 1 + 3 + 2 + 1 walkers
    assert watts.xp == 9 and belle.xp == 0


def test_a_car_cannot_kill_a_fatty_but_kills_berserkers():
    """"non è possibile uccidere un Fatty o un Abomination in questo modo"; "Gli Attacchi in Auto
    possono uccidere gli Zombi Berserker"."""
    g, b, (z1, z2, z3) = watts_example([])
    st = g.state
    for zone in (z1, z2, z3):
        for t in range(len(st.zombies[zone])):
            st.zombies[zone][t] = 0
    st.survivors[2].alive = False
    st.place_zombies(z2, "walker_berserker", 2)
    st.place_zombies(z3, "abomination")
    g.script = [6, 6] + [6]
    g.apply(st.survivors[0], ("drive", z2, z3))
    assert st.zombies[z2][ZINDEX["walker_berserker"]] == 0
    assert st.zombies[z3][ZINDEX["abomination"]] == 1


@pytest.mark.parametrize("zombies", [None, []])
def test_both_engines_play_the_cars_alike(zombies):
    """The typed engine drives as the reference engine does, record for record (greedy and
    cautious never get in; random and casual do)."""
    same_games(road(zombies=zombies), n=30, survivors=(None, 2), policies=("random", "casual", "greedy"))


def test_casual_drives_over_the_zombies_in_its_way_and_the_log_says_so():
    """casual gets in at the wheel when zombies stand in the street toward its goal, drives
    towards the goal's street zone and gets out there; both engines log it alike."""
    events = same_transcripts(road(), range(6), policies=("casual", "random"))
    seen = {e["event"] for e in events}
    assert {"car_seat", "drive", "car_attack"} <= seen, seen
    casual = [e for e in events[: len(events) // 2]]
    assert any(e["event"] == "drive" for e in casual)


def test_in_a_car_a_survivor_does_not_walk():
    """A survivor in a car gets out before moving (getting in and out is an action)."""
    b = Board(road(zombies=[]))
    g = Game(b, 1, "greedy", survivors=1)
    s = g.state.survivors[0]
    s.actions_left = 3
    g.apply(s, ("enter", 0))
    acts = car_actions(g, s, g.legal_actions(s))
    assert not any(a[0] == "move" for a in acts)
    g.apply(s, ("leave",))
    assert any(a[0] == "move" for a in g.legal_actions(s)) and s.actions_left == 1


def test_the_validator_flags_a_car_that_cannot_be_driven():
    """A drivable car in a room, or in a street with no street zone next to it, is flagged."""
    codes = [f.code for f in check(road(police="SHOP")).findings]
    assert "car-cannot-drive" in codes
    assert "car-cannot-drive" not in [f.code for f in check(road()).findings]


def test_the_designer_s_car_row_switches_driving_on_and_off():
    """The objective row of a car has a 'may be driven' box ("Puoi guidare"): one undo step,
    a file the model accepts."""
    from designer.edit import Editor
    from designer.widgets import DesignerApp

    from .conftest import ROOT
    from .widget_tree import checkbox

    ed = Editor.open(str(ROOT / "scenarios" / "prison-outbreak" / "m00-the-break-in.json"))
    app = DesignerApp(ed, debounce=0)
    car = next(o for o in ed.data["objectives"] if o["kind"] == "car")
    box = checkbox(app._objective_row(car), "may be driven")
    assert box.value
    box.value = False
    assert "drive" not in next(o for o in ed.data["objectives"] if o["kind"] == "car")
    assert not any(Board(parse(ed.data)).rules.car_drive)
    ed.undo()
    assert next(o for o in ed.data["objectives"] if o["kind"] == "car")["drive"] is True


def test_a_passenger_moves_to_the_free_wheel():
    """"Cambiare posto in Auto: Il Sopravvissuto lascia libero il sedile che occupa e si sposta
    su un'altro posto libero nella stessa Auto. Se non ci sono posti liberi nell'Auto, il
    Sopravvissuto non può cambiare sedile": with the driver's seat taken a passenger has no seat
    to move to; once the driver gets out, one action puts the passenger at the wheel."""
    b = Board(road(zombies=[]))
    g = Game(b, 1, "greedy", survivors=2)
    st = g.state
    driver, passenger = st.survivors
    for s in st.survivors:
        s.actions_left = 3
        g.apply(s, ("enter", 0))
    assert ("seat",) not in g.legal_actions(passenger)
    g.apply(driver, ("leave",))
    assert ("seat",) in g.legal_actions(passenger)
    assert not any(a[0] == "drive" for a in g.legal_actions(passenger))
    g.apply(passenger, ("seat",))
    assert st.drivers == {0: 1} and passenger.actions_left == 1
    assert any(a[0] == "drive" for a in g.legal_actions(passenger))


def test_a_policy_of_its_own_sees_who_sits_in_the_cars():
    """A callback policy playing in the typed engine reads the typed game's state as a reference
    state (``session.reference_state``): the seats are in it, so the reference engine's car
    actions offered to it are the typed engine's."""
    from designer.engine import session

    seen = []

    def policy(view, s, acts):
        st = view.state
        seen.append((dict(st.in_car), dict(st.drivers), sorted(acts)))
        enter = [a for a in acts if a[0] in ("enter", "drive")]
        return enter[0] if enter else acts[0]

    b = Board(road(zombies=[]))
    typed = session.TypedGame(b, 3, policy, survivors=2)
    typed.play()
    assert any(inside for inside, _d, _a in seen)
    for inside, drivers, acts in seen:
        assert set(drivers.values()) <= set(inside)
