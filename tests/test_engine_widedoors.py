"""Boards with more than 62 doors play in the typed engine, compiled and interpreted, with the
records of the reference engine.

The open, unlocked and opened doors and the key colours found are one 64-bit word each while a
board has at most 62 doors and key colours; beyond, the engine numbers every set it meets
(``Engine.ds_*``). ``bench.maps.wide_map`` is a chain of 75 districts and 167 doors whose first
doors to open are numbered 73 and up (beyond the first word), whose chain doors are locked by
the model's eight key colours and by named items, and whose switches toggle gates and open
vaults numbered 149 and up: the games open doors of both words, early and late."""

from __future__ import annotations

import pytest

from designer.bench.maps import large_map, wide_map
from designer.engine import core, session
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from tests.reference.policies import resolve_policy
from designer.plans import bot_plan

MODES = [True, False] if core.compiled() else [False]
POLICIES = ["greedy", "cautious", "casual", "random"]


@pytest.fixture(scope="module")
def wide():
    s = wide_map()
    board = Board(s)
    return board, bot_plan(s)


def _reference(board, seeds, policy, plan):
    return [dict(Game(board, sd, policy, plan=plan).play(), game=i) for i, sd in enumerate(seeds)]


def test_the_wide_map_has_more_doors_than_a_word_and_plays_typed(wide):
    board, plan = wide
    assert len(board.door_ids) == 167 and len(board.door_ids) > 64
    assert plan, "the validator finds the way through the chain"
    for policy in POLICIES:
        assert core.unsupported(board, policy, plan=plan) is None, policy
    tables, problem = core._compiled(board, plan)
    assert problem is None
    assert tables.nd == 167 and len(tables.colour_names) == 8


@pytest.mark.parametrize("policy", POLICIES)
def test_the_typed_engine_plays_the_wide_map_record_for_record(wide, policy):
    board, plan = wide
    seeds = [game_seed(21, i) for i in range(8)]
    want = _reference(board, seeds, policy, plan)
    assert core.play_interpreted(board, seeds, policy, None, 0, plan).records() == want
    if core.compiled():
        assert core.play_games(board, seeds, policy, None, 0, plan).records() == want


def test_the_games_open_doors_of_both_words_late_and_early_with_keys_and_switches(wide):
    """Zone visits behind a door say it opened: the first room's door is number 74 (second
    word), the chain door into street 11 is number 63 (first word), the vaults behind the
    switches' doors 149 and up."""
    board, plan = wide
    door = {d: i for i, d in enumerate(board.door_ids)}
    assert door["rd0"] >= 64 and door["cd10"] < 64 and door["vd4"] >= 128 and door["g12"] >= 128
    seeds = [game_seed(21, i) for i in range(8)]
    records = core.play_interpreted(board, seeds, "greedy", None, 0, plan).records()
    visited = set().union(*(r["zone_visits"] for r in records))
    assert {"r0", "s11", "v4", "y12"} <= visited
    assert any(r["objectives"] for r in records)


@pytest.mark.parametrize("compiled", MODES)
def test_a_wide_game_s_state_reads_as_the_reference_state(wide, compiled):
    """The sets come out of the engine as the reference engine's Python ints (bit ``i`` for door
    ``i``), mid-game and at the end."""
    board, plan = wide
    ever = 0
    for seed in (3, 4, 5, 6):
        typed = session.TypedGame(board, seed, "greedy", plan=plan, compiled=compiled)
        ref = Game(board, seed, "greedy", plan=plan)
        for turns in (6, None):
            typed.play_on(max_turns=turns)
            ref.play_on(max_turns=turns)
            a, b = typed.state, ref.state
            assert (a.doors_open, a.doors_unlocked, a.doors_ever, a.colours) == \
                   (b.doors_open, b.doors_unlocked, b.doors_ever, b.colours)
        ever |= ref.state.doors_ever
    assert ever >> 64, "doors beyond the first word opened"
    assert ever & ((1 << 64) - 1), "doors of the first word opened"


class _CopyAt:
    """Greedy deciding through the callback (the reference state built from the typed one),
    copying the game at its ``at``-th decision."""

    def __init__(self, at=0):
        self.base, self.at, self.n, self.copies = resolve_policy("greedy"), at, 0, []

    def __call__(self, view, survivor, actions):
        self.n += 1
        act = self.base(view, survivor, actions)
        if self.n == self.at:
            self.copies.append((view.copy_game(_CopyAt()), act))
        return act


@pytest.mark.parametrize("compiled", MODES)
def test_a_copy_of_a_wide_game_in_another_engine_plays_on_as_the_original(wide, compiled):
    """A snapshot holds the sets' words (their numbers are one engine's own): restored into an
    engine that has played other games, it plays on to the original's record."""
    board, plan = wide
    for seed, at in ((5, 25), (6, 60)):
        spy = _CopyAt(at)
        game = session.TypedGame(board, seed, spy, plan=plan, compiled=compiled)
        game._pool.append(game.module.Engine(game.tables))
        game._pool[-1].play_one(seed + 11, 0, -1, None)
        whole = dict(game.play())
        assert whole == dict(Game(board, seed, "greedy", plan=plan).play())
        (copy, act), = spy.copies
        copy.act(act)
        assert dict(copy.play_on()) == whole


def test_the_numbered_sets_start_again_between_games_with_the_same_records(wide, monkeypatch):
    """Once an engine has numbered more sets than ``DS_LIMIT`` it forgets them (and the rows
    they key) before the next game: the games stay the same (interpreted, the limit lowered)."""
    board, plan = wide
    module = core.typed_source()
    tables, _ = core._compiled(board, plan)
    seeds = [game_seed(22, i) for i in range(5)]
    kept = module.Engine(tables)
    kept.play_batch(seeds, core.POLICY_CODES["casual"], -1, 0)
    monkeypatch.setattr(module, "DS_LIMIT", 20)
    engine = module.Engine(tables)
    got = core._table(board, engine.play_batch(seeds, core.POLICY_CODES["casual"], -1, 0)).records()
    assert 20 < kept.ds_n and engine.ds_n < kept.ds_n, "the numbering started again"
    assert got == _reference(board, seeds, "casual", plan)


def test_a_set_beyond_the_board_is_refused(wide):
    board, plan = wide
    tables, _ = core._compiled(board, plan)
    engine = core.typed_source().Engine(tables)
    with pytest.raises(ValueError, match="beyond the board"):
        engine.ds_of_int(1 << 192)
    assert engine.ds_int(engine.ds_of_int((1 << 166) | 5)) == (1 << 166) | 5
    assert engine.ds_of_int(0) == 0


def test_the_10000_zone_city_plays_in_the_typed_engine():
    """``bench.maps.large_map`` (1,624 doors) went to the reference engine; it plays typed now,
    compiled and interpreted, the reference engine's games."""
    s = large_map()
    board, plan = Board(s), bot_plan(s)
    assert board.n >= 10_000 and len(board.door_ids) == 1_624 and plan
    assert core.unsupported(board, "greedy", plan=plan) is None
    seeds = [game_seed(23, i) for i in range(3)]
    want = _reference(board, seeds, "greedy", plan)
    assert core.play_interpreted(board, seeds, "greedy", None, 0, plan).records() == want
    if core.compiled():
        assert core.play_games(board, seeds, "greedy", None, 0, plan).records() == want
    assert all(r["objectives"] for r in want), "the games take keys and press switches"


def test_the_benchmark_s_city_figure_plays_the_city():
    from designer.bench.playtest import _city, report_lines

    c = _city(6, "greedy", zones=2_000)
    assert c["doors"] > 62 and c["engine"] == ("typed" if core.available() else "typed-source")
    assert c["games"] == 6 and c["games_per_s"] > 0
    r = {"clock": "", "typed_engine_compiled": True, "scenarios": {}, "city": c, "peak_memory_mb": 1}
    assert any("the city of 2,0" in line for line in report_lines(r))


def _one_colour_per_lock(board: Board) -> Board:
    """The wide map with every chain door locked by a colour of its own and its key of that
    colour: 74 key colours (the model names eight, so the colours are renamed on the board)."""
    lock = list(board.door_lock)
    for d, did in enumerate(board.door_ids):
        if did.startswith("cd") and lock[d] and lock[d][0] == "colour":
            lock[d] = ("colour", f"c{did[2:]}")
    colour = list(board.obj_colour)
    for o, oid in enumerate(board.obj_ids):
        if oid.startswith("k") and colour[o]:
            colour[o] = f"c{oid[1:]}"
    board.door_lock, board.obj_colour = tuple(lock), tuple(colour)
    return board


@pytest.mark.parametrize("policy", ["greedy", "casual"])
def test_more_than_62_key_colours_play_as_in_the_reference_engine(policy):
    """75 key colours (74 locks, one colour each, and the final token's): the keys found are
    colours of both words of the set, and the games and the colours found are the reference
    engine's."""
    s = wide_map(item_locks=False)
    board, plan = _one_colour_per_lock(Board(s)), bot_plan(s)
    tables, problem = core._compiled(board, plan)
    assert problem is None and len(tables.colour_names) == 75  # and the token's colour (red by default)
    assert tables.colour_names.index("c0") == 0 and tables.colour_names.index("c1") == 73
    seeds = [game_seed(24, i) for i in range(6)]
    want = _reference(board, seeds, policy, plan)
    assert core.play_interpreted(board, seeds, policy, None, 0, plan).records() == want
    if core.compiled():
        assert core.play_games(board, seeds, policy, None, 0, plan).records() == want
    found = set()
    for seed in seeds[:3]:
        game = session.TypedGame(board, seed, policy, plan=plan)
        game.play()
        ref = Game(board, seed, policy, plan=plan)
        ref.play()
        assert game.state.colours == ref.state.colours
        found |= ref.state.colours
    bits = {tables.colour_names.index(c) for c in found}
    assert max(bits) >= 64 > min(bits), f"keys of both words found: {sorted(bits)}"
