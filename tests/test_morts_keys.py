"""Les morts aux trousses (seed 003): the office's two keys, one drawn at random (an item
objective's ``one_of``), each opening its bunker. The tests quote the rulebook; the typed engine
draws and logs the key as the reference engine does."""

from __future__ import annotations

import designer
from designer.engine import Board, Game, session
from designer.engine.board import ZOMBIE
from designer.engine.morts import drawn_item, lost_key_doors
from designer.engine.policies import _done
from designer.model.scenario import Scenario
from designer.plans import bot_plan

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"


def _data() -> dict:
    return designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)


def _game(seed: int = 1) -> Game:
    b = Board(designer.load(SAMPLE))
    st = b.new_state(seed)
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    return Game(b, state=st, policy="greedy", log=True)


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
    """"2 keys (one is drawn at random)": over 400 draws each key comes out about half the time
    (binomial, n = 400, p = 1/2: 200 +- 3.5 standard deviations of 10)."""
    g = _game()
    hero = g.state.add_survivor(g.board.zone_index["office"], health=5)
    o = g.board.obj_index["office-key"]
    got = [drawn_item(g, hero, o) for _ in range(400)]
    assert set(got) == {"bunker A key", "bunker B key"}
    assert 165 <= got.count("bunker A key") <= 235


def test_the_key_drawn_opens_its_bunker_only():
    """"then go to the bunker (A or B)": the survivor who takes the key holds the one drawn,
    which opens its bunker's door and not the other's."""
    for seed in range(6):
        g = _game(seed)
        b = g.board
        hero = g.state.add_survivor(b.zone_index["office"], health=5)
        hero.actions_left = 3
        g.take(hero, b.obj_index["office-key"])
        drawn = next(e["item"] for e in g.log if e["event"] == "item_drawn")
        assert drawn in hero.items
        mine, other = ("bunker-a-door", "bunker-b-door") if drawn == "bunker A key" else \
            ("bunker-b-door", "bunker-a-door")
        assert g.can_unlock(hero, b.door_index[mine]) and not g.can_unlock(hero, b.door_index[other])
        assert lost_key_doors(g.view) == 1 << b.door_index[other]
        plan = {step.target: step for step in bot_plan(b.scenario) if step.action == "open"}
        assert _done(g.view, plan[other]) and not _done(g.view, plan[mine]), \
            "the bots pass over opening the bunker the key drawn does not open"


def test_the_validator_counts_a_drawn_key_as_one_someone_can_get():
    """A lock whose item only an objective's draw gives is not 'door-cannot-open'; with the draw
    gone, bunker B can never open."""
    from designer.checks import check

    def codes(data: dict) -> set[str]:
        return {f.code for f in check(Scenario.model_validate(data)).findings}

    data = _data()
    assert "door-cannot-open" not in codes(data)
    next(o for o in data["objectives"] if o["id"] == "office-key")["one_of"] = []
    assert "door-cannot-open" in codes(data)


def test_the_five_six_variant_puts_one_key_in_each_office():
    """"5-6 Player Variant: ... 2 office zones (light blue + dark blue) / 1 key in each office":
    the variant's offices hold bunker A's key and bunker B's, no draw."""
    from designer.variants import derive

    s = derive(designer.load(SAMPLE), "five-six")
    keys = {o.id: (o.zone, o.item, o.one_of) for o in s.objectives if o.kind == "item"}
    assert keys == {"office-key": ("office", "bunker A key", []), "office-key-2": ("office-2", "bunker B key", [])}


def test_the_typed_engine_draws_the_key_as_the_reference():
    """Both engines draw the office's key with the same die and log it alike (event code 65)."""
    board = Board(designer.load(SAMPLE))
    plan = bot_plan(board.scenario)
    drawn = set()
    for policy in ("greedy", "casual"):
        for seed in range(8):
            ref = Game(board, seed, policy, log=True, plan=plan)
            ref.play()
            typed = session.TypedGame(board, seed, policy, log=True, plan=plan)
            typed.play()
            assert typed.log == ref.log
            drawn |= {e["item"] for e in ref.log if e["event"] == "item_drawn"}
    assert drawn == {"bunker A key", "bunker B key"}
