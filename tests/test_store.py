"""The results store: schema versions and migrations, the scenario JSON and label of each run,
and clear refusals of files it cannot read (which it never writes to)."""

from __future__ import annotations

import functools
import io
import json
import os
import sqlite3

import pandas as pd
import pytest
from click.testing import CliRunner

import designer
from designer.analysis import playtest
from designer.analysis.runs import games_frames, scenario_hash
from designer.analysis.store import STORE_SCHEMA_VERSION, ResultsStore, StoreError
from designer.cli import cli

SDLN = "scenarios/seul-dans-le-noir.json"


@pytest.fixture(scope="module")
def sdln():
    return designer.load(SDLN)


def _meta(s, n=3):
    return {"scenario_id": s.id, "scenario_title": s.meta.title, "scenario_hash": scenario_hash(s),
            "engine_version": "e1", "policy": "greedy", "survivors": None, "base_seed": 1, "n": n}


@functools.lru_cache(maxsize=None)
def _played(n):
    r = playtest(designer.load(SDLN), n=n, seed=1, workers=1, store=None)
    return r.games, r.zone_games


def _games(n=3):
    """The frames of ``n`` real games (the schema every release wrote)."""
    games, zone_games = _played(n)
    return games.copy(), zone_games.copy()


def _parquet(df):
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    return buf.getvalue()


def _v1_store(path, s):
    """A store as the release before schema versions wrote it (no user_version, no labels)."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE IF NOT EXISTS runs (run_id INTEGER PRIMARY KEY, scenario_id TEXT NOT NULL,
            scenario_title TEXT NOT NULL, scenario_hash TEXT NOT NULL, engine_version TEXT NOT NULL,
            policy TEXT NOT NULL, survivors INTEGER NOT NULL, base_seed INTEGER NOT NULL, n INTEGER NOT NULL,
            wins INTEGER NOT NULL, created REAL NOT NULL, games BLOB NOT NULL, zone_games BLOB NOT NULL);
        CREATE INDEX IF NOT EXISTS runs_key ON runs (scenario_hash, engine_version, policy, survivors, base_seed);
    """)
    games, zones = _games()
    db.execute("INSERT INTO runs (scenario_id, scenario_title, scenario_hash, engine_version, policy, survivors, "
               "base_seed, n, wins, created, games, zone_games) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
               (s.id, s.meta.title, scenario_hash(s), "e1", "greedy", -1, 1, 3, int(games["won"].sum()), 1.0e9,
                _parquet(games), _parquet(zones)))
    db.commit()
    db.close()


def _v2_store(path, s, games_blob=None):
    """A store as release 2 wrote it: runs with labels, scenarios, the games as Parquet blobs."""
    _v1_store(path, s)
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE runs ADD COLUMN label TEXT")
    db.execute("CREATE TABLE scenarios (scenario_hash TEXT PRIMARY KEY, scenario_json TEXT NOT NULL)")
    db.execute("INSERT INTO scenarios VALUES (?, ?)", (scenario_hash(s), designer.dumps(s)))
    db.execute("UPDATE runs SET label='as printed'")
    if games_blob is not None:
        db.execute("UPDATE runs SET games=?", (games_blob,))
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()


def test_a_new_store_carries_the_schema_version(tmp_path):
    store = ResultsStore(tmp_path / "runs.sqlite")
    assert store.schema_version() == STORE_SCHEMA_VERSION == 3


def test_a_store_of_the_previous_release_is_migrated_and_keeps_its_runs(tmp_path, sdln):
    path = tmp_path / "old.sqlite"
    _v1_store(path, sdln)
    store = ResultsStore(path)
    assert store.schema_version() == STORE_SCHEMA_VERSION
    runs = store.runs()
    assert list(runs["run_id"]) == [1] and runs["label"].isna().all() and not runs["has_scenario"].any()
    found = store.find(scenario_hash(sdln), "e1", "greedy", None, 1, 2)
    assert found is not None and list(found[0]["game"]) == [0, 1]
    assert store.scenario_json(1) is None, "runs stored before scenarios were kept have none"
    new_id = store.save(_meta(sdln), *_games(), scenario_json=designer.dumps(sdln), label="after")
    assert store.scenario(new_id) == sdln and store.runs(label="after")["run_id"].tolist() == [new_id]
    ResultsStore(path)  # opening again migrates nothing twice
    assert ResultsStore(path).schema_version() == STORE_SCHEMA_VERSION


def test_each_run_keeps_its_scenario_and_label_so_versions_are_told_apart(tmp_path, sdln):
    store = ResultsStore(tmp_path / "runs.sqlite")
    shorter = sdln.model_copy(update={"setup": sdln.setup.model_copy(update={"turn_limit": 7})})
    a = playtest(sdln, n=30, seed=2, workers=1, store=store, label="as printed")
    b = playtest(shorter, n=30, seed=2, workers=1, store=store, label="shorter night")
    runs = store.runs(sdln.id).set_index("label")
    assert set(runs.index) == {"as printed", "shorter night"} and runs["has_scenario"].all()
    assert store.scenario(int(runs.loc["as printed", "run_id"])) == sdln
    back = store.scenario(int(runs.loc["shorter night", "run_id"]))
    assert back.setup.turn_limit == 7 and back == shorter
    assert a.summary()["label"] == "as printed" and b.meta["run_id"] == runs.loc["shorter night", "run_id"]
    # the scenario text is stored once per version, however many runs play it
    playtest(sdln, n=30, seed=3, workers=1, store=store)
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT COUNT(*) FROM scenarios").fetchone()[0] == 2
    # asking again for a stored run, with a new label, relabels it without playing it
    again = playtest(sdln, n=20, seed=2, workers=1, store=store, label="baseline")
    assert again.cached and again.meta["label"] == "baseline"
    assert store.runs(label="baseline")["run_id"].tolist() == [a.meta["run_id"]]


def test_the_cli_label_is_kept(tmp_path):
    store = tmp_path / "s.sqlite"
    r = CliRunner().invoke(cli, ["playtest", SDLN, "-n", "20", "--workers", "1", "--store", str(store),
                                 "--label", "first try"])
    assert r.exit_code == 0, r.output
    assert "labelled 'first try'" in r.output
    assert ResultsStore(store).runs()["label"].tolist() == ["first try"]


def _refused(path, *expected):
    before = path.read_bytes()
    with pytest.raises(StoreError) as e:
        ResultsStore(path)
    assert str(e.value).startswith(f"{path}: ") and all(x in str(e.value) for x in expected), str(e.value)
    assert path.read_bytes() == before, "the store was not written"
    r = CliRunner().invoke(cli, ["playtest", SDLN, "-n", "20", "--workers", "1", "--store", str(path)])
    assert r.exit_code == 1 and r.output.strip() == f"designer: {e.value}"
    assert "internal error" not in r.output
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_random_bytes_are_refused_and_left_alone(tmp_path):
    path = tmp_path / "s.sqlite"
    path.write_bytes(os.urandom(4096))
    _refused(path, "not a results store (not an SQLite database)", "left untouched")


def test_a_truncated_copy_is_refused_and_left_alone(tmp_path, sdln):
    good = tmp_path / "good" / "s.sqlite"
    good.parent.mkdir()
    store = ResultsStore(good)
    for seed in range(3):
        store.save(dict(_meta(sdln), base_seed=seed), *_games(), scenario_json=designer.dumps(sdln))
    cut = tmp_path / "cut" / "s.sqlite"
    cut.parent.mkdir()
    cut.write_bytes(good.read_bytes()[:8192])
    _refused(cut, "damaged (cut short", "left untouched")


def test_a_store_from_a_newer_release_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "s.sqlite"
    ResultsStore(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {STORE_SCHEMA_VERSION + 1}")
    _refused(path, f"store schema {STORE_SCHEMA_VERSION + 1}; this release reads up to {STORE_SCHEMA_VERSION}",
             "Upgrade scenario-designer")


def test_another_sqlite_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "s.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE invoices (id INTEGER)")
    _refused(path, "not a results store (an SQLite database holding invoices)")


def test_damaged_games_in_a_run_name_the_file_and_the_run(tmp_path, sdln):
    from designer.engine.batch import ENGINE_VERSION

    store = ResultsStore(tmp_path / "s.sqlite")
    run_id = store.save(dict(_meta(sdln), engine_version=ENGINE_VERSION), *_games())
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE games SET zone_visits='{not json' WHERE run_id=? AND game=1", (run_id,))
    with pytest.raises(StoreError, match=f"s.sqlite: run {run_id}: the stored games cannot be read"):
        store.find(scenario_hash(sdln), ENGINE_VERSION, "greedy", None, 1, 3)
    r = CliRunner().invoke(cli, ["playtest", SDLN, "-n", "3", "--store", str(store.path)])
    assert r.exit_code == 1 and f"s.sqlite: run {run_id}: the stored games cannot be read" in r.output
    assert "internal error" not in r.output


def test_a_store_of_release_2_moves_its_games_into_the_games_table(tmp_path, sdln):
    path = tmp_path / "v2.sqlite"
    _v2_store(path, sdln)
    store = ResultsStore(path)
    assert store.schema_version() == STORE_SCHEMA_VERSION
    games, zone_games = _games()
    back, back_zones = store.games(1)
    pd.testing.assert_frame_equal(back, games)
    pd.testing.assert_frame_equal(back_zones, zone_games)
    runs = store.runs()
    assert runs["label"].tolist() == ["as printed"] and runs["has_scenario"].all() and store.scenario(1) == sdln
    with sqlite3.connect(path) as db:
        assert "games" not in [r[1] for r in db.execute("PRAGMA table_info(runs)")], "the Parquet blobs are gone"
        causes = dict(db.execute("SELECT cause, count(*) FROM games GROUP BY cause").fetchall())
    assert causes == games["cause"].value_counts().to_dict()


def test_a_release_2_store_with_a_damaged_run_is_refused_and_left_alone(tmp_path, sdln):
    path = tmp_path / "v2.sqlite"
    _v2_store(path, sdln, games_blob=b"PAR1 garbage")
    _refused(path, "run 1: the stored games cannot be read", "left at schema 2, untouched",
             "delete from runs where run_id=N")


def test_the_games_are_readable_from_sql(tmp_path, sdln):
    store = ResultsStore(tmp_path / "s.sqlite")
    r = playtest(sdln, n=400, seed=4, workers=1, store=store)
    other = playtest(sdln, n=50, seed=9, workers=1, store=store)
    run = r.meta["run_id"]
    with sqlite3.connect(store.path) as db:
        causes = dict(db.execute("SELECT cause, count(*) FROM games WHERE run_id=? GROUP BY cause", (run,)).fetchall())
        columns = [c[1] for c in db.execute("PRAGMA table_info(games)")]
        first = db.execute("SELECT * FROM games WHERE run_id=? AND game=0", (run,)).fetchone()
        deaths = dict(db.execute("SELECT zone, sum(count) FROM game_zones WHERE run_id=? AND what='deaths' "
                                 "GROUP BY zone", (run,)).fetchall())
        visits = db.execute("SELECT sum(count) FROM game_zones WHERE run_id=? AND what='visits'", (run,)).fetchone()[0]
        taken = dict(db.execute("SELECT objective, count(*) FROM game_objectives WHERE run_id=? GROUP BY objective",
                                (run,)).fetchall())
        db.execute("DELETE FROM runs WHERE run_id=?", (other.meta["run_id"],))
        left = db.execute("SELECT DISTINCT run_id FROM games").fetchall()
    games = r.games
    assert causes == games["cause"].value_counts().to_dict() and sum(causes.values()) == 400
    assert columns[:6] == ["run_id", "game", "seed", "won", "cause", "turns"]
    assert columns[-4:] == ["objectives", "zone_deaths", "zone_kills", "zone_visits"]
    record = dict(zip(columns, first))
    assert record["seed"] == games["seed"][0] and record["won"] == int(games["won"][0])
    assert record["turns"] == games["turns"][0] and record["cause"] == games["cause"][0]
    zones = r.zones.set_index("zone")
    assert deaths == {z: int(v) for z, v in zones["deaths"].items() if v}
    assert visits == zones["visits"].sum()
    assert taken == {c[len("objective_"):]: int(games[c].notna().sum()) for c in games if c.startswith("objective_")
                     and games[c].notna().any()}
    assert left == [(run,)], "deleting a run deletes its games"


def test_a_games_table_without_a_later_column_gets_it(tmp_path, sdln):
    store = ResultsStore(tmp_path / "s.sqlite")
    first = store.save(_meta(sdln), *_games())
    with sqlite3.connect(store.path) as db:
        db.execute("ALTER TABLE games DROP COLUMN kills_grave_dead")  # as if written before that zombie type
    assert store.table(first).column("kills_grave_dead").tolist() == [-1, -1, -1]
    second = store.save(dict(_meta(sdln), base_seed=2), *_games())
    assert store.games(second)[0]["kills_grave_dead"].tolist() == _games()[0]["kills_grave_dead"].tolist()


def test_an_empty_file_becomes_a_store(tmp_path):
    path = tmp_path / "s.sqlite"
    path.write_bytes(b"")
    assert ResultsStore(path).schema_version() == STORE_SCHEMA_VERSION


def test_two_processes_migrating_at_once_migrate_once(tmp_path, sdln):
    from concurrent.futures import ProcessPoolExecutor

    path = tmp_path / "old.sqlite"
    _v1_store(path, sdln)
    with ProcessPoolExecutor(2) as pool:
        versions = list(pool.map(_open_version, [str(path)] * 4))
    assert versions == [STORE_SCHEMA_VERSION] * 4
    with sqlite3.connect(path) as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(runs)")]
    assert columns.count("label") == 1 and len(ResultsStore(path).runs()) == 1


def _open_version(path: str) -> int:
    return ResultsStore(path).schema_version()


def test_the_store_section_of_the_docs_names_the_schema_version(root):
    text = (root / "docs" / "playtest.md").read_text(encoding="utf-8")
    assert f"schema version {STORE_SCHEMA_VERSION}" in text and "--label" in text


def test_json_of_a_run_is_the_stable_scenario_text(tmp_path, sdln):
    store = ResultsStore(tmp_path / "s.sqlite")
    r = playtest(sdln, n=10, seed=1, workers=1, store=store)
    assert json.loads(store.scenario_json(r.meta["run_id"])) == json.loads(designer.dumps(sdln))
    assert store.scenario_json(scenario_hash(sdln)) == designer.dumps(sdln)


def test_runs_are_saved_and_read_in_pieces_across_their_boundaries(tmp_path, sdln, monkeypatch):
    from designer.analysis import store as store_module
    from designer.engine.batch import ENGINE_VERSION

    monkeypatch.setattr(store_module, "_SAVE_CHUNK", 7)
    store = ResultsStore(tmp_path / "s.sqlite")
    r = playtest(sdln, n=50, seed=3, workers=1, store=store)
    assert store.table(r.meta["run_id"]) == r.table
    table, info = store.find_table(scenario_hash(sdln), ENGINE_VERSION, "greedy", None, 3, 20)
    assert info["run_id"] == r.meta["run_id"] and len(table) == 20
    pd.testing.assert_frame_equal(playtest(sdln, n=20, seed=3, workers=1, store=None).games, games_frames(table)[0])
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT count(*), count(DISTINCT game) FROM games").fetchone() == (50, 50)
