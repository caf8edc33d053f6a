"""Shared building blocks of the scenario model: identifiers, colours, the base model."""

from __future__ import annotations

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

ZombieType = Literal["walker", "runner", "fatty", "abomination", "zombie", "grave_dead"]
"""Zombie types: the four Zombicide types, the plain zombie of Last Night on Earth and of
Les morts aux trousses, and the grave-dead zombies of Growing Hunger."""

ZOMBIE_TYPES: tuple[str, ...] = ZombieType.__args__  # type: ignore[attr-defined]


class Model(BaseModel):
    """Base of every model: unknown fields are refused, field docstrings become descriptions."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        use_attribute_docstrings=True,
        validate_assignment=False,
    )


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
