"""The results store: schema versions and migrations, the scenario JSON and label of each run,
the games' blocks and the SQL views over them (checked against the pandas frames and numpy), and
clear refusals of files it cannot read (which it never writes to)."""

from __future__ import annotations

import functools
import io
import json
import os
import sqlite3

import numpy as np
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
    assert store.schema_version() == STORE_SCHEMA_VERSION == 5


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


def _field(db, name):
    return db.execute("SELECT field FROM game_fields WHERE name=?", (name,)).fetchone()[0]


@pytest.mark.parametrize("damage, expected", [
    ("UPDATE game_blocks SET data = x'0001' WHERE run_id = :run AND field = :turns AND block = 0",
     "the field 'turns': block 0 holds 2 bytes where 3 values of 2 bits take 1"),
    ("DELETE FROM game_blocks WHERE run_id = :run AND field = :turns", "the field 'turns' is missing"),
    ("UPDATE game_blocks SET width = 40 WHERE run_id = :run AND field = :seed",
     "values of 40 bits (expected 0 to 32 or 64)"),
    ("UPDATE game_blocks SET base = -1 WHERE run_id = :run AND field = :zone_entries",
     "the field 'zone_entries' holds a negative number of entries"),
    ("UPDATE game_blocks SET base = base + 1 WHERE run_id = :run AND field = :zone_entries",
     "the field 'zone_key': block 0 holds"),
    ("UPDATE game_blocks SET count = 2 WHERE run_id = :run AND field = :seed", "holds 2 values where 3 were expected"),
    ("UPDATE game_codes SET name = 'eaten' WHERE field = 'cause' AND code = 0",
     "the field 'cause' holds code 0, which this release does not know"),
    ("UPDATE game_blocks SET base = 900 WHERE run_id = :run AND field = :zone_key", "a per-zone key outside 0..65"),
])
def test_damaged_games_in_a_run_name_the_file_and_the_run(tmp_path, sdln, damage, expected):
    from designer.engine.batch import ENGINE_VERSION

    store = ResultsStore(tmp_path / "s.sqlite")
    games, zones = _games()
    games["turns"] = [4, 5, 6]  # three values, so the block is one byte a value
    games["cause"] = "won"
    games["won"] = True
    run_id = store.save(dict(_meta(sdln), engine_version=ENGINE_VERSION), games, zones)
    with sqlite3.connect(store.path) as db:
        db.execute(damage, {"run": run_id, **{f: _field(db, f) for f in ("turns", "seed", "zone_key", "zone_entries")}})
    with pytest.raises(StoreError, match=f"s.sqlite: run {run_id}: the stored games cannot be read") as e:
        store.find(scenario_hash(sdln), ENGINE_VERSION, "greedy", None, 1, 3)
    assert expected in str(e.value)
    r = CliRunner().invoke(cli, ["playtest", SDLN, "-n", "3", "--store", str(store.path)])
    assert r.exit_code == 1 and f"s.sqlite: run {run_id}: the stored games cannot be read" in r.output
    assert "internal error" not in r.output


def test_a_store_of_release_2_moves_its_games_into_blocks(tmp_path, sdln):
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
        assert db.execute("PRAGMA page_size").fetchone()[0] == 16384, "the migrated store was compacted"
    assert causes == games["cause"].value_counts().to_dict()


def test_a_release_2_store_with_a_damaged_run_is_refused_and_left_alone(tmp_path, sdln):
    path = tmp_path / "v2.sqlite"
    _v2_store(path, sdln, games_blob=b"PAR1 garbage")
    _refused(path, "run 1: the stored games cannot be read", "left at schema 2, untouched",
             "delete from runs where run_id=N")


def _sql_frames(db, run):
    """The views of one run as frames, in the data dictionary's dtypes."""
    games = pd.read_sql_query("SELECT * FROM games WHERE run_id=? ORDER BY game", db, params=(run,))
    zones = pd.read_sql_query("SELECT game, zone, what, count FROM game_zones WHERE run_id=? ORDER BY game", db,
                              params=(run,))
    objectives = pd.read_sql_query("SELECT game, objective, turn FROM game_objectives WHERE run_id=?", db,
                                   params=(run,))
    return games, zones, objectives


@pytest.mark.parametrize("path", [SDLN, "scenarios/night-shift.json"])
def test_the_games_are_readable_from_sql(tmp_path, path):
    s = designer.load(path)
    store = ResultsStore(tmp_path / "s.sqlite")
    r = playtest(s, n=700, seed=4, workers=1, store=store)
    other = playtest(s, n=50, seed=9, workers=1, store=store)
    run = r.meta["run_id"]
    with sqlite3.connect(store.path) as db:
        games, zones, objectives = _sql_frames(db, run)
        columns = [c[1] for c in db.execute("PRAGMA table_info(games)")]
        causes = dict(db.execute("SELECT cause, count(*) FROM games WHERE run_id=? GROUP BY cause", (run,)).fetchall())
        deaths = dict(db.execute("SELECT zone, sum(count) FROM game_zones WHERE run_id=? AND what='deaths' "
                                 "GROUP BY zone", (run,)).fetchall())
        db.execute("DELETE FROM runs WHERE run_id=?", (other.meta["run_id"],))
        left = db.execute("SELECT DISTINCT run_id FROM games").fetchall()
        blocks_left = db.execute("SELECT DISTINCT run_id FROM game_blocks").fetchall()
    expected = r.games
    assert columns == ["run_id", *[c for c in expected.columns if not c.startswith("objective_")]]
    for c in columns[1:]:
        want = expected[c].astype(int) if c == "won" else expected[c]
        assert games[c].tolist() == want.tolist(), c
    assert causes == expected["cause"].value_counts().to_dict() and sum(causes.values()) == 700
    want_zones = r.zone_games.astype({"zone": str, "what": str})
    pd.testing.assert_frame_equal(zones.reset_index(drop=True), want_zones.reset_index(drop=True), check_dtype=False)
    zone_totals = r.zones.set_index("zone")
    assert deaths == {z: int(v) for z, v in zone_totals["deaths"].items() if v}
    taken = {(int(g), o[len("objective_"):]): int(t) for o in expected if o.startswith("objective_")
             for g, t in zip(expected["game"], expected[o]) if not pd.isna(t)}
    assert {(g, o): t for g, o, t in objectives.itertuples(index=False)} == taken and len(objectives) == len(taken)
    assert (path != SDLN or taken), "the sample takes objectives, so the view is exercised"
    assert left == [(run,)] and blocks_left == [(run,)], "deleting a run deletes its games"


def test_a_run_from_before_a_field_reads_it_as_missing_and_the_field_comes_back(tmp_path, sdln):
    store = ResultsStore(tmp_path / "s.sqlite")
    first = store.save(_meta(sdln), *_games())
    with sqlite3.connect(store.path) as db:  # as if written before that zombie type
        code = _field(db, "kills_grave_dead")
        db.execute("DELETE FROM game_blocks WHERE field=?", (code,))
        db.execute("DELETE FROM game_fields WHERE field=?", (code,))
        from designer.analysis.store import _create_views

        _create_views(db)
        assert "kills_grave_dead" not in [c[1] for c in db.execute("PRAGMA table_info(games)")]
    assert store.table(first).column("kills_grave_dead").tolist() == [-1, -1, -1]
    second = store.save(dict(_meta(sdln), base_seed=2), *_games())
    assert store.games(second)[0]["kills_grave_dead"].tolist() == _games()[0]["kills_grave_dead"].tolist()
    with sqlite3.connect(store.path) as db:
        values = db.execute("SELECT run_id, kills_grave_dead FROM games ORDER BY run_id, game").fetchall()
    assert values == [(first, None)] * 3 + [(second, v) for v in _games()[0]["kills_grave_dead"].tolist()]


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


def test_runs_are_saved_and_read_in_blocks_across_their_boundaries(tmp_path, sdln, monkeypatch):
    from designer.analysis import blocks
    from designer.engine.batch import ENGINE_VERSION

    monkeypatch.setattr(blocks, "BLOCK_GAMES", 7)
    store = ResultsStore(tmp_path / "s.sqlite")
    r = playtest(sdln, n=50, seed=3, workers=1, store=store)
    assert store.table(r.meta["run_id"]) == r.table
    for n in (1, 7, 20, 49):
        table, info = store.find_table(scenario_hash(sdln), ENGINE_VERSION, "greedy", None, 3, n)
        assert info["run_id"] == r.meta["run_id"] and len(table) == n
        pd.testing.assert_frame_equal(playtest(sdln, n=n, seed=3, workers=1, store=None).games, games_frames(table)[0])
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT count(*), count(DISTINCT game), max(game) FROM games").fetchone() == (50, 50, 49)
        assert db.execute("SELECT max(block) FROM game_blocks WHERE field=?", (_field(db, "seed"),)).fetchone() == (7,)
        widths = {w for (w,) in db.execute("SELECT DISTINCT width FROM game_blocks")}
        games, zones, _ = _sql_frames(db, r.meta["run_id"])
    assert games["seed"].tolist() == r.games["seed"].tolist()
    assert zones["count"].tolist() == r.zone_games["count"].tolist()
    assert widths - {0, 1, 2, 4, 8, 64}, "the values are packed in bits, not whole bytes"


def _v3_store(path, s):
    """A store as release 3 wrote it: the games as rows of a games table, the objectives and
    per-zone counts as JSON objects."""
    _v2_store(path, s)
    games, zones = _games()
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE runs_v3 (run_id INTEGER PRIMARY KEY, scenario_id TEXT NOT NULL, scenario_title TEXT NOT NULL,
            scenario_hash TEXT NOT NULL, engine_version TEXT NOT NULL, policy TEXT NOT NULL, survivors INTEGER NOT NULL,
            base_seed INTEGER NOT NULL, n INTEGER NOT NULL, wins INTEGER NOT NULL, created REAL NOT NULL, label TEXT,
            zone_ids TEXT NOT NULL, objective_ids TEXT NOT NULL);
        INSERT INTO runs_v3 SELECT run_id, scenario_id, scenario_title, scenario_hash, engine_version, policy,
            survivors, base_seed, n, wins, created, label, '[]', '[]' FROM runs;
        DROP TABLE runs;
        ALTER TABLE runs_v3 RENAME TO runs;
    """)
    scalars = [c for c in games.columns if not c.startswith("objective_")]
    maps = ["objectives", "zone_deaths", "zone_kills", "zone_visits"]
    db.execute(f"CREATE TABLE games (run_id INTEGER NOT NULL, {', '.join(scalars)}, {', '.join(maps)}, "
               "PRIMARY KEY (run_id, game)) WITHOUT ROWID")
    db.execute("CREATE VIEW game_zones AS SELECT g.run_id, g.game, z.key AS zone, 'deaths' AS what, z.value AS count "
               "FROM games g, json_each(g.zone_deaths) z")
    db.execute("CREATE TRIGGER runs_delete_games AFTER DELETE ON runs BEGIN DELETE FROM games WHERE run_id = old.run_id; END")
    for record in games.to_dict("records"):
        objectives = {c[len("objective_"):]: int(record[c]) for c in games.columns
                      if c.startswith("objective_") and not pd.isna(record[c])}
        mine = zones[zones["game"] == record["game"]]
        per = {w: {str(z): int(k) for z, k, x in zip(mine["zone"], mine["count"], mine["what"]) if x == w}
               for w in ("deaths", "kills", "visits")}
        values = [int(record[c]) if c not in ("cause", "max_danger") else record[c] for c in scalars]
        db.execute(f"INSERT INTO games VALUES ({', '.join('?' * (len(scalars) + 5))})",
                   [1, *values, json.dumps(objectives), *(json.dumps(per[w]) for w in ("deaths", "kills", "visits"))])
    db.execute("UPDATE runs SET zone_ids=?, objective_ids=?",
               (json.dumps([z.id for z in s.zones]), json.dumps([o.id for o in s.objectives])))
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()


def test_a_store_of_release_3_moves_its_rows_into_blocks(tmp_path, sdln):
    path = tmp_path / "v3.sqlite"
    _v3_store(path, sdln)
    store = ResultsStore(path)
    assert store.schema_version() == STORE_SCHEMA_VERSION
    games, zone_games = _games()
    back, back_zones = store.games(1)
    pd.testing.assert_frame_equal(back, games)
    pd.testing.assert_frame_equal(back_zones, zone_games)
    assert store.runs()["label"].tolist() == ["as printed"] and store.scenario(1) == sdln
    with sqlite3.connect(path) as db:
        kinds = dict(db.execute("SELECT name, type FROM sqlite_master WHERE name LIKE 'game%'").fetchall())
        visits = db.execute("SELECT sum(count) FROM game_zones WHERE what='visits'").fetchone()[0]
    assert kinds["games"] == "view" and kinds["game_zones"] == "view" and kinds["game_blocks"] == "table"
    assert visits == zone_games.loc[zone_games["what"] == "visits", "count"].sum()


def test_a_release_3_store_with_a_damaged_run_is_refused_and_left_alone(tmp_path, sdln):
    path = tmp_path / "v3.sqlite"
    _v3_store(path, sdln)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET zone_visits='{not json' WHERE game=1")
    _refused(path, "run 1: the stored games cannot be read", "left at schema 3, untouched")


def test_blocks_round_trip_and_sqlite_reads_the_same_values():
    from designer.analysis import blocks

    rng = np.random.default_rng(5)
    values = np.concatenate([rng.integers(0, 2**63 - 1, 300), rng.integers(-1, 5, 300), np.full(50, 7),
                             rng.integers(-2**62, 2**62, 100), [-2**63, 2**63 - 1], rng.integers(0, 70_000, 40)])
    bounds = np.array([0, 128, 256, 300, 300, 428, 556, 600, 650, 700, 750, 752, 792])
    rows = list(blocks.encode(values, bounds))
    assert [r[2] for r in rows] == [64, 64, 64, 0, 3, 3, 3, 0, 64, 64, 64, 17]
    assert [len(r[4]) for r in rows][3:8] == [0, 48, 48, 17, 0], "3 bits a value, rounded up to whole bytes"
    assert [r[3] for r in rows][3:8] == [0, -1, -1, -1, 7] and rows[3][4] == rows[7][4] == b""
    index, count, width, base = (np.array(c) for c in list(zip(*rows))[:4])
    back = blocks.decode(index, count, width, base, [r[4] for r in rows], np.diff(bounds))
    assert back.dtype == np.int64 and (back == values).all()
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE b (block, count, width, base, data)")
    db.executemany("INSERT INTO b VALUES (?, ?, ?, ?, ?)", rows)
    sql = (f"WITH k(b) AS (SELECT {blocks.BYTES_SQL}) SELECT {blocks.value_sql('b', ':at')} FROM b, k "
           "WHERE block = :block")
    got = [db.execute(sql, {"at": i - int(bounds[b]), "block": b}).fetchone()[0]
           for b in range(len(bounds) - 1) if b != 10 for i in range(int(bounds[b]), int(bounds[b + 1]))]
    assert got == [v for i, v in enumerate(values.tolist()) if not 750 <= i < 752], \
        "SQLite reads every block whose values span less than 2**63 (block 10 spans the whole int64 range)"


def test_every_bit_width_round_trips_and_sqlite_reads_each_value():
    """Blocks of every width from 1 to 32 bits (values that cross byte and 64-bit word edges) and
    64, odd counts, at offsets: numpy and SQLite read back what was written, and a width's block
    is exactly its bits rounded up to bytes."""
    from designer.analysis import blocks

    rng = np.random.default_rng(11)
    parts, expected = [], []
    for w in (*range(1, 33), 64):
        n = int(rng.integers(2, 90))
        if w == 64:
            v = rng.integers(0, 2**63 - 1, n, dtype=np.int64)
        else:
            low = int(rng.integers(-1000, 1000))
            v = low + rng.integers(0, 2**w, n, dtype=np.int64)
            v[0], v[-1] = low, low + 2**w - 1  # the block spans exactly w bits
        parts.append(v)
        expected.append(w)
    values = np.concatenate(parts)
    bounds = np.concatenate([[0], np.cumsum([len(p) for p in parts])])
    rows = list(blocks.encode(values, bounds))
    assert [r[2] for r in rows] == expected
    assert all(len(r[4]) == (r[1] * r[2] + 7) // 8 for r in rows)
    index, count, width, base = (np.array(c) for c in list(zip(*rows))[:4])
    back = blocks.decode(index, count, width, base, [r[4] for r in rows], np.diff(bounds))
    assert (back == values).all()
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE b (block, count, width, base, data)")
    db.executemany("INSERT INTO b VALUES (?, ?, ?, ?, ?)", rows)
    got = db.execute(f"WITH RECURSIVE k(b) AS (SELECT {blocks.BYTES_SQL}), p(i) AS (SELECT 0 UNION ALL "
                     f"SELECT i + 1 FROM p WHERE i < 100) SELECT {blocks.value_sql('b', 'p.i')} FROM b, p, k "
                     "WHERE p.i < b.count ORDER BY b.block, p.i").fetchall()
    assert [g for (g,) in got] == values.tolist()


V4_STORE = "tests/data/store-schema-4.sqlite"
"""A store written by the release of schema 4 (whole bytes a value, blocks of 128 games): 300
games of "Seul dans le noir" labelled 'as printed' and 200 of Night Shift."""


def _view_rows(path):
    with sqlite3.connect(path) as db:
        return {view: db.execute(f"SELECT * FROM {view} ORDER BY run_id, game").fetchall()
                for view in ("games", "game_objectives", "game_zones")}


def test_a_store_of_release_4_is_repacked_in_bits_and_reads_the_same_games(tmp_path, root):
    path = tmp_path / "v4.sqlite"
    path.write_bytes((root / V4_STORE).read_bytes())
    before = _view_rows(path)  # what schema 4's own views decode, in plain SQLite
    assert len(before["games"]) == 500 and before["game_objectives"] and before["game_zones"]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4
        columns = [c[1] for c in db.execute("PRAGMA table_info(games)")]
    store = ResultsStore(path)
    assert store.schema_version() == STORE_SCHEMA_VERSION == 5
    after = _view_rows(path)
    assert after == before and len(after["games"]) == 500 and after["game_zones"]
    runs = store.runs().set_index("run_id")
    assert runs.loc[1, "label"] == "as printed" and runs["has_scenario"].all()
    assert store.scenario(2).id == "night-shift"
    for run_id in (1, 2):
        games, zones = store.games(run_id)
        rows = [r for r in before["games"] if r[0] == run_id]
        assert len(games) == len(rows) and games["seed"].tolist() == [r[columns.index("seed")] for r in rows]
        assert games["cause"].tolist() == [r[columns.index("cause")] for r in rows]
        assert zones["count"].sum() == sum(r[-1] for r in before["game_zones"] if r[0] == run_id)
    with sqlite3.connect(path) as db:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        widths = {w for (w,) in db.execute("SELECT DISTINCT width FROM game_blocks")}
        assert db.execute("SELECT count(*) FROM game_fields WHERE name LIKE '%_game'").fetchone()[0] == 0
        assert db.execute("PRAGMA freelist_count").fetchone()[0] == 0, "compacted after the move"
    assert not {"game_blocks_v4", "game_fields_v4"} & names and widths - {0, 1, 2, 4, 8, 64}


def test_a_release_4_store_with_a_damaged_run_is_refused_and_left_alone(tmp_path, root):
    path = tmp_path / "v4.sqlite"
    path.write_bytes((root / V4_STORE).read_bytes())
    with sqlite3.connect(path) as db:
        db.execute("UPDATE game_blocks SET width = 3 WHERE run_id = 2 AND field = ?", (_field(db, "seed"),))
    _refused(path, "run 2: the stored games cannot be read", "values of 3 bytes", "left at schema 4, untouched")


# ---- eden: victory points and resources in the store ----


@pytest.mark.parametrize("path", ["scenarios/eden-skirmish.json", "scenarios/scavenger-run.json"])
def test_the_scores_and_resources_of_a_run_come_back_from_the_store(tmp_path, path, monkeypatch):
    """A points mission's score per game ("les joueurs comptabilisent les points de victoire") and
    the party's resources at the end of each game are stored with the run and read back: the
    table from the store equals the one played, records and all, across block boundaries and for
    a shorter run read from the same store; SQL reads them from the ``games`` view."""
    from designer.analysis import blocks
    from designer.engine.batch import ENGINE_VERSION

    monkeypatch.setattr(blocks, "BLOCK_GAMES", 7)
    s = designer.load(path)
    store = ResultsStore(tmp_path / "s.sqlite")
    r = playtest(s, n=40, seed=5, workers=1, store=store)
    played = r.table
    scored, stocked = played.points is not None, played.resources is not None
    assert scored == (s.points is not None) and (scored or stocked), "the sample has points or resources"
    back = store.table(r.meta["run_id"])
    assert back == played and back.records() == played.records()
    if scored:
        assert back.points.tolist() == played.points.tolist() and len(set(back.points.tolist())) > 1
    else:
        assert back.points is None
    if stocked:
        assert set(back.resource_names) == set(played.resource_names)
        by_name = {n: back.resources[:, j].tolist() for j, n in enumerate(back.resource_names)}
        assert by_name == {n: played.resources[:, j].tolist() for j, n in enumerate(played.resource_names)}
        assert back.resources[:, -1].tolist() == played.resources[:, -1].tolist()
    table, _ = store.find_table(scenario_hash(s), ENGINE_VERSION, "greedy", None, 5, 11)
    assert table.records() == played.records()[:11]
    with sqlite3.connect(store.path) as db:
        columns = [c[1] for c in db.execute("PRAGMA table_info(games)")]
        if scored:
            assert db.execute("SELECT points FROM games WHERE run_id=? ORDER BY game",
                              (r.meta["run_id"],)).fetchall() == [(p,) for p in played.points.tolist()]
        if stocked:
            name = played.resource_names[0]
            assert f"resource:{name}" in columns
            got = [v for (v,) in db.execute(f'SELECT "resource:{name}" FROM games WHERE run_id=? ORDER BY game',
                                            (r.meta["run_id"],))]
            assert got == played.resources[:, 0].tolist()


def test_a_run_without_points_or_resources_reads_none_beside_one_with_them(tmp_path, sdln):
    """Runs without a score or resources stay without them when a store also holds runs that
    have them (their fields have no blocks of that run)."""
    store = ResultsStore(tmp_path / "s.sqlite")
    scored = playtest(designer.load("scenarios/eden-skirmish.json"), n=5, seed=1, workers=1, store=store)
    plain = playtest(sdln, n=5, seed=1, workers=1, store=store)
    assert store.table(scored.meta["run_id"]).points is not None
    back = store.table(plain.meta["run_id"])
    assert back.points is None and back.resources is None and back == plain.table


def test_a_points_run_stored_without_its_points_is_played_again_not_served(tmp_path):
    """A run of a victory points mission that the store kept without its ``points`` column (as
    the store did before it kept scores, under the same engine version) is not served as today's
    run: the playtest plays the games again, with their scores, and stores them beside it; the
    next ask is served from the new run."""
    s = designer.load("scenarios/eden-skirmish.json")
    store = ResultsStore(tmp_path / "s.sqlite")
    first = playtest(s, n=30, seed=3, workers=1, store=store)
    assert first.table.points is not None and not first.cached
    with sqlite3.connect(store.path) as db:  # what the store held before it kept the scores
        db.execute("DELETE FROM game_blocks WHERE run_id=? AND field=(SELECT field FROM game_fields "
                   "WHERE name='points')", (first.meta["run_id"],))
    assert store.table(first.meta["run_id"]).points is None
    again = playtest(s, n=30, seed=3, workers=1, store=store)
    assert not again.cached and again.meta["run_id"] != first.meta["run_id"]
    assert again.table == first.table and again.table.points.tolist() == first.table.points.tolist()
    third = playtest(s, n=20, seed=3, workers=1, store=store)
    assert third.cached and third.meta["run_id"] == again.meta["run_id"]
    assert third.table.points.tolist() == first.table.points.tolist()[:20]


def test_a_stored_run_whose_first_game_is_not_todays_is_played_again(tmp_path, sdln):
    """A run stored under today's engine version whose games this engine does not play (here
    the games of another base seed, as a version that missed a change to the engine would leave
    them) is not served: the run is played again and its summary is today's."""
    from designer.engine.batch import ENGINE_VERSION

    store = ResultsStore(tmp_path / "s.sqlite")
    other = playtest(sdln, n=40, seed=8, workers=1, store=None, keep_games=True)
    meta = dict(_meta(sdln, 40), engine_version=ENGINE_VERSION, base_seed=9)
    stale = store.save_table(meta, other.table)
    r = playtest(sdln, n=40, seed=9, workers=1, store=store)
    fresh = playtest(sdln, n=40, seed=9, workers=1, store=None)
    assert not r.cached and r.meta["run_id"] != stale
    assert r.summary()["wins"] == fresh.summary()["wins"] and r.table == fresh.table
    assert playtest(sdln, n=40, seed=9, workers=1, store=store).cached


@pytest.mark.parametrize("path", ["scenarios/eden-skirmish.json", "scenarios/scavenger-run.json", SDLN])
def test_the_first_games_of_a_table_are_its_first_records(path):
    """``GameTable.head(k)``, which the store's check plays against, holds the first ``k`` games:
    their records, objectives, per-zone counts, points and resources, and nothing of the others."""
    table = playtest(designer.load(path), n=25, seed=4, workers=1, store=None, keep_games=True).table
    for k in (0, 1, 7, 25, 40):
        head = table.head(k)
        assert len(head) == min(k, 25) and head.records() == table.records()[:k]
        assert (head.points is None) == (table.points is None) and (head.resources is None) == (table.resources is None)
    assert table.head(25) == table
