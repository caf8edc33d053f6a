"""The game's generator draws exactly what ``random.Random(seed)`` draws, compiled and interpreted."""

from __future__ import annotations

import importlib.util
import random
import sys

import pytest

from designer.engine import rng as built

SEEDS = [0, 1, 7, 2**31 - 1, 2**32 - 1, 2**32, 2**63 - 5, 2**64 - 1, 123456789012345]


def _interpreted():
    """rng.py run by CPython (even where the compiled module is installed)."""
    spec = importlib.util.spec_from_file_location("designer.engine._rng_source", built.__file__.rsplit("/", 1)[0] + "/rng.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(params=["installed", "interpreted"])
def module(request):
    return built if request.param == "installed" else _interpreted()


@pytest.mark.parametrize("seed", SEEDS)
def test_same_draws_as_random(module, seed):
    t, r = module.Twister(seed), random.Random(seed)
    ns = [6, 3, 2, 17, 1000, 1, 2**31 - 1, 5, 64, 65] * 150  # crosses the 624-word refills
    assert [t.randbelow(n) for n in ns] == [r._randbelow(n) for n in ns]
    assert [t.randint(1, 6) for _ in range(100)] == [r.randint(1, 6) for _ in range(100)]
    assert [t.randrange(9) for _ in range(100)] == [r.randrange(9) for _ in range(100)]
    a, b = list(range(50)), list(range(50))
    t.shuffle(a)
    r.shuffle(b)
    assert a == b


def test_reseeding_and_copies_are_independent(module):
    t = module.Twister(5)
    first = [t.randbelow(6) for _ in range(700)]
    t.seed(5)
    c = t.copy()
    assert [t.randbelow(6) for _ in range(700)] == first
    assert [c.randbelow(6) for _ in range(700)] == first


def test_interpreted_source_runs_without_cython(monkeypatch):
    monkeypatch.setitem(sys.modules, "cython", None)  # import cython fails: the shim stands in
    mod = _interpreted()
    assert not mod.cython.compiled
    assert [mod.Twister(3).randbelow(6) for _ in range(3)] == [random.Random(3)._randbelow(6) for _ in range(3)]


@pytest.mark.parametrize("seed", [2**64, 2**64 + 5, 2**100 + 17, -5, -(2**70)])
def test_any_integer_seed_draws_as_random(module, seed):
    """Seeds beyond 64 bits and negative seeds are seeded as ``random.Random`` seeds them."""
    t, r = module.Twister(seed), random.Random(seed)
    assert [t.randbelow(6) for _ in range(700)] == [r._randbelow(6) for _ in range(700)]
    assert [t.random() for _ in range(5)] == [r.random() for _ in range(5)]
    seq = list("abcdefg")
    assert [t.choice(seq) for _ in range(20)] == [r.choice(seq) for _ in range(20)]


def test_empty_range_is_refused(module):
    with pytest.raises(ValueError):
        module.Twister(1).randrange(0)
    with pytest.raises(TypeError):
        module.Twister("a seed")


def test_four_seeded_at_once_draw_as_random(module):
    """``seed4`` (a batch's four games seeded side by side) gives each generator the words of
    its own seed: one-word and two-word seeds mixed, a generator reseeded over an old state."""
    seeds = [0, 2**32 - 1, 2**63 - 5, 7, 2**64 - 1, 2**32, 123456789012345, 1]
    ts = [module.Twister(99) for _ in range(4)]
    for group in (seeds[:4], seeds[4:], seeds[2:6]):
        ts[0].seed4(group[0], ts[1], group[1], ts[2], group[2], ts[3], group[3])
        for t, seed in zip(ts, group):
            r = random.Random(seed)
            assert [t.randbelow(6) for _ in range(700)] == [r._randbelow(6) for _ in range(700)], seed


def test_floor_draws_the_same_dice_compiled_and_interpreted():
    """The benchmark's floor seeds four games at a time: it draws what one seed at a time draws."""
    games = [random.Random(g) for g in range(7)]
    expected = sum(r._randbelow(6) for r in games for _ in range(3))
    assert built.seed_and_draw(7, 3) == _interpreted().seed_and_draw(7, 3) == expected
