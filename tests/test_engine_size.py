"""Map size: the typed engine and the game tables have no zone ceiling below 20,000 zones.

"Seul dans le noir" padded to 20,000 zones with the padding FIRST puts every zone a game touches
at indices 19,978 and above, far beyond the former ceiling of 2,048 zones of a record's per-zone
keys; the games must be the games of the unpadded map, in the compiled typed engine, in its
source run interpreted and in the reference engine."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

import designer
from designer.analysis.store import ResultsStore
from designer.bench.playtest import padded
from designer.engine import core
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.table import ZONE_KEY, GameTable
from designer.plans import bot_plan

SEUL = str(Path(__file__).parent.parent / "scenarios" / "seul-dans-le-noir.json")


@pytest.fixture(scope="module")
def boards():
    base = Board(designer.load(SEUL))
    big = Board(padded(SEUL, 20_000, first=True))
    return base, big, bot_plan(base.scenario)


def test_the_zone_key_leaves_room_for_big_maps():
    assert ZONE_KEY >= 20_000
    assert np.iinfo(GameTable.concat([]).zone_keys.dtype).max >= 3 * ZONE_KEY - 1


def test_the_games_of_a_20000_zone_map_touch_its_last_zones_and_are_the_games_of_the_small_map(boards):
    base, big, plan = boards
    assert big.n == 20_000 and big.zone_ids[-1] == base.zone_ids[-1]
    assert core.unsupported(big, "greedy", plan=plan) is None, "the typed engine plays the big map"
    seeds = [game_seed(6, i) for i in range(40)]
    want = core.play_games(base, seeds, "greedy", None, 0, plan).records()
    table = core.play_games(big, seeds, "greedy", None, 0, plan)
    assert int(table.zone_keys.min() % ZONE_KEY) >= 20_000 - base.n, "every count is in a zone beyond 19,977"
    assert table.records() == want
    assert any(r["zone_visits"] for r in want), "the games write per-zone counts"


def test_the_typed_source_interpreted_and_the_reference_engine_agree_on_the_big_map(boards):
    base, big, plan = boards
    seeds = [game_seed(9, i) for i in range(3)]
    want = core.play_games(base, seeds, "greedy", None, 0, plan).records()
    assert core.play_interpreted(big, seeds, "greedy", None, 0, plan).records() == want
    reference = []
    for i, seed in enumerate(seeds):
        record = dict(Game(big, seed, "greedy", plan=plan).play())
        record["game"] = i
        reference.append(record)
    assert reference == want


def test_a_table_of_the_big_map_survives_pickling_the_records_and_the_store(boards, tmp_path):
    base, big, plan = boards
    seeds = [game_seed(1, i) for i in range(20)]
    table = core.play_games(big, seeds, "greedy", None, 0, plan)
    assert pickle.loads(pickle.dumps(table)) == table
    assert GameTable.from_records(table.records(), big.zone_ids, big.obj_ids) == table
    store = ResultsStore(tmp_path / "runs.sqlite")
    meta = {"scenario_id": "padded", "scenario_title": "padded", "scenario_hash": "h", "engine_version": "v",
            "policy": "greedy", "survivors": None, "base_seed": 1}
    run_id = store.save_table(meta, table)
    assert store.table(run_id).records() == table.records()
