"""The editor's files: drafts that cannot be read, folders that cannot be written, bad ids; each
is an :class:`EditError` with a message, never a bare exception."""

from __future__ import annotations

import pytest

from designer.edit import EditError, Editor, safe_file_name


@pytest.fixture(autouse=True)
def drafts(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.edit.DRAFTS", tmp_path / "drafts")
    return tmp_path / "drafts"


@pytest.mark.parametrize("content, expected", [
    (b'{"id": "m", "zones": [', "not valid JSON at line 1"),
    (b"\xff\xfe\x00garbage", "not UTF-8 text"),
    (b"[1, 2, 3]", "the draft is not scenario data"),
    (b'{"id": "m"}', "the draft is not scenario data"),
])
def test_recovering_a_corrupt_draft_is_an_edit_error_naming_the_file(drafts, content, expected):
    drafts.mkdir()
    path = drafts / "m--s1.json"  # a session's draft, opened from the list of drafts by its file
    path.write_bytes(content)
    with pytest.raises(EditError) as e:
        Editor.recover(path)
    assert str(path) in str(e.value) and expected in str(e.value)
    assert path.read_bytes() == content, "the draft is left as it was"


def test_saving_into_a_folder_whose_path_holds_nul_is_an_edit_error(tmp_path):
    with pytest.raises(EditError, match="cannot save into .*a\\\\0b: the path holds a NUL character"):
        Editor.new("m").save(str(tmp_path / "a\0b"))


def test_saving_into_a_folder_that_cannot_be_made_is_an_edit_error(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(EditError, match="cannot save into"):
        Editor.new("m").save(tmp_path / "file" / "sub")


def test_a_new_mission_with_a_bad_id_is_an_edit_error():
    with pytest.raises(EditError, match="expected an id: letters, digits"):
        Editor.new("../escape")
