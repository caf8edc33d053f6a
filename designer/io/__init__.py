"""Files and exports: load / save scenario JSON, migrations, networkx and GraphML views.

The graph exports (:mod:`designer.io.graphs`) import networkx, which costs more than loading a
scenario; they load when one of them is first asked for, so reading and writing files does not
pay for them.
"""

from typing import Any

from .files import (LoadError, Problem, SaveError, atomic_write, dumps, load, loads, parse, save,
                    write_bytes_atomic, write_text_atomic)

__all__ = [
    "LoadError",
    "Problem",
    "SaveError",
    "atomic_write",
    "dumps",
    "from_graphml",
    "from_networkx",
    "load",
    "loads",
    "parse",
    "save",
    "to_graphml",
    "to_networkx",
    "to_node_link",
    "write_bytes_atomic",
    "write_text_atomic",
]

_GRAPHS = ("from_graphml", "from_networkx", "to_graphml", "to_networkx", "to_node_link")


def __getattr__(name: str) -> Any:
    if name in _GRAPHS:
        from . import graphs

        value = getattr(graphs, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'designer.io' has no attribute {name!r}")
