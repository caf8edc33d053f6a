"""The equipment table lives with the rules (:mod:`designer.rules.equipment`); the engine's
modules read it from there. This name stays for code that imported it from the engine."""

from ..rules.equipment import *  # noqa: F401,F403
from ..rules.equipment import __all__  # noqa: F401
