"""Compiled or interpreted: the engine's modules run compiled where they are built and as
plain Python elsewhere, with the same games.

The modules in :data:`MODULES` are compiled by Cython when the package is installed with a C
compiler (``setup.py``); a machine without one runs their sources. ``DESIGNER_ENGINE=python``
in the environment when ``designer.engine`` is first imported runs the sources even where the
compiled modules are built (and keeps batches off the typed engine): the steppable, readable
mode, and the way the tests check that both modes play the same games.

A compiled module whose source has changed since it was built (the source edited since the
last ``make setup``: ``setup.py`` records a hash of each source it compiles, in ``_built.py``)
is never used: its source runs instead, with a :class:`StaleBuildWarning` saying so, so an edit
to the rules always takes effect at once.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

__all__ = ["MODULES", "SourceFirst", "StaleBuildWarning", "compiled_modules", "interpreted_forced", "source_hash",
           "stale_modules", "use_sources"]

HERE = Path(__file__).resolve().parent

MODULES = ("rng", "typed.play", "state", "board", "policies", "view")
"""The engine's modules that Cython compiles (``setup.py``: ``TYPED`` and ``ENGINE``), as paths
below ``designer.engine`` (``typed.play`` is ``designer/engine/typed/play.py``)."""


def _source(name: str) -> Path:
    return HERE / f"{name.replace('.', '/')}.py"


def interpreted_forced() -> bool:
    """Whether ``DESIGNER_ENGINE=python`` asks for the interpreted engine."""
    return os.environ.get("DESIGNER_ENGINE", "") == "python"


class StaleBuildWarning(UserWarning):
    """A compiled module was built from another version of its source: the source runs
    (``make setup`` rebuilds)."""


class SourceFirst:
    """Imports some of the engine's compiled modules (all of :data:`MODULES` by default) from
    their ``.py`` sources. (A finder on ``sys.meta_path`` needs only ``find_spec``; importing
    ``importlib.abc`` for its base class costs a fiftieth of a second at every start.)"""

    def __init__(self, names: tuple[str, ...] = MODULES):
        self.names = frozenset(names)

    def find_spec(self, fullname, path, target=None):
        prefix = f"{__package__}."
        name = fullname[len(prefix):] if fullname.startswith(prefix) else ""
        if name in self.names:
            return importlib.util.spec_from_file_location(fullname, _source(name))
        return None


def use_sources(names: tuple[str, ...] = MODULES) -> None:
    """Import these engine modules from their sources from now on (before they are imported)."""
    sys.meta_path.insert(0, SourceFirst(names))


def source_hash(name: str) -> str:
    """The hash ``setup.py`` records for a module's source (:mod:`designer.engine._built`)."""
    return hashlib.blake2b(_source(name).read_bytes(), digest_size=16).hexdigest()


def stale_modules() -> tuple[str, ...]:
    """The modules of :data:`MODULES` that are built but whose source has changed since (its
    hash differs from the one ``setup.py`` recorded when it compiled them, or none was)."""
    built = [n for n in MODULES
             if any(p.suffix in (".so", ".pyd") for p in _source(n).parent.glob(f"{n.rpartition('.')[2]}.*"))]
    if not built:
        return ()
    try:
        recorded = importlib.import_module(f"{__package__}._built").SOURCES
    except ImportError:
        recorded = {}
    return tuple(n for n in built if _source(n).exists() and recorded.get(n) != source_hash(n))


def choose() -> None:
    """At the first import of ``designer.engine``: the sources of every module with
    ``DESIGNER_ENGINE=python``, else of the modules whose build is stale (with a warning)."""
    if interpreted_forced():
        use_sources()
        return
    stale = stale_modules()
    if stale:
        import warnings

        names = ", ".join(_source(n).relative_to(HERE).as_posix() for n in stale)
        warnings.warn(f"designer.engine: {names} changed since the compiled "
                      f"module{'s were' if len(stale) > 1 else ' was'} built; running the source "
                      f"(make setup rebuilds)", StaleBuildWarning, stacklevel=3)
        use_sources(stale)


def compiled_modules() -> dict[str, bool]:
    """For each module of :data:`MODULES`, whether it runs compiled in this process."""
    out = {}
    for name in MODULES:
        mod = importlib.import_module(f"{__package__}.{name}")
        out[name] = str(getattr(mod, "__file__", "")).endswith((".so", ".pyd"))
    return out
