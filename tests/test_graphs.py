"""networkx views and graph-tool exports."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from designer.io.files import dumps, load
from designer.io.graphs import from_graphml, from_networkx, to_graphml, to_networkx, to_node_link

from .conftest import SAMPLES


def test_multidigraph_with_one_way_drops_and_parallel_connections():
    s = load("scenarios/les-morts-aux-trousses.json")
    G = to_networkx(s)
    assert isinstance(G, nx.MultiDiGraph)
    assert G.number_of_nodes() == len(s.zones)
    assert G.has_edge("walkway", "living", "walkway-hole")
    assert not G.has_edge("living", "walkway", "walkway-hole"), "holes are one way"
    two_way = sum(1 for c in s.connections if not c.one_way)
    assert G.number_of_edges() == 2 * two_way + (len(s.connections) - two_way)
    assert G.nodes["cellar"]["flags"]["dark"] is True
    assert G.nodes["office"]["objectives"] == ["office-key"]
    assert G.edges["lift-0", "lift-1", "lift-up"]["kind"] == "elevator"


def test_parallel_door_and_window_stay_two_edges():
    s = load("scenarios/seul-dans-le-noir.json")
    data = json.loads(dumps(s))
    data["connections"].append({"id": "gas-door-2", "kind": "door", "from": "A-north-3", "to": "gas-1",
                                "state": "open"})
    data["connections"].append({"id": "gas-window-2", "kind": "window", "from": "A-north-3", "to": "gas-1"})
    from designer.io.files import parse

    G = to_networkx(parse(data))
    assert set(G["A-north-3"]["gas-1"]) == {"gas-door", "gas-door-2", "gas-window-2"}


@pytest.mark.parametrize("path", SAMPLES)
def test_networkx_round_trip(path):
    s = load(path)
    assert from_networkx(to_networkx(s)) == s


@pytest.mark.parametrize("path", SAMPLES)
def test_graphml_round_trip_and_readable_by_networkx(path, tmp_path):
    s = load(path)
    out = tmp_path / "map.graphml"
    text = to_graphml(s, str(out))
    assert out.read_text() == text
    H = nx.read_graphml(out, force_multigraph=True)
    assert set(H.nodes) == {z.id for z in s.zones}
    assert from_graphml(text) == s


def test_node_link_export_is_json_and_loads_back_into_networkx():
    s = load("scenarios/night-shift.json")
    data = json.loads(json.dumps(to_node_link(s)))
    G = nx.node_link_graph(data, edges="edges")
    assert isinstance(G, nx.MultiDiGraph)
    assert G.edges["W3", "V1", "door-blue"]["lock"] == {"kind": "colour", "colour": "blue"}


# -- GraphML carries every string the model accepts ----------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from designer.io.files import parse  # noqa: E402

from .conftest import examples  # noqa: E402
from .strategies import scenario_data  # noqa: E402

AWKWARD = st.lists(st.sampled_from(["a", "\x01", "\r", "\r\n", "\x00", "\x1f", "\x7f", "\ufffe", "json:", "<&>",
                                    " ", "\t", "é", "\U0001f9df"]), max_size=6).map("".join)


def test_control_characters_and_carriage_returns_survive_graphml():
    data = json.loads(dumps(load("scenarios/night-shift.json")))
    data["zones"][0]["name"] = "a\x01b\rc\r\nd"
    data["zones"][1]["name"] = "json:[1, 2]"
    data["zones"][1]["tags"] = ["x\x02", "\r"]
    data["meta"]["title"] = "t\x0b\x0c"
    odd = parse(data)
    back = from_graphml(to_graphml(odd))
    assert back == odd
    assert back.zones[0].name == "a\x01b\rc\r\nd" and back.zones[1].name == "json:[1, 2]"


@settings(max_examples=examples(100))
@given(scenario_data(), st.lists(AWKWARD, min_size=1, max_size=4))
def test_every_generated_scenario_round_trips_through_graphml(data, names):
    for z, name in zip(data["zones"], names):
        z["name"] = name
    s = parse(data)
    assert from_graphml(to_graphml(s)) == s
    assert from_networkx(to_networkx(s)) == s
