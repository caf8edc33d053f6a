"""The rules core shared by the validator and the playtest engine: one compiled form of a
scenario (:mod:`designer.rules.compiled`), one walker over every reference of the model
(:mod:`designer.rules.references`) and the registry of special scenario rules
(:mod:`designer.rules.special`)."""

from .compiled import CompiledScenario, compile
from .references import Reference, iter_references

__all__ = ["CompiledScenario", "Reference", "compile", "iter_references"]
