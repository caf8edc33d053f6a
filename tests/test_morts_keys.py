"""Les morts aux trousses (seed 003): the office's two keys, one drawn at random (an item
objective's ``one_of``), each opening its bunker. Each test quotes the rulebook; the typed
engine plays the draw (compiled and interpreted alike), the validator searches every outcome."""

from __future__ import annotations

import pytest

import designer
from designer.checks import check
from designer.engine import Board, session
from designer.engine.batch import game_seed
from designer.engine.board import ZOMBIE
from designer.engine.session import TypedGame
from designer.model.scenario import Scenario
from designer.plans import bot_plan

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"
KEYS = {"bunker A key", "bunker B key"}


def _data() -> dict:
    return designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)


def _codes(data: dict) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in check(Scenario.model_validate(data), options=False).findings:
        out.setdefault(f.code, []).append(f)
    return out


def _take_in_office(board: Board, seed: int, compiled: bool | None = None) -> tuple[TypedGame, str]:
    """A survivor alone in the office, no zombie on the board, takes the key: the game and the
    key it holds."""
    st = board.new_state(seed)
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    hero = st.add_survivor(board.zone_index["office"], health=5, items=["kitchen knife"])
    hero.actions_left = 3
    g = TypedGame.from_state(board, st, "greedy", log=True, compiled=compiled)
    g.apply(hero.index, ("take", board.obj_index["office-key"]))
    held = [g.names[i] for i in g.engine.state()["survivors"][hero.index]["items"]]
    got = KEYS & set(held)
    assert len(got) == 1, held
    return g, got.pop()


def test_the_sample_s_office_holds_two_keys_one_per_bunker():
    """"In the office: there are zombies (dice roll) + 2 keys (one is drawn at random)", "Fetch
    the 1 key hidden in the office on the 1st floor, then go to the bunker (A or B)": the office's
    key objective draws between the two bunkers' keys, and each bunker door takes its own."""
    s = designer.load(SAMPLE)
    key = next(o for o in s.objectives if o.id == "office-key")
    assert (key.item, key.one_of) == ("bunker A key", ["bunker B key"])
    locks = {c.id: c.lock.item for c in s.connections if c.kind == "door" and c.lock}
    assert locks == {"bunker-a-door": "bunker A key", "bunker-b-door": "bunker B key"}


def test_the_key_is_drawn_with_even_odds():
    """"2 keys (one is drawn at random)": over 200 games each key comes out about half the time
    (binomial, n = 200, p = 1/2: 100 +- 3.5 standard deviations of 7.07, so 75 to 125), and the
    draw is logged (event ``item_drawn``)."""
    board = Board(designer.load(SAMPLE))
    got = []
    for seed in range(200):
        g, key = _take_in_office(board, game_seed(65, seed))
        drawn = [e for e in g.log if e["event"] == "item_drawn"]
        assert drawn == [{"turn": drawn[0]["turn"], "event": "item_drawn", "survivor": 0,
                          "objective": "office-key", "item": key}]
        got.append(key)
    assert set(got) == KEYS
    assert 75 <= got.count("bunker A key") <= 125


def test_the_key_drawn_opens_its_bunker_only():
    """"then go to the bunker (A or B)": the survivor who takes the key holds the one drawn,
    which opens its bunker's door and not the other's (the doors it may walk through or open)."""
    board = Board(designer.load(SAMPLE))
    seen = set()
    for seed in range(12):
        g, key = _take_in_office(board, game_seed(66, seed))
        mine, other = ("bunker-a-door", "bunker-b-door") if key == "bunker A key" else \
            ("bunker-b-door", "bunker-a-door")
        doors = g.engine.passable_doors(0)
        assert doors >> board.door_index[mine] & 1 and not doors >> board.door_index[other] & 1
        seen.add(key)
    assert seen == KEYS


def test_compiled_and_interpreted_draw_the_same_key():
    """The compiled engine and the same source interpreted draw the same key from the same
    generator."""
    board = Board(designer.load(SAMPLE))
    for seed in range(6):
        a = _take_in_office(board, game_seed(67, seed), compiled=True)
        b = _take_in_office(board, game_seed(67, seed), compiled=False)
        assert a[1] == b[1] and a[0].log == b[0].log


@pytest.mark.parametrize("policy", ["greedy", "casual"])
def test_the_bots_win_with_either_key(policy):
    """"Fetch the 1 key ... then go to the bunker (A or B)": whichever key is drawn, the bots
    (one plan, found with the key of bunker A) reach the bunker it opens and win some games: they
    pass over opening the bunker the key drawn does not open."""
    board = Board(designer.load(SAMPLE))
    plan = bot_plan(board.scenario)
    wins: dict[str, int] = {}
    for i in range(60):
        r = session.play_typed(board.scenario, game_seed(68, i), policy, survivors=4, log=True, board=board,
                               plan=plan)
        drawn = [e["item"] for e in r["log"] if e["event"] == "item_drawn"]
        if drawn and r["won"]:
            wins[drawn[0]] = wins.get(drawn[0], 0) + 1
            bunker = {"bunker A key": "bunker-a", "bunker B key": "bunker-b"}[drawn[0]]
            opened = {e["door"] for e in r["log"] if e["event"] == "open"}
            assert f"{bunker}-door" in opened
    assert set(wins) == KEYS, wins


def test_the_validator_searches_every_key_drawn():
    """"Fetch the 1 key ... then go to the bunker (A or B)": the sample is winnable whatever key
    is drawn (no finding); a bunker B locked by a key nobody can draw makes the draw of bunker B's
    key a lost game: ``drawn-item-unwinnable`` names the objective and the key."""
    data = _data()
    codes = _codes(data)
    assert not {"drawn-item-unwinnable", "zone-unreachable", "door-never-opens", "door-cannot-open"} & set(codes)
    for c in data["connections"]:
        if c["id"] == "bunker-b-door":
            c["lock"]["item"] = "bunker C key"
    found = _codes(data)["drawn-item-unwinnable"]
    assert [(f.severity, f.ids, f.path) for f in found] == [("error", ("office-key",), "objectives[0].one_of")]
    assert "'office-key' gives 'bunker B key'" in found[0].message


def test_the_validator_counts_a_drawn_key_as_one_someone_can_get():
    """A lock whose item only an objective's draw gives is not 'door-cannot-open'; with the draw
    gone, bunker B can never open."""
    data = _data()
    assert "door-cannot-open" not in _codes(data)
    next(o for o in data["objectives"] if o["id"] == "office-key")["one_of"] = []
    assert "door-cannot-open" in _codes(data)


def test_the_plan_replays_with_a_drawn_key():
    """The validator's witness plan replays (the replay, like the search, lets the team hold
    any key of the draw once the office's objective is taken)."""
    from designer.checks.plan import replay

    s = designer.load(SAMPLE)
    r = check(s, options=False)
    assert r.winnable
    replay(s, r.plan)
    assert any(step.action == "take" and step.target == "office-key" for step in r.plan)


def test_the_five_six_variant_puts_one_key_in_each_office():
    """"5-6 Player Variant: ... 2 office zones (light blue + dark blue) / 1 key in each office":
    the variant's offices hold bunker A's key and bunker B's, no draw."""
    from designer.variants import derive

    s = derive(designer.load(SAMPLE), "five-six")
    keys = {o.id: (o.zone, o.item, o.one_of) for o in s.objectives if o.kind == "item"}
    assert keys == {"office-key": ("office", "bunker A key", []), "office-key-2": ("office-2", "bunker B key", [])}
