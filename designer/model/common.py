"""Shared building blocks of the scenario model: identifiers, colours, the base model."""

from __future__ import annotations

import ast
import inspect
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer

__all__ = [
    "Colour",
    "ID_PATTERN",
    "Id",
    "Model",
    "Position",
    "Tagged",
    "ZombieType",
    "ZOMBIE_TYPES",
]

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
"""What an identifier looks like (also what makes it a safe file name)."""

Id = Annotated[
    str,
    Field(
        pattern=ID_PATTERN,
        description=(
            "A short identifier chosen by the designer: letters, digits, '_', '.' or '-', "
            "starting with a letter or digit, at most 64 characters (for example 'A1' or 'blue-door')."
        ),
    ),
]

Colour = Literal["red", "blue", "green", "yellow", "purple", "orange", "white", "black"]
"""Colours of keys, doors, switches and spawn zones, as printed on the tokens."""

ZombieType = Literal["walker", "runner", "fatty", "abomination", "zombie", "grave_dead", "walker_berserker",
                     "runner_berserker", "fatty_berserker", "abomination_berserker"]
"""Zombie types: the four Zombicide types, the plain zombie of Last Night on Earth and of
Les morts aux trousses, the grave-dead zombies of Growing Hunger, and the berserker walkers,
runners, fatties and abomination of Zombicide Prison Outbreak."""

ZOMBIE_TYPES: tuple[str, ...] = ZombieType.__args__  # type: ignore[attr-defined]


def _docstrings_of_module(module_name: str) -> dict[str, dict[str, str]]:
    """Every class of a module by qualified name -> its annotated attributes' docstrings (a string
    right after ``name: type``), from one parse of the module's source, cached (and kept for the
    next process beside the model's validators: ``designer.model.prebuilt.kept``)."""
    found = _DOCSTRINGS.get(module_name)
    if found is None:
        found = _DOCSTRINGS[module_name] = {}
        file = getattr(sys.modules.get(module_name), "__file__", None)
        try:
            with open(file, encoding="utf-8") as f:  # type: ignore[arg-type]
                source = f.read()
        except (OSError, TypeError, ValueError):
            return found
        from .prebuilt import kept

        found.update(kept("docstrings", source, lambda: _parse_docstrings(source)))
    return found


def _parse_docstrings(source: str) -> dict[str, dict[str, str]]:
    """:func:`_docstrings_of_module` of a module's source text."""
    found: dict[str, dict[str, str]] = {}
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return found

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                docs: dict[str, str] = {}
                for before, after in zip(node.body, node.body[1:]):
                    if (isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name)
                            and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                            and isinstance(after.value.value, str)):
                        text = after.value.value
                        docs[before.target.id] = inspect.cleandoc(text) if "\n" in text else text.expandtabs().lstrip()
                found[prefix + node.name] = docs
                walk(node.body, f"{prefix}{node.name}.")

    walk(tree.body, "")
    return found


_DOCSTRINGS: dict[str, dict[str, dict[str, str]]] = {}


class Model(BaseModel):
    """Base of every model: unknown fields are refused, field docstrings become descriptions.

    Validators are built when a model first validates (``defer_build``): a scenario's validator
    is built once, with every nested model inline, instead of one validator per class at import.
    Field docstrings become descriptions (for the JSON Schema) from one parse of each module's
    source, instead of pydantic's per-class source look-up (``use_attribute_docstrings``), which
    cost most of the import.
    """

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        defer_build=True,
        validate_assignment=False,
    )

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Any = None) -> bool | None:
        """pydantic's ``model_rebuild``, which builds the class's validator the first time: from the
        core schema a previous process kept (``designer.model.prebuilt``) when it can."""
        from . import prebuilt

        if not force and not cls.__pydantic_complete__ and _types_namespace is None and prebuilt.load(cls):
            return True
        done = super().model_rebuild(force=force, raise_errors=raise_errors, _types_namespace=_types_namespace,
                                     _parent_namespace_depth=_parent_namespace_depth + 1 if _parent_namespace_depth
                                     else 0)
        if done and cls.__pydantic_complete__:
            prebuilt.keep(cls)
        return done

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        docs = _docstrings_of_module(cls.__module__).get(cls.__qualname__, {})
        for name, info in cls.__pydantic_fields__.items():
            if info.description is None and name in docs:
                info.description = docs[name]


class Tagged(Model):
    """Base of the members of a tagged union: the `kind` tag is always written, even when the
    other fields are left at their defaults."""

    @model_serializer(mode="wrap")
    def _keep_kind(self, handler: Any) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            data = {"kind": getattr(self, "kind"), **data}
        return data


class Position(Model):
    """Where the zone is drawn on the map canvas (free units; larger y is lower on the screen)."""

    x: float = Field(allow_inf_nan=False)
    """Horizontal position."""
    y: float = Field(allow_inf_nan=False)
    """Vertical position."""
