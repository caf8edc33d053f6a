"""Reading and writing scenario files.

Loading never executes anything from the file: it parses JSON with the standard library, refuses
files that are too large or nested too deeply, migrates older schema versions, then validates
with the pydantic model. Every failure becomes a :class:`LoadError` holding one
:class:`Problem` per thing that is wrong, each naming the JSON path and what was expected.

Saving is atomic: the text goes to a temporary file in the same folder, which is then renamed
over the target, so a crash never leaves a half-written scenario.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..model.scenario import ReferenceProblems, Scenario
from .migrate import MigrationError, migrate

__all__ = [
    "MAX_FILE_BYTES",
    "LoadError",
    "Problem",
    "dumps",
    "load",
    "loads",
    "parse",
    "save",
    "write_text_atomic",
]

MAX_FILE_BYTES = 32 * 1024 * 1024
"""Largest scenario file accepted (32 MiB); a 10,000-zone map takes about 3 MiB."""

MAX_DEPTH = 64
"""Deepest nesting of JSON objects and arrays accepted."""

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file."""

    path: str
    """JSON path of the offending value ('' for the whole file)."""
    message: str
    """What is wrong and what was expected."""
    code: str = "invalid-field"
    """Stable code: not-json, too-large, schema-version, invalid-field, dangling-reference,
    wrong-reference-kind, duplicate-id, unreadable."""
    ids: tuple[str, ...] = ()
    """Ids involved, for highlighting."""

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


@dataclass
class LoadError(Exception):
    """A file could not be loaded. ``str()`` gives one line per problem, prefixed by the file."""

    source: str
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def lines(self) -> list[str]:
        """One readable line per problem: ``file: path: message``."""
        return [f"{self.source}: {p}" for p in self.problems]

    def __str__(self) -> str:
        return "\n".join(self.lines())


# ------------------------------------------------------------------------------------------------
# Reading


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for k, v in pairs:
        if k in obj:
            raise ValueError(f"duplicate key '{k}' in one JSON object")
        obj[k] = v
    return obj


def _depth_ok(text: str) -> bool:
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_json(text: str, source: str) -> Any:
    """Parse JSON text, turning every failure into a :class:`LoadError`."""
    if len(text) > MAX_FILE_BYTES:
        raise LoadError(source, [Problem("", f"the file is larger than {MAX_FILE_BYTES // 2**20} MiB; "
                                              "a scenario file is expected to be a few MiB at most", "too-large")])
    if not _depth_ok(text):
        raise LoadError(source, [Problem("", f"JSON nested deeper than {MAX_DEPTH} levels; "
                                              "a scenario file is never that deep", "too-large")])
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicate_keys,
                          parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise LoadError(source, [Problem("", f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}",
                                         "not-json")]) from None
    except ValueError as e:
        raise LoadError(source, [Problem("", f"not valid JSON: {e}", "not-json")]) from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"'{name}' is not a JSON number")


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 text file, refusing files larger than :data:`MAX_FILE_BYTES`."""
    source = str(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise LoadError(source, [Problem("", "this is a folder; expected a scenario .json file", "unreadable")]) from None
    except FileNotFoundError:
        raise LoadError(source, [Problem("", "no such file", "unreadable")]) from None
    except OSError as e:
        raise LoadError(source, [Problem("", f"cannot read the file: {e.strerror}", "unreadable")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise LoadError(source, [Problem("", f"the file is larger than {MAX_FILE_BYTES // 2**20} MiB; "
                                              "a scenario file is expected to be a few MiB at most", "too-large")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LoadError(source, [Problem("", f"not UTF-8 text (bad byte at offset {e.start}); "
                                              "expected a JSON file", "not-json")]) from None


def _json_path(data: Any, loc: tuple[Any, ...]) -> str:
    """Turn a pydantic error location into a JSON path over the actual data, skipping the tags
    pydantic adds for tagged unions."""
    parts: list[str] = []
    cur = data
    for el in loc:
        if isinstance(cur, list) and isinstance(el, int):
            parts.append(f"[{el}]")
            cur = cur[el] if 0 <= el < len(cur) else None
        elif isinstance(cur, dict) and isinstance(el, str) and el in cur:
            parts.append(f".{el}" if parts else el)
            cur = cur[el]
        elif isinstance(cur, dict) and isinstance(el, str) and el not in cur and el != cur.get("kind"):
            # a missing field: name it
            parts.append(f".{el}" if parts else el)
            cur = None
        # else: a union tag ('door', 'function-after'...): not part of the data
    return "".join(parts)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def problems_from_validation(error: ValidationError, data: Any) -> list[Problem]:
    """Translate a pydantic ``ValidationError`` into problems with JSON paths."""
    problems: list[Problem] = []
    for err in error.errors():
        ctx = err.get("ctx") or {}
        inner = ctx.get("error")
        if isinstance(inner, ReferenceProblems):
            base = _json_path(data, tuple(err["loc"]))
            for p in inner.problems:
                path = f"{base}.{p.path}" if base else p.path
                problems.append(Problem(path, p.message, p.code, tuple(p.ids)))
            continue
        path = _json_path(data, tuple(err["loc"]))
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        kind = err["type"]
        if kind == "missing":
            msg = "required field is missing"
        elif kind == "extra_forbidden":
            msg = "unknown field; check the spelling against the JSON Schema"
        elif kind == "union_tag_invalid":
            msg = f"unknown kind {_short(err['input'].get('kind') if isinstance(err['input'], dict) else err['input'])}; expected {ctx.get('expected_tags', 'a known kind')}"
        elif kind == "union_tag_not_found":
            msg = f"a 'kind' field is required here; expected {ctx.get('expected_tags', 'a known kind') if ctx else 'a known kind'}"
        elif "input" in err and kind not in ("model_type",):
            msg = f"{msg} (got {_short(err['input'])})"
        problems.append(Problem(path, msg, "invalid-field"))
    # one message per path is enough
    seen: set[tuple[str, str]] = set()
    unique = []
    for p in problems:
        if (p.path, p.message) not in seen:
            seen.add((p.path, p.message))
            unique.append(p)
    return unique


def parse(data: Any, source: str = "<data>", model: type[M] = Scenario) -> M:  # type: ignore[assignment]
    """Validate already-parsed JSON data (migrating old versions) into a model."""
    if not isinstance(data, dict):
        raise LoadError(source, [Problem("", f"expected a JSON object at the top level, got {type(data).__name__}",
                                         "invalid-field")])
    try:
        data = migrate(data, model)
    except MigrationError as e:
        raise LoadError(source, [Problem("schema_version", str(e), "schema-version")]) from None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise LoadError(source, problems_from_validation(e, data)) from None
    except RecursionError:
        raise LoadError(source, [Problem("", "the data is nested too deeply", "too-large")]) from None


def loads(text: str, source: str = "<string>", model: type[M] = Scenario) -> M:  # type: ignore[assignment]
    """Load a scenario (or another model) from JSON text."""
    return parse(parse_json(text, source), source, model)


def load(path: str | os.PathLike[str], model: type[M] = Scenario) -> M:  # type: ignore[assignment]
    """Load a scenario file.

    Raises :class:`LoadError` with one problem per mistake (file, JSON path, what was expected).

    Examples
    --------
    >>> s = load("scenarios/seul-dans-le-noir.json")   # doctest: +SKIP
    >>> s.meta.title                                    # doctest: +SKIP
    'Seul dans le noir'
    """
    return loads(read_text(path), str(path), model)


# ------------------------------------------------------------------------------------------------
# Writing


def to_data(model: BaseModel) -> dict[str, Any]:
    """The JSON data of a model as files store it: fields left at their defaults are omitted."""
    return model.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def dumps(model: BaseModel) -> str:
    """Stable JSON text: keys sorted, two-space indent, UTF-8, final newline."""
    return json.dumps(to_data(model), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write text to ``path`` through a temporary file in the same folder and a rename."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def save(model: BaseModel, path: str | os.PathLike[str]) -> None:
    """Save a scenario (or campaign) atomically as stable JSON."""
    write_text_atomic(path, dumps(model))
