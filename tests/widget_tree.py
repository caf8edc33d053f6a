"""Reading the designer's widget tree in the form tests: every widget under a box, a checkbox by
its label, and drafts kept in the test's own folder (``drafts``: import it into a test module,
where it applies to every test)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def drafts(tmp_path, monkeypatch):
    """The editor's drafts go to the test's folder, written at once (never into the checkout)."""
    monkeypatch.setattr("designer.edit.DRAFTS", tmp_path / "drafts")
    monkeypatch.setattr("designer.edit.DRAFT_DELAY", 0)


def walk(box: Any) -> Iterator[Any]:
    """``box`` and every widget inside it, depth first."""
    yield box
    for child in getattr(box, "children", ()):
        yield from walk(child)


def checkbox(where: Any, label: str) -> Any:
    """The checkbox labelled ``label`` in a form, or in an app's set-up forms."""
    root = getattr(where, "setup_box", where)
    return next(c for c in walk(root) if getattr(c, "description", None) == label and hasattr(c, "indent"))
