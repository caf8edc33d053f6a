"""Property tests: random valid scenarios round-trip; random corruptions never crash."""

from __future__ import annotations

import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.cli import cli
from designer.io.files import LoadError, dumps, loads, parse

from .conftest import examples
from .strategies import scenario_data

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scenario_data())
def test_random_scenarios_round_trip(data):
    s = parse(data)
    text = dumps(s)
    again = loads(text)
    assert again == s
    assert dumps(again) == text


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False),
                 st.text(max_size=8), st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3),
                                                                                          st.integers(), max_size=2))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


@st.composite
def corrupted(draw):
    data = json.loads(dumps(parse(draw(scenario_data()))))
    how = draw(st.sampled_from(["replace", "delete", "rename", "truncate", "insert"]))
    if how in ("replace", "delete", "rename"):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        if how == "replace":
            parent[last] = draw(JUNK)
        elif how == "delete":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=6))] = parent.pop(last)
        return json.dumps(data)
    text = json.dumps(data)
    pos = draw(st.integers(0, len(text)))
    if how == "truncate":
        return text[:pos]
    return text[:pos] + draw(st.text(min_size=1, max_size=4)) + text[pos:]


@SETTINGS
@given(corrupted())
def test_corruptions_give_a_clean_error_never_a_crash(text):
    try:
        loads(text, "c.json")
    except LoadError as e:
        assert e.problems, "an error always says what is wrong"
        for line in e.lines():
            assert line.startswith("c.json: ") and "\n" not in line


@settings(max_examples=examples(40), deadline=None)
@given(corrupted())
def test_cli_never_prints_a_traceback(tmp_path_factory, text):
    p = tmp_path_factory.mktemp("c") / "c.json"
    p.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli, ["validate", str(p)])
    assert r.exit_code in (0, 1), r.output
    assert "Traceback" not in r.output and "internal error" not in r.output
