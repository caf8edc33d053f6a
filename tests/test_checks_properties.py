"""Property tests of the reachability search on random scenarios."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from designer.checks import check
from designer.checks.plan import replay
from designer.io.files import dumps, parse

from .conftest import examples
from .strategies import same_maps_in_any_order, scenario_data


@pytest.fixture(scope="module", autouse=True)
def _same_maps_in_any_order():
    """The maps depend on the seed alone, not on the modules earlier tests imported."""
    with same_maps_in_any_order():
        yield

pytestmark = pytest.mark.slow

SETTINGS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.filter_too_much])


@SETTINGS
@given(scenario_data())
def test_a_winnable_verdict_comes_with_a_plan_that_replays(data):
    s = parse(data)
    report = check(s)
    if report.winnable:
        for start in s.setup.start_zones[:1]:
            replay(s, report.plan, start)


@SETTINGS
@given(scenario_data(), st.data())
def test_adding_an_opening_never_makes_a_winnable_mission_unwinnable(data, draw):
    s = parse(data)
    assume(len(s.zones) >= 2)
    before = check(s)
    assume(before.winnable)
    a, b = draw.draw(st.sampled_from([z.id for z in s.zones])), draw.draw(st.sampled_from([z.id for z in s.zones]))
    assume(a != b)
    d = json.loads(dumps(s))
    d.setdefault("connections", []).append({"id": "extra-opening", "kind": "opening", "from": a, "to": b})
    after = check(parse(d))
    assert after.winnable
