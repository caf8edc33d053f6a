"""The typed engine seen from Python (:mod:`designer.engine.session`): its event log writes the
golden playthroughs line for line; a Python callable policy decides through its callback with
the records of the engine's own bots; a typed game steps phase by phase, copies and snapshots
play on as the original. Interpreted and compiled."""

from __future__ import annotations

import glob
import json
from pathlib import Path

import pytest

import designer
from designer.engine import core, session
from designer.engine.board import Board
from designer.engine import Game
from designer.engine.golden import golden_name, iter_golden_games, playthrough_lines
from designer.engine.policies import resolve_policy
from designer.plans import bot_plan

from .conftest import SAMPLES, draws_items

GOLDEN = Path(__file__).parent / "golden"
MODES = [False, pytest.param(True, marks=pytest.mark.skipif(not core.compiled(), reason="not compiled"))]
"""The typed engine run from its source, and compiled."""

_CACHE: dict = {}


def _scenario(name: str):
    if name not in _CACHE:
        s = designer.load(Path(SAMPLES[0]).parent / f"{name}.json")
        _CACHE[name] = (s, Board(s), bot_plan(s))
    return _CACHE[name]


def _typed_goldens():
    return [c for c in iter_golden_games() if core.typed_reason(_scenario(c[0])[1], c[1], _scenario(c[0])[2], log=True) is None]


TYPED_GOLDENS = _typed_goldens()


def test_designer_play_uses_the_typed_engine_for_the_games_it_plays_and_logs(monkeypatch):
    monkeypatch.delenv("DESIGNER_ENGINE", raising=False)
    s, board, plan = _scenario("night-shift")
    assert isinstance(core.open_game(board, 1, "greedy", log=True, plan=plan), session.TypedGame)
    assert isinstance(core.open_game(board, 1, lambda v, sv, acts: acts[0], plan=plan), session.TypedGame)
    assert playthrough_lines(s, 2, "cautious", plan, engine="auto") == playthrough_lines(s, 2, "cautious", plan)
    monkeypatch.setenv("DESIGNER_ENGINE", "python")  # the typed engine's source, not the reference engine
    game = core.open_game(board, 1, "greedy", log=True, plan=plan)
    assert isinstance(game, session.TypedGame) and game.module is core.typed_source()
    assert game.play() == core.open_game(board, 1, "greedy", log=True, plan=plan).play()
    monkeypatch.delenv("DESIGNER_ENGINE")
    lnoe, lnoe_board, lnoe_plan = _scenario("woodinvale-last-stand")  # Growing Hunger: logged by the typed engine
    assert core.typed_reason(lnoe_board, "greedy", lnoe_plan, log=True) is None
    assert isinstance(core.open_game(lnoe_board, 1, "greedy", log=True, plan=lnoe_plan), session.TypedGame)
    assert playthrough_lines(lnoe, 3, "greedy", lnoe_plan, engine="auto") == playthrough_lines(lnoe, 3, "greedy", lnoe_plan)
    eden, eden_board, eden_plan = _scenario("eden-skirmish")  # casual's way to victory points: typed too
    assert core.typed_reason(eden_board, "casual", eden_plan, log=True) is None
    assert isinstance(core.open_game(eden_board, 1, "casual", log=True, plan=eden_plan), session.TypedGame)
    assert playthrough_lines(eden, 2, "casual", eden_plan, engine="auto") == playthrough_lines(eden, 2, "casual", eden_plan)


def test_the_log_predicate_names_the_rules_the_typed_engine_does_not_log(monkeypatch):
    """Every kind the typed tables compile is logged (a port that adds a kind without its events
    fails here); a kind taken off the logged list sends the game's transcript to the reference
    engine, naming the kind."""
    from designer.io.files import parse
    from designer.engine.typed.tables import EFFECTS, OBJ, STEPS

    assert set(EFFECTS) <= session.LOGGED_RULES["effects"]
    assert set(STEPS) <= session.LOGGED_RULES["steps"]
    assert set(OBJ) <= session.LOGGED_RULES["objectives"]
    s, board, plan = _scenario("night-shift")
    assert session.log_covers(board) is None
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["triggers"].append({"id": "found-food", "when": {"kind": "turn_reached", "turn": 2},
                             "then": [{"kind": "gain_resource", "resource": "food"}]})
    other = Board(parse(data))
    assert session.log_covers(other) is None
    monkeypatch.setitem(session.LOGGED_RULES, "effects", session.LOGGED_RULES["effects"] - {"gain_resource"})
    assert "gain_resource" in session.log_covers(other)
    assert core.typed_reason(other, "greedy", log=True) is not None


def test_the_typed_engine_plays_goldens_of_several_samples():
    assert {c[0] for c in TYPED_GOLDENS} >= {"night-shift", "seul-dans-le-noir"}
    assert {c[1] for c in TYPED_GOLDENS} == {"greedy", "cautious", "random"}


@pytest.mark.parametrize("compiled", MODES)
@pytest.mark.parametrize("name,policy,seed", TYPED_GOLDENS, ids=[golden_name(*c)[:-6] for c in TYPED_GOLDENS])
def test_the_typed_engine_writes_the_golden_playthrough(name, policy, seed, compiled):
    scenario, board, plan = _scenario(name)
    got = playthrough_lines(scenario, seed, policy, plan, engine="typed" if compiled else "typed-source", board=board)
    want = (GOLDEN / golden_name(name, policy, seed)).read_text(encoding="utf-8").splitlines()
    for i, (a, b) in enumerate(zip(got, want), 1):
        assert a == b, f"line {i}:\n  typed:  {a}\n  golden: {b}"
    assert len(got) == len(want)


def _typed_samples():
    out = []
    for p in SAMPLES:
        s = designer.load(p)
        b = Board(s)
        if core.typed_reason(b, "greedy", bot_plan(s), log=True) is None:
            out.append(p)
    return out


TYPED_SAMPLES = _typed_samples()


def _wrapped_casual():
    bot = resolve_policy("casual")

    def policy(view, survivor, actions):
        return bot(view, survivor, actions)
    return policy


def _wrapped_random(view, survivor, actions):
    return actions[view.rng.randrange(len(actions))]


@pytest.mark.parametrize("compiled", MODES)
@pytest.mark.parametrize("path", TYPED_SAMPLES)
def test_a_python_callable_decides_through_the_callback_with_the_engine_s_own_records(path, compiled):
    """The Python ``casual`` bot and a Python random bot, each wrapped in a plain callable and
    deciding through the callback, play the games the typed engine's own ``casual`` and
    ``random`` play (the same decisions, the same draws from the game's generator)."""
    s = designer.load(path)
    if draws_items(s):
        pytest.skip("the reference engine does not draw an item at random (one_of)")
    board, plan = Board(s), bot_plan(s)
    for make, name in ((_wrapped_casual, "casual"), (lambda: _wrapped_random, "random")):
        if name == "casual" and s.setup.rules.profile != "zombicide":
            continue  # on 'lnoe' and 'house' boards the engine's own casual and the Python one part ways (docs/engine.md)
        for seed in (3, 4):
            own = session.TypedGame(board, seed, name, log=True, plan=plan, compiled=compiled)
            want = dict(own.play())
            typed = session.TypedGame(board, seed, make(), log=True, plan=plan, compiled=compiled)
            assert dict(typed.play()) == want
            assert typed.log == own.log


def test_the_callable_gets_a_read_only_view_never_the_game():
    s, board, plan = _scenario("night-shift")
    seen = []

    def policy(view, survivor, actions):
        seen.append((type(view).__name__, survivor.index, tuple(actions)))
        with pytest.raises(AttributeError):
            view.state = None
        assert not hasattr(view, "engine") and not hasattr(view, "act")
        return actions[-1]  # noise, always legal

    game = session.TypedGame(board, 1, policy, plan=plan)
    game.play(max_turns=1)
    assert seen and all(v == "GameView" for v, _, _ in seen)
    assert all(acts[0] == ("pass",) and acts[-1] == ("noise",) for _, _, acts in seen)


def test_an_error_in_the_callable_is_raised_and_stops_the_game():
    s, board, plan = _scenario("night-shift")

    def policy(view, survivor, actions):
        raise KeyError("bad policy")

    game = session.TypedGame(board, 1, policy, plan=plan)
    with pytest.raises(KeyError, match="bad policy"):
        game.play()
    assert game.over


@pytest.mark.parametrize("compiled", MODES)
def test_a_typed_game_steps_phase_by_phase_as_it_plays_whole_turns(compiled):
    s, board, plan = _scenario("night-shift")
    whole = session.TypedGame(board, 5, "greedy", log=True, plan=plan, compiled=compiled)
    stepped = session.TypedGame(board, 5, "greedy", log=True, plan=plan, compiled=compiled)
    views = []
    while not stepped.over:
        stepped.begin_turn()
        stepped.survivor_phase()
        after_survivors = stepped.view()
        stepped.zombie_phase()
        stepped.spawn_phase()
        stepped.end_phase()
        whole.play_turn()
        assert stepped.view().survivors == whole.view().survivors
        assert stepped.view().zombies == whole.view().zombies
        views.append(after_survivors)
    assert dict(stepped.result()) == dict(whole.result())
    assert stepped.log == whole.log
    assert views[0].turn == 1 and views[-1].turn == stepped.view().turn


def test_the_typed_state_is_read_only_and_names_items():
    s, board, plan = _scenario("night-shift")
    game = session.TypedGame(board, 2, "greedy", plan=plan)
    v = game.view()
    with pytest.raises(AttributeError):
        v.turn = 3
    assert v.turn == 1 and len(v.survivors) >= 1
    assert all(isinstance(n, str) for sv in v.survivors for n in sv["items"])
    st = game.state  # the same position as a GameState
    assert [sv["zone"] for sv in v.survivors] == [sv.zone for sv in st.survivors]
    assert [sv["items"] for sv in v.survivors] == [sv.items for sv in st.survivors]
    assert v.survivors[0]["zone"] in board.start_zones
    for z in range(len(board.zone_ids)):
        assert v.zombies_in(z) == st.zombies_in(z)


def test_batches_log_nothing():
    s, board, plan = _scenario("night-shift")
    engine = core.engine_for(board, plan) if core.available() else core.typed_source().Engine(
        core._compiled(board, plan)[0])
    engine.play_batch([1, 2], 0, -1, -1)
    assert len(engine.events()) == 0


def test_the_expert_plays_on_the_typed_engine_and_casual_trades_there():
    """The expert decides in Python through the callback, its play-outs on the typed engine's
    snapshots: single games and batches of it are the typed engine's; casual, which trades
    (rulebook chapter 6), is the typed engine's, trades logged as the reference engine logs them."""
    s, board, plan = _scenario("night-shift")
    assert core.typed_reason(board, "expert", plan) is None
    assert isinstance(core.open_game(board, 1, "expert", plan=plan), session.TypedGame)
    assert core.typed_reason(board, "casual", plan, log=True) is None
    assert isinstance(core.open_game(board, 1, "casual", plan=plan, log=True), session.TypedGame)
    eden, eden_board, eden_plan = _scenario("eden-skirmish")  # casual's way to victory points: typed too
    assert core.typed_reason(eden_board, "expert", eden_plan) is None
    assert isinstance(core.open_game(eden_board, 1, "expert", plan=eden_plan), session.TypedGame)


# -- bots: snapshots, copies, single actions, scripted dice ----------------------------------------


class _CopyAt:
    """casual, copying the game at its ``at``-th decision (``view.copy_game``)."""

    trades = True

    def __init__(self, at, copy_policy="casual"):
        from designer.engine.policies import resolve_policy

        self.n, self.at, self.copy_policy, self.copies = 0, at, copy_policy, []
        self.base = resolve_policy("casual")

    def __call__(self, view, survivor, actions):
        self.n += 1
        act = self.base(view, survivor, actions)
        if self.n == self.at:
            self.copies.append((view.copy_game(self.copy_policy), act))
        return act


def _played_samples():
    """Every sample the typed engine plays (the Prison Outbreak missions included), logged or not."""
    out = []
    for p in SAMPLES + sorted(glob.glob(str(Path(SAMPLES[0]).parent / "prison-outbreak" / "*.json"))):
        s = designer.load(p)
        if core.typed_reason(Board(s), "greedy", bot_plan(s)) is None:
            out.append(p)
    return out


PLAYED_SAMPLES = _played_samples()


@pytest.mark.parametrize("compiled", MODES)
@pytest.mark.parametrize("path", PLAYED_SAMPLES)
def test_a_snapshot_restored_into_another_engine_plays_on_as_the_original(path, compiled):
    s = designer.load(path)
    board, plan = Board(s), bot_plan(s)
    for policy in ("casual", "random"):
        if core.typed_reason(board, policy, plan) is not None:
            continue
        for seed in (1, 2):
            game = session.TypedGame(board, seed, policy, plan=plan, compiled=compiled)
            game.play(max_turns=2)
            snap = game.engine.snapshot()
            other = game.module.Engine(game.tables)
            other.play_one(seed + 7, 0, -1, None)  # a game of its own first: the restore overwrites all of it
            other.restore(snap)
            assert other.snapshot().words() == snap.words()
            copy = game.copy()
            assert copy.engine is not game.engine and copy.view().survivors == game.view().survivors
            assert dict(copy.play()) == dict(game.play())


class _CopyEvery:
    """A Python bot (``casual``, or a random callable) deciding through the callback, copying
    the game at its ``ats``-th decisions; the copies go on with the same bot (copying nothing)."""

    trades = True

    def __init__(self, name, ats=()):
        from designer.engine.policies import resolve_policy

        self.name, self.ats, self.n, self.copies = name, ats, 0, []
        self.base = _wrapped_random if name == "random" else resolve_policy(name)

    def __call__(self, view, survivor, actions):
        self.n += 1
        act = self.base(view, survivor, actions)
        if self.n in self.ats:
            self.copies.append((self.n, view.copy_game(_CopyEvery(self.name)), act))
        return act


@pytest.mark.parametrize("compiled", MODES)
@pytest.mark.parametrize("path", PLAYED_SAMPLES)
def test_copies_made_at_decision_points_of_every_sample_play_on_to_the_original_record(path, compiled):
    """A field of a game's state the snapshot forgets shows here: the copy, restored into an
    engine that played other games, plays on from a decision point to another record."""
    s = designer.load(path)
    board, plan = Board(s), bot_plan(s)
    copied = 0
    for name in ("random", "casual"):
        if core.typed_reason(board, _CopyEvery(name), plan) is not None:
            continue
        for seed in (3, 5):
            spy = _CopyEvery(name, ats=(2, 11, 30, 70))
            game = session.TypedGame(board, seed, spy, plan=plan, compiled=compiled)
            for _ in range(2):  # the engines the copies take from the pool have played games of their own
                game._pool.append(game.module.Engine(game.tables))
                game._pool[-1].play_one(seed + 11, 0, -1, None)
            whole = dict(game.play())
            for at, copy, act in spy.copies:
                assert copy.engine is not game.engine
                copy.act(act)
                assert dict(copy.play_on()) == whole, f"{Path(path).name}: {name}, seed {seed}, copy at decision {at}"
                copied += 1
    assert copied >= 2


@pytest.mark.parametrize("compiled", MODES)
def test_a_copy_made_at_a_decision_point_plays_on_as_the_original(compiled):
    s, board, plan = _scenario("night-shift")
    checked = 0
    for seed in (1, 2, 3):
        for at in (1, 9, 40):
            spy = _CopyAt(at)
            typed = session.TypedGame(board, seed, spy, plan=plan, compiled=compiled)
            whole = typed.play()
            assert dict(whole) == dict(session.TypedGame(board, seed, "casual", plan=plan, compiled=compiled).play())
            if not spy.copies:
                continue
            copy, act = spy.copies[0]
            assert isinstance(copy, session.TypedGame) and act in copy.legal_actions()
            copy.act(act)
            one = copy.play_on(max_turns=1)  # the rest of that turn, zombies and spawns included
            assert one["turns"] <= whole["turns"]
            assert dict(copy.play_on()) == dict(whole)
            checked += 1
    assert checked >= 6
    spy = _CopyAt(5)
    whole = session.TypedGame(board, 8, spy, plan=plan, compiled=compiled).play()
    copy, act = spy.copies[0]
    copy.act(act)
    assert dict(copy.play()) == dict(whole)  # play() from a decision point goes on from it too


def test_a_copy_is_independent_and_act_outside_a_decision_is_refused():
    s, board, plan = _scenario("night-shift")
    game = session.TypedGame(board, 4, "greedy", plan=plan)
    copy = game.copy()
    copy.play(max_turns=3)
    assert game.view().turn == 1 and copy.view().turn == 4
    with pytest.raises(RuntimeError, match="decision point"):
        game.act(("pass",))
    copy2 = game.copy("random")
    copy2.play()
    assert copy2.over and not game.over and game.view().turn == 1
    assert dict(game.play()) == dict(session.TypedGame(board, 4, "greedy", plan=plan).play())


@pytest.mark.parametrize("compiled", MODES)
def test_scripted_dice_are_rolled_before_the_generator(compiled):
    """``script``: dice results rolled instead of the generator until they run out (a rulebook
    position replayed die by die): a kukri (one die, 4+) kills on a 6, misses on a 1, kills on
    a 4 and leaves the 2 for the next roll."""
    from designer.engine.board import WALKER

    s, board, plan = _scenario("night-shift")
    st = board.new_state(seed=3)
    hero = st.add_survivor(0, items=["kukri"])
    hero.actions_left = 3
    st.zombies[0][WALKER] = 3
    st.haunted.add(0)
    typed = session.TypedGame.from_state(board, st, compiled=compiled)
    seen = []
    for dice in ([6], [1], [4, 2]):
        typed.script = list(dice)
        typed.apply(0, ("melee", "kukri"))
        seen.append((typed.view().zombies_in(0), typed.script))
    assert seen == [(2, None), (2, None), (1, [2])]
    typed.script = [6, 6]
    copy = typed.copy()
    assert copy.script == [6, 6]


