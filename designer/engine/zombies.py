"""The zombie table lives with the rules (:mod:`designer.rules.zombies`); the engine's modules
read it from there. This name stays for code that imported it from the engine."""

from ..rules.zombies import *  # noqa: F401,F403
from ..rules.zombies import __all__  # noqa: F401
