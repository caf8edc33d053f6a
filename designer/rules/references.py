"""Every reference of a scenario, declared once (the table lives beside the model, which
checks references when a file loads: :mod:`designer.model.references`)."""

from ..model.references import REFERENCE_FIELDS, TARGETS, Reference, iter_references

__all__ = ["REFERENCE_FIELDS", "TARGETS", "Reference", "iter_references"]
