"""Golden playthroughs: every sample under every bot, replayed line by line.

The files in ``tests/golden/`` were written by ``make golden``. A difference means the rules, the
dice or a bot changed: if the change is deliberate, regenerate the files in the same commit and
say which lines changed; otherwise it is a regression.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import designer
from designer.engine.golden import golden_name, iter_golden_games, playthrough_lines
from designer.plans import bot_plan

from .conftest import ROOT, draws_items

GOLDEN = Path(__file__).parent / "golden"
CASES = list(iter_golden_games())


@pytest.fixture(scope="module")
def scenarios():
    return {}


def _load(cache, name):
    if name not in cache:
        cache[name] = designer.load(ROOT / "scenarios" / f"{name}.json")
    return cache[name]


def test_every_golden_file_is_expected_and_present():
    expected = {golden_name(*case) for case in CASES}
    assert {p.name for p in GOLDEN.glob("*.jsonl")} == expected


@pytest.mark.parametrize("name,policy,seed", CASES, ids=[golden_name(*c)[:-6] for c in CASES])
def test_the_engine_replays_the_golden_playthrough(scenarios, name, policy, seed):
    want = (GOLDEN / golden_name(name, policy, seed)).read_text(encoding="utf-8").splitlines()
    scenario = _load(scenarios, name)
    # morts: the reference engine does not draw an item at random (one_of); such games replay typed
    drawn = draws_items(scenario)
    got = playthrough_lines(scenario, seed, policy, bot_plan(scenario), **({"engine": "typed"} if drawn else {}))
    for i, (a, b) in enumerate(zip(got, want), 1):
        assert a == b, f"{golden_name(name, policy, seed)} line {i} differs:\n  engine: {a}\n  golden: {b}"
    assert len(got) == len(want), f"the game has {len(got)} lines, the golden file {len(want)}"


@pytest.mark.parametrize("name", sorted({c[0] for c in CASES}))
def test_batches_give_the_golden_records(scenarios, name):
    """The batch path (compiled where it is built) ends every golden game with the golden record."""
    from designer.engine.board import Board
    from designer.engine.core import available, play_games, unsupported

    scenario = _load(scenarios, name)
    board, plan = Board(scenario), bot_plan(scenario)
    for policy in sorted({c[1] for c in CASES}):
        seeds = [c[2] for c in CASES if c[0] == name and c[1] == policy]
        want = [json.loads((GOLDEN / golden_name(name, policy, s)).read_text().splitlines()[-1])["record"]
                for s in seeds]
        if not available():
            pytest.skip("the typed engine is not built")
        if unsupported(board, policy, plan=plan) is not None:
            pytest.skip(f"the typed engine does not play it: {unsupported(board, policy, plan=plan)}")
        got = [{k: v for k, v in r.items() if k != "game"} for r in play_games(board, seeds, policy, plan=plan).records()]
        assert got == want
