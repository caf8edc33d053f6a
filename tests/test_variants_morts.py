"""Les morts aux trousses' 5-6 player variant (seed 003): "6 hit points each / 2 office zones
(light blue + dark blue) / 1 key in each office / Elevator out of order", validated and
playtested on its own."""

from __future__ import annotations

from click.testing import CliRunner

import designer
from designer.cli import cli
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.variants import derive

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"


def test_the_five_six_variant_changes_what_the_rulebook_says():
    """"5-6 Player Variant: 6 hit points each; 2 office zones; 1 key in each office; Elevator out
    of order"."""
    base = designer.load(SAMPLE)
    five = derive(base, "five-six")
    assert (five.setup.survivors.min, five.setup.survivors.max, five.setup.survivors.health) == (5, 6, 6)
    conns = {c.id for c in five.connections}
    assert not {"lift-up", "lift-down"} & conns and {"lift-up", "lift-down"} <= {c.id for c in base.connections}
    keys = sorted(o.zone for o in five.objectives if o.kind == "item")
    assert keys == ["office", "office-2"]
    rolled = {t.when.zone for t in five.triggers if t.when.kind == "zone_entered"}
    assert rolled == {"office", "office-2"}, "both offices roll their zombies when first entered"
    assert five.victory.steps[0].objectives == ["office-key", "office-key-2"]


def test_in_the_variant_no_survivor_rides_the_elevator():
    """"Elevator out of order": no survivor path leaves the ground-floor car for another level."""
    board = Board(derive(designer.load(SAMPLE), "five-six"))
    car = board.zone_index["lift-0"]
    out = {board.zone_ids[v] for v, _ in board.surv_adj[car]}
    assert out == {"hall"}


def test_the_variant_is_validated_and_playtested_on_its_own(tmp_path):
    """`designer validate --variant five-six` checks the derived scenario; `designer playtest
    --variant five-six` plays it (six survivors with 6 hit points)."""
    runner = CliRunner()
    r = runner.invoke(cli, ["validate", "--variant", "five-six", str(SAMPLE)])
    assert r.exit_code == 0, r.output
    assert "[five-six]: ok" in r.output
    r = runner.invoke(cli, ["playtest", str(SAMPLE), "-n", "30", "--workers", "1", "--no-store",
                             "--variant", "five-six"])
    assert r.exit_code == 0, r.output
    assert "five-six" in r.output
    five = Board(derive(designer.load(SAMPLE), "five-six"))
    g = Game(five, 3)
    assert len(g.state.survivors) == 5 and all(h.health == 6 for h in g.state.survivors)


def test_a_variant_cannot_add_a_trigger_twice():
    """A variant's ``add_trigger`` with an id the scenario already has is refused, named by its
    JSON path."""
    data = designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)
    data["variants"][0]["changes"].append({"kind": "add_trigger", "trigger": {
        "id": "office-zombies", "when": {"kind": "zone_entered", "zone": "office"},
        "then": [{"kind": "spawn_zombies", "zombie": "zombie", "zone": "office", "count": 1}]}})
    from designer.model.scenario import Scenario
    from designer.variants import VariantError

    s = Scenario.model_validate(data)
    try:
        derive(s, "five-six")
    except VariantError as e:
        last = len(data["variants"][0]["changes"]) - 1
        assert "office-zombies" in str(e) and f"variants[0].changes[{last}]" in str(e)
    else:
        raise AssertionError("a duplicate trigger id was accepted")
