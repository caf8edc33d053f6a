"""The Prison Outbreak mission rules played by the typed engine (seed 001, chapter #12
"MISSIONI"): each rule on a small hand-made scenario, then the published missions, record for
record against the reference engine, compiled and interpreted. Each test quotes the sentence
of the mission pages it plays."""

from __future__ import annotations

from pathlib import Path

import pytest

import designer
from designer.io.files import parse
from designer.engine import core
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.plans import bot_plan

from .test_missions import FOOD, mission

PUBLISHED = sorted(str(p) for p in Path("scenarios/prison-outbreak").glob("*.json"))


def reference(board: Board, seeds: list[int], policy: str, survivors: int | None, plan) -> list[dict]:
    out = []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, survivors=survivors, plan=plan).play())
        record["game"] = i
        out.append(record)
    return out


def same_games(s, *, n=80, survivors=(None, 1, 3), policies=("greedy", "cautious", "random"), base=11,
               interpreted=12) -> list[dict]:
    """Play ``n`` games of ``s`` per policy and team size in the typed engine (compiled, and its
    source interpreted for the first ``interpreted``) and in the reference engine; assert the
    records are equal and return the typed engine's records."""
    board = Board(s)
    plan = bot_plan(s)
    assert core.unsupported(board, "greedy", plan=plan) is None
    out = []
    for policy in policies:
        for team in survivors:
            seeds = [game_seed(base, i) for i in range(n)]
            fast = core.play_games(board, seeds, policy, team, 0, plan).records()
            slow = reference(board, seeds, policy, team, plan)
            for a, b in zip(fast, slow, strict=True):
                assert a == b, (policy, team, a["seed"])
            source = core.play_interpreted(board, seeds[:interpreted], policy, team, 0, plan).records()
            assert source == fast[:interpreted]
            out += fast
    return out


def test_the_typed_engine_is_compiled():
    assert core.available(), "the record comparisons below need the compiled typed engine"


# -- (a) the condition steps and the carrier's defeat -----------------------------------------


def fall_back(ordered=True):
    """M01's last step on the small prison: the blueprint token lies at the exit side E where
    the walkers come from, a runner already waits in the safe area S; the purple button is in
    the corridor (pressing the white one first would cut it off), the white one in S."""
    steps = [{"kind": "take_objectives", "objectives": ["blueprint"]},
             {"kind": "doors_closed", "doors": ["purple-door", "white-door"]},
             {"kind": "no_zombie_path", "zones": ["S"]}, {"kind": "hold_zone", "zones": ["S"]}]
    objectives = [{"id": "purple-button", "kind": "switch", "zone": "C", "colour": "purple"},
                  {"id": "white-button", "kind": "switch", "zone": "S", "colour": "white"},
                  {"id": "blueprint", "kind": "token", "zone": "E"}]
    return mission(steps, ordered=ordered, objectives=objectives, spawns=[{"id": "sp", "zone": "E", "order": 1}],
                   setup={"turn_limit": 12, "zombies": [{"zone": "S", "zombie": "runner", "count": 1}]})


@pytest.mark.parametrize("ordered", [True, False])
def test_the_fall_back_behind_closed_doors(ordered):
    """M01: "bloccate la Porta Viola e quella Bianca ... finchè quelli rimasti non avranno più un
    percorso valido per raggiungere i Sopravvissuti. Almeno un Sopravvissuto deve trovarsi
    all'interno della Prigione in quest'area sicura"."""
    records = same_games(fall_back(ordered))
    won = [r for r in records if r["won"]]
    assert won and len(won) < len(records), "some games are won behind the doors, some lost"


def cleaning():
    """The white door to open, then no zombie left: walkers at the exit side, a runner behind
    the white door."""
    return mission([{"kind": "open_doors", "doors": ["white-door"]}, {"kind": "no_zombies"}],
                objectives=[], triggers=[],
                extra={"connections": [
                    {"id": "purple-door", "kind": "door", "from": "Y", "to": "C", "state": "open"},
                    {"id": "white-door", "kind": "door", "from": "C", "to": "S", "state": "closed"},
                    {"id": "c-e", "kind": "opening", "from": "C", "to": "E"}]},
                setup={"zombies": [{"zone": "E", "zombie": "walker", "count": 3},
                                   {"zone": "S", "zombie": "runner", "count": 1}], "turn_limit": 10})


def test_no_zombie_left_on_the_board():
    """M07: "La Missione ha successo se, in qualunque momento dopo aver completato i due
    Obiettivi precedenti, non ci sono più Zombi sul Tabellone"."""
    records = same_games(cleaning())
    assert any(r["won"] for r in records) and any(r["kills"] >= 4 for r in records if r["won"])


def test_an_unordered_no_zombie_path_is_read_at_the_moment():
    """M01: "Uccidete tutti gli Zombi che sono riusciti ad entrare, finchè quelli rimasti non
    avranno più un percorso valido per raggiungere i Sopravvissuti" (with a zone to reach, in any
    order)."""
    records = same_games(unordered_path())
    assert any(r["won"] for r in records) and not all(r["won"] for r in records)


def unordered_path():
    """Reach the exit side and leave no zombie a way into the safe area, in any order; walkers
    come from the yard."""
    return mission([{"kind": "no_zombie_path", "zones": ["S"]}, {"kind": "reach_zone", "zones": ["E"]}],
                   ordered=False, spawns=[{"id": "sp", "zone": "Y", "order": 1}], setup={"turn_limit": 8})


def carry(count=2, carrier=True):
    """Food lying in the corridor and the safe area as item cards, to bring back to the start."""
    objectives = [{"id": "rice", "kind": "item", "zone": "C", "item": "bag of rice"},
                  {"id": "can", "kind": "item", "zone": "S", "item": "canned food"},
                  {"id": "water", "kind": "item", "zone": "E", "item": "water"}]
    return mission([{"kind": "carry_items", "items": FOOD, "count": count, "zones": ["Y"]}],
                   objectives=objectives, triggers=[], spawns=[{"id": "sp", "zone": "E", "order": 1}],
                   defeat={"carrier_dies": FOOD} if carrier else None, setup={"turn_limit": 14})


def test_carry_the_food_back_to_the_start():
    """M08: "Torna alla Zona di Partenza con almeno otto carte Cibo ottenute dagli Obiettivi"
    (two of three here)."""
    records = same_games(carry(carrier=False))
    assert any(r["won"] for r in records)


def test_a_carrier_s_death_loses_the_mission():
    """M08: "Se un Sopravvissuto viene ucciso mentre trasporta una di queste Carte, la Missione
    è fallita"."""
    records = same_games(carry(count=3), n=120)
    causes = {r["cause"] for r in records}
    assert "carrier_died" in causes, causes


# -- (b) spawns where a token lay or instead of others, cards given, the rotating gate ---------


def two_abominations(instead_if="in_play", pool=1):
    """The green and the red token each wake an abomination where it lay (the tokens are
    shuffled among three rooms); each falls back to a fatty and its walkers."""
    from .test_missions import shuffled

    s = shuffled(instead=True, pool_abominations=pool)
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["triggers"][0]["then"][0]["instead_if"] = instead_if
    data["triggers"].append({"id": "big-red", "when": {"kind": "objective_taken", "objective": "red"},
                             "then": [{"kind": "spawn_zombies", "at_objective": "red", "zombie": "abomination",
                                       "instead": [{"zombie": "fatty", "count": 1}], "instead_if": instead_if}]})
    data["setup"]["survivors"]["starting_equipment"] = ["pistol", "crowbar"]
    return parse(data)


@pytest.mark.parametrize("instead_if,pool,fallback", [("in_play", 2, True), ("none_left", 2, False),
                                                      ("none_left", 1, True)])
def test_an_abomination_where_the_token_lay_or_a_fatty_instead(instead_if, pool, fallback):
    """M00: "appare immediatamente un Abomination nella Zona dove si trovava il Segnalino. Se
    l'Abomination è già in gioco, utilizza un Fatty con i suoi due Walker"; M02: the fallback
    only when the box has none left."""
    records = same_games(two_abominations(instead_if, pool), n=40, survivors=(None, 1))
    took_both = [r for r in records if "green" in r["objectives"] and "red" in r["objectives"]]
    assert took_both
    for r in took_both:
        assert r["spawned_abomination"] == (1 if fallback else 2)
        assert r["spawned_fatty"] == (1 if fallback else 0)


def test_each_red_token_gives_a_set_aside_food_card():
    """M08: "Ogni Volta che viene raccolto un Segnalino Obiettivo Rosso, il Sopravvissuto che
    l'ha preso riceve una di queste Carte a caso e può riorganizzare liberamente l'Inventario"."""
    from .test_missions import food_mission

    records = same_games(food_mission(count=2, pile=2), n=40)
    assert any(r["won"] for r in records), "two food cards carried back to the start"


def gate_mission(passage, direction="choose"):
    """A rotating gate between the yard R-N and the exit side E: the passage must face east."""
    conns = [{"id": f"g-{k}", "kind": "door", "from": "G", "to": k, "state": "open" if passage[i] else "closed",
              "by_hand": False, "spawns_on_first_open": False} for i, k in enumerate("NESW")]
    conns.append({"id": "r-n", "kind": "opening", "from": "R", "to": "N"})
    return parse({
        "schema_version": 1, "id": "gate", "meta": {"title": "the rotating gate"},
        "zones": [{"id": "R", "kind": "room"}, {"id": "N"}, {"id": "G", "kind": "gate"}, {"id": "E"}, {"id": "S"},
                  {"id": "W"}],
        "connections": conns,
        "objectives": [{"id": "yellow-button", "kind": "switch", "zone": "R", "colour": "yellow"}],
        "triggers": [{"id": "yellow", "when": {"kind": "switch_pressed", "switch": "yellow-button"}, "once": False,
                      "then": [{"kind": "rotate_gate", "gate": "G", "sides": ["g-N", "g-E", "g-S", "g-W"],
                                "passage": passage, "direction": direction}]}],
        "spawns": [{"id": "sp", "zone": "W", "order": 1}],
        "victory": {"steps": [{"kind": "reach_zone", "zones": ["E"]}]},
        "setup": {"start_zones": ["R"], "turn_limit": 12,
                  "survivors": {"min": 1, "max": 6, "starting_equipment": ["crowbar", "pistol"]},
                  "zombie_pool": {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1},
                  "rules": {"overrides": {"zombies_cross_gates": True}}},
    })


@pytest.mark.parametrize("passage,direction", [([True, False, True, False], "choose"),
                                               ([True, True, False, False], "choose"),
                                               ([True, True, False, False], "counterclockwise"),
                                               ([True, False, False, False], "clockwise")])
def test_the_rotating_gate_turns_a_quarter_per_press(passage, direction):
    """Chapter 10: "il Cancello di Sicurezza Rotante ruota di 1/4 di giro verso Destra o Sinistra
    (scegli la direzione ogni volta)"; "Gli Zombi non possono essere generati all'interno del
    Cancello di Sicurezza Rotante" (they walk through it)."""
    records = same_games(gate_mission(passage, direction), n=40)
    assert any(r["won"] for r in records)


# -- (c) split starting groups, cars, two items with one action --------------------------------


@pytest.mark.parametrize("groups", [
    [{"zone": "Y", "heroes": ["Grindlock", "Watts"]}, {"zone": "S", "heroes": ["Kim"]}],
    [{"zone": "Y"}, {"zone": "S"}]])
def test_two_start_zones_with_named_survivors(groups):
    """M06: "Dividi il Team in due parti uguali (se il Team ha un numero disparo di membri,
    decidete quale gruppo avrà un membro in più). Il Primo gruppo inizierà il gioco da una Zona
    di Partenza, il secondo gruppo dall'altra"."""
    from .test_missions import split

    records = same_games(split(groups), n=30, survivors=(None, 1, 3, 6))
    assert any(r["won"] for r in records)


def garage():
    """The small prison with cars: a police car in the yard (searched until a weapon), a
    Pimpmobile at the exit side (once, for its Gunblade), the rifle lying with its scope in the
    corridor; the walkers come from the exit side."""
    objectives = [{"id": "police-car", "kind": "car", "zone": "Y", "search": "until_weapon"},
                  {"id": "pimpmobile", "kind": "car", "zone": "E", "search": "once", "contents": ["gunblade"]},
                  {"id": "rifle", "kind": "item", "zone": "C", "item": "rifle", "also": ["rifle-scope"]},
                  {"id": "blueprint", "kind": "token", "zone": "S"}]
    return mission([{"kind": "take_objectives", "objectives": ["blueprint", "rifle"]},
                    {"kind": "reach_zone", "zones": ["E"]}], objectives=objectives, triggers=[],
                   spawns=[{"id": "sp", "zone": "E", "order": 1}],
                   setup={"turn_limit": 14, "equipment_deck": [{"item": "water", "count": 4},
                                                               {"item": "pistol", "count": 2},
                                                               {"item": "aaah", "count": 2}]})


def test_cars_are_searched_and_two_cards_taken_with_one_action():
    """M00: "Puoi cercare nell'Auto della Polizia più di una volta. Scarta finché non trovi
    un'Arma"; "Puoi cercare in ogni Pimpmobile una sola volta. Ognuna contiene una Gunblade";
    M01: "spendere un'Azione per prendere entrambe le Carte"."""
    records = same_games(garage(), n=40)
    assert any("police-car" in r["objectives"] for r in records)
    assert any("rifle" in r["objectives"] for r in records)


# -- (d) the rule overrides: watchtower, security zones, torn fences, gates --------------------


def yard(overrides):
    """A yard Y with a watchtower T (ladder, sight), a security zone Q on the way to the corridor
    C, the token in C; walkers and an abomination come from E, behind a barbed-wire fence from
    the yard and an opening from the corridor."""
    return parse({
        "schema_version": 1, "id": "yard", "meta": {"title": "the prison yard"},
        "zones": [{"id": "Y"}, {"id": "T", "kind": "tower"}, {"id": "Q", "kind": "security"},
                  {"id": "C", "kind": "corridor"}, {"id": "E"}],
        "connections": [{"id": "y-t", "kind": "ladder", "from": "Y", "to": "T", "sight": True},
                        {"id": "y-q", "kind": "opening", "from": "Y", "to": "Q"},
                        {"id": "q-c", "kind": "opening", "from": "Q", "to": "C"},
                        {"id": "c-e", "kind": "opening", "from": "C", "to": "E"},
                        {"id": "wire", "kind": "fence", "from": "E", "to": "Y"}],
        "sight_lines": [{"id": "l0", "zones": ["T", "Y", "E"]}, {"id": "l1", "zones": ["Y", "Q", "C", "E"]}],
        "objectives": [{"id": "token", "kind": "token", "zone": "C"}],
        "spawns": [{"id": "sp", "zone": "E", "order": 1}],
        "victory": {"steps": [{"kind": "take_objectives"}, {"kind": "reach_zone", "zones": ["T"]}]},
        "setup": {"start_zones": ["Y"], "turn_limit": 12,
                  "survivors": {"min": 1, "max": 6, "starting_equipment": ["crowbar", "pistol"]},
                  "zombies": [{"zone": "E", "zombie": "abomination", "count": 1}],
                  "zombie_pool": {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1},
                  "rules": {"overrides": overrides}},
    })


@pytest.mark.parametrize("overrides", [{}, {"tower_range": 1}, {"security_push_back": True},
                                       {"abominations_tear_fences": True},
                                       {"tower_range": 1, "security_push_back": True,
                                        "abominations_tear_fences": True}])
def test_the_prison_zone_rules(overrides):
    """Chapter 10: "I Sopravvissuti guadagno +1 alla Gittata Massima dell'Arma finché si trovano
    sulla Torre di Osservazione"; "I Sopravvissuti e gli Zombi non possono terminare la loro
    Attivazione su una Zona di Sicurezza. Se questo accade, vengono spinti indietro nella Zona da
    cui sono partiti"; "L'Abomination è abbastanza forte da attraversare la Recinzione di Filo
    Spinato, distruggendola"."""
    same_games(yard(overrides), n=40)


def test_each_rule_override_changes_the_games():
    """Each override is played: the same seeds give other games with it than without it."""
    plain = same_games(yard({}), n=40, survivors=(None,), policies=("greedy", "random"), interpreted=0)
    for name, value in (("tower_range", 1), ("security_push_back", True), ("abominations_tear_fences", True)):
        other = same_games(yard({name: value}), n=40, survivors=(None,), policies=("greedy", "random"), interpreted=0)
        assert other != plain, name


# -- the published missions --------------------------------------------------------------------


@pytest.mark.parametrize("path", PUBLISHED)
def test_the_published_missions_are_played_by_the_typed_engine(path):
    """Every rule of the eleven Prison Outbreak missions is played by the typed engine: greedy,
    cautious and random give the records of the reference engine."""
    same_games(designer.load(path), n=30, survivors=(None,), interpreted=4)


def test_two_zones_held_at_once_with_the_doors_shut():
    """M04: "Tutti i Sopravvissuti devono trovarsi all'interno della Prigione" with the doors
    closed: conditions of several kinds from one step on, worked on together (the bots' goal
    zones hold the zones of every hold step)."""
    steps = [{"kind": "doors_closed", "doors": ["white-door"]}, {"kind": "hold_zone", "zones": ["S", "C"]},
             {"kind": "hold_zone", "zones": ["C", "S", "Y"], "who": "all"}]
    for ordered in (True, False):
        s = mission(steps, ordered=ordered, spawns=[{"id": "sp", "zone": "E", "order": 1}],
                    setup={"turn_limit": 10})
        records = same_games(s, n=40)
        assert any(r["won"] for r in records)


# -- the log: the mission rules' events, written by the typed engine ---------------------------


def same_transcripts(s, seeds, policies=("greedy", "casual"), survivors=None) -> list[dict]:
    """Play each seed with each policy logged in both engines (the typed engine compiled where
    it is built, and its source interpreted); assert the events (keys in the same order), the
    JSON log lines, the transcripts and the records are equal; return the reference events."""
    from designer.engine import session

    board, plan = Board(s), bot_plan(s)
    assert session.log_covers(board) is None, session.log_covers(board)
    assert core.typed_reason(board, "greedy", plan, log=True) is None
    events: list[dict] = []
    for policy in policies:
        for seed in seeds:
            ref = Game(board, seed, policy, survivors=survivors, log=True, plan=plan)
            ref.play()
            for compiled in (None, False):
                typed = session.TypedGame(board, seed, policy, survivors=survivors, log=True, plan=plan,
                                          compiled=compiled)
                typed.play()
                assert [list(e.items()) for e in typed.log] == [list(e.items()) for e in ref.log], (policy, seed)
                assert list(typed.log_lines()) == list(ref.log_lines())
                assert typed.transcript() == ref.transcript()
                assert dict(typed.result()) == dict(ref.result())
            events += ref.log
    return events


def test_the_published_missions_transcripts_come_from_the_typed_engine():
    """The eleven missions' rules write their events in the typed engine too: for greedy and
    casual, the typed engine's log and transcript are the reference engine's, line for line
    (searching a car, a carrier's death, the rotating gate, a set-aside card given, ...)."""
    from designer.engine import session

    seen: set[str] = set()
    for path in PUBLISHED:
        seen |= {e["event"] for e in same_transcripts(designer.load(path), range(8))}
    assert {"search_car", "gate_turned", "give_card", "carrier_died"} <= seen, seen
    assert session.log_covers(Board(designer.load(PUBLISHED[0]))) is None


@pytest.mark.parametrize("overrides", [{"security_push_back": True}, {"abominations_tear_fences": True}])
def test_the_prison_zone_events_are_logged_by_the_typed_engine(overrides):
    """Chapter 10: "vengono spinti indietro nella Zona da cui sono partiti"; "L'Abomination è
    abbastanza forte da attraversare la Recinzione di Filo Spinato, distruggendola": the typed
    engine logs the push back and the torn fence as the reference engine does."""
    want = "pushed_back" if "security_push_back" in overrides else "fence_torn"
    events = same_transcripts(yard(overrides), range(30), policies=("greedy", "random", "casual"))
    assert want in {e["event"] for e in events}


def test_the_fallback_spawn_and_the_carrier_s_death_are_logged_by_the_typed_engine():
    """M00: "Se l'Abomination è già in gioco, utilizza un Fatty con i suoi due Walker"; M08: "Se
    un Sopravvissuto viene ucciso mentre trasporta una di queste Carte, la Missione è fallita":
    both written in the typed engine's log, as the reference engine writes them."""
    seen = {e["event"] for e in same_transcripts(two_abominations("in_play", 2), range(20),
                                                 policies=("greedy", "random"))}
    seen |= {e["event"] for e in same_transcripts(carry(count=3), range(40), policies=("greedy", "random"))}
    assert {"instead", "carrier_died"} <= seen, seen
