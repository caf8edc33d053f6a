"""Reading and writing scenario files.

Loading never executes anything from the file: it parses JSON with the standard library, refuses
files that are too large or nested too deeply, migrates older schema versions, then validates
with the pydantic model. Every failure becomes a :class:`LoadError` holding one
:class:`Problem` per thing that is wrong, each naming the JSON path and what was expected.

Saving is atomic: the text goes to a temporary file with a random name, created exclusively in
the same folder, which is then renamed over the target, so a crash never leaves a half-written
scenario and a planted symlink is never followed. The target keeps its permissions.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import IO, Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..model.common import ID_PATTERN
from ..model.scenario import ReferenceProblems, Scenario
from .migrate import MigrationError, migrate

__all__ = [
    "MAX_FILE_BYTES",
    "LoadError",
    "Problem",
    "SaveError",
    "atomic_write",
    "dumps",
    "load",
    "loads",
    "parse",
    "save",
    "scenario_file_name",
    "write_bytes_atomic",
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
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise ValueError(f"duplicate key '{k}' in one JSON object")
            seen.add(k)
    return obj


_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _depth_ok(text: str) -> bool:
    """Whether no JSON array or object nests deeper than :data:`MAX_DEPTH` (strings skipped);
    regular expressions and ``accumulate`` keep it at C speed on a 30 MiB file."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return not brackets or max(accumulate(map(_DEPTH_STEP.__getitem__, map(ord, brackets)))) <= MAX_DEPTH


def _too_deep(source: str) -> LoadError:
    return LoadError(source, [Problem("", f"JSON nested deeper than {MAX_DEPTH} levels; "
                                          "a scenario file is never that deep", "too-large")])


def parse_json(text: str, source: str, *, check_depth: bool = True) -> Any:
    """Parse JSON text, turning every failure into a :class:`LoadError`.

    The standard parser runs first (its own recursion guard stops absurd nesting safely), so that
    :func:`loads` can count lists against their limits before the slower depth check; with
    ``check_depth=False`` the caller checks the depth itself."""
    if len(text) > MAX_FILE_BYTES:
        raise LoadError(source, [Problem("", f"the file is larger than {MAX_FILE_BYTES // 2**20} MiB; "
                                              "a scenario file is expected to be a few MiB at most", "too-large")])
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicate_keys, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise LoadError(source, [Problem("", f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}",
                                         "not-json")]) from None
    except RecursionError:
        raise _too_deep(source) from None
    except ValueError as e:
        raise LoadError(source, [Problem("", f"not valid JSON: {e}", "not-json")]) from None
    if check_depth and not _depth_ok(text):
        raise _too_deep(source)
    return data


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
    if isinstance(value, (list, dict)) and len(value) > 8:
        return f"a {'list' if isinstance(value, list) else 'object'} of {len(value):,} items"
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value[:200])
    return text if len(text) <= 60 else text[:57] + "..."


def _max_length(info: Any) -> int | None:
    for m in info.metadata:
        if getattr(m, "max_length", None) is not None:
            return m.max_length
    return None


def iter_count_problems(data: Any, model: type[BaseModel], path: str = "") -> Iterator[Problem]:
    """Lists in the raw data longer than the model allows, found by counting before any model is
    built: a file with a million zones is refused in microseconds, not after validating them."""
    if not isinstance(data, dict):
        return
    for name, info in model.model_fields.items():
        key = info.alias or name
        value = data.get(key)
        here = f"{path}.{key}" if path else key
        limit = _max_length(info)
        if limit is not None and isinstance(value, (list, dict)) and len(value) > limit:
            yield Problem(here, f"{len(value):,} items; at most {limit:,} are accepted", "too-large")
        elif isinstance(value, dict) and isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel):
            yield from iter_count_problems(value, info.annotation, here)


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
        elif kind == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
            msg = ("expected an id: letters, digits, '_', '.' or '-', starting with a letter or digit, "
                   f"at most 64 characters (got {_short(err['input'])})")
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
    too_many = list(iter_count_problems(data, model))
    if too_many:
        raise LoadError(source, too_many)
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise LoadError(source, problems_from_validation(e, data)) from None
    except RecursionError:
        raise LoadError(source, [Problem("", "the data is nested too deeply", "too-large")]) from None


def loads(text: str, source: str = "<string>", model: type[M] = Scenario) -> M:  # type: ignore[assignment]
    """Load a scenario (or another model) from JSON text."""
    data = parse_json(text, source, check_depth=False)
    too_many = list(iter_count_problems(data, model))  # a million zones is refused here, at once
    if too_many:
        raise LoadError(source, too_many)
    if not _depth_ok(text):
        raise _too_deep(source)
    return parse(data, source, model)


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


_ID = re.compile(ID_PATTERN)
_SLUG_CHARS = re.compile(r"[^A-Za-z0-9_.-]+")


def scenario_file_name(scenario_id: str) -> str:
    """The file name of a scenario id, ``<id>.json``; never a path, and two different ids
    never share a name.

    A valid id (letters, digits, '_', '.', '-', starting with a letter or digit) is used as it
    is, so ``night-shift.``, ``night-shift-`` and ``night-shift`` are three files. Anything else
    (a draft whose id is not valid yet) becomes a readable slug followed by ``~`` and a hash of
    the exact id: valid ids never hold ``~``, so the two kinds never meet either.

    Examples
    --------
    >>> scenario_file_name("night-shift.")
    'night-shift..json'
    >>> scenario_file_name("../../etc/passwd")
    'etc-passwd~e5e710ea784151b5.json'
    """
    if _ID.fullmatch(scenario_id):
        return f"{scenario_id}.json"
    slug = _SLUG_CHARS.sub("-", scenario_id).strip(".-")[:80] or "scenario"
    digest = hashlib.blake2b(scenario_id.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    return f"{slug}~{digest}.json"


class SaveError(OSError):
    """A file could not be written. ``str()`` names the file and what went wrong; the target is
    left as it was (never half-written)."""

    def __init__(self, path: str | os.PathLike[str], message: str, errno_: int | None = None):
        super().__init__(errno_, message, str(path))
        self.path = str(path)
        self.message = message

    def __str__(self) -> str:
        shown = self.path.replace("\0", "\\0")
        return f"{shown}: {self.message}"


MAX_NAME_BYTES = 255
"""Longest file name (one path component, in bytes) the usual file systems accept."""

_TMP_HINT_BYTES = 40
"""How much of the target's name the temporary file's name repeats (so a leftover after a power
cut says what it was), short enough that any valid target name leaves room for it."""


def _tmp_name(target: Path) -> str:
    hint = target.name.encode("utf-8", "surrogateescape")[:_TMP_HINT_BYTES].decode("utf-8", "ignore")
    return f".{hint}.{secrets.token_hex(8)}.tmp"


def _umask_mode() -> int:
    """0o666 less the process umask: what a plain ``open(path, 'w')`` would give a new file."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    old = os.umask(0o022)  # no /proc: read the umask by setting it (and put it back at once)
    os.umask(old)
    return 0o666 & ~old


def _check_target(target: Path) -> None:
    name_bytes = len(os.fsencode(target.name))
    if name_bytes > MAX_NAME_BYTES:
        raise SaveError(target, f"the file name is {name_bytes} bytes long; file systems accept at most "
                                f"{MAX_NAME_BYTES} bytes per name", errno.ENAMETOOLONG)
    if "\0" in str(target):
        raise SaveError(target, "the path holds a NUL character; expected a plain file path", errno.EINVAL)
    if target.is_dir():
        raise SaveError(target, "this is a folder; expected a file name", errno.EISDIR)


@contextmanager
def atomic_write(path: str | os.PathLike[str], binary: bool = False) -> Iterator[IO[Any]]:
    """Open a file for writing that replaces ``path`` only once everything is written.

    The data goes to a temporary file created exclusively (``O_EXCL | O_NOFOLLOW``, a random
    name) in the target's folder, so a symlink planted under a guessable name is never
    followed; it is flushed to disk, given the target's permissions (or, for a new file, those
    of the umask) and renamed over the target. On any error the target is left untouched and the
    temporary file removed. OS errors come out as :class:`SaveError` naming the file.

    Examples
    --------
    >>> with atomic_write("games.parquet", binary=True) as f:   # doctest: +SKIP
    ...     games.to_parquet(f)
    """
    target = Path(path)
    _check_target(target)
    folder = target.parent
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    except (OSError, ValueError) as e:
        raise SaveError(target, f"cannot write here: {getattr(e, 'strerror', None) or e}") from None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = folder / _tmp_name(target)
        try:
            fd = os.open(tmp, flags, 0o666)  # the kernel applies the umask
            break
        except FileExistsError:
            continue
        except OSError as e:
            raise SaveError(target, f"cannot write in {folder if str(folder) else '.'}: {e.strerror}",
                            e.errno) from None
    else:  # pragma: no cover - 100 collisions of 64 random bits
        raise SaveError(target, "cannot create a temporary file next to it")
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8", "newline": "\n"})) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and not isinstance(e, SaveError):
            raise SaveError(target, f"cannot write the file: {e.strerror or e}", e.errno) from None
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (a crash right after it keeps the new file)."""
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write text to ``path`` atomically (see :func:`atomic_write`)."""
    with atomic_write(path) as f:
        f.write(text)


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write bytes to ``path`` atomically (see :func:`atomic_write`)."""
    with atomic_write(path, binary=True) as f:
        f.write(data)


def save(model: BaseModel, path: str | os.PathLike[str]) -> None:
    """Save a scenario (or campaign) atomically as stable JSON."""
    write_text_atomic(path, dumps(model))
