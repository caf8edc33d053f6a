"""Prison Outbreak's berserker zombies (seed 001, chapter #5 "Gli Zombi Berserker"), rows of the
zombie table (``rules/zombies.py``) played by both engines: each rule on a hand-built position
(the zombies' activation and spawns run on the reference engine and on the typed engine), then
whole games record for record and log for log. Each test quotes the sentence it plays."""

from __future__ import annotations

import pytest

from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.batch import game_seed
from designer.io.files import parse
from designer.rules.zombies import (RECORD_TYPES, ZINDEX, ZOMBIE_TYPES, ZTYPES, record_counts)

from .test_engine_rulebook import TypedSteps, board
from .test_missions_typed import same_games, same_transcripts

WB, RB, FB, AB = (ZINDEX[n] for n in ("walker_berserker", "runner_berserker", "fatty_berserker",
                                        "abomination_berserker"))


@pytest.fixture(params=["reference", "typed"])
def engine(request):
    """The activation and spawn examples run on both engines."""
    return request.param


def new_game(b: Board, engine: str = "reference") -> Game:
    """A game on an empty state with the Prison Outbreak box in the pool (standard and berserker)."""
    st = b.new_state(seed=1)
    pool = {"walker": 30, "runner": 12, "fatty": 6, "abomination": 1, "walker_berserker": 16,
            "runner_berserker": 8, "fatty_berserker": 4, "abomination_berserker": 1}
    st.pool = [pool.get(name, 0) for name in ZTYPES]
    return (TypedSteps if engine == "typed" else Game)(b, policy="greedy", state=st)


def counts(g: Game, zone: str) -> dict[str, int]:
    row = g.state.zombies[g.board.zone_index[zone]]
    return {name: row[t] for t, name in enumerate(ZTYPES) if row[t]}


def test_the_berserkers_are_rows_of_the_zombie_table():
    """"Gli Zombi Berserker esistono in tutte le forme: Fatties, Runners, Walkers ecc. Hanno le
    stesse caratteristiche ... delle loro controparti Standard": each berserker row has its
    standard type's toughness, XP, actions and target ranks, is immune at range, and counts in
    its standard type's record columns."""
    for t in (WB, RB, FB, AB):
        row = ZOMBIE_TYPES[t]
        std = ZOMBIE_TYPES[ZINDEX[row.counts_as]]
        assert row.name == f"{std.name}_berserker" and row.ranged_immune and not std.ranged_immune
        assert (row.toughness, row.xp, row.actions, row.melee_rank, row.ranged_rank, row.absorbs) == \
            (std.toughness, std.xp, std.actions, std.melee_rank, std.ranged_rank, std.absorbs)
        assert t > ZINDEX[std.name], "hit after the standard type of its rank (table order)"
    assert RECORD_TYPES == ("walker", "runner", "fatty", "abomination", "zombie", "grave_dead")
    assert record_counts([1] * len(ZTYPES)) == [2, 2, 2, 2, 1, 1]


def test_watts_shotgun_example_the_berserker_walker_absorbs_the_hits():
    """Chapter #5: "Watts usa lo Shotgun verso una Zona in cui si trovano un Walker Standard, un
    Walker Berserker ed un Runner. Mette a segno due colpi ... Il Walker viene rimosso dal gioco
    ma il Walker Berserker è immune quindi, ogni colpo successivo, resta inutilizzato perchè viene
    assorbito dalla sua corazza"."""
    b = board(["A", "B"], [("ab", "opening", "A", "B")], sight_lines=[("A", "B")])
    g = new_game(b)
    watts = g.state.add_survivor(0, items=["shotgun"])
    watts.actions_left = 3
    for t in ("walker", "walker_berserker", "fatty", "runner"):
        g.state.place_zombies(1, t, 1)
    g.script = [6, 6]  # two hits
    g.apply(watts, ("ranged", "shotgun", 1))
    assert counts(g, "B") == {"runner": 1, "fatty": 1, "walker_berserker": 1}
    assert watts.xp == 1


def test_berserkers_of_every_kind_shrug_off_ranged_hits():
    """"Gli Zombi Berserker sono immuni alle Armi a distanza ... Diversamente, l'unico modo per
    ucciderli è nel corpo a corpo": a berserker fatty keeps the hits a standard fatty would take
    (it protects the runners behind it); a lone berserker runner keeps every hit."""
    b = board(["A", "B"], [("ab", "opening", "A", "B")], sight_lines=[("A", "B")])
    g = new_game(b)
    joshua = g.state.add_survivor(0, items=["sub mg", "sub mg", "shotgun"])
    joshua.actions_left = 3
    g.state.place_zombies(1, "fatty_berserker", 1)
    g.state.place_zombies(1, "runner", 2)
    g.script = [6] * 6
    g.apply(joshua, ("ranged", "shotgun", 1))  # damage 2 would kill a standard fatty
    assert counts(g, "B") == {"runner": 2, "fatty_berserker": 1}
    g.state.zombies[1][ZINDEX["runner"]] = 0
    g.state.zombies[1][FB] = 0
    g.state.place_zombies(1, "runner_berserker", 2)
    g.script = [6] * 6
    g.apply(joshua, ("ranged", "sub mg", 1))
    assert counts(g, "B") == {"runner_berserker": 2} and joshua.xp == 0


def test_berserkers_die_in_melee():
    """"I giocatori possono scegliere i loro bersagli nel combattimento in mischia": Watts's
    Chainsaw "rimuove il Walker Berserker ed il Runner"."""
    b = board(["A"], [])
    g = new_game(b)
    watts = g.state.add_survivor(0, items=["chainsaw"])
    watts.actions_left = 3
    g.state.place_zombies(0, "walker_berserker", 1)
    g.state.place_zombies(0, "runner", 1)
    g.script = [6, 6, 1, 1, 1]
    g.apply(watts, ("melee", "chainsaw"))
    assert counts(g, "A") == {}
    assert watts.xp == 2


def test_a_berserker_fatty_spawns_with_two_berserker_walkers(engine):
    """"I Fatty Berserker vengono sempre generati insieme a 2 Walker Berserker"."""
    b = board(["A", "B"], [("ab", "opening", "A", "B")])
    g = new_game(b, engine)
    g.state.add_survivor(0)
    g.spawn(1, FB, 1)
    assert counts(g, "B") == {"fatty_berserker": 1, "walker_berserker": 2}


def test_berserkers_get_no_extra_activation_of_the_standard_type(engine):
    """"Gli Zombi Berserker non beneficiano delle Attivazioni Extra relative agli altri tipi di
    Zombi": an extra activation of the walkers moves the standard walkers only."""
    b = board(["A", "B", "C"], [("ab", "opening", "A", "B"), ("bc", "opening", "B", "C")],
              sight_lines=[("A", "B", "C")])
    g = new_game(b, engine)
    g.state.add_survivor(0)
    g.state.place_zombies(2, "walker", 1)
    g.state.place_zombies(2, "walker_berserker", 1)
    g.activate(types={ZINDEX["walker"]})
    assert counts(g, "B") == {"walker": 1} and counts(g, "C") == {"walker_berserker": 1}


def line(n=5):
    zones = [f"Z{i}" for i in range(n)]
    conns = [(f"c{i}", "opening", zones[i], zones[i + 1]) for i in range(n - 1)]
    return board(zones, conns, sight_lines=[tuple(zones)])


def test_the_berserker_abomination_moves_two_zones(engine):
    """"Gli Abomination Berserker beneficiano di un effetto addizionale: Muovono di due Zone
    invece che una": three zones from the survivor, the standard abomination takes one step,
    the berserker two."""
    b = line()
    g = new_game(b, engine)
    g.state.add_survivor(0)
    g.state.place_zombies(3, "abomination", 1)
    g.state.place_zombies(4, "abomination_berserker", 1)
    g.activate()
    assert counts(g, "Z2") == {"abomination": 1, "abomination_berserker": 1}
    g.activate()
    assert counts(g, "Z1") == {"abomination": 1} and counts(g, "Z0") == {"abomination_berserker": 1}
    assert g.state.survivors[0].wounds == 0, "its move is its action: it attacks at its next one"


def test_the_berserker_abomination_stops_where_a_survivor_stands(engine):
    """The two-zone move ends in the first zone when a survivor stands there (the zombies' move
    goes toward the survivors; one that reaches them has arrived): the next activation, it attacks."""
    b = line(3)
    g = new_game(b, engine)
    g.state.add_survivor(1, health=5)
    g.state.add_survivor(0)
    g.state.place_zombies(2, "abomination_berserker", 1)
    g.activate()
    assert counts(g, "Z1") == {"abomination_berserker": 1}
    g.activate()
    assert counts(g, "Z1") == {"abomination_berserker": 1} and g.state.survivors[0].wounds == 1


# -- whole games: both engines, record for record and log for log ------------------------------


def cell_block():
    """A small cell block full of berserkers: a corridor C1-C3 from the start S to the exit E,
    two cells with berserker walkers and a berserker fatty, a berserker abomination in the yard Y
    two zones from the corridor, runners of both kinds at the far end; the token in the cell K2."""
    return parse({
        "schema_version": 1, "id": "berserker-block", "meta": {"title": "the berserker block"},
        "zones": [{"id": "S"}, {"id": "C1", "kind": "corridor"}, {"id": "C2", "kind": "corridor"},
                  {"id": "C3", "kind": "corridor"}, {"id": "K1", "kind": "cell"}, {"id": "K2", "kind": "cell"},
                  {"id": "Y"}, {"id": "Y2"}, {"id": "E"}],
        "connections": [{"id": "s-c1", "kind": "opening", "from": "S", "to": "C1"},
                        {"id": "c1-c2", "kind": "opening", "from": "C1", "to": "C2"},
                        {"id": "c2-c3", "kind": "opening", "from": "C2", "to": "C3"},
                        {"id": "k1", "kind": "door", "from": "C1", "to": "K1", "state": "closed"},
                        {"id": "k2", "kind": "door", "from": "C3", "to": "K2", "state": "closed"},
                        {"id": "y-y2", "kind": "opening", "from": "Y", "to": "Y2"},
                        {"id": "y2-c2", "kind": "opening", "from": "Y2", "to": "C2"},
                        {"id": "c3-e", "kind": "opening", "from": "C3", "to": "E"}],
        "sight_lines": [{"id": "corridor", "zones": ["S", "C1", "C2", "C3", "E"]},
                        {"id": "yard", "zones": ["Y", "Y2", "C2"]}],
        "objectives": [{"id": "token", "kind": "token", "zone": "K2", "xp": 5}],
        "spawns": [{"id": "sp", "zone": "E", "order": 1}],
        "exits": ["E"],
        "victory": {"steps": [{"kind": "take_objectives"}, {"kind": "escape", "who": "all"}]},
        "setup": {"start_zones": ["S"], "turn_limit": 14,
                  "survivors": {"min": 1, "max": 6, "starting_equipment": ["claw hammer", "pistol"]},
                  "zombies": [{"zone": "K1", "zombie": "walker_berserker", "count": 2},
                              {"zone": "K2", "zombie": "fatty_berserker", "count": 1},
                              {"zone": "Y", "zombie": "abomination_berserker", "count": 1},
                              {"zone": "E", "zombie": "runner_berserker", "count": 1},
                              {"zone": "E", "zombie": "runner", "count": 1}],
                  "zombie_pool": {"walker": 30, "runner": 12, "fatty": 6, "abomination": 1,
                                  "walker_berserker": 16, "runner_berserker": 8, "fatty_berserker": 4,
                                  "abomination_berserker": 1}},
    })


def test_games_with_berserkers_are_the_same_in_both_engines():
    """Every berserker rule in whole games: the typed engine (compiled, and its source
    interpreted) gives the reference engine's records; berserker kills count in their standard
    type's column."""
    records = same_games(cell_block(), n=60, survivors=(None, 1, 4))
    assert any(r["kills_walker"] for r in records) and any(r["won"] for r in records)
    assert any(not r["won"] for r in records)


def test_games_with_berserkers_log_the_same_events_in_both_engines():
    """The typed engine's log of a berserker game is the reference engine's (the berserker
    abomination's two steps are two ``zombies_move`` events)."""
    events = same_transcripts(cell_block(), range(12), policies=("greedy", "casual", "random"))
    moved = [e for e in events if e["event"] == "zombies_move" and e["zombie"] == "abomination_berserker"]
    assert any(a["turn"] == b["turn"] and a["to"] == b["frm"] for a, b in zip(moved, moved[1:]))


def test_berserkers_change_the_games():
    """The same seeds with the berserkers read as standard zombies give other games."""
    s = cell_block()
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    for z in data["setup"]["zombies"]:
        z["zombie"] = z["zombie"].replace("_berserker", "")
    plain = parse(data)
    seeds = [game_seed(5, i) for i in range(40)]
    a = [dict(Game(Board(s), sd, "greedy").play()) for sd in seeds]
    b = [dict(Game(Board(plain), sd, "greedy").play()) for sd in seeds]
    assert a != b


# -- the validator -------------------------------------------------------------------------------


def _codes(s):
    from designer.checks import check

    return {f.code: f for f in check(s).findings}


def test_berserkers_with_no_melee_weapon_are_flagged():
    """"Diversamente, l'unico modo per ucciderli è nel corpo a corpo": berserkers on a board where
    no survivor can ever hold a melee weapon are a warning naming them; with a claw hammer dealt
    at the start there is none."""
    s = cell_block()
    assert "berserker-no-melee" not in _codes(s)
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["setup"]["survivors"]["starting_equipment"] = ["pistol"]
    data["setup"]["equipment_deck"] = [{"item": "pistol", "count": 4}, {"item": "water", "count": 4}]
    f = _codes(parse(data))["berserker-no-melee"]
    assert f.severity == "warning" and "fatty_berserker" in f.ids and "walker_berserker" in f.ids


def test_berserkers_left_in_the_pool_are_noted():
    """The zombie decks spawn standard zombies only: berserkers in the pool that nothing places
    never reach the board (an info naming them)."""
    data = cell_block().model_dump(mode="json", by_alias=True, exclude_none=True)
    assert "berserker-never-placed" not in _codes(parse(data))
    data["setup"]["zombies"] = [z for z in data["setup"]["zombies"] if z["zombie"] != "runner_berserker"]
    f = _codes(parse(data))["berserker-never-placed"]
    assert f.severity == "info" and f.ids == ("runner_berserker",)
    data["setup"]["zombies"] = []
    f = _codes(parse(data))["berserker-never-placed"]
    assert set(f.ids) == {"walker_berserker", "runner_berserker", "fatty_berserker", "abomination_berserker"}
