"""Files and exports: load / save scenario JSON, migrations, networkx and GraphML views."""

from .files import (LoadError, Problem, SaveError, atomic_write, dumps, load, loads, parse, save,
                    write_bytes_atomic, write_text_atomic)
from .graphs import from_graphml, from_networkx, to_graphml, to_networkx, to_node_link

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
